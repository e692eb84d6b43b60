// Tests of the xpgn command-line tool, run as a separate process on files in tests/data/cli.
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

namespace {

struct Run {
  int status = -1;
  std::string out;
};

// Runs `xpgn ARGS` in the CLI test data directory; stdout captured, stderr to `stderr_file`
// when given (else discarded).
Run run(const std::string& args, const std::string& stderr_file = "") {
  std::string command = "cd '" + std::string(XPGN_TEST_DATA) + "/cli' && '" +
                        std::string(XPGN_BINARY) + "' " + args + " 2>" +
                        (stderr_file.empty() ? std::string("/dev/null") : stderr_file);
  Run r;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return r;
  std::array<char, 4096> buffer{};
  std::size_t n = 0;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) r.out.append(buffer.data(), n);
  int raw = pclose(pipe);
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return r;
}

// The last line of `text` (without its newline).
std::string last_line(const std::string& text) {
  std::string t = text;
  while (!t.empty() && t.back() == '\n') t.pop_back();
  auto nl = t.rfind('\n');
  return nl == std::string::npos ? t : t.substr(nl + 1);
}

// The contents of a file.
std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("xpgn check on valid games exits 0 with the summary") {
  Run r = run("check valid.pgn");
  CHECK(r.status == 0);
  CHECK(r.out == "checked 2 games: 2 valid, 0 invalid\n");
}

TEST_CASE("xpgn check reports an illegal move and exits 1") {
  Run r = run("check invalid.pgn");
  INFO(r.out);
  CHECK(r.status == 1);
  CHECK(last_line(r.out) == "checked 3 games: 2 valid, 1 invalid");
  CHECK(r.out.rfind("invalid.pgn:20:8: error: game 2, ply 6 'Ke6': illegal move", 0) == 0);
  CHECK(r.out.find("invalid.pgn:30:35: warning: game 3, ply 7 'Qxf7+': wrong check mark") !=
        std::string::npos);
  Run quiet = run("check --quiet invalid.pgn");
  CHECK(quiet.status == 1);
  CHECK(quiet.out == "checked 3 games: 2 valid, 1 invalid\n");
  Run errors = run("check --no-warnings invalid.pgn");
  CHECK(errors.out.find("warning") == std::string::npos);
  CHECK(errors.out.find("error") != std::string::npos);
}

TEST_CASE("xpgn check reads standard input and several files, and --jobs keeps the order") {
  Run stdin_run = run("check < invalid.pgn");
  CHECK(stdin_run.status == 1);
  CHECK(stdin_run.out.rfind("-:20:8: error: game 2, ply 6 'Ke6'", 0) == 0);
  Run one = run("check --jobs 1 valid.pgn invalid.pgn valid.pgn");
  Run two = run("check --jobs 2 valid.pgn invalid.pgn valid.pgn");
  CHECK(one.status == 1);
  CHECK(one.out == two.out);
  CHECK(last_line(one.out) == "checked 7 games: 6 valid, 1 invalid");
  Run split = run("check --jobs 3 invalid.pgn");
  CHECK(split.out == run("check invalid.pgn").out);
}

TEST_CASE("xpgn check names a missing file, goes on and exits 2") {
  std::string err = std::filesystem::temp_directory_path() / "xpgn_cli_missing.txt";
  Run r = run("check no-such-file.pgn valid.pgn", err);
  CHECK(r.status == 2);
  CHECK(last_line(r.out) == "checked 2 games: 2 valid, 0 invalid");
  CHECK(slurp(err).find("no-such-file.pgn") != std::string::npos);
  std::filesystem::remove(err);
}

TEST_CASE("xpgn check --format json") {
  Run r = run("check --format json invalid.pgn");
  CHECK(r.status == 1);
  auto doc = nlohmann::json::parse(r.out);
  CHECK(doc["games"] == 3);
  CHECK(doc["invalid"] == 1);
  REQUIRE(doc["diagnostics"].size() >= 1);
  CHECK(doc["diagnostics"][0]["line"] == 20);
  CHECK(doc["diagnostics"][0]["token"] == "Ke6");
}

TEST_CASE("xpgn convert writes PGN and JSON, and never over an input") {
  Run pgn = run("convert --to pgn valid.pgn");
  CHECK(pgn.status == 0);
  CHECK(pgn.out.find("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0") != std::string::npos);
  Run json = run("convert --to json valid.pgn");
  CHECK(json.status == 0);
  auto doc = nlohmann::json::parse(json.out);
  REQUIRE(doc.size() == 2);
  CHECK(doc[0]["moves"][6]["san"] == "Qxf7#");
  Run lines = run("convert --to jsonl valid.pgn");
  CHECK(std::count(lines.out.begin(), lines.out.end(), '\n') == 2);
  Run uci = run("convert --to uci valid.pgn");
  CHECK(uci.out.find("1. e2e4 e7e5 2. f1c4") != std::string::npos);
  Run bad = run("convert --to pgn -o valid.pgn valid.pgn");
  CHECK(bad.status == 2);
  CHECK(slurp(std::string(XPGN_TEST_DATA) + "/cli/valid.pgn").rfind("[Event \"CLI test\"]", 0) ==
        0);
  // Output to a file: written whole, with diagnostics on stderr and exit 1 for invalid games.
  std::string target = std::filesystem::temp_directory_path() / "xpgn_cli_convert.pgn";
  Run file = run("convert -o '" + target + "' invalid.pgn");
  CHECK(file.status == 1);
  // The moves after the illegal one are kept as read, after a comment saying why.
  CHECK(slurp(target).find("3. Bb5 {xpgn: not verified after ply 5: illegal move: king\nto e6") !=
        std::string::npos);
  CHECK(slurp(target).find("3... Ke6 4. O-O *") != std::string::npos);
  std::filesystem::remove(target);
}

TEST_CASE("xpgn perft, variants, version") {
  Run p = run("perft --variant chess 3");
  CHECK(p.status == 0);
  CHECK(p.out == "8902\n");
  Run d = run("perft --divide 2");
  CHECK(d.status == 0);
  CHECK(last_line(d.out) == "400");
  CHECK(d.out.find("Nf3: 20\n") != std::string::npos);
  CHECK(std::count(d.out.begin(), d.out.end(), '\n') == 21);
  Run v = run("variants");
  CHECK(v.status == 0);
  CHECK(v.out.rfind("chess ", 0) == 0);
  Run version = run("--version");
  CHECK(version.out.find("0.1.0") != std::string::npos);
  Run usage = run("check --bogus");
  CHECK(usage.status == 2);
}
