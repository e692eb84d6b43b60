// Issue 37: what a syntax error leaves unread is kept in what is written of the game (PGN and
// JSON), and a malformed tag pair does not hide the game's other problems.
#include <catch2/catch.hpp>

#include <string>

#include "xpgn/emit/json.hpp"
#include "xpgn/emit/pgn.hpp"
#include "xpgn/record/replayer.hpp"

namespace {

using xpgn::record::Game;

// The messages of the game's diagnostics, each with its token.
std::vector<std::string> messages(const Game& game) {
  std::vector<std::string> out;
  for (const auto& d : game.diagnostics) out.push_back(d.token + ": " + d.message);
  return out;
}

// `text` with each run of white space made one space (a writer breaks long comments).
std::string collapsed(const std::string& text) {
  std::string out;
  for (char c : text) {
    const bool space = c == ' ' || c == '\n';
    if (space && !out.empty() && out.back() == ' ') continue;
    out += space ? ' ' : c;
  }
  return out;
}

}  // namespace

TEST_CASE("syntax error: the unread rest is written in PGN and JSON, and reads back",
          "[record][syntax]") {
  const auto games = xpgn::record::read_games(
      "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 & 3. Qh5 Nf6 4. Qxf7# 1-0\n");
  REQUIRE(games.size() == 1);
  const Game& game = games[0];
  CHECK_FALSE(game.valid());
  CHECK(game.mainline_plies == 4);
  const std::string pgn = xpgn::emit::to_pgn(game);
  // Before: "1. e4 e5 2. Bc4 Nc6 1-0", as if the game were complete.
  CHECK(pgn.find("1. e4 e5 2. Bc4 Nc6 1-0") == std::string::npos);
  CHECK(pgn.find("{xpgn: not read after a syntax error at line 4, column 21") != std::string::npos);
  CHECK(pgn.find("& 3. Qh5 Nf6\n4. Qxf7# 1-0} 1-0") != std::string::npos);
  const auto json = xpgn::emit::game_to_json(game);
  const auto& last = json.at("moves").at(3);
  REQUIRE(last.at("comments_after").size() == 1);
  const std::string note = last.at("comments_after").at(0);
  CHECK(note.ends_with("): & 3. Qh5 Nf6 4. Qxf7# 1-0"));
  // Written and read again: no syntax error, the note kept, the same bytes written.
  const auto again = xpgn::record::read_games(pgn);
  REQUIRE(again.size() == 1);
  CHECK(again[0].valid());
  REQUIRE(again[0].moves.size() == 4);
  REQUIRE(again[0].moves[3].comments_after.size() == 1);
  CHECK(collapsed(again[0].moves[3].comments_after[0]) == note);
  CHECK(xpgn::emit::to_pgn(again[0]) == pgn);
}

TEST_CASE("syntax error: commands in the unread rest are not the last move's", "[record][syntax]") {
  const auto games =
      xpgn::record::read_games("1. e4 {[%clk 0:05:00]} e5 ) 2. Nf3 {[%clk 0:04:00]} *");
  REQUIRE(games.size() == 1);
  REQUIRE(games[0].moves.size() == 2);
  CHECK_FALSE(games[0].moves[1].commands.clock.has_value());
  REQUIRE(games[0].moves[0].commands.clock.has_value());
  CHECK(*games[0].moves[0].commands.clock == 300.0);
}

TEST_CASE("syntax error: a malformed tag pair does not hide the game's other problems",
          "[record][syntax]") {
  const auto games = xpgn::record::read_games(
      "[Event \"y\"]\n[Foo bar]\n[White \"A\"]\n\n1. e4 e5 2. Ke3 *\n\n[Event \"z\"]\n\n1. d4 *\n");
  REQUIRE(games.size() == 2);  // before: three (the tags after the pair made a game of their own)
  const Game& game = games[0];
  REQUIRE(game.tag("White") != nullptr);
  CHECK(*game.tag("White") == "A");
  const auto m = messages(game);
  REQUIRE(m.size() == 2);
  CHECK(m[0].starts_with("Ke3: illegal move"));  // before: hidden by the syntax error
  CHECK(m[1] == "bar: syntax error: expected a tag value in double quotes");
  // The pair itself is kept in a comment before the moves.
  const std::string pgn = xpgn::emit::to_pgn(game);
  CHECK(pgn.find("[Foo bar]} 1. e4 e5") != std::string::npos);
  CHECK(games[1].valid());
}

TEST_CASE("syntax error: the main line stays complete when nothing unread is a main-line move",
          "[record][syntax]") {
  struct Case {
    const char* text;
    int plies;
    bool complete;
  };
  // Decision N38: a syntax error cuts the main line short only when what it leaves unread holds
  // a main-line move (or the reader cannot tell).
  const Case cases[] = {
      {"1. e4 e5 2. Bc4 Nc6 & 3. Qh5 Nf6 4. Qxf7# 1-0", 4, false},  // moves unread
      {"1. e4 e5 & \xE2\x99\x98"
       "f3 *",
       2, false},                                    // a figurine move unread
      {"1. e4 e5 ) 2. Nf3 *", 2, false},             // after a stray ')'
      {"1. e4 e5 {an unclosed comment", 2, true},    // the rest is a comment
      {"1. e4 e5 ) 1-0", 2, true},                   // a stray ')' at the end
      {"1. e4 e5 & (2. Nf3 Nc6) 1/2-1/2", 2, true},  // only a variation unread
      {"[Foo bar]\n\n1. e4 e5 *", 2, true},          // a malformed tag pair
  };
  for (const Case& c : cases) {
    INFO(c.text);
    const auto games = xpgn::record::read_games(c.text);
    REQUIRE(games.size() == 1);
    CHECK_FALSE(games[0].valid());  // a syntax error is an error all the same
    CHECK(games[0].mainline_plies == c.plies);
    CHECK(games[0].mainline_complete == c.complete);
    // JSON says so too.
    CHECK(xpgn::emit::game_to_json(games[0]).at("complete") == c.complete);
  }
}
