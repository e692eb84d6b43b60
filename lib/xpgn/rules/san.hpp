// Extended SAN tokens <-> moves. Text is matched against generated legal moves, never trusted.
#pragma once

#include <string>

#include "xpgn/core/san_token.hpp"
#include "xpgn/rules/move.hpp"
#include "xpgn/rules/position.hpp"

namespace xpgn::rules {

enum class MoveError : std::uint8_t {
  none,
  invalid,    // the token cannot mean a move in this variant (unknown piece letter, off board)
  illegal,    // no legal move matches
  ambiguous,  // several legal moves match
};

struct Resolution {
  Move move;  // valid when error == none
  MoveError error = MoveError::none;
  std::string message;              // why, in plain words, when error != none
  bool check_mark_wrong = false;    // a '+'/'#' was written that does not match the position
  bool check_mark_missing = false;  // the move checks or mates but no mark was written
  // With MarkTest::as_written: the move checks and '+' was written, and whether it mates
  // (which would make the '+' wrong) was not searched; check_mark_wrong is then false.
  bool mate_untested = false;
};

// How much of the check mark resolve() verifies.
enum class MarkTest : std::uint8_t {
  full,        // check_mark_wrong and check_mark_missing are exact: a '+' that checks is
               // searched for a mate, an unmarked move tested for check
  as_written,  // only a written mark is verified, and a '+' that checks is not searched for a
               // mate: mate_untested is set instead, for the caller to settle (a replay does it
               // when no legal move follows, as one that follows proves a reply);
               // check_mark_missing stays false
};

// Finds the unique legal move the token denotes. When `after` is given and a move is found, it
// receives the position after the move (saving the caller a second play()), and `effects` (if
// given) the move's forced effects; when no move is found their contents are unspecified.
// `mark_test` says how far the check mark is verified.
Resolution resolve(const Position& pos, const SanToken& token, Position* after = nullptr,
                   EffectList* effects = nullptr, MarkTest mark_test = MarkTest::full);

// The canonical token of a legal move: minimal disambiguation, '+' or '#' set correctly.
// `after`, when the caller has it, is the position after the move (it gives the check mark;
// without it the move is played).
SanToken to_token(const Position& pos, const Move& move, const Position* after = nullptr);
// format_san(to_token(pos, move, after)).
std::string to_san(const Position& pos, const Move& move, const Position* after = nullptr);
// Long algebraic ("Ng1-f3", "e7xd8=Q", "O-O") and UCI-style coordinates ("g1f3", "e7d8q");
// `after` as for to_token.
std::string to_long_algebraic(const Position& pos, const Move& move,
                              const Position* after = nullptr);
// to_long_algebraic() of a normal or en passant move whose check mark ('+', '#' or 0, as
// to_token() gives it) the caller knows, so that it is not looked for again.
std::string long_algebraic_marked(const Position& pos, const Move& move, char check_mark);
// UCI text: "g1f3", "e7e8q", "P@e4", "0000"; a rule that declares spells_moves may spell its
// moves itself (RuleComponent::write_uci(), asked first).
std::string to_uci(const Position& pos, const Move& move);
// True for a castling whose king and rook stand where the variant's start position has them
// and whose king moves two or more files: the variant's own castling, not a Chess960 one.
bool is_start_castling(const Position& pos, const Move& move);

}  // namespace xpgn::rules
