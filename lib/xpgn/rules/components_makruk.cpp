// The makruk family's promotion and counting rules (components_makruk.hpp).
#include "xpgn/rules/components_makruk.hpp"

#include <string_view>

#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/position.hpp"

namespace xpgn::rules {
namespace {

// Promotion on reaching the owner's rank `rank` or beyond, compulsory (makruk: the sixth).
class RankPromotion final : public RuleComponent {
 public:
  RankPromotion(int rank, std::string choices) : rank_(rank), choices_(std::move(choices)) {}
  std::string_view name() const override { return "rank promotion"; }
  Declaration declaration() const override {
    return {.hooks = hook_apply, .expands_pawn_moves = true};
  }

  // One move per choice for a pawn move ending on the promotion rank or beyond.
  bool expand_pawn_move(const Position& pos, const Move& move, MoveList& out) const override {
    const Variant& v = pos.variant();
    if (v.relative_rank(move.to, pos.side_to_move()) < rank_) return false;
    for (char letter : choices_) {
      Move m = move;
      m.promotion = v.piece_by_san_letter(letter);
      out.push_back(m);
    }
    return true;
  }

  // A promotion short of the rank, to a piece not offered, or a pawn move there without one.
  std::string why_no_move(const Position& pos, const SanToken& token) const override {
    const Variant& v = pos.variant();
    if (token.kind != TokenKind::move || (token.piece && token.piece != 'P') ||
        !token.to.has_rank() || token.to.rank >= v.ranks)
      return {};
    const int rank = v.relative_rank(make_square(0, token.to.rank), pos.side_to_move());
    const std::string where = "rank " + std::to_string(rank_ + 1);
    if (token.promotion && rank < rank_) return "a pawn promotes only on reaching its " + where;
    if (!token.promotion) return {};
    if (choices_.find(token.promotion) == std::string::npos)
      return std::string("a pawn promotes to ") + (choices_.size() == 1 ? "" : "one of ") +
             choices_;
    return {};
  }

  void apply(const Position& before, const Move& move, Position& after,
             EffectList* effects) const override {
    if (move.promotion == no_piece_type || move.kind != MoveKind::normal) return;
    const Piece promoted = make_piece(before.side_to_move(), move.promotion);
    after.remove(move.to);
    after.put(move.to, promoted);
    if (effects) effects->push_back({EffectKind::promotion, move.to, no_square, promoted});
  }

  std::string validate(const Variant& v) const override {
    if (rank_ < 1 || rank_ >= v.ranks) return "the promotion rank lies off the board";
    for (char c : choices_)
      if (v.piece_by_san_letter(c) == no_piece_type)
        return std::string("'") + c + "' is no SAN letter of a piece of " + v.id;
    return {};
  }

 private:
  int rank_;
  std::string choices_;
};

// The count's state in the counters: White's two hold the ply counted, Black's the limit in
// plies (0: no count), each as low + 64 * high.
int read_number(const Position& pos, Color c) {
  return pos.counter(c, 0) + 64 * pos.counter(c, 1);
}
void write_number(Position& pos, Color c, int n) {
  if (n < 0) n = 0;
  if (n > 63 * 64 + 63) n = 63 * 64 + 63;
  if (pos.counter(c, 0) != n % 64) pos.set_counter(c, 0, n % 64);
  if (pos.counter(c, 1) != n / 64) pos.set_counter(c, 1, n / 64);
}
int counted_ply(const Position& pos) {
  return read_number(pos, Color::white);
}
int count_limit_plies(const Position& pos) {
  return read_number(pos, Color::black);
}

class Counting final : public RuleComponent {
 public:
  Counting(CountingRule rule, CountingPieces pieces) : rule_(rule), pieces_(pieces) {}
  std::string_view name() const override { return "counting"; }
  Declaration declaration() const override {
    return {.hooks = hook_apply, .slots = slot_counters, .counters_outside_key = true};
  }

  // Fairy-Stockfish's update after a move (its Position::do_move): the count goes on by one
  // ply; the side just bared by a capture of the last pawn, or the side to move when no count
  // runs or it has just been bared by a capture or promotion, starts a count when its rule
  // gives one.
  void apply(const Position& before, const Move& move, Position& after,
             EffectList*) const override {
    const Color us = before.side_to_move(), them = opposite(us);
    int limit = count_limit_plies(after);
    int ply = counted_ply(after) + (limit != 0 ? 1 : 0);
    const Piece captured = move.kind == MoveKind::normal ? before.at(move.to) : no_piece;
    const bool capture = !captured.empty() && captured.color() == them;
    const int pawns =
        count(after, Color::white, pieces_.pawn) + count(after, Color::black, pieces_.pawn);
    const int all = total(after, Color::white) + total(after, Color::black);
    if (rule_ != CountingRule::asean && capture && captured.type() == pieces_.pawn &&
        total(after, us) == 1 && pawns == 0) {
      if (const int moves = count_limit(after, us, pawns)) {
        limit = 2 * moves;
        ply = 2 * all - 1;
      }
    }
    if (limit == 0 || ((capture || move.promotion != no_piece_type) && total(after, them) == 1)) {
      if (const int moves = count_limit(after, them, pawns)) {
        limit = 2 * moves;
        ply = rule_ == CountingRule::asean || total(after, them) > 1 ? 0 : 2 * all;
      }
    }
    write_number(after, Color::white, limit != 0 ? ply : 0);
    write_number(after, Color::black, limit);
  }

 private:
  static int count(const Position& pos, Color c, PieceType t) {
    return t == no_piece_type ? 0 : pos.count(c, t);
  }
  static int total(const Position& pos, Color c) {
    int n = 0;
    for (std::size_t t = 0; t < pos.variant().pieces.size(); ++t)
      n += pos.count(c, static_cast<PieceType>(t));
    return n;
  }

