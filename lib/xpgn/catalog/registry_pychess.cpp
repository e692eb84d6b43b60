// Registry entries of the pychess family (registry_pychess.hpp).
#include "xpgn/catalog/registry_pychess.hpp"

#include "xpgn/rules/components_makruk.hpp"
#include "xpgn/rules/components_placement.hpp"

namespace xpgn::catalog::detail {
namespace {

// The type of the piece of `v` whose SAN letter is `letter`, or no_piece_type.
PieceType type_of_letter(const rules::VariantSpec& v, char letter) {
  for (std::size_t t = 0; t < v.pieces.size(); ++t)
    if (v.pieces[t].letter == letter) return static_cast<PieceType>(t);
  return no_piece_type;
}

}  // namespace

void add_pychess_components(std::vector<ComponentSpec>& out) {
  out.push_back({"sittuyin-setup",
                 "the pieces in hand are placed on the first three ranks (rooks on the first) "
                 "before any other move (sittuyin)",
                 [](Params&, rules::VariantSpec& v) {
                   v.components.push_back(rules::make_sittuyin_setup());
                 }});
  out.push_back(
      {"setup-drops",
       "the pieces in hand are placed on the first `ranks` ranks (`first_rank_only`: SAN letters "
       "placed on the first rank only) before any other move; `opposite_colours`: the SAN letter "
       "of pieces that must end on both square colours; `castling_king_file`: a king placed "
       "there, or a rook on an edge file beside it, gives castling rights (placement)",
       [](Params& p, rules::VariantSpec& v) {
         rules::SetupDropRules r;
         r.ranks = p.integer("ranks", 1, 1, v.ranks / 2);
         r.first_rank_only = p.san_letters("first_rank_only", "");
         const std::string bound = p.san_letters("opposite_colours", "");
         if (bound.size() > 1)
           throw ParamError{"opposite_colours", "expected one SAN letter, found \"" + bound + "\""};
         r.opposite_colours = bound.empty() ? 0 : bound[0];
         const nlohmann::ordered_json& king = p.raw("castling_king_file");
         if (!king.is_null()) r.castling_king_file = p.file(king, "castling_king_file");
         v.components.push_back(rules::make_setup_drops(std::move(r)));
       }});
  out.push_back({"sittuyin-promotion",
                 "a pawn on the promotion diagonals may become the `met` (SAN letter) in place "
                 "or one diagonal step away, while its side has none (sittuyin)",
                 [](Params& p, rules::VariantSpec& v) {
                   const std::string met = p.san_letters("met", "F");
                   if (met.size() != 1)
                     throw ParamError{"met", "expected one SAN letter, found \"" + met + "\""};
                   v.components.push_back(rules::make_sittuyin_promotion(met[0]));
                 }});
  out.push_back({"cambodian-moves",
                 "an unmoved king may leap a knight's move onto the next rank, an unmoved `met` "
                 "(SAN letter) two squares forward; an enemy `rook` on the king's line ends its "
                 "right (cambodian)",
                 [](Params& p, rules::VariantSpec& v) {
                   const std::string met = p.san_letters("met", "M");
                   const std::string rook = p.san_letters("rook", "R");
                   if (met.size() != 1)
                     throw ParamError{"met", "expected one SAN letter, found \"" + met + "\""};
                   if (rook.size() != 1)
                     throw ParamError{"rook", "expected one SAN letter, found \"" + rook + "\""};
                   v.components.push_back(rules::make_cambodian_moves(met[0], rook[0]));
                 }});
  out.push_back(
      {"rank-promotion",
       "a pawn reaching its `rank` (1 = its own first rank) or beyond must become one "
       "of the choices (SAN letters): makruk's met on the sixth",
       [](Params& p, rules::VariantSpec& v) {
         if (p.raw("rank").is_null())
           throw ParamError{"rank", "required: a rank from 2 to " + std::to_string(v.ranks)};
         const int rank = p.integer("rank", 2, 2, v.ranks);
         v.components.push_back(rules::make_rank_promotion(rank - 1, p.san_letters("choices")));
       }});
  out.push_back(
      {"counting",
       "Fairy-Stockfish's count of the end (`rule`: \"makruk\", \"cambodian\" or \"asean\"), "
       "with the SAN letters of the rook, khon and knight it names (`pieces`, default \"RSN\")",
       [](Params& p, rules::VariantSpec& v) {
         const std::string rule = p.choice("rule", {"makruk", "cambodian", "asean"}, "makruk");
         const std::string letters = p.san_letters("pieces", "RSN");
         if (letters.size() != 3)
           throw ParamError{"pieces", "expected three SAN letters (rook, khon, knight), found \"" +
                                          letters + "\""};
         rules::CountingPieces pieces;
         for (std::size_t t = 0; t < v.pieces.size(); ++t)
           if (v.pieces[t].pawn) pieces.pawn = static_cast<PieceType>(t);
         pieces.rook = type_of_letter(v, letters[0]);
         pieces.khon = type_of_letter(v, letters[1]);
         pieces.knight = type_of_letter(v, letters[2]);
         v.components.push_back(rules::make_counting(rule == "makruk" ? rules::CountingRule::makruk
                                                     : rule == "cambodian"
                                                         ? rules::CountingRule::cambodian
                                                         : rules::CountingRule::asean,
                                                     pieces));
       }});
}

void add_pychess_end_rules(std::vector<ComponentSpec>& out) {
  out.push_back(
      {"mate-with-hand",
       "mate loses, stalemate draws; a FEN needs one king a side, on the board or in hand",
       [](Params&, rules::VariantSpec& v) {
         v.end_rules.push_back(rules::make_mate_with_hand());
       }});
  out.push_back({"sittuyin-stalemate",
                 "a king and one pawn whose every legal move is a promotion draw (sittuyin)",
                 [](Params&, rules::VariantSpec& v) {
                   v.end_rules.push_back(rules::make_sittuyin_stalemate());
                 }});
  out.push_back(
      {"counting-draw",
       "a draw once the count of the `counting` component passes its limit, unless "
       "the side to move is mated",
       [](Params&, rules::VariantSpec& v) { v.end_rules.push_back(rules::make_counting_draw()); }});
  out.push_back({"n-move-draw",
                 "a draw after `moves` moves of each side without a capture or a pawn move, "
                 "unless mated (Fairy-Stockfish's nMoveRule as pychess applies it); with "
                 "`extended_by_checks`, put off by twice the checks beyond ten that one side "
                 "gave since the last capture, once 20 plies have been played (xiangqi)",
                 [](Params& p, rules::VariantSpec& v) {
                   if (p.raw("moves").is_null()) throw ParamError{"moves", "required: 1 to 1000"};
                   const int moves = p.integer("moves", 50, 1, 1000);
                   v.end_rules.push_back(
                       rules::make_n_move_draw(moves, p.flag("extended_by_checks", false)));
                 }});
  out.push_back({"ffish-material",
                 "ffish's insufficient material: a draw when neither side keeps a piece of "
                 "`mating` (SAN letters; a pawn too with `pawn_mates`) nor enough others, "
                 "`colour_bound` (SAN letters) pieces counting apart",
                 [](Params& p, rules::VariantSpec& v) {
                   const std::string mating = p.san_letters("mating");
                   const std::string bound = p.san_letters("colour_bound", "");
                   v.end_rules.push_back(
                       rules::make_ffish_material(mating, bound, p.flag("pawn_mates", false)));
                 }});
}

}  // namespace xpgn::catalog::detail
