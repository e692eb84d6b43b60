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

struct RefGame {
  std::string fen;
  std::vector<std::string> moves;
  std::string result;
};

// The games of the reference file (FEN;SAN moves;result).
std::vector<RefGame> reference_games() {
  std::ifstream in(std::string(XPGN_TEST_DATA) + "/history/perpetual-check-ffish.txt");
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

// The PGN of `moves` from `fen` under `variant`, with `result` as Result tag and marker.
std::string pgn_of(const std::string& variant, const std::string& fen,
                   const std::vector<std::string>& moves, const std::string& result) {
  std::istringstream fields(fen);
  std::string placement, side, castling, ep, half;
  int full = 1;
  fields >> placement >> side >> castling >> ep >> half >> full;
  std::string text = "[Variant \"" + variant + "\"]\n[SetUp \"1\"]\n[FEN \"" + fen +
                     "\"]\n[Result \"" + result + "\"]\n\n";
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

// The diagnostics of `g` as text, one a line.
std::string diagnostics_of(const record::Game& g) {
  std::string out;
  for (const auto& d : g.diagnostics) out += record::format_diagnostic(d) + "\n";
  return out;
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
  const std::vector<RefGame> games = reference_games();
  REQUIRE(games.size() >= 60);
  int decided_by_check = 0, drawn = 0;
  for (const RefGame& ref : games) {
    INFO(ref.fen << " | " << ref.result);
    const auto replayed = test::replay(pgn_of("fourfold-loses", ref.fen, ref.moves, ref.result));
    REQUIRE(replayed.size() == 1);
    const record::Game& g = replayed[0];
    INFO(diagnostics_of(g));
    CHECK(g.diagnostics.empty());
    CHECK(g.mainline_complete);
    CHECK(g.outcome.result() == ref.result);
    const bool draw = ref.result == "1/2-1/2";
    CHECK(termination_name(g.outcome.termination) ==
          (draw ? "fourfold_repetition" : "perpetual_check"));
    (draw ? drawn : decided_by_check) += 1;
    // One more move: the game was over (ffish said so at that ply, and at no ply before).
    std::vector<std::string> longer = ref.moves;
    longer.push_back(ref.moves.front());
    const auto after = test::replay(pgn_of("fourfold-loses", ref.fen, longer, ref.result));
    REQUIRE(after.size() == 1);
    const std::string said = diagnostics_of(after[0]);
    CHECK(said.find("move after the end of the game (" +
                    std::string(draw ? "fourfold_repetition" : "perpetual_check") + " at ply " +
                    std::to_string(ref.moves.size()) + ")") != std::string::npos);
    // One move fewer: the position has occurred three times only, and the game goes on.
    std::vector<std::string> shorter(ref.moves.begin(), ref.moves.end() - 1);
    const auto before = test::replay(pgn_of("fourfold-loses", ref.fen, shorter, "*"));
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
  for (const RefGame& ref : reference_games()) {
    INFO(ref.fen);
    const auto replayed = test::replay(pgn_of("fourfold-draws", ref.fen, ref.moves, "1/2-1/2"));
    REQUIRE(replayed.size() == 1);
    INFO(diagnostics_of(replayed[0]));
    CHECK(replayed[0].diagnostics.empty());
    CHECK(termination_name(replayed[0].outcome.termination) == "fourfold_repetition");
  }
}

TEST_CASE("history: the rule says nothing it cannot tell without the ply notes",
          "[rules][history]") {
  const Variant& v = fourfold_chess("loses");
  // White's queen checks for ever (the first reference game): with the keys alone the checks
  // are unknown, so there is no verdict; with the notes, White has lost.
  const RefGame ref = reference_games().front();
  REQUIRE(ref.result == "0-1");
  Position pos = test::from_fen(ref.fen, v);
  std::vector<std::uint64_t> keys;
  std::vector<EarlierPly> plies;
  for (const std::string& san : ref.moves) {
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
  const auto replayed = test::replay(pgn_of("fourfold-loses", ref.fen, ref.moves, "0-1"));
  REQUIRE(replayed.size() == 1);
  std::ostringstream json;
  emit::write_game_json(json, replayed[0]);
  CHECK(json.str().find("\"termination\":\"perpetual_check\"") != std::string::npos);
}
