// Xiangqi's chasing rule (issue 39): at the third occurrence of a position, the side that gave
// check throughout the cycle loses, else the side that chased a piece throughout loses, else it
// is a draw (end rule `chasing-repetition`, Fairy-Stockfish's chasingRule = axf). Checked
// against Fairy-Stockfish on the games of tests/data/history/xiangqi-chasing-ffish.txt (made by
// tests/reference/xiangqi_chasing_games.mjs), and by hand.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "reference_games.hpp"
#include "test_support.hpp"
#include "xpgn/rules/end_rule.hpp"
#include "xpgn/rules/outcome.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

// The outcome xpgn gives the game `moves` from `fen` (replayed with result "*").
Outcome outcome_of(const std::string& fen, const std::vector<std::string>& moves) {
  const auto replayed = test::replay(test::pgn_of_moves("xiangqi", fen, moves, "*"));
  REQUIRE(replayed.size() == 1);
  return replayed[0].outcome;
}

}  // namespace

TEST_CASE("chasing: xiangqi's repetition verdicts agree with Fairy-Stockfish", "[chasing]") {
  const auto games = test::fen_games("history/xiangqi-chasing-ffish.txt");
  REQUIRE(games.size() >= 50);
  int chases = 0, checks = 0, draws = 0;
  for (const test::ReferenceGame& ref : games) {
    INFO(ref.fen << " | " << ref.sans.size() << " plies | " << ref.result);
    const auto replayed =
        test::replay(test::pgn_of_moves("xiangqi", ref.fen, ref.sans, ref.result));
    REQUIRE(replayed.size() == 1);
    const record::Game& g = replayed[0];
    INFO(test::dump(g));
    CHECK(g.diagnostics.empty());
    CHECK(g.outcome.result() == ref.result);
    const std::string name(termination_name(g.outcome.termination));
    if (ref.result == "1/2-1/2") {
      CHECK(name == "threefold_repetition");
      ++draws;
    } else {
      CHECK((name == "perpetual_chase" || name == "perpetual_check"));
      (name == "perpetual_chase" ? chases : checks) += 1;
    }
    // One ply less: the game goes on.
    std::vector<std::string> shorter(ref.sans.begin(), ref.sans.end() - 1);
    CHECK(outcome_of(ref.fen, shorter).termination == Termination::none);
  }
  // The file holds chases, draws and perpetual checks.
  CHECK(chases >= 10);
  CHECK(draws >= 10);
  CHECK(checks >= 1);
}

TEST_CASE("chasing: hand-made cycles", "[chasing]") {
  const std::vector<std::string> cycle{"Ra1", "Hc9", "Rc1", "Ha8", "Ra1", "Hc9", "Rc1", "Ha8"};
  // A chariot follows an unprotected horse from a8 to c9 and back: the chaser (Red) loses.
  {
    const Outcome out = outcome_of("4k4/9/n8/9/9/9/9/9/5K3/2R6 w - - 0 1", cycle);
    CHECK(termination_name(out.termination) == "perpetual_chase");
    REQUIRE(out.winner.has_value());
    CHECK(*out.winner == Color::black);
  }
  // The horse protected on both squares by chariots: a plain draw.
  {
    const Outcome out = outcome_of("r1r1k4/9/n8/9/9/9/9/9/5K3/2R6 w - - 0 1", cycle);
    CHECK(termination_name(out.termination) == "threefold_repetition");
    CHECK(!out.winner.has_value());
  }
  // A soldier on its own side of the river is never chased.
  {
    const std::vector<std::string> moves{"Ra1", "Kd10", "Rc1", "Ke10",
                                         "Ra1", "Kd10", "Rc1", "Ke10"};
    const Outcome out = outcome_of("4k4/9/9/p8/9/9/9/9/5K3/2R6 w - - 0 1", moves);
    CHECK(termination_name(out.termination) == "threefold_repetition");
  }
}

TEST_CASE("chasing: without the ply notes the rule says nothing", "[chasing]") {
  const Variant& v = test::variant("xiangqi");
  Position pos = test::from_fen("4k4/9/n8/9/9/9/9/9/5K3/2R6 w - - 0 1", v);
  std::vector<std::uint64_t> keys;
  for (const char* m : {"Ra1", "Hc9", "Rc1", "Ha8", "Ra1", "Hc9", "Rc1", "Ha8"}) {
    keys.push_back(pos.key());
    pos = test::play_san(pos, m);
  }
  // The keys alone: the third occurrence is seen, but not who chased.
  CHECK(judge(pos, keys).termination == Termination::none);
}
