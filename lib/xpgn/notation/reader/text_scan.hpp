// Scanning PGN text fast: the character classes the splitter and the fast path share, and
// source positions (LineTracker).
// Internal to the PGN reader: only pgn_reader.cpp includes it (its definitions are in an
// anonymous namespace, one translation unit, as when they were one file: the same code).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "xpgn/core/types.hpp"
#include "xpgn/grammars/pgn.hpp"
#include "xpgn/notation/detail.hpp"

namespace xpgn::notation {
namespace {

// ---- Character classes shared by the splitter ---------------------------------------------------
using detail::is_symbol_char;  // the characters of a movetext symbol (pgn::symbol_char)

// 1 for blanks, 2 for a newline, 0 for anything else.
struct SpaceClass {
  unsigned char table[256] = {};
  constexpr SpaceClass() {
    for (char c : std::string_view(" \t\r\f\v")) table[static_cast<unsigned char>(c)] = 1;
    table[static_cast<unsigned char>('\n')] = 2;
  }
};
constexpr SpaceClass space_class;

// For gp::skip: 0 for a byte that ends it, 1 for blanks, 2 for a newline, 3 for '%' and the first
// byte of a byte order mark (which may or may not be skipped).
struct SkipClass {
  unsigned char table[256] = {};
  constexpr SkipClass() {
    for (char c : std::string_view(" \t\r\f\v")) table[static_cast<unsigned char>(c)] = 1;
    table[static_cast<unsigned char>('\n')] = 2;
    table[static_cast<unsigned char>('%')] = table[0xEF] = 3;
  }
};
constexpr SkipClass skip_class;

inline bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

// The characters of a tag name (grammar: pgn::tag_name).
struct TagNameChars {
  bool table[256] = {};
  constexpr TagNameChars() {
    for (int c = '0'; c <= '9'; ++c) table[c] = true;
    for (int c = 'a'; c <= 'z'; ++c) table[c] = true;
    for (int c = 'A'; c <= 'Z'; ++c) table[c] = true;
    table[static_cast<unsigned char>('_')] = table[static_cast<unsigned char>('-')] = true;
  }
};
constexpr TagNameChars tag_name_chars;
inline bool is_tag_name_char(char c) {
  return tag_name_chars.table[static_cast<unsigned char>(c)];
}

// The characters that need a look inside a tag value: quote, backslash, line ends.
struct TagValueStops {
  bool table[256] = {};
  constexpr TagValueStops() {
    for (char c : std::string_view("\"\\\r\n")) table[static_cast<unsigned char>(c)] = true;
  }
};
constexpr TagValueStops tag_value_stops;

// The first byte of [p, e) that is not a tag name character, or e.
inline const char* skip_tag_name(const char* p, const char* e) {
#if defined(__SSE2__)
  while (e - p >= 16) {  // sixteen bytes at a time: letters, digits, '_' and '-'
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    auto in = [](__m128i x, char lo, char hi) {  // lo <= x <= hi, for ASCII lo and hi
      return _mm_and_si128(_mm_cmpgt_epi8(x, _mm_set1_epi8(static_cast<char>(lo - 1))),
                           _mm_cmplt_epi8(x, _mm_set1_epi8(static_cast<char>(hi + 1))));
    };
    const __m128i name = _mm_or_si128(
        _mm_or_si128(in(_mm_or_si128(v, _mm_set1_epi8(0x20)), 'a', 'z'), in(v, '0', '9')),
        _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('_')), _mm_cmpeq_epi8(v, _mm_set1_epi8('-'))));
    if (const int other = ~_mm_movemask_epi8(name) & 0xFFFF; other != 0)
      return p + __builtin_ctz(static_cast<unsigned>(other));
    p += 16;
  }
#endif
  while (p < e && is_tag_name_char(*p)) ++p;
  return p;
}

// The first byte of [p, e) that is a tag value stop ('"', '\\', '\r', '\n'), or e.
inline const char* find_tag_value_stop(const char* p, const char* e) {
#if defined(__SSE2__)
  while (e - p >= 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    auto is = [&](char c) { return _mm_cmpeq_epi8(v, _mm_set1_epi8(c)); };
    const __m128i hits =
        _mm_or_si128(_mm_or_si128(is('"'), is('\\')), _mm_or_si128(is('\r'), is('\n')));
    if (const int mask = _mm_movemask_epi8(hits); mask != 0)
      return p + __builtin_ctz(static_cast<unsigned>(mask));
    p += 16;
  }
#endif
  while (p < e && !tag_value_stops.table[static_cast<unsigned char>(*p)]) ++p;
  return p;
}

