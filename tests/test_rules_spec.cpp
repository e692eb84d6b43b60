// The variant spec and the compiled variant (issue 36, item 1): a VariantSpec is what a
// definition says, a Variant is compiled from it by its one constructor; check_spec() is the one
// place board size, piece count and letters are checked, for the catalog and the engine alike.
#include <catch2/catch.hpp>

#include <string>

#include "test_shell.hpp"
#include "test_support.hpp"
#include "xpgn/rules/component.hpp"
#include "xpgn/rules/variant.hpp"
#include "xpgn/rules/variant_pieces.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

// A small spec that compiles: kings and a rook on a 4x4 board.
VariantSpec small_spec() {
  VariantSpec spec;
  spec.id = "small";
  spec.name = "Small";
  spec.files = 4;
  spec.ranks = 4;
  spec.pieces = {king(), rook()};
  spec.start_fen = "k3/4/4/1R1K w - - 0 1";
  spec.end_rules = fide_end_rules();
  return spec;
}

// The message of the std::invalid_argument that compiling `spec` throws ("" if none).
std::string compile_error(const VariantSpec& spec) {
  try {
    const Variant v(spec);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("variant spec: compiled by one constructor, and back", "[rules][spec]") {
  const Variant v(small_spec());
  CHECK(v.id == "small");
  CHECK(v.piece_by_san_letter('R') == 1);
  CHECK(v.royal_types == 1u);
  REQUIRE(v.start_position != nullptr);
  CHECK(&v.start_position->variant() == &v);
  CHECK(v.start_position->fen() == "k3/4/4/1R1K w - - 0 1");
  // spec() gives the definition back: compiled again, the same variant.
  const VariantSpec back = v.spec();
  CHECK(back.pieces.size() == 2);
  CHECK(back.pieces[1].betza == "R");
  const Variant again(back);
  CHECK(again.serial != v.serial);
  CHECK(Position::start(again).fen() == Position::start(v).fen());
  CHECK(perft(Position::start(again), 2) == perft(Position::start(v), 2));
  // Every catalog variant compiles again from its spec to the same start and perft.
  for (const char* id : {"chess", "maxim", "shogi", "seirawan", "grand", "makruk"}) {
    INFO(id);
    const Variant& built = test::variant(id);
    const Variant copy(built.spec());
    CHECK(Position::start(copy).fen() == Position::start(built).fen());
    CHECK(perft(Position::start(copy), 2) == perft(Position::start(built), 2));
  }
}

TEST_CASE("variant spec: board size, piece count and letters checked in one place",
          "[rules][spec]") {
  CHECK_FALSE(check_spec(small_spec()).has_value());

  VariantSpec big = small_spec();
  big.files = 17;
  REQUIRE(check_spec(big).has_value());
  CHECK(check_spec(big)->message.find("board size out of range (17x4") != std::string::npos);
  CHECK(compile_error(big).find("variant small: board size out of range") == 0);

  VariantSpec none = small_spec();
  none.pieces.clear();
  CHECK(check_spec(none)->message == "a variant needs at least one piece");

  VariantSpec many = small_spec();
  for (int i = 0; i < 29; ++i) many.pieces.push_back(piece('A', "extra", "W"));
  CHECK(check_spec(many)->message.find("more than 30 piece types") == 0);

  VariantSpec lower = small_spec();
  lower.pieces[1].letter = 'r';
  CHECK(check_spec(lower)->piece == 1);
  CHECK(check_spec(lower)->field == "letter");
  CHECK(compile_error(lower) ==
        "variant small: bad letter for the rook: a SAN letter is one of A..Z");

  // A second rook letter: both SAN and FEN letter are taken; the FEN letter is found first.
  VariantSpec twice = small_spec();
  twice.pieces.push_back(piece('R', "marshal", "RN"));
  const auto fen_twice = check_spec(twice);
  REQUIRE(fen_twice.has_value());
  CHECK(fen_twice->piece == 2);
  CHECK(fen_twice->other == 1);
  CHECK(fen_twice->letter == "R");
  CHECK_FALSE(fen_twice->san_letter);
  CHECK(fen_twice->message == "FEN letter 'R' is already used by the rook");
  // Another FEN letter, the same SAN letter: refused as a SAN letter.
  twice.pieces[2].fen_letter = 'M';
  const auto san_twice = check_spec(twice);
  REQUIRE(san_twice.has_value());
  CHECK(san_twice->san_letter);
  CHECK(san_twice->field == "letter");
  CHECK(san_twice->message == "SAN letter 'R' is already used by the rook");
  // As an alias, likewise.
  twice.pieces[2].letter = 'M';
  twice.pieces[2].san_aliases = "R";
  CHECK(check_spec(twice)->field == "san_aliases");
  // A pawn's letter is never written in SAN: another piece may use it; a '+' FEN letter may
  // repeat a plain one.
  VariantSpec pawns = small_spec();
  pawns.pieces.push_back(pawn(0));
  pawns.pieces.push_back(piece('P', "paladin", "B"));
  pawns.pieces.back().fen_letter = 'L';
  PieceSpec tokin = piece('T', "tokin", "WfF");
  tokin.fen_letter = 'P';
  tokin.fen_plus = true;
  pawns.pieces.push_back(tokin);
  CHECK_FALSE(check_spec(pawns).has_value());
  const Variant compiled(pawns);
  CHECK(compiled.piece_by_plus_fen_letter('P') == 4);
  CHECK(compiled.piece_by_fen_letter('P') == 2);
  CHECK(compiled.piece_by_san_letter('P') == 3);
}

TEST_CASE("variant spec: a start position that cannot be set up is its own error",
          "[rules][spec]") {
  VariantSpec spec = small_spec();
  spec.start_fen = "k4/4/4/R2K w - - 0 1";  // five files on a 4-file board
  CHECK_THROWS_AS(Variant(spec), BadStartPosition);
}

TEST_CASE("variants --check writes a '+' FEN letter as it is written", "[rules][spec][cli]") {
  const std::string command = std::string("'") + XPGN_BINARY + "' variants --check '" +
                              XPGN_TEST_DATA + "/variants/minishogi-copy.json' 2>&1";
  const auto r = test::run_shell(command);
  INFO(r.out);
  CHECK(r.status == 0);
  CHECK(r.out.find("  T (FEN +P)  tokin  WfF\n") != std::string::npos);
  CHECK(r.out.find("  D (FEN +R)  dragon  RF\n") != std::string::npos);
  CHECK(r.out.find("(FEN P)") == std::string::npos);
  CHECK(r.out.find("minishogi-copy.json: valid") != std::string::npos);
}

TEST_CASE("spec: FEN aliases are read, never written, and unique among FEN letters",
          "[rules][spec]") {
  // An alias taken by another piece's FEN letter is refused at the alias.
  VariantSpec clash = small_spec();
  clash.pieces[1].fen_aliases = "K";
  const auto problem = check_spec(clash);
  REQUIRE(problem.has_value());
  CHECK(problem->field == "fen_aliases");
  CHECK(problem->piece == 1);
  CHECK(problem->other == 0);
  CHECK(problem->message == "FEN letter 'K' is already used by the king");
  // A lower-case alias is no letter.
  clash.pieces[1].fen_aliases = "x";
  CHECK(check_spec(clash)->field == "fen_aliases");
  // A free alias names the piece in FEN input; the FEN written keeps the piece's own letter.
  clash.pieces[1].fen_aliases = "T";
  REQUIRE_FALSE(check_spec(clash).has_value());
  const Variant v(clash);
  CHECK(v.piece_by_fen_letter('T') == v.piece_by_fen_letter('R'));
  CHECK(v.piece_by_san_letter('T') == no_piece_type);
}

// Fairy-Stockfish reads the xiangqi family's horse as H and its elephant as E in FEN, beside N
// and B (its pieceToCharSynonyms); xpgn reads them too and writes N and B, as Fairy-Stockfish.
// ffish 0.7.10 validates each aliased FEN below and writes it back as the plain one (new
// ffish.Board(variant, aliased).fen(), tried when this test was written).
TEST_CASE("xiangqi family: FEN reads H and E for the horse and the elephant",
          "[rules][spec][xiangqi]") {
  const struct {
    const char* id;
    const char* aliased;
    const char* plain;
  } cases[] = {
      {"xiangqi", "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1",
       "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"},
      {"janggi", "rhea1aehr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RHEA1AEHR w - - 0 1",
       "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1"},
      {"minixiangqi", "rchkhcr/p1ppp1p/7/7/7/P1PPP1P/RCHKHCR w - - 0 1",
       "rcnkncr/p1ppp1p/7/7/7/P1PPP1P/RCNKNCR w - - 0 1"},
      {"manchu", "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/9/9/M1BAKAB2 w - - 0 1",
       "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/9/9/M1BAKAB2 w - - 0 1"},
  };
  for (const auto& c : cases) {
    INFO(c.id);
    const Variant& v = test::variant(c.id);
    const Position aliased = test::from_fen(c.aliased, v);
    CHECK(aliased.fen() == c.plain);
    CHECK(aliased.fen() == test::from_fen(c.plain, v).fen());
  }
  // The letters stay the xiangqi family's: FIDE chess has no H.
  CHECK_FALSE(test::fen_error("rhbqkbhr/pppppppp/8/8/8/8/PPPPPPPP/RHBQKBHR w KQkq - 0 1",
                              test::variant("chess"))
                  .empty());
}

TEST_CASE("variant spec: each slot has one owner, recorded once", "[rules][spec]") {
  // The owners the compiled variant records from the components' declarations.
  const Variant& house = test::variant("crazyhouse");
  CHECK(house.hand_rule != nullptr);
  CHECK(house.hand_rule->hands_per_colour());
  REQUIRE(house.mark_rule != nullptr);
  CHECK(house.mark_rule->mark_name() == "promoted");
  CHECK(house.mark_rule->marks_in_board());
  CHECK(house.castling_rule != nullptr);
  CHECK(house.castling_field_rule == nullptr);
  CHECK(house.fen_fields.empty());
  const Variant& maxim = test::variant("maxim");
  CHECK(maxim.layer_rule != nullptr);
  REQUIRE(maxim.pair_rule != nullptr);
  CHECK(maxim.pair_rule->pair_name() == "portal");
  REQUIRE(maxim.fen_fields.size() == 1);
  CHECK(maxim.fen_fields[0]->fen_field() == "portals");
  CHECK(test::variant("seirawan").castling_field_rule != nullptr);
  CHECK(test::variant("three-check").counter_rule != nullptr);
  CHECK(test::variant("chess").mark_rule == nullptr);

  // Two rules giving the marks a meaning (crazyhouse's promoted pieces, reproduction's pregnant
  // queens) would read one flag two ways: refused, naming both.
  VariantSpec both = test::variant("reproduction").spec();
  both.id = "both";
  for (const auto& c : house.spec().components)
    if (c->name() == "pockets") both.components.push_back(c);
  CHECK(compile_error(both) ==
        "variant both: rules reproduction and pockets both claim the marks on squares");
  // The same rule twice: refused at the first slot it claims.
  VariantSpec fields = test::variant("reproduction").spec();
  fields.id = "fields";
  fields.components.push_back(fields.components.back());
  CHECK(compile_error(fields).find("variant fields: rules reproduction and reproduction both "
                                   "claim the marks") == 0);
}
