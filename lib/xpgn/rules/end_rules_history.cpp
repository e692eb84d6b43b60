// End rules that judge by the game's history of moves and checks (History::plies): the n-fold
// repetition that draws unless one side checked throughout, in which case the checking side
// loses (Fairy-Stockfish's nFoldRule with perpetualCheckIllegal: shogi, xiangqi, janggi), or,
// without such checks, the side that chased a piece throughout (chasingRule: xiangqi).
// The terminations are defined here, by the rule that names them.
#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "xpgn/rules/end_rule.hpp"
#include "xpgn/rules/movegen.hpp"

namespace xpgn::rules {
namespace {

// A perpetual check: the position occurred the n-th time while one side gave check in every
// position of the cycle; that side lost.
constexpr TerminationKind perpetual_check_kind{"perpetual_check"};

// A perpetual chase: the position occurred the n-th time while one side chased a piece with
// every move of the cycle (and no side checked throughout); that side lost.
constexpr TerminationKind perpetual_chase_kind{"perpetual_chase"};

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
  RepetitionPerpetualCheck(int count, bool perpetual_check_loses, bool first_player_loses,
                           std::shared_ptr<const ChaseRule> chasing)
      : EndRule(VerdictNeeds{.reversible_window = static_cast<std::size_t>(2 * (count - 1)),
                             .repeated_position = true}),
        count_(count),
        perpetual_check_loses_(perpetual_check_loses),
        first_player_loses_(first_player_loses),
        chasing_(std::move(chasing)),
        // Five occurrences ending the game is the FIDE termination itself: one kind, one name.
        draw_(count == 5 ? Termination::fivefold_repetition : Termination(n_fold_kinds[count])) {}

  std::string_view name() const override { return "n-fold repetition"; }
  bool needs_ply_history() const override { return perpetual_check_loses_ || chasing_; }
  bool wins_without_mate() const override {
    return perpetual_check_loses_ || first_player_loses_ || chasing_;
  }

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
    if (!perpetual_check_loses_ && !chasing_) return plain();
    if (!history.has_plies()) return {};
    // checked[0]: the side to move now was in check in every position of the cycle with it to
    // move (now, 2, 4, ..., `oldest` plies back); checked[1]: the other side in every one with
    // it to move (1, 3, ..., oldest - 1 plies back).
    const std::span<const EarlierPly> plies = history.plies;
    bool checked_now = perpetual_check_loses_ && in_check(pos);
    bool checked_other = perpetual_check_loses_;
    for (std::size_t back = 1; back <= oldest && (checked_now || checked_other); ++back) {
      const bool check = plies[plies.size() - back].in_check;
      if (back % 2 == 0)
        checked_now &= check;
      else
        checked_other &= check;
    }
    const Color us = pos.side_to_move();
    // The side that was always in check wins: the other gave the perpetual check.
    if (checked_now != checked_other)
      return verdict(Termination(perpetual_check_kind), checked_now ? us : opposite(us));
    // Both sides checked throughout: a draw, whatever they chased.
    if (checked_now || !chasing_) return plain();
    const std::optional<std::pair<bool, bool>> chased = chases(pos, history, oldest);
    if (!chased) return {};  // ply notes that do not fit the keys: nothing known
    const auto [chased_us, chased_other] = *chased;
    if (chased_us == chased_other) return plain();
    // The side whose pieces were chased throughout wins.
    return verdict(Termination(perpetual_chase_kind), chased_us ? us : opposite(us));
  }

 private:
  // The verdict of a repetition without a perpetual check: a draw, or the first player's loss.
  Outcome plain() const {
    return first_player_loses_ ? verdict(draw_, Color::black) : verdict(draw_);
  }

