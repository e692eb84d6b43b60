// End rules: the components that decide when a game is over (mate, stalemate, repetition, the
// move-count rule, dead positions, variant wins). A variant lists the ones it uses, in order of
// precedence; judge() in outcome.hpp asks them and never names one.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "xpgn/rules/outcome.hpp"

namespace xpgn::rules {

class EndRule {
 public:
  virtual ~EndRule() = default;
  // Short name for messages and docs ("repetition").
  virtual std::string_view name() const = 0;

  // True when the verdict needs the legal moves of the position (mate, stalemate); such rules
  // are skipped by judge_without_search().
  virtual bool needs_moves() const { return false; }

  // This rule's verdict on `pos` (Termination::none when it has none). `earlier_keys` are the
  // Position::key() values of every earlier position of the game, oldest first.
  virtual Outcome judge(const Position& pos, std::span<const std::uint64_t> earlier_keys) const = 0;

  // False when this rule makes every drawn result impossible (a 1/2-1/2 is then an error).
  virtual bool allows_draws() const { return true; }

  // What this rule needs of a position read from FEN (e.g. exactly one king a side), as an
  // error message; "" when `pos` is fine.
  virtual std::string check_setup(const Position& pos) const {
    (void)pos;
    return {};
  }
};

// Mate loses, stalemate is a draw (FIDE). Needs exactly one royal piece a side in a FEN when
// the variant has royal pieces.
std::shared_ptr<const EndRule> make_checkmate_stalemate();

// The side to move without a legal move loses, whether in check or not (Battle of the Kings).
std::shared_ptr<const EndRule> make_no_moves_loses();

// Repetition draws (FIDE): the third occurrence may be claimed, the fifth ends the game.
// Earlier positions count back to the last move the variant makes irreversible
// (Position::reversible_plies()).
std::shared_ptr<const EndRule> make_repetition_draw();

// A move that recreates any earlier position of the game loses for the player who made it.
std::shared_ptr<const EndRule> make_repetition_loses();

// The 50-move rule (claimable) and the 75-move rule (automatic), on the halfmove clock.
std::shared_ptr<const EndRule> make_move_count_rule();

// A dead position is a draw. `is_dead` decides; a rule component whose
// material_may_change(pos) is true (a piece waiting to re-enter) stops it first.
std::shared_ptr<const EndRule> make_dead_position(std::function<bool(const Position&)> is_dead);

// No draw of any kind: a 1/2-1/2 result is an error (Battle of the Kings).
std::shared_ptr<const EndRule> make_no_draws();

// FIDE's list of dead positions that need no search, proven for boards of any size whose
// pieces but the kings are plain knights (Betza N) and bishops (Betza B): bare kings, king and
// one minor piece against a king, and (with `bishops_keep_colour`) bishops all on one colour.
// Any other piece on the board: false.
bool fide_dead_material(const Position& pos, bool bishops_keep_colour);

}  // namespace xpgn::rules
