// Births: the pregnant queens of Reproduction Chess and the chain births of Battle of the Kings.
#include <array>

#include "xpgn/rules/components.hpp"
#include "xpgn/rules/movegen.hpp"

namespace xpgn::rules {
namespace {

constexpr int orthogonal[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};

// Calls `visit(s)` for each square `s` whose (upper) piece is `piece`, in board order (rank by
// rank, file by file), until it returns true; returns whether it did. Where the variant keeps
// bit sets only the squares of `piece`'s colour are looked at, and the search ends after the
// last piece of its kind.
template <class Visit>
bool any_square_of(const Position& pos, Piece piece, Visit&& visit) {
  const Variant& v = pos.variant();
  int left = pos.count(piece.color(), piece.type());  // both layers: at least those on top
  if (v.bitboards) {
    for (Bits128 own = pos.wide_occupied(piece.color()); own && left > 0;
         own = without_lowest(own)) {
      const Square s = v.square_of_bit[lowest_bit(own)];
      if (pos.at(s) != piece) continue;
      if (visit(s)) return true;
      --left;
    }
    return false;
  }
  for (int r = 0; r < v.ranks && left > 0; ++r) {
    for (int f = 0; f < v.files && left > 0; ++f) {
      const Square s = make_square(f, r);
      if (pos.at(s) != piece) continue;
      if (visit(s)) return true;
      --left;
    }
  }
  return false;
}

class Reproduction final : public RuleComponent, public MarkOwner, public FenFieldOwner {
 public:
  Reproduction(bool vacated_only, char prince_letter, bool barren)
      : vacated_only_(vacated_only), prince_letter_(prince_letter), barren_(barren) {}
  std::string_view name() const override { return "reproduction"; }
  // Its moves include passes; a born pawn may stand where a captured or advanced one stood;
  // barren pregnant queens neither capture nor attack.
  Declaration declaration() const override {
    return {.makes_passes = true,
            .hooks = hook_apply | hook_generate,
            .marks = this,
            .fen_field = this,
            .disarms_marked_pieces = barren_,
            .may_add_pieces = true,
            .may_move_pawns_back = true};
  }
  // Pregnancy is the position's mark, listed in the FEN field "pregnant=".
  std::string_view fen_field() const override { return "pregnant"; }
  std::string_view mark_name() const override { return "pregnant"; }

  std::string read_fen_field(Position& pos, std::string_view list) const override {
    const Variant& v = pos.variant();
    while (!list.empty()) {
      const std::size_t comma = list.find(',');
      const std::string_view name = list.substr(0, comma);
      list = comma == std::string_view::npos ? std::string_view() : list.substr(comma + 1);
      if (name.empty() || name == "-") continue;
      const Square s = parse_square(name, v);
      if (s == no_square)
        return "pregnant: '" + std::string(name) + "' is not a square of the board";
      const Piece p = pos.at(s);
      if (p.empty() || v.pieces[p.type()].letter != 'Q')
        return "pregnant: no piece on " + std::string(name) + " can carry that mark";
      pos.set_mark(s, true);
    }
    return {};
  }

  std::string write_fen_field(const Position& pos) const override {
    std::string list;
    if (!pos.any_mark()) return list;  // the usual position: no queen is pregnant
    const Variant& v = pos.variant();
    for (int r = 0; r < v.ranks; ++r)
      for (int f = 0; f < v.files; ++f)
        if (pos.marked(make_square(f, r))) {
          if (!list.empty()) list += ',';
          append_square_name(list, make_square(f, r));
        }
    return list;
  }

  // The moves of generate() that end on a square are births: a pregnant queen's move with a
  // birth (a queen move), and, unless only vacated squares may be used, a pawn placed on an
  // empty square beside a pregnant queen (a pawn's placement). Passes end on no square.
  bool may_generate(const Position& pos, PieceType piece, Square to) const override {
    if (!pos.any_mark()) return false;  // every birth comes from a marked (pregnant) queen
    const Variant& v = pos.variant();
    const Color us = pos.side_to_move();
    const PieceType queen = v.piece_by_san_letter('Q');
    const PieceType pawn = v.pawn_type();
    if (queen == no_piece_type || pawn == no_piece_type || pos.count(us, queen) == 0 ||
        pos.count(us, pawn) >= 8)
      return false;
    const Piece own_queen = make_piece(us, queen);
    if (piece == queen)
      return any_square_of(pos, own_queen, [&](Square s) { return pos.marked(s); });
    if (piece != pawn || vacated_only_ || !pos.at(to).empty()) return false;
    for (const auto& d : orthogonal) {
      const int f = file_of(to) + d[0], r = rank_of(to) + d[1];
      if (f < 0 || f >= v.files || r < 0 || r >= v.ranks) continue;
      const Square s = make_square(f, r);
      if (pos.at(s) == own_queen && pos.marked(s)) return true;
    }
    return false;
  }

