// The shogi family (issue 36): minishogi, shogi, Kyoto shogi and dobutsu, checked against
// Fairy-Stockfish (npm ffish 0.7.10) on the data of tests/reference/shogi_family.mjs: perft from
// the start and from positions of random play (tests/data/perft/shogi-family-ffish.txt), and random
// games with ffish's SAN, UCI and result (tests/data/history/shogi-family-ffish.txt), whole and
// corrupted. Rules: docs/rules/minishogi.md, shogi.md, kyotoshogi.md, dobutsu.md.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "reference_games.hpp"
#include "test_support.hpp"
#include "xpgn/rules/outcome.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

// The family's built-in definition `id` (lib/xpgn/catalog/variants/minishogi.json, shogi.json).
const Variant& shogi_variant(const std::string& id) {
  std::string error;
  const Variant* v = catalog::find_variant(id, "", error);
  INFO(error);
  REQUIRE(v != nullptr);
  return *v;
}

// ffish's UCI `uci` as xpgn writes it: a Kyoto shogi demotion without ffish's final '-' ("a1b2-"
// is "a1b2"; the SAN grammar reads no '-' there, docs/rules/kyotoshogi.md).
std::string xpgn_uci(std::string uci) {
  if (uci.size() > 1 && uci.back() == '-') uci.pop_back();
  return uci;
}

// Checks the perft lines of `variant` in the reference file: each FEN reads and writes back as
// ffish wrote it, and perft gives ffish's count. Returns the lines compared.
int check_perft(const std::string& variant) {
  return test::check_reference_perft("perft/shogi-family-ffish.txt", variant,
                                     shogi_variant(variant));
}

// Checks ffish's games of `variant` (tests/reference_games.hpp; at least 20 of them), with
// ffish's UCI as xpgn writes it (xpgn_uci()). A drop ffish writes ambiguously is read by its UCI
// and counted in `ambiguous` when given, else a failure. Returns the plies checked.
int check_games(const std::string& variant, const std::string& tag, int* ambiguous = nullptr) {
  const auto games =
      test::reference_games("history/shogi-family-ffish.txt", variant, /*with_fen=*/false);
  REQUIRE(games.size() >= 20);
  const test::ReferenceCounts c = test::check_reference_games(
      shogi_variant(variant), games,
      {.tag = tag, .our_uci = xpgn_uci, .ambiguous_by_uci = ambiguous != nullptr});
  if (ambiguous) *ambiguous = c.ambiguous;
  return c.plies;
}

}  // namespace

TEST_CASE("shogi family: FEN spells promoted pieces '+X'", "[rules][shogi]") {
  const Variant& v = shogi_variant("minishogi");
  const std::string fen = "1+S2k/1RG2/1Kg1p/P4/2S2[RBB] w - - 5 30";
  const Position pos = test::from_fen(fen, v);
  CHECK(pos.fen() == fen);
  CHECK(v.pieces[pos.at(parse_square("b5", v)).type()].name == "promoted silver");
  // A '+' before a piece that has no promoted form is refused, with the square named.
  notation::SyntaxError syntax;
  auto setup = notation::parse_fen("1+K2k/1RG2/1Kg1p/P4/2S2[] w - - 0 1", &syntax);
  REQUIRE(setup.has_value());
  std::string error;
  CHECK_FALSE(Position::from_setup(v, *setup, error).has_value());
  CHECK(error == "square b5: '+K' is not a piece of minishogi");
}

TEST_CASE("minishogi: drops, promotion and the pawn-drop mate", "[rules][shogi]") {
  const Variant& v = shogi_variant("minishogi");
  // A pawn drop that mates is refused; the same square with a gold is mate.
  const Position pos = test::from_fen("k4/2G2/1K3/5/5[GP] w - - 0 1", v);
  const Resolution pawn = test::resolve_text(pos, "P@a4");
  CHECK(pawn.error != MoveError::none);
  CHECK(pawn.message.find("a pawn may not be dropped to give mate") != std::string::npos);
  CHECK(test::resolve_text(pos, "G@a4#").error == MoveError::none);
  // No second pawn on a file, no pawn on the last rank.
  const Position pawns = test::from_fen("4k/5/5/P4/K4[P] w - - 0 1", v);
  CHECK_FALSE(test::resolve_text(pawns, "P@a3").error == MoveError::none);
  CHECK_FALSE(test::resolve_text(pawns, "P@b5").error == MoveError::none);
  CHECK(test::resolve_text(pawns, "P@b4").error == MoveError::none);
  // A silver entering the zone may promote or not; a pawn must.
  const Position zone = test::from_fen("k4/2S1P/5/5/4K[] w - - 0 1", v);
  CHECK(test::play_san(zone, "Sc5=G").fen() == "k1+S2/4P/5/5/4K[] b - - 1 1");
  CHECK(test::play_san(zone, "Sc5").fen() == "k1S2/4P/5/5/4K[] b - - 1 1");
  CHECK(test::play_san(zone, "Pe5=G").fen() == "k3+P/2S2/5/5/4K[] b - - 0 1");
  // A forced promotion written without it is read as one.
  const Resolution forced = test::resolve_text(zone, "Pe5");
  INFO(forced.message);
  CHECK(forced.move.promotion != no_piece_type);
}

