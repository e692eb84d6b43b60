// Racing kings (variant `racing-kings`): perft against Fairy-Stockfish, no checks, the race to
// the 8th rank with Black's answering move, no castling. Rules: docs/rules/racing-kings.md.
#include <catch2/catch.hpp>

#include <string>

#include "test_support.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/outcome.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

const Variant& racing() {
  return test::variant("Racing Kings");
}

Position from_fen(const std::string& fen) {
  return test::from_fen(fen, racing());
}

}  // namespace

TEST_CASE("racing kings perft: positions and counts made by Fairy-Stockfish (ffish)",
          "[rules][racing][perft]") {
  CHECK(test::check_perft_file("racing-kings-ffish.txt", racing()) == 45);
}

TEST_CASE("racing kings: start position and names", "[rules][racing]") {
  CHECK(test::variant("racingkings").id == "racing-kings");
  const Position start = Position::start(racing());
  CHECK(start.fen() == "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1");
  CHECK(perft(start, 1) == 21);
}

TEST_CASE("racing kings: a move that gives check is illegal", "[rules][racing]") {
  const Position pos = from_fen("8/8/8/8/8/8/k7/6RK w - - 0 1");
  CHECK(test::refusal(pos, "Ra1") ==
        "rook to a1 is not allowed: it would give check, and no move may give check in "
        "racing-kings");
  CHECK(test::is_legal(pos, "Rb1"));
  CHECK_FALSE(test::is_legal(pos, "Rg2"));  // along the 2nd rank to a2
  // Moving into check stays illegal as usual.
  const Position king = from_fen("8/8/8/8/8/8/r7/k6K w - - 0 1");
  CHECK_FALSE(test::is_legal(king, "Kh2"));
  CHECK(test::refusal(pos, "O-O") == "racing-kings has no castling");
}

TEST_CASE("racing kings: the first king on the 8th rank wins", "[rules][racing]") {
  // Black arrives: Black wins at once.
  const Position black = test::play_san(from_fen("8/k7/8/8/8/8/6K1/8 b - - 0 1"), "Ka8");
  CHECK(judge(black, {}).termination == Termination::goal_reached);
  CHECK(judge(black, {}).result() == "0-1");
  CHECK(test::legal_sans(black).empty());
  // White arrives and Black cannot follow: White wins at once.
  const Position white = test::play_san(from_fen("8/6K1/k7/8/8/8/8/8 w - - 0 1"), "Kg8");
  CHECK(judge(white, {}).result() == "1-0");
  CHECK(test::legal_sans(white).empty());
}

TEST_CASE("racing kings: Black may answer White's arrival and draw", "[rules][racing]") {
  const Position pos = test::play_san(from_fen("8/k5K1/8/8/8/8/8/8 w - - 0 1"), "Kg8");
  CHECK(judge(pos, {}).termination == Termination::none);
  CHECK(test::legal_sans(pos).size() == 5);  // Ka8, Kb8 and three moves away
  const Position drawn = test::play_san(pos, "Kb8");
  CHECK(judge(drawn, {}).termination == Termination::goal_reached);
  CHECK(judge(drawn, {}).result() == "1/2-1/2");
  const Position missed = test::play_san(pos, "Kb6");
  CHECK(judge(missed, {}).result() == "1-0");
  CHECK(test::legal_sans(missed).empty());
}

TEST_CASE("racing kings: bare kings are no dead position", "[rules][racing]") {
  CHECK(judge(from_fen("8/8/8/8/8/8/8/k6K w - - 0 1"), {}).termination == Termination::none);
}
