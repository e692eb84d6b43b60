// Seirawan (S-chess) gating: pieces in hand enter the board on the square a back-rank piece
// leaves on its first move ("Nf3/H"), or on the king's or rook's square when castling
// ("O-O/Ee1"). The hand is the position's hand slot; the gating rights are the marks slot: a
// mark on a piece of the back rank means "its square may still gate".
#include <cctype>
#include <string>

#include "xpgn/rules/components.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/refusal.hpp"
#include "xpgn/rules/san.hpp"

namespace xpgn::rules {
namespace {

class Gating final : public RuleComponent, public HandOwner, public CastlingFieldOwner {
 public:
  // `letters`: FEN letters of the pieces that may be held and gated (upper case).
  explicit Gating(std::string letters) : letters_(std::move(letters)) {}
  std::string_view name() const override { return "gating"; }
  // The hand is Position's; gating completes basic moves, and the gating files are letters
  // of the castling field.
  Declaration declaration() const override {
    return {.hooks = hook_apply | hook_allows | hook_generate,
            .hand = this,
            .refines_moves = true,
            .castling_field = this,
            .spells_moves = true};
  }

  // UCI text of a gating: the gated piece's letter after the move ("g1f3h", "e1g1e"); gated on
  // the rook's square, a castling names that square first ("h1e1h"), as Fairy-Stockfish writes
  // it. Moves without a gating are left to the usual spelling.
  bool write_uci(const Position& pos, const Move& move, std::string& out) const override {
    if (move.gate == no_square) return false;
    const char letter = static_cast<char>(
        std::tolower(static_cast<unsigned char>(pos.variant().pieces[move.gate_piece].fen())));
    if (move.kind == MoveKind::castle && move.gate == move.aux) {
      out = square_name(move.aux) + square_name(move.from) + letter;
      return true;
    }
    const bool king_to = move.kind != MoveKind::castle || is_start_castling(pos, move);
    out = square_name(move.from) + square_name(king_to ? move.to : move.aux);
    if (move.promotion != no_piece_type)
      out += static_cast<char>(
          std::tolower(static_cast<unsigned char>(pos.variant().pieces[move.promotion].fen())));
    out += letter;
    return true;
  }

  // A UCI move with a gating, as write_uci() spells it, reads as a long algebraic move whose
  // gate letter looks like a promotion. For such a token (no piece letter, a promotion letter,
  // nothing else) the pseudo-legal gatings whose UCI text it spells are the candidates.
  bool reread_token(const Position& pos, const SanToken& token, MoveList& candidates,
                    SanToken& meant) const override {
    if (token.kind != TokenKind::move || !token.long_algebraic || token.piece || !token.promotion ||
        token.capture || token.has_second_actions())
      return false;
    const Variant& v = pos.variant();
    const auto square_of = [&v](Coord c) {
      return c.complete() && c.file < v.files && c.rank < v.ranks ? make_square(c.file, c.rank)
                                                                  : no_square;
    };
    if (square_of(token.from) == no_square || square_of(token.to) == no_square) return false;
    std::string text = square_name(square_of(token.from)) + square_name(square_of(token.to));
    text += static_cast<char>(std::tolower(static_cast<unsigned char>(token.promotion)));
    MoveList moves;
    generate_pseudo_legal(pos, moves);
    for (const Move& m : moves)
      if (m.gate != no_square && to_uci(pos, m) == text) candidates.push_back(m);
    meant = token;  // what it means: no promotion, the letter gated
    meant.gate_piece = token.promotion;
    meant.promotion = 0;
    return true;
  }
  std::string_view hand_label() const override { return "hand"; }
  // Each side's hand is drawn beside the board with counts, as crazyhouse pockets are.
  bool hands_per_colour() const override { return true; }
  // Gated castlings end where castlings end: the king's square.
  bool may_generate(const Position& pos, PieceType piece, Square to) const override {
    (void)to;
    return pos.variant().pieces[piece].royal && pos.castling().any() && has_hand(pos);
  }
  bool may_generate_type(const Variant& v, PieceType piece) const override {
    return v.pieces[piece].royal;
  }

