#include "xpgn/rules/outcome.hpp"

#include <algorithm>

#include "xpgn/rules/end_rule.hpp"
#include "xpgn/rules/variant.hpp"

namespace xpgn::rules {
std::string_view Outcome::result() const {
  if (!decided()) return "*";
  if (!winner) return "1/2-1/2";
  return *winner == Color::white ? "1-0" : "0-1";
}

namespace {

// Asks the variant's end rules in their order of precedence (skipping those that need the legal
// moves unless `search`): the first decisive verdict wins, else the first claimable one. The
// rules that end play at once (stops_play()) are asked before all others, wherever they are
// listed: no move is legal in a position they decide, so a rule looking at the moves (mate,
// stalemate) would misread it.
Outcome ask_end_rules(const Position& pos, const History& history, bool search) {
  const Variant& v = pos.variant();
  const auto& order = v.asking_order[search ? 1 : 0];  // see Variant::asking_order
  const std::size_t stopping = v.stopping_rules[search ? 1 : 0];
  // (The rule list read once: the calls might change it, as far as the compiler knows.)
  const EndRule* const* const rules = order.data();
  const std::size_t count = order.size();
  Outcome claimable;
  for (std::size_t i = 0; i < count; ++i) {
    if (rules[i]->surely_silent(pos, history.size())) continue;
    const Outcome o = rules[i]->judge(pos, history);
    if (o.termination == Termination::none) [[likely]]
      continue;
    if (o.decided()) return o;
    if (i >= stopping && claimable.termination == Termination::none) claimable = o;
  }
  return claimable;
}

}  // namespace

Outcome judge(const Position& pos, const History& history) {
  return ask_end_rules(pos, history, true);
}

Outcome judge_without_search(const Position& pos, const History& history) {
  return ask_end_rules(pos, history, false);
}

namespace {

// True when the variant's UndecidedScreen says at once that no rule of asking_order[0] has a
// decided verdict on `pos` (false when unsure). `earlier` as for decided_by_rules().
bool screened_undecided(const Position& pos, std::span<const std::uint64_t> earlier_keys,
                        KeyFilter* earlier, std::uint64_t key) {
  const Variant::UndecidedScreen& screen = pos.variant().undecided_screen;
  if (!screen.usable || pos.halfmove_clock() >= screen.halfmove_clock ||
      std::min(earlier_keys.size(), static_cast<std::size_t>(pos.reversible_plies())) >=
          screen.reversible_window)
    return false;
  if (screen.pawns_and_hand_at_most >= 0) {
    const PieceType pawn = pos.variant().pawn_type();
    if (pawn == no_piece_type) return false;
    const int pawns = pos.count(Color::white, pawn) + pos.count(Color::black, pawn);
    if (pawns == 0 || pawns + pos.hand_total() <= screen.pawns_and_hand_at_most) return false;
  }
  return !screen.repeated_position || (earlier && !earlier->may_hold(earlier_keys, key));
}

// decided_without_search(), with the filter when `earlier` is given.
Outcome decided_by_rules(const Position& pos, const History& history, KeyFilter* earlier,
                         std::uint64_t key) {
  const Variant& v = pos.variant();
  const std::span<const std::uint64_t> earlier_keys = history.keys;
  // Whether every rule that stops play is among those asked here (none needs the legal moves),
  // so that finding none of them decided means play goes on.
  const bool stopping_all_asked =
      v.stopping_rules[0] != 0 && v.stopping_rules[0] == v.stopping_rules[1];
  if (screened_undecided(pos, earlier_keys, earlier, key)) {
    if (stopping_all_asked) pos.remember_play_goes_on();
    return {};
  }
  const auto& order = v.asking_order[0];
  int repeated = -1;  // whether `pos` may have occurred before: unknown until a rule asks
  for (const EndRule* rule : order) {
    if (rule->surely_undecided(pos, earlier_keys.size())) continue;
    if (earlier && rule->needs_repeated_position()) {
      if (repeated < 0) repeated = earlier->may_hold(earlier_keys, key);
      if (!repeated) continue;
    }
    const Outcome o = rule->judge(pos, history);
    if (o.decided()) return o;
  }
  // Every rule that stops play was asked (none needs the legal moves) and none decided. (Only
  // the rule that stops play reads the memo: variants without such rules skip the write.)
  if (stopping_all_asked) pos.remember_play_goes_on();
  return {};
}

}  // namespace

Outcome decided_without_search(const Position& pos, const History& history) {
  return decided_by_rules(pos, history, nullptr, 0);
}

Outcome decided_without_search(const Position& pos, const History& history, KeyFilter& earlier,
                               std::uint64_t key) {
  return decided_by_rules(pos, history, &earlier, key);
}

std::string_view termination_name(Termination t) {
  return t.name();
}

}  // namespace xpgn::rules
