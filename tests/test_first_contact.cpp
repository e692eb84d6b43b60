// What a new user meets first (issue 38): SARIF columns in code points, an unknown command named
// with the nearest one, `render --help` in two aligned columns. The xpgn command is run as a
// separate process.
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>
#include "test_shell.hpp"

namespace fs = std::filesystem;

namespace {

using Output = xpgn::test::ShellRun;  // exit status and standard output

// Runs `xpgn ARGS` through the shell (stderr discarded, or merged into out with `merge`).
Output run_xpgn(const std::string& args, bool merge = false) {
  const std::string command =
      "'" + std::string(XPGN_BINARY) + "' " + args + (merge ? " 2>&1" : " 2>/dev/null");
  return xpgn::test::run_shell(command);
}

// A file of `text` in a fresh folder of its own, removed at the end.
struct TempFile {
  fs::path dir, path;
  TempFile(const std::string& name, const std::string& text)
      : dir(fs::temp_directory_path() / ("xpgn-first-" + std::to_string(getpid()) + "-" + name)),
        path(dir / name) {
    fs::remove_all(dir);
    fs::create_directories(dir);
    std::ofstream(path, std::ios::binary) << text;
  }
  ~TempFile() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
};

}  // namespace

TEST_CASE("sarif: columns count code points, as its columnKind says", "[cli][first-contact]") {
  // "1. e4 {é€😀} e5 2. " is 18 code points in 24 bytes: Ke3 starts at code point 19, byte 25.
  TempFile file("accents.pgn",
                "[Event \"x\"]\n\n1. e4 {\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80} e5 2. Ke3 *\n");
  const Output text = run_xpgn("check '" + file.path.string() + "'");
  CHECK(text.status == 1);
  const Output sarif = run_xpgn("check --format sarif '" + file.path.string() + "'");
  CHECK(sarif.status == 1);
  const auto doc = nlohmann::json::parse(sarif.out);
  CHECK(doc["runs"][0]["columnKind"] == "unicodeCodePoints");
  const auto& results = doc["runs"][0]["results"];
  REQUIRE(results.size() == 1);
  const auto& region = results[0]["locations"][0]["physicalLocation"]["region"];
  CHECK(region["startLine"] == 3);
  CHECK(region["startColumn"] == 19);
  // The text report keeps byte columns (as compilers do).
  CHECK(run_xpgn("check '" + file.path.string() + "'", true).out.find(":3:25: error") !=
        std::string::npos);
  // Read from standard input, the line cannot be read again: no column rather than a wrong one.
  const Output piped = run_xpgn("check --format sarif - < '" + file.path.string() + "'");
  const auto piped_doc = nlohmann::json::parse(piped.out);
  const auto& piped_region =
      piped_doc["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"];
  CHECK(piped_region["startLine"] == 3);
  CHECK(!piped_region.contains("startColumn"));
  // An ASCII line: the same number either way; the first column is 1.
  TempFile ascii("ascii.pgn", "[Event \"x\"]\n\nKe2 *\n1. e4 e5 2. Ke3 *\n");
  const auto ascii_doc =
      nlohmann::json::parse(run_xpgn("check --format sarif '" + ascii.path.string() + "'").out);
  const auto& ascii_results = ascii_doc["runs"][0]["results"];
  REQUIRE(ascii_results.size() >= 1);
  CHECK(ascii_results[0]["locations"][0]["physicalLocation"]["region"]["startColumn"] == 1);
}

TEST_CASE("an unknown command is named, with the nearest one", "[cli][first-contact]") {
  Output r = run_xpgn("chek games.pgn", true);
  CHECK(r.status == 2);
  CHECK(r.out.find("unknown command 'chek'; did you mean 'check'?") != std::string::npos);
  CHECK(r.out.find("A subcommand is required") == std::string::npos);
  r = run_xpgn("rendr", true);
  CHECK(r.out.find("unknown command 'rendr'; did you mean 'render'?") != std::string::npos);
  // Nothing near: no guess.
  r = run_xpgn("xyzzyplugh", true);
  CHECK(r.status == 2);
  CHECK(r.out.find("unknown command 'xyzzyplugh'") != std::string::npos);
  CHECK(r.out.find("did you mean") == std::string::npos);
  // Commands and options are not taken for unknown commands.
  CHECK(run_xpgn("variants").status == 0);
  CHECK(run_xpgn("--version").status == 0);
}

