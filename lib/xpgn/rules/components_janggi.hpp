// Janggi's rules as Fairy-Stockfish plays them (issue 39), as components any variant file may
// use: moves along the diagonal lines of the palaces, cannons that neither hop over nor capture
// one another, the pass of the general, bikjang (the generals facing) and the end of a game by
// passes or bikjang, judged by counting the material. Rules: docs/rules/janggi.md.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "xpgn/rules/component.hpp"
#include "xpgn/rules/end_rule.hpp"

namespace xpgn::rules {

// The diagonal lines of the palaces and who moves along them (Fairy-Stockfish's diagonalLines).
// Masks are bit sets of piece types.
struct PalaceLinesSpec {
  int files = 0, ranks = 0;             // the board
  std::vector<Square> points;           // the points the lines join (both palaces)
  std::uint32_t steps = 0;              // step one point along a line (general, advisor)
  std::uint32_t forward_steps = 0;      // step one point forward along a line (soldier)
  std::uint32_t slides = 0;             // slide along a line (chariot)
  std::uint32_t hops = 0;               // hop over exactly one piece along a line (cannon)
  std::uint32_t exclusive_hoppers = 0;  // hoppers that neither hop over nor capture each other
};

// Adds the moves along the lines (a line joins two points that are diagonal neighbours; a
// slide or hop follows it only while it stays on points), drops the hops of an exclusive
// hopper over or onto another one, and judges checks with both rules (royal_verdict).
std::shared_ptr<const RuleComponent> make_palace_lines(PalaceLinesSpec spec);

// The side to move may pass with its single royal piece when not in check, or (`bikjang_pass`,
// Fairy-Stockfish's bikjang rule) also in check while the royal pieces face each other on a file
// with nothing between them: written as Fairy-Stockfish does, a move of the general to its own
// square ("Ke2", UCI "e2e2"); the pass tokens of the grammar ("pass", "@@@@", "--", "0000") read
// too. With `bikjang_pass` it allows its pass with the general attacked
// (allows_attacked_pass()).
std::shared_ptr<const RuleComponent> make_royal_pass(bool bikjang_pass = false);

// Bikjang: when the two royal pieces face each other on a file with nothing between them, the
// side to move must break it (or pass): no other move may leave them facing.
std::shared_ptr<const RuleComponent> make_bikjang();

// How a game ended by passes or bikjang is scored: by counting (`values` per piece type, the
// second player given `bonus_halves` half points), or a draw when `values` is empty.
struct MaterialCount {
  std::vector<int> values;  // per piece type; empty: a draw
  int bonus_halves = 0;     // half points added to Black's count
};

// Ends the game when the last two moves were passes, or the last move was a pass while the
// royal pieces face each other (bikjang accepted); scored by `count`. It reads the pass marks
// of make_royal_pass() (its counters) and stops play (use it with play-stops-at-end).
std::shared_ptr<const EndRule> make_pass_end(MaterialCount count, bool bikjang);

// `inner`, whose drawn verdicts are scored by `count` instead (janggi's repetition and move
// count: Fairy-Stockfish's materialCounting); its other verdicts pass unchanged.
std::shared_ptr<const EndRule> make_counted_draws(std::shared_ptr<const EndRule> inner,
                                                  MaterialCount count);

// The winner by `count` in `pos`, or none for a draw (no values).
std::optional<Color> count_winner(const Position& pos, const MaterialCount& count);

}  // namespace xpgn::rules
