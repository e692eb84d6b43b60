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

#include "test_support.hpp"
#include "xpgn/rules/end_rule.hpp"
#include "xpgn/rules/outcome.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

struct RefGame {
  std::string fen;
  std::vector<std::string> moves;
  std::string result;
};

// The games of the reference file (FEN;SAN moves;result).
std::vector<RefGame> reference_games() {
  std::ifstream in(std::string(XPGN_TEST_DATA) + "/history/xiangqi-chasing-ffish.txt");
  REQUIRE(in.good());
  std::vector<RefGame> out;
  std::string line;
  while (std::getline(in, line)) {
    const std::size_t a = line.find(';'), b = line.rfind(';');
    REQUIRE(a != std::string::npos);
    REQUIRE(b > a);
    RefGame g{line.substr(0, a), {}, line.substr(b + 1)};
    std::istringstream moves(line.substr(a + 1, b - a - 1));
    for (std::string m; moves >> m;) g.moves.push_back(m);
    out.push_back(std::move(g));
  }
  return out;
}

// The PGN of `moves` from `fen` in xiangqi, with `result` as Result tag and marker.
std::string pgn_of(const std::string& fen, const std::vector<std::string>& moves,
                   const std::string& result) {
  std::istringstream fields(fen);
  std::string placement, side, castling, ep, half;
  int full = 1;
  fields >> placement >> side >> castling >> ep >> half >> full;
  std::string text = "[Variant \"xiangqi\"]\n[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n[Result \"" +
                     result + "\"]\n\n";
  bool white = side == "w";
  if (!white) text += std::to_string(full) + "... ";
  for (const std::string& m : moves) {
    if (white) text += std::to_string(full) + ". ";
    text += m + " ";
    if (!white) ++full;
    white = !white;
  }
  return text + result + "\n";
}

std::string diagnostics_of(const record::Game& g) {
  std::string out;
  for (const auto& d : g.diagnostics) out += record::format_diagnostic(d) + "\n";
  return out;
}

// The outcome xpgn gives the game `moves` from `fen` (replayed with result "*").
Outcome outcome_of(const std::string& fen, const std::vector<std::string>& moves) {
  const auto replayed = test::replay(pgn_of(fen, moves, "*"));
  REQUIRE(replayed.size() == 1);
  return replayed[0].outcome;
}

}  // namespace

TEST_CASE("chasing: xiangqi's repetition verdicts agree with Fairy-Stockfish", "[chasing]") {
  const auto games = reference_games();
  REQUIRE(games.size() >= 50);
  int chases = 0, checks = 0, draws = 0;
  for (const RefGame& ref : games) {
    INFO(ref.fen << " | " << ref.moves.size() << " plies | " << ref.result);
    const auto replayed = test::replay(pgn_of(ref.fen, ref.moves, ref.result));
    REQUIRE(replayed.size() == 1);
    const record::Game& g = replayed[0];
    INFO(diagnostics_of(g));
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
    std::vector<std::string> shorter(ref.moves.begin(), ref.moves.end() - 1);
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
