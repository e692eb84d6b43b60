// Battle of the Kings: only pawns at the start; every piece that leaves a square leaves the next
// piece of the chain P-N-B-R-Q-K behind. No draws. See docs/rules/battle-of-the-kings.md.
#include "xpgn/rules/components.hpp"
#include "xpgn/rules/variant.hpp"
#include "xpgn/rules/variant_pieces.hpp"

namespace xpgn::rules {

Variant build_battle_of_the_kings(const std::vector<std::string>& options) {
  (void)options;
  Variant v;
  v.id = "battle-of-the-kings";
  v.name = "Battle of the Kings";
  v.description =
      "Pawns only at the start; a moving piece leaves the next of P-N-B-R-Q-K behind; no draws";
  v.files = 8;
  v.ranks = 8;
  v.pieces = {king(), queen(), rook(), bishop(), knight(), pawn(0b10)};
  v.start_fen = "8/pppppppp/8/8/8/8/PPPPPPPP/8 w - - 0 1";
  v.components = {make_en_passant(), make_promotion("NBRQ"), make_chain_births("PNBRQK")};
  v.end_rules = {make_no_moves_loses(), make_repetition_loses(), make_no_draws()};
  return v;
}

}  // namespace xpgn::rules
