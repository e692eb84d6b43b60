// The setup phase of drops (components_placement.hpp).
#include "xpgn/rules/components_placement.hpp"

#include <cctype>
#include <string_view>

#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/position.hpp"

namespace xpgn::rules {
namespace {

class SetupDrops final : public RuleComponent, public HandOwner {
 public:
  explicit SetupDrops(SetupDropRules rules) : rules_(std::move(rules)) {}
  std::string_view name() const override { return "setup drops"; }
  Declaration declaration() const override {
    return {.hooks = hook_apply | hook_generate | hook_allows, .hand = this};
  }
  std::string_view hand_label() const override { return "hand"; }
  bool hands_per_colour() const override { return true; }
  bool may_generate(const Position&, PieceType, Square) const override { return false; }
  bool may_generate_type(const Variant&, PieceType) const override { return false; }

  // Reads the hand letters: any piece but a pawn, the king too, at most 63 of a kind.
  std::string read_hand(Position& pos, std::string_view letters) const override {
    const Variant& v = pos.variant();
    for (char letter : letters) {
      const PieceType t = v.piece_by_fen_letter(
          static_cast<char>(std::toupper(static_cast<unsigned char>(letter))));
      const std::string where = "hand '[" + std::string(letters) + "]': ";
      if (t == no_piece_type)
        return where + "'" + std::string(1, letter) + "' is not a piece of " + v.id;
      if (v.pieces[t].pawn) return where + "a pawn cannot be in hand";
      const Piece p = make_piece(
          std::isupper(static_cast<unsigned char>(letter)) ? Color::white : Color::black, t);
      if (pos.in_hand(p.color(), t) >= 63) return where + "more than 63 pieces of a kind";
      pos.add_to_hand(p);
    }
    return {};
  }

  void generate(const Position& pos, MoveList& out) const override {
    if (pos.hand_count(pos.side_to_move()) == 0) return;
    const Variant& v = pos.variant();
    const Color us = pos.side_to_move();
    const int ranks = rules_.ranks < v.ranks ? rules_.ranks : v.ranks;
    for (int k = 0; k < ranks; ++k) {
      const int r = us == Color::white ? k : v.ranks - 1 - k;
      for (int f = 0; f < v.files; ++f) add_drops(pos, make_square(f, r), out);
    }
  }
  void generate_to(const Position& pos, Square to, MoveList& out) const override {
    if (pos.hand_count(pos.side_to_move()) == 0 || !pos.variant().on_board(to)) return;
    add_drops(pos, to, out);
  }

  // While its side holds pieces, a move that is no placement is legal only when no placement
  // is (Fairy-Stockfish's mustDrop).
  bool allows(const Position& before, const Move& move, const Position&) const override {
    if (move.kind == MoveKind::placement || before.hand_count(before.side_to_move()) == 0)
      return true;
    return !some_legal_drop(before);
  }
  std::string why_forbidden(const Position& before, const Move& move,
                            const Position& after) const override {
    return allows(before, move, after) ? std::string() : "pieces in hand must be placed first";
  }

  std::string why_no_move(const Position& pos, const SanToken& token) const override {
    if (token.kind != TokenKind::placement || token.promotion) return {};
    const Variant& v = pos.variant();
    const PieceType t = token.piece ? v.piece_by_san_letter(token.piece) : v.pawn_type();
    if (t == no_piece_type || !token.to.complete() || token.to.file >= v.files ||
        token.to.rank >= v.ranks)
      return {};
    const Square to = make_square(token.to.file, token.to.rank);
    const Color us = pos.side_to_move();
    if (pos.in_hand(us, t) == 0) return "no " + v.pieces[t].name + " in hand";
    if (!pos.at(to).empty()) return square_name(to) + " is not empty";
    if (!in_region(v, t, to, us)) {
      const int ranks = first_rank_only(v, t) ? 1 : rules_.ranks;
      return std::string("a ") + v.pieces[t].name + " is placed on its side's " +
             (ranks == 1 ? std::string("first rank")
                         : "first " + std::string(ranks == 3 ? "three" : std::to_string(ranks)) +
                               " ranks");
    }
    if (!colours_left(pos, t, to))
      return "the " + v.pieces[bound_type(v)].name +
             "s must end on squares of both colours, and this placement leaves too few";
    return {};
  }

  // A placement takes the piece from the hand and restarts the halfmove clock, as
  // Fairy-Stockfish counts; a king or rook placed on its castling square may give castling
  // rights.
  void apply(const Position& before, const Move& move, Position& after,
             EffectList*) const override {
    if (move.kind != MoveKind::placement) return;
    const Color us = before.side_to_move();
    after.set_in_hand(make_piece(us, move.piece), before.in_hand(us, move.piece) - 1);
    after.set_halfmove_clock(0);
    if (rules_.castling_king_file >= 0) give_castling_rights(move, after, us);
  }

