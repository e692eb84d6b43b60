// Shatar, shako and placement (issue 39) against Fairy-Stockfish (npm ffish 0.7.10): random
// games ffish played to their end (tests/data/history/oldboards-family-ffish.txt, made by
// tests/reference/oldboards_family.mjs), each ply read from ffish's SAN and written back as
// ffish's SAN and UCI, the game valid with ffish's result, and a copy with its middle move
// replaced by a move of another ply that is illegal there refused at that ply. Perft and the
// end rules: test_rules_old_boards.cpp. Rules: docs/rules/shatar.md, shako.md, placement.md.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "test_support.hpp"
#include "xpgn/rules/outcome.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

// A PGN of `sans` from the start of `variant` (its [Variant] tag), with `result`.
std::string pgn_of(const std::string& variant, const std::vector<std::string>& sans,
                   const std::string& result) {
  std::string text = "[Variant \"" + variant + "\"]\n[Result \"" + result + "\"]\n\n";
  for (std::size_t i = 0; i < sans.size(); ++i) {
    if (i % 2 == 0) text += std::to_string(i / 2 + 1) + ". ";
    text += sans[i] + " ";
  }
  return text + result + "\n";
}

// Checks ffish's games of `variant` (see the file comment); returns how many there were.
int check_games(const std::string& variant) {
  const Variant& v = test::variant(variant);
  const auto lines = test::reference_lines("history/oldboards-family-ffish.txt", variant);
  int games = 0;
  for (std::size_t gi = 0; gi < lines.size(); ++gi) {
    const auto& f = lines[gi];
    REQUIRE(f.size() == 4);
    REQUIRE(f[0] == "-");
    const std::string result = f[2];
    const std::vector<std::string> sans = test::words(f[1]), ucis = test::words(f[3]);
    REQUIRE(sans.size() == ucis.size());
    REQUIRE(sans.size() >= 2);
    INFO(variant << " game " << gi + 1);
    Position pos = Position::start(v);
    const std::size_t bad_ply = sans.size() / 2;
    std::string bad_token;
    for (std::size_t i = 0; i < sans.size(); ++i) {
      INFO("ply " << i + 1 << " " << sans[i] << " in " << pos.fen());
      if (i == bad_ply)
        for (const std::string& other : sans) {
          auto token = notation::parse_san(other);
          if (token && resolve(pos, *token).error != MoveError::none) {
            bad_token = other;
            break;
          }
        }
      const Resolution r = test::resolve_text(pos, sans[i]);
      INFO(r.message);
      REQUIRE(r.error == MoveError::none);
      CHECK(to_san(pos, r.move) == sans[i]);
      CHECK(to_uci(pos, r.move) == ucis[i]);
      pos = play(pos, r.move);
    }
    const auto replayed = test::replay(pgn_of(variant, sans, result));
    REQUIRE(replayed.size() == 1);
    INFO(test::dump(replayed[0]));
    CHECK(replayed[0].diagnostics.empty());
    CHECK(replayed[0].mainline_complete);
    // ffish ends a game by a claim too (isGameOver(true)): our verdict is then claimable.
    const Outcome& o = replayed[0].outcome;
    if (o.termination.claimable())
      CHECK(result == "1/2-1/2");
    else
      CHECK(o.result() == result);
    ++games;
    REQUIRE_FALSE(bad_token.empty());
    std::vector<std::string> corrupted = sans;
    corrupted[bad_ply] = bad_token;
    const auto refused = test::replay(pgn_of(variant, corrupted, result));
    REQUIRE(refused.size() == 1);
    const auto errors = test::of(refused[0], record::Severity::error);
    INFO(test::dump(refused[0]));
    REQUIRE_FALSE(errors.empty());
    CHECK(errors.front().ply == static_cast<int>(bad_ply) + 1);
    CHECK(errors.front().token == bad_token);
    CHECK_FALSE(refused[0].mainline_complete);
  }
  return games;
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
