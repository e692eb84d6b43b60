// Capablanca chess (Fairy-Stockfish "capablanca"): 10x8, archbishop (BN) and chancellor (RN);
// castling takes the king three files to the c- or i-file. See docs/rules/capablanca.md.
#include "xpgn/rules/components.hpp"
#include "xpgn/rules/variant.hpp"
#include "xpgn/rules/variant_pieces.hpp"

namespace xpgn::rules {

Variant build_capablanca(const std::vector<std::string>& options) {
  (void)options;
  Variant v;
  v.id = "capablanca";
  v.name = "Capablanca chess";
  v.description = "10x8 chess with archbishop (A, bishop+knight) and chancellor (C, rook+knight)";
  v.files = 10;
  v.ranks = 8;
  v.pieces = {king(),
              queen(),
              rook(),
              bishop(),
              knight(),
              pawn(0b10),
              piece('A', "archbishop", "BN"),
              piece('C', "chancellor", "RN")};
  v.start_fen = "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1";
  // King side: king to the i-file, rook to h; queen side: king to c, rook to d.
  v.components = {make_castling({8, 2}, {7, 3}), make_en_passant(), make_promotion("QRBNAC")};
  v.end_rules = fide_end_rules();
  return v;
}

}  // namespace xpgn::rules