  std::string validate(const Variant& v) const override {
    if (rules_.ranks < 1 || rules_.ranks > v.ranks / 2)
      return "the placement ranks run from 1 to half the board's ranks";
    for (char c : rules_.first_rank_only)
      if (v.piece_by_san_letter(c) == no_piece_type)
        return std::string("'") + c + "' is no SAN letter of a piece of " + v.id;
    if (rules_.opposite_colours && v.piece_by_san_letter(rules_.opposite_colours) == no_piece_type)
      return std::string("'") + rules_.opposite_colours + "' is no SAN letter of a piece of " +
             v.id;
    if (rules_.castling_king_file >= v.files) return "the castling king's file is off the board";
    if (rules_.castling_king_file >= 0) {
      bool castling_first = false;
      for (const auto& c : v.components) {
        if (c.get() == this) break;
        if (c->declaration().castling_rights != nullptr) castling_first = true;
      }
      if (!castling_first)
        return "castling rights from placements need the castling component before this one";
      if (v.piece_by_fen_letter('R') == no_piece_type) return "castling needs a rook (FEN R)";
    }
    return {};
  }

 private:
  bool first_rank_only(const Variant& v, PieceType t) const {
    return rules_.first_rank_only.find(v.pieces[t].letter) != std::string::npos;
  }
  bool in_region(const Variant& v, PieceType t, Square s, Color us) const {
    const int r = v.relative_rank(s, us);
    return first_rank_only(v, t) ? r == 0 : r < rules_.ranks;
  }
  PieceType bound_type(const Variant& v) const {
    return rules_.opposite_colours ? v.piece_by_san_letter(rules_.opposite_colours) : no_piece_type;
  }

  // Fairy-Stockfish's dropOppositeColoredBishop: with n bound pieces (board and hand) of the
  // side to move, a bound piece may not be placed on a colour that already holds half of them
  // (rounded up), and another piece may not take a square when too few free squares of the
  // region would be left on a colour for half of them (rounded down).
  bool colours_left(const Position& pos, PieceType t, Square to) const {
    const Variant& v = pos.variant();
    const PieceType bound = bound_type(v);
    if (bound == no_piece_type) return true;
    const Color us = pos.side_to_move();
    const int n = pos.count(us, bound) + pos.in_hand(us, bound);
    const Piece own = make_piece(us, bound);
    int placed[2] = {0, 0}, free[2] = {0, 0};
    for (int r = 0; r < v.ranks; ++r)
      for (int f = 0; f < v.files; ++f) {
        const Square s = make_square(f, r);
        const int colour = (f + r) % 2;
        if (pos.at(s) == own)
          ++placed[colour];
        else if (pos.at(s).empty() && s != to && in_region(v, bound, s, us))
          ++free[colour];
      }
    if (t == bound) return placed[(file_of(to) + rank_of(to)) % 2] + 1 <= (n + 1) / 2;
    return placed[0] + free[0] >= n / 2 && placed[1] + free[1] >= n / 2;
  }

  void add_drops(const Position& pos, Square s, MoveList& out) const {
    if (!pos.at(s).empty()) return;
    const Variant& v = pos.variant();
    const Color us = pos.side_to_move();
    int colours_ok = -1;  // the test for a piece that is not bound, once
    for (std::size_t t = 0; t < v.pieces.size(); ++t) {
      const auto type = static_cast<PieceType>(t);
      if (pos.in_hand(us, type) == 0 || !in_region(v, type, s, us)) continue;
      if (rules_.opposite_colours) {
        if (type == bound_type(v)) {
          if (!colours_left(pos, type, s)) continue;
        } else {
          if (colours_ok < 0) colours_ok = colours_left(pos, type, s) ? 1 : 0;
          if (colours_ok == 0) continue;
        }
      }
      Move m;
      m.kind = MoveKind::placement;
      m.to = s;
      m.piece = type;
      out.push_back(m);
    }
  }
  // True when the side to move has a legal placement.
  bool some_legal_drop(const Position& pos) const {
    MoveList drops;
    generate(pos, drops);
    for (const Move& m : drops) {
      const Position after = play(pos, m);
      if (is_legal_after(pos, m, after)) return true;
    }
    return false;
  }

  // Fairy-Stockfish's castlingDroppedPiece: the king placed on its castling square gives the
  // rights of the rooks standing on the edge files of its castling rank; a rook placed on an
  // edge file of that rank, with the king on its square, gives that rook's right.
  void give_castling_rights(const Move& move, Position& after, Color us) const {
    const Variant& v = after.variant();
    const int rank = castling_rank(v);
    if (v.relative_rank(move.to, us) != rank) return;
    const int row = us == Color::white ? rank : v.ranks - 1 - rank;
    const Piece rook = make_piece(us, v.piece_by_fen_letter('R'));
    const Square king_home = make_square(rules_.castling_king_file, row);
    auto& rights = after.castling_rights().rook[index_of(us)];
    auto grant = [&](int file) {
      const Square s = make_square(file, row);
      if (after.at(s) == rook) rights[file > rules_.castling_king_file ? 0 : 1] = s;
    };
    if (v.pieces[move.piece].royal && move.to == king_home) {
      grant(0);
      grant(v.files - 1);
    } else if (after.at(move.to) == rook &&
               (file_of(move.to) == 0 || file_of(move.to) == v.files - 1)) {
      const Piece k = after.at(king_home);
      if (!k.empty() && k.color() == us && v.pieces[k.type()].royal) grant(file_of(move.to));
    }
  }
  static int castling_rank(const Variant& v) {
    return v.castling_rule != nullptr ? v.castling_rule->castling_rank() : 0;
  }

  SetupDropRules rules_;
};

}  // namespace

std::shared_ptr<const RuleComponent> make_setup_drops(SetupDropRules rules) {
  return std::make_shared<SetupDrops>(std::move(rules));
}

}  // namespace xpgn::rules
