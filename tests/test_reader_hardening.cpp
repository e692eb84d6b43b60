// Issue #10, reader side: repeated tags stay in their game, the reader's work grows linearly
// with its input, and one encoding decision is made per input.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "test_support.hpp"
#include "xpgn/emit/pgn.hpp"

using xpgn::record::Game;
using xpgn::record::Severity;
using xpgn::test::dump;
using xpgn::test::of;
using xpgn::test::replay;

TEST_CASE("a tag given twice stays in its game: the later value counts, both are kept",
          "[reader][tags]") {
  auto games = replay("[Event \"a\"]\n[Site \"x\"]\n[Event \"b\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n");
  REQUIRE(games.size() == 1);
  const Game& g = games[0];
  INFO(dump(g));
  REQUIRE(g.tags.size() == 4);
  CHECK(*g.tag("Event") == "b");
  const auto warnings = of(g, Severity::warning);
  REQUIRE(warnings.size() == 1);
  CHECK(warnings[0].pos.line == 3);
  CHECK(warnings[0].message.find("tag Event given again") == 0);
  // The round trip keeps both and stays one game, byte for byte.
  const std::string once = xpgn::emit::to_pgn(g);
  CHECK(once.find("[Event \"a\"]") != std::string::npos);
  CHECK(once.find("[Event \"b\"]") != std::string::npos);
  auto again = replay(once);
  REQUIRE(again.size() == 1);
  CHECK(*again[0].tag("Event") == "b");
  CHECK(xpgn::emit::to_pgn(again[0]) == once);
  // A repeated Result tag: the later one is compared with the game.
  auto results = replay("[Result \"0-1\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n");
  REQUIRE(results.size() == 1);
  CHECK(of(results[0], Severity::error).empty());
}

TEST_CASE("tag sections separated by blank lines are still separate header-only games",
          "[reader][tags]") {
  auto games = replay("[Event \"a\"]\n\n[Site \"x\"]\n\n[Event \"b\"]\n\n[Site \"y\"]\n");
  REQUIRE(games.size() == 2);
  CHECK(*games[1].tag("Event") == "b");
}
