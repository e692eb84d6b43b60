// Legal move generation, move application and attack detection.
#pragma once

#include <cstdint>

#include "xpgn/core/san_token.hpp"
#include "xpgn/rules/move.hpp"
#include "xpgn/rules/position.hpp"

namespace xpgn::rules {

// True if a piece of colour `by` could capture on `target` (pins ignored, as in FIDE check).
bool is_attacked(const Position& pos, Square target, Color by);

// True if the royal piece on `s` would be removed by a capture of colour `by` (attacked, and
// not spared by the variant's layer rule, LayerOwner::royal_survives, as the upper of two
// pieces on a square).
bool royal_in_danger(const Position& pos, Square s, Color by);

// The square of a piece of colour `by` that could capture on `target` (the first found, rank by
// rank), or no_square. For messages: names the attacker of a king.
Square find_attacker(const Position& pos, Square target, Color by);

// True if `side`'s royal pieces are threatened in `pos`: as a rule component's royal_verdict()
// says, else when one of them is in danger (royal_in_danger).
bool royal_threatened(const Position& pos, Color side);

// The usual test of royal_threatened(), without asking the rule components' royal_verdict(): one
// of `side`'s royal pieces is in danger. For a verdict that refines the usual test (it reads and
// fills the position's royal memo, as royal_threatened() does).
bool usual_royal_threat(const Position& pos, Color side);

// True if the side to move is in check (royal_threatened).
bool in_check(const Position& pos);

// Appends every legal move of the side to move.
void generate_legal(const Position& pos, MoveList& out);

// Appends every pseudo-legal move (legality against check not yet judged).
void generate_pseudo_legal(const Position& pos, MoveList& out);

// Appends the basic pseudo-legal moves of `piece` (default: the piece on top) on `from` that end
// on `to`.
void generate_piece_moves_to(const Position& pos, Square from, Square to, MoveList& out,
                             Piece piece = no_piece);

// Squares from which `piece` might reach `to` by its own movement (a quick search backwards
// from `to`, plus every square where it shares a square, as it moves differently there;
// generate_piece_moves_to() decides). Returns how many were written to `out`. Where pieces may
// share squares the squares come in board order (rank by rank, file by file).
int find_origins(const Position& pos, Piece piece, Square to, Square* out, int capacity);

// The basic pseudo-legal moves of `piece` to `to` from the squares whose file and rank fit
// `from` (a part it leaves out fits any): generate_piece_moves_to() from each square of
// find_origins() in turn, without walking again a path the search backwards saw clear.
void generate_moves_to(const Position& pos, Piece piece, Square to, Coord from, MoveList& out);

// Appends the basic pseudo-legal moves of the piece on `from` (no component moves).
void generate_piece_moves(const Position& pos, Square from, MoveList& out);

// Appends the basic pseudo-legal moves (no component moves) of the side to move's pieces of
// one type.
void generate_pseudo_legal_of(const Position& pos, PieceType type, MoveList& out);

// The position after `move` (which must be pseudo-legal), with its forced effects appended to
// `effects` when given. Side to move, clocks and rights are updated.
Position play(const Position& pos, const Move& move, EffectList* effects = nullptr);
// play() writing the position after the move into `after` (no copy of the result); `after`
// must not be `pos`.
void play_into(const Position& pos, const Move& move, Position& after,
               EffectList* effects = nullptr);

// True if `move` (pseudo-legal) leaves none of the mover's royal pieces attacked (or is a pass
// a rule allows under attack: RuleComponent::allows_attacked_pass()) and no rule component
// forbids it.
bool is_legal_after(const Position& before, const Move& move, const Position& after);

// The square of the side to move's royal piece that the check filter watches: when that side
// is in check (royal_threatened()) and the usual attack test finds this piece attacked (the
// position's royal memo, brought up to date); no_square otherwise.
Square checked_royal_square(const Position& pos);

// True when `move` (pseudo-legal in `pos`) surely leaves the side to move's royal piece on
// `royal` (checked_royal_square()) attacked: it edits neither that square nor any square an
// attack on it depends on (judged by the squares the move names and the rules that edit
// elsewhere, RuleComponent::edits_unnamed_squares, and those a rule that overrules the attack
// test names, RuleComponent::royal_verdict_squares), so it is illegal. False when unsure, and
// always where pieces may share squares, a rule overrules the attack test without naming its
// squares, or the board has no attack tables. has_legal_move() skips such moves in check.
bool leaves_royal_attacked(const Position& pos, const Move& move, Square royal);

// True if the side to move has at least one legal move (stops at the first one found).
bool has_legal_move(const Position& pos);

// Number of leaf nodes of the legal move tree of the given depth.
std::uint64_t perft(const Position& pos, int depth);

}  // namespace xpgn::rules
