// Antichess (lichess; Fairy-Stockfish "antichess"): captures are compulsory, the king is an
// ordinary piece (no check), pawns may promote to a king, and a side without pieces or without
// moves wins. No castling. See docs/rules/antichess.md.
#include "xpgn/rules/components.hpp"
#include "xpgn/rules/lichess_rules.hpp"
#include "xpgn/rules/variant.hpp"
#include "xpgn/rules/variant_pieces.hpp"

namespace xpgn::rules {

Variant build_antichess(const std::vector<std::string>& options) {
  (void)options;
  Variant v;
  v.id = "antichess";
  v.name = "Antichess";
  v.description = "Captures are compulsory, no check; lose all pieces (or be stalemated) to win";
  v.files = 8;
  v.ranks = 8;
  v.pieces = {piece('K', "king", "K"), queen(), rook(), bishop(), knight(), pawn(0b10)};
  v.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1";
  v.components = {make_en_passant(), make_promotion("QRBNK"), make_compulsory_capture(),
                  make_play_stops_at_end()};
  // No dead-position rule: none is proven for these rules.
  v.end_rules = {make_no_pieces(false), make_no_moves_wins(), make_repetition_draw(),
                 make_move_count_rule()};
  return v;
}

}  // namespace xpgn::rules