  // The limit in moves of a count by `side` (Fairy-Stockfish's count_limit), 0 for none.
  int count_limit(const Position& pos, Color side, int pawns) const {
    const Color other = opposite(side);
    const int own = total(pos, side);
    if (total(pos, other) == 1) {
      if (rule_ != CountingRule::asean) return 0;
    }
    const int rooks = count(pos, other, pieces_.rook), khons = count(pos, other, pieces_.khon),
              knights = count(pos, other, pieces_.knight);
    switch (rule_) {
      case CountingRule::makruk:
        if (pawns != 0) return 0;
        if (own > 1) return 64;  // the board's honour
        if (rooks > 1) return 8;
        if (rooks == 1) return 16;
        if (khons > 1) return 22;
        if (knights > 1) return 32;
        if (khons == 1) return 44;
        return 64;
      case CountingRule::cambodian:
        if (own > 3) return 0;
        if (own > 1) return 63;
        if (pawns != 0) return 0;
        if (rooks > 1) return 7;
        if (rooks == 1) return 15;
        if (khons > 1) return 21;
        if (knights > 1) return 31;
        if (khons == 1) return 43;
        return 63;
      case CountingRule::asean:
        if (pawns != 0 || own > 1) return 0;
        if (rooks != 0) return 16;
        if (khons != 0) return 44;
        if (knights != 0) return 64;
        return 0;
    }
    return 0;
  }

  CountingRule rule_;
  CountingPieces pieces_;
};

// The count has passed its limit: a draw, unless the side to move is mated.
constexpr TerminationKind counting_kind{"counting"};

class CountingDraw final : public EndRule {
 public:
  std::string_view name() const override { return "counting"; }
  Outcome judge(const Position& pos, const History&) const override {
    Outcome out;
    const int limit = count_limit_plies(pos);
    if (limit == 0 || counted_ply(pos) <= limit) return out;
    if (in_check(pos) && !has_legal_move(pos)) return out;
    out.termination = Termination(counting_kind);
    return out;
  }
};

// The n-move rule, decided (make_n_move_draw()).
constexpr TerminationKind n_move_kind{"n_move_rule"};

class NMoveDraw final : public EndRule {
 public:
  explicit NMoveDraw(int moves)
      : EndRule(VerdictNeeds{.halfmove_clock = 2 * moves}), plies_(2 * moves) {}
  std::string_view name() const override { return "n-move rule"; }
  Outcome judge(const Position& pos, const History&) const override {
    Outcome out;
    if (pos.halfmove_clock() < plies_ || (in_check(pos) && !has_legal_move(pos))) return out;
    out.termination = Termination(n_move_kind);
    return out;
  }

 private:
  int plies_;
};

// ffish's insufficient material (make_ffish_material()).
class FfishMaterial final : public EndRule {
 public:
  FfishMaterial(std::string mating, std::string colour_bound, bool pawn_mates)
      : mating_(std::move(mating)),
        colour_bound_(std::move(colour_bound)),
        pawn_mates_(pawn_mates) {}
  std::string_view name() const override { return "insufficient material"; }
  Outcome judge(const Position& pos, const History&) const override {
    Outcome out;
    if (pos.hand_total() == 0 && cannot_win(pos, Color::white) && cannot_win(pos, Color::black))
      out.termination = Termination::insufficient_material;
    return out;
  }

 private:
  // True when `c` cannot win by ffish's test.
  bool cannot_win(const Position& pos, Color c) const {
    const Variant& v = pos.variant();
    int bound[2] = {0, 0};  // colour-bound pieces (both sides) on light and dark squares
    int unbound = 0;        // other pieces but kings (both sides)
    bool own_bound = false, own_unbound = false;
    for (int f = 0; f < v.files; ++f)
      for (int r = 0; r < v.ranks; ++r) {
        const Piece p = pos.at(make_square(f, r));
        if (p.empty()) continue;
        const PieceDef& d = v.pieces[p.type()];
        if (d.royal) continue;
        const bool mine = p.color() == c;
        if (mine && (mating_.find(d.letter) != std::string::npos || (d.pawn && pawn_mates_)))
          return false;
        if (colour_bound_.find(d.letter) != std::string::npos) {
          ++bound[(f + r) % 2];
          own_bound |= mine;
        } else {
          ++unbound;
          own_unbound |= mine;
        }
      }
    if (own_bound && ((bound[0] != 0 && bound[1] != 0) || unbound != 0)) return false;
    if (own_unbound && bound[0] + bound[1] + unbound >= 2) return false;
    return true;
  }

  std::string mating_, colour_bound_;
  bool pawn_mates_;
};

}  // namespace

std::shared_ptr<const EndRule> make_n_move_draw(int moves) {
  return std::make_shared<NMoveDraw>(moves);
}

std::shared_ptr<const EndRule> make_ffish_material(std::string mating, std::string colour_bound,
                                                   bool pawn_mates) {
  return std::make_shared<FfishMaterial>(std::move(mating), std::move(colour_bound), pawn_mates);
}

std::shared_ptr<const RuleComponent> make_rank_promotion(int rank, std::string choices) {
  return std::make_shared<RankPromotion>(rank, std::move(choices));
}

std::shared_ptr<const RuleComponent> make_counting(CountingRule rule, CountingPieces pieces) {
  return std::make_shared<Counting>(rule, pieces);
}

std::shared_ptr<const EndRule> make_counting_draw() {
  return std::make_shared<CountingDraw>();
}

}  // namespace xpgn::rules
