// Internals of the notation module shared by its .cpp files (not part of the public API).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include <tao/pegtl.hpp>

#include "xpgn/core/san_token.hpp"
#include "xpgn/notation/notation.hpp"

namespace xpgn::notation::detail {

// ---- SAN ----------------------------------------------------------------------------------------
// Parses one extended-SAN token into `out` (which is reset first). Returns false when `text` is
// not exactly one token. No allocation.
bool parse_san_token(std::string_view text, SanToken& out);
// parse_san_token() by the grammar of san.hpp alone, without the fast path (grammar-only mode).
bool parse_san_grammar(std::string_view text, SanToken& out);

// The usual tokens (piece and pawn moves without second actions, castling, each with an optional
// check mark) read by hand, mirroring the grammar's ordered choices of san.hpp rule by rule. It
// only ever accepts: whatever it is unsure of is left to the grammar, which stays the definition
// (tests/test_reader_speed.cpp compares it with parse_san_grammar on every string of up to five
// characters).
// It reads from the start of a text that may go on after the token: every byte it looks at
// after the token's end is tested for characters of tokens only, which a byte that ends a token
// (a blank, '.', '!', ...) never is, so the result is the same as for the token alone.
// It reads at most `window` bytes, which must all be readable (a text that ends before is given
// as a copy padded with zero bytes: a zero matches no rule, as at the end of the text).
class FastSan {
 public:
  static constexpr std::ptrdiff_t window = 16;  // a usual token with what follows is shorter

  explicit FastSan(const char* s) : s_(s) {}

  // Fills `t` (reset by the caller) and returns true when the text starts with a usual token,
  // which is size() bytes long. (Always inlined, as square_at and pawn_move.)
  [[gnu::always_inline]] bool token(SanToken& t) {
    if (!castling(t) && !(is_upper(peek(0)) ? piece_move(t) : pawn_move(t))) return false;
    if (peek(0) == '+' || peek(0) == '#') t.check = s_[i_++];
    return true;
  }
  std::ptrdiff_t size() const { return i_; }

 private:
  static bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
  static bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
  static bool is_digit(char c) { return c >= '0' && c <= '9'; }
  static char upper(char c) { return is_lower(c) ? static_cast<char>(c - 'a' + 'A') : c; }
  // The byte `i` ahead (at most 13 bytes from the start: see window).
  char peek(std::ptrdiff_t i) const { return s_[i_ + i]; }

  // gs::capture at `i` ahead: ':' or an 'x' not followed by a digit; its length (0: none).
  int capture_at(std::ptrdiff_t i) const {
    const char c = peek(i);
    return (c == ':' || (c == 'x' && !is_digit(peek(i + 1)))) ? 1 : 0;
  }
  // pg::at<sor<capture, file>> (and with dash) reduce to a look at one byte: 'x' is a file.
  bool capture_or_file_at(std::ptrdiff_t i) const { return peek(i) == ':' || is_lower(peek(i)); }
  // gs::square at `i` ahead: its length (2 or 3) and coordinate, 0 when there is none. (Always
  // inlined, as pawn_move: GCC's choice would depend on what else the file holds.)
  [[gnu::always_inline]] int square_at(std::ptrdiff_t i, Coord& c) const {
    const char f = peek(i), r = peek(i + 1);
    if (!is_lower(f) || r < '1' || r > '9') return 0;
    int rank = r - '0';
    int n = 2;
    if (is_digit(peek(i + 2))) {
      rank = rank * 10 + (peek(i + 2) - '0');
      n = 3;
    }
    c.file = f - 'a';
    c.rank = rank - 1;
    return n;
  }
  // gs::rank at `i` ahead (hint_rank): its length and value, 0 when there is none.
  int rank_at(std::ptrdiff_t i, int& rank) const {
    const char r = peek(i);
    if (r < '1' || r > '9') return 0;
    rank = r - '0';
    if (!is_digit(peek(i + 1))) return 1;
    rank = rank * 10 + (peek(i + 1) - '0');
    return 2;
  }

  // gs::castle (O-O-O before O-O, with letters or digits; no move starts so).
  bool castling(SanToken& t) {
    const char z = peek(0);
    if ((z != 'O' && z != '0') || peek(1) != '-' || peek(2) != z) return false;
    const bool long_side = peek(3) == '-' && peek(4) == z;
    t.kind = long_side ? TokenKind::castle_long : TokenKind::castle_short;
    i_ += long_side ? 5 : 3;
    return true;
  }

