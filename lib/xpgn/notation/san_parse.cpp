// Extended SAN tokens: text -> SanToken with the grammar of grammars/xpgn/grammars/san.hpp.
#include <type_traits>

#include <tao/pegtl.hpp>

#include "xpgn/grammars/san.hpp"
#include "xpgn/notation/detail.hpp"
#include "xpgn/notation/notation.hpp"

namespace xpgn::notation {
namespace {

namespace pg = tao::pegtl;
namespace gs = xpgn::grammars::san;

// ---- Actions: each fills one field of the token -------------------------------------------------
template <typename Rule>
struct action : pg::nothing<Rule> {};

// The token's alternatives are tried in order (move, castling, pass, placement); a failed move
// attempt may have left a piece letter behind ("O-O", "Z0"), so these start from a clean token.
template <>
struct action<gs::castle_long> {
  template <typename Input>
  static void apply(const Input& /*in*/, SanToken& t) {
    t = SanToken{};
    t.kind = TokenKind::castle_long;
  }
};
template <>
struct action<gs::castle_short> {
  template <typename Input>
  static void apply(const Input& /*in*/, SanToken& t) {
    t = SanToken{};
    t.kind = TokenKind::castle_short;
  }
};
template <>
struct action<gs::pass> {
  template <typename Input>
  static void apply(const Input& /*in*/, SanToken& t) {
    const Coord queen = t.pass_queen;
    t = SanToken{};
    t.kind = TokenKind::pass;
    t.pass_queen = queen;
  }
};
template <>
struct action<gs::pass_queen> {
  template <typename Input>
  static void apply(const Input& in, SanToken& t) {
    t.pass_queen = detail::coord_of_square(in.string_view());
  }
};
template <>
struct action<gs::placement> {
  template <typename Input>
  static void apply(const Input& in, SanToken& t) {
    // A failed move attempt can only have read the piece letter, which placement_piece rewrote.
    t.kind = TokenKind::placement;
    if (in.begin()[0] == '@') t.piece = 'P';
  }
};
template <>
struct action<gs::placement_piece> {
  template <typename Input>
  static void apply(const Input& in, SanToken& t) {
    t.piece = *in.begin();
  }
};
template <>
struct action<gs::placement_square> {
  template <typename Input>
  static void apply(const Input& in, SanToken& t) {
    t.to = detail::coord_of_square(in.string_view());
  }
};
template <>
struct action<gs::move_piece> {
  template <typename Input>
  static void apply(const Input& in, SanToken& t) {
    t.piece = *in.begin();
  }
};
template <>
struct action<gs::from_square> {
  template <typename Input>
  static void apply(const Input& in, SanToken& t) {
    t.from = detail::coord_of_square(in.string_view());
  }
};
template <>
struct action<gs::long_body> {
  template <typename Input>
  static void apply(const Input& /*in*/, SanToken& t) {
    t.long_algebraic = true;
  }
};
template <>
struct action<gs::to_square> {
  template <typename Input>
  static void apply(const Input& in, SanToken& t) {
    t.to = detail::coord_of_square(in.string_view());
  }
};
template <>
struct action<gs::capture> {
  template <typename Input>
  static void apply(const Input& /*in*/, SanToken& t) {
    t.capture = true;
  }
};
template <>
struct action<gs::hint_file> {
  template <typename Input>
  static void apply(const Input& in, SanToken& t) {
    t.from.file = *in.begin() - 'a';
  }
};
template <>
struct action<gs::pawn_file> : action<gs::hint_file> {};
template <>
struct action<gs::hint_rank> {
  template <typename Input>
  static void apply(const Input& in, SanToken& t) {
    int r = 0;
    for (char c : in.string_view()) r = r * 10 + (c - '0');
    t.from.rank = r - 1;
  }
};
template <>
struct action<gs::promotion_letter> {
  template <typename Input>
  static void apply(const Input& in, SanToken& t) {
    t.promotion = detail::to_upper_ascii(*in.begin());
  }
};
template <>
struct action<gs::promotion_any_case> : action<gs::promotion_letter> {};
template <>
struct action<gs::birth_piece> {
  template <typename Input>
  static void apply(const Input& in, SanToken& t) {
    t.birth_piece = *in.begin();
  }
};
template <>
struct action<gs::birth_square> {
  template <typename Input>
  static void apply(const Input& in, SanToken& t) {
    t.birth_square = detail::coord_of_square(in.string_view());
    if (t.birth_piece == 0) t.birth_piece = 'P';
  }
};
template <>
struct action<gs::birth_promotion_letter> {
  template <typename Input>
  static void apply(const Input& in, SanToken& t) {
    t.birth_promotion = detail::to_upper_ascii(*in.begin());
  }
};
template <>
struct action<gs::gate_piece> {
  template <typename Input>
  static void apply(const Input& in, SanToken& t) {
    t.gate_piece = *in.begin();
  }
};
template <>
struct action<gs::gate_square> {
  template <typename Input>
  static void apply(const Input& in, SanToken& t) {
    t.gate_square = detail::coord_of_square(in.string_view());
  }
};
template <>
struct action<gs::relocation_square> {
  template <typename Input>
  static void apply(const Input& in, SanToken& t) {
    t.relocation = detail::coord_of_square(in.string_view());
  }
};
template <>
struct action<gs::push_square> {
  template <typename Input>
  static void apply(const Input& in, SanToken& t) {
    t.push = detail::coord_of_square(in.string_view());
  }
};
template <>
struct action<gs::portal_a> {
  template <typename Input>
  static void apply(const Input& in, SanToken& t) {
    t.pair_a = detail::coord_of_square(in.string_view());
  }
};
template <>
struct action<gs::portal_b> {
  template <typename Input>
  static void apply(const Input& in, SanToken& t) {
    t.pair_b = detail::coord_of_square(in.string_view());
  }
};
// ICCS coordinates: ranks 0-9 as written, kept as iccs_rank + the digit (core/san_token.hpp), off
// every board for a reader that does not know the form.
template <>
struct action<gs::iccs_move> {
  template <typename Input>
  static void apply(const Input& in, SanToken& t) {
    const std::string_view s = in.string_view();
    t = SanToken{};
    t.long_algebraic = true;
    const auto file = [](char c) { return (c >= 'a' ? c - 'a' : c - 'A'); };
    t.from = {file(s[0]), iccs_rank + (s[1] - '0')};
    t.to = {file(s[s.size() - 2]), iccs_rank + (s.back() - '0')};
  }
};
// A form of a family's own notation: kept as written (without a WXF check mark), marked by
// own_rank (core/san_token.hpp).
template <>
struct action<gs::own_move> {
  template <typename Input>
  static void apply(const Input& in, SanToken& t) {
    std::string_view s = in.string_view();
    const char check = t.check;  // wxf_move's, set by the check action
    t = SanToken{};
    if (check != 0 && (s.back() == '+' || s.back() == '#') && s.size() == 5) {
      t.check = check;
      s.remove_suffix(1);
    }
    t.from.rank = own_rank;
    s.copy(t.own, sizeof t.own - 1);
  }
};
// Janggi's Korean coordinates: kept as written without the check ("장군", '+' or '#', which
// becomes the token's check mark), marked by own_rank like the forms above.
template <>
struct action<gs::korean_move> {
  template <typename Input>
  static void apply(const Input& in, SanToken& t) {
    std::string_view s = in.string_view();
    char check = 0;
    t = SanToken{};
    if (s.back() == '+' || s.back() == '#') {
      check = s.back();
      s.remove_suffix(1);
    } else if (s.ends_with("\uC7A5\uAD70")) {  // "장군"
      check = '+';
      s.remove_suffix(6);
    }
    t.check = check;
    t.from.rank = own_rank;
    s.copy(t.own, sizeof t.own - 1);
  }
};
template <>
struct action<gs::check> {
  template <typename Input>
  static void apply(const Input& in, SanToken& t) {
    t.check = *in.begin();
  }
};

// ---- Error descriptions -------------------------------------------------------------------------
// Rules derived from gs::square (to_square, birth_square, ...) all describe themselves as a square.
template <typename Rule>
constexpr detail::Expectation description() {
  if constexpr (std::is_same_v<Rule, gs::token>) {
    return {"a move such as e4, Nf3, exd5, O-O, P@e4 or --", 4};
  } else if constexpr (std::is_base_of_v<gs::square, Rule>) {
    return {"a square such as e4", 3};
  } else if constexpr (std::is_same_v<Rule, gs::square_rank>) {
    return {"a rank number (1-99)", 3};
  } else if constexpr (std::is_same_v<Rule, gs::birth_at>) {
    return {"'@' of a birth such as ,P@d5", 2};
  } else if constexpr (std::is_same_v<Rule, gs::token_end>) {
    return {"the end of the move", 1};
  } else {
    return {};
  }
}
template <typename Rule>
struct describe {
  static constexpr detail::Expectation value = description<Rule>();
};

using input = pg::memory_input<pg::tracking_mode::lazy, pg::eol::lf_crlf, const char*>;

}  // namespace

namespace detail {

bool parse_san_token(std::string_view text, SanToken& out) {
  const char* end = text.data() + text.size();
  if (const char* q = parse_usual_san(text.data(), end, out); q != nullptr && q == end) return true;
  return parse_san_grammar(text, out);
}

bool parse_san_grammar(std::string_view text, SanToken& out) {
  out = SanToken{};
  input in(text.data(), text.data() + text.size(), "san");
  return pg::parse<gs::grammar, action>(in, out);
}

void explain_san_error(std::string_view text, std::size_t& offset, std::string& expected) {
  input in(text.data(), text.data() + text.size(), "san");
  FailureTracker tracker;
  if (pg::parse<gs::grammar, pg::nothing, tracking<describe>::control>(in, tracker) ||
      tracker.furthest == nullptr) {
    offset = 0;
    expected = "a move";
    return;
  }
  offset = static_cast<std::size_t>(tracker.furthest - text.data());
  expected = tracker.expected();
}

}  // namespace detail

std::optional<SanToken> parse_san(std::string_view text, SyntaxError* error) {
  SanToken token;
  if (detail::parse_san_token(text, token)) return token;
  if (error != nullptr) {
    std::size_t offset = 0;
    detail::explain_san_error(text, offset, error->expected);
    error->pos.line = 1;
    error->pos.column = static_cast<std::uint32_t>(offset + 1);
    error->pos.offset = offset;
    error->token = std::string(text.substr(offset));
  }
  return std::nullopt;
}

}  // namespace xpgn::notation
