// Extended FEN: the single source of truth for the position text. Rules only (no actions).
//
//   placement [holding] side [castling [en-passant [counters] [halfmove [fullmove]]]] {name=value}
//
// - placement: rows separated by '/', the top rank first; a row is a sequence of piece letters
//   (A-Z white, a-z black), empty-square counts of any number of digits (8, 10, 12) and stacks
//   "(XY)" of exactly two pieces, the earlier arrival first; a piece letter may be followed by
//   '~' (a promoted piece, as crazyhouse FENs mark it: "Q~"), or follow a '+' (a piece the
//   variant spells so, shogi's promoted pieces: "+P");
// - holding: "[...]" with zero or more piece letters (the Reenterent re-entry square, crazyhouse
//   pockets), or "[-]" for an empty one (as Fairy-Stockfish accepts it);
// - side to move 'w' or 'b';
// - castling '-' or letters (KQkq, X-FEN / Shredder-FEN file letters such as HAha);
// - en passant '-' or a square, or a number: the limit of a running count, as Fairy-Stockfish
//   writes the makruk family's (the halfmove field then holds the plies counted);
// - counters: two numbers joined by '+' ("3+3", three-check's checks remaining as lichess and
//   Fairy-Stockfish write it), between en passant and the clocks; also accepted as a trailing
//   field "+1+2" (checks given, an older Fairy-Stockfish form);
// - halfmove clock and fullmove number (digits);
// - extra fields "name=value": name [a-z][a-z0-9_-]*, value any non-blank text.
// Fields are separated by blanks. The fields after the side to move may be missing (EPD-like
// four-field FENs are common); extra fields may follow any of them.
// Whether rows have equal widths is checked by the reader, not by the grammar; the placement may
// end with a '/' (an empty last row: a lichess crazyhouse pocket holding nothing).
#pragma once

#include <tao/pegtl.hpp>

// clang-format off
namespace xpgn::grammars::fen {

namespace pg = tao::pegtl;

// ---- Placement ----------------------------------------------------------------------------------
struct piece : pg::ranges<'A', 'Z', 'a', 'z'> {};
struct empty_count : pg::seq<pg::range<'1', '9'>, pg::star<pg::digit>> {};
struct stack_open : pg::one<'('> {};
struct stack_close : pg::one<')'> {};
struct stack : pg::seq<stack_open, piece, piece, stack_close> {};
struct promoted_mark : pg::one<'~'> {};
struct plus_mark : pg::one<'+'> {};
struct board_piece : pg::seq<pg::opt<plus_mark>, piece, pg::opt<promoted_mark>> {};
struct square_item : pg::sor<empty_count, stack, board_piece> {};
struct row : pg::plus<square_item> {};
struct row_separator : pg::one<'/'> {};
// A '/' closing the placement: an empty last row (lichess's crazyhouse FEN with an empty pocket,
// "RNBQKBNR/ w").
struct empty_last_row : row_separator {};
struct placement : pg::seq<row, pg::star<row_separator, row>, pg::opt<empty_last_row>> {};
struct holding_piece : piece {};
struct holding
    : pg::seq<pg::one<'['>, pg::sor<pg::seq<pg::one<'-'>, pg::at<pg::one<']'>>>, pg::star<holding_piece>>,
              pg::one<']'>> {};

// ---- Fields -------------------------------------------------------------------------------------
struct field_separator : pg::plus<pg::one<' ', '\t'>> {};
struct side : pg::one<'w', 'b'> {};
struct castling : pg::sor<pg::one<'-'>, pg::seq<pg::plus<pg::alpha>, pg::not_at<pg::one<'='>>>> {};
struct en_passant_square : pg::seq<pg::range<'a', 'z'>, pg::range<'1', '9'>, pg::opt<pg::digit>> {};
struct count_limit : pg::plus<pg::digit> {};
struct en_passant : pg::sor<pg::one<'-'>, en_passant_square, count_limit> {};
struct halfmove : pg::plus<pg::digit> {};
struct fullmove : pg::plus<pg::digit> {};
struct extra_name : pg::seq<pg::range<'a', 'z'>, pg::star<pg::sor<pg::ranges<'a', 'z', '0', '9'>, pg::one<'_', '-'>>>> {};
struct extra_value : pg::star<pg::not_one<' ', '\t', '\r', '\n'>> {};
struct extra_field : pg::seq<extra_name, pg::one<'='>, extra_value> {};
struct counters : pg::seq<pg::plus<pg::digit>, pg::one<'+'>, pg::plus<pg::digit>> {};
struct counters_field : pg::seq<field_separator, counters> {};
struct trailing_counters : pg::seq<pg::one<'+'>, pg::plus<pg::digit>, pg::one<'+'>, pg::plus<pg::digit>> {};
struct fullmove_field : pg::seq<field_separator, fullmove> {};
struct halfmove_field : pg::seq<field_separator, halfmove, pg::opt<fullmove_field>> {};
struct en_passant_field : pg::seq<field_separator, en_passant, pg::opt<counters_field>, pg::opt<halfmove_field>> {};
struct castling_field : pg::seq<field_separator, castling, pg::opt<en_passant_field>> {};
struct side_field : pg::seq<field_separator, side, pg::opt<castling_field>> {};
struct extra_fields : pg::star<field_separator, pg::sor<extra_field, trailing_counters>> {};
struct fen : pg::seq<pg::star<pg::blank>, placement, pg::opt<holding>, side_field, extra_fields, pg::star<pg::blank>> {};

// A complete input that is exactly one FEN.
struct fen_end : pg::eof {};
struct grammar : pg::seq<fen, fen_end> {};

}  // namespace xpgn::grammars::fen
// clang-format on