// The bytes that can change the splitter's state in a game's movetext before its termination
// marker: newlines, comments, variations, '[' of a tag pair, '*' and '-' (of a marker such as
// 1-0) and the first byte of a byte order mark. The others are parts of tokens or blanks.
struct MovetextStops {
  bool table[256] = {};
  constexpr MovetextStops() {
    for (char c : std::string_view("\n{;()[*-\xEF")) table[static_cast<unsigned char>(c)] = true;
  }
};
constexpr MovetextStops movetext_stops;

// The first byte of [p, e) that is a movetext stop, or e.
inline const char* find_movetext_stop(const char* p, const char* e) {
#if defined(__SSE2__)
  while (e - p >= 16) {  // sixteen bytes at a time
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    auto is = [&](char c) { return _mm_cmpeq_epi8(v, _mm_set1_epi8(c)); };
    // '[' and '{' differ in bit 0x20 alone, '(' and ')' in bit 0x01: one test for each pair.
    const __m128i brackets =
        _mm_cmpeq_epi8(_mm_or_si128(v, _mm_set1_epi8(0x20)), _mm_set1_epi8('{'));
    const __m128i parens = _mm_cmpeq_epi8(_mm_or_si128(v, _mm_set1_epi8(0x01)), _mm_set1_epi8(')'));
    const __m128i hits =
        _mm_or_si128(_mm_or_si128(_mm_or_si128(is('\n'), brackets), _mm_or_si128(is(';'), parens)),
                     _mm_or_si128(_mm_or_si128(is('*'), is('-')), is('\xEF')));
    if (const int mask = _mm_movemask_epi8(hits); mask != 0)
      return p + __builtin_ctz(static_cast<unsigned>(mask));
    p += 16;
  }
#endif
  const bool* stop = movetext_stops.table;
  auto at = [&](std::ptrdiff_t i) {  // 0 or 1, for a branch-free '|' of eight
    return static_cast<unsigned>(stop[static_cast<unsigned char>(p[i])]);
  };
  while (e - p >= 8) {
    if (at(0) | at(1) | at(2) | at(3) | at(4) | at(5) | at(6) | at(7)) break;
    p += 8;
  }
  while (p < e && !at(0)) ++p;
  return p;
}

// A termination marker other than '*' (which the splitter treats on its own).
inline bool is_result(const char* p, std::size_t n) {
  if (n == 3)
    return (p[0] == '1' && p[1] == '-' && p[2] == '0') ||
           (p[0] == '0' && p[1] == '-' && p[2] == '1');
  return n == 7 && std::memcmp(p, "1/2-1/2", 7) == 0;
}

// The high bit of every byte of `w` that is a '\n', nothing else.
inline std::uint64_t newline_bytes(std::uint64_t w) {
  constexpr std::uint64_t ones = 0x0101010101010101ULL;
  constexpr std::uint64_t high = 0x8080808080808080ULL;
  const std::uint64_t x = w ^ (ones * '\n');  // zero bytes where there was a newline
  return ~(((x & ~high) + ~high) | x) & high;
}

// Number of '\n' in [p, q): sixteen or eight bytes at a time when `Fast`, else byte by byte
// (grammar-only mode).
template <bool Fast>
std::uint64_t count_newlines(const char* p, const char* q) {
  std::uint64_t n = 0;
  if constexpr (!Fast) {
    for (; p < q; ++p) n += (*p == '\n');
    return n;
  }
  constexpr std::uint64_t ones = 0x0101010101010101ULL;
#if defined(__SSE2__)
  const __m128i newline = _mm_set1_epi8('\n');
  while (q - p >= 16) {  // per-byte counts (at most 255 rounds), then their sum
    const char* stop = p + std::min<std::ptrdiff_t>((q - p) / 16, 255) * 16;
    __m128i counts = _mm_setzero_si128();
    for (; p < stop; p += 16) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
      counts = _mm_sub_epi8(counts, _mm_cmpeq_epi8(v, newline));
    }
    const __m128i sums = _mm_sad_epu8(counts, _mm_setzero_si128());
    n += static_cast<std::uint64_t>(_mm_cvtsi128_si32(sums) + _mm_extract_epi16(sums, 4));
  }
#endif
  while (q - p >= 8) {
    std::uint64_t w;
    std::memcpy(&w, p, 8);
    n += ((newline_bytes(w) >> 7) * ones) >> 56;  // sum of the bytes, each 0 or 1
    p += 8;
  }
  for (; p < q; ++p) n += (*p == '\n');
  return n;
}

