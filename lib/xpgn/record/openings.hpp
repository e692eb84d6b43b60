// Opening names for FIDE chess games from the lichess opening data set (lichess-org/
// chess-openings, CC0, embedded in the library): a game is named after the deepest position of
// its main line that the data set names, compared by position, so transpositions are named too.
#pragma once

#include <cstdint>
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

// classify_opening()'s steps, for a MainLineWatch (SelectWatch) that looks at positions as they
// are replayed: the deepest ply a named position has; whether a position of FIDE chess with
// Position::key() `zobrist` may be named (false: it is not); the entry naming `position`
// (FIDE chess without options), nullptr for none.
int opening_max_plies();
bool opening_may_name(std::uint64_t zobrist);
const Opening* opening_naming(const rules::Position& position);
// The entry naming the position of FIDE chess whose Position::key() is `zobrist` when exactly
// one named position has that key (as opening_naming() would find it), else nullptr.
const Opening* opening_of_key(std::uint64_t zobrist);

// The opening a SelectWatch with classification noted in `game` (Game::marks.value), nullptr
// for none; `ply` (when given) gets the ply of the position named.
const Opening* marked_opening(const Game& game, int* ply = nullptr);

}  // namespace xpgn::record