TEST_CASE("render --help: every description starts in the same column", "[cli][first-contact]") {
  for (const char* command : {"render", "check", "convert", "variants", "perft", "split"}) {
    INFO(command);
    const Output help = run_xpgn(std::string(command) + " --help");
    REQUIRE(help.status == 0);
    CHECK(help.out.find("Excludes:") == std::string::npos);
    std::istringstream lines(help.out);
    std::string line, next;
    std::getline(lines, line);
    while (std::getline(lines, next)) {
      // An option's line: its name and value in the first 30 columns and its description from
      // column 31, or only the name, the description on the next line from column 31.
      if (line.rfind("  -", 0) == 0) {
        INFO(line);
        const bool inline_description =
            line.size() > 30 && line.compare(28, 2, "  ") == 0 && line[30] != ' ';
        const bool next_line = next.rfind(std::string(30, ' '), 0) == 0 && next[30] != ' ' &&
                               line.find("  ", 2) == std::string::npos;
        CHECK((inline_description || next_line));
      }
      line = next;
    }
  }
}

namespace {

// The text of docs/NAME.
std::string doc(const std::string& name) {
  std::ifstream in(fs::path(XPGN_TEST_DATA) / ".." / ".." / "docs" / name, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("docs say what the program does", "[cli][first-contact][docs]") {
  // cli.md lists every man page the build writes.
  const fs::path dir = fs::temp_directory_path() / ("xpgn-first-man-" + std::to_string(getpid()));
  REQUIRE(run_xpgn("--generate-man '" + dir.string() + "'").status == 0);
  const std::string cli = doc("cli.md");
  REQUIRE(!cli.empty());
  std::size_t pages = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string page = entry.path().stem().string() + "(1)";
    INFO(page);
    CHECK(cli.find("`" + page + "`") != std::string::npos);
    ++pages;
  }
  CHECK(pages >= 7);
  fs::remove_all(dir);

  // json.md: canonical PGN re-spaces comments (the JSON keeps them verbatim).
  TempFile spaced("spaced.pgn", "[Event \"x\"]\n\n1. e4 {  two   spaces\n here } e5 *\n");
  CHECK(run_xpgn("convert --to pgn '" + spaced.path.string() + "'").out.find("{two spaces here}") !=
        std::string::npos);
  CHECK(doc("json.md").find("verbatim in\n`comments_after` (and in canonical PGN)") ==
        std::string::npos);

  // variant-files.md: the lichess names it lists map to variants of the catalog.
  for (const char* name :
       {"zh", "Atomic", "Antichess", "3check", "KOTH", "Racing Kings", "Horde", "Capablanca"}) {
    INFO(name);
    TempFile game("named.pgn", std::string("[Variant \"") + name + "\"]\n\n*\n");
    CHECK(run_xpgn("check '" + game.path.string() + "'").status == 0);
  }
  CHECK(doc("variant-files.md").find("variants not in the catalog\nyet") == std::string::npos);
}

TEST_CASE("render: --ply and --all-plies exclude each other", "[cli][first-contact]") {
  TempFile game("game.pgn", "1. e4 e5 *\n");
  const Output r = run_xpgn("render '" + game.path.string() + "' --ply 1 --all-plies -o '" +
                                (game.dir / "out").string() + "'",
                            true);
  CHECK(r.status == 2);
  CHECK(r.out.find("--ply and --all-plies exclude each other") != std::string::npos);
}

TEST_CASE("the quick first run builds only the xpgn command; .ci/run's build stays whole",
          "[cli][first-contact][ci]") {
  // tests/ci/build_plan.sh runs .ci/samples and .ci/build on a copy of .ci/ and samples/ with a
  // stand-in cmake that logs what it is asked to do.
  const fs::path repo = fs::path(XPGN_TEST_DATA) / ".." / "..";
  FILE* pipe = popen(("bash '" + (repo / "tests" / "ci" / "build_plan.sh").string() + "' '" +
                      repo.string() + "' 2>&1")
                         .c_str(),
                     "r");
  REQUIRE(pipe != nullptr);
  std::string out;
  std::array<char, 4096> buffer{};
  std::size_t n = 0;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) out.append(buffer.data(), n);
  const int raw = pclose(pipe);
  INFO(out);
  CHECK((WIFEXITED(raw) && WEXITSTATUS(raw) == 0));
  CHECK(out.find("ok   .ci/samples builds only the xpgn target") != std::string::npos);
}