// ---- Positions ----------------------------------------------------------------------------------
// A SourcePos with its line and column written by one 16-byte store where SSE2 is there: the
// copy of it that a visitor call makes right after reads them with one 16-byte load, which a
// CPU cannot forward from two narrower stores (a stall of some 15 cycles per call).
inline SourcePos make_pos(std::uint64_t line, std::uint32_t column, std::uint64_t offset) {
  SourcePos pos;
#if defined(__SSE2__)
  _mm_storeu_si128(reinterpret_cast<__m128i*>(&pos),
                   _mm_set_epi64x(static_cast<long long>(column), static_cast<long long>(line)));
#else
  pos.line = line;
  pos.column = column;
#endif
  pos.offset = offset;
  return pos;
}

// Line, column and offset of any point of a text whose first byte is at `start`. Queries in
// increasing order cost time proportional to the distance between them.
// With `plain` (grammar-only mode), at() counts byte by byte and builds positions field by field.
class LineTracker {
 public:
  void reset(const char* begin, SourcePos start, bool plain = false) {
    begin_ = last_ = line_begin_ = begin;
    start_ = start;
    line_ = start.line;
    plain_ = plain;
    offset_origin_ = start.offset - address(begin);
    set_column_origin();
  }
  SourcePos at(const char* p) {
    if (p < last_) {
      last_ = line_begin_ = begin_;
      line_ = start_.line;
    }
    if (plain_) return plain_at(p);
    const char* q = last_;
    if (p - q < 64) {       // the usual case: the next token on the same or the next line
      while (p - q >= 8) {  // skip eight bytes at a time while they hold no newline
        std::uint64_t w;
        std::memcpy(&w, q, 8);
        if (newline_bytes(w) != 0) break;
        q += 8;
      }
      for (; q < p; ++q) {
        if (*q == '\n') {
          ++line_;
          line_begin_ = q + 1;
        }
      }
    }
    while (q < p) {
      const void* nl = std::memchr(q, '\n', static_cast<std::size_t>(p - q));
      if (nl == nullptr) break;
      q = static_cast<const char*>(nl) + 1;
      ++line_;
      line_begin_ = q;
    }
    set_column_origin();
    return on_line(p);
  }
  // at(p) for a `p` with no newline between the last query (or newline noted) and it.
  SourcePos on_line(const char* p) {
    last_ = p;
    return make_pos(line_, static_cast<std::uint32_t>(address(p) - column_origin_),
                    address(p) + offset_origin_);
  }
  // Notes the '\n' at `nl`, the only one between the last query (or newline noted) and it: for
  // a caller that sees every newline anyway.
  void newline(const char* nl) {
    ++line_;
    line_begin_ = last_ = nl + 1;
    column_origin_ = address(nl);  // the column of nl + 1 is 1
  }

 private:
  // at(p) for `p` at or after the last query, one byte at a time (grammar-only mode; out of
  // line, so that at() is inlined as without it).
  [[gnu::noinline]] SourcePos plain_at(const char* p) {
    for (; last_ < p; ++last_) {
      if (*last_ == '\n') {
        ++line_;
        line_begin_ = last_ + 1;
      }
    }
    SourcePos pos;
    pos.line = line_;
    pos.column = line_begin_ == begin_ ? start_.column + static_cast<std::uint32_t>(p - begin_)
                                       : static_cast<std::uint32_t>(p - line_begin_) + 1;
    pos.offset = start_.offset + static_cast<std::uint64_t>(p - begin_);
    set_column_origin();  // for a later on_line()
    return pos;
  }

  // A pointer as a number, for the origins below (arithmetic modulo 2^64).
  static std::uint64_t address(const char* p) {
    return static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(p));
  }
  // Sets column_origin_ from line_begin_.
  void set_column_origin() {
    column_origin_ =
        line_begin_ == begin_ ? address(begin_) - start_.column : address(line_begin_) - 1;
  }

  const char* begin_ = nullptr;
  const char* last_ = nullptr;
  const char* line_begin_ = nullptr;
  SourcePos start_;
  std::uint64_t line_ = 1;
  std::uint64_t column_origin_ = 0;  // the column of `p` on the current line: address(p) - this
  std::uint64_t offset_origin_ = 0;  // the offset of `p`: address(p) + this
  bool plain_ = false;
};

}  // namespace
}  // namespace xpgn::notation
