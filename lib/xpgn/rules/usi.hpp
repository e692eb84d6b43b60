// USI moves and SFEN positions, the notation of shogi programs, for the variants written in it:
// those with a hand per colour and pieces spelled '+X' (the shogi family). Squares are a file
// digit counted from the first player's right (1 to files) and a rank letter counted from the
// second player's side ('a' on the last rank): a1 of a 9x9 board is "9i". xpgn writes both
// (`xpgn convert --to usi`), reads SFEN wherever a FEN is read and USI moves wherever moves are
// read.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "xpgn/core/fen_setup.hpp"
#include "xpgn/core/san_token.hpp"
#include "xpgn/rules/move.hpp"
#include "xpgn/rules/own_notation.hpp"
#include "xpgn/rules/position.hpp"

namespace xpgn::rules {

// True when `v` has SFEN and USI: a hand per colour (Variant::hand_rule) and a piece spelled
// "+X" in FEN.
bool writes_sfen(const Variant& v);

// The SFEN of `pos` (of a variant that writes_sfen()): the FEN's board, 'b' when the first
// player is to move ('w' otherwise), the hands with counts ("S2Pb3p", "-" when empty; R B G S N
// L P first, then the variant's other pieces in its order) and the ply number (1 at the start).
std::string to_sfen(const Position& pos);

// Reads `text` as SFEN ("board side hand plies", four fields): the FenSetup a FEN of the same
// position would give (first player 'w', the hand as FEN letters, no castling or en passant), or
// nullopt with the reason in `error` when `text` is not SFEN. The variant then validates it
// (Position::from_setup). Readers of a FEN try it first for a variant that writes_sfen(): a FEN
// never has a whole number as its fourth field.
std::optional<FenSetup> parse_sfen(std::string_view text, std::string* error = nullptr);

// The USI text of `move` (legal in `pos`): "7g7f", "8h2b+" (a promotion), "P*5e" (a drop),
// "+L*3c" (a drop of a promoted form, Kyoto shogi), "1e2d-" (a Kyoto demotion).
std::string to_usi(const Position& pos, const Move& move);

// Reads `token`, a token in a notation's own form (SanToken::is_own()), as a USI move of `pos`
// (a variant that writes_sfen()): false when its text is not in USI's form ("7g7f", "8h2b+",
// "1e2d-", "P*5e", "+L*3c"); true otherwise, with `out` naming the legal move that to_usi()
// writes so, or saying why there is none. Wherever moves are read (rules/move_reader.hpp).
bool read_usi(const Position& pos, const SanToken& token, OwnMove& out);

}  // namespace xpgn::rules
