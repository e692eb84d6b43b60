// Reenterent Chess: captured pieces wait on the re-entry square; bishops know the catacombs.
#include <algorithm>
#include <cctype>
#include <string>

#include "xpgn/rules/components.hpp"
#include "xpgn/rules/movegen.hpp"

namespace xpgn::rules {
namespace {

// Parses "d1,c3,e3" (or "a2-e4": a rectangle) into squares.
std::vector<Square> parse_squares(const std::string& text) {
  std::vector<Square> out;
  std::size_t start = 0;
  auto square = [](const std::string& s) {
    return make_square(s[0] - 'a', std::stoi(s.substr(1)) - 1);
  };
  while (start < text.size()) {
    std::size_t end = text.find(',', start);
    if (end == std::string::npos) end = text.size();
    const std::string item = text.substr(start, end - start);
    const std::size_t dash = item.find('-');
    if (dash == std::string::npos) {
      out.push_back(square(item));
    } else {
      const Square a = square(item.substr(0, dash)), b = square(item.substr(dash + 1));
      for (int r = rank_of(a); r <= rank_of(b); ++r)
        for (int f = file_of(a); f <= file_of(b); ++f) out.push_back(make_square(f, r));
    }
    start = end + 1;
  }
  return out;
}

class Reentry final : public RuleComponent, public HandOwner {
 public:
  Reentry(std::vector<std::pair<char, std::string>> squares, bool pawn_open_file)
      : pawn_open_file_(pawn_open_file) {
    for (auto& [letter, list] : squares) squares_.emplace_back(letter, parse_squares(list));
  }
  std::string_view name() const override { return "re-entry"; }
  // The re-entry square is Position's hand, holding at most one piece of either colour,
  // "[X]" or "[]" in FEN. Captured pieces wait beside the board (as many pieces as before) and
  // come back, pawns behind others.
  Declaration declaration() const override {
    return {.hooks = hook_apply | hook_allows | hook_generate,
            .hand = this,
            .may_move_pawns_back = true};
  }
  std::string_view hand_label() const override { return "re-entry"; }
  std::string read_hand(Position& pos, std::string_view letters) const override {
    if (letters.empty()) return {};
    const char letter = letters[0];
    const PieceType t = pos.variant().piece_by_fen_letter(
        static_cast<char>(std::toupper(static_cast<unsigned char>(letter))));
    if (letters.size() > 1 || t == no_piece_type)
      return "re-entry square '[" + std::string(letters) + "]' must hold at most one piece of " +
             pos.variant().id;
    pos.add_to_hand(make_piece(
        std::isupper(static_cast<unsigned char>(letter)) ? Color::white : Color::black, t));
    return {};
  }
  // A piece waiting to re-enter may still decide the game.
  bool may_generate(const Position&, PieceType, Square) const override {
    return false;  // only placements, which SAN names as such
  }
  bool may_generate_type(const Variant&, PieceType) const override { return false; }

  void generate(const Position& pos, MoveList& out) const override {
    const Piece waiting = pos.first_in_hand();
    const Color us = pos.side_to_move();
    if (waiting.empty() || waiting.color() != us) return;
    const Variant& v = pos.variant();
    const PieceDef& def = v.pieces[waiting.type()];
    for (const auto& [letter, list] : squares_) {
      if (letter != def.fen()) continue;
      for (Square white_sq : list) {
        const Square s = us == Color::white
                             ? white_sq
                             : make_square(file_of(white_sq), v.ranks - 1 - rank_of(white_sq));
        if (!pos.at(s).empty()) continue;
        // A pawn on a file that holds one of its pawns is generated too and refused by
        // allows(), so that the refusal can say why.
        Move m;
        m.kind = MoveKind::placement;
        m.to = s;
        m.piece = waiting.type();
        out.push_back(m);
      }
    }
  }

  bool allows(const Position& before, const Move& move, const Position& after) const override {
    (void)after;
    return !closed_file(before, move);
  }

  std::string why_forbidden(const Position& before, const Move& move,
                            const Position& after) const override {
    (void)after;
    if (!closed_file(before, move)) return {};
    const Color us = before.side_to_move();
    return std::string("the ") + static_cast<char>('a' + file_of(move.to)) +
           "-file already has a " + (us == Color::white ? "white" : "black") +
           " pawn, and a pawn re-enters only on a file without one";
  }

  // A re-entry empties the re-entry square; a capture puts the piece taken there, pushing out
  // the one that waited.
  void apply(const Position& before, const Move& move, Position& after,
             EffectList* effects) const override {
    if (move.kind == MoveKind::placement) {
      empty_reentry_square(after);
      return;
    }
    // The captured piece and the square it was taken on (en passant: beside the arrival).
    Square where = no_square;
    if (move.kind == MoveKind::normal) where = move.to;
    if (move.kind == MoveKind::en_passant)
      where = make_square(file_of(move.to), rank_of(move.from));
    if (where == no_square) return;
    const Piece taken = before.at(where);
    if (!taken.empty() && taken.color() != before.side_to_move())
      send_to_reentry(before, where, taken, after, effects);
  }

 private:
  // True for the re-entry of a pawn onto a file that already has a pawn of its colour.
  bool closed_file(const Position& before, const Move& move) const {
    if (move.kind != MoveKind::placement || !pawn_open_file_) return false;
    if (!before.variant().pieces[move.piece].pawn) return false;
    return has_own_pawn_on_file(before, before.side_to_move(), file_of(move.to));
  }

