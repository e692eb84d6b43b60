// Shatar, shako and placement (issue 39) against Fairy-Stockfish (npm ffish 0.7.10): random
// games ffish played to their end (tests/data/history/oldboards-family-ffish.txt, made by
// tests/reference/oldboards_family.mjs), each ply read from ffish's SAN and written back as
// ffish's SAN and UCI, the game valid with ffish's result, and a copy with its middle move
// replaced by a move of another ply that is illegal there refused at that ply. Perft and the
// end rules: test_rules_old_boards.cpp. Rules: docs/rules/shatar.md, shako.md, placement.md.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "reference_games.hpp"
#include "test_support.hpp"
#include "xpgn/rules/outcome.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

// Checks ffish's games of `variant` (tests/reference_games.hpp, from the start; ffish ends some
// by a claim, which our claimable verdicts stand for); returns how many there were.
int check_games(const std::string& variant) {
  const auto games =
      test::reference_games("history/oldboards-family-ffish.txt", variant, /*with_fen=*/true);
  for (const test::ReferenceGame& g : games) {
    REQUIRE(g.fen == "-");
    REQUIRE(g.sans.size() >= 2);
  }
  return test::check_reference_games(test::variant(variant), games,
                                     {.tag = variant, .claims_end_games = true})
      .games;
}

}  // namespace

TEST_CASE("shatar: ffish's random games are valid with its results, corrupted copies refused",
          "[rules][shatar]") {
  CHECK(check_games("shatar") == 12);
}

TEST_CASE("shako: ffish's random games are valid with its results, corrupted copies refused",
          "[rules][shako]") {
  CHECK(check_games("shako") == 12);
}

TEST_CASE("placement: ffish's random games are valid with its results, corrupted copies refused",
          "[rules][placement]") {
  CHECK(check_games("placement") == 12);
}
