// Extended SAN move token: the single source of truth for what a move token may look like.
// Rules only (no actions), variant-free: the grammar accepts the union of all forms, the rules
// engine decides what a token means. Used by notation (parse_san and the PGN reader).
//
// Forms (see docs/notation.md):
//   castling     O-O O-O-O 0-0 0-0-0
//   pass         -- --d1 Z0 0000 @@@@ pass
//   placement    P@e4 N@c3 @e4 P@e7=I (a placed pawn that becomes another piece at once)
//   SAN          e4 exd5 e:d5 a8=Q a8Q Nf3 Nxf3 Nbd7 N1d2 Nbxd7 Ixa8 Ae10
//   long         e2e4 e2-e4 e2xe4 Ng1f3 Ng1-f3 Nb1d2 e7e8q e7e8=Q
//   second acts  /H (gating)  ,P@d5 or ,P@e7=I (birth)  ~c4 (relocation)  >d6 (push)
//                ,^c5^f5 (portals), in this order
//   castling     may be followed by a gating with its square: O-O/Ee1 O-O/Hh1
//   check        + or # after the whole token
//   ICCS         h0g2 H2-E2 (xiangqi: ranks 0-9; see iccs_move below)
//   own forms    C2.5 H8+7 R+.3 ++.4 (WXF), 7g7f 8h2b+ P*5e (USI): see own_move below
//   Korean       79卒78 08馬87 32車22장군, H08-87 (janggi's coordinates): see korean_move below
//
// Files are a..z, ranks 1..99. A lower-case letter starts a pawn move; an upper-case letter is a
// piece. 'x' (or ':') before a letter is a capture mark; 'x' followed by a digit is the x-file.
// The alternatives are ordered and guarded by one-character look-ahead so that each input has
// exactly one parse: a square followed by a separator or a file letter starts a long algebraic
// move (e2e4); a file followed by a capture mark is a pawn capture (exd5); a file or rank
// followed by a capture mark or a file is a disambiguation hint (Nbd7, N1d2).
#pragma once

#include <tao/pegtl.hpp>

