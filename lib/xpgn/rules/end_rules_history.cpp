// End rules that judge by the game's history of moves and checks (History::plies): the n-fold
// repetition that draws unless one side checked throughout, in which case the checking side
// loses (Fairy-Stockfish's nFoldRule with perpetualCheckIllegal: shogi, xiangqi, janggi).
// The terminations are defined here, by the rule that names them.
#include <array>
#include <string>

#include "xpgn/rules/end_rule.hpp"
#include "xpgn/rules/movegen.hpp"

namespace xpgn::rules {
namespace {

// A perpetual check: the position occurred the n-th time while one side gave check in every
// position of the cycle; that side lost.
constexpr TerminationKind perpetual_check_kind{"perpetual_check"};

// The decided draws of an n-fold repetition, by n (2 to 9): "fourfold_repetition", ...
constexpr std::array<TerminationKind, 10> n_fold_kinds{{
    {""},
    {""},
    {"twofold_repetition"},
    {"threefold_repetition"},
    {"fourfold_repetition"},
    {"fivefold_repetition"},
    {"sixfold_repetition"},
    {"sevenfold_repetition"},
    {"eightfold_repetition"},
    {"ninefold_repetition"},
}};

Outcome verdict(Termination t, std::optional<Color> winner = std::nullopt) {
  Outcome out;
  out.termination = t;
  out.winner = winner;
  return out;
}

class RepetitionPerpetualCheck final : public EndRule {
 public:
  // The n-th occurrence needs n - 1 earlier ones, 2, 4, ..., 2(n - 1) plies back at the nearest.
  RepetitionPerpetualCheck(int count, bool perpetual_check_loses, bool first_player_loses)
      : EndRule(VerdictNeeds{.reversible_window = static_cast<std::size_t>(2 * (count - 1)),
                             .repeated_position = true}),
        count_(count),
        perpetual_check_loses_(perpetual_check_loses),
        first_player_loses_(first_player_loses),
        // Five occurrences ending the game is the FIDE termination itself: one kind, one name.
        draw_(count == 5 ? Termination::fivefold_repetition : Termination(n_fold_kinds[count])) {}

  std::string_view name() const override { return "n-fold repetition"; }
  bool needs_ply_history() const override { return perpetual_check_loses_; }
  bool wins_without_mate() const override { return perpetual_check_loses_ || first_player_loses_; }

  // Counts back over the positions since the last irreversible move, two plies at a time (the
  // side to move must be the same), as Fairy-Stockfish does: the verdict falls on the n-th
  // occurrence. Then, when perpetual checks lose, the side that gave check in every position of
  // the cycle (from the oldest of the n occurrences to now) loses; when both sides did, or
  // neither, it is a draw. Without the ply notes (a position judged alone) the checks are
  // unknown and the rule says nothing.
  Outcome judge(const Position& pos, const History& history) const override {
    const std::span<const std::uint64_t> keys = history.keys;
    const std::size_t window =
        std::min<std::size_t>(keys.size(), static_cast<std::size_t>(pos.reversible_plies()));
    const std::uint64_t key = pos.key();
    int occurrences = 1;
    std::size_t oldest = 0;  // plies back to the oldest occurrence counted
    for (std::size_t back = 2; back <= window && occurrences < count_; back += 2)
      if (keys[keys.size() - back] == key) {
        ++occurrences;
        oldest = back;
      }
    if (occurrences < count_) return {};
    if (!perpetual_check_loses_) return plain();
    if (!history.has_plies()) return {};
    // checked[0]: the side to move now was in check in every position of the cycle with it to
    // move (now, 2, 4, ..., `oldest` plies back); checked[1]: the other side in every one with
    // it to move (1, 3, ..., oldest - 1 plies back).
    const std::span<const EarlierPly> plies = history.plies;
    bool checked_now = in_check(pos);
    bool checked_other = true;
    for (std::size_t back = 1; back <= oldest && (checked_now || checked_other); ++back) {
      const bool check = plies[plies.size() - back].in_check;
      if (back % 2 == 0)
        checked_now &= check;
      else
        checked_other &= check;
    }
    if (checked_now == checked_other) return plain();
    // The side that was always in check wins: the other gave the perpetual check.
    const Color us = pos.side_to_move();
    return verdict(Termination(perpetual_check_kind), checked_now ? us : opposite(us));
  }

 private:
  // The verdict of a repetition without a perpetual check: a draw, or the first player's loss.
  Outcome plain() const {
    return first_player_loses_ ? verdict(draw_, Color::black) : verdict(draw_);
  }

  int count_;
  bool perpetual_check_loses_;
  bool first_player_loses_;
  Termination draw_;
};

}  // namespace

std::shared_ptr<const EndRule> make_repetition_perpetual_check(int count,
                                                               bool perpetual_check_loses,
                                                               bool first_player_loses) {
  return std::make_shared<RepetitionPerpetualCheck>(count, perpetual_check_loses,
                                                    first_player_loses);
}

}  // namespace xpgn::rules
