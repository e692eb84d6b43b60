// A parsed extended-SAN move token: what the text said, before any rules interpret it.
// Produced by notation (parse_san), consumed by rules (resolve_san), written back by format_san.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace xpgn {

// A square as written: 0-based file and rank, -1 where the text left it out (disambiguation
// hints may give only one of the two). Files a..z, ranks 1..99 are representable.
struct Coord {
  int file = -1;
  int rank = -1;

  constexpr bool has_file() const { return file >= 0; }
  constexpr bool has_rank() const { return rank >= 0; }
  constexpr bool complete() const { return file >= 0 && rank >= 0; }
  friend constexpr bool operator==(Coord, Coord) = default;
};

// Coord::rank of a square written in ICCS coordinates where extended SAN cannot say it (the
// xiangqi family's "h0g2", "H2-E2": ranks 0-9 from the first player's side): iccs_rank plus the
// rank as written. No board has that many ranks, so a reader that does not know the form finds
// the square off the board; the move reader reads it in the xiangqi family (rules/move_reader.hpp).
inline constexpr int iccs_rank = 100;

// Coord::rank of `from` in a token written in a notation of a family's own that extended SAN has
// no squares for (WXF's "C2.5", USI's "7g7f" and "P*5e"; grammars/xpgn/grammars/san.hpp,
// own_move): the text is kept in SanToken::own, and the variant's notation reads it
// (rules/move_reader.hpp). Above iccs_rank, so has_iccs_ranks() routes it to the move reader's
// slower path at no cost to the usual token, and a reader that does not know it finds it off the
// board.
inline constexpr int own_rank = 1000;

enum class TokenKind : unsigned char {
  move,          // SAN or long algebraic piece/pawn move, optionally followed by second actions
  castle_short,  // O-O, 0-0
  castle_long,   // O-O-O, 0-0-0
  placement,     // P@e4, N@c3, @e4 (pawn)
  pass,          // --, --d1, Z0, 0000, @@@@, pass
};

struct SanToken {
  TokenKind kind = TokenKind::move;
  // Upper-case piece letter as written for moves and placements; 0 for a pawn move with no
  // letter (e4, exd5) and for long algebraic moves without a letter (e2e4).
  char piece = 0;
  Coord from;                   // origin: full (long algebraic) or partial (disambiguation hint)
  Coord to;                     // destination (moves, placements)
  bool capture = false;         // 'x' was written (':' accepted on input)
  bool long_algebraic = false;  // written with a full origin square (e2e4, e2-e4, Ng1-f3)
  char promotion = 0;           // upper-case letter after '=' (or bare, e7e8q), 0 if none

  // Second actions (variants): the three letters side by side, then the seven coordinates in a
  // row (has_second_actions() reads them as words; see the static_assert below).
  char birth_piece = 0;      // ",P@d5": letter of the piece placed after the move, 0 if none
  char birth_promotion = 0;  // ",P@e7=I": what the placed pawn becomes at once, 0 if none
  char gate_piece = 0;       // "/H", "O-O/Ee1": letter of the piece gated from the hand, 0 if none
  Coord birth_square;        // ",P@d5": where it is placed
  Coord relocation;          // "~c4": where the piece ends after arriving (catacomb, teleport)
  Coord push;                // ">d6": where the survivor of a captured stack is pushed
  Coord pair_a, pair_b;      // ",^c5^f5": a pair of squares declared after the move (Maxim portals)
  Coord pass_queen;          // "--d1": the queen that becomes pregnant
  Coord gate_square;         // "O-O/Ee1": where it is gated (written for castling only)

  char check = 0;  // '+' or '#' as written, 0 if none

  // A token in a notation of a family's own (from.rank == own_rank): its text as written, without
  // a check mark, zero-padded (at most 7 characters); all zero otherwise.
  char own[8] = {};

  // True for a token in a notation of a family's own (see own_rank).
  bool is_own() const { return from.rank == own_rank; }
  std::string_view own_text() const {
    std::size_t n = 0;
    while (n < sizeof own && own[n] != 0) ++n;
    return {own, n};
  }

  // Whether any second action (birth, relocation, push, portal pair, pregnant queen, gating) is
  // written. Branch-free: a missing coordinate is -1, so the AND of them all is negative exactly
  // when every one is missing; the 14 ints are ANDed as seven 64-bit words, whose two sign bits
  // are then both set exactly when that AND is negative.
  bool has_second_actions() const {
    const char* coords = reinterpret_cast<const char*>(this) + offsetof(SanToken, birth_square);
    const auto word = [coords](int i) {  // two ints, read as one word
      std::uint64_t w;
      std::memcpy(&w, coords + 8 * i, sizeof w);
      return w;
    };
    const std::uint64_t all = word(0) & word(1) & word(2) & word(3) & word(4) & word(5) & word(6);
    constexpr std::uint64_t signs = 0x8000'0000'8000'0000u;
    return (all & signs) != signs || (birth_piece | birth_promotion | gate_piece) != 0;
  }
};

static_assert(sizeof(Coord) == 8 && offsetof(SanToken, gate_square) ==
                                        offsetof(SanToken, birth_square) + 6 * sizeof(Coord),
              "has_second_actions() reads the seven coordinates as seven words");

// Canonical text of a token: the output form of notation.md (SAN with '=' before promotion,
// "O-O", "--", "P@e4", "/H", "O-O/Ee1", ",P@d5", "~c4", ">d6", ",^c5^f5", then '+' or '#').
std::string format_san(const SanToken& token);

// Name of a coordinate ("e4"; a partial one gives only what it has: "e" or "4").
std::string format_coord(Coord c);

}  // namespace xpgn
