// King of the hill (lichess, Fairy-Stockfish "kingofthehill"): chess, and a king that reaches
// one of the four centre squares wins. See docs/rules/king-of-the-hill.md.
#include "xpgn/rules/components.hpp"
#include "xpgn/rules/lichess_rules.hpp"
#include "xpgn/rules/variant.hpp"
#include "xpgn/rules/variant_pieces.hpp"

namespace xpgn::rules {

Variant build_king_of_the_hill(const std::vector<std::string>& options) {
  (void)options;
  Variant v;
  v.id = "king-of-the-hill";
  v.name = "King of the hill";
  v.description = "Chess, and a king that reaches d4, e4, d5 or e5 wins";
  v.files = 8;
  v.ranks = 8;
  v.pieces = {king(), queen(), rook(), bishop(), knight(), pawn(0b10)};
  v.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  v.components = {make_castling(), make_en_passant(), make_promotion("QRBN"),
                  make_play_stops_at_end()};
  // No dead-position rule: bare kings still race to the centre.
  v.end_rules = {make_king_on_squares("d4 e4 d5 e5"), make_checkmate_stalemate(),
                 make_repetition_draw(), make_move_count_rule()};
  return v;
}

}  // namespace xpgn::rules
