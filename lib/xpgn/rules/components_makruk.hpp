// Rules of the makruk family (issue 39): makruk, cambodian (ouk chaktrang), asean and sittuyin.
// Promotion on a rank other than the last, and the counting rules of the end (the board's
// honour and the pieces' honour) as Fairy-Stockfish applies them.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include "xpgn/rules/component.hpp"
#include "xpgn/rules/end_rule.hpp"

namespace xpgn::rules {

// A pawn move ending on its owner's rank `rank` (0-based, from its own side) or beyond must
// promote to one of `choices` (SAN letters): makruk's pawn becomes a met on its sixth rank.
std::shared_ptr<const RuleComponent> make_rank_promotion(int rank, std::string choices);

// Fairy-Stockfish's three counting rules (its countingRule).
enum class CountingRule : std::uint8_t { makruk, cambodian, asean };

// The piece types the counting rules name (no_piece_type where the variant has none).
struct CountingPieces {
  PieceType pawn = no_piece_type, rook = no_piece_type, khon = no_piece_type,
            knight = no_piece_type;
};

// Keeps Fairy-Stockfish's count of the end in the position's counters (outside the position
// key, as Fairy-Stockfish keeps it): once no pawn is left (asean: once a side is bare), the
// weaker side counts moves up to a limit set by the board's honour or, when it has only its
// king, by the pieces' honour of what the other side holds (makruk: two rooks 8 moves, a rook
// 16, two khons 22, two knights 32, a khon 44, else 64). Counted in plies, as Fairy-Stockfish
// does; the count is neither read from nor written to FEN (Fairy-Stockfish writes it in the
// en-passant and halfmove fields: not supported).
std::shared_ptr<const RuleComponent> make_counting(CountingRule rule, CountingPieces pieces);

// The end rule of make_counting(): a draw once the count passes its limit, unless the side to
// move is mated (termination `counting`, decided). Says nothing in a variant without the
// counting component.
std::shared_ptr<const EndRule> make_counting_draw();

// Fairy-Stockfish's n-move rule as pychess ends games by it: after `moves` moves of each side
// without a capture or a pawn move (the halfmove clock at 2 x `moves`) the game is drawn,
// unless the side to move is mated (termination `n_move_rule`, decided; asean and sittuyin:
// 50). With `extended_by_checks` (xiangqi, Fairy-Stockfish's count where chasingRule = axf):
// once 20 plies have been played since the game's start, the checks in the positions since the
// last capture put the draw off by 2 x (c - 10) plies, c being the larger count of one side's
// positions in check (History::plies; without them, or before 20 plies, the plain count).
std::shared_ptr<const EndRule> make_n_move_draw(int moves, bool extended_by_checks = false);

// ffish's test of insufficient material (its has_insufficient_material, which pychess and
// ffish's isGameOver() apply before mate), for variants without hands whose kings may go
// anywhere: a side can still win while it has a piece of `mating` (SAN letters), or a pawn when
// `pawn_mates` (it promotes to such a piece); pieces of `colour_bound` (SAN letters) need
// colour-bound pieces on both square colours or another unbound piece on the board; any other
// piece needs a second piece besides the kings. Both sides unable to win: a draw (termination
// `insufficient_material`, decided).
std::shared_ptr<const EndRule> make_ffish_material(std::string mating, std::string colour_bound,
                                                   bool pawn_mates);

// Sittuyin's setup phase (Fairy-Stockfish's mustDrop, drop regions, sittuyinRookDrop): the
// pieces in hand ("[KFRRSSNN...]" in FEN, the king too) are placed on their side's first three
// ranks, rooks on the first; while a side holds pieces and a placement is legal for it, no other
// move is. Captured pieces do not go to the hand.
std::shared_ptr<const RuleComponent> make_sittuyin_setup();

// Sittuyin's promotion (Fairy-Stockfish's sittuyinPromotion, promotionLimit met:1): a pawn on
// its side's promotion diagonals (a8-d5 and e5-h8 for White; any pawn when it is the last)
// may become a met (SAN letter `met`) in place ("b7=F") or one diagonal step away on an empty
// square ("d5c6=F"), while its side has no met; the met may attack no enemy piece and the
// promotion may not give check. Other pawn moves never promote.
std::shared_ptr<const RuleComponent> make_sittuyin_promotion(char met);

// Cambodian's first-move leaps (Fairy-Stockfish's cambodianMoves with gating): a king that has
// not moved may leap, when not in check and not to a capture, a knight's move onto the next
// rank forward; a met (SAN letter `met`) that has not moved may leap two squares straight
// forward to an empty square. The rights are written in the FEN's castling field as the files
// of the pieces that keep them ("DEde"); a king loses its right when an enemy rook (SAN letter
// `rook`) comes to stand on its file or rank. The rights are not part of the position key.
std::shared_ptr<const RuleComponent> make_cambodian_moves(char met, char rook);

// Mate loses, stalemate draws, like checkmate-stalemate, but a FEN may hold a king in hand
// instead of on the board (exactly one a side on the board and in hand).
std::shared_ptr<const EndRule> make_mate_with_hand();

// Sittuyin's stalemate by promotion (Fairy-Stockfish, rule 3.9 c.7): the side to move, not in
// check, with only its king and one pawn, whose every legal move is a promotion, draws
// (termination `sittuyin_stalemate`).
std::shared_ptr<const EndRule> make_sittuyin_stalemate();

}  // namespace xpgn::rules
