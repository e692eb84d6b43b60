#include "xpgn/rules/components.hpp"
#include <cctype>

#include <algorithm>

#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/refusal.hpp"

namespace xpgn::rules {
namespace {

// ---- Castling --------------------------------------------------------------------------------
class Castling final : public RuleComponent, public CastlingRightsOwner {
 public:
  Castling(std::array<int, 2> king_to, std::array<int, 2> rook_to, int rank)
      : king_to_(king_to), rook_to_(rook_to), rank_(rank) {}
  std::string_view name() const override { return "castling"; }
  int castling_rank() const override { return rank_; }
  // The castling of the FIDE kind (its destination files are probed by the fast path).
  Declaration declaration() const override {
    return {
        .fide = FideRule::castling, .hooks = hook_apply | hook_generate, .castling_rights = this};
  }
  bool may_generate(const Position& pos, PieceType piece, Square to) const override {
    (void)to;
    return pos.variant().pieces[piece].royal && pos.castling().any();
  }
  bool may_generate_type(const Variant& v, PieceType piece) const override {
    return v.pieces[piece].royal;
  }

  // A castling ends on the king's destination, or, written as the king taking its rook
  // ("e1h1"), on the rook's square: for any other square there is nothing to judge (a drop or a
  // re-entry, say, asks every rule for its moves to its square).
  void generate_to(const Position& pos, Square to, MoveList& out) const override {
    const Variant& v = pos.variant();
    const auto& rooks = pos.castling().rook[index_of(pos.side_to_move())];
    const int file = file_of(to);
    if (file != target(v, king_to_[0]) && file != target(v, king_to_[1]) && to != rooks[0] &&
        to != rooks[1])
      return;
    generate(pos, out);
  }

  void generate(const Position& pos, MoveList& out) const override {
    const Color us = pos.side_to_move();
    const auto& rooks = pos.castling().rook[index_of(us)];
    if (rooks[0] == no_square && rooks[1] == no_square) return;
    bool checked = false, check_known = false;
    for (int side = 0; side < 2; ++side) {
      Move m;
      if (judge(pos, side, checked, check_known, m).problem == Problem::none) out.push_back(m);
    }
  }

  std::string why_no_move(const Position& pos, const SanToken& token) const override {
    if (token.kind != TokenKind::castle_short && token.kind != TokenKind::castle_long) return {};
    const int side = token.kind == TokenKind::castle_short ? 0 : 1;
    const Square home = home_king(pos, pos.side_to_move());
    if (home != no_square && file_of(home) == (side == 0 ? pos.variant().files - 1 : 0))
      return pos.variant().id + " has no " + (side == 0 ? "king" : "queen") +
             "-side castling (the king stands on the edge)";
    bool checked = false, check_known = false;
    Move m;
    const Verdict v = judge(pos, side, checked, check_known, m);
    const Color them = opposite(pos.side_to_move());
    switch (v.problem) {
      case Problem::none:
        return {};
      case Problem::no_right: {
        const std::string who = pos.side_to_move() == Color::white ? "White" : "Black";
        if (pos.castling().rook[index_of(pos.side_to_move())][1 - side] != no_square)
          return who + " may no longer castle " + (side == 0 ? "king" : "queen") +
                 " side: that rook has moved or was taken";
        return who + " may no longer castle " + (side == 0 ? "king" : "queen") +
               " side: the king or that rook has moved, or the rook was taken";
      }
      case Problem::blocked:
        return piece_on(pos, v.square) + " stands in the way";
      case Problem::in_check:
        return "the king is in check from " + piece_on(pos, find_attacker(pos, v.square, them));
      case Problem::passes_attacked:
      case Problem::lands_attacked: {
        // The attacker is looked for on the board threatened_on() judged: its line may run
        // through the king's start square.
        const Square rook = pos.castling().rook[index_of(pos.side_to_move())][side];
        const Square rook_to = make_square(target(pos.variant(), rook_to_[side]), rank_of(home));
        const Position board = probe(pos, home, rook, rook_to, v.square);
        return std::string("the king would ") +
               (v.problem == Problem::passes_attacked ? "pass " : "land on ") +
               square_name(v.square) + ", attacked by " +
               piece_on(pos, find_attacker(board, v.square, them));
      }
    }
    return {};
  }