TEST_CASE("minishogi: pawn letters, UCI promotions and long algebraic", "[rules][shogi][uci]") {
  const Variant& v = shogi_variant("minishogi");
  const Position pos = test::from_fen("k4/5/1P3/1B3/4K[] w - - 0 1", v);
  // The pawn's letter is its SAN alias: the usual reading takes "Pb4" (and "b4").
  SanToken pawn = *notation::parse_san("Pb4");
  CHECK(v.piece_by_san_letter('P') == v.pawn_type());
  CHECK(test::resolve_text(pos, "Pb4").error == MoveError::none);
  CHECK(test::resolve_text(pos, "b4").move == test::resolve_text(pos, "Pb4").move);
  pawn.pass_queen = {0, 0};  // not read by a move: the same move
  CHECK(resolve(pos, pawn).move == test::resolve_text(pos, "Pb4").move);
  // UCI: '+' after a move that may promote is the promotion ("b2e5+"), not a check mark;
  // without it, the move that does not promote. Where no promotion is possible '+' stays a
  // check mark.
  const Resolution up = test::resolve_text(pos, "b2e5+");
  INFO(up.message);
  REQUIRE(up.error == MoveError::none);
  CHECK(up.move.promotion != no_piece_type);
  CHECK(to_uci(pos, up.move) == "b2e5+");
  CHECK(to_san(pos, up.move) == "Be5=H");
  const Resolution plain = test::resolve_text(pos, "b2e5");
  REQUIRE(plain.error == MoveError::none);
  CHECK(plain.move.promotion == no_piece_type);
  CHECK(to_uci(pos, plain.move) == "b2e5");
  CHECK(to_san(pos, plain.move) == "Be5");
  // Long algebraic writes the pawn's letter, so that "b3-b4+" is never taken for UCI.
  const Resolution step = test::resolve_text(pos, "Pb4");
  CHECK(to_long_algebraic(pos, step.move) == "Pb3-b4");
  CHECK(to_long_algebraic(pos, up.move) == "Bb2-e5=H");
  CHECK(test::resolve_text(pos, "Bb2-e5=H").move == up.move);
  CHECK(test::resolve_text(pos, "Bb2-e5").move == plain.move);
}

TEST_CASE("minishogi perft: from the start and random play, as Fairy-Stockfish counts",
          "[rules][shogi][perft]") {
  CHECK(check_perft("minishogi") == 11);
}

TEST_CASE("minishogi games: Fairy-Stockfish's random games, whole and corrupted",
          "[rules][shogi]") {
  CHECK(check_games("minishogi", "minishogi") > 1000);
}

TEST_CASE("shogi: knights and lances must promote where they could not move again",
          "[rules][shogi]") {
  const Variant& v = shogi_variant("shogi");
  const Position pos = test::from_fen("8k/9/L8/9/2N6/9/9/9/4K4[N] w - - 0 1", v);
  // A lance on the last rank and a knight on the last two must promote.
  CHECK(test::play_san(pos, "La9=G").fen() == "+L7k/9/9/9/2N6/9/9/9/4K4[N] b - - 1 1");
  CHECK(test::resolve_text(pos, "La9").move.promotion != no_piece_type);
  CHECK(test::play_san(pos, "La8").fen() == "8k/L8/9/9/2N6/9/9/9/4K4[N] b - - 1 1");
  const Position knight = test::from_fen("8k/9/9/2N6/9/9/9/9/4K4[] w - - 0 1", v);
  CHECK(test::play_san(knight, "Nd8=G").fen() == "8k/3+N5/9/9/9/9/9/9/4K4[] b - - 1 1");
  CHECK(test::resolve_text(knight, "Nd8").move.promotion != no_piece_type);
  // Entering the zone elsewhere, both are legal; no knight drop on the last two ranks.
  CHECK(test::play_san(pos, "Nd7").fen() == "8k/9/L2N5/9/9/9/9/9/4K4[N] b - - 1 1");
  CHECK(test::play_san(pos, "Nd7=G").fen() == "8k/9/L2+N5/9/9/9/9/9/4K4[N] b - - 1 1");
  CHECK(test::resolve_text(pos, "N@e8").error != MoveError::none);
  CHECK(test::resolve_text(pos, "N@e7").error == MoveError::none);
}

