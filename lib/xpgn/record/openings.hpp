// Opening names for FIDE chess games from the lichess opening data set (lichess-org/
// chess-openings, CC0, embedded in the library): a game is named after the deepest position of
// its main line that the data set names, compared by position, so transpositions are named too.
#pragma once

#include <span>
#include <string_view>

#include "xpgn/record/game.hpp"

namespace xpgn::record {

// One entry of the data set.
struct Opening {
  std::string_view eco;   // "B44"
  std::string_view name;  // "Sicilian Defense: Taimanov Variation"
  std::string_view line;  // a move sequence that reaches it, "1. e4 c5 2. Nf3 e6 ..."
  int plies = 0;          // the moves of `line`
};

// Every entry whose line replays, in the data set's order (a.tsv to e.tsv). Built on first use
// (thread-safe) and kept for the program's life.
std::span<const Opening> openings();

// The opening of a replayed FIDE chess game (ReplayMode::full; variant "chess" without options):
// the entry of its deepest main-line position that some entry reaches. Positions are compared by
// board, side to move, castling rights, and the en passant square only when a capture there is
// possible. When several entries reach one position, the one with the shortest line (then the
// first) names it. nullptr for a game of another variant or one that reaches no named position;
// `ply` (when given) gets the ply of the position named.
const Opening* classify_opening(const Game& game, int* ply = nullptr);

}  // namespace xpgn::record
