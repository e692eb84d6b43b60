// Racing kings (lichess, Fairy-Stockfish "racingkings"): no checks, the first king on the 8th
// rank wins; Black may answer White's arrival by arriving too (a draw). No castling, no pawns.
// See docs/rules/racing-kings.md.
#include "xpgn/rules/components.hpp"
#include "xpgn/rules/lichess_rules.hpp"
#include "xpgn/rules/variant.hpp"
#include "xpgn/rules/variant_pieces.hpp"

namespace xpgn::rules {

Variant build_racing_kings(const std::vector<std::string>& options) {
  (void)options;
  Variant v;
  v.id = "racing-kings";
  v.name = "Racing kings";
  v.description = "No checks; the first king on the 8th rank wins (Black may draw by following)";
  v.files = 8;
  v.ranks = 8;
  v.pieces = {king(), queen(), rook(), bishop(), knight(), pawn(0b10)};
  v.start_fen = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1";
  v.components = {make_en_passant(), make_promotion("QRBN"), make_no_checks(),
                  make_play_stops_at_end()};
  // No dead-position rule: bare kings still race.
  v.end_rules = {make_race_to_last_rank(), make_checkmate_stalemate(), make_repetition_draw(),
                 make_move_count_rule()};
  return v;
}

}  // namespace xpgn::rules
