// Why a SAN token names no legal move: the one place refusal messages are built, from the
// rule components' reasons (RuleComponent::why_forbidden, why_no_move) and the engine's own
// (a king left attacked, a pinned piece), with the nearest legal moves as a hint.
#pragma once

#include <string>
#include <string_view>

#include "xpgn/core/san_token.hpp"
#include "xpgn/rules/move.hpp"
#include "xpgn/rules/position.hpp"

namespace xpgn::rules {

// What resolve() found for a token before judging legality.
struct TokenMatches {
  MoveList candidates;   // pseudo-legal moves the token names
  MoveList near_misses;  // moves the token names but for its second actions
  std::string what;      // the move in words ("knight to b6"), for messages
  // For a piece move, `what` is left empty until a message needs it (describe_move()).
  PieceType moved = no_piece_type;
  Square moved_to = no_square;
};

// Fills matches.what for a piece move ("pawn to e4") when it is still empty.
void describe_move(const Variant& v, TokenMatches& matches);

// The message for a token none of whose matches is legal, naming the rule that refuses it and
// the squares and pieces involved.
std::string explain_refusal(const Position& pos, const SanToken& token,
                            const TokenMatches& matches);

// Lower-case name of a piece type for messages ("knight"; "piece" when out of range).
std::string piece_name(const Variant& v, PieceType t);

// "the bishop on c4": a piece and its square, for messages.
std::string piece_on(const Position& pos, Square s);

}  // namespace xpgn::rules
