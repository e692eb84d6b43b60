// Crazyhouse pockets (captured pieces change sides and may be dropped back) and three-check's
// check counting with the end rule that reads it.
#include <algorithm>
#include <cctype>
#include <string>

#include "xpgn/rules/components.hpp"
#include "xpgn/rules/end_rule.hpp"
#include "xpgn/rules/movegen.hpp"

namespace xpgn::rules {
namespace {

// "White" or "Black".
std::string colour_name(Color c) {
  return c == Color::white ? "White" : "Black";
}

// The square a capture by `move` takes its victim from (en passant: beside the arrival), or
// no_square for moves that capture nothing by themselves.
Square capture_square(const Move& move) {
  if (move.kind == MoveKind::normal) return move.to;
  if (move.kind == MoveKind::en_passant) return make_square(file_of(move.to), rank_of(move.from));
  return no_square;
}

class Pockets final : public HandDrops<Pockets>, public MarkOwner {
 public:
  std::string_view name() const override { return "pockets"; }
  // The pockets are Position's hand: any number of pieces of either colour, "[NPpq]" in FEN.
  // A dropped pawn may stand behind where pawns stood before.
  Declaration declaration() const override {
    return {.hooks = hook_apply | hook_generate,
            .hand = this,
            .marks = this,
            .may_move_pawns_back = true};
  }
  std::string_view hand_label() const override { return "pocket"; }
  // Promoted pieces carry the position's mark, written "Q~" in FEN.
  std::string_view mark_name() const override { return "promoted"; }
  bool marks_in_board() const override { return true; }

  // Reads the pocket letters: every piece but a royal one, at most 63 of a kind.
  std::string read_hand(Position& pos, std::string_view letters) const override {
    return read_hand_letters(pos, letters, "pocket", "in a pocket");
  }

  // Why a drop token matches no drop: a pawn on the first or last rank, an empty pocket, an
  // occupied square; "" for other tokens.
  std::string why_no_move(const Position& pos, const SanToken& token) const override {
    PieceType t;
    Square to;
    if (!drop_token_target(pos, token, t, to)) return {};
    const Variant& v = pos.variant();
    const Color us = pos.side_to_move();
    if (v.pieces[t].pawn && !pawn_rank_allowed(v, to, us))
      return std::string("a pawn cannot be dropped on the ") +
             (v.relative_rank(to, us) == 0 ? "first" : "last") + " rank";
    if (pos.in_hand(us, t) == 0)
      return "no " + v.pieces[t].name + " in " + colour_name(us) + "'s pocket";
    if (!pos.at(to).empty()) return square_name(to) + " is not empty";
    return {};
  }

  // A drop takes the piece out of the pocket (and, as Fairy-Stockfish counts, restarts the
  // halfmove clock); a capture puts the taken piece into the capturer's pocket in the
  // capturer's colour, a pawn if it had been promoted; a promotion marks the new piece.
  void apply(const Position& before, const Move& move, Position& after,
             EffectList* effects) const override {
    const Color us = before.side_to_move();
    if (move.kind == MoveKind::placement) {
      const Piece dropped = make_piece(us, move.piece);
      after.set_in_hand(dropped, before.in_hand(us, move.piece) - 1);
      after.set_halfmove_clock(0);
      return;
    }
    const Square where = capture_square(move);
    if (where != no_square) {
      const Piece taken = before.at(where);
      if (!taken.empty() && taken.color() != us) {
        const PieceType type = before.marked(where) ? before.variant().pawn_type() : taken.type();
        const Piece gained = make_piece(us, type);
        if (after.in_hand(us, type) < 63) after.add_to_hand(gained);
        if (effects) effects->push_back({EffectKind::to_hand, where, no_square, gained});
      }
    }
    if (move.promotion != no_piece_type && move.kind == MoveKind::normal)
      after.set_mark(move.relocation != no_square ? move.relocation : move.to, true);
  }

  std::string validate(const Variant& v) const override {
    return v.pawn_type() == no_piece_type ? "the variant has no pawn (a promoted piece is "
                                            "captured as one)"
                                          : "";
  }

 private:
  friend class HandDrops<Pockets>;
  // (HandDrops) Appends the drop of a `t` from the pocket of the side to move on the empty `s`:
  // one per piece type in the pocket and empty square, pawns not on the first or last rank.
  void add_drops(const Position& pos, PieceType t, Square s, MoveList& out) const {
    const Variant& v = pos.variant();
    if (v.pieces[t].pawn && !pawn_rank_allowed(v, s, pos.side_to_move())) return;
    Move m;
    m.kind = MoveKind::placement;
    m.to = s;
    m.piece = t;
    out.push_back(m);
  }

