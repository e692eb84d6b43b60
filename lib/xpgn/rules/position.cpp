#include "xpgn/rules/position.hpp"

#include <algorithm>
#include <bit>
#include <cctype>
#include <charconv>
#include <string>

#include <stdexcept>

#include "xpgn/rules/component.hpp"
#include "xpgn/rules/end_rule.hpp"
#include "xpgn/rules/fen_fields.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/zobrist.hpp"

namespace xpgn::rules {

namespace zobrist {

const Tables& tables() {
  static const Tables t = [] {
    Tables out;
    std::uint64_t state = 0x9E3779B97F4A7C15ull;
    auto next = [&] {  // splitmix64
      std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
      return z ^ (z >> 31);
    };
    for (auto& row : out.piece_square)
      for (auto& k : row) k = next();
    for (auto& k : out.castling_rook) k = next();
    for (auto& k : out.en_passant) k = next();
    for (auto& k : out.mark) k = next();
    for (auto& row : out.under)
      for (auto& k : row) k = next();
    for (auto& row : out.hand)
      for (auto& k : row) k = next();
    for (auto& row : out.pair)
      for (auto& k : row) k = next();
    for (auto& side : out.counter)
      for (auto& row : side)
        for (auto& k : row) k = next();
    out.black_to_move = next();
    return out;
  }();
  return t;
}

}  // namespace zobrist

// put() and remove() do note_edit()'s work themselves, so that the square's bit is found once.
void Position::put(Square s, Piece p) {
  legal_move_memo_ = -1;
  board_[s] = p;
  const int c = index_of(p.color());
  ++counts_[c][p.type()];
  ++board_total_;
  board_key_ ^= zobrist::tables().piece_square[p.code][s];
  if (variant_->bitboards) {
    const SquareBit b = square_bit(s);
    note_edited_bit(b);
    occupied_[c][b.word] |= b.mask;
  }
  if (variant_->royal_types & (1u << p.type())) add_royal(c, s);
}

void Position::remove(Square s) {
  legal_move_memo_ = -1;
  const Piece p = board_[s];
  const int c = index_of(p.color());
  --counts_[c][p.type()];
  --board_total_;
  board_key_ ^= zobrist::tables().piece_square[p.code][s];
  board_[s] = no_piece;
  if (variant_->bitboards) {
    const SquareBit b = square_bit(s);
    note_edited_bit(b);
    occupied_[c][b.word] &= ~b.mask;
  }
  if (marked(s)) toggle_mark(s);
  if (variant_->royal_types & (1u << p.type())) drop_royal(c, s);
}

void Position::move_piece(Square from, Square to) {
  legal_move_memo_ = -1;
  const Piece p = board_[from];
  const int c = index_of(p.color());
  const bool royal = variant_->royal_types & (1u << p.type());
  const auto& keys = zobrist::tables().piece_square[p.code];
  board_key_ ^= keys[from] ^ keys[to];
  if (variant_->bitboards) {
    const SquareBit left = square_bit(from), reached = square_bit(to);
    note_edited_bit(left);
    note_edited_bit(reached);
    occupied_[c][left.word] &= ~left.mask;
    occupied_[c][reached.word] |= reached.mask;
  }
  if (marked(from)) toggle_mark(from);
  board_[from] = no_piece;
  if (royal) drop_royal(c, from);  // while `to` is still empty, as after remove() (see there)
  board_[to] = p;
  if (royal) add_royal(c, to);
}

void Position::add_royal(int c, Square s) {
  if (royal_count_[c] < royal_capacity) royals_[c][royal_count_[c]] = static_cast<std::uint8_t>(s);
  ++royal_count_[c];
}

void Position::drop_royal(int c, Square s) {
  if (royal_count_[c] > royal_capacity) {
    // Beyond the list: count down, and rebuild the list once everything fits again.
    --royal_count_[c];
    if (royal_count_[c] == royal_capacity) {
      // `s` has already left the board (remove) or is about to (lower layer): skip it.
      int n = 0;
      for (int i = 0; i < royal_count_[c] + 1 && n < royal_capacity; ++i) {
        const Square r = find_royal(static_cast<Color>(c), i);
        if (r != s && r != no_square) royals_[c][n++] = static_cast<std::uint8_t>(r);
      }
    }
    return;
  }
  auto& list = royals_[c];
  for (int i = 0; i < royal_count_[c]; ++i) {
    if (list[i] == s) {
      list[i] = list[--royal_count_[c]];
      return;
    }
  }
}

Square Position::find_royal(Color c, int i) const {
  const Variant& v = *variant_;
  int seen = 0;
  for (int r = 0; r < v.ranks; ++r) {
    for (int f = 0; f < v.files; ++f) {
      const Square s = make_square(f, r);
      for (Piece p : {board_[s], under(s)}) {
        if (p.empty() || p.color() != c || !(v.royal_types & (1u << p.type()))) continue;
        if (seen++ == i) return s;
      }
    }
  }
  return no_square;
}

void Position::toggle_mark(Square s) {
  note_edit(s);
  marks_[s >> 6] ^= std::uint64_t{1} << (s & 63);
  if (!variant_->marks_outside_key) board_key_ ^= zobrist::tables().mark[s];
}

void Position::set_under(Square s, Piece p) {
  note_edit(s);
  const auto& z = zobrist::tables();
  for (int i = 0; i < under_count_; ++i) {
    if (under_squares_[i] != s) continue;
    const Piece old = under_pieces_[i];
    board_key_ ^= z.under[old.code][s];
    --counts_[index_of(old.color())][old.type()];
    --board_total_;
    if (variant_->royal_types & (1u << old.type())) drop_royal(index_of(old.color()), s);
    under_squares_[i] = under_squares_[under_count_ - 1];
    under_pieces_[i] = under_pieces_[under_count_ - 1];
    --under_count_;
    layered_[s] = false;
    break;
  }
  if (p.empty() || under_count_ == under_squares_.size()) return;
  if (variant_->royal_types & (1u << p.type())) add_royal(index_of(p.color()), s);
  under_squares_[under_count_] = static_cast<std::uint8_t>(s);
  under_pieces_[under_count_] = p;
  ++under_count_;
  layered_[s] = true;
  ++counts_[index_of(p.color())][p.type()];
  ++board_total_;
  board_key_ ^= z.under[p.code][s];
}

Piece Position::first_in_hand() const {
  if (hand_total() == 0) return no_piece;
  for (Color c : {Color::white, Color::black})
    for (std::size_t t = 0; t < variant_->pieces.size(); ++t)
      if (hand_[index_of(c)][t] != 0) return make_piece(c, static_cast<PieceType>(t));
  return no_piece;
}

void Position::set_in_hand(Piece p, int n) {
  legal_move_memo_ = -1;
  const auto& z = zobrist::tables();
  std::uint8_t& count = hand_[index_of(p.color())][p.type()];
  if (count != 0) board_key_ ^= z.hand[p.code][count & 63];
  std::uint8_t& colour_count = hand_counts_[index_of(p.color())];
  colour_count = static_cast<std::uint8_t>(colour_count - count + n);
  count = static_cast<std::uint8_t>(n);
  if (count != 0) board_key_ ^= z.hand[p.code][count & 63];
}

void Position::clear_hand() {
  if (hand_total() == 0) return;
  for (Color c : {Color::white, Color::black})
    for (std::size_t t = 0; t < variant_->pieces.size(); ++t)
      if (hand_[index_of(c)][t] != 0) set_in_hand(make_piece(c, static_cast<PieceType>(t)), 0);
}

void Position::set_counter(Color c, int i, int n) {
  legal_move_memo_ = -1;
  const auto& z = zobrist::tables();
  std::uint8_t& value = counters_[index_of(c)][i];
  if (variant_->counters_outside_key) {
    value = static_cast<std::uint8_t>(n);
    return;
  }
  board_key_ ^= z.counter[index_of(c)][i][value & 63];
  value = static_cast<std::uint8_t>(n);
  board_key_ ^= z.counter[index_of(c)][i][value & 63];
}

void Position::set_pair(Color c, Square a, Square b) {
  legal_move_memo_ = -1;
  const auto& z = zobrist::tables();
  for (Square s : pairs_[index_of(c)])
    if (s != no_square) board_key_ ^= z.pair[index_of(c)][s];
  pairs_[index_of(c)] = {a, b};
  for (Square s : pairs_[index_of(c)])
    if (s != no_square) board_key_ ^= z.pair[index_of(c)][s];
}

void Position::lift_layered(Square s, Piece p) {
  const Piece lower = under(s);
  if (lower.empty()) {
    remove(s);
  } else if (board_[s] == p) {
    remove(s);
    set_under(s, no_piece);
    put(s, lower);
  } else {
    set_under(s, no_piece);
  }
}

void Position::land_on_top(Square s, Piece p) {
  const Piece first = board_[s];
  remove(s);
  put(s, p);
  set_under(s, first);
}

std::uint64_t Position::key() const {
  const auto& z = zobrist::tables();
  std::uint64_t k = board_key_;
  if (side_ == Color::black) k ^= z.black_to_move;
  if (castling_.any())
    for (const auto& side : castling_.rook)
      for (Square s : side)
        if (s != no_square) k ^= z.castling_rook[s];
  if (en_passant_ != no_square) k ^= z.en_passant[en_passant_];
  return k;
}

Position Position::start(const Variant& variant) {
  if (variant.start_position) return *variant.start_position;  // (null while it is being made)
  std::string error;
  FenSetup setup;
  // The start FEN is ours and trusted; parse it with the small reader below.
  if (!parse_simple_fen(variant.start_fen, setup))
    throw std::logic_error("variant " + variant.id + ": bad start FEN");
  auto pos = from_setup(variant, setup, error);
  if (!pos) throw std::logic_error("variant " + variant.id + ": " + error);
  return *pos;
}

namespace {

// True when the marks of `v` are written as '~' in the FEN board (promoted pieces).
bool marks_in_board(const Variant& v) {
  return v.mark_rule != nullptr && v.mark_rule->marks_in_board();
}

// Resolves one castling letter to a rook square of `color` on its castling rank `own_rank`
// (counted from its first, 0); false if it names none.
bool castling_rook_for(const Variant& v, const std::array<Piece, square_count>& board, Color color,
                       char letter, Square king, int own_rank, Square& rook) {
  const int rank = color == Color::white ? own_rank : v.ranks - 1 - own_rank;
  const PieceType rook_type = v.piece_by_fen_letter('R');
  if (rook_type == no_piece_type || king == no_square) return false;
  const Piece own_rook = make_piece(color, rook_type);
  const char up = static_cast<char>(std::toupper(static_cast<unsigned char>(letter)));
  if (up == 'K' || up == 'Q') {
    // Outermost rook on that side of the king (X-FEN).
    const int step = up == 'K' ? -1 : 1;
    int f = up == 'K' ? v.files - 1 : 0;
    for (; f != file_of(king); f += step) {
      if (board[make_square(f, rank)] == own_rook) {
        rook = make_square(f, rank);
        return true;
      }
    }
    return false;
  }
  const int f = up - 'A';
  if (f < 0 || f >= v.files || board[make_square(f, rank)] != own_rook) return false;
  rook = make_square(f, rank);
  return true;
}

}  // namespace

namespace {

// True when `s`'s rank `rank` holds one plain piece letter on every square (no gap, stack or
// '~'): what a lichess pocket written as an extra rank looks like when it fills the width.
bool rank_of_letters(const FenSetup& s, int rank) {
  for (int f = 0; f < s.files; ++f)
    if (s.squares[static_cast<std::size_t>(rank * s.files + f)].size() != 1) return false;
  return true;
}

// `setup` with its extra last rank (FenSetup::extra_rank, or a full rank of letters below a
// board one rank too high) read as the pocket, as lichess writes crazyhouse FENs
// ("RNBQKBNR/Qn"), when `v` holds pieces in hand per colour; otherwise an error saying what the
// extra rank is or might be.
std::optional<FenSetup> pocket_as_rank(const Variant& v, const FenSetup& setup,
                                       std::string& error) {
  FenSetup s = setup;
  if (!s.has_extra_rank) {
    // A rank of letters under a board one rank too high.
    s.has_extra_rank = true;
    for (int f = 0; f < s.files; ++f) s.extra_rank += s.squares[static_cast<std::size_t>(f)];
    s.squares.erase(s.squares.begin(), s.squares.begin() + s.files);
    --s.ranks;
  }
  const std::string rows = std::to_string(s.ranks + 1);
  if (s.ranks + 1 == v.ranks && s.files == v.files) {
    // Short or long by a few squares: a rank of the board, not an extra one.
    error = "FEN row " + rows + " has " + std::to_string(s.extra_rank.size()) +
            " squares, row 1 has " + std::to_string(s.files);
    return std::nullopt;
  }
  const bool pockets = v.hand_rule != nullptr && v.hand_rule->hands_per_colour();
  if (s.ranks != v.ranks || s.files != v.files || !pockets || s.has_hand) {
    error = "FEN board is " + std::to_string(s.files) + "x" + rows + ", variant " + v.id +
            " needs " + std::to_string(v.files) + "x" + std::to_string(v.ranks);
    if (s.ranks == v.ranks && s.files == v.files) {
      error += ": the extra last rank '" + s.extra_rank +
               "' looks like a crazyhouse pocket as lichess writes it";
      error += s.has_hand ? ", but the FEN has a \"[...]\" pocket too"
                          : ", and " + v.id + " has no pockets";
    }
    return std::nullopt;
  }
  s.has_hand = true;
  s.hand = std::move(s.extra_rank);
  s.has_extra_rank = false;
  s.extra_rank.clear();
  return s;
}

}  // namespace

std::optional<Position> Position::from_setup(const Variant& variant, const FenSetup& setup,
                                             std::string& error) {
  if (setup.has_extra_rank || (setup.ranks == variant.ranks + 1 && setup.files == variant.files &&
                               rank_of_letters(setup, 0) && variant.hand_rule != nullptr)) {
    const std::optional<FenSetup> pocketed = pocket_as_rank(variant, setup, error);
    if (!pocketed) return std::nullopt;
    return from_setup(variant, *pocketed, error);
  }
  if (setup.files != variant.files || setup.ranks != variant.ranks) {
    error = "FEN board is " + std::to_string(setup.files) + "x" + std::to_string(setup.ranks) +
            ", variant " + variant.id + " needs " + std::to_string(variant.files) + "x" +
            std::to_string(variant.ranks);
    if (setup.ranks == variant.ranks + 1 && setup.files == variant.files)
      error +=
          ": one rank too many (a lichess crazyhouse FEN writes the pocket as an extra "
          "last rank of piece letters, such as \"/Qn\")";
    return std::nullopt;
  }
  Position pos(variant);
  if (!pos.read_board(setup, error) || !pos.read_hand(setup, error)) return std::nullopt;
  if (setup.side_to_move != 'w' && setup.side_to_move != 'b') {
    error = "side to move must be 'w' or 'b'";
    return std::nullopt;
  }
  pos.side_ = setup.side_to_move == 'w' ? Color::white : Color::black;
  // What the end rules need (exactly one king a side for mate), unless a rule that stops play
  // calls the position final (a blown-up king).
  const bool final =
      std::any_of(variant.end_rules.begin(), variant.end_rules.end(),
                  [&](const auto& r) { return r->stops_play() && r->setup_is_final(pos); });
  for (const auto& rule : variant.end_rules) {
    if (final) break;
    error = rule->check_setup(pos);
    if (!error.empty()) return std::nullopt;
  }
  // Digits in the en passant field: a running count's limit (read below, after the counters).
  const bool clock_count =
      !setup.en_passant.empty() && std::all_of(setup.en_passant.begin(), setup.en_passant.end(),
                                               [](char c) { return c >= '0' && c <= '9'; });
  if (!pos.read_castling(setup.castling, error) ||
      (!clock_count && !pos.read_en_passant(setup.en_passant, error)))
    return std::nullopt;
  if (setup.halfmove_clock < 0 || setup.fullmove_number < 1) {
    error = "move counters out of range";
    return std::nullopt;
  }
  pos.halfmove_clock_ = setup.halfmove_clock;
  pos.fullmove_number_ = setup.fullmove_number;
  if (!pos.read_counters(setup, error) || !pos.read_extra_fields(setup, error)) return std::nullopt;
  if (clock_count && !pos.read_clock_count(setup, error)) return std::nullopt;
  // The side not to move may not be in check.
  if (royal_threatened(pos, opposite(pos.side_))) {
    error = "the side not to move is in check";
    return std::nullopt;
  }
  for (const auto& c : variant.components) c->finish(pos);
  return pos;
}

bool Position::read_board(const FenSetup& setup, std::string& error) {
  const Variant& v = *variant_;
  for (int r = 0; r < setup.ranks; ++r) {
    for (int f = 0; f < setup.files; ++f) {
      std::string cell = setup.squares[static_cast<std::size_t>(r * setup.files + f)];
      if (cell.empty()) continue;
      const Square sq = make_square(f, r);
      // "+P": a piece whose FEN spelling has a '+' (PieceDef::fen_plus).
      const bool plus = cell[0] == '+';
      if (plus) cell.erase(0, 1);
      if (cell.empty()) {  // a '+' with no letter after it
        error = "square " + square_name(sq) + ": '+' must be followed by a piece letter";
        return false;
      }
      const bool promoted = cell.size() == 2 && cell[1] == '~';
      if (promoted) {
        if (!marks_in_board(v)) {
          error = "square " + square_name(sq) + ": '" + cell + "' marks a promoted piece, which " +
                  v.id + " does not track";
          return false;
        }
        cell.resize(1);
      }
      if (cell.size() > 2 || (cell.size() == 2 && !v.layer_rule)) {
        error =
            "square " + square_name(sq) + ": two pieces on one square are not allowed in " + v.id;
        return false;
      }
      Piece pieces[2];
      for (std::size_t i = 0; i < cell.size(); ++i) {
        const char letter = cell[i];
        const Color color =
            std::isupper(static_cast<unsigned char>(letter)) ? Color::white : Color::black;
        const char upper = static_cast<char>(std::toupper(static_cast<unsigned char>(letter)));
        const PieceType t = plus ? v.piece_by_plus_fen_letter(upper) : v.piece_by_fen_letter(upper);
        if (t == no_piece_type) {
          error = "square " + square_name(sq) + ": '" + (plus ? "+" : "") + std::string(1, letter) +
                  "' is not a piece of " + v.id;
          return false;
        }
        if (v.pieces[t].pawn && v.relative_rank(sq, color) == v.ranks - 1 &&
            !v.pawns_stay_on_last_rank) {
          error = "square " + square_name(sq) + ": a pawn cannot stand on its last rank";
          return false;
        }
        pieces[i] = make_piece(color, t);
      }
      if (cell.size() == 2) {
        if (under_count_ == under_squares_.size()) {
          error = "more than " + std::to_string(under_squares_.size()) + " squares with two pieces";
          return false;
        }
        error = v.layer_rule->layer_refuses(sq, pieces[0], pieces[1]);
        if (!error.empty()) return false;
        put(sq, pieces[1]);  // the later arrival is the upper piece
        set_under(sq, pieces[0]);
      } else {
        put(sq, pieces[0]);
        if (promoted) set_mark(sq, true);
      }
    }
  }
  return true;
}

bool Position::read_hand(const FenSetup& setup, std::string& error) {
  const Variant& v = *variant_;
  if (!setup.has_hand) return true;
  if (!v.hand_rule) {
    error = "variant " + v.id + " has no pieces in hand ('[...]' in the FEN)";
    return false;
  }
  // "[-]": an empty hand, as Fairy-Stockfish reads it.
  error = v.hand_rule->read_hand(*this, setup.hand == "-" ? std::string_view() : setup.hand);
  return error.empty();
}

bool Position::read_counters(const FenSetup& setup, std::string& error) {
  const Variant& v = *variant_;
  if (setup.counters.empty()) return true;
  if (!v.counter_rule) {
    error = "variant " + v.id + " has no counters ('" + setup.counters + "' in the FEN)";
    return false;
  }
  error = v.counter_rule->read_counters(*this, setup.counters);
  return error.empty();
}

bool Position::read_castling(const std::string& field, std::string& error) {
  const Variant& v = *variant_;
  // A rule's own letters (gating files) first; the rest are castling rights.
  std::string castling = field;
  if (const CastlingFieldOwner* sharer = v.castling_field_rule) {
    castling.clear();
    error = sharer->read_castling_field(*this, field == "-" ? std::string_view() : field, castling);
    if (!error.empty()) return false;
    if (castling.empty()) castling = "-";
  }
  // Castling rights.
  const CastlingRightsOwner* const castler = v.castling_rule;
  const bool castles = castler != nullptr;
  if (castling != "-" && !castling.empty() && !castles) {
    error = "castling rights '" + castling + "' given, but " + v.id + " has no castling";
    return false;
  }
  if (castles && castling != "-") {
    const int rank = castler->castling_rank();
    for (char letter : castling) {
      const Color color =
          std::isupper(static_cast<unsigned char>(letter)) ? Color::white : Color::black;
      Square king = no_square;
      for (int i = 0; i < royal_count(color); ++i) {
        const Square k = royal_square(color, i);
        if (v.relative_rank(k, color) == rank) king = k;
      }
      Square rook = no_square;
      if (!castling_rook_for(v, board_, color, letter, king, rank, rook)) {
        error = std::string("castling right '") + letter + "' has no king and rook on their " +
                (rank == 0 ? "first rank" : "castling rank (" + std::to_string(rank + 1) + ")");
        return false;
      }
      const int side = file_of(rook) > file_of(king) ? 0 : 1;
      castling_.rook[index_of(color)][side] = rook;
    }
  }
  return true;
}

bool Position::read_clock_count(const FenSetup& setup, std::string& error) {
  const Variant& v = *variant_;
  const std::string& digits = setup.en_passant;
  // (Numbers past six digits are out of every count's range: no overflow below.)
  const long limit = digits.size() > 6 ? 999999 : std::stol(digits);
  const long counted = std::min(setup.halfmove_clock, 999999);
  error = v.counter_rule
              ? v.counter_rule->read_clock_count(*this, limit, counted)
              : "a number in the en passant field is a count's limit (Fairy-Stockfish's makruk "
                "family), which " +
                    v.id + " does not keep";
  if (!error.empty()) {
    error = "en passant field '" + digits + "': " + error;
    return false;
  }
  // The halfmove field held the plies counted (of a count that runs): the halfmove clock starts
  // again, as Fairy-Stockfish reads it.
  if (limit != 0) halfmove_clock_ = 0;
  return true;
}

bool Position::read_en_passant(const std::string& ep, std::string& error) {
  const Variant& v = *variant_;
  // En passant square: kept only when a pawn of the side to move could take there.
  if (ep != "-") {
    const Square sq = parse_square(ep, v);
    if (sq == no_square) {
      error = "en passant square '" + ep + "' is not on the board";
      return false;
    }
    const int f = file_of(sq), r = rank_of(sq);
    const Color mover = opposite(side_);
    const int dir = mover == Color::white ? 1 : -1;
    const PieceType pawn = v.pawn_type();
    const int passed_rank = r + dir;  // where the double-stepped pawn stands
    if (pawn == no_piece_type || !at(sq).empty() || passed_rank < 0 || passed_rank >= v.ranks ||
        at(make_square(f, passed_rank)) != make_piece(mover, pawn)) {
      error = "en passant square '" + ep + "' does not follow a pawn's double step";
      return false;
    }
    en_passant_ = sq;
    // Drop it when no pawn of the side to move stands beside the passed pawn.
    bool capturable = false;
    for (int df : {-1, 1}) {
      const int ff = f + df;
      if (ff >= 0 && ff < v.files && at(make_square(ff, passed_rank)) == make_piece(side_, pawn))
        capturable = true;
    }
    if (!capturable) en_passant_ = no_square;
  }
  return true;
}

bool Position::read_extra_fields(const FenSetup& setup, std::string& error) {
  const Variant& v = *variant_;
  // Read before the check test: a disarmed marked piece gives no check.
  for (const auto& [name, value] : setup.extra_fields) {
    const FenFieldOwner* reader = nullptr;
    for (const FenFieldOwner* f : v.fen_fields)
      if (f->fen_field() == name) reader = f;
    if (!reader) {
      error = "unknown FEN field '" + name + "' for " + v.id;
      return false;
    }
    error = reader->read_fen_field(*this, value);
    if (!error.empty()) return false;
  }
  return true;
}

namespace {

// The FEN letter of the piece `p` of `v`: its letter, lower case for Black.
char fen_letter(const Variant& v, Piece p) {
  const char letter = v.pieces[p.type()].fen();
  if (p.color() != Color::black) return letter;
  if (letter >= 'A' && letter <= 'Z') return static_cast<char>(letter - 'A' + 'a');
  return static_cast<char>(std::tolower(static_cast<unsigned char>(letter)));
}

// The FEN castling field of `pos`, "-" when empty: per colour (White first) and side (king
// side first) K/Q when the rook is the outermost of its kind on its side, else the rook's file
// letter (lower case for Black); a component sharing the field rewrites it.
std::string castling_field(const Position& pos) {
  const Variant& v = pos.variant();
  std::string castling;
  const PieceType rook_type = v.piece_by_fen_letter('R');
  for (Color c : {Color::white, Color::black}) {
    for (int side = 0; side < 2; ++side) {
      const Square rook = pos.castling().rook[index_of(c)][side];
      if (rook == no_square) continue;
      bool outermost = true;
      const int step = side == 0 ? 1 : -1;
      for (int f = file_of(rook) + step; f >= 0 && f < v.files; f += step)
        if (pos.at(make_square(f, rank_of(rook))) == make_piece(c, rook_type)) outermost = false;
      char letter = outermost ? (side == 0 ? 'K' : 'Q') : static_cast<char>('A' + file_of(rook));
      if (c == Color::black)
        letter = static_cast<char>(std::tolower(static_cast<unsigned char>(letter)));
      castling += letter;
    }
  }
  if (v.castling_field_rule != nullptr)
    castling = v.castling_field_rule->write_castling_field(pos, castling);
  return castling.empty() ? "-" : castling;
}

// Appends `value` in decimal to `out`.
void append_decimal(std::string& out, int value) {
  char digits[16];
  const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
  out.append(digits, static_cast<std::size_t>(end - digits));
}

}  // namespace

FenSetup Position::to_setup() const {
  const Variant& v = *variant_;
  FenSetup s;
  s.files = v.files;
  s.ranks = v.ranks;
  s.squares.resize(static_cast<std::size_t>(v.files * v.ranks));
  const bool tilde_marks = any_mark() && marks_in_board(v);
  for (int r = 0; r < v.ranks; ++r) {
    for (int f = 0; f < v.files; ++f) {
      const Piece p = board_[make_square(f, r)];
      if (p.empty()) continue;
      auto letter_of = [&](Piece q) {
        char letter = v.pieces[q.type()].fen();
        if (q.color() == Color::black)
          letter = static_cast<char>(std::tolower(static_cast<unsigned char>(letter)));
        return v.pieces[q.type()].fen_plus ? std::string{'+', letter} : std::string(1, letter);
      };
      std::string cell;
      const Piece lower = under_count_ ? under(make_square(f, r)) : no_piece;
      if (!lower.empty()) cell += letter_of(lower);
      cell += letter_of(p);
      if (tilde_marks && marked(make_square(f, r))) cell += '~';
      s.squares[static_cast<std::size_t>(r * v.files + f)] = cell;
    }
  }
  s.has_hand = v.hand_rule != nullptr;
  for (Color c : {Color::white, Color::black}) {  // White's pieces first, each by type
    for (std::size_t t = 0; t < v.pieces.size(); ++t) {
      char letter = v.pieces[t].fen();
      if (c == Color::black)
        letter = static_cast<char>(std::tolower(static_cast<unsigned char>(letter)));
      for (int k = 0; k < hand_[index_of(c)][t]; ++k) {
        if (v.pieces[t].fen_plus) s.hand += '+';
        s.hand += letter;
      }
    }
  }
  s.side_to_move = side_ == Color::white ? 'w' : 'b';
  s.castling = castling_field(*this);
  s.en_passant = en_passant_ == no_square ? "-" : square_name(en_passant_);
  if (v.counter_rule) s.counters = v.counter_rule->write_counters(*this);
  s.halfmove_clock = halfmove_clock_;
  if (int limit = 0, counted = 0;
      v.counter_rule && v.counter_rule->write_clock_count(*this, limit, counted)) {
    s.en_passant = std::to_string(limit);
    s.halfmove_clock = counted;
  }
  s.fullmove_number = fullmove_number_;
  for (const FenFieldOwner* f : v.fen_fields) {
    std::string value = f->write_fen_field(*this);
    if (!value.empty()) s.extra_fields.emplace_back(std::string(f->fen_field()), std::move(value));
  }
  return s;
}

// Writes the text format_fen(to_setup()) gives straight into one string, without the FenSetup
// (the per-ply FEN of JSON output calls this once a move). The board goes to a buffer on the
// stack first: at most five bytes a square ("(XY~)") and a '/' a rank.
std::string Position::fen() const {
  const Variant& v = *variant_;
  auto letter = [&v](Piece p) { return v.fen_letters[p.code]; };
  // Writes the piece's letter, after a '+' for a piece spelled so (PieceDef::fen_plus).
  auto put_letter = [&v, &letter](char*& to, Piece p) {
    if (v.pieces[p.type()].fen_plus) *to++ = '+';
    *to++ = letter(p);
  };
  char board[square_count * 7 + max_ranks + 8];
  char* w = board;
  // Writes an empty-square count (at most max_files, so one or two digits).
  auto run = [&w](int empty) {
    if (empty >= 10) *w++ = static_cast<char>('0' + empty / 10);
    *w++ = static_cast<char>('0' + empty % 10);
  };
  const bool tilde_marks = any_mark() && marks_in_board(v);
  const bool plain =
      under_count_ == 0 && !tilde_marks && !v.plus_fen_letters;  // one letter a piece
  const bool by_bits = plain && v.bitboards && !v.wide_bits;
  if (by_bits) {
    // The usual board: each rank's occupied squares from the bit set, the gaps between them
    // counted.
    const std::uint64_t occupied_squares = occupied();
    const std::uint64_t rank_mask = (std::uint64_t{1} << v.files) - 1;
    for (int r = v.ranks - 1; r >= 0; --r) {
      int next = 0;  // the first file not yet written
      for (std::uint64_t bits = (occupied_squares >> (r * v.files)) & rank_mask; bits;
           bits &= bits - 1) {
        const int f = std::countr_zero(bits);
        if (f > next) run(f - next);
        *w++ = letter(board_[make_square(f, r)]);
        next = f + 1;
      }
      if (next < v.files) run(v.files - next);
      if (r > 0) *w++ = '/';
    }
  }
  for (int r = v.ranks - 1; r >= 0 && !by_bits; --r) {
    int empty = 0;
    const Piece* row = &board_[make_square(0, r)];
    for (int f = 0; f < v.files; ++f) {
      const Piece p = row[f];
      if (p.empty()) {
        ++empty;
        continue;
      }
      if (empty > 0) {
        run(empty);
        empty = 0;
      }
      if (plain) {
        *w++ = letter(p);
        continue;
      }
      const Square sq = make_square(f, r);
      const Piece lower = under_count_ ? under(sq) : no_piece;
      const bool tilde = tilde_marks && marked(sq);
      if (lower.empty()) {  // one letter, or a letter and '~': written as it is
        put_letter(w, p);
        if (tilde) *w++ = '~';
      } else {  // a stack: in parentheses
        *w++ = '(';
        put_letter(w, lower);
        put_letter(w, p);
        if (tilde) *w++ = '~';
        *w++ = ')';
      }
    }
    if (empty > 0) run(empty);
    if (r > 0) *w++ = '/';
  }
  std::string out;
  out.reserve(static_cast<std::size_t>(w - board) + 40);
  out.append(board, static_cast<std::size_t>(w - board));
  if (v.hand_rule != nullptr) {
    out += '[';
    for (Color c : {Color::white, Color::black})  // White's pieces first, each by type
      for (std::size_t t = 0; t < v.pieces.size(); ++t)
        for (int k = 0; k < hand_[index_of(c)][t]; ++k) {
          if (v.pieces[t].fen_plus) out += '+';
          out += fen_letter(v, make_piece(c, static_cast<PieceType>(t)));
        }
    out += ']';
  }
  out += ' ';
  out += side_ == Color::white ? 'w' : 'b';
  out += ' ';
  out += castling_field(*this);
  out += ' ';
  // A running count in place of the en passant square and the halfmove clock (CounterOwner).
  int count_limit = 0, counted = 0;
  const bool clock_count =
      v.counter_rule && v.counter_rule->write_clock_count(*this, count_limit, counted);
  if (clock_count)
    append_decimal(out, count_limit);
  else
    out += en_passant_ == no_square ? "-" : square_name(en_passant_);
  out += ' ';
  if (v.counter_rule) {
    const std::string counters = v.counter_rule->write_counters(*this);
    if (!counters.empty()) {
      out += counters;
      out += ' ';
    }
  }
  append_decimal(out, clock_count ? counted : halfmove_clock_);
  out += ' ';
  append_decimal(out, fullmove_number_);
  for (const FenFieldOwner* f : v.fen_fields) {
    const std::string value = f->write_fen_field(*this);
    if (value.empty()) continue;
    out += ' ';
    out += f->fen_field();
    out += '=';
    out += value;
  }
  return out;
}

std::vector<std::string> split_fen_fields(std::string_view text) {
  std::vector<std::string> fields;
  std::string current;
  for (char c : text) {
    if (c == ' ') {
      if (!current.empty()) fields.push_back(current);
      current.clear();
    } else {
      current += c;
    }
  }
  if (!current.empty()) fields.push_back(current);
  return fields;
}

bool parse_simple_fen(std::string_view text, FenSetup& out) {
  std::vector<std::string> fields = split_fen_fields(text);
  if (fields.size() < 4) return false;
  std::vector<std::vector<std::string>> rows(1);
  std::string& board = fields[0];
  std::size_t bracket = board.find('[');
  if (bracket != std::string::npos) {
    out.has_hand = true;
    out.hand = board.substr(bracket + 1, board.find(']') - bracket - 1);
    board.resize(bracket);
  }
  int run = 0;
  auto flush_run = [&] {
    for (int i = 0; i < run; ++i) rows.back().emplace_back();
    run = 0;
  };
  for (char c : board) {
    if (c >= '0' && c <= '9') {
      run = run * 10 + (c - '0');
      if (run > max_files) return false;  // no board is that wide (and no overflow, no flood)
    } else {
      flush_run();
      if (c == '/')
        rows.emplace_back();
      else if (!rows.back().empty() && rows.back().back() == "+")
        rows.back().back() += c;  // a piece spelled "+X" (the shogi family)
      else
        rows.back().emplace_back(1, c);
    }
  }
  flush_run();
  out.ranks = static_cast<int>(rows.size());
  out.files = static_cast<int>(rows[0].size());
  if (out.ranks > max_ranks || out.files > max_files) return false;
  out.squares.assign(static_cast<std::size_t>(out.files * out.ranks), std::string());
  for (int i = 0; i < out.ranks; ++i) {
    if (static_cast<int>(rows[static_cast<std::size_t>(i)].size()) != out.files) return false;
    const int r = out.ranks - 1 - i;
    for (int f = 0; f < out.files; ++f)
      out.squares[static_cast<std::size_t>(r * out.files + f)] =
          rows[static_cast<std::size_t>(i)][static_cast<std::size_t>(f)];
  }
  out.side_to_move = fields[1][0];
  out.castling = fields[2];
  out.en_passant = fields[3];
  if (fields.size() > 4 && fields[4].find('+') != std::string::npos) {  // counters ("3+3")
    out.counters = fields[4];
    fields.erase(fields.begin() + 4);
  }
  out.halfmove_clock = fields.size() > 4 ? std::stoi(fields[4]) : 0;
  out.fullmove_number = fields.size() > 5 ? std::stoi(fields[5]) : 1;
  return true;
}

}  // namespace xpgn::rules
