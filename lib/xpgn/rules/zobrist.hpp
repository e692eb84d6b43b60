// Zobrist keys for position hashing (internal to rules).
#pragma once

#include <array>
#include <cstdint>

#include "xpgn/core/types.hpp"

namespace xpgn::rules::zobrist {

struct Tables {
  std::array<std::array<std::uint64_t, square_count>, 64> piece_square{};
  std::array<std::uint64_t, square_count> castling_rook{};
  std::array<std::uint64_t, square_count> en_passant{};
  std::array<std::uint64_t, square_count> mark{};
  std::array<std::array<std::uint64_t, square_count>, 64> under{};        // [piece code][square]
  std::array<std::array<std::uint64_t, 64>, 64> hand{};                   // [piece code][count]
  std::array<std::array<std::uint64_t, square_count>, 2> pair{};          // [colour][square]
  std::array<std::array<std::array<std::uint64_t, 64>, 2>, 2> counter{};  // [colour][slot][n]
  std::uint64_t black_to_move = 0;
};

// Fixed pseudo-random tables (the same on every run).
const Tables& tables();

}  // namespace xpgn::rules::zobrist
