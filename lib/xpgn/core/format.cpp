// Canonical text of the core vocabulary: square names, SAN tokens, extended FEN.
#include <string>

#include "xpgn/core/fen_setup.hpp"
#include "xpgn/core/san_token.hpp"
#include "xpgn/core/types.hpp"

namespace xpgn {

namespace {

// Appends the 0-based rank `rank` as its number (rank + 1) in decimal.
void append_rank(std::string& out, int rank) {
  const int number = rank + 1;
  if (number < 10) {
    out += static_cast<char>('0' + number);
  } else if (number < 100) {
    out += static_cast<char>('0' + number / 10);
    out += static_cast<char>('0' + number % 10);
  } else {
    out += std::to_string(number);
  }
}

void append_coord(std::string& out, Coord c) {
  if (c.has_file()) out += static_cast<char>('a' + c.file);
  if (c.rank >= iccs_rank)  // an ICCS rank (0-9 as written)
    out += static_cast<char>('0' + (c.rank - iccs_rank) % 10);
  else if (c.has_rank())
    append_rank(out, c.rank);
}

}  // namespace

void append_square_name(std::string& out, Square s) {
  if (s == no_square) {
    out += '-';
    return;
  }
  out += file_letter(file_of(s));
  append_rank(out, rank_of(s));
}

std::string square_name(Square s) {
  std::string name;
  append_square_name(name, s);
  return name;
}

std::string format_coord(Coord c) {
  std::string out;
  append_coord(out, c);
  return out;
}

std::string format_san(const SanToken& t) {
  std::string out;
  switch (t.kind) {
    case TokenKind::castle_short:
    case TokenKind::castle_long:
      out = t.kind == TokenKind::castle_short ? "O-O" : "O-O-O";
      if (t.gate_piece != 0) {
        out += '/';
        out += t.gate_piece;
        append_coord(out, t.gate_square);
      }
      break;
    case TokenKind::pass:
      out = "--";
      append_coord(out, t.pass_queen);
      break;
    case TokenKind::placement:
      if (t.piece != 0) out += t.piece;
      out += '@';
      append_coord(out, t.to);
      if (t.promotion != 0) {
        out += '=';
        out += t.promotion;
      }
      break;
    case TokenKind::move:
      if (t.is_own()) {  // a notation's own form (grammar: own_move), as written
        out = t.own_text();
        break;
      }
      if (t.from.rank >= iccs_rank && t.to.rank >= iccs_rank && t.from.rank <= iccs_rank + 9 &&
          t.to.rank <= iccs_rank + 9 && t.from.has_file() && t.to.has_file()) {
        // ICCS coordinates (grammar: iccs_move), in the upper-case form that says so.
        out += static_cast<char>('A' + t.from.file);
        out += static_cast<char>('0' + t.from.rank - iccs_rank);
        out += '-';
        out += static_cast<char>('A' + t.to.file);
        out += static_cast<char>('0' + t.to.rank - iccs_rank);
        break;
      }
      if (t.piece != 0) out += t.piece;
      append_coord(out, t.from);
      if (t.capture) out += 'x';
      append_coord(out, t.to);
      if (t.promotion != 0) {
        out += '=';
        out += t.promotion;
      }
      if (t.gate_piece != 0) {
        out += '/';
        out += t.gate_piece;
        append_coord(out, t.gate_square);
      }
      if (t.birth_piece != 0) {
        out += ',';
        out += t.birth_piece;
        out += '@';
        append_coord(out, t.birth_square);
        if (t.birth_promotion != 0) {
          out += '=';
          out += t.birth_promotion;
        }
      }
      if (t.relocation.complete()) {
        out += '~';
        append_coord(out, t.relocation);
      }
      if (t.push.complete()) {
        out += '>';
        append_coord(out, t.push);
      }
      if (t.pair_a.complete() || t.pair_b.complete()) {
        out += ",^";
        append_coord(out, t.pair_a);
        out += '^';
        append_coord(out, t.pair_b);
      }
      break;
  }
  if (t.check != 0) out += t.check;
  return out;
}

std::string format_fen(const FenSetup& s) {
  std::string out;
  out.reserve(static_cast<std::size_t>(s.files * s.ranks) + 32);
  for (int rank = s.ranks - 1; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < s.files; ++file) {
      const std::size_t index = static_cast<std::size_t>(rank * s.files + file);
      if (index >= s.squares.size() || s.squares[index].empty()) {
        ++empty;
        continue;
      }
      if (empty > 0) {
        out += std::to_string(empty);
        empty = 0;
      }
      const std::string& sq = s.squares[index];
      // One piece, maybe after a '+' ("+P") and before a '~' ("Q~"), is written as read.
      const std::size_t body = sq.size() - (sq[0] == '+' ? 1 : 0);
      if (body == 1 || (body == 2 && sq.back() == '~')) {
        out += sq;
      } else {
        out += '(';
        out += sq;
        out += ')';
      }
    }
    if (empty > 0) out += std::to_string(empty);
    if (rank > 0) out += '/';
  }
  if (s.has_extra_rank) {
    out += '/';
    out += s.extra_rank;
  }
  if (s.has_hand) {
    out += '[';
    out += s.hand;
    out += ']';
  }
  out += ' ';
  out += s.side_to_move;
  out += ' ';
  out += s.castling.empty() ? std::string("-") : s.castling;
  out += ' ';
  out += s.en_passant.empty() ? std::string("-") : s.en_passant;
  out += ' ';
  // "3+3" (checks remaining) goes before the clocks, "+1+2" (checks given) after them.
  const bool trailing = !s.counters.empty() && s.counters.front() == '+';
  if (!s.counters.empty() && !trailing) {
    out += s.counters;
    out += ' ';
  }
  out += std::to_string(s.halfmove_clock);
  out += ' ';
  out += std::to_string(s.fullmove_number);
  if (trailing) {
    out += ' ';
    out += s.counters;
  }
  for (const auto& [name, value] : s.extra_fields) {
    out += ' ';
    out += name;
    out += '=';
    out += value;
  }
  return out;
}

}  // namespace xpgn
