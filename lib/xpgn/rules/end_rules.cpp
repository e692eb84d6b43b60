// The built-in end rules (see end_rule.hpp).
#include <algorithm>
#include <limits>
#include <utility>

#include "xpgn/rules/component.hpp"
#include "xpgn/rules/dead_position.hpp"
#include "xpgn/rules/end_rule.hpp"
#include "xpgn/rules/movegen.hpp"

namespace xpgn::rules {
namespace {

Outcome verdict(Termination t, std::optional<Color> winner = std::nullopt) {
  Outcome out;
  out.termination = t;
  out.winner = winner;
  return out;
}

// How often `pos` occurred before, counting back over the positions since the last move the
// variant makes irreversible (all of them for `whole_game`).
int earlier_occurrences(const Position& pos, std::span<const std::uint64_t> earlier_keys,
                        bool whole_game) {
  const std::size_t window =
      whole_game ? earlier_keys.size()
                 : std::min<std::size_t>(earlier_keys.size(),
                                         static_cast<std::size_t>(pos.reversible_plies()));
  const std::uint64_t key = pos.key();
  // Only positions with the same side to move can be equal (the key holds the side), and every
  // move passes the turn (play_into()), so those are an even number of plies back: 2, 4, ...
  // (earlier_keys ends with the position 1 back).
  int repeats = 0;
  for (std::size_t i = 1; i < window; i += 2)
    repeats += earlier_keys[earlier_keys.size() - 1 - i] == key;
  return repeats;
}

class CheckmateStalemate final : public EndRule {
 public:
  std::string_view name() const override { return "checkmate and stalemate"; }
  FideEndRule fide_rule() const override { return FideEndRule::checkmate_stalemate; }
  bool needs_moves() const override { return true; }
  Outcome judge(const Position& pos, const History&) const override {
    if (has_legal_move(pos)) return {};
    if (in_check(pos)) return verdict(Termination::checkmate, opposite(pos.side_to_move()));
    return verdict(Termination::stalemate);
  }
  std::string check_setup(const Position& pos) const override {
    if (pos.variant().royal_types == 0) return {};
    for (Color c : {Color::white, Color::black})
      if (pos.royal_count(c) != 1)
        return std::string(c == Color::white ? "White" : "Black") + " has " +
               std::to_string(pos.royal_count(c)) + " kings; exactly one is required";
    return {};
  }
};

class NoMovesLoses final : public EndRule {
 public:
  std::string_view name() const override { return "no legal move loses"; }
  bool needs_moves() const override { return true; }
  Outcome judge(const Position& pos, const History&) const override {
    if (has_legal_move(pos)) return {};
    return verdict(in_check(pos) ? Termination::checkmate : Termination::no_legal_moves,
                   opposite(pos.side_to_move()));
  }
  bool wins_without_mate() const override { return true; }
};

class RepetitionDraw final : public EndRule {
 public:
  // A third occurrence needs two earlier ones, 2 and 4 plies back at the nearest (see
  // earlier_occurrences): a window of fewer than 4 earlier positions holds at most one. The
  // fifth (decided) needs four earlier ones, at least 2, 4, 6 and 8 plies back.
  RepetitionDraw()
      : EndRule(VerdictNeeds{
            .reversible_window = 4, .decided_reversible_window = 8, .repeated_position = true}) {}
  std::string_view name() const override { return "repetition"; }
  FideEndRule fide_rule() const override { return FideEndRule::repetition; }
  Outcome judge(const Position& pos, const History& history) const override {
    const int repeats = earlier_occurrences(pos, history.keys, false);
    if (repeats >= 4) return verdict(Termination::fivefold_repetition);
    if (repeats >= 2) return verdict(Termination::threefold_repetition);
    return {};
  }
};

class RepetitionLoses final : public EndRule {
 public:
  RepetitionLoses() : EndRule(VerdictNeeds{.repeated_position = true}) {}
  std::string_view name() const override { return "repetition loses"; }
  Outcome judge(const Position& pos, const History& history) const override {
    // The player who just moved repeated a position and loses.
    if (earlier_occurrences(pos, history.keys, true) > 0)
      return verdict(Termination::repetition_loss, pos.side_to_move());
    return {};
  }
  bool wins_without_mate() const override { return true; }
};

class MoveCountRule final : public EndRule {
 public:
  MoveCountRule() : EndRule(VerdictNeeds{.halfmove_clock = 100, .decided_halfmove_clock = 150}) {}
  std::string_view name() const override { return "50- and 75-move rules"; }
  FideEndRule fide_rule() const override { return FideEndRule::move_count; }
  Outcome judge(const Position& pos, const History&) const override {
    if (pos.halfmove_clock() >= 150) return verdict(Termination::seventy_five_moves);
    if (pos.halfmove_clock() >= 100) return verdict(Termination::fifty_moves);
    return {};
  }
};

class DeadPosition final : public EndRule {
 public:
  // (The bound is the first test of is_dead_position(), which rules such positions out.)
  explicit DeadPosition(bool bishops_keep_colour)
      : EndRule(VerdictNeeds{.pawns_and_hand_at_most = dead_table_max_men}),
        rule_{bishops_keep_colour} {}
  std::string_view name() const override { return "dead position"; }
  FideEndRule fide_rule() const override { return FideEndRule::dead_position; }
  Outcome judge(const Position& pos, const History&) const override {
    return is_dead_position(pos, rule_) ? verdict(Termination::insufficient_material) : Outcome{};
  }
  const DeadPositionRule& rule() const { return rule_; }

 private:
  DeadPositionRule rule_;
};

class NoDraws final : public EndRule {
 public:
  // It never has a verdict: a bound no halfmove clock reaches says so, and the shortcuts skip it.
  NoDraws()
      : EndRule(VerdictNeeds{.halfmove_clock = std::numeric_limits<int>::max(),
                             .decided_halfmove_clock = std::numeric_limits<int>::max()}) {}
  std::string_view name() const override { return "no draws"; }
  Outcome judge(const Position&, const History&) const override { return {}; }
  bool allows_draws() const override { return false; }
};

}  // namespace

std::optional<DeadPositionRule> dead_position_rule(const Variant& v) {
  for (const auto& rule : v.end_rules)
    if (const auto* dead = dynamic_cast<const DeadPosition*>(rule.get())) return dead->rule();
  return std::nullopt;
}

bool wins_without_mate(const Variant& v) {
  return std::any_of(v.end_rules.begin(), v.end_rules.end(),
                     [](const auto& rule) { return rule->wins_without_mate(); });
}

std::shared_ptr<const EndRule> make_checkmate_stalemate() {
  return std::make_shared<CheckmateStalemate>();
}
std::shared_ptr<const EndRule> make_no_moves_loses() {
  return std::make_shared<NoMovesLoses>();
}
std::shared_ptr<const EndRule> make_repetition_draw() {
  return std::make_shared<RepetitionDraw>();
}
std::shared_ptr<const EndRule> make_repetition_loses() {
  return std::make_shared<RepetitionLoses>();
}
std::shared_ptr<const EndRule> make_move_count_rule() {
  return std::make_shared<MoveCountRule>();
}
std::shared_ptr<const EndRule> make_dead_position(bool bishops_keep_colour) {
  return std::make_shared<DeadPosition>(bishops_keep_colour);
}
std::shared_ptr<const EndRule> make_no_draws() {
  return std::make_shared<NoDraws>();
}

}  // namespace xpgn::rules