  // apply() for a capture of `taken` on `where`: it goes to the re-entry square, and the piece
  // waiting there (if any) leaves the game. Kept out of apply(), like empty_reentry_square(),
  // so that the other moves need no registers saved for them.
  [[gnu::noinline]] static void send_to_reentry(const Position& before, Square where, Piece taken,
                                                Position& after, EffectList* effects) {
    const Piece lost = before.first_in_hand();  // the piece waiting is pushed out for good
    if (effects && !lost.empty())
      effects->push_back({EffectKind::reentry_lost, no_square, no_square, lost});
    if (!lost.empty()) after.set_in_hand(lost, 0);  // the hand is still `before`'s
    after.add_to_hand(taken);
    if (effects) effects->push_back({EffectKind::to_reentry, where, no_square, taken});
  }

  // Takes the piece waiting on the re-entry square (if any) off it. The hand holds at most one
  // piece (read_hand() reads one, apply() puts one there after taking the other), so this is
  // Position::clear_hand() without its look at every other piece type.
  [[gnu::noinline]] static void empty_reentry_square(Position& pos) {
    const Piece waiting = pos.first_in_hand();
    if (!waiting.empty()) pos.set_in_hand(waiting, 0);
  }

  static bool has_own_pawn_on_file(const Position& pos, Color us, int file) {
    const Variant& v = pos.variant();
    const Piece pawn = make_piece(us, v.pawn_type());
    for (int r = 0; r < v.ranks; ++r)
      if (pos.at(make_square(file, r)) == pawn) return true;
    return false;
  }

  std::vector<std::pair<char, std::vector<Square>>> squares_;
  bool pawn_open_file_;
};

class Catacombs final : public RuleComponent {
 public:
  Catacombs(char bishop_letter, Square a, Square b) : letter_(bishop_letter), a_(a), b_(b) {}
  std::string_view name() const override { return "catacombs"; }
  Declaration declaration() const override { return {.hooks = hook_apply | hook_generate}; }

  bool may_generate(const Position& pos, PieceType piece, Square to) const override {
    return pos.variant().pieces[piece].letter == letter_ && (to == a_ || to == b_);
  }
  bool may_generate_type(const Variant& v, PieceType piece) const override {
    return v.pieces[piece].letter == letter_;
  }

  // The catacomb moves of the side's bishops, bishop by bishop in board order: from one
  // catacomb square to the other, then the moves ending on a catacomb square that go on to the
  // other one (those via the first square, then via the second).
  void generate(const Position& pos, MoveList& out) const override {
    const PieceType bishop = pos.variant().piece_by_san_letter(letter_);
    const Color us = pos.side_to_move();
    if (bishop == no_piece_type || pos.count(us, bishop) == 0) return;
    const Piece own = make_piece(us, bishop);
    // Only the bishops on a catacomb square or able to reach one have such moves: the squares
    // find_origins() names for the two (it names every piece that may reach a square, and
    // where pieces share squares every square of the piece), in board order and each once.
    constexpr int capacity = 64;
    Square bishops[2 + 2 * capacity];
    int n = 0;
    for (Square s : {a_, b_})
      if (pos.at(s) == own) bishops[n++] = s;
    for (Square target : {a_, b_})
      if (pos.at(other(target)).empty())  // else only the bishop there, listed above, goes on
        n += find_origins(pos, own, target, bishops + n, capacity);
    std::sort(bishops, bishops + n);
    n = static_cast<int>(std::unique(bishops, bishops + n) - bishops);
    for (int i = 0; i < n; ++i)
      if (pos.at(bishops[i]) == own) add_moves_of(pos, bishops[i], bishop, out);  // on top
  }

  // Reports the passage through the catacombs: a bishop move that went on to the other square,
  // or a whole move from one catacomb square to the other.
  void apply(const Position& before, const Move& move, Position& after,
             EffectList* effects) const override {
    (void)after;
    if (!effects || move.kind != MoveKind::normal) return;
    if (before.variant().pieces[move.piece].letter != letter_) return;
    const Piece bishop = make_piece(before.side_to_move(), move.piece);
    if (move.relocation != no_square && move.relocation != move.to)
      effects->push_back({EffectKind::catacomb_switch, move.to, move.relocation, bishop});
    else if ((move.from == a_ || move.from == b_) && move.to == other(move.from))
      effects->push_back({EffectKind::catacomb_switch, move.from, move.to, bishop});
  }

 private:
  Square other(Square s) const { return s == a_ ? b_ : a_; }

  // Appends the catacomb moves of the bishop (of type `bishop`) on `from` (see generate()).
  void add_moves_of(const Position& pos, Square from, PieceType bishop, MoveList& out) const {
    // A move of its own: from one catacomb square to the other.
    if ((from == a_ || from == b_) && pos.at(other(from)).empty()) {
      Move m;
      m.from = from;
      m.to = other(from);
      m.piece = bishop;
      out.push_back(m);
    }
    // A move ending on a catacomb square may finish on the other one, when that is free.
    for (Square target : {a_, b_}) {
      const Square exit = other(target);
      if (!(pos.at(exit).empty() || exit == from)) continue;
      MoveList reach;
      generate_piece_moves_to(pos, from, target, reach);
      for (Move m : reach) {
        m.relocation = exit;
        out.push_back(m);
      }
    }
  }

  char letter_;
  Square a_, b_;
};

}  // namespace

std::shared_ptr<const RuleComponent> make_reentry(std::vector<std::pair<char, std::string>> squares,
                                                  bool pawn_open_file) {
  return std::make_shared<Reentry>(std::move(squares), pawn_open_file);
}

std::shared_ptr<const RuleComponent> make_catacombs(char bishop_letter, Square a, Square b) {
  return std::make_shared<Catacombs>(bishop_letter, a, b);
}

}  // namespace xpgn::rules
