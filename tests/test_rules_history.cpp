// End rules that see the game's history (issue 36, item 4): for each earlier position the move
// made in it and whether its side to move was in check (History::plies). The proof is the end
// rule `n-fold-repetition`: a fourfold repetition draws, unless one side gave check in every
// position of the cycle, which then loses. Checked against Fairy-Stockfish (nFoldRule = 4,
// perpetualCheckIllegal = true) on the games of tests/data/history/perpetual-check-ffish.txt
// (made by tests/reference/perpetual_check_games.mjs).
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "reference_games.hpp"
#include "test_support.hpp"
#include "xpgn/emit/json.hpp"
#include "xpgn/rules/end_rule.hpp"
#include "xpgn/rules/outcome.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

// Chess with the fourfold repetition rule instead of FIDE's (`perpetual` as its
// `perpetual_check` parameter).
// (Loaded into the catalog once.)
const Variant& fourfold_chess(const std::string& perpetual) {
  std::string error;
  if (const Variant* v = catalog::find_variant("fourfold-" + perpetual, "", error)) return *v;
  return test::made_variant("fourfold-" + perpetual, R"("end_rules": [
    {"name": "repetition-draw", "remove": true},
    {"name": "n-fold-repetition", "count": 4, "perpetual_check": ")" +
                                                         perpetual + R"("}])");
}

}  // namespace

TEST_CASE("history: only a rule that needs the ply notes makes a variant keep them",
          "[rules][history]") {
  CHECK(fourfold_chess("loses").keeps_ply_history);
  CHECK_FALSE(fourfold_chess("draws").keeps_ply_history);
  CHECK_FALSE(test::variant("chess").keeps_ply_history);
  // A count outside 2..9 is refused with the parameter named.
  const std::string bad = R"({"format": "xpgn-variant", "version": 1, "id": "tenfold",
    "base": "chess", "end_rules": [{"name": "n-fold-repetition", "count": 10}]})";
  const auto problems = catalog::load_text(bad, "tenfold.json");
  REQUIRE_FALSE(problems.empty());
  CHECK(problems.front().text().find("count") != std::string::npos);
}

TEST_CASE("history: fourfold repetition and perpetual check agree with Fairy-Stockfish",
          "[rules][history]") {
  fourfold_chess("loses");
  const std::vector<test::ReferenceGame> games =
      test::fen_games("history/perpetual-check-ffish.txt");
  REQUIRE(games.size() >= 60);
  int decided_by_check = 0, drawn = 0;
  for (const test::ReferenceGame& ref : games) {
    INFO(ref.fen << " | " << ref.result);
    const auto replayed =
        test::replay(test::pgn_of_moves("fourfold-loses", ref.fen, ref.sans, ref.result));
    REQUIRE(replayed.size() == 1);
    const record::Game& g = replayed[0];
    INFO(test::dump(g));
    CHECK(g.diagnostics.empty());
    CHECK(g.mainline_complete);
    CHECK(g.outcome.result() == ref.result);
    const bool draw = ref.result == "1/2-1/2";
    CHECK(termination_name(g.outcome.termination) ==
          (draw ? "fourfold_repetition" : "perpetual_check"));
    (draw ? drawn : decided_by_check) += 1;
    // One more move: the game was over (ffish said so at that ply, and at no ply before).
    std::vector<std::string> longer = ref.sans;
    longer.push_back(ref.sans.front());
    const auto after =
        test::replay(test::pgn_of_moves("fourfold-loses", ref.fen, longer, ref.result));
    REQUIRE(after.size() == 1);
    const std::string said = test::dump(after[0]);
    CHECK(said.find("move after the end of the game (" +
                    std::string(draw ? "fourfold_repetition" : "perpetual_check") + " at ply " +
                    std::to_string(ref.sans.size()) + ")") != std::string::npos);
    // One move fewer: the position has occurred three times only, and the game goes on.
    std::vector<std::string> shorter(ref.sans.begin(), ref.sans.end() - 1);
    const auto before = test::replay(test::pgn_of_moves("fourfold-loses", ref.fen, shorter, "*"));
    REQUIRE(before.size() == 1);
    CHECK(before[0].outcome.termination == Termination::none);
  }
  // The reference holds both kinds of ending (the script keeps 30 and more of each).
  CHECK(decided_by_check >= 30);
  CHECK(drawn >= 30);
}

TEST_CASE("history: without perpetual checks every such game is a fourfold draw",
          "[rules][history]") {
  fourfold_chess("draws");
  for (const test::ReferenceGame& ref : test::fen_games("history/perpetual-check-ffish.txt")) {
    INFO(ref.fen);
    const auto replayed =
        test::replay(test::pgn_of_moves("fourfold-draws", ref.fen, ref.sans, "1/2-1/2"));
    REQUIRE(replayed.size() == 1);
    INFO(test::dump(replayed[0]));
    CHECK(replayed[0].diagnostics.empty());
    CHECK(termination_name(replayed[0].outcome.termination) == "fourfold_repetition");
  }
}

TEST_CASE("history: the rule says nothing it cannot tell without the ply notes",
          "[rules][history]") {
  const Variant& v = fourfold_chess("loses");
  // White's queen checks for ever (the first reference game): with the keys alone the checks
  // are unknown, so there is no verdict; with the notes, White has lost.
  const test::ReferenceGame ref = test::fen_games("history/perpetual-check-ffish.txt").front();
  REQUIRE(ref.result == "0-1");
  Position pos = test::from_fen(ref.fen, v);
  std::vector<std::uint64_t> keys;
  std::vector<EarlierPly> plies;
  for (const std::string& san : ref.sans) {
    const Resolution res = test::resolve_text(pos, san);
    REQUIRE(res.error == MoveError::none);
    keys.push_back(pos.key());
    plies.push_back({res.move, in_check(pos)});
    pos = play(pos, res.move);
  }
  CHECK(judge(pos, keys).termination == Termination::none);
  const Outcome out = judge(pos, History{keys, plies});
  CHECK(termination_name(out.termination) == "perpetual_check");
  REQUIRE(out.winner.has_value());
  CHECK(*out.winner == Color::black);
  CHECK(out.decided());
  // The termination is the rule's own, and the JSON writer names it without knowing it.
  const auto replayed =
      test::replay(test::pgn_of_moves("fourfold-loses", ref.fen, ref.sans, "0-1"));
  REQUIRE(replayed.size() == 1);
  std::ostringstream json;
  emit::write_game_json(json, replayed[0]);
  CHECK(json.str().find("\"termination\":\"perpetual_check\"") != std::string::npos);
}
