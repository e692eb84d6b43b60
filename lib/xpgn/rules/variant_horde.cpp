// Horde (lichess, Fairy-Stockfish "horde"): 36 white pawns and no white king against a normal
// black army; White loses when it has no piece left, Black by mate. See docs/rules/horde.md.
#include "xpgn/rules/components.hpp"
#include "xpgn/rules/lichess_rules.hpp"
#include "xpgn/rules/variant.hpp"
#include "xpgn/rules/variant_pieces.hpp"

namespace xpgn::rules {

Variant build_horde(const std::vector<std::string>& options) {
  (void)options;
  Variant v;
  v.id = "horde";
  v.name = "Horde";
  v.description = "36 white pawns without a king against an army; White loses without pieces";
  v.files = 8;
  v.ranks = 8;
  // Double steps from the first rank too (only White's pawns can stand there).
  v.pieces = {king(), queen(), rook(), bishop(), knight(), pawn(0b11)};
  v.start_fen = "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1";
  v.components = {make_castling(), make_en_passant(), make_no_en_passant_from_rank(0),
                  make_promotion("QRBN"), make_play_stops_at_end()};
  // No dead-position rule (FIDE's list assumes a king a side).
  v.end_rules = {make_no_pieces(true), make_checkmate_stalemate_with_kings({0, 1}),
                 make_repetition_draw(), make_move_count_rule()};
  return v;
}

}  // namespace xpgn::rules