  // Checks that every hand letter is a piece of the variant.
  std::string validate(const Variant& v) const override {
    for (char c : letters_)
      if (v.piece_by_fen_letter(c) == no_piece_type)
        return std::string("'") + c + "' is not a piece of " + v.id;
    return {};
  }

  // Reads "[HEhe]": any number of the hand letters, in any order.
  std::string read_hand(Position& pos, std::string_view letters) const override {
    for (char letter : letters) {
      const char up = static_cast<char>(std::toupper(static_cast<unsigned char>(letter)));
      if (letters_.find(up) == std::string::npos)
        return std::string("'") + letter + "' cannot be in hand in " + pos.variant().id +
               " (only " + letters_ + ")";
      pos.add_to_hand(
          make_piece(std::isupper(static_cast<unsigned char>(letter)) ? Color::white : Color::black,
                     pos.variant().piece_by_fen_letter(up)));
    }
    return {};
  }

  // A first move from a square with a gating right: one more move per piece type in hand,
  // that piece entering on the square left (the plain move stays).
  bool refine_move(const Position& pos, Move& move, bool, MoveList& out) const override {
    if (move.kind != MoveKind::normal || !pos.marked(move.from)) return false;
    add_gated(pos, move, move.from, out);
    return false;
  }

  // Castlings with a gating: the castlings of the castling rule, each once more per piece in
  // hand and square (the king's and the rook's) that still has its right.
  void generate(const Position& pos, MoveList& out) const override {
    if (!has_hand(pos) || !pos.castling().any()) return;
    for (const auto& c : pos.variant().components) {
      if (c->declaration().castling_rights == nullptr) continue;
      MoveList castlings;
      c->generate(pos, castlings);
      for (const Move& m : castlings) {
        if (m.kind != MoveKind::castle) continue;
        if (pos.marked(m.from)) add_gated(pos, m, m.from, out);
        if (pos.marked(m.aux)) add_gated(pos, m, m.aux, out);
      }
    }
  }

  // Puts the gated piece on its square and takes it from the hand; clears the rights of the
  // squares the move left, and all of the mover's rights once its hand is empty.
  void apply(const Position& before, const Move& move, Position& after,
             EffectList* effects) const override {
    const Color us = before.side_to_move();
    if (move.kind == MoveKind::normal) {
      // The mover's mark travelled with it: a piece that moved has no right any more.
      after.set_mark(move.to, false);
      if (move.relocation != no_square) after.set_mark(move.relocation, false);
    }
    if (move.gate != no_square) gate(move, us, after, effects);
    if (!has_hand(after, us)) {
      const int rank = us == Color::white ? 0 : before.variant().ranks - 1;
      if (after.marks_on_rank(rank) != 0) clear_rank_marks(after, rank);
    }
  }

  // Refuses a gating onto a square the castling king or rook landed on (Chess960).
  bool allows(const Position& before, const Move& move, const Position& after) const override {
    return move.gate == no_square ||
           after.at(move.gate) == make_piece(before.side_to_move(), move.gate_piece);
  }
  std::string why_forbidden(const Position& before, const Move& move,
                            const Position& after) const override {
    if (allows(before, move, after)) return {};
    return "the gated piece cannot enter on " + square_name(move.gate) + ": " +
           piece_on(after, move.gate) + " lands there";
  }

