// Reenterent Chess (Edward Lovett, 2001): 5x8 board plus a re-entry square where captured pieces
// wait to come back; a bold castling; bishops that switch colour through catacombs on c4/c5.
// See docs/rules/reenterent.md.
#include "xpgn/rules/components.hpp"
#include "xpgn/rules/variant.hpp"
#include "xpgn/rules/variant_pieces.hpp"

namespace xpgn::rules {

Variant build_reenterent(const std::vector<std::string>& options) {
  (void)options;
  Variant v;
  v.id = "reenterent";
  v.name = "Reenterent Chess";
  v.description =
      "5x8 board; captured pieces go to a re-entry square and may come back; catacombs c4/c5";
  v.files = 5;
  v.ranks = 8;
  v.pieces = {king(), queen(), rook(), bishop(), knight(), pawn(0b10)};
  v.start_fen = "kqbnr/ppppp/5/5/5/5/PPPPP/KQBNR[] w Kk - 0 1";
  v.end_rules = fide_end_rules(false);  // the catacombs let a bishop change colour
  // King a1 -> c1 and rook e1 -> b1 (the rook stands on the king's higher-file side).
  v.components = {
      make_castling({2, 2}, {1, 1}), make_en_passant(), make_promotion("QRBN"),
      // Initial squares and first-move squares of each piece type (White's side).
      make_reentry({{'Q', "b1"}, {'B', "c1"}, {'R', "e1"}, {'N', "d1,c3,e3"}, {'P', "a2-e4"}},
                   true),
      make_catacombs('B', make_square(2, 3), make_square(2, 4))};
  return v;
}

}  // namespace xpgn::rules