  // Carries out a castling; after any other move, drops the rights of a king that left its
  // home square and of a rook that left its square or was taken there.
  void apply(const Position& before, const Move& move, Position& after,
             EffectList* effects) const override {
    if (move.kind == MoveKind::castle) {
      castle(before, move, after, effects);
      return;
    }
    CastlingRights& rights = after.castling_rights();
    if (!rights.any()) return;
    const Color us = before.side_to_move();
    // home_king() stands on the castling rank: a move from elsewhere need not look for it.
    if (move.from != no_square && before.variant().relative_rank(move.from, us) == rank_ &&
        home_king_moved(before, move))
      rights.rook[index_of(us)] = {no_square, no_square};
    for (auto& side : rights.rook)
      for (Square& s : side)
        if (s != no_square && (s == move.from || s == move.to)) s = no_square;
  }

 private:
  // Why a castling is impossible, and the square concerned.
  enum class Problem { none, no_right, blocked, in_check, passes_attacked, lands_attacked };
  struct Verdict {
    Problem problem = Problem::none;
    Square square = no_square;
  };

  // True when the king on `king`, castling with the rook on `rook` bound for `rook_to`, would be
  // threatened standing on `s` of its path (s == king: in check where it stands): attacked
  // there, unless a rule's royal_verdict() calls it safe (kings that touch). Where rules judge
  // royals the path is judged as Fairy-Stockfish does, on the board after the castling with the
  // king on `s` (probe()): a line the king blocks on its start square may reach `s`, and the
  // rook on its destination may shield it. Without them the position as it stands answers: a
  // line through the king's start square would already give check.
  static bool threatened_on(const Position& pos, Square king, Square rook, Square rook_to,
                            Square s) {
    const Color us = pos.side_to_move();
    if (pos.variant().royal_judges.empty()) return is_attacked(pos, s, opposite(us));
    const Position board = probe(pos, king, rook, rook_to, s);
    if (!is_attacked(board, s, opposite(us))) return false;
    for (const RuleComponent* c : pos.variant().royal_judges) {
      const RoyalVerdict verdict = c->royal_verdict(board, us);
      if (verdict != RoyalVerdict::usual) return verdict == RoyalVerdict::threatened;
    }
    return true;
  }

  // The board threatened_on() judges: `pos` itself for s == king, else with the king and the
  // rook moved, the rook to `rook_to` and the king to `s` (what stood there removed).
  static Position probe(const Position& pos, Square king, Square rook, Square rook_to, Square s) {
    if (s == king) return pos;
    Position board = pos;
    const Piece k = board.at(king), r = board.at(rook);
    board.remove(king);
    board.remove(rook);
    if (!board.at(rook_to).empty()) board.remove(rook_to);
    board.put(rook_to, r);
    if (!board.at(s).empty()) board.remove(s);
    board.put(s, k);
    return board;
  }

  // Judges castling to `side` (0 king side, 1 queen side) for the side to move; fills `m` when
  // it is possible. `checked`/`check_known` cache whether the king is in check.
  Verdict judge(const Position& pos, int side, bool& checked, bool& check_known, Move& m) const {
    const Color us = pos.side_to_move();
    const Square rook = pos.castling().rook[index_of(us)][side];
    const Square king = home_king(pos, us);
    if (rook == no_square || king == no_square) return {Problem::no_right, no_square};
    const Variant& v = pos.variant();
    const int rank = rank_of(king);
    const int king_to = target(v, king_to_[side]);
    const int rook_to = target(v, rook_to_[side]);
    const int lo = std::min({file_of(king), file_of(rook), king_to, rook_to});
    const int hi = std::max({file_of(king), file_of(rook), king_to, rook_to});
    for (int f = lo; f <= hi; ++f) {
      const Square s = make_square(f, rank);
      if (s != king && s != rook && !pos.at(s).empty()) return {Problem::blocked, s};
    }
    const Square rook_square = make_square(rook_to, rank);
    if (!check_known)
      checked = threatened_on(pos, king, rook, rook_square, king), check_known = true;
    if (checked) return {Problem::in_check, king};
    // The king may not pass through or land on an attacked square.
    const int step = king_to > file_of(king) ? 1 : -1;
    for (int f = file_of(king); f != king_to;) {
      f += step;
      const Square s = make_square(f, rank);
      if (threatened_on(pos, king, rook, rook_square, s))
        return {f == king_to ? Problem::lands_attacked : Problem::passes_attacked, s};
    }
    m.kind = MoveKind::castle;
    m.from = king;
    m.to = make_square(king_to, rank);
    m.aux = rook;
    m.piece = pos.at(king).type();
    return {};
  }