  void generate(const Position& pos, MoveList& out) const override {
    const Variant& v = pos.variant();
    const Color us = pos.side_to_move();
    const PieceType queen = v.piece_by_san_letter('Q');
    const PieceType pawn = v.pawn_type();
    if (queen == no_piece_type || pos.count(us, queen) == 0) return;
    const Piece own_queen = make_piece(us, queen);
    const bool may_give_birth = pos.count(us, pawn) < 8;
    int check_state = -1;  // unknown; a pass is illegal in check
    any_square_of(pos, own_queen, [&](Square sq) {
      if (!pos.marked(sq)) {
        if (check_state < 0) check_state = in_check(pos) ? 1 : 0;
        if (check_state == 0) {
          Move pass;
          pass.kind = MoveKind::pass;
          pass.aux = sq;
          pass.piece = queen;
          out.push_back(pass);
        }
      } else if (may_give_birth) {
        add_births(pos, sq, out);
      }
      return false;
    });
  }

  // The births of generate() that end on `to` (passes end on no square).
  void generate_to(const Position& pos, Square to, MoveList& out) const override {
    const Variant& v = pos.variant();
    const Color us = pos.side_to_move();
    const PieceType queen = v.piece_by_san_letter('Q');
    if (queen == no_piece_type || pos.count(us, queen) == 0 || pos.count(us, v.pawn_type()) >= 8 ||
        !v.on_board(to))
      return;
    any_square_of(pos, make_piece(us, queen), [&](Square sq) {
      if (pos.marked(sq)) add_births(pos, sq, out, to);
      return false;
    });
  }

  std::string why_no_move(const Position& pos, const SanToken& token) const override {
    if (token.kind == TokenKind::pass) return why_no_pass(pos, token);
    if (token.kind == TokenKind::move && token.piece == 'Q' && barren_queen_could(pos, token))
      return "a pregnant queen cannot capture";
    return {};
  }

  // Carries out a pass (the queen becomes pregnant) and a birth (the pawn or prince appears,
  // the queen is pregnant no more).
  void apply(const Position& before, const Move& move, Position& after,
             EffectList* effects) const override {
    if (move.kind == MoveKind::pass || move.kind == MoveKind::placement || move.birth != no_square)
      apply_pass_or_birth(before, move, after, effects);
  }

 private:
  // apply() for the moves that may be passes or births. Kept out of apply(), so that the
  // other moves need no registers saved for it.
  [[gnu::noinline]] static void apply_pass_or_birth(const Position& before, const Move& move,
                                                    Position& after, EffectList* effects) {
    const Color us = before.side_to_move();
    if (move.kind == MoveKind::pass && move.aux != no_square) {
      after.set_mark(move.aux, true);
      if (effects)
        effects->push_back({EffectKind::pregnant, move.aux, no_square, after.at(move.aux)});
      return;
    }
    if (move.kind == MoveKind::placement && move.aux != no_square) {  // birth without a move
      after.set_mark(move.aux, false);
      after.set_halfmove_clock(0);
      if (effects) effects->push_back({EffectKind::birth, move.to, no_square, after.at(move.to)});
      return;
    }
    if (move.birth != no_square) {
      const Piece born = make_piece(us, move.birth_piece);
      after.put(move.birth, born);
      after.set_mark(move.to, false);
      after.set_halfmove_clock(0);
      if (effects) effects->push_back({EffectKind::birth, move.birth, no_square, born});
    }
  }

  // Why the side to move cannot pass as the token says.
  static std::string why_no_pass(const Position& pos, const SanToken& token) {
    const Variant& v = pos.variant();
    const Piece queen = make_piece(pos.side_to_move(), v.piece_by_san_letter('Q'));
    int free_queens = 0;
    for (int r = 0; r < v.ranks; ++r)
      for (int f = 0; f < v.files; ++f)
        free_queens += pos.at(make_square(f, r)) == queen && !pos.marked(make_square(f, r));
    if (free_queens == 0) return "a pass needs a queen that is not pregnant";
    if (in_check(pos)) return "a pass is not allowed in check";
    if (token.pass_queen.complete())
      return "there is no queen on " + format_coord(token.pass_queen) + " that is not pregnant";
    return {};
  }

  // True when the token is a capture that one of the side's pregnant queens could make if she
  // were not pregnant (so a barren pregnancy is what forbids it).
  static bool barren_queen_could(const Position& pos, const SanToken& token) {
    const Variant& v = pos.variant();
    if (!v.marked_disarmed || !token.to.complete() || token.to.file >= v.files ||
        token.to.rank >= v.ranks)
      return false;
    const Square to = make_square(token.to.file, token.to.rank);
    const Piece target = pos.at(to);
    if (target.empty() || target.color() == pos.side_to_move()) return false;
    Position free = pos;
    for (int r = 0; r < v.ranks; ++r)
      for (int f = 0; f < v.files; ++f)
        if (pos.marked(make_square(f, r))) free.set_mark(make_square(f, r), false);
    const Piece queen = make_piece(pos.side_to_move(), v.piece_by_san_letter('Q'));
    for (int r = 0; r < v.ranks; ++r) {
      for (int f = 0; f < v.files; ++f) {
        const Square s = make_square(f, r);
        if (pos.at(s) != queen || !pos.marked(s)) continue;
        MoveList moves;
        generate_piece_moves_to(free, s, to, moves, queen);
        if (!moves.empty()) return true;
      }
    }
    return false;
  }

