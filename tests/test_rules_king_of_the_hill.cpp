// King of the hill (variant `king-of-the-hill`): perft against Fairy-Stockfish, the centre win,
// play stopping there, and no dead positions. Rules: docs/rules/king-of-the-hill.md.
#include <catch2/catch.hpp>

#include <string>

#include "test_support.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/outcome.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

const Variant& koth() {
  return test::variant("King of the Hill");
}

Position from_fen(const std::string& fen) {
  return test::from_fen(fen, koth());
}

}  // namespace

TEST_CASE("king of the hill perft: positions and counts made by Fairy-Stockfish (ffish)",
          "[rules][koth][perft]") {
  CHECK(test::check_perft_file("king-of-the-hill-ffish.txt", koth()) == 42);
}

TEST_CASE("king of the hill: names archives use", "[rules][koth]") {
  for (const char* name : {"King of the Hill", "kingofthehill", "KOTH", "king-of-the-hill"})
    CHECK(test::variant(name).id == "king-of-the-hill");
}

TEST_CASE("king of the hill: a king on d4, e4, d5 or e5 wins at once", "[rules][koth]") {
  const Position pos = from_fen("8/8/8/8/8/3K4/8/k7 w - - 0 1");
  for (const char* move : {"Kd4", "Ke4"}) {
    const Position after = test::play_san(pos, move);
    const Outcome o = judge(after, {});
    CHECK(o.termination == Termination::goal_reached);
    CHECK(o.result() == "1-0");
    // Play stops: Black has no legal move left.
    CHECK(test::legal_sans(after).empty());
    CHECK_FALSE(has_legal_move(after));  // (the search stops at once: forbids_every_move)
    MoveList pseudo;
    generate_pseudo_legal(after, pseudo);
    CHECK_FALSE(pseudo.empty());
    CHECK(test::refusal(after, "Kb1").find("the game is over (goal_reached)") != std::string::npos);
  }
  const Position black = from_fen("8/8/8/8/5k2/8/8/K7 b - - 0 1");
  const Position after = test::play_san(black, "Ke4");
  CHECK(judge(after, {}).result() == "0-1");
  CHECK(judge(test::play_san(black, "Kf5"), {}).termination == Termination::none);
}

TEST_CASE("king of the hill: bare kings are no dead position", "[rules][koth]") {
  const Position pos = from_fen("7k/8/8/8/8/8/8/K7 w - - 0 1");
  CHECK(judge(pos, {}).termination == Termination::none);
  CHECK(judge_without_search(pos, {}).termination == Termination::none);
}

TEST_CASE("king of the hill: a move after the king reached the centre is an error",
          "[rules][koth]") {
  auto games = test::replay(
      "[Variant \"King of the Hill\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/3K4/8/k7 w - - 0 "
      "1\"]\n[Result \"1-0\"]\n\n1. Ke4 Kb1 1-0\n");
  REQUIRE(games.size() == 1);
  INFO(test::dump(games[0]));
  CHECK_FALSE(games[0].valid());
  CHECK(test::dump(games[0]).find("move after the end of the game (goal_reached at ply 1)") !=
        std::string::npos);
  auto won = test::replay(
      "[Variant \"KOTH\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/3K4/8/k7 w - - 0 1\"]\n[Result "
      "\"1-0\"]\n\n1. Ke4 1-0\n");
  INFO(test::dump(won[0]));
  CHECK(won[0].valid());
  CHECK(won[0].outcome.termination == Termination::goal_reached);
}