  // The rare parts of apply() are kept out of it, so that the other moves need no registers
  // saved for them.

  // apply() for a castling: king and rook move, the side's rights are gone.
  [[gnu::noinline]] void castle(const Position& before, const Move& move, Position& after,
                                EffectList* effects) const {
    const Variant& v = before.variant();
    const Color us = before.side_to_move();
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
    after.castling_rights().rook[index_of(us)] = {no_square, no_square};
  }

  // True when `move` is a move of the king the castling rights belong to, from its home square.
  [[gnu::noinline]] bool home_king_moved(const Position& before, const Move& move) const {
    return move.from == home_king(before, before.side_to_move()) &&
           before.variant().pieces[move.piece].royal;
  }

  // A destination file: negative values count from the right edge.
  static int target(const Variant& v, int file) { return file < 0 ? v.files + file : file; }

  std::array<int, 2> king_to_;
  std::array<int, 2> rook_to_;
  int rank_;  // the castling rank, from each side's first (0)

  // The king of `us` on the castling rank that the castling rights belong to.
  Square home_king(const Position& pos, Color us) const {
    for (int i = 0; i < pos.royal_count(us); ++i) {
      const Square k = pos.royal_square(us, i);
      if (pos.variant().relative_rank(k, us) == rank_) return k;
    }
    return no_square;
  }
};

// ---- En passant ------------------------------------------------------------------------------
class EnPassant final : public RuleComponent {
 public:
  std::string_view name() const override { return "en passant"; }
  Declaration declaration() const override {
    return {.fide = FideRule::en_passant, .hooks = hook_apply | hook_finish | hook_generate};
  }
  bool may_generate(const Position& pos, PieceType piece, Square to) const override {
    return to == pos.en_passant() && piece == pos.variant().pawn_type();
  }
  bool may_generate_type(const Variant& v, PieceType piece) const override {
    return piece == v.pawn_type();
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
      if (!pos.under(from).empty()) continue;  // a pawn sharing a square moves sideways
      Move m;
      m.kind = MoveKind::en_passant;
      m.from = from;
      m.to = ep;
      m.piece = pawn;
      m.relocation = pos.pair_partner(ep);  // landing on a portal teleports (Maxim)
      out.push_back(m);
    }
  }

  // Takes the pawn an en passant capture passed; after a pawn's double step, sets the square
  // it passed.
  void apply(const Position& before, const Move& move, Position& after,
             EffectList* effects) const override {
    if (move.kind == MoveKind::en_passant) {
      take_passed_pawn(move, after, effects);
      return;
    }
    if (move.kind != MoveKind::normal || !before.variant().pieces[move.piece].pawn) return;
    const int dr = rank_of(move.to) - rank_of(move.from);
    if (file_of(move.to) == file_of(move.from) && (dr == 2 || dr == -2))
      mark_passed_square(before, move, after);
  }

  // Keeps the en passant square only if a legal capture uses it (FIDE's repetition rule counts
  // the square only then), so equal positions get equal FENs and keys.
  void finish(Position& pos) const override {
    if (pos.en_passant() != no_square) keep_if_usable(pos);
  }

 private:
  // The helpers below keep the rare cases out of apply() and finish(), so that the other
  // moves need no registers saved and no move list for them.

  // apply() for an en passant capture: the pawn beside the arrival square is taken.
  [[gnu::noinline]] static void take_passed_pawn(const Move& move, Position& after,
                                                 EffectList* effects) {
    const Square victim = make_square(file_of(move.to), rank_of(move.from));
    const Piece taken = after.at(victim);
    after.remove(victim);
    if (effects) effects->push_back({EffectKind::capture, victim, no_square, taken});
  }

  // apply() for a pawn's double step: the passed square counts only if an enemy pawn could
  // take on it, and only a pawn that landed alone can be taken en passant (Maxim stacks).
  [[gnu::noinline]] static void mark_passed_square(const Position& before, const Move& move,
                                                   Position& after) {
    if (!after.under(move.to).empty() || move.relocation != no_square) return;
    const Variant& v = before.variant();
    const Color them = opposite(before.side_to_move());
    const int dr = rank_of(move.to) - rank_of(move.from);
    for (int df : {-1, 1}) {
      const int f = file_of(move.to) + df;
      if (f < 0 || f >= v.files) continue;
      if (after.at(make_square(f, rank_of(move.to))) == make_piece(them, v.pawn_type())) {
        after.set_en_passant(make_square(file_of(move.to), rank_of(move.from) + dr / 2));
        return;
      }
    }
  }

