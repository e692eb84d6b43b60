// End rules: the components that decide when a game is over (mate, stalemate, repetition, the
// move-count rule, dead positions, variant wins). A variant lists the ones it uses, in order of
// precedence; judge() in outcome.hpp asks them and never names one.
#pragma once

#include <algorithm>
#include <bitset>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "xpgn/rules/outcome.hpp"

namespace xpgn::rules {

// What an end rule needs of a position before it can have a verdict, as lower bounds on two
// numbers that are cheap to read: while either is below its bound, judge() surely says nothing,
// and judge_without_search() skips the rule without a call. The default bounds (0) skip never.
// A rule may also need the position to have occurred before (repeated_position).
struct VerdictNeeds {
  int halfmove_clock = 0;  // Position::halfmove_clock() at least this
  // At least this many earlier positions since the last move the variant makes irreversible:
  // min(earlier positions, Position::reversible_plies()).
  std::size_t reversible_window = 0;
  // The same bounds for a decided verdict (Outcome::decided(); a rule whose lower bounds give
  // only claimable ones, such as threefold repetition before fivefold): the larger of these and
  // the bounds above count. decided_without_search() skips by them.
  int decided_halfmove_clock = 0;
  std::size_t decided_reversible_window = 0;
  // Any verdict needs the position's key among the earlier keys (the repetition rules): where
  // a KeyFilter says the key is surely new, decided_without_search() skips the rule.
  bool repeated_position = false;
  // While the variant's pawns stand on the board, any verdict needs at most this many pawns and
  // pieces in hand together (dead positions: past the tables of a few men only bishops of one
  // colour are proven dead, and a pawn rules that out). Negative: no bound.
  int pawns_and_hand_at_most = -1;
};

// Which FIDE end rule an end rule is, as it declares it (EndRule::fide_rule()): the FIDE fast
// path asks this, never the name.
enum class FideEndRule : std::uint8_t {
  none,
  checkmate_stalemate,
  dead_position,
  repetition,
  move_count
};

class EndRule {
 public:
  EndRule() = default;
  explicit EndRule(VerdictNeeds needs)
      : needs_(needs),
        decided_halfmove_clock_(std::max(needs.halfmove_clock, needs.decided_halfmove_clock)),
        decided_reversible_window_(
            std::max(needs.reversible_window, needs.decided_reversible_window)) {}
  virtual ~EndRule() = default;

  // True when `pos`, after `earlier_positions` earlier positions of the game, falls short of
  // this rule's VerdictNeeds: judge() then surely has no verdict.
  bool surely_silent(const Position& pos, std::size_t earlier_positions) const {
    return pos.halfmove_clock() < needs_.halfmove_clock ||
           std::min(earlier_positions, static_cast<std::size_t>(pos.reversible_plies())) <
               needs_.reversible_window ||
           too_many_pawns(pos);
  }

  // True when `pos` falls short of the bounds for a decided verdict: judge() then surely has
  // none (it may still have a claimable one).
  bool surely_undecided(const Position& pos, std::size_t earlier_positions) const {
    return pos.halfmove_clock() < decided_halfmove_clock_ ||
           std::min(earlier_positions, static_cast<std::size_t>(pos.reversible_plies())) <
               decided_reversible_window_ ||
           too_many_pawns(pos);
  }

  // True when any verdict needs the position to have occurred before (VerdictNeeds).
  bool needs_repeated_position() const { return needs_.repeated_position; }
  // The bounds surely_undecided() tests: a decided verdict needs a halfmove clock of at least
  // decided_halfmove_clock(), a window of at least decided_reversible_window(), and at most
  // pawns_and_hand_at_most() pawns and pieces in hand while pawns stand (negative: no bound).
  int decided_halfmove_clock() const { return decided_halfmove_clock_; }
  std::size_t decided_reversible_window() const { return decided_reversible_window_; }
  int pawns_and_hand_at_most() const { return needs_.pawns_and_hand_at_most; }

  // Short name for messages and docs ("repetition"); never used to recognise the rule.
  virtual std::string_view name() const = 0;
  // Which FIDE end rule this is (FideEndRule::none for the others).
  virtual FideEndRule fide_rule() const { return FideEndRule::none; }

  // True when the verdict needs the legal moves of the position (mate, stalemate); such rules
  // are skipped by judge_without_search().
  virtual bool needs_moves() const { return false; }

  // This rule's verdict on `pos` (Termination::none when it has none). `history` is the game
  // before `pos`: the keys of every earlier position, oldest first, and, when the variant keeps
  // them (some rule's needs_ply_history()), what happened in each (History).
  virtual Outcome judge(const Position& pos, const History& history) const = 0;

