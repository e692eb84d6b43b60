// Tests of the library facade xpgn/xpgn.hpp: reading, walking, writing, and that errors come
// back as values rather than exceptions.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "xpgn/emit/pgn.hpp"
#include "xpgn/xpgn.hpp"

namespace {

const char* const two_games =
    "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n"
    "[Event \"b\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n";

// The path of a sample file.
std::string sample(const std::string& name) {
  return std::string(XPGN_TEST_DATA) + "/../../samples/" + name;
}

}  // namespace

TEST_CASE("facade: read_text replays games and keeps their diagnostics") {
  xpgn::ReadOptions options;
  options.name = "t.pgn";
  auto result = xpgn::read_text(two_games, options);
  REQUIRE(result.error.empty());
  REQUIRE(result.games.size() == 2);
  CHECK(result.games[0].valid());
  CHECK_FALSE(result.games[1].valid());
  CHECK_FALSE(result.ok());
  REQUIRE_FALSE(result.games[1].diagnostics.empty());
  CHECK(xpgn::format(result.games[1].diagnostics[0]).rfind("t.pgn:", 0) == 0);
}

TEST_CASE("facade: walk_mainline chains positions and reports effects") {
  auto result = xpgn::read_text(two_games);
  int plies = 0;
  std::string previous = result.games[0].start_fen;
  CHECK(xpgn::walk_mainline(result.games[0], [&](const xpgn::Step& step) {
          ++plies;
          CHECK(step.ply == plies);
          CHECK(step.before->fen() == previous);
          previous = step.after->fen();
        }) == 7);
  CHECK(plies == 7);
  CHECK(previous.rfind("r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b", 0) == 0);
  // The invalid game walks up to its first unverified move.
  CHECK(xpgn::walk_mainline(result.games[1], [](const xpgn::Step&) {}) == 2);

  auto births = xpgn::read_file(sample("reproduction/french-passes-and-births.pgn"));
  REQUIRE(births.ok());
  std::size_t effects = 0;
  xpgn::walk_mainline(births.games.at(0),
                      [&](const xpgn::Step& step) { effects += step.effects->size(); });
  CHECK(effects > 0);
}

TEST_CASE("facade: writers give the emit and render modules' output") {
  auto result = xpgn::read_text(two_games);
  const auto& game = result.games[0];
  CHECK(xpgn::to_pgn(game) == xpgn::emit::to_pgn(game));
  auto json = nlohmann::json::parse(xpgn::to_json(game));
  CHECK(json["moves"].size() == 7);
  CHECK(nlohmann::json::parse(xpgn::to_json(game, 2)) == json);
  std::string error;
  auto svg = xpgn::to_svg(game, -1, {}, error);
  REQUIRE(svg);
  CHECK(svg->find("<svg") != std::string::npos);
  CHECK(xpgn::to_svg(game, 0, {}, error));
  CHECK_FALSE(xpgn::to_svg(game, 8, {}, error));
  CHECK(error.find("7 verified plies") != std::string::npos);
  CHECK(xpgn::position_svg("maxim", "", {}, error));
  CHECK_FALSE(xpgn::position_svg("no-such-variant", "", {}, error));
  CHECK_FALSE(error.empty());

  auto dir = std::filesystem::temp_directory_path() / "xpgn-facade-test";
  std::filesystem::create_directories(dir);
  const auto path = (dir / "out.pgn").string();
  CHECK(xpgn::write_games(path, result.games, "pgn").empty());
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  CHECK(text.str() == xpgn::to_pgn(result.games[0]) + xpgn::to_pgn(result.games[1]));
  CHECK_FALSE(xpgn::write_games(path, result.games, "docx").empty());
  CHECK_FALSE(
      xpgn::write_games((dir / "no/such/dir/out.pgn").string(), result.games, "pgn").empty());
  std::filesystem::remove_all(dir);
}

TEST_CASE("facade: errors are values, callbacks' exceptions pass through") {
  auto missing = xpgn::read_file("/nonexistent/games.pgn");
  CHECK_FALSE(missing.error.empty());
  CHECK(missing.games.empty());
  CHECK_FALSE(xpgn::read_file("/").error.empty());
  xpgn::ReadOptions bad_encoding;
  bad_encoding.encoding = "no-such-charset";
  CHECK(xpgn::read_text(two_games, bad_encoding).error.find("encoding") != std::string::npos);

  std::istringstream in(two_games);
  int seen = 0;
  CHECK(xpgn::for_each_game(in, {}, [&](xpgn::Game&) { return ++seen < 1; }).empty());
  CHECK(seen == 1);
  std::istringstream again(two_games);
  CHECK_THROWS_AS(
      xpgn::for_each_game(again, {}, [](xpgn::Game&) -> bool { throw std::runtime_error("mine"); }),
      std::runtime_error);

  const auto ids = xpgn::variant_ids();
  CHECK(std::find(ids.begin(), ids.end(), "chess") != ids.end());
  CHECK(std::find(ids.begin(), ids.end(), "maxim") != ids.end());
  CHECK(xpgn::version().size() >= 5);
}
