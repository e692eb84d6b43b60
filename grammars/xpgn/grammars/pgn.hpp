// PGN import format (Edwards 1994, section 8), read leniently. Rules only (no actions).
//
// A game is a tag section followed by movetext. Movetext is a sequence of elements (move
// numbers, move symbols, NAGs and suffix annotations, comments, recursive variations) ended by a
// game termination marker. The reader cuts a file into games first (see read_pgn) and parses
// each game with `game`, in which the termination marker is optional; `database` is the strict
// standard form of a whole file.
//
// Leniency beyond the standard:
//  - tag values: an unknown escape such as \' is kept literally; a '"' that is not followed by
//    blanks and ']' (or the end of the line) is part of the value; blanks around the name and
//    value are optional;
//  - move numbers may be glued to the move ("1.e4") and written "12...", "12. ..." or split
//    from their move across lines;
//  - a move symbol may use every character of the extended SAN (see san.hpp); whether it is
//    valid SAN is decided separately, so a bad move is not a syntax error of the game;
//  - a move symbol may also be in a family's own notation: WXF's "C2.5" (a '.' inside) and USI's
//    "P*5e", "+L*3c" (a '*' inside, a '+' first), see wxf_dotted and drop_star;
//  - a move symbol may hold Hangul and CJK ideographs after its first character: janggi's
//    Korean coordinates ("79卒78", see korean_char);
//  - a UTF-8 byte order mark counts as white space; CR is white space (CRLF files);
//  - game termination markers inside a variation are accepted and ignored;
//  - comments after the termination marker belong to the game (trailing comments).
#pragma once

#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/analyze_traits.hpp>

