// Core vocabulary shared by every module: colours, squares, pieces, source positions.
// No dependencies beyond the standard library.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace xpgn {

// ---- Colours -------------------------------------------------------------------------------
enum class Color : std::uint8_t { white = 0, black = 1 };

// The other colour.
constexpr Color opposite(Color c) {
  return c == Color::white ? Color::black : Color::white;
}
// 0 for white, 1 for black: an index into per-colour arrays.
constexpr int index_of(Color c) {
  return static_cast<int>(c);
}

// ---- Board geometry ------------------------------------------------------------------------
// A square is rank * 16 + file (both 0-based), so the engine handles boards up to 16 x 16 and a
// square's name never depends on the board size.
using Square = std::uint16_t;
inline constexpr Square no_square = 0xFFFF;
inline constexpr int max_files = 16;
inline constexpr int max_ranks = 16;
inline constexpr int square_count = max_files * max_ranks;

constexpr Square make_square(int file, int rank) {
  return static_cast<Square>(rank * max_files + file);
}
constexpr int file_of(Square s) {
  return s % max_files;
}
constexpr int rank_of(Square s) {
  return s / max_files;
}

// "a1", "e10", "-" for no_square.
std::string square_name(Square s);
// Appends square_name(s) to `out` (without a string of its own).
void append_square_name(std::string& out, Square s);
// Letter of a 0-based file ('a' + file).
constexpr char file_letter(int file) {
  return static_cast<char>('a' + file);
}

// ---- Pieces --------------------------------------------------------------------------------
// A piece type is an index into the variant's piece table (0..30).
using PieceType = std::uint8_t;
inline constexpr PieceType no_piece_type = 0xFF;

// A piece is a type and a colour packed in one byte; 0 is an empty square.
struct Piece {
  std::uint8_t code = 0;

  constexpr bool empty() const { return code == 0; }
  constexpr PieceType type() const { return static_cast<PieceType>((code - 1) >> 1); }
  constexpr Color color() const { return static_cast<Color>((code - 1) & 1); }
  friend constexpr bool operator==(Piece, Piece) = default;
};
inline constexpr Piece no_piece{};

// The piece of `type` and `color`.
constexpr Piece make_piece(Color color, PieceType type) {
  return Piece{static_cast<std::uint8_t>(1 + type * 2 + index_of(color))};
}

// ---- Source positions ----------------------------------------------------------------------
// Where something was read: 1-based line and column (columns count bytes), and the byte offset
// from the start of the input.
struct SourcePos {
  std::uint64_t line = 0;
  std::uint32_t column = 0;
  std::uint64_t offset = 0;
};

}  // namespace xpgn
