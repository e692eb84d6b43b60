// Tests of the scale-out and progress options of the xpgn tool (docs/scale-out.md): the
// progress line, `xpgn split` and reading a part of a file with --range.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "test_shell.hpp"

namespace {

namespace fs = std::filesystem;

struct Shell {
  int status = -1;
  std::string out;
  std::string err;
};

// Runs `command` with /bin/sh in tests/data; "XPGN" in it is the binary. Standard error is
// captured through a file (never a terminal).
Shell sh(std::string command) {
  for (auto at = command.find("XPGN"); at != std::string::npos; at = command.find("XPGN", at))
    command.replace(at, 4, "'" + std::string(XPGN_BINARY) + "'");
  static int calls = 0;
  const fs::path err_file =
      fs::temp_directory_path() /
      ("xpgn-scale-stderr-" + std::to_string(::getpid()) + "-" + std::to_string(++calls));
  const std::string full = "cd '" + std::string(XPGN_TEST_DATA) + "' && { " + command + "\n} 2>'" +
                           err_file.string() + "'";
  Shell r;
  auto run = xpgn::test::run_shell(full);
  r.status = run.status;
  r.out = std::move(run.out);
  std::ifstream in(err_file, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  r.err = s.str();
  fs::remove(err_file);
  return r;
}

// The JSON lines of `text`.
std::vector<nlohmann::json> json_lines(const std::string& text) {
  std::vector<nlohmann::json> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(nlohmann::json::parse(line));
  return lines;
}

const std::string mixed = "scale/mixed.pgn";

}  // namespace

TEST_CASE(
    "check and convert with --progress draw a line on standard error and erases it; stdout is "
    "unchanged") {
  for (const std::string command : {"check", "check --jobs 2", "convert --to jsonl"}) {
    INFO(command);
    const Shell plain = sh("XPGN " + command + " " + mixed + " cli/valid.pgn");
    const Shell shown = sh("XPGN " + command + " --progress " + mixed + " cli/valid.pgn");
    CHECK(shown.out == plain.out);
    CHECK(shown.status == plain.status);
    // The line: "\rxpgn: 3.1 kB of 3.1 kB (100%), 18 games, ... games/s\033[K", then "\r\033[K".
    const auto at = shown.err.find("\rxpgn: ");
    REQUIRE(at != std::string::npos);
    CHECK(shown.err.find(" (100%), 18 games", at) != std::string::npos);
    CHECK(shown.err.find("games/s", at) != std::string::npos);
    const std::string erase = "\r\033[K";
    REQUIRE(shown.err.size() >= erase.size());
    CHECK(shown.err.substr(shown.err.size() - erase.size()) == erase);
    // What is left once the progress lines are taken out is what a run without them printed.
    std::string rest = shown.err;
    for (auto p = rest.find('\r'); p != std::string::npos; p = rest.find('\r')) {
      const auto end = rest.find("\033[K", p);
      rest.erase(p, end + 3 - p);
    }
    CHECK(rest == plain.err);
  }
}

TEST_CASE("without --progress nothing is drawn when standard error is not a terminal") {
  const Shell r = sh("XPGN check " + mixed + " cli/valid.pgn");
  CHECK(r.err.find('\r') == std::string::npos);
  CHECK(r.err.find("games/s") == std::string::npos);
  const Shell off = sh("XPGN convert --no-progress --to uci " + mixed);
  CHECK(off.err.find('\r') == std::string::npos);
}

TEST_CASE("xpgn split lists game starts with their game numbers and lines, as check has them") {
  const Shell split = sh("XPGN split --parts 100 " + mixed);
  REQUIRE(split.status == 0);
  const auto parts = json_lines(split.out);
  REQUIRE(parts.size() > 5);
  // Game records of check --format jsonl: game number -> line.
  std::vector<std::uint64_t> line_of(1, 0);
  for (const auto& record : json_lines(sh("XPGN check --format jsonl " + mixed).out))
    if (record["record"] == "game") line_of.push_back(record["line"].get<std::uint64_t>());
  std::uint64_t previous_end = 0;
  for (const auto& part : parts) {
    INFO(part.dump());
    CHECK(part["format"] == "xpgn-split");
    CHECK(part["start"] == previous_end);
    previous_end = part["end"].get<std::uint64_t>();
    const auto game = part["game"].get<std::uint64_t>();
    REQUIRE(game < line_of.size());
    CHECK(part["line"] == line_of[game]);
  }
  CHECK(previous_end == fs::file_size(fs::path(XPGN_TEST_DATA) / mixed));
  CHECK(json_lines(sh("XPGN split --parts 1 " + mixed).out).size() == 1);
}

TEST_CASE("check with --range reads a part with the numbers and lines of the whole file") {
  const auto parts = json_lines(sh("XPGN split --parts 4 " + mixed).out);
  REQUIRE(parts.size() >= 3);
  const auto& part = parts[1];
  const std::string range = std::to_string(part["start"].get<std::uint64_t>()) + ":" +
                            std::to_string(part["end"].get<std::uint64_t>());
  const std::string given = " --first-game " + std::to_string(part["game"].get<std::uint64_t>()) +
                            " --first-line " + std::to_string(part["line"].get<std::uint64_t>());
  const Shell scanned = sh("XPGN check --format jsonl --range " + range + " " + mixed);
  const Shell told = sh("XPGN check --format jsonl --range " + range + given + " " + mixed);
  CHECK(scanned.out == told.out);
  const auto first = json_lines(told.out).front();
  CHECK(first["game"] == part["game"]);
  CHECK(first["line"] == part["line"]);
  // The part's records are those of the whole file.
  const Shell whole = sh("XPGN check --format jsonl " + mixed);
  CHECK(whole.out.find(told.out.substr(0, told.out.rfind("{\"files\""))) != std::string::npos);

  const Shell off_boundary = sh("XPGN check --range 5:100 " + mixed);
  CHECK(off_boundary.status == 2);
  CHECK(off_boundary.err.find("is not the start of a game") != std::string::npos);
  CHECK(sh("XPGN check --range 0:10 " + mixed + " cli/valid.pgn").status == 2);
  CHECK(sh("XPGN convert --range 10 " + mixed).status == 2);
  CHECK(sh("XPGN check --part-summary --format json " + mixed).status == 2);
}

#include "xpgn/notation/notation.hpp"

namespace {

// Where the reader says games begin, with their numbers.
struct Starts final : xpgn::notation::PgnVisitor {
  std::vector<std::pair<std::uint64_t, xpgn::SourcePos>> games;
  void begin_game(std::uint64_t index, xpgn::SourcePos pos) override {
    games.emplace_back(index, pos);
  }
};

bool same(const xpgn::SourcePos& a, const xpgn::SourcePos& b) {
  return a.line == b.line && a.column == b.column && a.offset == b.offset;
}

}  // namespace

TEST_CASE("scan_games finds the games read_pgn reads, and a read can start at each") {
  std::ifstream file(std::string(XPGN_TEST_DATA) + "/" + mixed, std::ios::binary);
  std::stringstream buffer;
  buffer << file.rdbuf();
  const std::string text = buffer.str();
  Starts whole;
  std::istringstream in(text);
  xpgn::notation::read_pgn(in, whole);
  std::vector<xpgn::notation::GameStart> scanned;
  std::istringstream again(text);
  xpgn::notation::scan_games(again, [&](const xpgn::notation::GameStart& g) {
    scanned.push_back(g);
    return true;
  });
  REQUIRE(scanned.size() == whole.games.size());
  for (std::size_t i = 0; i < scanned.size(); ++i) {
    CHECK(scanned[i].game == whole.games[i].first);
    CHECK(same(scanned[i].pos, whole.games[i].second));
    if (!scanned[i].can_start_read) continue;
    // Reading from that game on reports the same games at the same places.
    xpgn::notation::ReaderOptions options;
    options.start = {scanned[i].pos.offset, scanned[i].pos.line, scanned[i].game - 1,
                     scanned[i].encoding_state};
    Starts part;
    std::istringstream rest(text.substr(scanned[i].pos.offset));
    xpgn::notation::read_pgn(rest, part, options);
    REQUIRE(part.games.size() == whole.games.size() - i);
    for (std::size_t j = 0; j < part.games.size(); ++j) {
      CHECK(part.games[j].first == whole.games[i + j].first);
      CHECK(same(part.games[j].second, whole.games[i + j].second));
    }
  }
}

TEST_CASE("parts decide the encoding as the whole file does, though they see less of it") {
  // Game 1 is ambiguous ("\xa2" is "ó" in CP437, "¢" in Latin-1); the CP437 tell-tale byte
  // 0x81 comes in game 3, in the second part. Read whole, the file is CP437 throughout.
  const fs::path file = fs::temp_directory_path() / ("xpgn-parts-" + std::to_string(getpid()));
  {
    std::ofstream out(file, std::ios::binary);
    out << "[Event \"a\"]\n[Site \"Si\xa2n\"]\n\n1. e4 *\n\n";
    out << "[Event \"b\"]\n[Site \"x\"]\n\n1. d4 *\n\n";
    out << "[Event \"c\"]\n[Site \"Z\x81rich\"]\n\n1. c4 *\n";
  }
  const std::string path = "'" + file.string() + "'";
  const Shell whole = sh("XPGN convert --to jsonl " + path);
  REQUIRE(whole.status == 0);
  CHECK(whole.out.find("Si\xc3\xb3n") != std::string::npos);
  const auto parts = json_lines(sh("XPGN split --parts 2 " + path).out);
  REQUIRE(parts.size() == 2);
  CHECK(parts[0]["encoding"] == ">IBM437");
  std::string joined, joined_scanned;
  for (const auto& part : parts) {
    const std::string range = std::to_string(part["start"].get<std::uint64_t>()) + ":" +
                              std::to_string(part["end"].get<std::uint64_t>());
    const std::string given = " --first-game " + std::to_string(part["game"].get<std::uint64_t>()) +
                              " --first-line " + std::to_string(part["line"].get<std::uint64_t>()) +
                              " --start-encoding '" + part["encoding"].get<std::string>() + "'";
    joined += sh("XPGN convert --to jsonl --range " + range + given + " " + path).out;
    joined_scanned += sh("XPGN convert --to jsonl --range " + range + " " + path).out;
  }
  CHECK(joined == whole.out);
  CHECK(joined_scanned == whole.out);  // xpgn finds the decision itself without the options
  const Shell checked =
      sh("XPGN check --range " + std::to_string(parts[0]["start"].get<std::uint64_t>()) + ":" +
         std::to_string(parts[0]["end"].get<std::uint64_t>()) + " " + path);
  CHECK(checked.out.find("decoded as CP437") != std::string::npos);
  fs::remove(file);
}
