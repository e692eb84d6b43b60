#include "xpgn/rules/janggi_notation.hpp"

#include <array>
#include <string>
#include <string_view>

#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/notation_component.hpp"
#include "xpgn/rules/own_notation.hpp"

namespace xpgn::rules {

namespace {

// A janggi piece's names: its SAN letter, the Hanja xpgn writes for Cho (first player) and Han,
// and every name read (UTF-8, one character each).
struct PieceNames {
  char letter;
  std::string_view cho, han;
  std::array<std::string_view, 9> read;
};

constexpr std::array<PieceNames, 7> piece_names{{
    {'K', "楚", "漢", {"楚", "漢", "將", "宮", "帥", "장", "궁", "초", "한"}},
    {'A', "士", "士", {"士", "仕", "사"}},
    {'E', "象", "象", {"象", "相", "상"}},
    {'H', "馬", "馬", {"馬", "傌", "마"}},
    {'R', "車", "車", {"車", "俥", "차"}},
    {'C', "包", "包", {"包", "砲", "炮", "포"}},
    {'P', "卒", "兵", {"卒", "兵", "졸", "병"}},
}};

constexpr std::string_view form =
    "Korean coordinates: origin, piece name, destination, each point its row (1-9 and 0 from "
    "Han's side) and column (1-9 from Cho's left), as in 79卒78";

// The entry of piece_names for `letter`, nullptr if none.
const PieceNames* names_of(char letter) {
  for (const PieceNames& n : piece_names)
    if (n.letter == letter) return &n;
  return nullptr;
}

// The square of the point written as the digits `row` and `column` on a 9 x 10 board,
// no_square when the column is 0.
Square point_square(char row, char column) {
  if (column < '1' || column > '9') return no_square;
  const int r = row == '0' ? 10 : row - '0';
  return make_square(column - '1', 10 - r);
}

// The two digits of `s`'s point.
std::string point_of(Square s) {
  const int r = 10 - rank_of(s);
  return {static_cast<char>('0' + r % 10), static_cast<char>('1' + file_of(s))};
}

// "79 (i4)": a point as written and as xpgn names it.
std::string point_text(Square s) {
  return point_of(s) + " (" + square_name(s) + ")";
}

// "a " or "an " before `word`.
std::string_view article(std::string_view word) {
  return !word.empty() && std::string_view("aeiou").find(word[0]) != std::string_view::npos ? "an "
                                                                                            : "a ";
}

// The name written for `type` of `pos`'s variant in Hanja (as to_korean() writes it for `side`).
std::string_view hanja_of(const Variant& v, PieceType type, Color side) {
  const PieceNames* n = names_of(v.pieces[type].letter);
  return n == nullptr ? std::string_view("?") : side == Color::white ? n->cho : n->han;
}

// read_move() for Korean coordinates: `text` is "79卒78", "H08-87" or "R95x25" (the grammar's
// korean_move without its check).
bool read_korean(const Position& pos, std::string_view text, OwnMove& out) {
  const bool latin = text.size() == 6 && (text[3] == '-' || text[3] == 'x');
  if (!latin && text.size() != 7) return false;
  const std::string_view name = latin ? text.substr(0, 1) : text.substr(2, 3);
  const std::size_t at = latin ? 1 : 0, to_at = latin ? 4 : 5;
  const Variant& v = pos.variant();
  const std::string quoted = "'" + std::string(text) + "' (Korean coordinates)";
  out.error = MoveError::invalid;
  // The piece type the name means.
  PieceType named = no_piece_type;
  if (latin) {
    named = v.piece_by_san_letter(name[0]);
  } else {
    for (const PieceNames& n : piece_names)
      for (std::string_view r : n.read)
        if (!r.empty() && r == name) named = v.piece_by_san_letter(n.letter);
  }
  if (named == no_piece_type) {
    out.message = quoted + ": '" + std::string(name) + "' names no piece of " + v.name +
                  " (車 차 chariot, 包 포 cannon, 馬 마 horse, 象 상 elephant, 士 사 advisor, "
                  "卒 兵 졸 병 soldier, 楚 漢 將 장 궁 general)";
    return true;
  }
  const Square from = point_square(text[at], text[at + 1]);
  const Square to = point_square(text[to_at], text[to_at + 1]);
  if (from == no_square || to == no_square) {
    out.message = quoted + ": " +
                  std::string(from == no_square ? text.substr(at, 2) : text.substr(to_at, 2)) +
                  " is no point: the column (second digit) is 1-9; " + std::string(form);
    return true;
  }
  const Piece p = pos.at(from);
  const Color side = pos.side_to_move();
  if (p.empty() || p.color() != side) {
    out.error = MoveError::illegal;
    out.message = quoted + ": no piece of the side to move on " + point_text(from);
    return true;
  }
  const std::string piece_name = v.pieces[p.type()].name;
  if (p.type() != named) {
    out.error = MoveError::illegal;
    out.message = quoted + ": the piece on " + point_text(from) + " is " +
                  std::string(article(piece_name)) + piece_name + " (" +
                  std::string(hanja_of(v, p.type(), side)) + "), not " +
                  std::string(article(v.pieces[named].name)) + v.pieces[named].name + " (" +
                  std::string(name) + ")";
    return true;
  }
  if (latin && text[3] == 'x' && pos.at(to).empty()) {
    out.error = MoveError::illegal;
    out.message = quoted + ": 'x' marks a capture, but " + point_text(to) + " is empty";
    return true;
  }
  MoveList legal;
  generate_legal(pos, legal);
  for (const Move& m : legal)
    if ((m.kind == MoveKind::normal && m.from == from && m.to == to) ||
        (m.kind == MoveKind::pass && m.aux == from && to == from)) {
      out.error = MoveError::none;
      out.message.clear();
      out.meant = to_token(pos, m);
      return true;
    }
  out.error = MoveError::illegal;
  out.message = quoted + " names no legal move here: the " + piece_name + " on " +
                point_text(from) +
                (from == to ? " cannot pass" : " cannot go to " + point_text(to));
  return true;
}

// The notation: Korean coordinates read and written.
class KoreanCoordinates final : public OwnNotation {
 public:
  std::string_view name() const override { return "korean"; }
  bool write_move(const Position& pos, const Move& move, std::string& out) const override {
    if (move.kind != MoveKind::normal && (move.kind != MoveKind::pass || move.aux == no_square))
      return false;
    out += to_korean(pos, move);
    return true;
  }
  bool read_move(const Position& pos, const SanToken& token, OwnMove& out) const override {
    return read_korean(pos, token.own_text(), out);
  }
};

// The variant's limits for Korean coordinates (the component's validate()).
std::string korean_limits(const Variant& v) {
  if (v.files != 9 || v.ranks != 10)
    return "Korean coordinates name the points of a board of 9 files and 10 ranks";
  for (const PieceNames& n : piece_names)
    if (v.piece_by_san_letter(n.letter) == no_piece_type)
      return std::string("Korean coordinates name janggi's pieces: no piece has the letter ") +
             n.letter;
  return {};
}

}  // namespace

std::unique_ptr<RuleComponent> make_janggi_notation() {
  return std::make_unique<NotationComponent<KoreanCoordinates>>("janggi-notation", korean_limits);
}

std::string to_korean(const Position& pos, const Move& move) {
  const Variant& v = pos.variant();
  const bool pass = move.kind == MoveKind::pass;  // the general "moves" to its own point
  const Square from = pass ? move.aux : move.from, to = pass ? move.aux : move.to;
  std::string text = point_of(from);
  text += hanja_of(v, pos.at(from).type(), pos.at(from).color());
  text += point_of(to);
  return text;
}

}  // namespace xpgn::rules
