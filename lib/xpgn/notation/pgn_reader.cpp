// PGN reader: a fast splitter cuts the input into games, each game is parsed with the grammar of
// grammars/xpgn/grammars/pgn.hpp and reported to the visitor. Streams in constant memory.
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <istream>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_set>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <unicode/ucnv.h>
#include <unicode/ucsdet.h>
#include <tao/pegtl.hpp>

#include "xpgn/core/san_languages.hpp"
#include "xpgn/grammars/pgn.hpp"
#include "xpgn/notation/detail.hpp"
#include "xpgn/notation/notation.hpp"
#include "xpgn/notation/tag_values.hpp"

namespace xpgn::notation {
namespace {

namespace pg = tao::pegtl;
namespace gp = xpgn::grammars::pgn;

constexpr std::size_t default_chunk_size = std::size_t{1} << 20;  // bytes read at a time
// Bytes of input, from the game that is not UTF-8 on, that the encoding decision looks at.
constexpr std::size_t encoding_sample_bytes = std::size_t{1} << 20;
constexpr int max_variation_depth = 200;  // deeper nesting is a syntax error

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

// ---- The splitter -------------------------------------------------------------------------------
// Finds where games begin and end without parsing them. It knows just enough PGN: {} comments,
// ; comments, % lines, tag pairs (and their quoted values), variation depth and termination
// markers. A game ends
//  - after its termination marker at variation depth 0 (and the comments that follow it), when
//    anything else than white space or a comment comes next;
//  - before a '[' that is the first thing on its line, once the game has movetext;
//  - before a tag-pair line after a blank line that repeats a tag name of the game (tag sections
//    without movetext: "header-only" files); a tag repeated within one tag section stays in its
//    game (the replayer warns);
//  - before a line starting with [Event " inside a {} comment (an unclosed comment);
//  - at the end of the input.
// White space between games belongs to nobody; a game starts at its first token.
struct GameSlice {
  const char* begin = nullptr;
  const char* end = nullptr;
  SourcePos start;
  const char* result = nullptr;  // the termination marker, if the splitter saw one
  std::size_t result_size = 0;
};

// What Splitter::next() found.
enum class SplitEvent { game, need_more, done };

// `Fast`: with the fast paths (movetext skipped 16 bytes at a time, tag names and values scanned
// with SSE2, tag names hashed only when looked up); without (grammar-only mode), every byte is
// scanned one at a time, as the definition that the fast paths must agree with.
template <bool Fast>
class Splitter {
 public:
  using Event = SplitEvent;

  // Starts at `pos` (the first byte of a line) instead of the beginning of the input.
  void start_at(SourcePos pos) {
    pos_ = mark_ = pos.offset;
    mark_pos_ = pos;
  }

  // Skips a UTF-8 byte order mark at the start of the input.
  void skip_bom() {
    pos_ = mark_ = 3;
    mark_pos_.offset = 3;
  }

  // Where the caller must keep bytes from when it refills the buffer.
  std::uint64_t keep_from() {
    if (!flags_.in_game) advance_mark(pos_);
    return mark_;
  }

  // Scans data[0, size) (data[0] is at absolute offset `base`) from where it stopped. `eof`: no
  // more bytes will follow. On Event::game, `out` holds the game, valid until the next call.
  Event next(const char* data, std::size_t size, std::uint64_t base, bool eof, GameSlice& out) {
    data_ = data;
    base_ = base;
    if (skipping_ && !skip(data + size, eof)) return eof ? Event::done : Event::need_more;
    Flags f = flags_;  // a local copy the compiler can keep in registers
    const Event event = scan(f, data + (pos_ - base), data + size, eof, out);
    flags_ = f;
    return event;
  }

  // Gives up the unfinished game (too long): returns where it started; what was scanned of it
  // is dropped, and so is everything up to the next line that starts with `[Event "`, read on
  // in constant memory. Call between next() calls that returned Event::need_more.
  SourcePos abandon_game() {
    // Before a game has started, the tag pair (or escape line) whose end is awaited at pos_
    // starts it; game_start_ is still that of the game before.
    advance_mark(flags_.in_game ? game_start_ : pos_);
    const SourcePos start = mark_pos_;
    advance_mark(pos_);
    flags_ = Flags{};
    resume_at_ = ~std::uint64_t{0};
    skipping_ = true;
    return start;
  }

 private:
  struct Flags {
    bool bol = true;                    // at the first byte of a line
    bool line_has_content = false;      // something else than blanks on this line so far
    bool blank_line_since_tag = false;  // an empty line after the last tag pair
    bool in_game = false;
    bool has_tags = false;
    bool has_movetext = false;
    bool has_result = false;  // the termination marker was seen at depth 0
    int depth = 0;            // variation depth
  };

  Event scan(Flags& f, const char* p, const char* const e, bool eof, GameSlice& out) {
    for (;;) {
      // The common case: movetext, skipped up to the next byte that matters (unless a token cut
      // by the buffer's end is to be scanned on first).
      if constexpr (Fast) {
        if (f.in_game && f.has_movetext && !f.has_result && resume_at_ != abs(p))
          p = movetext_run(f, p, e);
      }
      // White space.
      while (p < e) {
        const unsigned char cls = space_class.table[static_cast<unsigned char>(*p)];
        if (cls == 1) {
          f.bol = false;
          ++p;
        } else if (cls == 2) {
          if (!f.line_has_content) f.blank_line_since_tag = true;
          f.line_has_content = false;
          f.bol = true;
          ++p;
        } else if (*p == '\xEF') {  // a byte order mark counts as white space
          if (e - p < 3 && !eof) return need_more(p);
          if (e - p < 3 || p[1] != '\xBB' || p[2] != '\xBF') break;
          p += 3;
        } else {
          break;
        }
      }
      if (p == e) {
        pos_ = abs(p);
        if (!eof) return Event::need_more;
        if (f.in_game) return emit(f, p, out);
        return Event::done;
      }
      const char c = *p;
      if (is_symbol_char(c)) {  // a movetext token: the common case
        if (f.in_game && f.has_result) {
          pos_ = abs(p);
          return emit(f, p, out);
        }
        if (!f.in_game) start_game(f, p);
        f.line_has_content = true;
        f.bol = false;
        const char* q = resume(p, p + 1);
        while (q < e && is_symbol_char(*q)) ++q;
        if (q == e && !eof) return need_more(p, q);
        if (f.depth <= 0 && is_result(p, static_cast<std::size_t>(q - p))) set_result(f, p, q);
        f.has_movetext = true;
        p = q;
        continue;
      }
      if (c == '%' && f.bol) {  // escape line
        const char* from = resume(p, p);
        const void* nl = std::memchr(from, '\n', static_cast<std::size_t>(e - from));
        if (nl == nullptr && !eof) return need_more(p, e);
        p = nl == nullptr ? e : static_cast<const char*>(nl);
        f.line_has_content = true;
        continue;
      }
      f.bol = false;
      if (c == '{') {
        if (!f.in_game) start_game(f, p);
        // Resuming, look again at the last bytes scanned: a '\n[Event "' may straddle them.
        const char* from = resume(p, p + 1);
        from = std::max(p + 1, from - event_line.size());
        const char* close =
            static_cast<const char*>(std::memchr(from, '}', static_cast<std::size_t>(e - from)));
        const char* resync = find_event_line(from, close == nullptr ? e : close);
        if (resync != nullptr) {  // unclosed comment: the next game starts at the [Event line
          p = resync + 1;
          f.bol = true;
          f.line_has_content = false;
          f.has_movetext = true;
          continue;
        }
        if (close == nullptr) {
          if (!eof) return need_more(p, e);
          p = e;
        } else {
          p = close + 1;
        }
        if (f.has_tags) f.has_movetext = true;
        f.line_has_content = true;
        continue;
      }
      if (c == ';') {
        if (!f.in_game) start_game(f, p);
        const char* from = resume(p, p);
        const void* nl = std::memchr(from, '\n', static_cast<std::size_t>(e - from));
        if (nl == nullptr && !eof) return need_more(p, e);
        p = nl == nullptr ? e : static_cast<const char*>(nl);
        if (f.has_tags) f.has_movetext = true;
        f.line_has_content = true;
        continue;
      }
      if (c == '[') {
        const bool first_on_line = !f.line_has_content;
        // The tag pair up to the end of its value and ']' (or the end of the line).
        // (Names are looked at up to max_tag_name_length bytes, so that rescanning a name cut by
        // the buffer end costs little; the grammar refuses longer names.)
        const char* name = p + 1;
        while (name < e && (*name == ' ' || *name == '\t')) ++name;
        const char* const name_limit =
            name + std::min<std::ptrdiff_t>(e - name, grammars::pgn::max_tag_name_length);
        const char* name_end = name;
        if constexpr (Fast) {
          name_end = skip_tag_name(name, name_limit);
        } else {
          while (name_end < name_limit && is_tag_name_char(*name_end)) ++name_end;
        }
        const char* inside = nullptr;
        const char* tag_end =
            resume(p, p) != p ? scan_quoted(resume(p, p), e, inside)
                              : scan_tag_value(name_end, e, inside, !f.in_game || !f.has_movetext);
        if (tag_end == nullptr) {
          if (!eof) return inside != nullptr ? need_more(p, inside) : need_more(p);
          tag_end = e;
        }
        const std::string_view tag_name(name, static_cast<std::size_t>(name_end - name));
        if (f.in_game && (f.has_result || (f.has_movetext && first_on_line) ||
                          (first_on_line && repeats_tag(f, tag_name)))) {
          pos_ = abs(p);
          return emit(f, p, out);
        }
        if (!f.in_game) start_game(f, p);
        if constexpr (Fast)
          tag_spans_.push_back({abs(name), tag_name.size()});
        else
          tag_names_.emplace(tag_name);
        f.has_tags = true;
        f.blank_line_since_tag = false;
        f.line_has_content = true;
        p = tag_end;
        continue;
      }
      // Any other character is a token of its own.
      if (f.in_game && f.has_result) {
        pos_ = abs(p);
        return emit(f, p, out);
      }
      if (!f.in_game) start_game(f, p);
      f.line_has_content = true;
      if (c == '*') {
        if (p + 1 == e && !eof) return need_more(p);
        if (f.depth <= 0 && (p + 1 == e || !is_symbol_char(p[1]))) set_result(f, p, p + 1);
      } else if (c == '(') {
        ++f.depth;
      } else if (c == ')') {
        --f.depth;
      }
      f.has_movetext = true;
      ++p;
    }
  }

