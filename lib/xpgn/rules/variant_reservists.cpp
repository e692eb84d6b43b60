// Reservists' doublechess (Andrew L Smith): 8 files x 10 ranks, two rows of pieces a side,
// reserve pawns for captured major pieces, no move may fill a file. See
// docs/rules/reservists.md; the setup is our reconstruction (the inventor's diagram is lost).
#include "xpgn/rules/components.hpp"
#include "xpgn/rules/variant.hpp"
#include "xpgn/rules/variant_pieces.hpp"

namespace xpgn::rules {

Variant build_reservists(const std::vector<std::string>& options) {
  (void)options;
  Variant v;
  v.id = "reservists";
  v.name = "Reservists' doublechess";
  v.description =
      "8x10 board, cannon, commoner, nightrider, paladin, marshall; captured majors return as "
      "pawns; no file may be filled";
  v.files = 8;
  v.ranks = 10;
  PieceDef paladin = piece('P', "paladin", "NB");
  paladin.fen_letter = 'L';
  paladin.san_aliases = "L";
  v.pieces = {king(),
              queen(),
              rook(),
              bishop(),
              knight(),
              pawn(0b111),  // double steps from the owner's ranks 1-3
              piece('A', "cannon", "mRcpR"),
              piece('C', "commoner", "K"),
              piece('I', "nightrider", "NN"),
              paladin,
              piece('M', "marshall", "NR")};
  v.start_fen = "rikmqlir/nabccban/pppppppp/8/8/8/8/PPPPPPPP/NABCCBAN/RILQMKIR w - - 0 1";
  v.components = {make_en_passant(), make_promotion("QMPRIBNAC"), make_reserve_pawns("RILMQ"),
                  make_full_file_ban()};
  v.end_rules = fide_end_rules();
  return v;
}

}  // namespace xpgn::rules