  // What a pawn born on `s` is: a pawn, or a prince on its owner's 7th or 8th rank.
  void born_as(const Position& pos, Square s, Color us, PieceType& type,
               PieceType& promotion) const {
    const Variant& v = pos.variant();
    type = v.pawn_type();
    promotion = no_piece_type;
    if (v.relative_rank(s, us) >= v.ranks - 2) promotion = v.piece_by_san_letter(prince_letter_);
  }

  // Appends every birth of the pregnant queen on `queen_sq`; with `only_to`, only those that
  // end there (her moves to it with a birth, and the births on it without a move).
  void add_births(const Position& pos, Square queen_sq, MoveList& out,
                  Square only_to = no_square) const {
    const Variant& v = pos.variant();
    const Color us = pos.side_to_move();
    MoveList queen_moves;
    if (only_to == no_square)
      generate_piece_moves(pos, queen_sq, queen_moves);
    else
      generate_piece_moves_to(pos, queen_sq, only_to, queen_moves, pos.at(queen_sq));
    for (const Move& qm : queen_moves) {
      // Way 3: the pawn on the square she left.
      add_birth_move(pos, qm, qm.from, us, out);
      if (vacated_only_) continue;
      // Way 1: the pawn beside her new square.
      for (const auto& d : orthogonal) {
        const int f = file_of(qm.to) + d[0], r = rank_of(qm.to) + d[1];
        if (f < 0 || f >= v.files || r < 0 || r >= v.ranks) continue;
        const Square s = make_square(f, r);
        if (s == qm.from || !pos.at(s).empty()) continue;
        add_birth_move(pos, qm, s, us, out);
      }
    }
    if (vacated_only_) return;
    // Way 2: no move, the pawn beside her.
    for (const auto& d : orthogonal) {
      const int f = file_of(queen_sq) + d[0], r = rank_of(queen_sq) + d[1];
      if (f < 0 || f >= v.files || r < 0 || r >= v.ranks) continue;
      const Square s = make_square(f, r);
      if (!pos.at(s).empty() || (only_to != no_square && s != only_to)) continue;
      Move m;
      m.kind = MoveKind::placement;
      m.to = s;
      m.aux = queen_sq;
      born_as(pos, s, us, m.piece, m.promotion);
      out.push_back(m);
    }
  }

  void add_birth_move(const Position& pos, const Move& queen_move, Square s, Color us,
                      MoveList& out) const {
    Move m = queen_move;
    m.birth = s;
    PieceType type = no_piece_type, promotion = no_piece_type;
    born_as(pos, s, us, type, promotion);
    m.birth_piece = promotion != no_piece_type ? promotion : type;
    out.push_back(m);
  }

  bool vacated_only_;
  char prince_letter_;
  bool barren_;
};

class ChainBirths final : public RuleComponent {
 public:
  // `chain`: FEN letters, each piece leaving the next one behind (the first place of a letter
  // counts), kept as a table from letter to next letter.
  explicit ChainBirths(const std::string& chain) {
    for (std::size_t i = 0; i + 1 < chain.size(); ++i) {
      char& next = next_in_chain_[static_cast<unsigned char>(chain[i])];
      if (next == 0) next = chain[i + 1];
    }
  }
  std::string_view name() const override { return "chain births"; }
  // A born piece may stand where a captured or advanced one stood.
  Declaration declaration() const override {
    return {.hooks = hook_apply, .may_add_pieces = true, .may_move_pawns_back = true};
  }

  // A piece that moved leaves the next piece of the chain on the square it left.
  void apply(const Position& before, const Move& move, Position& after,
             EffectList* effects) const override {
    if (move.kind != MoveKind::normal && move.kind != MoveKind::en_passant) return;
    const Variant& v = before.variant();
    const char next = next_in_chain_[static_cast<unsigned char>(v.pieces[move.piece].fen())];
    if (next == 0) return;
    const Piece born = make_piece(before.side_to_move(), v.piece_by_fen_letter(next));
    after.put(move.from, born);
    if (effects) effects->push_back({EffectKind::birth, move.from, no_square, born});
  }

 private:
  // The FEN letter of the piece each FEN letter leaves behind, 0 for none.
  std::array<char, 256> next_in_chain_{};
};

}  // namespace

std::shared_ptr<const RuleComponent> make_reproduction(bool vacated_only, char prince_letter,
                                                       bool barren) {
  return std::make_shared<Reproduction>(vacated_only, prince_letter, barren);
}

std::shared_ptr<const RuleComponent> make_chain_births(std::string chain) {
  return std::make_shared<ChainBirths>(chain);
}

}  // namespace xpgn::rules
