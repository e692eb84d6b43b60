// Rule components and end rules of the lichess / Fairy-Stockfish variants (king of the hill,
// racing kings, horde, antichess, atomic). Each is a small piece of rules with parameters; the
// catalog registers them by name (lib/xpgn/catalog/registry.cpp) and the variants' JSON
// definitions list them. Rules as Fairy-Stockfish plays them (docs/rules/).
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "xpgn/rules/component.hpp"
#include "xpgn/rules/end_rule.hpp"

namespace xpgn::rules {

// ---- End rules ------------------------------------------------------------------------------

// A king (royal piece) that reaches one of `squares` wins at once (king of the hill: d4, e4, d5,
// e5). Termination goal_reached.
std::shared_ptr<const EndRule> make_king_on_squares(std::vector<Square> squares);

// Racing kings: a king that reaches the last rank (White's 8th rank, for both colours) wins;
// when White's king gets there first, Black has one more move and draws by reaching the rank
// too (if no such move is legal, White has won at once). Termination goal_reached.
std::shared_ptr<const EndRule> make_race_to_last_rank();

// A side without any piece on the board: it loses (`loses`, horde) or wins (antichess).
// Termination pieces_gone.
std::shared_ptr<const EndRule> make_no_pieces(bool loses);

// The side to move without a legal move wins, in check or not (antichess). Termination
// stalemate with the stalemated side as winner.
std::shared_ptr<const EndRule> make_no_moves_wins();

// A side whose royal piece has gone (blown up, atomic) has lost. Termination king_exploded.
std::shared_ptr<const EndRule> make_royal_lost();

// Mate loses, stalemate draws, as make_checkmate_stalemate(), with `kings` royal pieces
// required of White and Black in a FEN (horde: {0, 1}).
std::shared_ptr<const EndRule> make_checkmate_stalemate_with_kings(std::array<int, 2> kings);

// ---- Rule components ------------------------------------------------------------------------

// Play stops at the variant ends that are immediate (the end rules whose stops_play() is true,
// e.g. a king on the hill): in a position one of them decides, no move is legal, as in
// Fairy-Stockfish.
std::shared_ptr<const RuleComponent> make_play_stops_at_end();

// No move may give check (racing kings).
std::shared_ptr<const RuleComponent> make_no_checks();

// Captures are compulsory: while the side to move can capture, a move that does not is illegal
// (antichess; meant for variants without royal pieces, where pseudo-legal captures are legal).
std::shared_ptr<const RuleComponent> make_compulsory_capture();

// A pawn double step that starts on the mover's relative rank `rank` (0 = first rank) gives the
// opponent no en passant capture (horde: a white pawn's step from the first rank). List it
// after make_en_passant().
std::shared_ptr<const RuleComponent> make_no_en_passant_from_rank(int rank);

// Atomic explosions: a capture removes the capturing piece (after promotion), the captured piece
// and every piece on the 8 squares around the capture square (the destination, also for en
// passant) but those whose FEN letter is in `spared` (empty: the pawns are spared); effects
// `exploded`. A move that blows up the mover's own king is illegal (so
// a king never captures); kings that touch are not in check; a side whose king is gone is
// "threatened" (royal_verdict), the other side safe. List it after castling, en passant and
// promotion.
std::shared_ptr<const RuleComponent> make_explosions(std::string spared);

}  // namespace xpgn::rules
