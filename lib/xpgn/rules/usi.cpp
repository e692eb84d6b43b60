// USI moves and SFEN positions (see usi.hpp).
#include "xpgn/rules/usi.hpp"

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "xpgn/rules/component.hpp"
#include "xpgn/rules/fen_fields.hpp"

namespace xpgn::rules {

namespace {

// USI's name of `s` on a board of `v`: file digit(s) from the right, rank letter from the top.
std::string usi_square(const Variant& v, Square s) {
  return std::to_string(v.files - file_of(s)) + static_cast<char>('a' + (v.ranks - 1 - rank_of(s)));
}

// The order hands are written in: R B G S N L P, then the other letters.
int hand_rank(char upper) {
  static constexpr std::string_view order = "RBGSNLP";
  const auto at = order.find(upper);
  return at == std::string_view::npos ? static_cast<int>(order.size()) : static_cast<int>(at);
}

}  // namespace

bool writes_sfen(const Variant& v) {
  if (v.hand_rule == nullptr || !v.hand_rule->hands_per_colour()) return false;
  for (const PieceDef& def : v.pieces)
    if (def.fen_plus) return true;
  return false;
}

std::string to_sfen(const Position& pos) {
  const Variant& v = pos.variant();
  const std::string fen = pos.fen();
  std::string out = fen.substr(0, fen.find_first_of("[ "));
  out += pos.side_to_move() == Color::white ? " b " : " w ";
  // The hand types in writing order, each colour's pieces with counts.
  std::vector<PieceType> types;
  for (std::size_t t = 0; t < v.pieces.size(); ++t) types.push_back(static_cast<PieceType>(t));
  std::stable_sort(types.begin(), types.end(), [&v](PieceType a, PieceType b) {
    return hand_rank(v.pieces[a].fen()) < hand_rank(v.pieces[b].fen());
  });
  std::string hand;
  for (Color c : {Color::white, Color::black})
    for (PieceType t : types) {
      const int n = pos.in_hand(c, t);
      if (n == 0) continue;
      if (n > 1) hand += std::to_string(n);
      const char letter = v.pieces[t].fen();
      hand += c == Color::white
                  ? letter
                  : static_cast<char>(std::tolower(static_cast<unsigned char>(letter)));
    }
  out += hand.empty() ? "-" : hand;
  const int ply = 2 * (pos.fullmove_number() - 1) + (pos.side_to_move() == Color::black) + 1;
  return out + " " + std::to_string(ply);
}

std::optional<FenSetup> parse_sfen(std::string_view text, std::string* error) {
  auto fail = [error](const std::string& why) -> std::optional<FenSetup> {
    if (error) *error = "not SFEN: " + why;
    return std::nullopt;
  };
  const std::vector<std::string> fields = split_fen_fields(text);
  if (fields.size() != 4) return fail("expected 4 fields (board, side, hand, move number)");
  const std::string& board = fields[0];
  if (board.find_first_of("[]() ") != std::string::npos) return fail("the board holds no hand");
  if (fields[1] != "b" && fields[1] != "w") return fail("the side to move is 'b' or 'w'");
  FenSetup setup;
  setup.side_to_move = fields[1] == "b" ? 'w' : 'b';
  // The hand: an optional count before each letter.
  setup.has_hand = true;
  if (fields[2] != "-") {
    int count = 0;
    for (char c : fields[2]) {
      if (std::isdigit(static_cast<unsigned char>(c))) {
        count = count * 10 + (c - '0');
        if (count > 63) return fail("more than 63 pieces of a kind in hand");
        continue;
      }
      if (!std::isalpha(static_cast<unsigned char>(c)))
        return fail(std::string("'") + c + "' in the hand");
      setup.hand.append(static_cast<std::size_t>(count == 0 ? 1 : count), c);
      count = 0;
    }
    if (count != 0) return fail("a count at the end of the hand");
  }
  const std::string& n = fields[3];
  if (n.size() > 6 || n.find_first_not_of("0123456789") != std::string::npos)
    return fail("the move number is a whole number");
  const int ply = std::max(1, std::stoi(n));
  // The board has FEN's form: let the simple reader split it into squares (its own checks on
  // widths and sizes apply), with a placeholder for the other fields.
  FenSetup squares;
  if (!parse_simple_fen(board + " w - -", squares)) return fail("bad board '" + board + "'");
  setup.files = squares.files;
  setup.ranks = squares.ranks;
  setup.squares = std::move(squares.squares);
  setup.fullmove_number = (ply - 1) / 2 + 1;
  return setup;
}

std::string to_usi(const Position& pos, const Move& move) {
  const Variant& v = pos.variant();
  if (move.kind == MoveKind::placement) {
    std::string out;
    if (move.promotion != no_piece_type) out += '+';
    return out + v.pieces[move.piece].fen() + "*" + usi_square(v, move.to);
  }
  std::string out = usi_square(v, move.from) + usi_square(v, move.to);
  if (move.promotion != no_piece_type) out += v.pieces[move.promotion].fen_plus ? '+' : '-';
  return out;
}

bool read_usi(const Position& pos, const SanToken& token, OwnMove& out) {
  const std::string_view text = token.own_text();
  const bool usi_form = !text.empty() && ((text[0] >= '1' && text[0] <= '9') ||
                                          text.find('*') != std::string_view::npos);
  if (!usi_form) return false;
  read_by_writing(
      pos, text, "USI",
      [&pos](const Move& m, std::string& out_text) {
        out_text = to_usi(pos, m);
        return true;
      },
      out);
  return true;
}

}  // namespace xpgn::rules
