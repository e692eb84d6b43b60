// The piece letters of SAN in the languages xpgn reads and writes (FIDE Handbook, E.I.12 and
// national usage): K Q R B N P in English, K D T L S B in German, and so on.
#pragma once

#include <array>
#include <string_view>

namespace xpgn {

struct SanLanguage {
  std::string_view code;                    // "de"
  std::array<std::string_view, 6> letters;  // king, queen, rook, bishop, knight, pawn
};

inline constexpr std::array<SanLanguage, 7> san_languages{{
    {"en", {"K", "Q", "R", "B", "N", "P"}},
    {"de", {"K", "D", "T", "L", "S", "B"}},
    {"fr", {"R", "D", "T", "F", "C", "P"}},
    {"es", {"R", "D", "T", "A", "C", "P"}},
    {"it", {"R", "D", "T", "A", "C", "P"}},
    {"pt", {"R", "D", "T", "B", "C", "P"}},
    {"sv", {"K", "D", "T", "L", "S", "B"}},
}};

// The language with this code, nullptr when there is none.
constexpr const SanLanguage* find_san_language(std::string_view code) {
  for (const SanLanguage& l : san_languages)
    if (l.code == code) return &l;
  return nullptr;
}

}  // namespace xpgn