  // gs::to_square then opt<promotion> (or opt<long_promotion> when `any_case`). (This and
  // long_body run for almost every move: always inlined, GCC would not, the reader is 5% faster.)
  [[gnu::always_inline]] bool destination(SanToken& t, bool any_case) {
    const int n = square_at(0, t.to);
    if (n == 0) return false;
    i_ += n;
    if (peek(0) == '=' && (is_upper(peek(1)) || is_lower(peek(1)))) {
      t.promotion = upper(peek(1));
      i_ += 2;
    } else if (is_upper(peek(0)) || (any_case && is_lower(peek(0)))) {
      t.promotion = upper(s_[i_++]);
    }
    return true;
  }

  // gs::long_body from the current byte: -1 when its from_square does not match (the grammar
  // tries the next alternative), 1 when it matched, 0 when it failed after its from_square (then
  // the token is not valid SAN, but the fast path leaves the verdict to the grammar).
  [[gnu::always_inline]] int long_body(SanToken& t) {
    Coord from;
    const int n = square_at(0, from);
    if (n == 0 || !(peek(n) == '-' || capture_or_file_at(n))) return -1;
    t.from = from;
    t.long_algebraic = true;
    i_ += n;
    if (peek(0) == '-') {
      ++i_;
    } else if (capture_at(0) != 0) {
      t.capture = true;
      ++i_;
    }
    return destination(t, true) ? 1 : 0;
  }

  // gs::piece_move: piece letter, then long_body, piece_hint_body or piece_plain_body.
  bool piece_move(SanToken& t) {
    t.piece = s_[i_++];
    const int body = long_body(t);
    if (body >= 0) return body == 1;
    int rank = 0;
    if (is_lower(peek(0)) && peek(0) != 'x' && capture_or_file_at(1)) {  // hint_file
      t.from.file = peek(0) - 'a';
      ++i_;
    } else if (const int n = rank_at(0, rank); n > 0 && capture_or_file_at(n)) {  // hint_rank
      if (n == 2 && peek(2) == 'x' && is_digit(peek(3)) && is_digit(peek(4)))
        return false;  // (janggi's "R95x25", gs::korean_latin: the grammar decides)
      t.from.rank = rank - 1;
      i_ += n;
    }
    // The rest of piece_hint_body, or piece_plain_body: the same shape.
    if (capture_at(0) != 0) {
      t.capture = true;
      ++i_;
    }
    return destination(t, false);
  }

  // gs::pawn_move: long_body, pawn_capture_body or pawn_plain_body.
  [[gnu::always_inline]] bool pawn_move(SanToken& t) {
    const int body = long_body(t);
    if (body >= 0) return body == 1;
    if (is_lower(peek(0)) && peek(0) != 'x' && capture_at(1) != 0) {  // pawn_file, capture
      t.from.file = peek(0) - 'a';
      t.capture = true;
      i_ += 2;
    }
    return destination(t, false);
  }

