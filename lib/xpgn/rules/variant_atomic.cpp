// Atomic chess (lichess; Fairy-Stockfish "atomic"): every capture explodes, taking the capturer
// and the pieces around (pawns excepted) with it; blowing up the enemy king wins. See
// docs/rules/atomic.md.
#include "xpgn/rules/components.hpp"
#include "xpgn/rules/lichess_rules.hpp"
#include "xpgn/rules/variant.hpp"
#include "xpgn/rules/variant_pieces.hpp"

namespace xpgn::rules {

Variant build_atomic(const std::vector<std::string>& options) {
  (void)options;
  Variant v;
  v.id = "atomic";
  v.name = "Atomic chess";
  v.description = "Captures explode the capturer and the pieces around; blow up the king to win";
  v.files = 8;
  v.ranks = 8;
  v.pieces = {king(), queen(), rook(), bishop(), knight(), pawn(0b10)};
  v.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  v.components = {make_castling(), make_en_passant(), make_promotion("QRBN"), make_explosions(),
                  make_play_stops_at_end()};
  // No dead-position rule: none is proven for these rules.
  v.end_rules = {make_royal_lost(), make_checkmate_stalemate(), make_repetition_draw(),
                 make_move_count_rule()};
  return v;
}

}  // namespace xpgn::rules
