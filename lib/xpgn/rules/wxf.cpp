#include "xpgn/rules/wxf.hpp"

#include <vector>

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

}  // namespace

bool writes_wxf(const Variant& v) {
  if (v.files > 9) return false;
  for (const auto& piece : v.pieces)
    if (piece.royal && piece.name == "general") return true;
  return false;
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
