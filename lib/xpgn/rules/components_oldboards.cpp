// The bare-king end rule of shatranj and courier and shatranj's 70-move rule
// (components_oldboards.hpp).
#include "xpgn/rules/components_oldboards.hpp"

#include <optional>
#include <string_view>

#include "xpgn/rules/position.hpp"

namespace xpgn::rules {
namespace {

// A side was bared and has lost (shatranj, courier).
constexpr TerminationKind bare_king{"bare_king"};

class BareKingLoses final : public EndRule {
 public:
  std::string_view name() const override { return "bare king"; }
  // Fairy-Stockfish's order: the side that has just moved first (bared while the side to move
  // keeps two or more pieces: it loses), then the side to move (bared while the other has three
  // or more, so that it cannot bare the other king with its move: it loses).
  Outcome judge(const Position& pos, const History&) const override {
    const Color us = pos.side_to_move(), them = opposite(us);
    const int ours = pieces(pos, us), theirs = pieces(pos, them);
    Outcome out;
    if (theirs <= 1 && ours >= 2) {
      out.termination = Termination(bare_king);
      out.winner = us;
    } else if (ours <= 1 && theirs >= 3) {
      out.termination = Termination(bare_king);
      out.winner = them;
    }
    return out;
  }
  bool wins_without_mate() const override { return true; }
  bool stops_play() const override { return true; }

 private:
  // The pieces of `c` on the board, its king included.
  static int pieces(const Position& pos, Color c) {
    int n = 0;
    for (std::size_t t = 0; t < pos.variant().pieces.size(); ++t)
      n += pos.count(c, static_cast<PieceType>(t));
    return n;
  }
};

// A draw may be claimed after the rule's number of moves (shatranj).
constexpr TerminationKind move_limit{"move_limit", true};

class MoveLimit final : public EndRule {
 public:
  explicit MoveLimit(int moves)
      : EndRule(VerdictNeeds{.halfmove_clock = 2 * moves}), plies_(2 * moves) {}
  std::string_view name() const override { return "move limit"; }
  Outcome judge(const Position& pos, const History&) const override {
    Outcome out;
    if (pos.halfmove_clock() >= plies_) out.termination = Termination(move_limit);
    return out;
  }

 private:
  int plies_;
};

}  // namespace

std::shared_ptr<const EndRule> make_move_limit(int moves) {
  return std::make_shared<MoveLimit>(moves);
}

std::shared_ptr<const EndRule> make_bare_king_loses() {
  return std::make_shared<BareKingLoses>();
}

}  // namespace xpgn::rules
