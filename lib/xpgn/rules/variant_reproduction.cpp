// Reproduction Chess (Piotr Smagacz) and its sub-variant where a pawn is born only on the
// square the queen left. See docs/rules/reproduction.md.
#include <algorithm>

#include "xpgn/rules/components.hpp"
#include "xpgn/rules/variant.hpp"
#include "xpgn/rules/variant_pieces.hpp"

namespace xpgn::rules {
namespace {

Variant reproduction_base(const std::vector<std::string>& options, bool vacated_only) {
  const bool barren = std::find(options.begin(), options.end(), "barren-capture") != options.end();
  Variant v;
  v.files = 8;
  v.ranks = 8;
  v.pieces = {king(),
              queen(),
              rook(),
              bishop(),
              knight(),
              pawn(0b10),
              piece('I', "prince", "mKcF")};  // steps anywhere, captures diagonally
  v.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
  v.components = {make_castling(), make_en_passant(), make_promotion("QRBN"),
                  make_reproduction(vacated_only, 'I', barren)};
  v.end_rules = fide_end_rules();
  return v;
}

}  // namespace

Variant build_reproduction(const std::vector<std::string>& options) {
  Variant v = reproduction_base(options, false);
  v.id = "reproduction";
  v.name = "Reproduction Chess";
  v.description =
      "FIDE chess where a pass makes a queen pregnant and she later gives birth to a pawn";
  return v;
}

Variant build_reproduction_vacated(const std::vector<std::string>& options) {
  Variant v = reproduction_base(options, true);
  v.id = "reproduction-vacated";
  v.name = "Reproduction Chess (vacated-square births)";
  v.description = "Reproduction Chess where a pawn is born only on the square the queen left";
  return v;
}

}  // namespace xpgn::rules
