// Maxim chess (Maxim and Daniil Frolov, 2014): a knight that steps, slides two or leaps three;
// two friendly pieces may share a square; portals. See docs/rules/maxim.md.
#include <algorithm>

#include "xpgn/rules/components.hpp"
#include "xpgn/rules/variant.hpp"
#include "xpgn/rules/variant_pieces.hpp"

namespace xpgn::rules {

Variant build_maxim(const std::vector<std::string>& options) {
  auto has = [&](const char* name) {
    return std::find(options.begin(), options.end(), name) != options.end();
  };
  Variant v;
  v.id = "maxim";
  v.name = "Maxim chess";
  v.description =
      "Knights step 1, 2 or leap 3 orthogonally; two friendly pieces may share a square; portals";
  v.files = 8;
  v.ranks = 8;
  // Knight: one step; two if the first square is empty; three (a leap) if the first square is
  // occupied ("knight-wide": or if only the second is).
  PieceDef maxim_knight = piece('N', "knight", has("knight-wide") ? "WnDoH" : "WnDjH");
  PieceDef maxim_pawn = pawn(0b10);
  maxim_pawn.stacked_betza = "sW";  // sharing a square: one step sideways, moving or capturing
  v.pieces = {king(), queen(), rook(), bishop(), maxim_knight, maxim_pawn};
  v.start_fen = "rnpqkpnr/bppppppb/8/8/8/8/BPPPPPPB/RNPQKPNR w - - 0 1";
  // Portals before last-rank removal, so that a pawn's teleport is reported before its removal
  // on the partner square (the order of the forced effects in JSON).
  // Dead positions: portals and stacks let material mate that FIDE's list calls dead (K+B v K),
  // so only what is proven for Maxim counts (bare kings; see dead_position.hpp).
  v.end_rules = {make_checkmate_stalemate(), make_dead_position(false), make_repetition_draw(),
                 make_move_count_rule()};
  // Portals before stacks: a teleport is decided before the pushes of a captured stack.
  v.components = {make_en_passant(), make_portals(has("portal-diagonal-fill")),
                  make_last_rank_removal(), make_stacks()};
  return v;
}

}  // namespace xpgn::rules
