// Rules of the old and large-board variants (issue 39) that are no other component: the bare
// king of shatranj and courier, shatranj's 70-move rule, grand chess's promotion, shatar's
// robado and its mate rule.
#pragma once

#include <array>
#include <memory>
#include <string>

#include "xpgn/rules/component.hpp"
#include "xpgn/rules/end_rule.hpp"

namespace xpgn::rules {

// The bare king (Fairy-Stockfish's extinction rule with extinctionPieceTypes = all,
// extinctionPieceCount = 1, extinctionOpponentPieceCount = 2 and extinctionClaim): a side left
// with at most one piece (its king) loses when the other has two or more, except that the side
// to move, just bared, goes on while the other has exactly two (it may bare the other king in
// turn; if it does not, it has lost after its move). Ends play at once (termination
// `bare_king`).
std::shared_ptr<const EndRule> make_bare_king_loses();

// Shatar's robado (Fairy-Stockfish's extinction rule with extinctionValue = draw,
// extinctionPieceTypes = all, extinctionPieceCount = 1): as soon as a side has only its king
// left, the game is drawn and play stops (termination `robado`).
std::shared_ptr<const EndRule> make_bare_king_draws();

// Shatar's mate rule (Fairy-Stockfish's shatarMateRule). Keeps, in the position's counters
// (outside the position key, as Fairy-Stockfish keeps it), whether the side to move's current
// series of checks (it was in check at each of its turns, back to where the series or the
// game's record began) held a shak: a check given by a piece of `shak` (SAN letters; shatar:
// knight, rook and bers). The component that keeps it:
std::shared_ptr<const RuleComponent> make_shak_series(std::string shak);
// and the end rule that reads it, in place of checkmate-stalemate: a side without moves and
// not in check is stalemated (a draw); a mate given by `knight` pieces (SAN letter) alone is
// not allowed, and the side that gave it loses (Fairy-Stockfish scores it so; termination
// `knight_mate`); any other mate wins when the series of checks held a shak (`checkmate`) and
// is a draw otherwise (`niol`). Without make_shak_series() every mate is a niol.
std::shared_ptr<const EndRule> make_shatar_mate(char knight);

// Fairy-Stockfish's n-move rule with another number than FIDE's 50 (shatranj: 70): after
// `moves` moves of each side without a capture or a pawn move (the halfmove clock at 2 x
// `moves`) a draw may be claimed (termination `move_limit`).
std::shared_ptr<const EndRule> make_move_limit(int moves);

// Promotion in a zone of the last `zone` ranks (grand chess: 3): a pawn move ending there may
// promote to one of `choices` (SAN letters), and must on the last rank; a choice is offered only
// while the mover has fewer of that piece on the board than its limit (`limits`, by piece type;
// 0: no limit), so that in grand chess a pawn becomes only a piece that was captured. A pawn
// with no choice left cannot move to the last rank (Fairy-Stockfish's promotionRegion,
// mandatoryPawnPromotion = false, promotionLimit, immobilityIllegal).
std::shared_ptr<const RuleComponent> make_zone_promotion(int zone, std::string choices,
                                                         std::array<int, 32> limits);

// Shared by the rank and zone promotions' why_no_move(): the rank, counted from the side to
// move's first (0), that a pawn move `token` ("d6=M", "Pd6") goes to, or -1 when the token is
// no pawn move or names no rank on the board.
int pawn_token_rank(const Position& pos, const SanToken& token);

}  // namespace xpgn::rules