  // Whether, in the cycle from `oldest` plies back to `pos` (a repetition of it), some piece of
  // the side to move was chased by every move of the other side (first), and some piece of the
  // other side by every move of the side to move (second). A piece is followed through its own
  // moves; a move chases the pieces chasing_->chased() names. The positions are rebuilt by
  // playing the cycle's recorded moves from a copy of `pos` (the oldest occurrence has its
  // key); the one before the oldest occurrence is rebuilt by taking its move back, the captured
  // piece, if any, found by the recorded key. The chases made by the oldest occurrence's own
  // move count unless that position is the game's first (then it has none, as in
  // Fairy-Stockfish).
  // nullopt when a recorded move is not legal where it was played or the positions it gives do
  // not have the recorded keys.
  std::optional<std::pair<bool, bool>> chases(const Position& pos, const History& history,
                                              std::size_t oldest) const {
    using Set = std::bitset<square_count>;
    const std::size_t n = history.keys.size();
    const std::span<const EarlierPly> plies = history.plies;
    // cycle[k]: the position k plies back (0 = pos), k = 0 .. oldest.
    std::vector<Position> cycle(oldest + 1, pos);
    for (std::size_t k = oldest; k > 0; --k) {
      MoveList legal;
      generate_legal(cycle[k], legal);
      const Move& m = plies[n - k].move;
      if (std::find(legal.begin(), legal.end(), m) == legal.end()) return std::nullopt;
      cycle[k - 1] = play(cycle[k], m);
      if (cycle[k - 1].key() != (k == 1 ? pos.key() : history.keys[n - k + 1])) return std::nullopt;
    }
    // The move from k plies back, and the chases of the move that led to k plies back.
    auto move_from = [&](std::size_t k) -> const Move& { return plies[n - k].move; };
    auto chased_at = [&](std::size_t k) -> Set {
      return chasing_->chased(cycle[k + 1], move_from(k + 1), cycle[k]);
    };
    // A set of pieces followed back through the move from k plies back.
    auto undo = [&](Set s, std::size_t k) {
      const Move& m = move_from(k);
      if (m.from != no_square && m.to != no_square && s.test(m.to)) s.reset(m.to).set(m.from);
      return s;
    };
    // Before the oldest occurrence: its move taken back, when there is one.
    std::optional<Position> before_oldest;
    if (oldest < n)
      before_oldest = take_back(pos, move_from(oldest + 1), history.keys[n - oldest - 1]);
    cycle.push_back(before_oldest ? *before_oldest : pos);
    Set them = chasing_->chased(cycle[1], move_from(1), cycle[0]);
    for (std::size_t k = 2; k <= oldest && them.any(); k += 2) {
      them = undo(them, k);
      if (k == oldest && !before_oldest) break;
      them &= chased_at(k);
    }
    Set other = chased_at(1);
    for (std::size_t k = 3; k < oldest && other.any(); k += 2)
      other = undo(other, k) & chased_at(k);
    return std::pair{them.any(), other.any()};
  }

  // The position before `after` in which `move` (a plain move from one square to another) was
  // played, with the key `key`: the mover put back, and on its target nothing or the captured
  // piece that makes the key match; nullopt when none does.
  static std::optional<Position> take_back(const Position& after, const Move& move,
                                           std::uint64_t key) {
    if (move.from == no_square || move.to == no_square || move.from == move.to ||
        after.at(move.to).empty() || !after.at(move.from).empty())
      return std::nullopt;
    const Color mover = after.at(move.to).color();
    Position before = after;
    before.move_piece(move.to, move.from);
    before.set_side_to_move(mover);
    if (before.key() == key) return before;
    const Variant& v = after.variant();
    for (std::size_t t = 0; t < v.pieces.size(); ++t) {
      Position capture = before;
      capture.put(move.to, make_piece(opposite(mover), static_cast<PieceType>(t)));
      if (capture.key() == key) return capture;
    }
    return std::nullopt;
  }

  int count_;
  bool perpetual_check_loses_;
  bool first_player_loses_;
  std::shared_ptr<const ChaseRule> chasing_;  // null: chases decide nothing
  Termination draw_;
};

}  // namespace

std::shared_ptr<const EndRule> make_repetition_perpetual_check(
    int count, bool perpetual_check_loses, bool first_player_loses,
    std::shared_ptr<const ChaseRule> chasing) {
  return std::make_shared<RepetitionPerpetualCheck>(count, perpetual_check_loses,
                                                    first_player_loses, std::move(chasing));
}

}  // namespace xpgn::rules
