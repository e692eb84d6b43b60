// Internals of the notation module shared by its .cpp files (not part of the public API).
#pragma once

#include <cstddef>
#include <cstdint>
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

// For a token that parse_san_token rejected: the 0-based offset of the offending character and a
// plain-words description of what was expected there.
void explain_san_error(std::string_view text, std::size_t& offset, std::string& expected);

// ---- PGN
// -----------------------------------------------------------------------------------------
// read_pgn(std::istream&, ...) reading `chunk_size` bytes at a time (tests use tiny chunks).
std::uint64_t read_pgn(std::istream& in, PgnVisitor& visitor, std::size_t chunk_size,
                       const ReaderOptions& limits = {});
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
