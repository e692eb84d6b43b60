// FIDE chess: the baseline variant.
#include "xpgn/rules/components.hpp"
#include "xpgn/rules/variant.hpp"
#include "xpgn/rules/variant_pieces.hpp"

namespace xpgn::rules {

Variant build_chess(const std::vector<std::string>& options) {
  (void)options;
  Variant v;
  v.id = "chess";
  v.name = "FIDE chess";
  v.description = "Standard chess under the FIDE Laws (Chess960 start positions via FEN)";
  v.files = 8;
  v.ranks = 8;
  v.pieces = {king(), queen(), rook(), bishop(), knight(), pawn(0b10)};
  v.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  v.components = {make_castling(), make_en_passant(), make_promotion("QRBN")};
  v.end_rules = fide_end_rules();
  return v;
}

}  // namespace xpgn::rules