  // Why a token with a gating ("/H") has no move: no such piece in hand, or no right on the
  // square it would enter.
  std::string why_no_move(const Position& pos, const SanToken& token) const override {
    if (!token.gate_piece) return {};
    const Variant& v = pos.variant();
    const Color us = pos.side_to_move();
    const std::string who = us == Color::white ? "White" : "Black";
    const PieceType type = v.piece_by_san_letter(token.gate_piece);
    if (type == no_piece_type || letters_.find(v.pieces[type].fen()) == std::string::npos) {
      std::string list;
      for (char c : letters_) list += (list.empty() ? "" : ", ") + std::string(1, c);
      return "only " + list + " can be gated in " + v.id;
    }
    if (pos.in_hand(us, type) == 0) return "no " + v.pieces[type].name + " in " + who + "'s hand";
    SanToken plain = token;  // the move without its gating
    plain.gate_piece = 0;
    plain.gate_square = Coord{};
    plain.check = 0;
    const Resolution r = resolve(pos, plain);
    if (r.error != MoveError::none) return {};
    const Move& m = r.move;
    const Square written = token.gate_square.complete() && token.gate_square.file < v.files &&
                                   token.gate_square.rank < v.ranks
                               ? make_square(token.gate_square.file, token.gate_square.rank)
                               : no_square;
    if (m.kind == MoveKind::castle) {
      const std::string squares = square_name(m.from) + " or " + square_name(m.aux);
      if (written != no_square && written != m.from && written != m.aux)
        return "a piece gated with castling enters on the king's or the rook's square (" + squares +
               ")";
      if (written == no_square)
        return pos.marked(m.from) || pos.marked(m.aux)
                   ? "a gating with castling must name its square (" + squares + ")"
                   : "neither " + squares + " has a gating right left";
      return "the " + v.pieces[pos.at(written).type()].name + "'s file has no gating right left";
    }
    if (written != no_square && written != m.from)
      return "a gated piece enters on the square the " + v.pieces[m.piece].name + " leaves (" +
             square_name(m.from) + ")";
    if (v.relative_rank(m.from, us) != 0)
      return piece_on(pos, m.from) + " is not on " + who + "'s first rank: only a first move " +
             "from there may gate";
    return "the " + v.pieces[m.piece].name + "'s file has no gating right left";
  }

  // Castling field: "K"/"Q" are castling rights that also give the rook's and the king's
  // squares their gating rights; a file letter gives that file's back-rank square its right (a
  // castling right only while its side's hand is empty, Shredder-FEN style, as Fairy-Stockfish).
  std::string read_castling_field(Position& pos, std::string_view field,
                                  std::string& rights) const override {
    const Variant& v = pos.variant();
    for (char letter : field) {
      const Color c =
          std::isupper(static_cast<unsigned char>(letter)) ? Color::white : Color::black;
      const char up = static_cast<char>(std::toupper(static_cast<unsigned char>(letter)));
      const int rank = c == Color::white ? 0 : v.ranks - 1;
      const Square king = home_king(pos, c);
      if (up == 'K' || up == 'Q') {
        rights += letter;
        if (!has_hand(pos, c) || king == no_square) continue;
        mark_own(pos, king, c);
        const PieceType rook = v.piece_by_fen_letter('R');
        const int step = up == 'K' ? -1 : 1;
        for (int f = up == 'K' ? v.files - 1 : 0; f != file_of(king); f += step) {
          if (pos.at(make_square(f, rank)) == make_piece(c, rook)) {
            mark_own(pos, make_square(f, rank), c);
            break;
          }
        }
      } else if (up >= 'A' && up < 'A' + v.files && has_hand(pos, c)) {
        mark_own(pos, make_square(up - 'A', rank), c);
      } else {
        rights += letter;  // a Chess960 castling right, or a letter the engine refuses
      }
    }
    // Only gating letters for a side whose king may gate: its rooks that may gate castle too.
    for (Color c : {Color::white, Color::black}) {
      const Square king = home_king(pos, c);
      if (king == no_square || !pos.marked(king)) continue;
      bool any = false;
      for (char letter : rights)
        any |= (std::isupper(static_cast<unsigned char>(letter)) != 0) == (c == Color::white);
      if (any) continue;
      const PieceType rook = v.piece_by_fen_letter('R');
      for (int f = 0; f < v.files; ++f) {
        const Square s = make_square(f, rank_of(king));
        if (pos.marked(s) && pos.at(s) == make_piece(c, rook))
          rights += static_cast<char>((c == Color::white ? 'A' : 'a') + f);
      }
    }
    return {};
  }

