#include "xpgn/rules/components.hpp"

#include <algorithm>

#include "xpgn/rules/movegen.hpp"

namespace xpgn::rules {
namespace {

// ---- Castling --------------------------------------------------------------------------------
class Castling final : public RuleComponent {
 public:
  Castling(std::array<int, 2> king_to, std::array<int, 2> rook_to)
      : king_to_(king_to), rook_to_(rook_to) {}
  std::string_view name() const override { return "castling"; }
  bool uses_castling_rights() const override { return true; }
  bool may_generate(const Position& pos, PieceType piece, Square to) const override {
    (void)to;
    return pos.variant().pieces[piece].royal && pos.castling().any();
  }

  void generate(const Position& pos, MoveList& out) const override {
    const Color us = pos.side_to_move();
    const auto& rooks = pos.castling().rook[index_of(us)];
    if (rooks[0] == no_square && rooks[1] == no_square) return;
    const Variant& v = pos.variant();
    const Square king = home_king(pos, us);
    if (king == no_square) return;
    bool checked = false, check_known = false;
    for (int side = 0; side < 2; ++side) {
      const Square rook = rooks[side];
      if (rook == no_square) continue;
      const int rank = rank_of(king);
      const int king_to = target(v, king_to_[side]);
      const int rook_to = target(v, rook_to_[side]);
      const int lo = std::min({file_of(king), file_of(rook), king_to, rook_to});
      const int hi = std::max({file_of(king), file_of(rook), king_to, rook_to});
      bool clear = true;
      for (int f = lo; f <= hi && clear; ++f) {
        const Square s = make_square(f, rank);
        if (s != king && s != rook && !pos.at(s).empty()) clear = false;
      }
      if (!clear) continue;
      if (!check_known) checked = is_attacked(pos, king, opposite(us)), check_known = true;
      if (checked) return;
      // The king may not pass through or land on an attacked square.
      const int step = king_to > file_of(king) ? 1 : -1;
      bool safe = true;
      for (int f = file_of(king); f != king_to && safe;) {
        f += step;
        if (is_attacked(pos, make_square(f, rank), opposite(us))) safe = false;
      }
      if (!safe) continue;
      Move m;
      m.kind = MoveKind::castle;
      m.from = king;
      m.to = make_square(king_to, rank);
      m.aux = rook;
      m.piece = pos.at(king).type();
      out.push_back(m);
    }
  }

  void apply(const Position& before, const Move& move, Position& after,
             EffectList* effects) const override {
    const Color us = before.side_to_move();
    CastlingRights& rights = after.castling_rights();
    if (move.kind == MoveKind::castle) {
      const Variant& v = before.variant();
      const int rank = rank_of(move.from);
      const int side = file_of(move.aux) > file_of(move.from) ? 0 : 1;
      const Square rook_to = make_square(target(v, rook_to_[side]), rank);
      const Piece king = before.at(move.from);
      const Piece rook = before.at(move.aux);
      after.remove(move.from);
      after.remove(move.aux);
      after.put(move.to, king);
      after.put(rook_to, rook);
      if (effects) effects->push_back({EffectKind::rook_castled, move.aux, rook_to, rook});
      rights.rook[index_of(us)] = {no_square, no_square};
      return;
    }
    if (!rights.any()) return;
    if (move.from != no_square && move.from == home_king(before, us) &&
        before.variant().pieces[move.piece].royal)
      rights.rook[index_of(us)] = {no_square, no_square};
    for (auto& side : rights.rook)
      for (Square& s : side)
        if (s != no_square && (s == move.from || s == move.to)) s = no_square;
  }

 private:
  // A destination file: negative values count from the right edge.
  static int target(const Variant& v, int file) { return file < 0 ? v.files + file : file; }

  std::array<int, 2> king_to_;
  std::array<int, 2> rook_to_;

  // The king of `us` on its first rank that the castling rights belong to.
  static Square home_king(const Position& pos, Color us) {
    for (int i = 0; i < pos.royal_count(us); ++i) {
      const Square k = pos.royal_square(us, i);
      if (pos.variant().relative_rank(k, us) == 0) return k;
    }
    return no_square;
  }
};

// ---- En passant ------------------------------------------------------------------------------
class EnPassant final : public RuleComponent {
 public:
  std::string_view name() const override { return "en passant"; }
  bool may_generate(const Position& pos, PieceType piece, Square to) const override {
    return to == pos.en_passant() && piece == pos.variant().pawn_type();
  }