  // finish() for a position with an en passant square: drops it unless a legal capture uses
  // it.
  [[gnu::noinline]] void keep_if_usable(Position& pos) const {
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
  Declaration declaration() const override {
    return {.fide = FideRule::promotion, .hooks = hook_apply, .expands_pawn_moves = true};
  }

  bool expand_pawn_move(const Position& pos, const Move& move, MoveList& out) const override {
    const Variant& v = pos.variant();
    if (v.relative_rank(move.to, pos.side_to_move()) != v.ranks - 1) return false;
    append_promotions(v, move, choices_, out);
    return true;
  }

  // A promotion to a piece not offered, or off the last rank.
  std::string why_no_move(const Position& pos, const SanToken& token) const override {
    const Variant& v = pos.variant();
    if (token.kind != TokenKind::move || !token.promotion || (token.piece && token.piece != 'P'))
      return {};
    if (token.to.has_rank() && token.to.rank < v.ranks &&
        v.relative_rank(make_square(0, token.to.rank), pos.side_to_move()) != v.ranks - 1)
      return "a pawn promotes only on its last rank";
    if (choices_.find(token.promotion) != std::string::npos) return {};
    std::string list;
    for (std::size_t i = 0; i < choices_.size(); ++i)
      list += std::string(i == 0 ? "" : i + 1 == choices_.size() ? " or " : ", ") + choices_[i];
    return "a pawn promotes to " + list;
  }

  void apply(const Position& before, const Move& move, Position& after,
             EffectList* effects) const override {
    if (move.promotion == no_piece_type || move.kind != MoveKind::normal) return;
    replace_mover(before, move, after, effects);
  }

 private:
  std::string choices_;
};

}  // namespace

std::shared_ptr<const RuleComponent> make_castling() {
  return std::make_shared<Castling>(std::array<int, 2>{-2, 2}, std::array<int, 2>{-3, 3}, 0);
}
std::shared_ptr<const RuleComponent> make_castling(std::array<int, 2> king_to_files,
                                                   std::array<int, 2> rook_to_files, int rank) {
  return std::make_shared<Castling>(king_to_files, rook_to_files, rank);
}
std::shared_ptr<const RuleComponent> make_en_passant() {
  return std::make_shared<EnPassant>();
}
std::shared_ptr<const RuleComponent> make_promotion(std::string choices) {
  return std::make_shared<Promotion>(std::move(choices));
}

void replace_mover(const Position& before, const Move& move, Position& after, EffectList* effects,
                   EffectKind kind) {
  const Piece changed = make_piece(before.side_to_move(), move.promotion);
  after.remove(move.to);
  after.put(move.to, changed);
  if (effects) effects->push_back({kind, move.to, no_square, changed});
}

bool drop_token_target(const Position& pos, const SanToken& token, PieceType& type, Square& to) {
  if (token.kind != TokenKind::placement || token.promotion) return false;
  const Variant& v = pos.variant();
  type = token.piece && token.piece != 'P' ? v.piece_by_san_letter(token.piece) : v.pawn_type();
  if (type == no_piece_type || !token.to.complete() || token.to.file >= v.files ||
      token.to.rank >= v.ranks)
    return false;
  to = make_square(token.to.file, token.to.rank);
  return true;
}

std::string read_hand_letters(Position& pos, std::string_view letters, std::string_view box,
                              std::string_view in_box) {
  const Variant& v = pos.variant();
  const std::string where = std::string(box) + " '[" + std::string(letters) + "]': ";
  for (char letter : letters) {
    const PieceType t =
        v.piece_by_fen_letter(static_cast<char>(std::toupper(static_cast<unsigned char>(letter))));
    if (t == no_piece_type)
      return where + "'" + std::string(1, letter) + "' is not a piece of " + v.id;
    if (v.pieces[t].royal)
      return where + "a " + v.pieces[t].name + " cannot be " + std::string(in_box);
    const Color c = std::isupper(static_cast<unsigned char>(letter)) ? Color::white : Color::black;
    if (pos.in_hand(c, t) >= 63) return where + "more than 63 pieces of a kind";
    pos.add_to_hand(make_piece(c, t));
  }
  return {};
}

}  // namespace xpgn::rules
