// A parsed extended-SAN move token: what the text said, before any rules interpret it.
// Produced by notation (parse_san), consumed by rules (resolve_san), written back by format_san.
#pragma once

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

  // Second actions (variants).
  char birth_piece = 0;      // ",P@d5": letter of the piece placed after the move, 0 if none
  Coord birth_square;        // ",P@d5": where it is placed
  char birth_promotion = 0;  // ",P@e7=I": what the placed pawn becomes at once, 0 if none
  Coord relocation;          // "~c4": where the piece ends after arriving (catacomb, teleport)
  Coord push;                // ">d6": where the survivor of a captured stack is pushed
  Coord pair_a, pair_b;      // ",^c5^f5": a pair of squares declared after the move (Maxim portals)
  Coord pass_queen;          // "--d1": the queen that becomes pregnant
  char gate_piece = 0;       // "/H", "O-O/Ee1": letter of the piece gated from the hand, 0 if none
  Coord gate_square;         // "O-O/Ee1": where it is gated (written for castling only)

  char check = 0;  // '+' or '#' as written, 0 if none

  // Whether any second action (birth, relocation, push, portal pair, pregnant queen, gating) is
  // written. Branch-free: a missing coordinate is -1, so the AND of them all is negative exactly
  // when every one is missing.
  constexpr bool has_second_actions() const {
    const int coords = birth_square.file & birth_square.rank & relocation.file & relocation.rank &
                       push.file & push.rank & pair_a.file & pair_a.rank & pair_b.file &
                       pair_b.rank & pass_queen.file & pass_queen.rank & gate_square.file &
                       gate_square.rank;
    return coords >= 0 || (birth_piece | birth_promotion | gate_piece) != 0;
  }
};

// Canonical text of a token: the output form of notation.md (SAN with '=' before promotion,
// "O-O", "--", "P@e4", "/H", "O-O/Ee1", ",P@d5", "~c4", ">d6", ",^c5^f5", then '+' or '#').
std::string format_san(const SanToken& token);

// Name of a coordinate ("e4"; a partial one gives only what it has: "e" or "4").
std::string format_coord(Coord c);

}  // namespace xpgn
