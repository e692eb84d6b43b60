// Janggi's Korean coordinates, offered by the component "janggi-notation" (an OwnNotation,
// own_notation.hpp): read wherever moves are read, and written (`xpgn convert --to korean`).
//
// The Korea Janggi Association's numeric form: a point is two digits, its row (1-9 and 0 from
// the top, Han's side, as Cho sees the board) and then its column (1-9 from Cho's left). A move
// is origin, piece name, destination: "79卒78" (Cho's soldier from i4 to h4), "12馬33" (Han's
// horse from b10 to c8). So row r, column c is xpgn's square of file c and rank 11 - r (row 0
// is rank 1): the generals start on 95 (e2) and 25 (e9). The name is the piece's Hanja or
// Hangul (車/차 chariot, 包/포 cannon, 馬/마 horse, 象/상 elephant, 士/사 advisor, 卒 兵/졸 병
// soldier, 楚 漢 將 宮/장 궁 general), either colour's name for either side; "장군" (or '+',
// '#') after it marks a check. Fairy-Stockfish's and janggi.pl's Latin form, the SAN letter and
// '-' or 'x' between the points ("H08-87", "R95x25"), is read too; an 'x' onto an
// empty point is refused, a '-' is read for any move.
#pragma once

#include <memory>
#include <string>

#include "xpgn/rules/component.hpp"

namespace xpgn::rules {

// The component: a variant with it reads and writes Korean coordinates (Variant::own_notation).
// Its validate() refuses a board other than 9 files by 10 ranks and a variant without the seven
// janggi pieces' SAN letters (K A E H R C P).
std::unique_ptr<RuleComponent> make_janggi_notation();

// The Korean text of `move` (a normal move or a general's pass legal in `pos`): origin, the
// Hanja name of its piece (Cho's 卒 and 楚, Han's 兵 and 漢), destination: "79卒78". A pass is
// the general's point twice, "95楚95", as Fairy-Stockfish writes it ("K95-95", SAN "Ke2"); the
// reader takes it so.
std::string to_korean(const Position& pos, const Move& move);

}  // namespace xpgn::rules
