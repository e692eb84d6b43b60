// Rules of the old and large-board variants (issue 39) that are no other component: the bare
// king of shatranj and courier, shatranj's 70-move rule.
#pragma once

#include <memory>

#include "xpgn/rules/end_rule.hpp"

namespace xpgn::rules {

// The bare king (Fairy-Stockfish's extinction rule with extinctionPieceTypes = all,
// extinctionPieceCount = 1, extinctionOpponentPieceCount = 2 and extinctionClaim): a side left
// with at most one piece (its king) loses when the other has two or more, except that the side
// to move, just bared, goes on while the other has exactly two (it may bare the other king in
// turn; if it does not, it has lost after its move). Ends play at once (termination
// `bare_king`).
std::shared_ptr<const EndRule> make_bare_king_loses();

// Fairy-Stockfish's n-move rule with another number than FIDE's 50 (shatranj: 70): after
// `moves` moves of each side without a capture or a pawn move (the halfmove clock at 2 x
// `moves`) a draw may be claimed (termination `move_limit`).
std::shared_ptr<const EndRule> make_move_limit(int moves);

}  // namespace xpgn::rules
