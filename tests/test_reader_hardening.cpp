// Issue #10, reader side: repeated tags stay in their game, the reader's work grows linearly
// with its input, and one encoding decision is made per input.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "test_support.hpp"
#include "xpgn/emit/pgn.hpp"
#include "xpgn/notation/detail.hpp"
#include "xpgn/notation/notation.hpp"

using xpgn::record::Game;
using xpgn::record::Severity;
using xpgn::test::dump;
using xpgn::test::of;
using xpgn::test::replay;

TEST_CASE("a tag given twice stays in its game: the later value counts, both are kept",
          "[reader][tags]") {
  auto games =
      replay("[Event \"a\"]\n[Site \"x\"]\n[Event \"b\"]\n[Result \"1-0\"]\n\n1. e4 1-0\n");
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

TEST_CASE("a repeated tag is found among names that share a prefix, and past 32 names",
          "[reader][tags]") {
  // Short names are told apart by length and bytes, long ones (over seven bytes) by their text.
  std::string pgn =
      "[WhiteEl \"1\"]\n[WhiteElo \"2\"]\n[WhiteElx \"3\"]\n[WhiteEloX \"4\"]\n"
      "[W \"5\"]\n[Wh \"6\"]\n";
  for (int i = 0; i < 30; ++i) pgn += "[Extra" + std::to_string(i) + "Long \"x\"]\n";
  // After 36 distinct names: one short and one long name repeated, and a new one.
  pgn += "[Wh \"7\"]\n[WhiteElx \"8\"]\n[Extra29Lonh \"y\"]\n[Extra3Long \"z\"]\n";
  pgn += "\n1. e4 *\n";
  auto games = replay(pgn);
  REQUIRE(games.size() == 1);
  INFO(dump(games[0]));
  const auto warnings = of(games[0], Severity::warning);
  REQUIRE(warnings.size() == 3);
  CHECK(warnings[0].message.find("tag Wh given again") == 0);
  CHECK(warnings[1].message.find("tag WhiteElx given again") == 0);
  CHECK(warnings[2].message.find("tag Extra3Long given again") == 0);
  // The same within the first 32 names: only the repeats are reported.
  auto short_list = replay(
      "[WhiteEl \"1\"]\n[WhiteElo \"2\"]\n[WhiteElo \"3\"]\n"
      "[WhiteEl \"4\"]\n[WhiteE \"5\"]\n\n1. e4 *\n");
  REQUIRE(short_list.size() == 1);
  const auto repeated = of(short_list[0], Severity::warning);
  REQUIRE(repeated.size() == 2);
  CHECK(repeated[0].message.find("tag WhiteElo given again") == 0);
  CHECK(repeated[1].message.find("tag WhiteEl given again") == 0);
}

TEST_CASE("tag sections separated by blank lines are still separate header-only games",
          "[reader][tags]") {
  auto games = replay("[Event \"a\"]\n\n[Site \"x\"]\n\n[Event \"b\"]\n\n[Site \"y\"]\n");
  REQUIRE(games.size() == 2);
  CHECK(*games[1].tag("Event") == "b");
}

namespace {

// Records what the reader hands over: game starts, tag values' sizes, comment sizes, errors.
struct Recorder : xpgn::notation::PgnVisitor {
  std::vector<std::uint64_t> games;
  std::vector<std::uint64_t> game_lines;
  std::vector<std::size_t> tag_sizes, comment_sizes, token_sizes;
  std::vector<std::string> errors;
  void begin_game(std::uint64_t index, xpgn::SourcePos pos) override {
    games.push_back(index);
    game_lines.push_back(pos.line);
  }
  void tag(std::string_view, std::string_view value, xpgn::SourcePos) override {
    tag_sizes.push_back(value.size());
  }
  void comment(std::string_view text, xpgn::SourcePos) override {
    comment_sizes.push_back(text.size());
  }
  void invalid_move(const xpgn::notation::SyntaxError& e) override {
    token_sizes.push_back(e.token.size());
  }
  void syntax_error(const xpgn::notation::SyntaxError& e) override {
    errors.push_back(std::to_string(e.pos.line) + ": " + e.expected);
  }
};

}  // namespace

TEST_CASE("the reader scans a long tag, comment or token once, whatever the chunk size",
          "[reader][linear]") {
  // With 16-byte reads a 2 MB construct is cut 130,000 times; a reader that rescans it from
  // its start after every read does 10^11 steps here and never finishes.
  const std::string big(2'000'000, 'a');
  const std::string text = "[Event \"" + big + "\"]\n\n1. e4 {" + big + "} e5 " + big +
                           " *\n\n[Event \"next\"]\n\n1. d4 *\n";
  std::istringstream in(text);
  Recorder r;
  CHECK(xpgn::notation::detail::read_pgn(in, r, 16) == 2);
  REQUIRE(r.tag_sizes.size() == 2);
  CHECK(r.tag_sizes[0] == big.size());
  REQUIRE(r.comment_sizes.size() == 1);
  CHECK(r.comment_sizes[0] == big.size());
  CHECK(r.game_lines == std::vector<std::uint64_t>{1, 5});
}

TEST_CASE("a game longer than the reader's limit is an error, skipped in constant memory",
          "[reader][limits]") {
  const std::string big(3'000'000, 'x');
  const std::string text = "[Event \"one\"]\n\n1. e4 *\n\n[Event \"two\"]\n\n1. e4 {" + big +
                           "\nstill the comment\n} e5 *\n\n[Event \"three\"]\n\n1. d4 *\n";
  std::istringstream in(text);
  Recorder r;
  xpgn::notation::ReaderOptions limits;
  limits.max_game_bytes = 1'000'000;
  CHECK(xpgn::notation::read_pgn(in, r, limits) == 3);
  CHECK(r.games == std::vector<std::uint64_t>{1, 2, 3});
  REQUIRE(r.errors.size() == 1);
  CHECK(r.errors[0].find("5: a game of at most 1000000 bytes") == 0);
  // The third game keeps its line number although the second one was skipped.
  CHECK(r.game_lines == std::vector<std::uint64_t>{1, 5, 11});
  CHECK(r.comment_sizes.empty());
}
