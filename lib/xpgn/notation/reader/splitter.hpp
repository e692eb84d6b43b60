// The splitter: finds where games begin and end without parsing them.
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

#include <unordered_set>

#include "xpgn/notation/reader/text_scan.hpp"

namespace xpgn::notation {
namespace {

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
// A tag pair as the splitter saw it, as absolute input offsets: its '[', name, value (between
// its quotes) and end (past its ']').
struct TagSpan {
  std::uint64_t open = 0, name = 0, value = 0, end = 0;
  std::uint32_t name_size = 0, value_size = 0;
};

struct GameSlice {
  const char* begin = nullptr;
  const char* end = nullptr;
  SourcePos start;
  const char* result = nullptr;  // the termination marker, if the splitter saw one
  std::size_t result_size = 0;
  // The tag pairs of the game's head (those before its first other token), when the splitter
  // (Fast) saw each of them as a plain `[Name "value"]` (blanks around the name and before ']';
  // no backslash, quote or line end in the value) in one scan: what lies between them is not
  // looked at (the reader checks it). Otherwise `head_tags` is nullptr.
  const TagSpan* head_tags = nullptr;
  std::size_t head_tag_count = 0;
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
        const bool in_head = !f.in_game || !f.has_movetext;
        const char* tag_end = nullptr;
        const char* value = nullptr;  // with Fast, in the head: the plain pair's value, if it is
        const char* value_end = nullptr;
        if constexpr (Fast) {
          if (in_head && resume(p, p) == p)
            tag_end = plain_tag_value(name, name_end, name_limit, e, value, value_end);
        }
        if (tag_end == nullptr)
          tag_end = resume(p, p) != p ? scan_quoted(resume(p, p), e, inside)
                                      : scan_tag_value(name_end, e, inside, in_head);
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
        if constexpr (Fast) {
          if (in_head && value == nullptr) head_plain_ = false;
          note_tag(p, name, name_end, in_head ? value : nullptr, value_end, tag_end);
        } else {
          tag_names_.emplace(tag_name);
        }
        f.has_tags = true;
        f.blank_line_since_tag = false;
        f.line_has_content = true;
        p = tag_end;
        if constexpr (Fast) {
          if (in_head && head_plain_) p = head_pairs(p, e);
        }
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

  // Notes the tag pair at `open` (Fast): its name [name, name_end), and when `value` is given
  // (a plain pair of the head while head_plain_) its value [value, value_end) and end.
  void note_tag(const char* open, const char* name, const char* name_end, const char* value,
                const char* value_end, const char* end) {
    TagSpan& span = tag_spans_.emplace_back();
    span.name = abs(name);
    span.name_size = static_cast<std::uint32_t>(name_end - name);
    if (value == nullptr || !head_plain_) return;
    if (value_end - value > std::ptrdiff_t{UINT32_MAX}) {  // (a limit past 4 GiB a game)
      head_plain_ = false;
      return;
    }
    span.open = abs(open);
    span.value = abs(value);
    span.value_size = static_cast<std::uint32_t>(value_end - value);
    span.end = abs(end);
    ++head_tags_;
  }

  // After a plain tag pair of the head (Fast, head_plain_) that ends at `p`: the plain pairs
  // that follow it, each at the start of the next line ("\n[" or "\r\n[", no blank before the
  // name), noted as scan() notes them; returns where the last one ends. scan()'s flags after a
  // tag pair hold after each of them unchanged: no blank line comes between them, so none can
  // start a game. Stops before the first line that is anything else, or cut by `e`.
  const char* head_pairs(const char* p, const char* e) {
    for (;;) {
      const char* q = p;
      if (q < e && *q == '\r') ++q;
      if (e - q < 2 || q[0] != '\n' || q[1] != '[') return p;
      const char* const name = q + 2;
      const char* const name_limit =
          name + std::min<std::ptrdiff_t>(e - name, grammars::pgn::max_tag_name_length);
      const char* name_end = name;
      while (name_end < name_limit && is_tag_name_char(*name_end)) ++name_end;
      const char* value = nullptr;
      const char* value_end = nullptr;
      const char* const end = plain_tag_value(name, name_end, name_limit, e, value, value_end);
      if (end == nullptr) return p;
      note_tag(q + 1, name, name_end, value, value_end, end);
      p = end;
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
    head_tags_ = 0;
    head_plain_ = true;
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
    out.head_tags = Fast && head_plain_ ? tag_spans_.data() : nullptr;
    out.head_tag_count = out.head_tags != nullptr ? head_tags_ : 0;
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

  // After a tag name [name, name_end) (the name scan stopped at `name_limit` at the latest): the
  // end of the tag pair when it is plain (`"value"`, blanks before its quote and ']' allowed, no
  // backslash, quote or line end in the value, a name of at most the grammar's length), and
  // then its value in [value, value_end); nullptr otherwise, and when the buffer ends first.
  // Where it returns an end, scan_tag_value() returns the same.
  static const char* plain_tag_value(const char* name, const char* name_end, const char* name_limit,
                                     const char* e, const char*& value, const char*& value_end) {
    if (name_end == name || name_end == name_limit) return nullptr;
    const char* q = name_end;
    if (e - q > 1 && q[0] == ' ' && q[1] == '"') ++q;  // the usual case
    while (q < e && (*q == ' ' || *q == '\t')) ++q;
    if (q == e || *q != '"') return nullptr;
    const char* const v = q + 1;
    q = find_tag_value_stop(v, e);
    if (q == e || *q != '"') return nullptr;
    const char* const v_end = q;
    ++q;
    while (q < e && (*q == ' ' || *q == '\t')) ++q;
    if (q == e || *q != ']') return nullptr;
    value = v;
    value_end = v_end;
    return q + 1;
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
        const TagSpan& span = tag_spans_[names_indexed_];
        tag_names_.emplace(ptr(span.name), span.name_size);
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
  // The current game's tag pairs (with Fast): their names, and for the first head_tags_ (the
  // head's, while head_plain_: each a plain pair) their whole span.
  std::vector<TagSpan> tag_spans_;
  std::size_t head_tags_ = 0;
  bool head_plain_ = true;
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

}  // namespace
}  // namespace xpgn::notation