  // True when a pawn of `us` may be dropped on `s`: not on its first or last rank.
  static bool pawn_rank_allowed(const Variant& v, Square s, Color us) {
    const int r = v.relative_rank(s, us);
    return r != 0 && r != v.ranks - 1;
  }
};

class CheckCount final : public RuleComponent, public CounterOwner {
 public:
  explicit CheckCount(int limit) : limit_(limit) {}
  std::string_view name() const override { return "check count"; }
  // Counter 0 of each colour: the checks that colour has given.
  Declaration declaration() const override { return {.hooks = hook_apply, .counters = this}; }

  // Counts a check given by the move: run last, on the finished board. A check is what
  // in_check() will say of `after` (royal_threatened(), whose answer the position keeps, so
  // that the test for the next move's check mark and the end rules reuse it).
  void apply(const Position& before, const Move& move, Position& after,
             EffectList* effects) const override {
    (void)move;
    const Color us = before.side_to_move(), them = opposite(us);
    if (after.royal_count(them) == 0 || !royal_threatened(after, them)) return;
    after.set_counter(us, 0, std::min(after.counter(us, 0) + 1, limit_));
    if (!effects) return;
    Square king = after.royal_square(them, 0);  // the royal piece in danger, for the record
    for (int i = 0; i < after.royal_count(them); ++i)
      if (royal_in_danger(after, after.royal_square(them, i), us)) {
        king = after.royal_square(them, i);
        break;
      }
    effects->push_back({EffectKind::check_counted, king, no_square, after.at(king)});
  }

  // "3+3": checks remaining for White, then Black (lichess, Fairy-Stockfish); "+1+2": checks
  // given (written after the clocks).
  std::string read_counters(Position& pos, std::string_view text) const override {
    const bool given = !text.empty() && text[0] == '+';
    const std::string_view body = given ? text.substr(1) : text;
    const std::size_t plus = body.find('+');
    const std::string bad = "check counts '" + std::string(text) + "': ";
    if (plus == std::string_view::npos || plus == 0 || plus + 1 >= body.size() ||
        body.size() - plus - 1 > 2 || plus > 2)
      return bad + "expected checks remaining such as 3+3";
    const int a = std::stoi(std::string(body.substr(0, plus)));
    const int b = std::stoi(std::string(body.substr(plus + 1)));
    if (a > limit_ || b > limit_)
      return bad + "at most " + std::to_string(limit_) + " checks per side";
    pos.set_counter(Color::white, 0, given ? a : limit_ - a);
    pos.set_counter(Color::black, 0, given ? b : limit_ - b);
    return {};
  }

  std::string counter_caption(const Position& pos, Color c) const override {
    const int left = limit_ - pos.counter(c, 0);
    return std::to_string(left) + (left == 1 ? " check" : " checks") + " left";
  }

  std::string write_counters(const Position& pos) const override {
    return std::to_string(limit_ - pos.counter(Color::white, 0)) + "+" +
           std::to_string(limit_ - pos.counter(Color::black, 0));
  }

 private:
  int limit_;
};

// The side that has given `limit` checks wins.
class CheckLimit final : public EndRule {
 public:
  explicit CheckLimit(int limit) : limit_(limit) {}
  std::string_view name() const override { return "check limit"; }
  Outcome judge(const Position& pos, const History&) const override {
    for (Color c : {Color::white, Color::black}) {
      if (pos.counter(c, 0) < limit_) continue;
      Outcome out;
      out.termination = Termination::check_limit;
      out.winner = c;
      return out;
    }
    return {};
  }
  bool wins_without_mate() const override { return true; }
  // The game ends with the last check: no move is legal afterwards (with the
  // play-stops-at-end component), as Fairy-Stockfish plays it.
  bool stops_play() const override { return true; }
  std::string check_setup(const Position& pos) const override {
    if (pos.variant().counter_rule == nullptr) return "the check limit needs a check count rule";
    return {};
  }

 private:
  int limit_;
};

// Nothing but kings on the board and nothing in hand: no side can win any more.
class BareKings final : public EndRule {
 public:
  std::string_view name() const override { return "bare kings"; }
  Outcome judge(const Position& pos, const History&) const override {
    const Variant& v = pos.variant();
    if (pos.hand_total() != 0) return {};
    for (Color c : {Color::white, Color::black})
      for (std::size_t t = 0; t < v.pieces.size(); ++t)
        if (!v.pieces[t].royal && pos.count(c, static_cast<PieceType>(t)) != 0) return {};
    Outcome out;
    out.termination = Termination::insufficient_material;
    return out;
  }
};

}  // namespace

std::shared_ptr<const RuleComponent> make_pockets() {
  return std::make_shared<Pockets>();
}

std::shared_ptr<const RuleComponent> make_check_count(int limit) {
  return std::make_shared<CheckCount>(limit);
}

std::shared_ptr<const EndRule> make_check_limit(int limit) {
  return std::make_shared<CheckLimit>(limit);
}

std::shared_ptr<const EndRule> make_bare_kings() {
  return std::make_shared<BareKings>();
}

}  // namespace xpgn::rules
