// Three-check (variant `three-check`): the check counter in FEN ("3+3" remaining, lichess and
// Fairy-Stockfish; "+1+2" given, the older trailing form), counting checks, the third check
// wins, bare kings are dead, JSON and diagrams, and perft against Fairy-Stockfish.
// Rules: docs/rules/three-check.md.
#include <catch2/catch.hpp>

#include <fstream>
#include <string>
#include <vector>

#include "test_support.hpp"
#include "xpgn/emit/json.hpp"
#include "xpgn/emit/pgn.hpp"
#include "xpgn/render/render.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/outcome.hpp"
#include "xpgn/rules/san.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

using test::play_all;
using test::play_san;
using test::the_effect;

const Variant& three_check() {
  return test::variant("three-check");
}

Position from_fen(const std::string& fen) {
  return test::from_fen(fen, three_check());
}

}  // namespace

TEST_CASE("three-check setup: names and the check counter in FEN", "[rules][three-check]") {
  CHECK(&test::variant("3check") == &three_check());
  CHECK(&test::variant("Three Check") == &three_check());
  CHECK(&test::variant("Three-check") == &three_check());
  const Position start = Position::start(three_check());
  CHECK(start.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1");
  CHECK(perft(start, 3) == 8902);
  SECTION("lichess's field (checks remaining) round-trips") {
    const Position pos = from_fen("4k3/8/8/8/8/8/4R3/4K3 b - - 1+2 0 30");
    CHECK(pos.counter(Color::white, 0) == 2);
    CHECK(pos.counter(Color::black, 0) == 1);
    CHECK(pos.fen() == "4k3/8/8/8/8/8/4R3/4K3 b - - 1+2 0 30");
  }
  SECTION("the trailing form (checks given) is read and written as lichess writes it") {
    CHECK(from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 +1+2").fen() ==
          "4k3/8/8/8/8/8/8/4K3 w - - 2+1 0 1");
  }
  SECTION("a FEN without the field starts with three checks each") {
    CHECK(from_fen("4k3/8/8/8/8/8/8/4KR2 w - - 0 1").fen() == "4k3/8/8/8/8/8/8/4KR2 w - - 3+3 0 1");
  }
  SECTION("refused counters") {
    CHECK(test::refused_fen_error("4k3/8/8/8/8/8/8/4K3 w - - 4+3 0 1", three_check()) ==
          "check counts '4+3': at most 3 checks per side");
    CHECK(test::refused_fen_error("4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1", test::variant("chess")) ==
          "variant chess has no counters ('3+3' in the FEN)");
  }
}

TEST_CASE("three-check: checks are counted, the third wins", "[rules][three-check]") {
  SECTION("each check counts once, with an effect") {
    EffectList effects;
    const Position before = play_all(Position::start(three_check()), {"e4", "e5", "Bc4", "Nc6"});
    const Position after = play_san(before, "Bxf7+", &effects);
    const Effect e = the_effect(effects, EffectKind::check_counted);
    CHECK(square_name(e.square) == "e8");
    CHECK(after.fen() == "r1bqkbnr/pppp1Bpp/2n5/4p3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 2+3 0 3");
    // Moving out of check counts nothing.
    EffectList none;
    play_san(after, "Kxf7", &none);
    CHECK(test::count_effects(none, EffectKind::check_counted) == 0);
  }
  SECTION("the third check ends the game: the checking side wins") {
    const auto games = test::replay(
        "[Variant \"3check\"]\n[Result \"1-0\"]\n\n"
        "1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 4. Qh5+ Ke7 5. Qxe5+ 1-0\n");
    REQUIRE(games.size() == 1);
    INFO(test::dump(games[0]));
    CHECK(games[0].valid());
    const std::string json = emit::game_to_json(games[0]).dump();
    CHECK(json.find("\"termination\":\"check_limit\"") != std::string::npos);
    CHECK(json.find("\"kind\":\"check_counted\"") != std::string::npos);
    CHECK(json.find("0+3 0 5") != std::string::npos);
    const std::string pgn = emit::to_pgn(games[0]);
    const auto again = test::replay(pgn);
    REQUIRE(again.size() == 1);
    CHECK(emit::to_pgn(again[0]) == pgn);
  }
  SECTION("a move after the third check is refused; a wrong result is an error") {
    const auto after = test::replay(
        "[Variant \"3check\"]\n[Result \"*\"]\n\n"
        "1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 4. Qh5+ Ke7 5. Qxe5+ Kd6 *\n");
    REQUIRE(after.size() == 1);
    CHECK_FALSE(after[0].valid());
    const auto wrong = test::replay(
        "[Variant \"3check\"]\n[Result \"0-1\"]\n\n"
        "1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 4. Qh5+ Ke7 5. Qxe5+ 0-1\n");
    REQUIRE(wrong.size() == 1);
    CHECK_FALSE(wrong[0].valid());
  }
  SECTION("a FEN whose counter is used up is already decided") {
    const Outcome out = judge(from_fen("4k3/8/8/8/8/8/8/4KR2 b - - 0+3 0 1"), {});
    CHECK(out.termination == Termination::check_limit);
    CHECK(out.winner == Color::white);
  }
}

TEST_CASE("three-check dead positions: only bare kings", "[rules][three-check]") {
  CHECK(judge(from_fen("4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1"), {}).termination ==
        Termination::insufficient_material);
  // A lone bishop or knight still gives checks, so the game goes on (unlike chess).
  CHECK(judge(from_fen("4k3/8/8/8/8/8/8/4KB2 w - - 3+3 0 1"), {}).termination == Termination::none);
  CHECK(judge(from_fen("4k3/8/8/8/8/8/8/4KN2 w - - 3+3 0 1"), {}).termination == Termination::none);
}

TEST_CASE("three-check diagrams show each side's checks left", "[rules][three-check][render]") {
  std::string error;
  const auto d = render::diagram_from_fen("three-check", "", "4k3/8/8/8/8/8/4R3/4K3 b - - 1+2 0 30",
                                          "", error);
  INFO(error);
  REQUIRE(d.has_value());
  const std::string svg = render::to_svg(*d, render::SvgOptions{});
  CHECK(svg.find(">1 check left</text>") != std::string::npos);
  CHECK(svg.find(">2 checks left</text>") != std::string::npos);
}

TEST_CASE("three-check perft: positions and counts made by Fairy-Stockfish (ffish)",
          "[rules][three-check][perft]") {
  // Fairy-Stockfish generates no moves once a side has given its third check; nor does xpgn
  // (the check limit stops play). Several lines of the data reach such positions.
  CHECK(test::check_perft_file("three-check-ffish.txt", three_check()) >= 30);
  const Position won = from_fen("4k3/8/8/8/8/8/8/4KR2 b - - 0+3 0 1");
  CHECK(perft(won, 1) == 0);
  CHECK(test::refusal(won, "Kd7") == "king to d7 is not allowed: the game is over (check_limit)");
}
