// Parsing one game with the grammar: the PEGTL actions and error control, and how tags and
// movetext symbols are reported to the visitor.
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

#include <tao/pegtl.hpp>

#include "xpgn/grammars/pgn.hpp"
#include "xpgn/notation/detail.hpp"
#include "xpgn/notation/notation.hpp"
#include "xpgn/notation/reader/text_scan.hpp"
#include "xpgn/notation/tag_values.hpp"

namespace xpgn::notation {
namespace {

namespace pg = tao::pegtl;
namespace gp = xpgn::grammars::pgn;

constexpr int max_variation_depth = 200;  // deeper nesting is a syntax error

// 3 when a figurine (gp::figurine, U+2654 to U+265F in UTF-8) starts at `p`, else 0.
std::size_t figurine_at(const char* p, const char* end) {
  return end - p >= 3 && p[0] == '\xE2' && p[1] == '\x99' &&
                 static_cast<unsigned char>(p[2]) >= 0x94 &&
                 static_cast<unsigned char>(p[2]) <= 0x9F
             ? 3
             : 0;
}

// 3 when a Hangul syllable or CJK ideograph (gp::korean_char, U+AC00 to U+D7A3 and U+4E00 to
// U+9FFF: three bytes in UTF-8) starts at `p`, else 0.
std::size_t korean_char_at(const char* p, const char* end) {
  if (end - p < 3) return 0;
  const auto b0 = static_cast<unsigned char>(p[0]), b1 = static_cast<unsigned char>(p[1]),
             b2 = static_cast<unsigned char>(p[2]);
  if ((b0 & 0xF0) != 0xE0 || (b1 & 0xC0) != 0x80 || (b2 & 0xC0) != 0x80) return 0;
  const unsigned cp = ((b0 & 0x0Fu) << 12) | ((b1 & 0x3Fu) << 6) | (b2 & 0x3Fu);
  return (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0x4E00 && cp <= 0x9FFF) ? 3 : 0;
}

// The bytes of the gp::symbol_char, gp::figurine or gp::korean_char at `p`, 0 when there is
// none (a Korean character only after a symbol's first character, as in gp::plain_symbol).
std::size_t symbol_step(const char* p, const char* end) {
  if (is_symbol_char(*p)) return 1;
  const std::size_t n = figurine_at(p, end);
  return n > 0 ? n : korean_char_at(p, end);
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
  if (detail::has_checked_value(name)) {
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

}  // namespace
}  // namespace xpgn::notation
