// The reading pipeline: one game splitter for every reader (record::check_text and
// split_at_games use the reader's own, notation::scan_games).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "xpgn/record/check.hpp"

namespace {

const std::string roster =
    "[Event \"e\"]\n[Site \"s\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"w\"]\n"
    "[Black \"b\"]\n[Result \"*\"]\n\n";

}  // namespace

TEST_CASE("check_text on two threads cuts where the reader does, not inside a comment",
          "[pipeline]") {
  // A comment holding a blank line and a line "[Annotator ...": a tag pair to a line-based
  // splitter, part of the comment to the reader (which ends a comment only before a line
  // starting with [Event ", docs/notation.md 1.2). The middle of the text lies before it.
  const std::string game1 = roster + "{" + std::string(600, 'x') +
                            "} 1. e4 {a comment\n\n[Annotator \"not a tag\"]\nstill it} e5 *\n\n";
  const std::string game2 = roster + "1. d4 Kd7 *\n";
  const std::string text = game1 + game2;
  const auto one = xpgn::record::check_text(text, "t.pgn", 1);
  const auto two = xpgn::record::check_text(text, "t.pgn", 2);
  CHECK(one.games == 2);
  CHECK(two.games == 2);
  CHECK(two.invalid == one.invalid);
  REQUIRE(two.diagnostics.size() == one.diagnostics.size());
  for (std::size_t i = 0; i < one.diagnostics.size(); ++i)
    CHECK(xpgn::record::format_diagnostic(two.diagnostics[i]) ==
          xpgn::record::format_diagnostic(one.diagnostics[i]));
  // The cut is the second game's start.
  const auto cuts = xpgn::record::split_at_games(text, 2);
  REQUIRE(cuts.size() == 2);
  CHECK(cuts[1] == game1.size());
}

TEST_CASE("tag values that cannot be right are warned about, plausible ones are not",
          "[pipeline]") {
  auto warnings = [](const std::string& tags) {
    const auto report = xpgn::record::check_text(tags + "\n1. e4 *\n", "t.pgn");
    std::vector<std::string> out;
    for (const auto& d : report.diagnostics) out.push_back(xpgn::record::format_diagnostic(d));
    return out;
  };
  const auto bad = warnings(
      "[Event \"e\"]\n[Date \"2024.13.45\"]\n[WhiteElo \"twenty-two hundred\"]\n"
      "[EventDate \"2023.02.29\"]\n[BlackElo \"9000\"]\n");
  REQUIRE(bad.size() == 4);
  CHECK(bad[0] ==
        "t.pgn:2:1: warning: game 1: tag Date \"2024.13.45\" has no month 13; kept as written");
  CHECK(bad[1] ==
        "t.pgn:3:1: warning: game 1: tag WhiteElo \"twenty-two hundred\" is no rating "
        "(a number); kept as written");
  CHECK(bad[2].find("has no day 29 in month 2") != std::string::npos);
  CHECK(bad[3].find("above 4000") != std::string::npos);
  for (const auto& w : warnings("[Date \"1959\"]\n[EventDate \"2013.5.6\"]\n"
                                "[UTCDate \"2024.02.29\"]\n[WhiteElo \"1500?\"]\n[BlackElo \"\"]\n"
                                "[Date \"????.??.??\"]\n[Date \"1985.??.17\"]\n[EventDate \"?\"]\n"
                                "[WhiteElo \"-\"]\n"))
    CHECK(w.find("given again") != std::string::npos);  // repeated tags, no implausible value
}
