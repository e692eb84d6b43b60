// The xiangqi family's notations, offered by its component "xiangqi-notation" (an OwnNotation,
// own_notation.hpp): WXF written (`xpgn convert --to wxf`) and read wherever moves are read, and
// ICCS coordinates read.
//
// WXF (World Xiangqi Federation): "C2.5" (the cannon of file 2 moves sideways to file 5), "H8+7"
// (the horse of file 8 moves forward to file 7), "R1-3" (the chariot of file 1 moves back three
// points). Each side counts files from its own right, 1 to the board's width; "+" is forward
// (towards the opponent), "-" back, "." sideways. A piece that keeps its file gives the number
// of points moved, one that changes file the file it reaches. Like pieces on one file are told
// apart by "+" (front) and "-" (rear) in place of the file: "R+.3", "C--1".
//
// Read: a WXF token is the legal move to_wxf() writes so, with the letter in either case (SAN's
// aliases "N" and "B" too) and "=" for ".". A letter and file where WXF writes a tandem mark
// ("R1+1" for "R++1") is read when only one legal move fits it, and refused as ambiguous,
// naming the WXF forms, when several do.
//
// ICCS: "h2e2" (the central cannon), "H2-E2", "h0g2". Files a-i from Red's left, ranks 0-9 from
// Red's side: ICCS rank n is rank n + 1 of the coordinates xpgn and Fairy-Stockfish use (a1-i10),
// so "h2e2" in ICCS is "h3e3" in UCI. A token with a rank 0 or upper-case files can only be ICCS
// (the grammar keeps its ranks as iccs_rank + n, core/san_token.hpp); a lower-case one without a
// rank 0 is also a UCI move, and the move reader (move_reader.hpp) decides which it is.
#pragma once

#include <memory>
#include <string>

#include "xpgn/core/san_token.hpp"
#include "xpgn/rules/component.hpp"

namespace xpgn::rules {

// The component: a variant with it writes and reads WXF and reads ICCS (Variant::own_notation). Its
// validate() refuses a board wider than 9 files (WXF writes one digit per file) or with more
// than 10 ranks (ICCS ranks are one digit).
std::unique_ptr<RuleComponent> make_xiangqi_notation();

// The WXF text of `move` (a normal move legal in `pos`): piece letter (the variant's SAN
// letter), file or tandem mark, direction, number. Pawns three or more on a file, or doubled on
// two files, follow the WXF tandem rules ("P+.4", "P3.4", "P-.4"; "++.4" and "--.4" for the
// foremost and rearmost of four or five; "3+.4" when two files hold tandem pawns).
std::string to_wxf(const Position& pos, const Move& move);

// True when `token` can be ICCS coordinates: a move of two complete squares with one-digit ranks
// and nothing else (no piece letter, capture mark, promotion or second action).
bool may_be_iccs(const SanToken& token);

// `token` (may_be_iccs()) with its squares in the coordinates xpgn reads: ICCS rank n becomes
// rank n + 1 (0-based index n).
SanToken iccs_to_xpgn(const SanToken& token);

}  // namespace xpgn::rules
