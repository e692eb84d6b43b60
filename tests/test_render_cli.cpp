// `xpgn render` and `xpgn convert --to html` run as a separate process, and rsvg-convert (Debian
// package librsvg2-bin) turning the SVGs of every variant into PNGs. Without rsvg-convert that
// test is skipped with a warning.
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "test_shell.hpp"
#include "xpgn/catalog/catalog.hpp"
#include "xpgn/render/render.hpp"
#include "xpgn/rules/variant.hpp"

namespace fs = std::filesystem;

namespace {

using Run = xpgn::test::ShellRun;  // exit status and standard output

// Runs a shell command in tests/data/render; stdout captured, stderr discarded.
Run shell(const std::string& command) {
  const std::string full =
      "cd '" + std::string(XPGN_TEST_DATA) + "/render' && " + command + " 2>/dev/null";
  return xpgn::test::run_shell(full);
}

Run run_xpgn(const std::string& args) {
  return shell("'" + std::string(XPGN_BINARY) + "' " + args);
}

std::string slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// A fresh, empty folder for one test.
fs::path scratch(const std::string& name) {
  const fs::path dir =
      fs::temp_directory_path() / ("xpgn-render-" + std::to_string(getpid()) + "-" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

}  // namespace

TEST_CASE("xpgn render draws a FEN position to a file or standard output", "[render][cli]") {
  const fs::path dir = scratch("fen");
  const std::string out = (dir / "a.svg").string();
  Run r = run_xpgn("render --variant reservists --move e4 --arrow e2e4:blue --square e4:Y -o '" +
                   out + "'");
  CHECK(r.status == 0);
  const std::string svg = slurp(out);
  CHECK(svg.rfind("<?xml", 0) == 0);
  CHECK(svg.find("<title>Reservists' doublechess: ") != std::string::npos);
  CHECK(svg.find("#1f6fd1") != std::string::npos);
  // Standard output, and the same bytes every time.
  Run again = run_xpgn("render --variant reservists --move e4 --arrow e2e4:blue --square e4:Y");
  CHECK(again.status == 0);
  CHECK(again.out == svg);
  Run options = run_xpgn(
      "render --size 200 --flip --no-coordinates --no-last-move --no-check "
      "--theme print --fen '4k3/8/8/8/8/8/8/4K2R w K - 0 1'");
  CHECK(options.status == 0);
  CHECK(options.out.find("width=\"200\" height=\"200\"") != std::string::npos);
  CHECK(options.out.find("hatch") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("xpgn render rejects bad arguments with status 2", "[render][cli]") {
  CHECK(run_xpgn("render --variant nosuch").status == 2);
  CHECK(run_xpgn("render --fen 'rnbqkbnr/8 w - - 0 1'").status == 2);
  CHECK(run_xpgn("render --move e5").status == 2);
  CHECK(run_xpgn("render --arrow e2e9").status == 2);
  CHECK(run_xpgn("render --square e4:mauve").status == 2);
  CHECK(run_xpgn("render --theme neon").status == 2);
  CHECK(run_xpgn("render --ply 3").status == 2);
  CHECK(run_xpgn("render games.pgn --game 9").status == 2);
  CHECK(run_xpgn("render games.pgn --ply 99").status == 2);
  CHECK(run_xpgn("render games.pgn --all-plies").status == 2);
  CHECK(run_xpgn("render nosuch.pgn").status == 2);
}

TEST_CASE("xpgn render draws one ply of a game, or every ply into a folder", "[render][cli]") {
  Run last = run_xpgn("render games.pgn");
  CHECK(last.status == 0);
  CHECK(last.out.find("<title>Game 1 (Alpha - Beta), ply 7: 4. Qxf7#</title>") !=
        std::string::npos);
  Run ply = run_xpgn("render games.pgn --game 2 --ply 0");
  CHECK(ply.status == 0);
  CHECK(ply.out.find("<title>Game 2 (Gamma - Delta), start position</title>") != std::string::npos);
  // Repeated --arrow / --square options, before or after the file.
  Run repeated = run_xpgn("render --arrow e2e4 --arrow d2d4:R games.pgn --ply 2 --square e4");
  CHECK(repeated.status == 0);
  std::size_t arrows = 0;
  for (auto at = repeated.out.find("fill-opacity=\"0.8\""); at != std::string::npos;
       at = repeated.out.find("fill-opacity=\"0.8\"", at + 1))
    ++arrows;
  CHECK(arrows == 2);
  // [%cal]/[%csl] of the chosen ply are drawn.
  Run marked = run_xpgn("render games.pgn --ply 5");
  CHECK(marked.out.find("fill=\"#d42a2a\" fill-opacity=\"0.8\"") != std::string::npos);

  const fs::path dir = scratch("plies");
  Run all = run_xpgn("render games.pgn --game 2 --all-plies -o '" + dir.string() + "'");
  CHECK(all.status == 0);
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    (void)entry;
    ++files;
  }
  CHECK(files == 8);
  CHECK(fs::exists(dir / "game2-ply000.svg"));
  CHECK(fs::exists(dir / "game2-ply007.svg"));
  CHECK(slurp(dir / "game2-ply007.svg") == run_xpgn("render games.pgn --game 2 --ply 7").out);
  fs::remove_all(dir);
}

TEST_CASE("xpgn convert --to html writes one page with inline diagrams", "[render][cli]") {
  const fs::path dir = scratch("html");
  const std::string out = (dir / "games.html").string();
  Run r = run_xpgn("convert --to html -o '" + out + "' games.pgn");
  CHECK(r.status == 0);
  const std::string html = slurp(out);
  CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(html.find("<title>Alpha - Beta</title>") != std::string::npos);
  CHECK(html.find("src=") == std::string::npos);  // nothing loaded from elsewhere
  CHECK(html.find("href=\"http") == std::string::npos);
  Run stdout_run = run_xpgn("convert --to html games.pgn");
  CHECK(stdout_run.out == html);
  fs::remove_all(dir);
}

TEST_CASE("xpgn convert --to html -o DIR/ writes a page per game and an index", "[render][cli]") {
  const fs::path dir = scratch("html-pages");
  Run r = run_xpgn("convert --to html -o '" + (dir / "pages").string() + "/' games.pgn games.pgn");
  CHECK(r.status == 0);
  for (const char* page : {"game1.html", "game2.html", "game3.html", "game4.html"}) {
    INFO(page);
    const std::string html = slurp(dir / "pages" / page);
    CHECK(html.find("<section class=\"game\" id=\"g1\"") != std::string::npos);
    CHECK(html.find("<a href=\"index.html\">All games</a>") != std::string::npos);
    CHECK(html.find("</html>") != std::string::npos);
  }
  CHECK(!fs::exists(dir / "pages" / "game5.html"));
  const std::string index = slurp(dir / "pages" / "index.html");
  CHECK(index.find("<a href=\"game4.html\">4</a></td><td>Gamma</td>") != std::string::npos);
  CHECK(index.find("<svg") == std::string::npos);
  // Only the second game of each file, and its plies 3 to 5.
  r = run_xpgn("convert --to html --game 2 --plies 3-5 games.pgn");
  CHECK(r.status == 0);
  CHECK(r.out.find("Alpha") == std::string::npos);
  std::size_t figures = 0;
  for (auto at = r.out.find("<figure"); at != std::string::npos; at = r.out.find("<figure", at + 1))
    ++figures;
  CHECK(figures == 3);
  // A page is never written over an input.
  fs::copy_file(std::string(XPGN_TEST_DATA) + "/render/games.pgn", dir / "game1.html");
  r = run_xpgn("convert --to html -o '" + dir.string() + "/' '" + (dir / "game1.html").string() +
               "'");
  CHECK(r.status == 2);
  CHECK(slurp(dir / "game1.html") == slurp(std::string(XPGN_TEST_DATA) + "/render/games.pgn"));
  for (const char* bad : {"--plies 5-3", "--plies x", "--plies -", "--diagrams some"}) {
    INFO(bad);
    CHECK(run_xpgn(std::string("convert --to html ") + bad + " games.pgn").status == 2);
  }
  fs::remove_all(dir);
}

TEST_CASE("HTML of the world matches: an 80-ply game's page under 1 MB, all under 50 MB",
          "[render][cli][corpus]") {
  const fs::path corpus = fs::path(XPGN_SHARED_DIR) / "corpus" / "world-matches.pgn";
  if (!fs::exists(corpus)) {
    WARN("skipped: " << corpus.string()
                     << " is absent (the shared corpus is not beside the "
                        "sources)");
    return;
  }
  const fs::path dir = scratch("world-matches");
  // Every diagram (mainlines and variations), a page per game and the index.
  Run r = run_xpgn("convert --to html -o '" + dir.string() + "/all/' '" + corpus.string() + "'");
  CHECK(r.status <= 1);  // (warnings: moves after an automatic end, kept)
  std::uintmax_t total = 0, pages = 0;
  for (const auto& entry : fs::directory_iterator(dir / "all")) {
    total += entry.file_size();
    ++pages;
  }
  CHECK(pages == 581);  // 580 games and the index
  INFO("total " << total << " bytes");
  CHECK(total < 50000000);
  // Game 140 (Euwe - Alekhine) has 80 plies and variations, all drawn.
  const std::string game140 = slurp(dir / "all" / "game140.html");
  CHECK(game140.size() < 1000000);
  CHECK(game140.find("data-ply=\"80\"") != std::string::npos);
  CHECK(game140.find("data-ply=\"81\"") == std::string::npos);
  CHECK(game140.find("<figure class=\"xpgn-board variation\"") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("rsvg-convert renders the SVGs of every variant", "[render][rsvg]") {
  if (shell("command -v rsvg-convert >/dev/null").status != 0) {
    WARN("skipped: rsvg-convert not found (Debian package librsvg2-bin)");
    return;
  }
  const fs::path dir = scratch("rsvg");
  std::vector<fs::path> svgs;
  // The start position of every variant, drawn now (so new variants are covered) ...
  for (const xpgn::rules::Variant* v : xpgn::catalog::all_variants()) {
    std::string error;
    auto d = xpgn::render::diagram_from_fen(v->id, "", "", "", error);
    INFO(v->id << ": " << error);
    REQUIRE(d.has_value());
    const fs::path path = dir / (v->id + ".svg");
    std::ofstream(path, std::ios::binary) << xpgn::render::to_svg(*d, {});
    svgs.push_back(path);
  }
  // ... and every golden file (special rules, themes, marks).
  for (const auto& entry : fs::directory_iterator(std::string(XPGN_TEST_DATA) + "/render"))
    if (entry.path().extension() == ".svg") svgs.push_back(entry.path());
  std::sort(svgs.begin(), svgs.end());
  for (const auto& svg : svgs) {
    INFO(svg.string());
    const fs::path png = dir / (svg.stem().string() + ".png");
    Run r = shell("rsvg-convert -w 240 '" + svg.string() + "' -o '" + png.string() + "'");
    CHECK(r.status == 0);
    const std::string bytes = slurp(png);
    CHECK(bytes.size() > 1000);
    CHECK(bytes.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0);
  }
  fs::remove_all(dir);
}
