// Xiangqi's move-count rule as Fairy-Stockfish counts it (n-move-draw with
// `extended_by_checks`): the draw after 50 moves of each side without a capture is put off by
// twice the checks beyond ten that one side gave since the last capture, once 20 plies have
// been played. Checked against Fairy-Stockfish on the games of
// tests/data/history/xiangqi-check-count-ffish.txt (made by
// tests/reference/xiangqi_check_count_games.mjs), and by hand.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "reference_games.hpp"
#include "test_support.hpp"
#include "xpgn/rules/outcome.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

// The outcome xpgn gives the xiangqi game `sans` from `fen`, replayed with `result`, and its
// diagnostics (`said`).
Outcome outcome_of(const std::string& fen, const std::vector<std::string>& sans,
                   const std::string& result, std::string& said) {
  const auto replayed = test::replay(test::pgn_of_moves("xiangqi", fen, sans, result));
  REQUIRE(replayed.size() == 1);
  said = test::dump(replayed[0]);
  return replayed[0].outcome;
}

}  // namespace

TEST_CASE("xiangqi move count: the checks put the draw off as in Fairy-Stockfish",
          "[xiangqi][history]") {
  const auto games = test::fen_games("history/xiangqi-check-count-ffish.txt");
  REQUIRE(games.size() >= 30);
  int postponed = 0;
  for (const auto& ref : games) {
    INFO(ref.fen << " | " << ref.sans.size() << " plies");
    REQUIRE(ref.result == "1/2-1/2");
    std::string said;
    // The game ends by the count at its last move, with ffish's result and no word about it.
    const Outcome end = outcome_of(ref.fen, ref.sans, ref.result, said);
    INFO(said);
    CHECK(said.empty());
    CHECK(termination_name(end.termination) == "n_move_rule");
    // One move fewer: the game goes on (the rule had not ended it yet).
    std::vector<std::string> shorter(ref.sans.begin(), ref.sans.end() - 1);
    CHECK(outcome_of(ref.fen, shorter, "*", said).termination == Termination::none);
    CHECK(said.empty());
    // The clock at the end: past 100 when the checks put the draw off.
    const int start_clock = std::stoi(test::words(ref.fen).at(4));
    if (start_clock + static_cast<int>(ref.sans.size()) > 100) ++postponed;
  }
  // Both kinds are there: games the checks put off and games drawn at 100 plies.
  CHECK(postponed >= 15);
  CHECK(static_cast<int>(games.size()) - postponed >= 15);
}

TEST_CASE("xiangqi move count: checks count only after 20 plies and with the game's history",
          "[xiangqi][history]") {
  const Variant& v = test::variant("xiangqi");
  // A position alone at 100 plies of the clock is drawn: no history, no checks to count.
  Position pos = test::from_fen("3k5/9/9/9/9/9/9/9/4R4/4K4 b - - 100 60", v);
  CHECK(termination_name(judge(pos, History{}).termination) == "n_move_rule");
  // The plain variants without the extension keep the plain count (minixiangqi).
  CHECK(termination_name(
            judge(test::from_fen("3k3/7/7/7/7/3R3/3K3 b - - 100 60", test::variant("minixiangqi")),
                  History{})
                .termination) == "n_move_rule");
}