  // In a game's movetext before its termination marker: skips from `p` (unless an escape line
  // starts there) to the next movetext stop, or to the start of the token holding a '-' there
  // (which the caller scans as a token: it may be a marker), setting bol and line_has_content as
  // the byte-wise scan does. Returns where scanning goes on (before `p` when that token started
  // in the bytes of an earlier skip cut by the buffer's end; never before the end of the last
  // construct scanned byte-wise, such as a tag pair that ends inside a run of symbol characters).
  const char* movetext_run(Flags& f, const char* p, const char* e) {
    if (f.bol && p < e && *p == '%') return p;    // an escape line
    if (abs(p) != run_end_) run_floor_ = abs(p);  // not where a skip stopped at the buffer's end
    const char* q = find_movetext_stop(p, e);
    // A newline followed by a letter or digit (a token, not an escape line nor a tag pair; a
    // '-' in it is a stop of its own): the flags as the byte-wise scan leaves them, and on.
    while (e - q > 1 && *q == '\n' && is_ascii_alnum(q[1])) {
      note_content(f, p, q);
      if (!f.line_has_content) f.blank_line_since_tag = true;
      f.line_has_content = true;  // the token
      f.bol = false;
      p = q + 1;
      q = find_movetext_stop(p, e);
    }
    if (q == e) {
      run_end_ = abs(e);
    } else if (*q == '-') {
      const char* first = ptr(run_floor_);
      while (q > first && is_symbol_char(q[-1])) --q;
    }
    if (q > p) {
      f.bol = false;
      note_content(f, p, q);
    }
    return q;
  }

  // Sets line_has_content when [p, q) (no newline in it) holds anything but blanks.
  static void note_content(Flags& f, const char* p, const char* q) {
    for (const char* c = p; c < q && !f.line_has_content; ++c)
      f.line_has_content = space_class.table[static_cast<unsigned char>(*c)] == 0;
  }

  // A letter or digit.
  static bool is_ascii_alnum(char c) {
    return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z');
  }

  // While skipping an abandoned game: true once the next `[Event "` line is found (scanning
  // goes on there); false when more input is needed (or at the end of the input), the bytes
  // looked at being dropped but for a few that may start that line.
  bool skip(const char* e, bool eof) {
    const char* p = ptr(pos_);
    const char* line = find_event_line(p, e);
    if (line != nullptr) {
      advance_mark(abs(line + 1));
      pos_ = mark_;
      skipping_ = false;
      return true;
    }
    const char* keep = eof || e - p <= static_cast<std::ptrdiff_t>(event_line.size())
                           ? (eof ? e : p)
                           : e - event_line.size();
    advance_mark(abs(keep));
    pos_ = mark_;
    return false;
  }

  std::uint64_t abs(const char* p) const { return base_ + static_cast<std::uint64_t>(p - data_); }
  const char* ptr(std::uint64_t a) const { return data_ + (a - base_); }

  Event need_more(const char* p) {
    pos_ = abs(p);
    return Event::need_more;
  }

  // Stops for more input inside a construct that starts at `p` and was scanned up to `scanned`:
  // the next call starts the construct again at `p` but resumes its scan at `scanned`, so that
  // a token, comment or tag value longer than the buffer is scanned once, not once per refill.
  Event need_more(const char* p, const char* scanned) {
    resume_at_ = abs(p);
    resume_from_ = abs(scanned);
    return need_more(p);
  }

  // Where to scan a construct starting at `p` from: `from`, or further on where an earlier
  // call stopped inside the same construct.
  const char* resume(const char* p, const char* from) const {
    return resume_at_ == abs(p) && resume_from_ > abs(from) ? ptr(resume_from_) : from;
  }

  void start_game(Flags& f, const char* p) {
    f.in_game = true;
    f.has_tags = f.has_movetext = f.has_result = false;
    f.blank_line_since_tag = false;
    f.depth = 0;
    game_start_ = abs(p);
    run_end_ = ~std::uint64_t{0};
    result_at_ = 0;
    result_size_ = 0;
    tag_spans_.clear();
    if (!tag_names_.empty()) tag_names_.clear();
    names_indexed_ = 0;
  }

  void set_result(Flags& f, const char* p, const char* q) {
    f.has_result = true;
    result_at_ = abs(p);
    result_size_ = static_cast<std::size_t>(q - p);
  }

  // Counts lines up to absolute offset `a` (which must not lie before the mark).
  void advance_mark(std::uint64_t a) {
    const char* const p = ptr(mark_);
    const char* const q = ptr(a);
    const std::uint64_t lines = count_newlines<Fast>(p, q);
    if (lines > 0) {
      const char* last_nl = q - 1;
      while (*last_nl != '\n') --last_nl;
      mark_pos_.line += lines;
      mark_pos_.column = static_cast<std::uint32_t>(q - last_nl);
    } else {
      mark_pos_.column += static_cast<std::uint32_t>(a - mark_);
    }
    mark_pos_.offset = a;
    mark_ = a;
  }

  Event emit(Flags& f, const char* end, GameSlice& out) {
    advance_mark(game_start_);
    out.begin = ptr(game_start_);
    out.end = end;
    out.start = mark_pos_;
    out.result = result_size_ > 0 ? ptr(result_at_) : nullptr;
    out.result_size = result_size_;
    advance_mark(abs(end));
    f.in_game = false;
    return Event::game;
  }

 public:
  // After a tag name: the end of the tag pair ("value" and ']'), or nullptr when the buffer ends
  // before the line does; then `inside` is where scan_quoted() can go on when the value's
  // opening quote was seen (else nullptr). Mirrors the lenient grammar: \x escapes, a '"'
  // followed by something else than blanks and ']' or the end of the line is part of the
  // value, the value ends at the end of the line. A pair without a quoted value ends at its ']'
  // when it has no value; else, `in_head` (no movetext yet: a malformed tag pair such as
  // `[Foo bar]`, which the reader skips after its syntax error), as if the value were quoted
  // from there, and otherwise before that value (movetext, an error of its own).
  static const char* scan_tag_value(const char* q, const char* e, const char*& inside,
                                    bool in_head) {
    inside = nullptr;
    while (q < e && (*q == ' ' || *q == '\t')) ++q;
    if (q == e) return nullptr;
    if (*q == '"') return scan_quoted(q + 1, e, inside);
    if (*q == ']') return q + 1;
    return in_head ? scan_quoted(q, e, inside) : q;
  }

  // Inside a quoted tag value, from `q`: as scan_tag_value(); `inside` is where to go on.
  static const char* scan_quoted(const char* q, const char* e, const char*& inside) {
    for (;;) {
      inside = q;
      if constexpr (Fast) {
        q = find_tag_value_stop(q, e);
      } else {
        while (q < e && !tag_value_stops.table[static_cast<unsigned char>(*q)]) ++q;
      }
      if (q == e) {
        inside = q;
        return nullptr;
      }
      inside = q;
      const char c = *q;
      if (c == '\n' || c == '\r') return q;
      if (c == '\\') {
        if (q + 1 == e) return nullptr;
        if (q[1] == '\n' || q[1] == '\r') return q + 1;
        q += 2;
        continue;
      }
      if (c == '"') {
        const char* r = q + 1;
        while (r < e && (*r == ' ' || *r == '\t')) ++r;
        if (r == e) return nullptr;
        if (*r == ']') return r + 1;
        if (*r == '\n' || *r == '\r') return r;
      }
      ++q;
    }
  }

 private:
  // A '\n' in [p, e) that is followed by `[Event "`, or nullptr.
  static constexpr std::string_view event_line = "[Event \"";
  static const char* find_event_line(const char* p, const char* e) {
    static constexpr std::string_view event = event_line;
    while (p < e) {
      const void* nl = std::memchr(p, '\n', static_cast<std::size_t>(e - p));
      if (nl == nullptr) return nullptr;
      const char* n = static_cast<const char*>(nl);
      if (static_cast<std::size_t>(e - n - 1) >= event.size() &&
          std::memcmp(n + 1, event.data(), event.size()) == 0)
        return n;
      p = n + 1;
    }
    return nullptr;
  }

  // Does a tag line with this name start a new game although the game has no movetext yet?
  // (When Fast, the names are noted as spans of the buffer and put in the hash set only when one
  // is looked up: most games never need it.)
  bool repeats_tag(const Flags& f, std::string_view name) {
    if (!f.blank_line_since_tag) return false;
    if constexpr (Fast)
      for (; names_indexed_ < tag_spans_.size(); ++names_indexed_) {
        const auto [offset, size] = tag_spans_[names_indexed_];
        tag_names_.emplace(ptr(offset), size);
      }
    return tag_names_.count(std::string(name)) > 0;
  }