  const char* const s_;
  std::ptrdiff_t i_ = 0;
};

// The fast path of parse_san_token for the usual tokens (moves without second actions, castling,
// with a check mark or not), reading from `p` in a text that ends at `end` and may go on after
// the token. Returns where the token ends and fills `out` (reset first), or nullptr when the
// text does not start with a usual token. When the byte at the returned end is no symbol
// character (grammars/xpgn/grammars/pgn.hpp, symbol_char), [p, end) is a token and
// parse_san_token of it gives the same `out`; otherwise ask parse_san_token. (Inline: the reader
// calls it for every move.)
[[gnu::always_inline]] inline const char* parse_usual_san(const char* p, const char* end,
                                                          SanToken& out) {
  static constexpr SanToken blank{};
  std::memcpy(&out, &blank, sizeof out);  // a few wide stores rather than one per field
  char copy[FastSan::window];
  if (end - p < FastSan::window) {
    std::memset(copy, 0, sizeof copy);
    for (std::ptrdiff_t i = 0; i < end - p; ++i) copy[i] = p[i];
  }
  FastSan fast(end - p < FastSan::window ? copy : p);
  return fast.token(out) ? p + fast.size() : nullptr;
}

// The characters of a movetext symbol (grammars/xpgn/grammars/pgn.hpp, symbol_char): a byte
// that is none of them ends a token.
struct SymbolChars {
  bool table[256] = {};
  constexpr SymbolChars() {
    for (int c = '0'; c <= '9'; ++c) table[c] = true;
    for (int c = 'a'; c <= 'z'; ++c) table[c] = true;
    for (int c = 'A'; c <= 'Z'; ++c) table[c] = true;
    for (char c : std::string_view("_+#=:-@,~>^/")) table[static_cast<unsigned char>(c)] = true;
  }
};
inline constexpr SymbolChars symbol_chars;
inline bool is_symbol_char(char c) {
  return symbol_chars.table[static_cast<unsigned char>(c)];
}

// The symbol characters, '.' and '*', which may go on a symbol (WXF's "c2.5": gp::wxf_dotted;
// USI's "P*5e": gp::drop_star): a byte that is none of them surely ends a token.
struct SymbolCharsOrDot : SymbolChars {
  constexpr SymbolCharsOrDot() {
    table[static_cast<unsigned char>('.')] = true;
    table[static_cast<unsigned char>('*')] = true;
  }
};
inline constexpr SymbolCharsOrDot symbol_chars_or_dot;
inline bool is_symbol_char_or_dot(char c) {
  return symbol_chars_or_dot.table[static_cast<unsigned char>(c)];
}

// The length of gp::wxf_dotted (grammars/xpgn/grammars/pgn.hpp) at `p` in a text ending at
// `end`: 4, or 5 with a check mark, for "C2.5", "R+.3", "33.4"; 0 when there is none.
// (Always inlined: the reader asks it of every two-digit move number, and its first test, a '.'
// third, fails at once for almost every other element.)
[[gnu::always_inline]] inline std::size_t wxf_dotted_length(const char* p, const char* end) {
  if (end - p < 4 || p[2] != '.' || p[3] < '1' || p[3] > '9') return 0;
  const auto digit = [](char c) { return c >= '1' && c <= '9'; };
  const auto mark = [](char c) { return c == '+' || c == '-'; };
  const char h = p[0];
  if (!((h >= 'a' && h <= 'z') || (h >= 'A' && h <= 'Z') || digit(h) || mark(h))) return 0;
  if (!digit(p[1]) && !mark(p[1])) return 0;
  std::size_t n = 4;
  if (end - p > 4 && (p[4] == '+' || p[4] == '#')) n = 5;
  if (end - p > static_cast<std::ptrdiff_t>(n) && is_symbol_char_or_dot(p[n])) return 0;
  return n;
}

// The commonest tokens of games, by their shape alone: e4, exd5, Nf3, Nxf3, Nbd2, N1d2, Nbxd2,
// N1xd2, O-O and O-O-O (one-digit ranks, no promotion), each with an optional check mark, and
// followed by a byte that surely ends the token (not '.' nor '*', which WXF's "c2.5" and USI's
// "P*5e" go on with). Fills
// `out` and returns where the token ends, or nullptr for anything else (then ask parse_usual_san).
// `out` must hold a token whose fields are all as in SanToken{} but for kind, piece, from, to,
// capture and check (for instance the last one this function filled): only those are written. Each
// shape gives what FastSan (and so the grammar) gives for it; tests/test_reader_speed.cpp checks
// this on every short string. Reads at most 7 bytes from `p`, which must all be readable.
[[gnu::always_inline]] inline const char* parse_common_san(const char* p, SanToken& out) {
  auto lower = [](char c) { return c >= 'a' && c <= 'z'; };
  auto rank = [](char c) { return c >= '1' && c <= '9'; };
  out.kind = TokenKind::move;
  out.piece = 0;
  out.from = Coord{};
  out.capture = false;
  out.check = 0;
  const char c0 = p[0], c1 = p[1], c2 = p[2];
  std::ptrdiff_t n = 0;  // the token's length without its check mark
  if (lower(c0)) {       // a pawn move
    if (rank(c1)) {
      n = 2;
    } else if (c1 == 'x' && c0 != 'x' && lower(c2) && rank(p[3])) {
      out.from.file = c0 - 'a';
      out.capture = true;
      n = 4;
    } else {
      return nullptr;
    }
  } else if (c0 >= 'A' && c0 <= 'Z') {
    if (c0 == 'O' && c1 == '-') {  // castling (as FastSan::castling)
      if (c2 != 'O') return nullptr;
      const bool long_side = p[3] == '-' && p[4] == 'O';
      out.kind = long_side ? TokenKind::castle_long : TokenKind::castle_short;
      n = long_side ? 5 : 3;
    } else {
      out.piece = c0;
      if (lower(c1) && rank(c2)) {  // Nf3
        n = 3;
      } else if (c1 == 'x' && lower(c2) && rank(p[3])) {  // Nxf3
        out.capture = true;
        n = 4;
      } else if ((lower(c1) && c1 != 'x') || rank(c1)) {  // a hint: file or rank
        if (lower(c2) && rank(p[3])) {                    // Nbd2, N1d2
          n = 4;
        } else if (c2 == 'x' && lower(p[3]) && rank(p[4])) {  // Nbxd2, N1xd2
          out.capture = true;
          n = 5;
        } else {
          return nullptr;
        }
        if (rank(c1))
          out.from.rank = c1 - '1';
        else
          out.from.file = c1 - 'a';
      } else {
        return nullptr;
      }
    }
  } else {
    return nullptr;
  }
  if (out.kind == TokenKind::move) {
    out.to.file = p[n - 2] - 'a';
    out.to.rank = p[n - 1] - '1';
  } else {
    out.to = Coord{};
  }
  if (p[n] == '+' || p[n] == '#') out.check = p[n++];
  return is_symbol_char_or_dot(p[n]) ? nullptr : p + n;
}

// For a token that parse_san_token rejected: the 0-based offset of the offending character and a
// plain-words description of what was expected there.
void explain_san_error(std::string_view text, std::size_t& offset, std::string& expected);

// ---- PGN
// -----------------------------------------------------------------------------------------
// read_pgn(std::istream&, ...) reading `chunk_size` bytes at a time (tests use tiny chunks).
std::uint64_t read_pgn(std::istream& in, PgnVisitor& visitor, std::size_t chunk_size,
                       const ReaderOptions& limits = {});
// read_pgn_as_stream() as if reading `chunk_size` bytes at a time.
std::uint64_t read_pgn_as_stream(std::string_view text, PgnVisitor& visitor, std::size_t chunk_size,
                                 const ReaderOptions& limits = {});
// scan_tags() as if reading `chunk_size` bytes at a time.
std::uint64_t scan_tags(std::string_view text,
                        const std::function<void(const TaggedGame&)>& on_game,
                        std::size_t chunk_size, const ReaderOptions& options = {});
// scan_tags() of a stream reading `chunk_size` bytes at a time.
std::uint64_t scan_tags(std::istream& in, const std::function<void(const TaggedGame&)>& on_game,
                        std::size_t chunk_size, const ReaderOptions& options = {});
// scan_games() reading `chunk_size` bytes at a time.
std::uint64_t scan_games(std::istream& in, const std::function<bool(const GameStart&)>& on_game,
                         const ReaderOptions& options, std::size_t chunk_size,
                         std::string* final_state = nullptr);

// ---- Error reporting by the furthest failure ----------------------------------------------------
// Grammars without must<> report errors this way: the input is parsed a second time (without
// actions) while a tracker notes, for every rule that has a description, where it was tried and
// failed. The furthest such position is the error; the descriptions of the highest priority
// failing there say what was expected.
struct Expectation {
  const char* text = nullptr;
  int priority = 0;
};

struct FailureTracker {
  std::vector<const char*> starts;  // start positions of the described rules being matched
  const char* furthest = nullptr;
  int priority = 0;
  std::vector<const char*> texts;