  void generate(const Position& pos, MoveList& out) const override {
    const Square ep = pos.en_passant();
    if (ep == no_square) return;
    const Variant& v = pos.variant();
    const Color us = pos.side_to_move();
    const PieceType pawn = v.pawn_type();
    const int from_rank = rank_of(ep) - (us == Color::white ? 1 : -1);
    for (int df : {-1, 1}) {
      const int f = file_of(ep) + df;
      if (f < 0 || f >= v.files || from_rank < 0 || from_rank >= v.ranks) continue;
      const Square from = make_square(f, from_rank);
      if (pos.at(from) != make_piece(us, pawn)) continue;
      if (!pos.stack_bottom(from).empty()) continue;  // a pawn sharing a square moves sideways
      Move m;
      m.kind = MoveKind::en_passant;
      m.from = from;
      m.to = ep;
      m.piece = pawn;
      m.relocation = pos.portal_partner(ep);  // landing on a portal teleports (Maxim)
      out.push_back(m);
    }
  }

  void apply(const Position& before, const Move& move, Position& after,
             EffectList* effects) const override {
    const Variant& v = before.variant();
    if (move.kind == MoveKind::en_passant) {
      const Square victim = make_square(file_of(move.to), rank_of(move.from));
      const Piece taken = after.at(victim);
      after.remove(victim);
      if (effects) effects->push_back({EffectKind::capture, victim, no_square, taken});
      return;
    }
    if (move.kind != MoveKind::normal || !v.pieces[move.piece].pawn) return;
    const int dr = rank_of(move.to) - rank_of(move.from);
    if (file_of(move.to) != file_of(move.from) || (dr != 2 && dr != -2)) return;
    // Only a pawn that landed alone can be taken en passant (Maxim stacks).
    if (!after.stack_bottom(move.to).empty() || move.relocation != no_square) return;
    // A double step: the passed square counts only if an enemy pawn could take on it.
    const Color them = opposite(before.side_to_move());
    for (int df : {-1, 1}) {
      const int f = file_of(move.to) + df;
      if (f < 0 || f >= v.files) continue;
      if (after.at(make_square(f, rank_of(move.to))) == make_piece(them, v.pawn_type())) {
        after.set_en_passant(make_square(file_of(move.to), rank_of(move.from) + dr / 2));
        return;
      }
    }
  }

  // Keeps the en passant square only if a legal capture uses it (FIDE's repetition rule counts
  // the square only then), so equal positions get equal FENs and keys.
  void finish(Position& pos) const override {
    if (pos.en_passant() == no_square) return;
    MoveList captures;
    generate(pos, captures);
    for (const Move& m : captures)
      if (is_legal_after(pos, m, play(pos, m))) return;
    pos.set_en_passant(no_square);
  }
};

// ---- Promotion -------------------------------------------------------------------------------
class Promotion final : public RuleComponent {
 public:
  explicit Promotion(std::string choices) : choices_(std::move(choices)) {}
  std::string_view name() const override { return "promotion"; }

  bool expand_pawn_move(const Position& pos, const Move& move, MoveList& out) const override {
    const Variant& v = pos.variant();
    if (v.relative_rank(move.to, pos.side_to_move()) != v.ranks - 1) return false;
    for (char letter : choices_) {
      Move m = move;
      m.promotion = v.piece_by_san_letter(letter);
      out.push_back(m);
    }
    return true;
  }

  void apply(const Position& before, const Move& move, Position& after,
             EffectList* effects) const override {
    if (move.promotion == no_piece_type || move.kind != MoveKind::normal) return;
    const Piece promoted = make_piece(before.side_to_move(), move.promotion);
    after.remove(move.to);
    after.put(move.to, promoted);
    if (effects) effects->push_back({EffectKind::promotion, move.to, no_square, promoted});
  }

 private:
  std::string choices_;
};

}  // namespace

std::shared_ptr<const RuleComponent> make_castling() {
  return std::make_shared<Castling>(std::array<int, 2>{-2, 2}, std::array<int, 2>{-3, 3});
}
std::shared_ptr<const RuleComponent> make_castling(std::array<int, 2> king_to_files,
                                                   std::array<int, 2> rook_to_files) {
  return std::make_shared<Castling>(king_to_files, rook_to_files);
}
std::shared_ptr<const RuleComponent> make_en_passant() {
  return std::make_shared<EnPassant>();
}
std::shared_ptr<const RuleComponent> make_promotion(std::string choices) {
  return std::make_shared<Promotion>(std::move(choices));
}

}  // namespace xpgn::rules