  const char* data_ = nullptr;
  std::uint64_t base_ = 0;
  std::uint64_t pos_ = 0;  // where scanning resumes
  Flags flags_;
  std::uint64_t game_start_ = 0;
  std::uint64_t result_at_ = 0;
  // The construct (token, comment, tag pair) the last need_more() stopped in, and how far it
  // had been scanned (see need_more(p, scanned)).
  std::uint64_t resume_at_ = ~std::uint64_t{0};
  std::uint64_t resume_from_ = 0;
  // Movetext skipping (movetext_run): where the last skip stopped at the buffer's end, and where
  // the skips since the last construct scanned byte-wise began (a token starts there at the
  // earliest).
  std::uint64_t run_end_ = ~std::uint64_t{0};
  std::uint64_t run_floor_ = 0;
  bool skipping_ = false;  // after abandon_game(), until the next [Event line
  std::size_t result_size_ = 0;
  std::vector<std::pair<std::uint64_t, std::size_t>> tag_spans_;  // the current game's tag names
  std::unordered_set<std::string> tag_names_;  // the first names_indexed_ of them
  std::size_t names_indexed_ = 0;
  // Line counting: the position of absolute offset mark_.
  std::uint64_t mark_ = 0;
  SourcePos mark_pos_{1, 1, 0};
};

// Where the splitter ends the tag pair of a game's head that starts at `open` (its '['), in a
// text that ends at `e`: past its ']', or at the end of its line (or `e`) when it is malformed.
// The reader goes on there after a syntax error in the pair, as the splitter did.
const char* head_tag_pair_end(const char* open, const char* e) {
  const char* name = open + 1;
  while (name < e && (*name == ' ' || *name == '\t')) ++name;
  const char* const name_end = skip_tag_name(
      name, name + std::min<std::ptrdiff_t>(e - name, grammars::pgn::max_tag_name_length));
  const char* inside = nullptr;
  const char* end = Splitter<true>::scan_tag_value(name_end, e, inside, true);
  return end == nullptr ? e : end;
}

// ---- Encodings ----------------------------------------------------------------------------------
// True when `s` is all ASCII: sixteen or eight bytes at a time, or byte by byte when `plain`
// (grammar-only mode).
bool is_ascii(std::string_view s, bool plain) {
  if (plain) {
    for (const char c : s)
      if (static_cast<unsigned char>(c) >= 0x80) return false;
    return true;
  }
  const char* p = s.data();
  std::size_t n = s.size();
  std::uint64_t acc = 0;
#if defined(__SSE2__)
  __m128i wide = _mm_setzero_si128();
  for (; n >= 16; p += 16, n -= 16)
    wide = _mm_or_si128(wide, _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
  if (_mm_movemask_epi8(wide) != 0) return false;
#endif
  while (n >= 8) {
    std::uint64_t w;
    std::memcpy(&w, p, 8);
    acc |= w;
    p += 8;
    n -= 8;
  }
  while (n > 0) {
    acc |= static_cast<unsigned char>(*p++);
    --n;
  }
  return (acc & 0x8080808080808080ULL) == 0;
}

bool is_valid_utf8(std::string_view s) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const auto* const e = p + s.size();
  while (p < e) {
    const unsigned char c = *p;
    if (c < 0x80) {
      ++p;
      continue;
    }
    int n = 0;
    std::uint32_t cp = 0;
    if (c >= 0xC2 && c <= 0xDF) {
      n = 1;
      cp = c & 0x1Fu;
    } else if (c >= 0xE0 && c <= 0xEF) {
      n = 2;
      cp = c & 0x0Fu;
    } else if (c >= 0xF0 && c <= 0xF4) {
      n = 3;
      cp = c & 0x07u;
    } else {
      return false;
    }
    if (e - p <= n) return false;
    for (int i = 1; i <= n; ++i) {
      if ((p[i] & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (p[i] & 0x3Fu);
    }
    if ((n == 2 && cp < 0x800) || (n == 3 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF))
      return false;
    p += n + 1;
  }
  return true;
}

// The legacy encoding of a text that is not UTF-8: CP437 when it uses bytes 0x80-0x9F that
// windows-1252 leaves undefined, or uses 0x80-0x9F and nothing from 0xA0 up (CP437 has its
// accented letters at 0x80-0xA5, windows-1252 mostly from 0xC0 up); windows-1252 (a superset of
// Latin-1) otherwise.
bool looks_like_cp437(std::string_view s) {
  bool c1 = false;
  bool high = false;
  for (char ch : s) {
    const auto b = static_cast<unsigned char>(ch);
    if (b < 0x80) continue;
    if (b >= 0xA0) {
      high = true;
    } else {
      c1 = true;
      if (b == 0x81 || b == 0x8D || b == 0x8F || b == 0x90 || b == 0x9D) return true;
    }
  }
  return c1 && !high;
}

// Counts, in a text that is not valid UTF-8, the well-formed multi-byte UTF-8 sequences and the
// bytes that are no part of one: a text of the first kind with a few of the second is UTF-8
// with damage, not a legacy encoding.
struct Utf8Census {
  std::size_t sequences = 0;
  std::size_t stray_bytes = 0;
};
Utf8Census utf8_census(std::string_view s) {
  Utf8Census census;
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    const std::size_t n = c >= 0xC2 && c <= 0xDF   ? 2
                          : c >= 0xE0 && c <= 0xEF ? 3
                          : c >= 0xF0 && c <= 0xF4 ? 4
                                                   : 0;
    if (n > 0 && i + n <= s.size() && is_valid_utf8(s.substr(i, n))) {
      ++census.sequences;
      i += n;
    } else {
      ++census.stray_bytes;
      ++i;
    }
  }
  return census;
}

// The 8-bit encoding ICU's charset detection finds most likely for `text` among the ones
// archives use, or "" (then windows-1252 is taken).
std::string detect_legacy_encoding(std::string_view text) {
  UErrorCode err = U_ZERO_ERROR;
  UCharsetDetector* detector = ucsdet_open(&err);
  if (U_FAILURE(err)) return {};
  const auto size = static_cast<int32_t>(std::min<std::size_t>(text.size(), 1u << 20));
  ucsdet_setText(detector, text.data(), size, &err);
  const UCharsetMatch* match = ucsdet_detect(detector, &err);
  std::string name;
  if (U_SUCCESS(err) && match != nullptr) {
    const char* found = ucsdet_getName(match, &err);
    if (U_SUCCESS(err) && found != nullptr) name = found;
  }
  ucsdet_close(detector);
  // Single-byte Latin encodings only: a multi-byte guess on a short sample is not trusted.
  for (const char* known : {"ISO-8859-1", "windows-1252", "ISO-8859-2", "windows-1250",
                            "ISO-8859-15", "ISO-8859-9", "windows-1254"})
    if (name == known) return name;
  return {};
}

// Converts text from one named encoding to UTF-8 with ICU, keeping the converter open.
class Converter {
 public:
  Converter() = default;
  Converter(const Converter&) = delete;
  Converter& operator=(const Converter&) = delete;
  ~Converter() {
    for (UConverter* c : {utf8_, source_})
      if (c != nullptr) ucnv_close(c);
  }
  // Selects the source encoding (an ICU converter name); false if ICU does not know it.
  bool open(const std::string& name) {
    UErrorCode err = U_ZERO_ERROR;
    UConverter* c = ucnv_open(name.c_str(), &err);
    if (U_FAILURE(err) || c == nullptr) return false;
    if (source_ != nullptr) ucnv_close(source_);
    source_ = c;
    return true;
  }
  // Converts `in` to UTF-8 into `out` (unmappable bytes become U+FFFD). False if ICU failed.
  bool to_utf8(std::string_view in, std::string& out) {
    UErrorCode err = U_ZERO_ERROR;
    if (utf8_ == nullptr) utf8_ = ucnv_open("UTF-8", &err);
    if (U_FAILURE(err) || utf8_ == nullptr || source_ == nullptr) return false;
    ucnv_reset(source_);
    out.resize(in.size() * 3 + 16);
    char* target = out.data();
    const char* source = in.data();
    UChar pivot[1024];
    UChar* pivot_source = pivot;
    UChar* pivot_target = pivot;
    ucnv_convertEx(utf8_, source_, &target, out.data() + out.size(), &source, in.data() + in.size(),
                   pivot, &pivot_source, &pivot_target, pivot + 1024, true, true, &err);
    if (U_FAILURE(err)) return false;
    out.resize(static_cast<std::size_t>(target - out.data()));
    return true;
  }

 private:
  UConverter* utf8_ = nullptr;
  UConverter* source_ = nullptr;
};

// The encoding of one input, decided once (docs/notation.md, "Encodings"): UTF-8 as long as
// every game is; at the first game that is not, either UTF-8 with damage (its non-ASCII bytes
// are mostly well-formed UTF-8, or earlier games used UTF-8) or a legacy 8-bit encoding (CP437
// by its tell-tale bytes, else ICU's detection, else windows-1252) for every game that is not
// valid UTF-8 from then on. A forced encoding (--encoding) decodes every game.
class EncodingDecision {
 public:
  // `plain`: tests for ASCII byte by byte (grammar-only mode).
  explicit EncodingDecision(bool plain = false) : plain_(plain) {}
  // Forces `name` for every game; false when ICU does not know it.
  bool force(const std::string& name) {
    forced_ = true;
    utf8_ = is_utf8_name(name);
    return utf8_ || converter_.open(name);
  }
  // True when decoding `text` would make the decision now (it is the first game that is
  // neither ASCII nor UTF-8): the caller should then offer encoding_sample_bytes of input ahead.
  bool decides_on(std::string_view text) const {
    return !forced_ && !decided_ && !is_ascii(text, plain_) && !is_valid_utf8(text);
  }
  // The decision so far, as GameStart::encoding_state ("" when forced).
  std::string state() const {
    if (forced_) return "";
    if (!decided_) return saw_utf8_ ? "utf-8-seen" : "";
    return utf8_ ? "utf-8" : name_;
  }
  // Takes up a decision made on an earlier part of the input (a state() value, optionally
  // followed by ">FINAL": the decision the whole input makes later, which this part then makes
  // at its first game that is neither ASCII nor UTF-8, whatever it can see ahead).
  void restore(std::string state) {
    if (forced_) return;
    if (const auto arrow = state.find('>'); arrow != std::string::npos) {
      preset_ = state.substr(arrow + 1);
      state.resize(arrow);
    }
    if (state.empty()) return;
    saw_utf8_ = true;
    if (state == "utf-8-seen") return;
    saw_utf8_ = false;
    decided_ = true;
    utf8_ = state == "utf-8";
    if (utf8_) return;
    name_ = state;
    if (!converter_.open(name_)) {
      name_ = "windows-1252";
      converter_.open(name_);
    }
  }
  // Updates the decision as decode() would for `text` (with `ahead` as in decode()), without
  // converting it.
  void observe(std::string_view text, std::string_view ahead) {
    if (forced_ || is_ascii(text, plain_)) return;
    if (is_valid_utf8(text)) {
      saw_utf8_ = true;
      return;
    }
    std::string note;
    if (!decided_)
      decide(text, ahead.size() > text.size() ? ahead.substr(0, encoding_sample_bytes) : text,
             note);
  }
  // The text of a game in UTF-8: `text` itself or its conversion in `buffer`; `note` gets the
  // warning to give about this game ("" for none). `ahead` is the input from the game's start
  // to as far as it has been read (the game and what follows it): the decision, when this game
  // makes it, looks at up to 1 MiB of it rather than at one game's few names.
  std::string_view decode(std::string_view text, std::string_view ahead, std::string& buffer,
                          std::string& note) {
    note.clear();
    if (is_ascii(text, plain_)) return text;
    if (!forced_) {
      if (is_valid_utf8(text)) {
        saw_utf8_ = true;
        return text;
      }
      if (!decided_)
        decide(text, ahead.size() > text.size() ? ahead.substr(0, encoding_sample_bytes) : text,
               note);
    }
    if (utf8_) return text;  // damaged bytes are replaced and reported by the replayer
    if (converter_.to_utf8(text, buffer)) return buffer;
    note = "the game's text could not be converted from " + name_;
    return text;
  }

 private:
  static bool is_utf8_name(std::string name) {
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return name == "utf-8" || name == "utf8";
  }
  // Decides on the first game that is neither ASCII nor UTF-8: `game` is its text, `sample` the
  // input from its start on (up to encoding_sample_bytes) for telling legacy encodings apart.
  void decide(std::string_view game, std::string_view sample, std::string& note) {
    decided_ = true;
    const std::string choice = preset_.empty() ? choose(game, sample) : preset_;
    if (choice == "utf-8") {
      utf8_ = true;
      note =
          "input is UTF-8 with bytes that are not UTF-8: they are replaced by U+FFFD (the "
          "encoding is decided once per input; --encoding NAME overrides)";
      return;
    }
    name_ = choice;
    if (!converter_.open(name_)) {
      name_ = "windows-1252";
      converter_.open(name_);
    }
    note = "input is not UTF-8: decoded as " + std::string(name_ == "IBM437" ? "CP437" : name_) +
           " from this game on (the encoding is decided once per input; --encoding NAME "
           "overrides)";
  }
  // What the first game that is neither ASCII nor UTF-8 decides: "utf-8" (UTF-8 with damage)
  // or the ICU name of a legacy encoding.
  std::string choose(std::string_view game, std::string_view sample) const {
    const Utf8Census census = utf8_census(game);
    if (saw_utf8_ || census.sequences >= census.stray_bytes) return "utf-8";
    std::string name = looks_like_cp437(sample) ? "IBM437" : detect_legacy_encoding(sample);
    return name.empty() ? "windows-1252" : name;
  }

  Converter converter_;
  std::string name_;
  std::string preset_;  // the decision a part of the input takes over ("STATE>FINAL" states)
  bool forced_ = false, decided_ = false, utf8_ = false, saw_utf8_ = false;
  bool plain_ = false;
};

// 3 when a figurine (gp::figurine, U+2654 to U+265F in UTF-8) starts at `p`, else 0.
std::size_t figurine_at(const char* p, const char* end) {
  return end - p >= 3 && p[0] == '\xE2' && p[1] == '\x99' &&
                 static_cast<unsigned char>(p[2]) >= 0x94 &&
                 static_cast<unsigned char>(p[2]) <= 0x9F
             ? 3
             : 0;
}

// The bytes of the gp::symbol_char or gp::figurine at `p`, 0 when there is none.
std::size_t symbol_step(const char* p, const char* end) {
  return is_symbol_char(*p) ? 1 : figurine_at(p, end);
}

// `text` with each figurine replaced by its piece letter (K Q R B N; a pawn's by nothing).
std::string without_figurines(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    if (figurine_at(text.data() + i, text.data() + text.size()) == 0) {
      out += text[i++];
      continue;
    }
    static constexpr char letters[] = "KQRBN\0KQRBN";  // U+2654 to U+2659, U+265A to U+265F
    const char letter = letters[static_cast<unsigned char>(text[i + 2]) - 0x94];
    if (letter != '\0') out += letter;
    i += 3;
  }
  return out;
}

// The length of gp::ep_mark at `p` ("e.p.", "ep", "e.p", "ep." not followed by a symbol
// character), 0 when there is none.
std::size_t ep_mark_length(const char* p, const char* end) {
  const char* q = p;
  if (q == end || *q != 'e') return 0;
  ++q;
  if (q < end && *q == '.') ++q;
  if (q == end || *q != 'p') return 0;
  ++q;
  if (q < end && *q == '.') ++q;
  if (q < end && is_symbol_char(*q)) return 0;
  return static_cast<std::size_t>(q - p);
}

// ---- Parsing one game ---------------------------------------------------------------------------
// A syntax error found while parsing a game: where, and what was expected there.
struct GameError {
  const char* at;
  const char* expected;
  const char* stop = nullptr;  // where reading stopped: the text from there on is not read
  bool in_tag = false;         // in a tag pair (the reader goes on after it)
};

struct GameState {
  PgnVisitor& visitor;
  LineTracker& lines;
  std::string& unescaped;
  std::string_view tag_name;
  std::string_view tag_text;
  const char* comment_open = nullptr;
  const char* tag_open = nullptr;  // the '[' of the last tag pair begun by the grammar
  std::vector<const char*> open_variations;
  SanToken token;
  bool grammar_only = false;  // symbols are parsed by the SAN grammar alone
};

// Reports the tag pair at `pos` whose value is `text` as written (\" and \\ are escapes; any
// other backslash is kept literally). `backslash`: false when the caller knows that `text` has
// no backslash.
void report_tag(GameState& st, std::string_view name, std::string_view text, SourcePos pos,
                bool backslash = true) {
  std::string_view value = text;
  if (backslash && value.find('\\') != std::string_view::npos) {
    st.unescaped.clear();
    for (std::size_t i = 0; i < value.size(); ++i) {
      if (value[i] == '\\' && i + 1 < value.size() && (value[i + 1] == '"' || value[i + 1] == '\\'))
        ++i;
      st.unescaped += value[i];
    }
    value = st.unescaped;
  }
  st.visitor.tag(name, value, pos);
  if (!name.empty() &&
      (name[0] == 'D' || name[0] == 'E' || name[0] == 'U' || name[0] == 'W' || name[0] == 'B')) {
    if (const std::string problem = detail::implausible_tag_value(name, value); !problem.empty())
      st.visitor.warning(pos, problem);
  }
}

// Reports the movetext symbol `text` at `pos`: a move when it is extended SAN, else an invalid
// move with what was expected.
void report_symbol(GameState& st, std::string_view text, SourcePos pos) {
  if (st.grammar_only ? detail::parse_san_grammar(text, st.token)
                      : detail::parse_san_token(text, st.token)) {
    st.visitor.move(st.token, text, pos);
    return;
  }
  if (ep_mark_length(text.data(), text.data() + text.size()) == text.size()) {  // gp::ep_mark
    st.visitor.warning(
        pos, "'" + std::string(text) + "': an en passant mark after the move, not needed; ignored");
    return;
  }
  // Figurines (\u2658f3): read with their letters.
  if (text.find('\xE2') != std::string_view::npos) {
    const std::string letters = without_figurines(text);
    if (letters != text && (st.grammar_only ? detail::parse_san_grammar(letters, st.token)
                                            : detail::parse_san_token(letters, st.token))) {
      st.visitor.move(st.token, text, pos);
      return;
    }
  }
  // A capture with the mark written onto it ("exd6ep"): the capture, and a warning.
  if (text.size() > 2 && text.substr(text.size() - 2) == "ep") {
    const std::string_view move = text.substr(0, text.size() - 2);
    if ((st.grammar_only ? detail::parse_san_grammar(move, st.token)
                         : detail::parse_san_token(move, st.token)) &&
        st.token.capture) {
      st.visitor.move(st.token, text, pos);
      st.visitor.warning(pos, "'" + std::string(text) + "': read as " + std::string(move) +
                                  " (an en passant mark written onto the move)");
      return;
    }
  }
  SyntaxError error;
  std::size_t offset = 0;
  detail::explain_san_error(text, offset, error.expected);
  error.pos = pos;
  error.token.assign(text);
  st.visitor.invalid_move(error);
}

template <typename Rule>
struct action : pg::nothing<Rule> {};

template <>
struct action<gp::tag_open> {
  template <typename Input>
  static void apply(const Input& in, GameState& st) {
    st.tag_open = in.begin();
  }
};
template <>
struct action<gp::tag_name> {
  template <typename Input>
  static void apply(const Input& in, GameState& st) {
    st.tag_name = in.string_view();
  }
};
template <>
struct action<gp::tag_text> {
  template <typename Input>
  static void apply(const Input& in, GameState& st) {
    st.tag_text = in.string_view();
  }
};
template <>
struct action<gp::tag_pair> {
  template <typename Input>
  static void apply(const Input& in, GameState& st) {
    report_tag(st, st.tag_name, st.tag_text, st.lines.at(in.begin()));
  }
};
template <>
struct action<gp::brace_open> {
  template <typename Input>
  static void apply(const Input& in, GameState& st) {
    st.comment_open = in.begin();
  }
};
template <>
struct action<gp::brace_comment> {
  template <typename Input>
  static void apply(const Input& in, GameState& st) {
    const std::string_view s = in.string_view();
    st.visitor.comment(s.substr(1, s.size() - 2), st.lines.at(in.begin()));
  }
};
template <>
struct action<gp::line_comment> {
  template <typename Input>
  static void apply(const Input& in, GameState& st) {
    std::string_view s = in.string_view().substr(1);
    if (!s.empty() && s.back() == '\r') s.remove_suffix(1);
    st.visitor.comment(s, st.lines.at(in.begin()));
  }
};
template <>
struct action<gp::nag_digits> {
  template <typename Input>
  static void apply(const Input& in, GameState& st) {
    int v = 0;
    for (char c : in.string_view()) v = std::min(v * 10 + (c - '0'), 1000000);
    st.visitor.nag(v, st.lines.at(in.begin() - 1));
  }
};
template <>
struct action<gp::suffix> {
  template <typename Input>
  static void apply(const Input& in, GameState& st) {
    const std::string_view s = in.string_view();
    int v = 0;
    if (s == "!")
      v = 1;
    else if (s == "?")
      v = 2;
    else if (s == "!!")
      v = 3;
    else if (s == "??")
      v = 4;
    else if (s == "!?")
      v = 5;
    else
      v = 6;  // ?!
    st.visitor.nag(v, st.lines.at(in.begin()));
  }
};
template <>
struct action<gp::variation_open> {
  template <typename Input>
  static void apply(const Input& in, GameState& st) {
    if (st.open_variations.size() >= max_variation_depth)
      throw GameError{in.begin(), "at most 200 nested variations"};
    st.open_variations.push_back(in.begin());
    st.visitor.begin_variation(st.lines.at(in.begin()));
  }
};
template <>
struct action<gp::variation_close> {
  template <typename Input>
  static void apply(const Input& in, GameState& st) {
    st.open_variations.pop_back();
    st.visitor.end_variation(st.lines.at(in.begin()));
  }
};
template <>
struct action<gp::result> {
  template <typename Input>
  static void apply(const Input& in, GameState& st) {
    st.visitor.result(in.string_view(), st.lines.at(in.begin()));
  }
};
template <>
struct action<gp::symbol> {
  template <typename Input>
  static void apply(const Input& in, GameState& st) {
    report_symbol(st, in.string_view(), st.lines.at(in.begin()));
  }
};
template <>
struct action<gp::ep_mark> {
  template <typename Input>
  static void apply(const Input& in, GameState& st) {
    report_symbol(st, in.string_view(), st.lines.at(in.begin()));
  }
};

// must<> failures become GameErrors.
template <typename Rule>
constexpr const char* error_text() {
  if constexpr (std::is_same_v<Rule, gp::brace_close>)
    return "'}' closing the comment";
  else if constexpr (std::is_same_v<Rule, gp::tag_space>)
    return "a blank";
  else if constexpr (std::is_same_v<Rule, gp::tag_name>)
    return "a tag name (letters, digits, _ and -, at most 255 of them)";
  else if constexpr (std::is_same_v<Rule, gp::tag_value>)
    return "a tag value in double quotes";
  else if constexpr (std::is_same_v<Rule, gp::tag_quote_close>)
    return "'\"' closing the tag value";
  else if constexpr (std::is_same_v<Rule, gp::tag_close>)
    return "']' closing the tag pair";
  else if constexpr (std::is_same_v<Rule, gp::nag_digits>)
    return "the number of a NAG after '$'";
  else if constexpr (std::is_same_v<Rule, gp::variation_close>)
    return "')' closing the variation, or a move, comment or annotation";
  else if constexpr (std::is_same_v<Rule, gp::movetext_end>)
    return "a move, comment, annotation, variation or game result";
  else
    return "valid PGN";
}

template <typename Rule>
struct control : pg::normal<Rule> {
  template <typename ParseInput>
  [[noreturn]] static void raise(const ParseInput& in, GameState& st) {
    const char* at = in.current();
    if (at == in.end()) {  // point at what was left open rather than at the end of the game
      if constexpr (std::is_same_v<Rule, gp::brace_close>) {
        if (st.comment_open != nullptr) at = st.comment_open;
        throw GameError{at, error_text<Rule>(), at};  // the comment is not read
      } else if constexpr (std::is_same_v<Rule, gp::variation_close>) {
        if (!st.open_variations.empty()) {
          throw GameError{st.open_variations.back(), "')' closing this variation", at};
        }
      }
    }
    constexpr bool in_tag =
        std::is_same_v<Rule, gp::tag_space> || std::is_same_v<Rule, gp::tag_name> ||
        std::is_same_v<Rule, gp::tag_value> || std::is_same_v<Rule, gp::tag_quote_close> ||
        std::is_same_v<Rule, gp::tag_close>;
    throw GameError{at, error_text<Rule>(), in.current(), in_tag};
  }
};

using GameInput = pg::memory_input<pg::tracking_mode::lazy, pg::eol::lf_crlf, const char*>;

// The text an error points at: up to the next blank or delimiter (at least one character).
std::string error_token(const char* at, const char* end) {
  const char* q = at;
  if (q == end || *q == '\n' || *q == '\r' || is_blank(*q)) return std::string();
  if (*q == '(' || *q == ')' || *q == '[' || *q == ']') return std::string(1, *q);
  ++q;
  while (q < end && q - at < 40 && !is_blank(*q) && *q != '\n' && *q != '{' && *q != '}' &&
         *q != '(' && *q != ')' && *q != '[' && *q != ']' && *q != ';')
    ++q;
  return std::string(at, q);
}

// ---- The fast path of the game grammar ----------------------------------------------------------
// The rest of gp::game_head after its first skip: where the grammar takes over from the fast path.
struct head_rest : pg::seq<gp::leading_comments, gp::tag_section> {};

// A visitor call of the movetext that the fast path holds back (inside a variation, or the
// result and trailing comments) until it knows that the grammar makes it too.
struct HeldCall {
  enum class Kind : unsigned char { symbol, comment, nag, open, close, result };
  Kind kind;
  int nag = 0;
  SourcePos pos;
  std::string_view text;  // of a symbol, comment or result
};

inline bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
inline bool is_alnum(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

// Reads a game's text as gp::game_head and gp::movetext_section do, by hand, and makes the same
// visitor calls. It reads what the grammar reads without error; where the grammar would raise
// one (or the fast path is unsure), it stops at a point where the grammar can take over with
// head_rest or gp::movetext_section and go on exactly as if it had read the game from its start:
// after white space, before a comment or tag pair of the head, or before an element of the
// movetext at variation depth 0 (the calls of a variation are held back until it is closed, so
// that the grammar can read an unfinished one again). Positions come from the line tracker, which
// it tells of every newline it passes. tests/test_reader_speed.cpp compares it with grammar-only
// mode.
class FastGame {
 public:
  FastGame(std::string_view text, GameState& st, std::vector<HeldCall>& held)
      : begin_(text.data()), end_(text.data() + text.size()), st_(st), held_(held) {
    held_.clear();
  }

  // The head from `p` (the start of the text), reporting its tags and comments. True when it was
  // read to its end, `p` then being there; false when the grammar must read head_rest from `p`.
  // (This and movetext() out of line: inlined into Reader::game they are slower.)
  [[gnu::noinline]] bool head(const char*& p) {
    p = skip(p);
    while (p < end_ && (*p == '{' || *p == ';')) {
      const char* q = comment(p);
      if (q == nullptr) return false;
      st_.visitor.comment(comment_text(p, q), comment_pos(p, q));
      p = skip(q);
    }
    while (p < end_ && *p == '[') {
      const char* q = tag_pair(p);
      if (q == nullptr) return false;
      p = skip(q);
    }
    return true;
  }

  // The movetext from `p` (where the head ended), reported. True when it was read to the end of
  // the text; false when the grammar must read gp::movetext_section from `p`.
  // The commonest elements (move numbers and the commonest moves, see detail::parse_common_san)
  // are read here at once, the others by element() and variation().
  // (`p` is read and written through a local copy, which stays in a register across the calls.)
  [[gnu::noinline]] bool movetext(const char*& where) {
    const char* p = where;
    (void)st_.lines.at(p);                   // the grammar may have read the end of the head
    const char* const roomy_end = end_ - 8;  // before it, parse_common_san can read its 7 bytes
    for (;;) {
      if (p < roomy_end) {   // the usual elements, read here
        if (*p == ' ') ++p;  // the usual space between two elements (skip() reads any others)
        const char c = *p;
        if (skip_class.table[static_cast<unsigned char>(c)] != 0) {  // more to skip
          if (const char* q = skip(p); q != p) {
            p = q;
            continue;  // and look again
          }
        } else if (is_digit(c)) {  // a move number: digits then dots (else see element())
          const char* q = p + 1;
          if (is_digit(*q)) ++q;  // one or two digits without a test of end_ (in the room)
          while (q < end_ && is_digit(*q)) ++q;
          if (q < end_ && *q == '.') {
            ++q;
            while (q < end_ && *q == '.') ++q;
            p = q;
            continue;
          }
        } else if (const char* q = detail::parse_common_san(p, common_);
                   q != nullptr && *q != '\xE2') {  // (not before a figurine: element() reads it)
          // (At variation depth 0 here: variation() returns there.)
          st_.visitor.move(common_, std::string_view(p, static_cast<std::size_t>(q - p)),
                           st_.lines.on_line(p));
          p = q;
          continue;
        }
      }
      p = skip(p);
      where = p;
      if (p == end_) return true;
      const char* q = *p == '(' ? variation(p) : element(p);
      if (q == nullptr) return game_end(p);
      p = q;
    }
  }

 private:
  // gp::skip from `p`: blanks, % escape lines (at the start of a line) and byte order marks; the
  // newlines are noted in the line tracker. (Always inlined: it runs before every element, and
  // the reader is 10% faster so with GCC 12.)
  [[gnu::always_inline]] const char* skip(const char* p) {
    while (p < end_) {
      const unsigned char cls = skip_class.table[static_cast<unsigned char>(*p)];
      if (cls == 0) break;  // the usual way out: the next element
      if (cls == 1) {
        ++p;
      } else if (cls == 2) {
        st_.lines.newline(p);
        ++p;
      } else if (*p == '%' && (p == begin_ || p[-1] == '\n')) {
        const void* nl = std::memchr(p, '\n', static_cast<std::size_t>(end_ - p));
        p = nl == nullptr ? end_ : static_cast<const char*>(nl);
      } else if (*p == '\xEF' && end_ - p >= 3 && p[1] == '\xBB' && p[2] == '\xBF') {
        p += 3;
      } else {
        break;
      }
    }
    return p;
  }

  // gp::comment at `p` ('{' or ';'): its end, or nullptr for a '{' that is never closed.
  const char* comment(const char* p) const {
    const char stop = *p == '{' ? '}' : '\n';
    const void* found = std::memchr(p + 1, stop, static_cast<std::size_t>(end_ - p - 1));
    if (found == nullptr) return stop == '}' ? nullptr : end_;
    return static_cast<const char*>(found) + (stop == '}' ? 1 : 0);
  }

  // The text of the comment [p, q) as the comment actions hand it over.
  std::string_view comment_text(const char* p, const char* q) const {
    std::string_view s(p + 1, static_cast<std::size_t>(q - p - 1));
    if (*p == '{') {
      s.remove_suffix(1);
    } else if (!s.empty() && s.back() == '\r') {
      s.remove_suffix(1);
    }
    return s;
  }

  // The position of the comment [p, q); the line tracker is then taken past its newlines.
  SourcePos comment_pos(const char* p, const char* q) {
    const SourcePos pos = st_.lines.on_line(p);
    if (*p == '{' && std::memchr(p, '\n', static_cast<std::size_t>(q - p)) != nullptr)
      (void)st_.lines.at(q);
    return pos;
  }

  // Blanks and tabs from `p` (gp::tag_space).
  const char* tag_space(const char* p) const {
    while (p < end_ && (*p == ' ' || *p == '\t')) ++p;
    return p;
  }

  // gp::tag_pair at `p` ('['): reports it and returns its end, or nullptr where the grammar
  // raises an error.
  const char* tag_pair(const char* p) {
    const char* name = tag_space(p + 1);
    const char* q = skip_tag_name(name, end_);
    const auto name_size = static_cast<std::size_t>(q - name);
    if (name_size == 0 || name_size > gp::max_tag_name_length) return nullptr;
    q = tag_space(q);
    if (q == end_ || *q != '"') return nullptr;
    const char* value = ++q;
    bool backslash = false;
    for (;;) {  // gp::tag_text: plain characters, escapes and quotes inside the value
      q = find_tag_value_stop(q, end_);
      if (q == end_ || *q == '\n' || *q == '\r') return nullptr;
      if (*q == '\\') {
        backslash = true;
        if (q + 1 == end_ || q[1] == '\n' || q[1] == '\r') return nullptr;
        q += 2;
        continue;
      }
      const char* after = tag_space(q + 1);  // a '"': the closing one before gp::tag_value_end
      if (after == end_ || *after == ']' || *after == '\r' || *after == '\n') break;
      ++q;
    }
    const char* value_end = q;
    q = tag_space(q + 1);
    if (q == end_ || *q != ']') return nullptr;
    report_tag(st_, std::string_view(name, name_size),
               std::string_view(value, static_cast<std::size_t>(value_end - value)),
               st_.lines.on_line(p), backslash);
    return q + 1;
  }

  // The size of the termination marker at `p` (gp::result), 0 when there is none.
  std::size_t result_at(const char* p) const {
    const auto left = static_cast<std::size_t>(end_ - p);
    std::size_t n = 0;
    if (*p == '*')
      n = 1;
    else if (left >= 3 && is_result(p, 3))
      n = 3;
    else if (left >= 7 && is_result(p, 7))
      n = 7;
    if (n == 0 || (n < left && is_symbol_char(p[n]))) return 0;
    return n;
  }

  // Makes a call, or holds it back inside a variation; `at` must lie on the line of the last
  // position taken or newline noted.
  void call(HeldCall::Kind kind, const char* at, std::string_view text = {}, int nag = 0) {
    call(HeldCall{kind, nag, st_.lines.on_line(at), text});
  }
  void call(const HeldCall& c) {
    if (depth_ > 0)
      held_.push_back(c);
    else
      make(c);
  }

  // Makes one call held back.
  void make(const HeldCall& c) {
    switch (c.kind) {
      case HeldCall::Kind::symbol:
        report_symbol(st_, c.text, c.pos);
        break;
      case HeldCall::Kind::comment:
        st_.visitor.comment(c.text, c.pos);
        break;
      case HeldCall::Kind::nag:
        st_.visitor.nag(c.nag, c.pos);
        break;
      case HeldCall::Kind::open:
        st_.visitor.begin_variation(c.pos);
        break;
      case HeldCall::Kind::close:
        st_.visitor.end_variation(c.pos);
        break;
      case HeldCall::Kind::result:
        st_.visitor.result(c.text, c.pos);
        break;
    }
  }

  // Makes the calls held back, in order.
  void flush() {
    for (const HeldCall& c : held_) make(c);
    held_.clear();
  }

  // One element (gp::element, or in a variation gp::variation_element, or a parenthesis) at `p`:
  // returns its end (depth_ updated for a parenthesis), or nullptr when there is none here (or
  // the fast path leaves it to the grammar).
  const char* element(const char* p) {
    const char c = *p;
    if (is_digit(c)) {  // gp::move_number
      const char* q = p + 1;
      while (q < end_ && is_digit(*q)) ++q;
      if (q < end_ && *q == '.') {
        while (q < end_ && *q == '.') ++q;
        return q;
      }
    }
    if (const std::size_t n = (c == '1' || c == '0' || c == '*') ? result_at(p) : 0; n > 0)
      return depth_ > 0 ? p + n : nullptr;  // gp::variation_result; at depth 0 see game_end()
    if (is_alnum(c) || c == '@' || c == '-' || figurine_at(p, end_) > 0) return symbol(p);
    switch (c) {
      case '{':
      case ';': {
        const char* q = comment(p);
        if (q != nullptr) call({HeldCall::Kind::comment, 0, comment_pos(p, q), comment_text(p, q)});
        return q;
      }
      case '(':
        if (depth_ >= max_variation_depth) return nullptr;
        ++depth_;
        call(HeldCall::Kind::open, p);
        return p + 1;
      case ')':
        if (depth_ == 0) return nullptr;
        call(HeldCall::Kind::close, p);
        --depth_;
        return p + 1;
      case '$':
        return nag(p);
      case '!':
      case '?':
        return suffix(p);
      case '.': {
        const char* q = p + 1;
        while (q < end_ && *q == '.') ++q;
        return q;
      }
      default:
        return nullptr;
    }
  }

  // gp::symbol at `p`, reported: a usual move at variation depth 0 straight from the text.
  const char* symbol(const char* p) {
    if (const std::size_t n = ep_mark_length(p, end_); n > 0) {  // gp::ep_mark
      call(HeldCall::Kind::symbol, p, std::string_view(p, n));
      return p + n;
    }
    if (depth_ == 0) {
      const char* q = detail::parse_usual_san(p, end_, st_.token);
      if (q != nullptr && (q == end_ || symbol_step(q, end_) == 0)) {
        st_.visitor.move(st_.token, std::string_view(p, static_cast<std::size_t>(q - p)),
                         st_.lines.on_line(p));
        return q;
      }
    }
    const char* q = p + std::max<std::size_t>(1, figurine_at(p, end_));
    while (q < end_)
      if (const std::size_t n = symbol_step(q, end_); n > 0)
        q += n;
      else
        break;
    call(HeldCall::Kind::symbol, p, std::string_view(p, static_cast<std::size_t>(q - p)));
    return q;
  }

  // gp::variation at `p` ('('), its calls held back until it is closed: returns its end, or
  // nullptr (nothing reported) when the grammar must read it.
  const char* variation(const char* p) {
    const char* q = element(p);
    while (q != nullptr && depth_ > 0) {
      q = skip(q);
      if (q == end_) break;
      q = element(q);
    }
    if (q == nullptr || depth_ > 0) {
      held_.clear();
      depth_ = 0;
      return nullptr;
    }
    flush();
    return q;
  }

  // gp::nag at `p` ('$'), or nullptr when no digits follow.
  const char* nag(const char* p) {
    const char* q = p + 1;
    int v = 0;
    while (q < end_ && is_digit(*q)) v = std::min(v * 10 + (*q++ - '0'), 1000000);
    if (q == p + 1) return nullptr;
    call(HeldCall::Kind::nag, p, {}, v);
    return q;
  }

  // gp::suffix at `p` ('!' or '?'): !! ?? !? ?! or one character alone.
  const char* suffix(const char* p) {
    const char second = p + 1 < end_ ? p[1] : '\0';
    const bool pair = second == '!' || second == '?';
    int v = 0;
    if (!pair)
      v = *p == '!' ? 1 : 2;
    else if (*p == second)
      v = *p == '!' ? 3 : 4;
    else
      v = *p == '!' ? 5 : 6;
    call(HeldCall::Kind::nag, p, {}, v);
    return p + (pair ? 2 : 1);
  }

  // gp::game_end at `p` followed by the end of the text (gp::movetext_end): reports the result
  // and the trailing comments and returns true; false (nothing reported) when the grammar must
  // read it.
  bool game_end(const char* p) {
    const std::size_t n = result_at(p);
    if (n == 0) return false;
    held_.push_back({HeldCall::Kind::result, 0, st_.lines.on_line(p), std::string_view(p, n)});
    const char* q = skip(p + n);
    while (q < end_ && (*q == '{' || *q == ';')) {
      const char* e = comment(q);
      if (e == nullptr) break;
      held_.push_back({HeldCall::Kind::comment, 0, comment_pos(q, e), comment_text(q, e)});
      q = skip(e);
    }
    if (q != end_) {
      held_.clear();
      return false;
    }
    flush();
    return true;
  }

  const char* const begin_;
  const char* const end_;
  GameState& st_;
  std::vector<HeldCall>& held_;
  int depth_ = 0;      // variation depth
  SanToken common_{};  // the last token of detail::parse_common_san, blank at first
};

// ---- The reader ---------------------------------------------------------------------------------
// Hands the reader's calls on to `to`, with the piece letters of moves in a language
// (ReaderOptions::san_language) turned into English ones. It must override every callback of
// PgnVisitor: one left out would be lost.
class LocalizedSan final : public PgnVisitor {
 public:
  // `language` must be known (find_san_language).
  LocalizedSan(PgnVisitor& to, const SanLanguage& language) : to_(to) {
    // A letter that is an English piece letter keeps its English meaning (French R, the king,
    // is read as a rook), so that English movetext reads the same whatever the language.
    static constexpr std::string_view english = "KQRBN";
    for (std::size_t i = 0; i < english.size(); ++i) {
      const std::string_view letter = language.letters[i];
      if (letter.size() == 1 &&
          std::string_view("KQRBNP").find(letter[0]) == std::string_view::npos)
        map_[static_cast<unsigned char>(letter[0])] = english[i];
    }
  }
  void begin_game(std::uint64_t index, SourcePos pos) override { to_.begin_game(index, pos); }
  void tag(std::string_view name, std::string_view value, SourcePos pos) override {
    to_.tag(name, value, pos);
  }
  void move(const SanToken& token, std::string_view text, SourcePos pos) override {
    SanToken t = token;
    for (char* letter : {&t.piece, &t.promotion, &t.birth_piece, &t.birth_promotion})
      if (const char to = map_[static_cast<unsigned char>(*letter)]; to != 0) *letter = to;
    to_.move(t, text, pos);
  }
  void invalid_move(const SyntaxError& error) override { to_.invalid_move(error); }
  void nag(int value, SourcePos pos) override { to_.nag(value, pos); }
  void comment(std::string_view text, SourcePos pos) override { to_.comment(text, pos); }
  void begin_variation(SourcePos pos) override { to_.begin_variation(pos); }
  void end_variation(SourcePos pos) override { to_.end_variation(pos); }
  void result(std::string_view text, SourcePos pos) override { to_.result(text, pos); }
  void syntax_error(const SyntaxError& error) override { to_.syntax_error(error); }
  void warning(SourcePos pos, std::string_view message) override { to_.warning(pos, message); }
  void end_game() override { to_.end_game(); }
  bool wants_movetext() override { return to_.wants_movetext(); }

 private:
  PgnVisitor& to_;
  std::array<char, 256> map_{};  // language letter -> English letter, 0: kept
};

// `visitor`, or a LocalizedSan over it (kept in `holder`) when `options` name a language other
// than English.
PgnVisitor& localized(PgnVisitor& visitor, const ReaderOptions& options,
                      std::unique_ptr<PgnVisitor>& holder) {
  const SanLanguage* language = find_san_language(options.san_language);
  if (language == nullptr || language->code == "en") return visitor;
  holder = std::make_unique<LocalizedSan>(visitor, *language);
  return *holder;
}

class Reader {
 public:
  Reader(PgnVisitor& visitor, const ReaderOptions& options)
      : visitor_(localized(visitor, options, localized_)),
        games_(options.start.games),
        grammar_only_(options.grammar_only),
        encoding_(options.grammar_only) {
    if (!options.encoding.empty()) encoding_.force(options.encoding);
    encoding_.restore(options.start.encoding);
  }

  // Parses one game and reports it; always goes on (true). `input_end` is the end of the input
  // read so far (the encoding decision may look ahead that far). In grammar-only mode the
  // grammar reads the whole game (FastGame is never run).
  bool game(const GameSlice& slice, const char* input_end) {
    ++games_;
    visitor_.begin_game(games_, slice.start);
    std::string note;
    const std::string_view text = encoding_.decode(
        std::string_view(slice.begin, static_cast<std::size_t>(slice.end - slice.begin)),
        std::string_view(slice.begin, static_cast<std::size_t>(input_end - slice.begin)),
        converted_, note);
    if (!note.empty()) visitor_.warning(slice.start, note);
    lines_.reset(text.data(), slice.start, grammar_only_);
    GameState st{visitor_, lines_,  unescaped_,       {}, {},
                 nullptr,  nullptr, std::move(open_), {}, grammar_only_};
    GameInput in(text.data(), text.data() + text.size(), "pgn");
    FastGame fast(text, st, held_);
    try {
      if (grammar_only_) {
        parse_grammar_only(in, st, slice);
      } else {
        const char* p = text.data();
        const bool head_read = fast.head(p);
        in.bump(static_cast<std::size_t>(p - text.data()));
        if (!head_read) pg::parse<head_rest, action, control>(in, st);
        if (visitor_.wants_movetext()) {
          p = in.current();
          if (!fast.movetext(p)) {
            in.bump(static_cast<std::size_t>(p - in.current()));
            pg::parse<gp::movetext_section, action, control>(in, st);
          }
        } else if (slice.result != nullptr) {
          report_splitter_result(slice);
        }
      }
    } catch (const GameError& e) {
      read_on_after(e, st, slice, text);
    }
    open_ = std::move(st.open_variations);
    open_.clear();
    visitor_.end_game();
    return true;
  }

  std::uint64_t games() const { return games_; }

  // Reports the syntax error `e` in the game of `slice` (its text `text`, read with `st`) and
  // reads on: after a malformed tag pair, from where the splitter ended it, so that the other
  // tags and the movetext are read (the pair's text comes as a comment, unread_note(), after the
  // head, and the error once the game's text is read: a replayer takes a syntax error for the
  // end of what it can replay); after any other error, the text not read comes as such a
  // comment, so that what is written of the game keeps it. Out of line: game() stays as small
  // as without it.
  [[gnu::noinline]] void read_on_after(GameError e, GameState& st, const GameSlice& slice,
                                       std::string_view text) {
    const char* const end = text.data() + text.size();
    struct BadTag {
      GameError error;
      const char* begin;  // the pair's text
      const char* end;
    };
    std::vector<BadTag> tag_errors;  // reported once the text is read
    bool notes_given = false;
    // Hands over the text of the malformed pairs, once.
    const auto give_notes = [&] {
      if (notes_given || !visitor_.wants_movetext()) return;
      notes_given = true;
      for (const BadTag& t : tag_errors) {
        std::string_view pair(t.begin, static_cast<std::size_t>(t.end - t.begin));
        while (!pair.empty() && (is_blank(pair.back()) || pair.back() == '\n'))
          pair.remove_suffix(1);
        const SourcePos at = lines_.at(t.begin);
        visitor_.comment(unread_note(at, t.error.expected, pair), at);
      }
    };
    while (e.in_tag && st.tag_open != nullptr && st.tag_open < end) {
      const char* const from = head_tag_pair_end(st.tag_open, end);
      tag_errors.push_back({e, st.tag_open, from});
      st.tag_open = nullptr;
      st.comment_open = nullptr;
      st.open_variations.clear();
      try {
        GameInput in(from, end, "pgn");
        pg::parse<gp::game_head, action, control>(in, st);
        give_notes();
        if (visitor_.wants_movetext())
          pg::parse<gp::movetext_section, action, control>(in, st);
        else if (slice.result != nullptr)
          report_splitter_result(slice);
        for (const BadTag& t : tag_errors) report_error(t.error, end);
        return;
      } catch (const GameError& next) {
        e = next;
      }
    }
    give_notes();
    for (const BadTag& t : tag_errors) report_error(t.error, end);
    report_error(e, end);
    if (!visitor_.wants_movetext() || e.stop == nullptr) return;
    std::string_view rest(e.stop, static_cast<std::size_t>(end - e.stop));
    while (!rest.empty() && (is_blank(rest.back()) || rest.back() == '\n')) rest.remove_suffix(1);
    if (rest.empty()) return;
    const SourcePos at = lines_.at(e.stop);
    visitor_.comment(unread_note(at, e.expected, rest), at);
  }

  // Reports the syntax error `e` of a game whose text ends at `end`.
  void report_error(const GameError& e, const char* end) {
    SyntaxError error;
    error.pos = lines_.at(e.at);
    error.token = error_token(e.at, end);
    error.expected = e.expected;
    visitor_.syntax_error(error);
  }

  // The game of `slice` (its text in `in`) read by the grammar alone, as game() does in
  // grammar-only mode; throws GameError. (Out of line: game() stays as small as without it.)
  [[gnu::noinline]] void parse_grammar_only(GameInput& in, GameState& st, const GameSlice& slice) {
    pg::parse<gp::game_head, action, control>(in, st);
    if (visitor_.wants_movetext())
      pg::parse<gp::movetext_section, action, control>(in, st);
    else if (slice.result != nullptr)
      report_splitter_result(slice);
  }

  // Reports the termination marker the splitter saw, for a game whose movetext is skipped.
  void report_splitter_result(const GameSlice& slice) {
    LineTracker raw;
    raw.reset(slice.begin, slice.start, grammar_only_);
    visitor_.result(std::string_view(slice.result, slice.result_size), raw.at(slice.result));
  }

  // True when game() of this slice will decide the input's encoding, and so wants up to
  // encoding_sample_bytes of input from the game's start (or all that is left) to be read.
  bool wants_lookahead(const GameSlice& slice) const {
    return encoding_.decides_on(
        std::string_view(slice.begin, static_cast<std::size_t>(slice.end - slice.begin)));
  }

  // Reports a game whose text is longer than `limit` bytes as a game of its own with one
  // syntax error; the splitter skips its text.
  bool oversized_game(SourcePos start, std::uint64_t limit) {
    ++games_;
    visitor_.begin_game(games_, start);
    visitor_.syntax_error(
        {start, "",
         "a game of at most " + std::to_string(limit) +
             " bytes (the reader's limit): this game is longer and is skipped up to the next "
             "line starting with [Event \""});
    visitor_.end_game();
    return true;
  }

 private:
  std::unique_ptr<PgnVisitor> localized_;  // the LocalizedSan visitor_ is, if any
  PgnVisitor& visitor_;
  std::uint64_t games_ = 0;
  bool grammar_only_ = false;  // ReaderOptions::grammar_only
  LineTracker lines_;
  EncodingDecision encoding_;
  std::string converted_;
  std::string unescaped_;
  std::vector<const char*> open_;
  std::vector<HeldCall> held_;
};

// A game slice kept across buffer refills: its bytes as absolute input offsets.
struct HeldSlice {
  std::uint64_t begin = 0, end = 0, result = 0;
  std::size_t result_size = 0;
  bool has_result = false;
  SourcePos start;
  // The offsets of `s`, whose bytes lie in `data` (data[0] at offset `base`).
  static HeldSlice of(const GameSlice& s, const char* data, std::uint64_t base) {
    HeldSlice h;
    h.begin = base + static_cast<std::uint64_t>(s.begin - data);
    h.end = base + static_cast<std::uint64_t>(s.end - data);
    h.has_result = s.result != nullptr;
    if (h.has_result) h.result = base + static_cast<std::uint64_t>(s.result - data);
    h.result_size = s.result_size;
    h.start = s.start;
    return h;
  }
  // The slice again, in `data` (data[0] at offset `base`, which is at most `begin`).
  GameSlice slice(const char* data, std::uint64_t base) const {
    GameSlice s;
    s.begin = data + (begin - base);
    s.end = data + (end - base);
    s.result = has_result ? data + (result - base) : nullptr;
    s.result_size = result_size;
    s.start = start;
    return s;
  }
};

// The input offsets of `slice` (its text starts at slice.start.offset).
GameSpan span_of(const GameSlice& slice) {
  GameSpan span;
  span.start = slice.start;
  span.end = slice.start.offset + static_cast<std::uint64_t>(slice.end - slice.begin);
  if (slice.result != nullptr) {
    span.result = slice.start.offset + static_cast<std::uint64_t>(slice.result - slice.begin);
    span.result_size = static_cast<std::uint32_t>(slice.result_size);
  }
  return span;
}

// Reports the games the splitter finds, with the encoding decision before each, to a callback
// (scan_games); the same interface as Reader for the reading loop.
class Scanner {
 public:
  Scanner(const std::function<bool(const GameStart&)>& on_game, const ReaderOptions& options)
      : on_game_(on_game), games_(options.start.games), encoding_(options.grammar_only) {
    if (!options.encoding.empty()) encoding_.force(options.encoding);
    encoding_.restore(options.start.encoding);
  }
  // True when game() of this slice will decide the input's encoding (see Reader).
  bool wants_lookahead(const GameSlice& slice) const {
    return encoding_.decides_on(
        std::string_view(slice.begin, static_cast<std::size_t>(slice.end - slice.begin)));
  }
  // Reports the game's start; `input_end` as for Reader::game.
  bool game(const GameSlice& slice, const char* input_end) {
    start_.game = ++games_;
    start_.pos = slice.start;
    start_.encoding_state = encoding_.state();
    start_.can_start_read = slice.start.column == 1;
    start_.span = span_of(slice);
    encoding_.observe(
        std::string_view(slice.begin, static_cast<std::size_t>(slice.end - slice.begin)),
        std::string_view(slice.begin, static_cast<std::size_t>(input_end - slice.begin)));
    return on_game_(start_);
  }
  bool oversized_game(SourcePos start, std::uint64_t) {
    start_.game = ++games_;
    start_.pos = start;
    start_.encoding_state = encoding_.state();
    start_.can_start_read = false;
    start_.span = GameSpan{};
    start_.span.start = start;
    start_.span.end = start.offset;
    start_.span.oversized = true;
    return on_game_(start_);
  }
  std::uint64_t games() const { return games_; }
  // The encoding decision after the last game scanned (a GameStart::encoding_state value).
  std::string final_state() const { return encoding_.state(); }

 private:
  const std::function<bool(const GameStart&)>& on_game_;
  std::uint64_t games_ = 0;
  EncodingDecision encoding_;
  GameStart start_;
};

bool starts_with_bom(const char* p, std::size_t n) {
  return n >= 3 && p[0] == '\xEF' && p[1] == '\xBB' && p[2] == '\xBF';
}

// read_pgn() of a text in memory, with the splitter's fast paths or without.
template <bool Fast>
std::uint64_t read_text(std::string_view text, PgnVisitor& visitor, const ReaderOptions& options) {
  Reader reader(visitor, options);
  Splitter<Fast> splitter;
  const std::uint64_t base = options.start.offset;
  if (base > 0)
    splitter.start_at({options.start.line, 1, base});
  else if (starts_with_bom(text.data(), text.size()))
    splitter.skip_bom();
  GameSlice slice;
  while (splitter.next(text.data(), text.size(), base, true, slice) == SplitEvent::game)
    reader.game(slice, text.data() + text.size());
  return reader.games();
}

}  // namespace

std::uint64_t read_pgn(std::string_view text, PgnVisitor& visitor, const ReaderOptions& options) {
  return options.grammar_only ? read_text<false>(text, visitor, options)
                              : read_text<true>(text, visitor, options);
}

std::uint64_t read_located_games(std::string_view text, std::uint64_t text_offset,
                                 std::span<const GameSpan> games, PgnVisitor& visitor,
                                 const ReaderOptions& options) {
  Reader reader(visitor, options);
  const char* const end = text.data() + text.size();
  for (const GameSpan& span : games) {
    if (span.oversized) {
      reader.oversized_game(span.start, options.max_game_bytes);
      continue;
    }
    if (span.start.offset < text_offset || span.end < span.start.offset ||
        span.end - text_offset > text.size() ||
        (span.result_size > 0 &&
         (span.result < span.start.offset || span.result + span.result_size > span.end)))
      throw std::out_of_range("read_located_games: a game span lies outside the text given");
    GameSlice slice;
    slice.begin = text.data() + (span.start.offset - text_offset);
    slice.end = text.data() + (span.end - text_offset);
    slice.start = span.start;
    if (span.result_size > 0) {
      slice.result = text.data() + (span.result - text_offset);
      slice.result_size = span.result_size;
    }
    reader.game(slice, end);
  }
  return reader.games();
}

std::string unread_note(SourcePos pos, std::string_view expected, std::string_view rest) {
  std::string note(unread_note_prefix);
  note += " at line " + std::to_string(pos.line) + ", column " + std::to_string(pos.column);
  if (!expected.empty()) {
    note += " (expected ";
    note += expected;
    note += ')';
  }
  note += ": ";
  note += rest;
  return note;
}

bool is_known_encoding(const std::string& name) {
  EncodingDecision probe;
  return probe.force(name);
}

std::uint64_t read_pgn(std::istream& in, PgnVisitor& visitor, const ReaderOptions& limits) {
  return detail::read_pgn(in, visitor, default_chunk_size, limits);
}

std::uint64_t scan_games(std::istream& in, const std::function<bool(const GameStart&)>& on_game,
                         const ReaderOptions& options, std::string* final_state) {
  return detail::scan_games(in, on_game, options, default_chunk_size, final_state);
}

namespace detail {

namespace {

// Streams `in` through the splitter (with its fast paths or without), `chunk_size` bytes at a
// time, handing every game to `games` (a Reader or a Scanner: bool game(slice), bool
// oversized_game(start, limit), games()) until it returns false. Returns the number of games.
template <bool Fast, typename Games>
std::uint64_t split_stream(std::istream& in, Games& games, std::size_t chunk_size,
                           const ReaderOptions& limits) {
  chunk_size = std::max<std::size_t>(chunk_size, 1);
  Splitter<Fast> splitter;
  const std::uint64_t start = limits.start.offset;
  if (start > 0) splitter.start_at({limits.start.line, 1, start});
  std::size_t capacity = 2 * chunk_size;
  std::unique_ptr<char[]> buffer(new char[capacity]);
  std::size_t size = 0;
  std::uint64_t base = start;
  bool eof = false;
  bool first = true;
  GameSlice slice;
  // A game held back until encoding_sample_bytes from its start are read (or the input ends),
  // so that the encoding decision sees the same text whatever the chunk size.
  HeldSlice held;
  bool holding = false;
  for (;;) {
    // Refill: keep the unfinished game (and a held one), read up to a chunk more.
    if (!eof) {
      std::uint64_t keep = first ? base : splitter.keep_from();
      if (holding) keep = std::min(keep, held.begin);
      if (!first && !holding && size - (keep - base) > limits.max_game_bytes) {
        if (!games.oversized_game(splitter.abandon_game(), limits.max_game_bytes))
          return games.games();
        keep = splitter.keep_from();
      }
      const std::size_t drop = static_cast<std::size_t>(keep - base);
      if (drop > 0) {
        std::memmove(buffer.get(), buffer.get() + drop, size - drop);
        size -= drop;
        base = keep;
      }
      if (capacity - size < chunk_size) {  // an unfinished game fills the buffer: grow
        const std::size_t bigger = std::max(capacity * 2, size + chunk_size);
        std::unique_ptr<char[]> grown(new char[bigger]);
        std::memcpy(grown.get(), buffer.get(), size);
        buffer = std::move(grown);
        capacity = bigger;
      }
      in.read(buffer.get() + size, static_cast<std::streamsize>(chunk_size));
      const auto got = static_cast<std::size_t>(in.gcount());
      size += got;
      if (got < chunk_size) eof = true;
      if (first) {
        if (size < 3 && !eof) continue;  // not enough to see a byte order mark yet
        first = false;
        if (start == 0 && starts_with_bom(buffer.get(), size)) splitter.skip_bom();
      }
    }
    if (holding) {
      if (!eof && base + size - held.begin < encoding_sample_bytes) continue;
      holding = false;
      if (!games.game(held.slice(buffer.get(), base), buffer.get() + size)) return games.games();
    }
    SplitEvent ev;
    while ((ev = splitter.next(buffer.get(), size, base, eof, slice)) == SplitEvent::game) {
      if (!eof && games.wants_lookahead(slice) &&
          static_cast<std::size_t>(buffer.get() + size - slice.begin) < encoding_sample_bytes) {
        held = HeldSlice::of(slice, buffer.get(), base);
        holding = true;
        break;
      }
      if (!games.game(slice, buffer.get() + size)) return games.games();
    }
    if (holding) continue;
    if (ev == SplitEvent::done) break;
  }
  return games.games();
}

}  // namespace

std::uint64_t read_pgn(std::istream& in, PgnVisitor& visitor, std::size_t chunk_size,
                       const ReaderOptions& limits) {
  Reader reader(visitor, limits);
  return limits.grammar_only ? split_stream<false>(in, reader, chunk_size, limits)
                             : split_stream<true>(in, reader, chunk_size, limits);
}

std::uint64_t scan_games(std::istream& in, const std::function<bool(const GameStart&)>& on_game,
                         const ReaderOptions& options, std::size_t chunk_size,
                         std::string* final_state) {
  Scanner scanner(on_game, options);
  const std::uint64_t games = options.grammar_only
                                  ? split_stream<false>(in, scanner, chunk_size, options)
                                  : split_stream<true>(in, scanner, chunk_size, options);
  if (final_state != nullptr) *final_state = scanner.final_state();
  return games;
}

}  // namespace detail
}  // namespace xpgn::notation
