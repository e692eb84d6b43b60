// End rules of the lichess / Fairy-Stockfish variants (see lichess_rules.hpp).
#include <bitset>
#include <utility>
#include <vector>

#include "xpgn/rules/lichess_rules.hpp"
#include "xpgn/rules/movegen.hpp"

namespace xpgn::rules {
namespace {

Outcome verdict(Termination t, std::optional<Color> winner = std::nullopt) {
  Outcome out;
  out.termination = t;
  out.winner = winner;
  return out;
}

class KingOnSquares final : public EndRule {
 public:
  explicit KingOnSquares(const std::vector<Square>& squares) {
    for (Square s : squares)
      if (s < square_count) goals_.set(s);
  }
  std::string_view name() const override { return "king on the goal squares"; }
  // The side that just moved first: it is the one that can have arrived.
  Outcome judge(const Position& pos, const History&) const override {
    for (Color c : {opposite(pos.side_to_move()), pos.side_to_move()})
      for (int i = 0; i < pos.royal_count(c); ++i)
        if (goals_.test(pos.royal_square(c, i))) return verdict(Termination::goal_reached, c);
    return {};
  }
  bool wins_without_mate() const override { return true; }
  bool stops_play() const override { return true; }

 private:
  std::bitset<square_count> goals_;  // bit s: a royal piece on s has reached the goal
};

class RaceToLastRank final : public EndRule {
 public:
  std::string_view name() const override { return "race to the last rank"; }
  // Fairy-Stockfish's order: the side to move on the goal wins (a draw when it is White and
  // Black is there too); the opponent on the goal wins, unless it is White and Black can still
  // reach the rank with its next move.
  Outcome judge(const Position& pos, const History&) const override {
    const Color us = pos.side_to_move(), them = opposite(us);
    if (arrived(pos, us)) {
      if (us == Color::white && arrived(pos, them)) return verdict(Termination::goal_reached);
      return verdict(Termination::goal_reached, us);
    }
    if (arrived(pos, them) && !(us == Color::black && can_arrive(pos)))
      return verdict(Termination::goal_reached, them);
    return {};
  }
  bool wins_without_mate() const override { return true; }
  bool stops_play() const override { return true; }

 private:
  // True when a royal piece of `c` stands on the last rank.
  static bool arrived(const Position& pos, Color c) {
    for (int i = 0; i < pos.royal_count(c); ++i)
      if (rank_of(pos.royal_square(c, i)) == pos.variant().ranks - 1) return true;
    return false;
  }
  // True when the side to move has a legal king move onto the last rank: its king safe after
  // it and the opponent not in check (checks are not allowed). Judged here, not through
  // is_legal_after(), whose play-stops rule asks this very rule.
  static bool can_arrive(const Position& pos) {
    const Color us = pos.side_to_move();
    for (int i = 0; i < pos.royal_count(us); ++i) {
      MoveList moves;
      generate_piece_moves(pos, pos.royal_square(us, i), moves);
      for (const Move& m : moves) {
        if (rank_of(m.to) != pos.variant().ranks - 1) continue;
        const Position after = play(pos, m);
        if (!royal_threatened(after, us) && !in_check(after)) return true;
      }
    }
    return false;
  }
};

class NoPieces final : public EndRule {
 public:
  explicit NoPieces(bool loses) : loses_(loses) {}
  std::string_view name() const override { return "no pieces left"; }
  Outcome judge(const Position& pos, const History&) const override {
    for (Color c : {opposite(pos.side_to_move()), pos.side_to_move()})
      if (!pos.has_pieces_on_board(c))
        return verdict(Termination::pieces_gone, loses_ ? opposite(c) : c);
    return {};
  }
  bool wins_without_mate() const override { return true; }
  bool stops_play() const override { return true; }

 private:
  bool loses_;
};

class NoMovesWins final : public EndRule {
 public:
  std::string_view name() const override { return "no legal move wins"; }
  bool needs_moves() const override { return true; }
  Outcome judge(const Position& pos, const History&) const override {
    if (has_legal_move(pos)) return {};
    return verdict(Termination::stalemate, pos.side_to_move());
  }
  bool wins_without_mate() const override { return true; }
};

class RoyalLost final : public EndRule {
 public:
  std::string_view name() const override { return "king blown up"; }
  Outcome judge(const Position& pos, const History&) const override {
    if (pos.variant().royal_types == 0) return {};
    for (Color c : {pos.side_to_move(), opposite(pos.side_to_move())})
      if (pos.royal_count(c) == 0) return verdict(Termination::king_exploded, opposite(c));
    return {};
  }
  bool wins_without_mate() const override { return true; }
  bool stops_play() const override { return true; }
  // The position after the winning explosion: the loser, to move, has no king, the winner one.
  bool setup_is_final(const Position& pos) const override {
    const Color us = pos.side_to_move();
    return pos.variant().royal_types != 0 && pos.royal_count(us) == 0 &&
           pos.royal_count(opposite(us)) == 1;
  }
};

class CheckmateStalemateWithKings final : public EndRule {
 public:
  explicit CheckmateStalemateWithKings(std::array<int, 2> kings)
      : kings_(kings), inner_(make_checkmate_stalemate()) {}
  std::string_view name() const override { return inner_->name(); }
  bool needs_moves() const override { return true; }
  Outcome judge(const Position& pos, const History& history) const override {
    return inner_->judge(pos, history);
  }
  std::string check_setup(const Position& pos) const override {
    for (Color c : {Color::white, Color::black}) {
      const int wanted = kings_[index_of(c)];
      if (pos.royal_count(c) != wanted)
        return std::string(c == Color::white ? "White" : "Black") + " has " +
               std::to_string(pos.royal_count(c)) + " kings; " +
               (wanted == 0 ? std::string("it has none in this variant")
                            : "exactly " + std::to_string(wanted) + " is required");
    }
    return {};
  }

 private:
  std::array<int, 2> kings_;
  std::shared_ptr<const EndRule> inner_;
};

}  // namespace

std::shared_ptr<const EndRule> make_king_on_squares(std::vector<Square> squares) {
  return std::make_shared<KingOnSquares>(squares);
}
std::shared_ptr<const EndRule> make_race_to_last_rank() {
  return std::make_shared<RaceToLastRank>();
}
std::shared_ptr<const EndRule> make_no_pieces(bool loses) {
  return std::make_shared<NoPieces>(loses);
}
std::shared_ptr<const EndRule> make_no_moves_wins() {
  return std::make_shared<NoMovesWins>();
}
std::shared_ptr<const EndRule> make_royal_lost() {
  return std::make_shared<RoyalLost>();
}
std::shared_ptr<const EndRule> make_checkmate_stalemate_with_kings(std::array<int, 2> kings) {
  return std::make_shared<CheckmateStalemateWithKings>(kings);
}

}  // namespace xpgn::rules