// clang-format off
namespace xpgn::grammars::san {

namespace pg = tao::pegtl;

// A literal, matched byte by byte (fails at the first differing byte, no memcmp call).
template <char... Cs>
struct chars : pg::seq<pg::one<Cs>...> {};

// ---- Squares and letters ------------------------------------------------------------------------
struct file : pg::range<'a', 'z'> {};
struct rank : pg::seq<pg::range<'1', '9'>, pg::opt<pg::digit>> {};
struct square_rank : rank {};
struct square : pg::seq<file, square_rank> {};
struct piece : pg::range<'A', 'Z'> {};
// 'x' followed by a digit is the x-file (Nx1, b7x1), not a capture mark.
struct capture : pg::sor<pg::one<':'>, pg::seq<pg::one<'x'>, pg::not_at<pg::digit>>> {};
struct hint_file_letter : pg::ranges<'a', 'w', 'y', 'z'> {};
struct dash : pg::one<'-'> {};

// ---- Castling -----------------------------------------------------------------------------------
struct castle_long : pg::sor<chars<'O', '-', 'O', '-', 'O'>, chars<'0', '-', '0', '-', '0'>> {};
struct castle_short : pg::sor<chars<'O', '-', 'O'>, chars<'0', '-', '0'>> {};
struct castle : pg::sor<castle_long, castle_short> {};

// ---- Pass ---------------------------------------------------------------------------------------
struct pass_queen : square {};
struct pass_dashes : pg::seq<chars<'-', '-'>, pg::opt<pass_queen>> {};
struct pass_word : pg::sor<chars<'Z', '0'>, chars<'0', '0', '0', '0'>, chars<'@', '@', '@', '@'>, chars<'p', 'a', 's', 's'>> {};
struct pass : pg::sor<pass_dashes, pass_word> {};

// ---- Moves and placements -----------------------------------------------------------------------
struct move_piece : piece {};
struct to_square : square {};
struct promotion_letter : pg::range<'A', 'Z'> {};
struct promotion_any_case : pg::ranges<'A', 'Z', 'a', 'z'> {};
struct promotion : pg::sor<pg::seq<pg::one<'='>, promotion_any_case>, promotion_letter> {};
struct long_promotion : pg::sor<pg::seq<pg::one<'='>, promotion_any_case>, promotion_any_case> {};
struct from_square : pg::seq<square, pg::at<pg::sor<dash, capture, file>>> {};
struct long_separator : pg::sor<dash, capture> {};
struct long_body : pg::seq<from_square, pg::opt<long_separator>, to_square, pg::opt<long_promotion>> {};
struct hint_file : pg::seq<hint_file_letter, pg::at<pg::sor<capture, file>>> {};
struct hint_rank : pg::seq<rank, pg::at<pg::sor<capture, file>>> {};
struct piece_hint_body : pg::seq<pg::sor<hint_file, hint_rank>, pg::opt<capture>, to_square, pg::opt<promotion>> {};
struct piece_plain_body : pg::seq<pg::opt<capture>, to_square, pg::opt<promotion>> {};
struct piece_move : pg::seq<move_piece, pg::sor<long_body, piece_hint_body, piece_plain_body>> {};
struct pawn_file : pg::seq<hint_file_letter, pg::at<capture>> {};
struct pawn_capture_body : pg::seq<pawn_file, capture, to_square, pg::opt<promotion>> {};
struct pawn_plain_body : pg::seq<to_square, pg::opt<promotion>> {};
struct pawn_move : pg::sor<long_body, pawn_capture_body, pawn_plain_body> {};
struct placement_piece : piece {};
struct placement_at : pg::one<'@'> {};
struct placement_square : square {};
struct placement : pg::seq<pg::at<pg::opt<piece>, placement_at>, pg::opt<placement_piece>, placement_at, placement_square, pg::opt<promotion>> {};

// ---- Second actions (variants) ------------------------------------------------------------------
struct gate_piece : piece {};
struct gate_square : square {};
struct gating : pg::seq<pg::one<'/'>, gate_piece, pg::opt<gate_square>> {};
struct birth_at : pg::one<'@'> {};
struct birth_piece : piece {};
struct birth_square : square {};
struct birth_promotion_letter : pg::ranges<'A', 'Z', 'a', 'z'> {};
struct birth_promotion : pg::seq<pg::one<'='>, birth_promotion_letter> {};
struct birth : pg::seq<pg::one<','>, pg::at<pg::opt<piece>, birth_at>, pg::opt<birth_piece>, birth_at, birth_square, pg::opt<birth_promotion>> {};
struct relocation_square : square {};
struct relocation : pg::seq<pg::one<'~'>, relocation_square> {};
struct push_square : square {};
struct push : pg::seq<pg::one<'>'>, push_square> {};
struct portal_a : square {};
struct portal_b : square {};
struct portals : pg::seq<pg::one<','>, pg::one<'^'>, portal_a, pg::one<'^'>, portal_b> {};
struct second_actions : pg::seq<pg::opt<gating>, pg::opt<birth>, pg::opt<relocation>, pg::opt<push>, pg::opt<portals>> {};
struct move : pg::seq<pg::sor<piece_move, pawn_move>, second_actions> {};

// ---- ICCS coordinates (the xiangqi family) ------------------------------------------------------
// Files a-i and ranks 0-9 from the first player's side: "h2e2", "h2-e2", "H2-E2", "h0g2". The
// lower-case forms without a rank 0 are long algebraic moves (the rules read them as ICCS where
// that reading alone finds a move); this rule takes the forms no other rule reads: a rank 0, or
// upper-case files. No extended SAN token has a file letter followed by '0', nor an upper-case
// letter, a digit and then an upper-case letter, so it steals nothing from the other forms.
struct check : pg::one<'+', '#'> {};
struct iccs_lower_file : pg::range<'a', 'i'> {};
struct iccs_upper_file : pg::range<'A', 'I'> {};
struct iccs_zero_from : pg::seq<iccs_lower_file, pg::one<'0'>, pg::opt<dash>, iccs_lower_file, pg::digit> {};
struct iccs_zero_to : pg::seq<iccs_lower_file, pg::digit, pg::opt<dash>, iccs_lower_file, pg::one<'0'>> {};
struct iccs_upper : pg::seq<iccs_upper_file, pg::digit, pg::opt<dash>, iccs_upper_file, pg::digit> {};
struct iccs_move : pg::seq<pg::sor<iccs_zero_from, iccs_zero_to, iccs_upper>, pg::at<pg::opt<check>, pg::eof>> {};

// ---- Forms of a family's own notation (read by the variant's notation) -----------------------
// Tokens with no squares of extended SAN, kept as written (core/san_token.hpp, own_rank) for the
// variant's notation to read (rules/move_reader.hpp). Each is a whole token (with a check mark
// for WXF), and none is extended SAN: a SAN token of four characters never ends in a digit after
// '+', '-', '.' or '=', and none starts with a digit 1-9 or with '+'.
//  WXF (the xiangqi family): piece letter (either case) or tandem mark, file or tandem mark,
//      direction ('+' forward, '-' back, '.' or '=' sideways), number: "C2.5", "C2=5", "H8+7",
//      "R+.3", "C--1", "P3.4", "++.4", "3+.4", "33.4".
//  USI (the shogi family): file digits from the right and rank letter from the top, twice, then
//      '+' (promotes) or '-' (demotes, Kyoto shogi): "7g7f", "8h2b+"; a drop "P*5e", "+L*3c".
struct wxf_head : pg::sor<pg::ranges<'A', 'Z', 'a', 'z', '1', '9'>, pg::one<'+', '-'>> {};
struct wxf_mark : pg::sor<pg::range<'1', '9'>, pg::one<'+', '-'>> {};
struct wxf_move : pg::seq<wxf_head, wxf_mark, pg::one<'+', '-', '.', '='>, pg::range<'1', '9'>, pg::opt<check>> {};
struct usi_square : pg::seq<pg::range<'1', '9'>, pg::opt<pg::digit>, pg::range<'a', 'z'>> {};
struct usi_move : pg::seq<usi_square, usi_square, pg::opt<pg::one<'+', '-'>>> {};
struct usi_drop : pg::seq<pg::opt<pg::one<'+'>>, pg::range<'A', 'Z'>, pg::one<'*'>, usi_square> {};
struct own_move : pg::seq<pg::sor<wxf_move, usi_move, usi_drop>, pg::eof> {};

// ---- Janggi's Korean coordinates (read by the janggi family's notation) -----------------------
// Origin, piece name, destination, each point two digits (row 1-9 or 0 from the top, then
// column): "79卒78", "08馬87" (the name one Hangul syllable or one CJK ideograph, in UTF-8), or
// with a Latin piece letter and '-' ('x' for a capture) as Fairy-Stockfish and janggi.pl write
// them: "H08-87", "R95x25". A
// check is written "장군" ("janggun") or '+'/'#'. Kept as written, without the check, like
// own_move's forms. No other form starts with two digits and a non-ASCII character, nor with an
// upper-case letter, two digits and a '-' or 'x'.
struct korean_name : pg::utf8::ranges<0xAC00, 0xD7A3, 0x4E00, 0x9FFF> {};
struct korean_point : pg::seq<pg::digit, pg::digit> {};
struct korean_hangul_check : pg::seq<pg::utf8::one<0xC7A5>, pg::utf8::one<0xAD70>> {};
struct korean_named : pg::seq<korean_point, korean_name, korean_point> {};
struct korean_latin : pg::seq<pg::range<'A', 'Z'>, korean_point, pg::one<'-', 'x'>, korean_point> {};
struct korean_move : pg::seq<pg::sor<korean_named, korean_latin>, pg::opt<pg::sor<korean_hangul_check, check>>, pg::eof> {};

// ---- Whole token --------------------------------------------------------------------------------
// Moves come first because they are the most frequent; no move is a prefix of another form.
// (ICCS's and the own forms are tried before them: they fail within the first few characters of
// any other token, and a move would take the "h0" of "h0g2" or the "h8+" of "h8+7" and fail the
// whole token.)
struct castle_move : pg::seq<castle, pg::opt<gating>> {};
struct token : pg::seq<pg::sor<iccs_move, own_move, korean_move, move, castle_move, pass, placement>, pg::opt<check>> {};
struct token_end : pg::eof {};
// A complete input that is exactly one token.
struct grammar : pg::seq<token, token_end> {};

}  // namespace xpgn::grammars::san
// clang-format on