  void fail(const char* at, Expectation e) {
    if (furthest == nullptr || at > furthest) {
      furthest = at;
      priority = e.priority;
      texts.assign(1, e.text);
    } else if (at == furthest) {
      if (e.priority > priority) {
        priority = e.priority;
        texts.assign(1, e.text);
      } else if (e.priority == priority) {
        for (const char* t : texts)
          if (std::string_view(t) == e.text) return;
        texts.push_back(e.text);
      }
    }
  }

  // "a, b or c"
  std::string expected() const {
    std::string s;
    for (std::size_t i = 0; i < texts.size(); ++i) {
      if (i > 0) s += (i + 1 == texts.size()) ? " or " : ", ";
      s += texts[i];
    }
    return s;
  }
};

// Control that feeds a FailureTracker (passed as the first state) for every rule R for which
// Describe<R>::value has a text.
template <template <typename> class Describe>
struct tracking {
  template <typename Rule>
  struct control : tao::pegtl::normal<Rule> {
    static constexpr Expectation expectation = Describe<Rule>::value;

    template <typename ParseInput, typename... States>
    static void start(const ParseInput& in, FailureTracker& t, States&&... /*unused*/) {
      if constexpr (expectation.text != nullptr) t.starts.push_back(in.current());
    }
    template <typename ParseInput, typename... States>
    static void success(const ParseInput& /*in*/, FailureTracker& t, States&&... /*unused*/) {
      if constexpr (expectation.text != nullptr) t.starts.pop_back();
    }
    template <typename ParseInput, typename... States>
    static void failure(const ParseInput& /*in*/, FailureTracker& t, States&&... /*unused*/) {
      if constexpr (expectation.text != nullptr) {
        const char* at = t.starts.back();
        t.starts.pop_back();
        t.fail(at, expectation);
      }
    }
  };
};

// ---- Small text helpers -------------------------------------------------------------------------
// A coordinate from a square's text: a file letter followed by 1-2 digits.
inline Coord coord_of_square(std::string_view s) {
  Coord c;
  c.file = s[0] - 'a';
  int r = 0;
  for (std::size_t i = 1; i < s.size(); ++i) r = r * 10 + (s[i] - '0');
  c.rank = r - 1;
  return c;
}

inline char to_upper_ascii(char c) {
  return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
}

}  // namespace xpgn::notation::detail