  // White's castling rights, White's gating files (those not implied by a castling right),
  // then Black's.
  std::string write_castling_field(const Position& pos, std::string_view rights) const override {
    const Variant& v = pos.variant();
    std::string out;
    for (Color c : {Color::white, Color::black}) {
      const bool white = c == Color::white;
      bool castles = false;
      for (char letter : rights) {
        if ((std::isupper(static_cast<unsigned char>(letter)) != 0) != white) continue;
        out += letter;
        castles = true;
      }
      if (!has_hand(pos, c)) continue;
      const auto& rooks = pos.castling().rook[index_of(c)];
      const Square king = home_king(pos, c);
      const int rank = white ? 0 : v.ranks - 1;
      for (int f = 0; f < v.files; ++f) {
        const Square s = make_square(f, rank);
        if (!pos.marked(s) || (castles && (s == king || s == rooks[0] || s == rooks[1]))) continue;
        out += static_cast<char>((white ? 'A' : 'a') + f);
      }
    }
    return out;
  }

 private:
  std::string letters_;

  // True when `c` (by default the side to move) has a piece in hand.
  static bool has_hand(const Position& pos, Color c) { return pos.hand_count(c) > 0; }
  static bool has_hand(const Position& pos) { return has_hand(pos, pos.side_to_move()); }

  // The rare parts of apply() are kept out of it, so that the other moves need no registers
  // saved for them.

  // apply() for a gated move: the piece of `move` leaves the hand of `us` and enters on its
  // square, unless the castling king or rook landed there.
  [[gnu::noinline]] static void gate(const Move& move, Color us, Position& after,
                                     EffectList* effects) {
    const Piece gated = make_piece(us, move.gate_piece);
    after.set_in_hand(gated, after.in_hand(us, move.gate_piece) - 1);
    if (!after.at(move.gate).empty()) return;
    after.put(move.gate, gated);
    if (effects) effects->push_back({EffectKind::gated, move.gate, no_square, gated});
  }

  // Takes the marks (gating rights) off rank `rank`.
  [[gnu::noinline]] static void clear_rank_marks(Position& after, int rank) {
    const int files = after.variant().files;
    for (int f = 0; f < files; ++f) after.set_mark(make_square(f, rank), false);
  }

  // Marks `s` when a piece of `c` stands there.
  static void mark_own(Position& pos, Square s, Color c) {
    if (!pos.at(s).empty() && pos.at(s).color() == c) pos.set_mark(s, true);
  }

  // The royal piece of `c` on its first rank, or no_square.
  static Square home_king(const Position& pos, Color c) {
    for (int i = 0; i < pos.royal_count(c); ++i) {
      const Square k = pos.royal_square(c, i);
      if (pos.variant().relative_rank(k, c) == 0) return k;
    }
    return no_square;
  }

  // Appends `move` once per hand piece of the side to move, gated onto `gate`.
  void add_gated(const Position& pos, const Move& move, Square gate, MoveList& out) const {
    const Variant& v = pos.variant();
    const Color us = pos.side_to_move();
    for (char letter : letters_) {
      const PieceType t = v.piece_by_fen_letter(letter);
      if (pos.in_hand(us, t) == 0) continue;
      Move g = move;
      g.gate = gate;
      g.gate_piece = t;
      out.push_back(g);
    }
  }
};

}  // namespace

std::shared_ptr<const RuleComponent> make_gating(std::string letters) {
  return std::make_shared<Gating>(std::move(letters));
}

}  // namespace xpgn::rules