// clang-format off
namespace xpgn::grammars::pgn {

namespace pg = tao::pegtl;

// A literal, matched byte by byte (fails at the first differing byte, no memcmp call).
template <char... Cs>
struct chars : pg::seq<pg::one<Cs>...> {};

// ---- Layout -------------------------------------------------------------------------------------
// Succeeds, consuming nothing, at the first byte of a line.
struct line_start {
  using rule_t = line_start;
  using subs_t = pg::empty_list;
  template <typename ParseInput>
  [[nodiscard]] static bool match(ParseInput& in) {
    if (in.current() != in.begin()) return in.current()[-1] == '\n';
    return in.position().column == 1;
  }
};
struct bom : chars<'\xEF', '\xBB', '\xBF'> {};
struct blank : pg::one<' ', '\t', '\r', '\n', '\f', '\v'> {};
struct escape_line : pg::seq<line_start, pg::one<'%'>, pg::star<pg::not_one<'\n'>>> {};
struct skip : pg::star<pg::sor<pg::plus<blank>, escape_line, bom>> {};

// ---- Comments -----------------------------------------------------------------------------------
struct brace_open : pg::one<'{'> {};
struct brace_text : pg::star<pg::not_one<'}'>> {};
struct brace_close : pg::one<'}'> {};
struct brace_comment : pg::seq<brace_open, brace_text, pg::must<brace_close>> {};
struct line_comment_text : pg::star<pg::not_one<'\n'>> {};
struct line_comment : pg::seq<pg::one<';'>, line_comment_text> {};
struct comment : pg::sor<brace_comment, line_comment> {};

// ---- Tag pairs ----------------------------------------------------------------------------------
struct tag_open : pg::one<'['> {};
struct tag_space : pg::star<pg::one<' ', '\t'>> {};
// A tag name has at most 255 characters (max_tag_name_length): the splitter looks no further.
inline constexpr unsigned max_tag_name_length = 255;
struct tag_name_char : pg::sor<pg::alnum, pg::one<'_', '-'>> {};
struct tag_name : pg::seq<pg::rep_min_max<1, max_tag_name_length, tag_name_char>,
                          pg::not_at<tag_name_char>> {};
struct tag_escape : pg::seq<pg::one<'\\'>, pg::not_one<'\n', '\r'>> {};
struct tag_value_end : pg::seq<tag_space, pg::sor<pg::one<']', '\r', '\n'>, pg::eof>> {};
struct tag_inner_quote : pg::seq<pg::one<'"'>, pg::not_at<tag_value_end>> {};
struct tag_plain_char : pg::not_one<'"', '\\', '\n', '\r'> {};
struct tag_char : pg::sor<tag_plain_char, tag_escape, tag_inner_quote> {};
struct tag_text : pg::star<tag_char> {};
struct tag_quote_open : pg::one<'"'> {};
struct tag_quote_close : pg::one<'"'> {};
struct tag_value : pg::seq<tag_quote_open, tag_text, pg::must<tag_quote_close>> {};
struct tag_close : pg::one<']'> {};
struct tag_pair : pg::if_must<tag_open, tag_space, tag_name, tag_space, tag_value, tag_space, tag_close> {};
struct tag_section : pg::star<tag_pair, skip> {};

// ---- Movetext -----------------------------------------------------------------------------------
struct symbol_char : pg::sor<pg::alnum, pg::one<'_', '+', '#', '=', ':', '-', '@', ',', '~', '>', '^', '/'>> {};
struct symbol_start : pg::sor<pg::alnum, pg::one<'@', '-'>> {};
// A chess figurine in a move symbol (U+2654 to U+265F, \u2654 to \u265F), read as its piece letter.
struct figurine : pg::utf8::range<0x2654, 0x265F> {};
// A Hangul syllable or CJK ideograph in a move symbol: janggi's Korean coordinates name the piece
// so ("79卒78", "08마87", "32車22장군"; see san.hpp's korean_move).
struct korean_char : pg::utf8::ranges<0xAC00, 0xD7A3, 0x4E00, 0x9FFF> {};
// WXF's sideways and tandem moves (the xiangqi family, see san.hpp's wxf_move) hold a '.': two
// characters, '.', a digit 1-9 and an optional check mark, not followed by a symbol character or
// '.' ("C2.5", "c2.5", "R+.3", "P3.4", "++.4", "33.4"). A '.' ends a symbol anywhere else, and
// no PGN element of the standard has this shape ("1.e4", "12...", "12.C2.5" are move numbers,
// "e.p." an en passant mark).
struct wxf_head : pg::sor<pg::alpha, pg::range<'1', '9'>, pg::one<'+', '-'>> {};
struct wxf_mark : pg::sor<pg::range<'1', '9'>, pg::one<'+', '-'>> {};
struct wxf_dotted : pg::seq<wxf_head, wxf_mark, pg::one<'.'>, pg::range<'1', '9'>, pg::opt<pg::one<'+', '#'>>, pg::not_at<pg::sor<symbol_char, pg::one<'.'>>>> {};
// USI's drop mark inside a symbol, before a letter or digit ("P*5e"); a '*' anywhere else ends a
// symbol (a lone "*" is the termination marker). USI's drop of a promoted form starts with '+'
// before a letter ("+L*3c"), which no other symbol does.
struct drop_star : pg::seq<pg::one<'*'>, pg::at<pg::alnum>> {};
struct plus_start : pg::seq<pg::one<'+'>, pg::at<pg::alpha>> {};
struct plain_symbol : pg::seq<pg::sor<symbol_start, figurine, plus_start>, pg::star<pg::sor<symbol_char, figurine, korean_char, drop_star>>> {};
struct symbol : pg::sor<wxf_dotted, plain_symbol> {};
struct move_number : pg::seq<pg::plus<pg::digit>, pg::plus<pg::one<'.'>>> {};
struct dots : pg::plus<pg::one<'.'>> {};
struct nag_digits : pg::plus<pg::digit> {};
struct nag : pg::seq<pg::one<'$'>, pg::must<nag_digits>> {};
struct suffix : pg::sor<chars<'!', '!'>, chars<'?', '?'>, chars<'!', '?'>, chars<'?', '!'>, pg::one<'!'>, pg::one<'?'>> {};
struct result : pg::seq<pg::sor<chars<'1', '-', '0'>, chars<'0', '-', '1'>, chars<'1', '/', '2', '-', '1', '/', '2'>, pg::one<'*'>>, pg::not_at<symbol_char>> {};
struct variation_open : pg::one<'('> {};
struct variation_close : pg::one<')'> {};
struct variation_result : result {};
struct element;
struct variation_element : pg::sor<element, variation_result> {};
struct variation : pg::seq<variation_open, skip, pg::star<variation_element, skip>, pg::must<variation_close>> {};
// An en passant mark after a capture, as some archives write it ("exd6 e.p."): "e.p.", "ep",
// "e.p", "ep." standing alone (the reader warns and ignores it).
struct ep_mark : pg::seq<pg::one<'e'>, pg::opt<pg::one<'.'>>, pg::one<'p'>, pg::opt<pg::one<'.'>>, pg::not_at<symbol_char>> {};
// (WXF's "33.4" before the move numbers: a move number is never two digits 1-9, '.', a digit 1-9
// and the end of the element.)
struct element : pg::sor<pg::seq<pg::at<wxf_dotted>, symbol>, move_number, ep_mark, pg::seq<pg::not_at<result>, symbol>, comment, variation, nag, suffix, dots> {};

// ---- Games --------------------------------------------------------------------------------------
struct trailing_comments : pg::star<comment, skip> {};
struct game_end : pg::seq<result, skip, trailing_comments> {};
struct movetext_end : pg::eof {};
// Movetext up to the end of the game's text; the termination marker may be missing.
struct movetext_section : pg::seq<pg::star<element, skip>, pg::opt<game_end>, pg::must<movetext_end>> {};
// Comments before the tags (e.g. a file header) belong to the game that follows.
struct leading_comments : pg::star<comment, skip> {};
struct game_head : pg::seq<skip, leading_comments, tag_section> {};
// One game's text as cut by the reader (tags, then movetext).
struct game : pg::seq<game_head, movetext_section> {};

// A whole file in the strict standard form: every game ends with a termination marker.
struct strict_game : pg::seq<leading_comments, tag_section, pg::star<element, skip>, result, skip> {};
struct database : pg::seq<skip, pg::star<strict_game>, pg::eof> {};

}  // namespace xpgn::grammars::pgn

namespace tao::pegtl {
template <typename Name>
struct analyze_traits<Name, xpgn::grammars::pgn::line_start> : analyze_opt_traits<> {};
}  // namespace tao::pegtl
// clang-format on