TEST_CASE("shogi perft: from the start and random play, as Fairy-Stockfish counts",
          "[rules][shogi][perft]") {
  CHECK(check_perft("shogi") == 11);
}

TEST_CASE("shogi games: Fairy-Stockfish's random games, whole and corrupted", "[rules][shogi]") {
  CHECK(check_games("shogi", "shogi") > 1000);
}

TEST_CASE("kyotoshogi perft: from the start and random play, as Fairy-Stockfish counts",
          "[rules][shogi][perft]") {
  CHECK(check_perft("kyotoshogi") == 11);
}

TEST_CASE("kyotoshogi games: Fairy-Stockfish's random games, whole and corrupted",
          "[rules][shogi]") {
  int ambiguous = 0;
  CHECK(check_games("kyotoshogi", "kyotoshogi", &ambiguous) > 1000);
  // ffish's SAN names a drop as a gold without saying of which piece in hand in a few plies.
  CHECK(ambiguous > 0);
  CHECK(ambiguous < 20);
  WARN("Kyoto shogi: " << ambiguous << " of ffish's drops were ambiguous SAN");
}

TEST_CASE("dobutsu perft: from the start and random play, as Fairy-Stockfish counts",
          "[rules][shogi][perft]") {
  CHECK(check_perft("dobutsu") == 12);
}

TEST_CASE("dobutsu games: Fairy-Stockfish's random games, whole and corrupted", "[rules][shogi]") {
  CHECK(check_games("dobutsu", "dobutsu") > 200);
}

TEST_CASE("kyotoshogi and dobutsu: names as Fairy-Stockfish and pychess write them",
          "[rules][shogi][catalog]") {
  std::string error;
  for (const auto& [name, id] :
       std::vector<std::pair<const char*, const char*>>{{"kyotoshogi", "kyotoshogi"},
                                                        {"Kyoto shogi", "kyotoshogi"},
                                                        {"Kyoto Shogi", "kyotoshogi"},
                                                        {"dobutsu", "dobutsu"},
                                                        {"Dobutsu", "dobutsu"},
                                                        {"Dobutsu Shogi", "dobutsu"}}) {
    INFO(name);
    const Variant* v = catalog::find_variant(name, "", error);
    INFO(error);
    REQUIRE(v != nullptr);
    CHECK(v->id == id);
  }
}

