// The fast path of the game grammar: reads a game as the grammar does, by hand.
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

#include "xpgn/notation/reader/game_actions.hpp"

namespace xpgn::notation {
namespace {

namespace pg = tao::pegtl;
namespace gp = xpgn::grammars::pgn;

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
inline bool is_alpha(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
inline bool is_alnum(char c) {
  return is_digit(c) || is_alpha(c);
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
          // (WXF's "33.4" is a move: element() reads it. p[3] is in the room.)
          if (q < end_ && *q == '.' &&
              (q - p != 2 || static_cast<unsigned char>(p[3] - '1') > 8 ||
               detail::wxf_dotted_length(p, end_) == 0)) {
            ++q;
            while (q < end_ && *q == '.') ++q;
            p = q;
            continue;
          }
        } else if (const char* q = detail::parse_common_san(p, common_);
                   q != nullptr && static_cast<unsigned char>(*q) < 0x80) {
          // (Not before a byte of a UTF-8 character: a figurine or a Hangul or CJK character
          // goes on the symbol, gp::plain_symbol, and element() reads it.)
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
    if (const std::size_t n = detail::wxf_dotted_length(p, end_); n > 0) {  // gp::wxf_dotted
      call(HeldCall::Kind::symbol, p, std::string_view(p, n));              // "C2.5", "33.4"
      return p + n;
    }
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
    if (c == '+' && p + 1 < end_ && is_alpha(p[1])) return symbol(p);  // gp::plus_start
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

  // gp::symbol at `p` (not gp::wxf_dotted, which element() reads), reported: a usual move at
  // variation depth 0 straight from the text.
  // (Always inlined: GCC would inline it into element() only while it was smaller, and the
  // reader is slower on annotated games when it does not.)
  [[gnu::always_inline]] const char* symbol(const char* p) {
    if (const std::size_t n = ep_mark_length(p, end_); n > 0) {  // gp::ep_mark
      call(HeldCall::Kind::symbol, p, std::string_view(p, n));
      return p + n;
    }
    if (depth_ == 0) {
      const char* q = detail::parse_usual_san(p, end_, st_.token);
      if (q != nullptr && (q == end_ || (symbol_step(q, end_) == 0 &&
                                         !(*q == '*' && q + 1 < end_ && is_alnum(q[1]))))) {
        st_.visitor.move(st_.token, std::string_view(p, static_cast<std::size_t>(q - p)),
                         st_.lines.on_line(p));
        return q;
      }
    }
    const char* q = p + std::max<std::size_t>(1, figurine_at(p, end_));
    while (q < end_)
      if (const std::size_t n = symbol_step(q, end_); n > 0)
        q += n;
      else if (*q == '*' && q + 1 < end_ && is_alnum(q[1]))  // gp::drop_star ("P*5e")
        ++q;
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

}  // namespace
}  // namespace xpgn::notation