  // True when judge() needs History::plies: the move made in each earlier position and whether
  // its side to move was in check. A variant with such a rule has Variant::keeps_ply_history
  // set, and whoever replays its games records them (a rule must still judge without them,
  // e.g. for a position given alone, saying nothing it cannot tell).
  virtual bool needs_ply_history() const { return false; }

  // False when this rule makes every drawn result impossible (a 1/2-1/2 is then an error).
  virtual bool allows_draws() const { return true; }

  // True when this rule may declare a win in a position that is not checkmate (a side without
  // moves loses, a repeated position loses). Dead-position shortcuts proven for "wins are
  // mates" do not apply then.
  virtual bool wins_without_mate() const { return false; }

  // True when a decided verdict of this rule ends play at once, so that no move is legal in a
  // position it decides (a king on the hill, a blown-up king; see make_play_stops_at_end() in
  // lichess_rules.hpp). Such a rule must not look for legal moves through is_legal_after().
  // judge() (outcome.hpp) asks these rules before all others, whatever their place in the list.
  virtual bool stops_play() const { return false; }

  // True when `pos`, read from FEN, is a final position this rule decides that the other rules'
  // check_setup() would refuse (atomic: the side to move has lost its king): their checks are
  // then skipped, and judge() reports the game decided. Asked of stops_play() rules only.
  virtual bool setup_is_final(const Position& pos) const {
    (void)pos;
    return false;
  }

  // What this rule needs of a position read from FEN (e.g. exactly one king a side), as an
  // error message; "" when `pos` is fine.
  virtual std::string check_setup(const Position& pos) const {
    (void)pos;
    return {};
  }

 private:
  // True when the variant's pawns stand on the board and they and the pieces in hand number
  // more than VerdictNeeds::pawns_and_hand_at_most.
  bool too_many_pawns(const Position& pos) const {
    if (needs_.pawns_and_hand_at_most < 0) return false;
    const PieceType pawn = pos.variant().pawn_type();
    if (pawn == no_piece_type) return false;
    const int pawns = pos.count(Color::white, pawn) + pos.count(Color::black, pawn);
    return pawns != 0 && pawns + pos.hand_total() > needs_.pawns_and_hand_at_most;
  }

  VerdictNeeds needs_;
  // The bounds for a decided verdict: the larger of each pair in needs_.
  int decided_halfmove_clock_ = 0;
  std::size_t decided_reversible_window_ = 0;
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

// A chasing rule (xiangqi's): which pieces a move chased. Asked by the repetition rule only
// when a position repeats, so it may be slow.
class ChaseRule {
 public:
  virtual ~ChaseRule() = default;
  // The squares, in `after`, of the pieces of the side to move there that `move` (played in
  // `before`, giving `after`) chased.
  virtual std::bitset<square_count> chased(const Position& before, const Move& move,
                                           const Position& after) const = 0;
};

// The `count`-th occurrence of a position ends the game (2 to 9; occurrences counted as by
// make_repetition_draw()): a draw, unless `perpetual_check_loses` and one side gave check in
// every position of the cycle, which then loses ("perpetual_check"; both sides: a draw). The
// checks come from History::plies (end_rules_history.cpp). With `first_player_loses`, what
// would be that draw is a loss of the first player (White), as Fairy-Stockfish rules minishogi.
// With `chasing`, a cycle without such a perpetual check in which one side chased the same
// piece with every move of the cycle is lost by that side ("perpetual_chase"; both: a draw).
std::shared_ptr<const EndRule> make_repetition_perpetual_check(
    int count, bool perpetual_check_loses, bool first_player_loses = false,
    std::shared_ptr<const ChaseRule> chasing = nullptr);

// The 50-move rule (claimable) and the 75-move rule (automatic), on the halfmove clock.
std::shared_ptr<const EndRule> make_move_count_rule();

// A dead position is a draw, decided by is_dead_position() (dead_position.hpp).
// `bishops_keep_colour` is false where a rule lets a bishop change its square colour.
std::shared_ptr<const EndRule> make_dead_position(bool bishops_keep_colour = true);

// What a variant's dead-position rule says about its pieces; nullopt when the variant has no
// dead-position rule.
struct DeadPositionRule {
  bool bishops_keep_colour = true;
};
std::optional<DeadPositionRule> dead_position_rule(const Variant& v);

// True when an end rule of `v` may declare a win other than checkmate (see wins_without_mate).
bool wins_without_mate(const Variant& v);

// No draw of any kind: a 1/2-1/2 result is an error (Battle of the Kings).
std::shared_ptr<const EndRule> make_no_draws();

// The side that has given `limit` checks (the check count, make_check_count) wins
// (Termination::check_limit).
std::shared_ptr<const EndRule> make_check_limit(int limit);

// Nothing but royal pieces on the board and nothing in hand is a draw
// (Termination::insufficient_material), for variants where every other piece might still win.
std::shared_ptr<const EndRule> make_bare_kings();

}  // namespace xpgn::rules
