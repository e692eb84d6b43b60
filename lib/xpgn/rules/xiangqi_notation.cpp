#include "xpgn/rules/xiangqi_notation.hpp"

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/notation_component.hpp"
#include "xpgn/rules/own_notation.hpp"

namespace xpgn::rules {

namespace {

// The WXF number of file `file` for `side`: 1 on the side's right, counting leftwards.
int wxf_file(const Variant& v, int file, Color side) {
  return side == Color::white ? v.files - file : file + 1;
}

// The ranks of `side`'s pieces of type `type` on file `file`, front (nearest the opponent) first.
std::vector<int> tandem_ranks(const Position& pos, PieceType type, Color side, int file) {
  const Variant& v = pos.variant();
  std::vector<int> ranks;
  for (int i = 0; i < v.ranks; ++i) {
    const int r = side == Color::white ? v.ranks - 1 - i : i;
    const Piece p = pos.at(make_square(file, r));
    if (!p.empty() && p.color() == side && p.type() == type) ranks.push_back(r);
  }
  return ranks;
}

// The ICCS rank (0-9) of a square of a coordinate token, -1 when it has none: kept as
// iccs_rank + n, or written as a plain rank 1-9 (0-based index n - 1).
int iccs_rank_of(Coord c) {
  if (c.rank >= iccs_rank) return c.rank - iccs_rank <= 9 ? c.rank - iccs_rank : -1;
  return c.rank >= 0 && c.rank <= 8 ? c.rank + 1 : -1;
}

// `text` (a token's own text) in the form to_wxf() writes, or "" when it is no WXF: a piece
// letter upper-cased and an alias ("N", "B") replaced by the variant's letter, '=' for sideways
// as '.'; "?" for a letter that is no piece's. `type` receives the piece type of a letter head
// (no_piece_type for a tandem mark or a file digit first).
std::string normal_wxf(const Variant& v, std::string_view text, PieceType& type) {
  type = no_piece_type;
  if (text.size() != 4 || std::string_view("+-.=").find(text[2]) == std::string_view::npos)
    return {};
  std::string out(text);
  if (out[2] == '=') out[2] = '.';
  char& head = out[0];
  if ((head >= 'a' && head <= 'z') || (head >= 'A' && head <= 'Z')) {
    if (head >= 'a') head = static_cast<char>(head - 'a' + 'A');
    for (std::size_t t = 0; t < v.pieces.size() && type == no_piece_type; ++t)
      if (v.pieces[t].letter == head || v.pieces[t].san_aliases.find(head) != std::string::npos)
        type = static_cast<PieceType>(t);
    if (type == no_piece_type) return "?";  // a letter, but no piece's
    head = v.pieces[type].letter;
  }
  return out;
}

// read_move() for WXF: the legal move to_wxf() writes as `token`; a letter and file where WXF
// writes a tandem mark ("R1+1" for "R++1") is taken when exactly one legal move fits it.
bool read_wxf(const Position& pos, const SanToken& token, OwnMove& out) {
  const Variant& v = pos.variant();
  PieceType type = no_piece_type;
  const std::string text = normal_wxf(v, token.own_text(), type);
  if (text.empty()) return false;
  const std::string quoted = "'" + std::string(token.own_text()) + "' (WXF)";
  if (text == "?") {
    out.error = MoveError::invalid;
    out.message = quoted + ": " + "no piece of " + v.name + " is written '" +
                  std::string(1, token.own_text()[0]) + "'";
    return true;
  }
  const auto write = [&pos](const Move& m, std::string& w) {
    if (m.kind != MoveKind::normal) return false;
    w = to_wxf(pos, m);
    return true;
  };
  read_by_writing(pos, text, "WXF", write, out);
  if (out.error != MoveError::illegal || type == no_piece_type || text[1] < '1' || text[1] > '9')
    return true;
  // A letter and a file: the moves of the piece on that file, whatever tandem mark WXF gives it.
  if (text[1] - '0' > v.files) {  // (a file the board does not have: none of its squares)
    out.error = MoveError::invalid;
    out.message = quoted + ": " + v.name + " has no file " + text[1];
    return true;
  }
  const Color side = pos.side_to_move();
  const int from_file = side == Color::white ? v.files - (text[1] - '0') : text[1] - '1';
  std::vector<std::string> strict;  // what WXF writes for each move that fits
  MoveList legal;
  generate_legal(pos, legal);
  for (const Move& m : legal)
    if (m.kind == MoveKind::normal && m.piece == type && file_of(m.from) == from_file) {
      const std::string w = to_wxf(pos, m);
      if (w.substr(2) == text.substr(2)) strict.push_back(w);
    }
  const std::string name = v.pieces[type].name;
  std::sort(strict.begin(), strict.end());
  if (strict.size() == 1) {
    read_by_writing(pos, strict[0], "WXF", write, out);
  } else if (strict.size() > 1) {
    out.error = MoveError::ambiguous;
    out.message = quoted + ": " + std::to_string(strict.size()) + " " + name + "s on file " +
                  text[1] + " can make it; WXF tells them apart with + (front) and - (rear):";
    for (std::size_t i = 0; i < strict.size(); ++i)
      out.message += (i == 0 ? " " : i + 1 == strict.size() ? " or " : ", ") + strict[i];
  } else if (tandem_ranks(pos, type, side, from_file).empty()) {
    out.message = quoted + ": no " + name + " of the side to move on its file " + text[1];
  }
  return true;
}

// The notation: WXF written and read, ICCS read.
class WxfAndIccs final : public OwnNotation {
 public:
  std::string_view name() const override { return "wxf"; }
  bool write_move(const Position& pos, const Move& move, std::string& out) const override {
    if (move.kind != MoveKind::normal) return false;
    out += to_wxf(pos, move);
    return true;
  }
  bool read_move(const Position& pos, const SanToken& token, OwnMove& out) const override {
    return read_wxf(pos, token, out);
  }
  std::string_view coordinates_name() const override { return "ICCS"; }
  std::string_view coordinates_form() const override {
    return "files a-i, ranks 0-9 from the first player's side, as in h0g2 or H2-E2";
  }
  bool read_coordinates(const SanToken& token, SanToken& meant) const override {
    if (!may_be_iccs(token)) return false;
    meant = iccs_to_xpgn(token);
    return true;
  }
};

// The variant's limits for WXF and ICCS (the component's validate()).
std::string wxf_limits(const Variant& v) {
  if (v.files > 9) return "WXF writes one digit per file: at most 9 files";
  if (v.ranks > 10) return "ICCS writes one digit per rank: at most 10 ranks";
  return {};
}

}  // namespace

std::unique_ptr<RuleComponent> make_xiangqi_notation() {
  return std::make_unique<NotationComponent<WxfAndIccs>>("xiangqi-notation", wxf_limits);
}

bool may_be_iccs(const SanToken& token) {
  return token.kind == TokenKind::move && token.long_algebraic && token.piece == 0 &&
         !token.capture && token.promotion == 0 && !token.has_second_actions() &&
         token.from.has_file() && token.to.has_file() && iccs_rank_of(token.from) >= 0 &&
         iccs_rank_of(token.to) >= 0;
}

SanToken iccs_to_xpgn(const SanToken& token) {
  SanToken out = token;
  out.from.rank = iccs_rank_of(token.from);
  out.to.rank = iccs_rank_of(token.to);
  return out;
}

std::string to_wxf(const Position& pos, const Move& move) {
  const Variant& v = pos.variant();
  const Color side = pos.at(move.from).color();
  const char letter = v.pieces[move.piece].letter;
  const int from_file = file_of(move.from), to_file = file_of(move.to);
  const int forward = side == Color::white ? rank_of(move.to) - rank_of(move.from)
                                           : rank_of(move.from) - rank_of(move.to);
  // The piece and where it stands: letter and file, or the tandem marks.
  std::string text;
  const std::vector<int> ranks = tandem_ranks(pos, move.piece, side, from_file);
  const int n = static_cast<int>(ranks.size());
  int index = 0;  // 0 = front
  while (index < n && ranks[index] != rank_of(move.from)) ++index;
  const char digit = static_cast<char>('0' + wxf_file(v, from_file, side));
  if (n <= 1) {
    text = {letter, digit};
  } else {
    int tandem_files = 0;  // files that hold two or more of these pieces
    for (int f = 0; f < v.files; ++f)
      if (tandem_ranks(pos, move.piece, side, f).size() >= 2) ++tandem_files;
    // The mark of the piece among n on its file: '+' front, '-' rear, the file in the middle
    // of three or five; for four or five, "++"/"--" for the outermost and letter+mark inside.
    const char mark = index == 0 || (n >= 4 && index == 1)           ? '+'
                      : index == n - 1 || (n >= 4 && index == n - 2) ? '-'
                                                                     : digit;
    const bool outermost = n >= 4 && (index == 0 || index == n - 1);
    const char head = tandem_files >= 2 ? digit : outermost ? mark : letter;
    text = {head, mark};
  }
  // Direction and number.
  text += forward == 0 ? '.' : forward > 0 ? '+' : '-';
  const int number = forward == 0 || to_file != from_file ? wxf_file(v, to_file, side)
                                                          : (forward > 0 ? forward : -forward);
  text += std::to_string(number);
  return text;
}

}  // namespace xpgn::rules
