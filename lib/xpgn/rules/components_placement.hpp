// A setup phase of drops (Fairy-Stockfish's mustDrop with drop regions): the pieces a side
// holds in hand at the start are placed on its first ranks before any other move. Sittuyin's
// setup (components_makruk.hpp) and placement chess (docs/rules/placement.md) are two settings of
// it.
#pragma once

#include <memory>
#include <string>

#include "xpgn/rules/component.hpp"

namespace xpgn::rules {

// How a setup phase places its pieces.
struct SetupDropRules {
  // Pieces are placed on their side's first `ranks` ranks (sittuyin 3, placement 1).
  int ranks = 1;
  // SAN letters of pieces placed on the first rank only (sittuyin's rooks: Fairy-Stockfish's
  // sittuyinRookDrop).
  std::string first_rank_only;
  // SAN letter of a piece whose copies must end on squares of both colours, half on each
  // (placement's bishops: Fairy-Stockfish's dropOppositeColoredBishop), or 0. A placement that
  // would leave too few free squares of a colour for them is not legal.
  char opposite_colours = 0;
  // A king placed on file `king_file` of its castling rank, or a rook (FEN letter R) placed on
  // an edge file of that rank while the king stands there, gives the castling right with that
  // rook (Fairy-Stockfish's castlingDroppedPiece); -1 for none. The variant's castling rule
  // must come before this one (its apply() drops rights on the squares a move touches).
  int castling_king_file = -1;
};

// The setup phase: while its side holds pieces in hand and a placement is legal, no other move
// is; captured pieces do not go to the hand. The hand is read from the FEN's "[...]" (the king
// may be in it); a placement restarts the halfmove clock, as Fairy-Stockfish counts.
std::shared_ptr<const RuleComponent> make_setup_drops(SetupDropRules rules);

}  // namespace xpgn::rules
