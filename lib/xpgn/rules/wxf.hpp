// WXF notation (World Xiangqi Federation) for the xiangqi family: "C2.5" (the cannon of file 2
// moves sideways to file 5), "H8+7" (the horse of file 8 moves forward to file 7), "R1-3" (the
// chariot of file 1 moves back three points). Each side counts files from its own right, 1 to
// the board's width; "+" is forward (towards the opponent), "-" back, "." sideways. A piece
// that keeps its file gives the number of points moved, one that changes file the file it
// reaches. Like pieces on one file are told apart by "+" (front) and "-" (rear) in place of
// the file: "R+.3", "C--1". xpgn writes it (`xpgn convert --to wxf`).
#pragma once

#include <string>

#include "xpgn/rules/move.hpp"
#include "xpgn/rules/position.hpp"

namespace xpgn::rules {

// True when `v` is written in WXF: its royal piece is a "general" (the xiangqi family:
// xiangqi, manchu, minixiangqi) and its board is at most 9 files wide (one digit per file).
bool writes_wxf(const Variant& v);

// The WXF text of `move` (a normal move legal in `pos`, of a variant that writes_wxf()): piece
// letter (the variant's SAN letter), file or tandem mark, direction, number. Pawns three or more
// on a file, or doubled on two files, follow the WXF tandem rules ("P+.4", "P3.4", "P-.4";
// "++.4" and "--.4" for the foremost and rearmost of four or five; "3+.4" when two files hold
// tandem pawns).
std::string to_wxf(const Position& pos, const Move& move);

}  // namespace xpgn::rules