TEST_CASE("kyotoshogi: every move flips the piece; drops as either side", "[rules][shogi]") {
  const Variant& v = shogi_variant("kyotoshogi");
  const Position start = Position::start(v);
  // A gold that was a lance becomes a lance again; a silver becomes a bishop.
  CHECK(test::play_san(start, "Gb2=L").fen() == "p+nks+l/5/5/1L3/1SK+NP[] b - - 1 1");
  const Position after = test::play_san(start, "Gb2=L");
  CHECK(v.pieces[after.at(parse_square("b2", v)).type()].name == "lance");
  const Resolution demote = test::resolve_text(start, "Gb2=L");
  CHECK(to_uci(start, demote.move) == "a1b2");  // ffish: "a1b2-"
  CHECK(test::resolve_text(start, "a1b2").move == demote.move);
  const Resolution up = test::resolve_text(start, "Sc2=B");
  CHECK(to_uci(start, up.move) == "b1c2+");
  CHECK(test::resolve_text(start, "b1c2+").move == up.move);
  // The flip is not optional: the silver cannot stay a silver.
  CHECK(test::resolve_text(start, "Sc2=S").error != MoveError::none);
  // With a lance and a knight in hand, "G@b5" could be either: refused, and written apart.
  const Position hand = test::from_fen("N4/1p3/1S3/2+s2/pkl1K[NL] w - - 1 99", v);
  const Resolution ambiguous = test::resolve_text(hand, "G@b5");
  CHECK(ambiguous.error == MoveError::ambiguous);
  CHECK(ambiguous.message.find("L@b5=G") != std::string::npos);
  CHECK(ambiguous.message.find("N@b5=G") != std::string::npos);
  const Resolution knight = test::resolve_text(hand, "N@b5=G");
  REQUIRE(knight.error == MoveError::none);
  CHECK(to_san(hand, knight.move) == "N@b5=G");
  CHECK(to_uci(hand, knight.move) == "+N@b5");
  // (The drop restarts the halfmove clock: ffish 0.7.10 writes this FEN after "+N@b5".)
  CHECK(test::play_san(hand, "N@b5=G").fen() == "N+N3/1p3/1S3/2+s2/pkl1K[L] b - - 0 99");
  CHECK(to_san(hand, test::resolve_text(hand, "N@b5").move) == "N@b5");
  // With only a lance in hand, "G@b5" is its drop as a gold.
  const Position lance = test::from_fen("N4/1p3/1S3/2+s2/pkl1K[L] w - - 1 99", v);
  const Resolution gold = test::resolve_text(lance, "G@b5");
  REQUIRE(gold.error == MoveError::none);
  CHECK(to_san(lance, gold.move) == "G@b5");
  CHECK(to_uci(lance, gold.move) == "+L@b5");
}

TEST_CASE("dobutsu: the lion's end rules give Fairy-Stockfish's verdicts", "[rules][shogi]") {
  const Variant& v = shogi_variant("dobutsu");
  int compared = 0;
  std::ifstream in(std::string(XPGN_TEST_DATA) + "/history/dobutsu-end-rules-ffish.txt");
  REQUIRE(in.good());
  for (std::string line; std::getline(in, line);) {
    const auto semi = line.find(';');
    REQUIRE(semi != std::string::npos);
    const std::string fen = line.substr(0, semi), result = line.substr(semi + 1);
    INFO(fen << " ffish: " << result);
    const Position pos = test::from_fen(fen, v);
    const Outcome out = judge(pos, {});
    if (result == "*") {
      CHECK(out.termination == Termination::none);
    } else {
      CHECK(out.result() == result);
      // The game is over: no move is legal.
      CHECK_FALSE(has_legal_move(pos));
    }
    ++compared;
  }
  CHECK(compared == 13);
  // A chick reaching the last rank must become a hen (UCI '+', as ffish writes it).
  const Position chick = test::from_fen("1l1/C2/3/1L1[] w - - 0 1", v);
  const Resolution hen = test::resolve_text(chick, "Ca4=H");
  REQUIRE(hen.error == MoveError::none);
  CHECK(to_uci(chick, hen.move) == "a3a4+");
  CHECK(test::resolve_text(chick, "Ca4").move == hen.move);
}

TEST_CASE("drops and the halfmove clock, as Fairy-Stockfish counts", "[rules][shogi]") {
  // tests/reference/drop_clock.mjs: drops of a pawn and of another piece played when the clock
  // stood above zero, with ffish's FEN after; the shogi family declares drop_resets_clock (and
  // crazyhouse's pockets restart the clock too).
  std::ifstream in(std::string(XPGN_TEST_DATA) + "/history/drop-clock-ffish.txt");
  REQUIRE(in.good());
  int compared = 0;
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> f;
    std::stringstream fields(line);
    for (std::string part; std::getline(fields, part, ';');) f.push_back(part);
    REQUIRE(f.size() == 4);
    INFO(line);
    const Position before = test::from_fen(f[1], shogi_variant(f[0]));
    REQUIRE(before.halfmove_clock() > 0);
    CHECK(test::play_san(before, f[2]).fen() == f[3]);
    ++compared;
  }
  CHECK(compared == 10);
  // A move on the board still counts on: the clock is the drop's own.
  const Position pos = test::from_fen("4k/5/5/5/K4[S] w - - 3 9", shogi_variant("minishogi"));
  CHECK(test::play_san(pos, "Ka2").fen() == "4k/5/5/K4/5[S] b - - 4 9");
  CHECK(test::play_san(pos, "S@c3").fen() == "4k/5/2S2/5/K4[] b - - 0 9");
}
