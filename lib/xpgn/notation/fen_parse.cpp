// Extended FEN: text -> FenSetup with the grammar of grammars/xpgn/grammars/fen.hpp.
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include <tao/pegtl.hpp>

#include "xpgn/grammars/fen.hpp"
#include "xpgn/notation/detail.hpp"
#include "xpgn/notation/notation.hpp"

namespace xpgn::notation {
namespace {

namespace pg = tao::pegtl;
namespace gf = xpgn::grammars::fen;

inline constexpr int max_fen_files = 26;
inline constexpr int max_fen_ranks = 99;

// A semantic error found by an action (row widths, board size): where and what.
struct FenError {
  const char* at;
  std::string message;
};

struct FenState {
  FenSetup setup;
  std::vector<std::string> board;  // all squares, top row first
  int row_width = 0;               // squares in the current row so far
  int rows_done = 0;
  bool row_plain = true;  // the current row holds plain piece letters only (no count, stack, '~')
  // A row whose width differs from row 1's, kept while it may be the extra last row (a lichess
  // pocket, FenSetup::extra_rank): its error, thrown when another row follows.
  std::optional<FenError> odd_row;
};

// Decimal value of a digit run, saturated so that absurd counts cannot overflow.
int saturated_number(std::string_view digits, int limit) {
  long long v = 0;
  for (char c : digits) {
    v = v * 10 + (c - '0');
    if (v > limit) return limit;
  }
  return static_cast<int>(v);
}

template <typename Rule>
struct action : pg::nothing<Rule> {};

template <>
struct action<gf::empty_count> {
  template <typename Input>
  static void apply(const Input& in, FenState& st) {
    const int n = saturated_number(in.string_view(), 1000);
    if (st.row_width + n > max_fen_files)
      throw FenError{in.begin(), "a board at most " + std::to_string(max_fen_files) +
                                     " files wide (row " + std::to_string(st.rows_done + 1) +
                                     " is wider)"};
    st.row_width += n;
    st.row_plain = false;
    for (int i = 0; i < n; ++i) st.board.emplace_back();
  }
};
template <>
struct action<gf::square_item> {
  template <typename Input>
  static void apply(const Input& in, FenState& st) {
    const std::string_view s = in.string_view();
    if (s[0] >= '0' && s[0] <= '9') return;  // counted by empty_count
    if (st.row_width + 1 > max_fen_files)
      throw FenError{in.begin(), "a board at most " + std::to_string(max_fen_files) +
                                     " files wide (row " + std::to_string(st.rows_done + 1) +
                                     " is wider)"};
    ++st.row_width;
    if (s.size() != 1) st.row_plain = false;
    if (s[0] == '(')
      st.board.emplace_back(s.substr(1, 2));
    else
      st.board.emplace_back(s);  // a letter, maybe after '+' and before '~' (promoted)
  }
};
template <>
struct action<gf::row> {
  template <typename Input>
  static void apply(const Input& in, FenState& st) {
    if (st.odd_row) throw *st.odd_row;  // only the last row may be unlike the others
    ++st.rows_done;
    if (st.rows_done == 1) {
      st.setup.files = st.row_width;
    } else if (st.row_width != st.setup.files) {
      FenError error{in.begin(), "row " + std::to_string(st.rows_done) + " to have " +
                                     std::to_string(st.setup.files) + " squares like row 1 (row " +
                                     std::to_string(st.rows_done) + " has " +
                                     std::to_string(st.row_width) + ")"};
      if (!st.row_plain) throw error;
      // Plain letters: maybe the extra last row; kept apart from the board.
      const auto first = st.board.end() - st.row_width;
      st.setup.has_extra_rank = true;
      st.setup.extra_rank.clear();
      for (auto it = first; it != st.board.end(); ++it) st.setup.extra_rank += *it;
      st.board.erase(first, st.board.end());
      --st.rows_done;
      st.odd_row = std::move(error);
    }
    st.row_plain = true;
    if (st.rows_done > max_fen_ranks)
      throw FenError{in.begin(),
                     "a board at most " + std::to_string(max_fen_ranks) + " ranks high"};
    st.row_width = 0;
  }
};
template <>
struct action<gf::empty_last_row> {
  template <typename Input>
  static void apply(const Input& in, FenState& st) {
    if (st.odd_row) throw *st.odd_row;
    (void)in;
    st.setup.has_extra_rank = true;
    st.setup.extra_rank.clear();
  }
};
template <>
struct action<gf::holding> {
  template <typename Input>
  static void apply(const Input& in, FenState& st) {
    const std::string_view s = in.string_view();
    st.setup.has_hand = true;
    st.setup.hand.assign(s.substr(1, s.size() - 2));
  }
};
template <>
struct action<gf::side> {
  template <typename Input>
  static void apply(const Input& in, FenState& st) {
    st.setup.side_to_move = *in.begin();
  }
};
template <>
struct action<gf::castling> {
  template <typename Input>
  static void apply(const Input& in, FenState& st) {
    st.setup.castling.assign(in.string_view());
  }
};
template <>
struct action<gf::en_passant> {
  template <typename Input>
  static void apply(const Input& in, FenState& st) {
    st.setup.en_passant.assign(in.string_view());
  }
};
template <>
struct action<gf::counters> {
  template <typename Input>
  static void apply(const Input& in, FenState& st) {
    st.setup.counters.assign(in.string_view());
  }
};
template <>
struct action<gf::trailing_counters> {
  template <typename Input>
  static void apply(const Input& in, FenState& st) {
    st.setup.counters.assign(in.string_view());
  }
};
template <>
struct action<gf::halfmove> {
  template <typename Input>
  static void apply(const Input& in, FenState& st) {
    st.setup.halfmove_clock = saturated_number(in.string_view(), 1000000000);
  }
};
template <>
struct action<gf::fullmove> {
  template <typename Input>
  static void apply(const Input& in, FenState& st) {
    st.setup.fullmove_number = saturated_number(in.string_view(), 1000000000);
  }
};
template <>
struct action<gf::extra_field> {
  template <typename Input>
  static void apply(const Input& in, FenState& st) {
    const std::string_view s = in.string_view();
    const std::size_t eq = s.find('=');
    st.setup.extra_fields.emplace_back(std::string(s.substr(0, eq)), std::string(s.substr(eq + 1)));
  }
};

// ---- Error descriptions -------------------------------------------------------------------------
template <typename Rule>
constexpr detail::Expectation description() {
  if constexpr (std::is_same_v<Rule, gf::square_item>) {
    return {"a piece letter, an empty-square count or a stack such as (NP)", 2};
  } else if constexpr (std::is_same_v<Rule, gf::piece>) {
    return {"a piece letter", 3};
  } else if constexpr (std::is_same_v<Rule, gf::stack_close>) {
    return {"')' closing a stack of two pieces", 3};
  } else if constexpr (std::is_same_v<Rule, gf::side>) {
    return {"the side to move ('w' or 'b')", 3};
  } else if constexpr (std::is_same_v<Rule, gf::castling>) {
    return {"castling rights such as KQkq or '-'", 2};
  } else if constexpr (std::is_same_v<Rule, gf::en_passant>) {
    return {"an en passant square such as e3 or '-' (or a count's limit)", 2};
  } else if constexpr (std::is_same_v<Rule, gf::halfmove>) {
    return {"the halfmove clock (a number)", 2};
  } else if constexpr (std::is_same_v<Rule, gf::fullmove>) {
    return {"the fullmove number", 2};
  } else if constexpr (std::is_same_v<Rule, gf::extra_field>) {
    return {"an extra field such as name=value", 1};
  } else if constexpr (std::is_same_v<Rule, gf::fen_end>) {
    return {"the end of the FEN", 1};
  } else if constexpr (std::is_same_v<Rule, gf::fen>) {
    return {"a board such as rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", 1};
  } else {
    return {};
  }
}
template <typename Rule>
struct describe {
  static constexpr detail::Expectation value = description<Rule>();
};

using input = pg::memory_input<pg::tracking_mode::lazy, pg::eol::lf_crlf, const char*>;

// The text from `at` to the next blank (what the error points at).
std::string token_at(std::string_view text, std::size_t offset) {
  std::size_t end = offset;
  while (end < text.size() && text[end] != ' ' && text[end] != '\t') ++end;
  return std::string(text.substr(offset, end - offset));
}

void fill_error(SyntaxError* error, std::string_view text, std::size_t offset,
                std::string expected) {
  if (error == nullptr) return;
  error->pos.line = 1;
  error->pos.column = static_cast<std::uint32_t>(offset + 1);
  error->pos.offset = offset;
  error->token = token_at(text, offset);
  error->expected = std::move(expected);
}

}  // namespace

std::optional<FenSetup> parse_fen(std::string_view text, SyntaxError* error) {
  FenState st;
  try {
    input in(text.data(), text.data() + text.size(), "fen");
    if (pg::parse<gf::grammar, action>(in, st)) {
      FenSetup& s = st.setup;
      s.ranks = st.rows_done;
      s.squares.resize(static_cast<std::size_t>(s.files) * static_cast<std::size_t>(s.ranks));
      // The text lists the top rank first; squares[] starts with rank 0 (White's first rank).
      for (int row = 0; row < s.ranks; ++row) {
        const int rank = s.ranks - 1 - row;
        for (int f = 0; f < s.files; ++f)
          s.squares[static_cast<std::size_t>(rank * s.files + f)] =
              std::move(st.board[static_cast<std::size_t>(row * s.files + f)]);
      }
      return std::move(st.setup);
    }
  } catch (const FenError& e) {
    // A bad row width is reported only if the text is otherwise well-formed: "RNBQKBN$" is a
    // bad character, not a short row.
    if (error == nullptr) return std::nullopt;
    input in(text.data(), text.data() + text.size(), "fen");
    if (pg::parse<gf::grammar>(in)) {
      fill_error(error, text, static_cast<std::size_t>(e.at - text.data()), e.message);
      return std::nullopt;
    }
  }
  if (error != nullptr) {
    input in(text.data(), text.data() + text.size(), "fen");
    detail::FailureTracker tracker;
    const bool ok =
        pg::parse<gf::grammar, pg::nothing, detail::tracking<describe>::control>(in, tracker);
    if (ok || tracker.furthest == nullptr)
      fill_error(error, text, 0, "an extended FEN");
    else
      fill_error(error, text, static_cast<std::size_t>(tracker.furthest - text.data()),
                 tracker.expected());
  }
  return std::nullopt;
}

}  // namespace xpgn::notation
