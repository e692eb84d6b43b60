// SVG diagrams (module render): golden files, the structure of the SVG (viewBox, title, glyphs
// defined once and only when used), determinism, marks from text and [%cal]/[%csl], and the
// HTML page; boards of points (xiangqi, janggi), declared by the variant file.
//
// Golden files live in tests/data/render/<case>.svg. After an intended change of the drawing,
// regenerate them with
//   XPGN_UPDATE_GOLDEN=1 ./build/tests/xpgn_tests "[render-golden]"
// then look at the differences (tests/render/view_golden.sh makes PNGs of them) and commit.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "test_shell.hpp"
#include "xpgn/catalog/catalog.hpp"
#include "xpgn/notation/notation.hpp"
#include "xpgn/record/replayer.hpp"
#include "xpgn/render/html.hpp"
#include "xpgn/render/render.hpp"
#include "xpgn/rules/variant.hpp"
#include "xpgn/rules/variant_pieces.hpp"

using namespace xpgn;

namespace {

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string data(const std::string& name) {
  return std::string(XPGN_TEST_DATA) + "/render/" + name;
}

// A diagram from the variant, FEN and move, which must all be valid.
render::Diagram diagram(const std::string& variant, const std::string& fen,
                        const std::string& move = "") {
  std::string error;
  auto d = render::diagram_from_fen(variant, "", fen, move, error);
  INFO(variant << " " << fen << " " << move << ": " << error);
  REQUIRE(d.has_value());
  return *d;
}

// A variant made up for the tests: a 16 x 16 board, kings and a piece no glyph is drawn for.
const rules::Variant& scratch_variant() {
  static const rules::Variant v = [] {
    rules::VariantSpec s;
    s.id = "scratch";
    s.name = "Scratch 16x16";
    s.files = 16;
    s.ranks = 16;
    s.pieces = {rules::king(), rules::piece('S', "sea serpent", "NN"), rules::rook()};
    s.start_fen = "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/7SR6K w - - 0 1";
    return rules::Variant(std::move(s));
  }();
  return v;
}

render::Diagram scratch_diagram() {
  return render::Diagram{rules::Position::start(scratch_variant()), std::nullopt, {}, {}, {}, {}};
}

render::Arrow arrow(const rules::Variant& v, const std::string& text) {
  render::Arrow a;
  std::string error;
  REQUIRE(render::parse_arrow(text, v, a, error));
  return a;
}

struct Case {
  std::string name;
  std::function<render::Diagram()> make;
  render::SvgOptions options;
};

std::vector<Case> cases() {
  render::SvgOptions plain;
  render::SvgOptions blue_flipped;
  blue_flipped.theme = "blue";
  blue_flipped.flipped = true;
  blue_flipped.coordinates = false;
  render::SvgOptions print;
  print.theme = "print";
  return {
      {"chess-start", [] { return diagram("chess", ""); }, plain},
      {"chess-flipped-marks",
       [] {
         auto d =
             diagram("chess", "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
                     "Qxf7#");
         d.arrows.push_back(arrow(d.position.variant(), "c4f7:B"));
         d.arrows.push_back(arrow(d.position.variant(), "e8e8:red"));
         d.squares.push_back({rules::parse_square("f7", d.position.variant()), "#e8b400"});
         return d;
       },
       blue_flipped},
      {"reservists-start", [] { return diagram("reservists", ""); }, plain},
      {"reservists-reserve-pawn",
       [] { return diagram("reservists", "4k3/8/8/8/r7/8/8/8/8/Q3K3 w - - 0 1", "Qxa6"); }, plain},
      {"reservists-cannon-check",
       [] {
         auto d = diagram("reservists", "k7/8/8/8/8/P7/8/8/8/1A2K3 w - - 0 1", "Aa1");
         d.arrows.push_back(arrow(d.position.variant(), "a1a10:R"));
         return d;
       },
       print},
      {"reproduction-pregnant",
       [] { return diagram("reproduction", "4k3/8/8/8/8/8/3P4/3QK3 w - - 0 1", "--d1"); }, plain},
      {"reproduction-birth",
       [] {
         return diagram("reproduction", "4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1 pregnant=d4", "Qd6,P@d7");
       },
       plain},
      {"battle-of-the-kings-birth",
       [] {
         return diagram("battle-of-the-kings", "8/pppppppp/8/8/4P3/8/PPPPNPPP/8 b - - 0 1", "d5");
       },
       plain},
      {"reenterent-start", [] { return diagram("reenterent", ""); }, plain},
      {"reenterent-to-reentry",
       [] {
         return diagram("reenterent", "kqbnr/1pppp/5/5/1p3/P4/1PPPP/KQBNR[n] w Kk - 0 1", "axb4");
       },
       plain},
      {"maxim-stack", [] { return diagram("maxim", "", "Nb2"); }, plain},
      {"maxim-portals", [] { return diagram("maxim", "", "e4,^c5^f5"); }, plain},
      {"maxim-teleport",
       [] { return diagram("maxim", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 portals=a5,h5/c6,f6", "Ra5"); },
       plain},
      {"maxim-push",
       [] { return diagram("maxim", "4k3/8/8/(pn)7/8/8/8/R3K3 w - - 0 1", "Rxa5>b5"); }, plain},
      {"crazyhouse-demotion",
       [] { return diagram("crazyhouse", "k3Q~3/8/8/8/8/8/K7/4r3[NNPbp] b - - 0 1", "Rxe8"); },
       plain},
      {"shogi-hands",
       [] {
         return diagram("shogi",
                        "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGS+NL[PPSbp] b "
                        "- - 0 2",
                        "Bxb2=H");
       },
       plain},
      {"kyotoshogi-flip",
       [] { return diagram("kyotoshogi", "N4/1p3/1S3/2+s2/pkl1K[NL] w - - 1 99", "N@b5=G"); },
       plain},
      {"dobutsu-try", [] { return diagram("dobutsu", "2l/1L1/3/E2[Cg] w - - 0 1", "La4"); }, plain},
      {"crazyhouse-pockets-flipped",
       [] { return diagram("crazyhouse", "k7/8/8/8/8/8/8/K7[QRBNPPPqrbnp] w - - 0 1", "N@c3"); },
       blue_flipped},
      {"three-check-counted",
       [] {
         return diagram("three-check",
                        "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 3+3 2 3",
                        "Bxf7+");
       },
       plain},
      {"scratch-16x16", [] { return scratch_diagram(); }, plain},
      {"xiangqi-points",
       [] {
         auto d = diagram("xiangqi", "", "Che3");
         d.arrows.push_back(arrow(d.position.variant(), "e3e7:R"));
         return d;
       },
       plain},
      {"xiangqi-points-check-flipped",
       [] {
         auto d = diagram("xiangqi", "4k4/4a4/9/C8/9/9/9/9/9/3K5 w - - 0 1", "Ce7+");
         d.squares.push_back({rules::parse_square("e9", d.position.variant()), "#e8b400"});
         return d;
       },
       blue_flipped},
      {"janggi-points", [] { return diagram("janggi", "", "Ra2"); }, plain},
      {"minixiangqi-points-print", [] { return diagram("minixiangqi", ""); }, print},
  };
}

// Every `xlink:href="#id"` target, in order of appearance.
std::vector<std::string> references(const std::string& svg) {
  std::vector<std::string> out;
  const std::string key = "href=\"#";  // xlink:href or href
  for (auto at = svg.find(key); at != std::string::npos; at = svg.find(key, at + 1)) {
    const auto start = at + key.size();
    out.push_back(svg.substr(start, svg.find('"', start) - start));
  }
  return out;
}

// Every id="..." defined.
std::multiset<std::string> definitions(const std::string& svg) {
  std::multiset<std::string> out;
  const std::string key = " id=\"";
  for (auto at = svg.find(key); at != std::string::npos; at = svg.find(key, at + 1)) {
    const auto start = at + key.size();
    out.insert(svg.substr(start, svg.find('"', start) - start));
  }
  return out;
}

// True when the elements of `xml` nest properly (a small check, not a parser).
bool balanced(const std::string& xml) {
  std::vector<std::string> open;
  for (auto at = xml.find('<'); at != std::string::npos; at = xml.find('<', at + 1)) {
    if (xml.compare(at, 2, "<?") == 0 || xml.compare(at, 2, "<!") == 0) continue;
    const auto end = xml.find('>', at);
    if (end == std::string::npos) return false;
    const std::string tag = xml.substr(at + 1, end - at - 1);
    if (tag.empty()) return false;
    if (tag[0] == '/') {
      if (open.empty() || open.back() != tag.substr(1)) return false;
      open.pop_back();
    } else if (tag.back() != '/') {
      open.push_back(tag.substr(0, tag.find_first_of(" \n")));
    }
  }
  return open.empty();
}

void check_structure(const std::string& svg) {
  CHECK(svg.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg ", 0) == 0);
  CHECK(svg.find("xmlns=\"http://www.w3.org/2000/svg\"") != std::string::npos);
  CHECK(svg.find(" viewBox=\"0 0 ") != std::string::npos);
  CHECK(svg.find("<title>") != std::string::npos);
  CHECK(balanced(svg));
  const auto defined = definitions(svg);
  const auto used = references(svg);
  for (const auto& id : used) {
    INFO("reference #" << id);
    CHECK(defined.count(id) == 1);
  }
  for (const auto& id : defined) {
    INFO("definition " << id);
    CHECK(defined.count(id) == 1);
    if (id.rfind("white-", 0) == 0 || id.rfind("black-", 0) == 0)
      CHECK(std::find(used.begin(), used.end(), id) != used.end());
  }
}

}  // namespace

TEST_CASE("render: golden diagrams", "[render][render-golden]") {
  const bool update = std::getenv("XPGN_UPDATE_GOLDEN") != nullptr;
  for (const auto& c : cases()) {
    INFO("case " << c.name);
    const std::string svg = render::to_svg(c.make(), c.options);
    check_structure(svg);
    const std::string path = data(c.name + ".svg");
    if (update) {
      std::ofstream(path, std::ios::binary) << svg;
      WARN("updated " << path);
      continue;
    }
    const std::string golden = slurp(path);
    if (svg == golden) continue;
    // Name the first line that differs rather than printing whole files.
    std::istringstream got(svg), want(golden);
    std::string got_line, want_line;
    int line = 0;
    while (true) {
      ++line;
      const bool more_got = static_cast<bool>(std::getline(got, got_line));
      const bool more_want = static_cast<bool>(std::getline(want, want_line));
      if (!more_got && !more_want) break;
      if (!more_got) got_line = "(end of file)";
      if (!more_want) want_line = "(end of file)";
      if (got_line != want_line) break;
    }
    FAIL_CHECK("golden file " << path << " differs at line " << line
                              << "\n  drawn:  " << got_line.substr(0, 300)
                              << "\n  golden: " << want_line.substr(0, 300)
                              << "\nIf the change is intended, regenerate with "
                                 "XPGN_UPDATE_GOLDEN=1 xpgn_tests \"[render-golden]\"");
  }
}

TEST_CASE("render: the same input gives the same bytes", "[render]") {
  for (const auto& c : cases()) {
    INFO("case " << c.name);
    CHECK(render::to_svg(c.make(), c.options) == render::to_svg(c.make(), c.options));
  }
}

TEST_CASE("render: only the glyphs in use are defined, each once, named by piece", "[render]") {
  const std::string svg = render::to_svg(diagram("chess", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"), {});
  const auto defined = definitions(svg);
  CHECK(defined == std::multiset<std::string>{"black-king", "white-king", "white-rook"});
  CHECK(references(svg).size() == 3);

  const std::string reservists = render::to_svg(diagram("reservists", ""), {});
  for (const char* name : {"cannon", "commoner", "nightrider", "paladin", "marshall"}) {
    INFO(name);
    CHECK(definitions(reservists).count(std::string("white-") + name) == 1);
    CHECK(definitions(reservists).count(std::string("black-") + name) == 1);
  }
  // A piece without its own drawing gets a disc with its letter, under an id from its name.
  const std::string scratch = render::to_svg(scratch_diagram(), {});
  CHECK(definitions(scratch).count("white-sea-serpent") == 1);
  CHECK(scratch.find(">S</text>") != std::string::npos);
}

TEST_CASE("render: board sizes, orientation, coordinates and size option", "[render]") {
  render::SvgOptions o;
  o.size = 400;
  const std::string chess = render::to_svg(diagram("chess", ""), o);
  CHECK(chess.find("viewBox=\"0 0 880 880\" width=\"400\" height=\"400\"") != std::string::npos);
  const std::string reservists = render::to_svg(diagram("reservists", ""), o);
  CHECK(reservists.find("viewBox=\"0 0 880 1080\" width=\"326\" height=\"400\"") !=
        std::string::npos);
  CHECK(reservists.find(">10</text>") != std::string::npos);
  // Reenterent: 5 files plus the re-entry square beside the board.
  const std::string reenterent = render::to_svg(diagram("reenterent", ""), o);
  CHECK(reenterent.find("viewBox=\"0 0 710 880\"") != std::string::npos);
  CHECK(reenterent.find(">re-entry</text>") != std::string::npos);
  const std::string big = render::to_svg(scratch_diagram(), o);
  CHECK(big.find("viewBox=\"0 0 1680 1680\"") != std::string::npos);
  CHECK(big.find(">p</text>") != std::string::npos);
  CHECK(big.find(">16</text>") != std::string::npos);

  o.coordinates = false;
  const std::string bare = render::to_svg(diagram("chess", ""), o);
  CHECK(bare.find("viewBox=\"0 0 812 812\"") != std::string::npos);
  CHECK(bare.find("<text") == std::string::npos);

  // Flipped: a1 (a dark square) is at the top right.
  o.coordinates = true;
  o.flipped = true;
  const std::string flipped = render::to_svg(diagram("chess", "4k3/8/8/8/8/8/8/K7 w - - 0 1"), o);
  CHECK(flipped.find("<use xlink:href=\"#white-king\" x=\"740\" y=\"40\"/>") != std::string::npos);
  o.flipped = false;
  const std::string normal = render::to_svg(diagram("chess", "4k3/8/8/8/8/8/8/K7 w - - 0 1"), o);
  CHECK(normal.find("<use xlink:href=\"#white-king\" x=\"40\" y=\"740\"/>") != std::string::npos);
}

TEST_CASE("render: highlights can be switched off", "[render]") {
  auto d = diagram("chess", "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
                   "Qxf7#");
  render::SvgOptions o;
  const std::string on = render::to_svg(d, o);
  CHECK(on.find("url(#check)") != std::string::npos);
  CHECK(on.find("fill-opacity=\"0.55\"") != std::string::npos);
  o.check = false;
  o.last_move = false;
  const std::string off = render::to_svg(d, o);
  CHECK(off.find("check") == std::string::npos);
  CHECK(off.find("fill-opacity=\"0.55\"") == std::string::npos);
}

TEST_CASE("render: title names the position", "[render]") {
  const std::string svg = render::to_svg(diagram("chess", ""), {});
  CHECK(svg.find("<title>FIDE chess: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 "
                 "1</title>") != std::string::npos);
  const std::string moved = render::to_svg(diagram("chess", "", "e4"), {});
  CHECK(moved.find("(after 1. e4)</title>") != std::string::npos);
}

TEST_CASE("render: arrows and squares from text and from [%cal]/[%csl]", "[render]") {
  const rules::Variant& reservists = diagram("reservists", "").position.variant();
  render::Arrow a;
  std::string error;
  CHECK(render::parse_arrow("a1a10:R", reservists, a, error));
  CHECK(a.from == make_square(0, 0));
  CHECK(a.to == make_square(0, 9));
  CHECK(a.color == "#d42a2a");
  CHECK(render::parse_arrow("e2e4", reservists, a, error));
  CHECK(a.color == "#15a33a");
  CHECK(render::parse_arrow("e2e4:#00ff00", reservists, a, error));
  CHECK(a.color == "#00ff00");
  CHECK_FALSE(render::parse_arrow("e2e11", reservists, a, error));
  CHECK_FALSE(render::parse_arrow("e2e4:mauve", reservists, a, error));
  CHECK(error.find("unknown colour") != std::string::npos);
  CHECK_FALSE(render::parse_arrow("e2e4:#12\"", reservists, a, error));
  render::SquareMark m;
  CHECK(render::parse_square_mark("h10:yellow", reservists, m, error));
  CHECK(m.square == make_square(7, 9));
  CHECK_FALSE(render::parse_square_mark("i1", reservists, m, error));
  CHECK_FALSE(render::parse_square_mark("e0", reservists, m, error));

  record::Commands commands;
  record::parse_commands("[%cal Ge2e4,Ra1a10,Xe2e4,Bz9z9] [%csl Yd5,Gb10]", commands);
  std::vector<render::Arrow> arrows;
  std::vector<render::SquareMark> squares;
  render::add_commands(commands, reservists, arrows, squares);
  REQUIRE(arrows.size() == 2);
  CHECK(arrows[1].to == make_square(0, 9));
  REQUIRE(squares.size() == 2);
  CHECK(squares[1].square == make_square(1, 9));
}

TEST_CASE("render: diagrams of a game, with marks from comments", "[render]") {
  auto games = record::read_games(slurp(data("games.pgn")));
  REQUIRE(games.size() == 2);
  auto diagrams = render::game_diagrams(games[0]);
  REQUIRE(diagrams.size() == 8);
  CHECK(diagrams[0].title == "Game 1 (Alpha - Beta), start position");
  CHECK(diagrams[0].squares.size() == 2);
  CHECK(diagrams[1].title == "Game 1 (Alpha - Beta), ply 1: 1. e4");
  CHECK(diagrams[1].arrows.size() == 2);
  CHECK(diagrams[5].arrows.size() == 2);
  CHECK(diagrams[5].squares.size() == 1);
  CHECK(diagrams[6].title == "Game 1 (Alpha - Beta), ply 6: 3... Nf6");
  REQUIRE(diagrams[7].last_move.has_value());
  CHECK(diagrams[7].position.fen() ==
        "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4");

  auto reproduction = render::game_diagrams(games[1]);
  REQUIRE(reproduction.size() == 8);
  CHECK(reproduction[7].effects.size() == 1);
  CHECK(reproduction[7].effects[0].kind == rules::EffectKind::birth);
  CHECK(render::ply_file_name(1, 12) == "game1-ply012.svg");
  CHECK(render::ply_file_name(3, 1234) == "game3-ply1234.svg");
}

// The number of times `what` occurs in `text`.
std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (auto at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// The page of `games` written by one HtmlWriter with `options`.
std::string html_page(const std::vector<record::Game>& games, render::HtmlOptions options = {}) {
  std::ostringstream out;
  render::HtmlWriter writer(out, options);
  for (const auto& g : games) writer.write(g);
  writer.finish();
  return out.str();
}

TEST_CASE("render: HTML page with a diagram of every position", "[render]") {
  auto games = record::read_games(slurp(data("games.pgn")));
  const std::string html = html_page(games);
  CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
  CHECK(html.find("</html>") != std::string::npos);
  // 8 + 8 positions of the mainlines, and the variation 3... g6 4. Qf3.
  CHECK(occurrences(html, "<figure class=\"xpgn-board\"") == 16);
  CHECK(occurrences(html, "<figure class=\"xpgn-board variation\"") == 2);
  CHECK(html.find("<figure class=\"xpgn-board\" id=\"g1-p7\" data-ply=\"7\" data-fen=\""
                  "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4\">") !=
        std::string::npos);
  // The variation's diagrams go back to the position before 3... Nf6 and on along the line.
  CHECK(html.find("id=\"g1-v1\" data-ply=\"6\" data-fen=\"r1bqkbnr/pppp1p1p/2n3p1/4p2Q/2B1P3/8/"
                  "PPPP1PPP/RNB1K1NR w KQkq - 0 4\" data-prev=\"g1-p5\" data-next=\"g1-v2\">") !=
        std::string::npos);
  CHECK(html.find("Threatening mate</span>") != std::string::npos);
  CHECK(html.find("<span class=\"comment\" data-b=\"g1-p5\">Threatening mate</span>") !=
        std::string::npos);
  CHECK(html.find("[%cal") == std::string::npos);
  CHECK(html.find("<figcaption>3... Nf6?"
                  "?</figcaption>") != std::string::npos);
  CHECK(html.find("( <a class=\"mv\" href=\"#g1-v1\">3... g6</a> <a "
                  "class=\"mv\" href=\"#g1-v2\">4. Qf3</a> )") != std::string::npos);
  CHECK(html.find("4. Qh5,P@h4") != std::string::npos);
  // A table of contents; a legend for Reproduction (its prince is no FIDE piece), none for chess.
  CHECK(html.find("<a href=\"#g2\">2</a></td><td>Gamma</td><td>Delta</td>") != std::string::npos);
  CHECK(occurrences(html, "<table class=\"legend\">") == 1);
  CHECK(html.find("<td>prince</td>") != std::string::npos);
  // Every reference is defined exactly once, in the shared definitions; each glyph once.
  const auto defined = definitions(html);
  for (const auto& id : references(html)) {
    INFO(id);
    CHECK(defined.count(id) == 1);
  }
  for (const auto& id : defined) {
    INFO(id);
    CHECK(defined.count(id) == 1);
  }
  CHECK(occurrences(html, "id=\"xwP\"") == 1);
  // The elements nest properly (the script at the end aside: its code holds '<').
  const auto body = html.find("<body>");
  const auto script = html.find("<script>", body);
  REQUIRE(script != std::string::npos);
  CHECK(balanced(html.substr(body, script - body) + "</body>"));
  // No request leaves the page: no source, style sheet or link but to its own ids.
  CHECK(html.find("src=") == std::string::npos);
  CHECK(html.find("url(http") == std::string::npos);
  CHECK(html.find("href=\"http") == std::string::npos);
}

TEST_CASE("render: HTML ids stay unique over several inputs", "[render]") {
  auto games = record::read_games(slurp(data("games.pgn")));
  auto twice = games;
  for (const auto& g : games) twice.push_back(g);  // game numbers 1, 2, 1, 2 as from two files
  const std::string html = html_page(twice);
  CHECK(occurrences(html, "<section class=\"game\"") == 4);
  CHECK(html.find("id=\"g4\" data-game=\"2\"") != std::string::npos);
  const auto defined = definitions(html);
  for (const auto& id : defined) {
    INFO(id);
    CHECK(defined.count(id) == 1);
  }
}

// The value of attribute `name` in the tag `tag` ("" when absent).
std::string attribute(std::string_view tag, const std::string& name) {
  const std::string key = " " + name + "=\"";
  const auto at = tag.find(key);
  if (at == std::string_view::npos) return {};
  const auto start = at + key.size();
  return std::string(tag.substr(start, tag.find('"', start) - start));
}

// What follows `open` (the start of a <g> element of `html`) up to its end tag ("" when there is
// no `open`).
std::string_view group(std::string_view html, const std::string& open) {
  const auto start = html.find(open);
  if (start == std::string_view::npos) return {};
  int depth = 1;
  std::size_t at = start + open.size();
  while (depth > 0) {
    at = html.find('<', at);
    if (at == std::string_view::npos) return {};
    if (html.compare(at, 3, "<g ") == 0 || html.compare(at, 3, "<g>") == 0) ++depth;
    if (html.compare(at, 4, "</g>") == 0) --depth;
    ++at;
  }
  return html.substr(start + open.size(), at - 1 - start - open.size());
}

// What a board drawing (`svg`, an <svg> element of the document `html`, which defines what it
// uses) shows on each square, as a painter would: per square (x / 100, y / 100 of what is
// placed), the glyphs placed since the square was last painted over (a cover, a tint or a filled
// square), each as its definition (whatever its id). A <use> of a layer ("g1-p5l") paints that
// layer's content first, as the browser does.
using Painted = std::map<std::pair<int, int>, std::vector<std::string>>;
void paint(std::string_view html, std::string_view svg, const std::string& prefix, Painted& out,
           int depth = 0) {
  REQUIRE(depth < 100);
  for (auto at = svg.find('<'); at != std::string_view::npos; at = svg.find('<', at + 1)) {
    const std::string_view tag = svg.substr(at, svg.find('>', at) - at);
    const bool use = tag.rfind("<use ", 0) == 0;
    // (A board of points covers a cell with its background clipped to the cell, at a
    // translation, and tints a point with a disc of radius 49.)
    const bool clipped = (tag.rfind("<g ", 0) == 0 && !attribute(tag, "clip-path").empty());
    const bool disc = tag.rfind("<circle ", 0) == 0 && attribute(tag, "r") == "49";
    const bool square =
        clipped || (tag.rfind("<rect ", 0) == 0 && attribute(tag, "width") == "100" &&
                    attribute(tag, "height") == "100");
    if (!use && !square && !disc) continue;
    if (use && tag.find(" x=\"-") != std::string_view::npos) continue;  // (inside a cover)
    std::string id = attribute(tag, "href");
    if (id.empty()) id = attribute(tag, "xlink:href");
    if (!id.empty()) id = id.substr(1);
    if (use && id.size() > 1 && id[0] == 'g' && id.back() == 'l') {  // a board's layer
      const std::string_view layer = group(html, "<g id=\"" + id + "\">");
      INFO("layer " << id);
      REQUIRE(!layer.empty());
      paint(html, layer, prefix, out, depth + 1);
      continue;
    }
    std::string x = attribute(tag, "x"), y = attribute(tag, "y");
    if (disc) {
      out.erase({(std::stoi(attribute(tag, "cx")) - 50) / 100,
                 (std::stoi(attribute(tag, "cy")) - 50) / 100});
      continue;
    }
    const std::string transform = attribute(tag, "transform");
    if (x.empty() && transform.rfind("translate(", 0) == 0) {
      std::istringstream numbers(transform.substr(10));
      int tx = 0, ty = 0;
      numbers >> tx >> ty;
      x = std::to_string(tx);
      y = std::to_string(ty);
    }
    if (x.empty() || y.empty()) continue;  // the squares and coordinates: no piece
    std::vector<std::string>& placed = out[{std::stoi(x) / 100, std::stoi(y) / 100}];
    if (square || id == prefix + "d" || id == prefix + "l" || id == prefix + "lm" ||
        id == prefix + "lmp") {
      placed.clear();
      continue;
    }
    placed.emplace_back(group(html, " id=\"" + id + "\""));
    CHECK(!placed.back().empty());  // every glyph used is defined
  }
  for (auto it = out.begin(); it != out.end();) it = it->second.empty() ? out.erase(it) : ++it;
}

TEST_CASE("render: HTML boards that build on the one before show their own position", "[render]") {
  // Every sample (castling, captures, promotions, drops, pockets, stacks, explosions, births)
  // and the test games (variations): each board of the page shows, square by square, what the
  // standalone SVG of its FEN shows, whichever layers it builds on; in the default look, and
  // the test games in print too (hatched squares, covered by squares of their own) and turned
  // round.
  std::vector<render::HtmlOptions> looks(3);
  looks[1].svg.theme = "print";
  looks[2].svg.flipped = true;
  std::vector<std::string> files = {data("games.pgn"), data("viewer.pgn")};
  for (const auto& entry : std::filesystem::recursive_directory_iterator(XPGN_SAMPLES_DIR))
    if (entry.path().extension() == ".pgn") files.push_back(entry.path().string());
  std::size_t boards = 0, built = 0;
  for (const auto& look : looks)
    for (const auto& file : files) {
      if (&look != &looks[0] && file.rfind(std::string(XPGN_TEST_DATA), 0) != 0) continue;
      for (const auto& game : record::read_games(slurp(file))) {
        if (!game.variant) continue;
        const std::string html = html_page({game}, look);
        for (auto at = html.find("<figure "); at != std::string::npos;
             at = html.find("<figure ", at + 1)) {
          const std::string tag = html.substr(at, html.find('>', at) - at);
          const std::string fen = attribute(tag, "data-fen");
          INFO(file << ": " << attribute(tag, "id") << " " << fen << " " << look.svg.theme
                    << (look.svg.flipped ? " flipped" : ""));
          const auto svg_start = html.find("<svg", at);
          const std::string_view svg(html.data() + svg_start,
                                     html.find("</svg>", svg_start) - svg_start);
          Painted page;
          paint(html, svg, "x", page);
          auto setup = notation::parse_fen(fen);
          REQUIRE(setup);
          std::string why;
          auto position = rules::Position::from_setup(*game.variant, *setup, why);
          REQUIRE(position);
          Painted alone;
          const std::string standalone =
              render::to_svg({*position, std::nullopt, {}, {}, {}, {}}, look.svg);
          paint(standalone, standalone, "", alone);
          CHECK(page == alone);
          ++boards;
          built += svg.find("<use href=\"#g") != std::string_view::npos;
        }
      }
    }
  CHECK(boards > 2000);
  CHECK(built > 1800);  // most boards build on another
  // The first board is drawn whole, the next builds on it; a variation builds on the board
  // before it.
  auto games = record::read_games(slurp(data("games.pgn")));
  std::string html = html_page(games);
  CHECK(html.find("<g id=\"g1-p0l\"><use href=\"#xb8x8w880\"/>") != std::string::npos);
  CHECK(html.find("<g id=\"g1-p1l\"><use href=\"#g1-p0l\"/>") != std::string::npos);
  CHECK(html.find("<g id=\"g1-v1l\"><use href=\"#g1-p5l\"/>") != std::string::npos);
  // No board builds on more than 16 layers: the 17th after one drawn whole builds on that one
  // (or is drawn whole again).
  html = html_page(
      record::read_games(slurp(std::string(XPGN_SAMPLES_DIR) + "/chess/morphy-opera-1858.pgn")));
  std::map<std::string, int> depth;
  const std::string open = "<g id=\"g1-p";
  for (auto at = html.find(open); at != std::string::npos; at = html.find(open, at + 1)) {
    const std::string tag = html.substr(at, html.find('>', at) + 1 - at);
    const std::string first = html.substr(at + tag.size(), html.find('>', at + tag.size()) - at);
    const std::string id = attribute(tag, "id"), base = attribute(first, "href").substr(1);
    depth[id] = depth.count(base) ? depth[base] + 1 : 0;
    CHECK(depth[id] <= 16);
  }
  CHECK(depth.size() == 34);
  CHECK(depth["g1-p16l"] == 16);
  CHECK(depth["g1-p17l"] <= 1);
}

TEST_CASE("render: HTML diagrams limited by game, ply range and markers", "[render]") {
  auto games = record::read_games(slurp(data("games.pgn")));
  render::HtmlOptions only_second;
  only_second.games = {2};
  std::string html = html_page(games, only_second);
  CHECK(occurrences(html, "<section class=\"game\"") == 1);
  CHECK(html.find("Gamma") != std::string::npos);
  CHECK(html.find("Alpha") == std::string::npos);

  render::HtmlOptions plies;
  plies.first_ply = 2;
  plies.last_ply = 4;
  html = html_page({games[0]}, plies);
  CHECK(occurrences(html, "<figure") == 3);
  CHECK(html.find("id=\"g1-p2\"") != std::string::npos);
  CHECK(html.find("id=\"g1-p4\"") != std::string::npos);
  // Moves without a diagram are no links.
  CHECK(html.find("<span class=\"mv\">1. e4</span>") != std::string::npos);

  render::HtmlOptions marked;
  marked.diagrams = render::HtmlDiagrams::marked;
  html = html_page({games[0]}, marked);
  // The start ([%csl]), 1. e4 ([%cal]) and 3. Qh5 ([%cal], [%csl]); the variation has none.
  CHECK(occurrences(html, "<figure") == 3);
  CHECK(html.find("id=\"g1-p5\"") != std::string::npos);
  auto hashed = record::read_games("1. e4 {[#]} e5 2. Nf3 {a [#] diagram} *\n");
  html = html_page(hashed, marked);
  CHECK(occurrences(html, "<figure") == 2);
  CHECK(html.find("[#]") == std::string::npos);
  CHECK(html.find(">a diagram</span>") != std::string::npos);

  render::HtmlOptions mainline;
  mainline.diagrams = render::HtmlDiagrams::mainline;
  html = html_page({games[0]}, mainline);
  CHECK(occurrences(html, "<figure") == 8);
  CHECK(html.find("xpgn-board variation") == std::string::npos);
}

TEST_CASE("render: Seirawan hands are drawn beside the board with counts", "[render]") {
  render::SvgOptions o;
  const std::string start = render::to_svg(diagram("seirawan", ""), o);
  // Both hands, each piece type once with its count, and the caption of the hand rule.
  for (const char* glyph : {"#white-hawk", "#white-elephant", "#black-hawk", "#black-elephant"})
    CHECK(start.find(glyph) != std::string::npos);
  CHECK(start.find(">hand</text>") != std::string::npos);
  CHECK(start.find("viewBox=\"0 0 1010 880\"") != std::string::npos);
  // After White gated its hawk, only its elephant is left in White's hand.
  const std::string later = render::to_svg(
      diagram("seirawan", "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKBHR[Ehe] b KQkq - 1 1"), o);
  CHECK(later.find("#white-elephant") != std::string::npos);
  CHECK(later.find("#black-hawk") != std::string::npos);
}

// ---- Boards of points ------------------------------------------------------------------------
// A variant file's "diagram": {"style": "points", ...}: xiangqi, manchu, minixiangqi and janggi
// drawn as a grid of lines whose intersections the pieces stand on, with palaces, river and
// position marks; the pieces, highlights and arrows on the points; the catalog reading and
// refusing "diagram" objects; a page of such boards.
namespace points {

// A glyph placed on the board: the id it refers to and the top left corner of its cell.
struct Placed {
  std::string id;
  int x = 0, y = 0;
  bool operator<(const Placed& o) const { return std::tie(x, y, id) < std::tie(o.x, o.y, o.id); }
  bool operator==(const Placed& o) const { return id == o.id && x == o.x && y == o.y; }
};

// Every `<use xlink:href="#ID" x="X" y="Y"/>` of a standalone SVG.
std::vector<Placed> placed(const std::string& svg) {
  std::vector<Placed> out;
  static const std::regex use(R"re(<use xlink:href="#([^"]+)" x="(-?\d+)" y="(-?\d+)"/>)re");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), use); it != std::sregex_iterator();
       ++it)
    out.push_back({(*it)[1], std::stoi((*it)[2]), std::stoi((*it)[3])});
  std::sort(out.begin(), out.end());
  return out;
}

// What `placed` should find: a token per piece of `pos`, in the cell of its point.
std::vector<Placed> expected_tokens(const rules::Position& pos, int margin, bool flipped) {
  const rules::Variant& v = pos.variant();
  std::vector<Placed> out;
  for (int r = 0; r < v.ranks; ++r)
    for (int f = 0; f < v.files; ++f) {
      const Piece p = pos.at(make_square(f, r));
      if (p.empty()) continue;
      std::string id = "token-" + v.diagram.inks[p.color() == Color::white ? 0 : 1] + '-';
      for (char c : v.pieces[p.type()].name) id += c == ' ' ? '-' : c;
      const int x = margin + (flipped ? v.files - 1 - f : f) * 100;
      const int y = margin + (flipped ? r : v.ranks - 1 - r) * 100;
      out.push_back({id, x, y});
    }
  std::sort(out.begin(), out.end());
  return out;
}

// The path of a line between two points given as (x, y) centres.
std::string line(int x1, int y1, int x2, int y2) {
  return "<path d=\"M" + std::to_string(x1) + ' ' + std::to_string(y1) + 'L' + std::to_string(x2) +
         ' ' + std::to_string(y2) + "\"/>";
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

// True when python3's XML parser reads `svg` (skipped, true, without python3).
bool parses_as_xml(const std::string& svg, const std::string& name) {
  if (test::run_shell("command -v python3 >/dev/null 2>&1").status != 0) {
    WARN("python3 not found: XML parsing not checked");
    return true;
  }
  const auto path = std::filesystem::temp_directory_path() / ("xpgn-points-" + name + ".svg");
  std::ofstream(path, std::ios::binary) << svg;
  const auto r = test::run_shell(
      "python3 -c 'import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])' '" +
      path.string() + "' 2>&1");
  std::filesystem::remove(path);
  return r.status == 0;
}

}  // namespace points
using namespace points;

TEST_CASE("points: xiangqi's start stands on the points of a 9x10 grid", "[render][points]") {
  const auto d = diagram("xiangqi", "");
  const std::string svg = render::to_svg(d, {});
  CHECK(parses_as_xml(svg, "xiangqi"));
  // 32 tokens, each in the cell of its point (margin 40 with coordinates); White is red.
  const auto tokens = placed(svg);
  CHECK(tokens.size() == 32);
  CHECK(tokens == expected_tokens(d.position, 40, false));
  CHECK(count(svg, "xlink:href=\"#token-red-") == 16);
  CHECK(count(svg, "xlink:href=\"#token-black-") == 16);
  CHECK(has(svg, "<g id=\"token-red-general\">"));
  // No squares: no dark squares, no 100 x 100 rectangles.
  CHECK_FALSE(has(svg, "#b58762"));
  CHECK_FALSE(has(svg, "width=\"100\" height=\"100\""));
  // Points are cell centres: file a at x 90, file i at 890, rank 1 at y 990, rank 10 at 90.
  // Ranks run across the board; the outer files run through; the inner ones stop at the river.
  CHECK(has(svg, line(90, 990, 890, 990)));
  CHECK(has(svg, line(90, 90, 890, 90)));
  CHECK(has(svg, line(90, 990, 90, 90)));
  CHECK(has(svg, line(890, 990, 890, 90)));
  CHECK(has(svg, line(490, 990, 490, 590)));  // e1-e5
  CHECK(has(svg, line(490, 490, 490, 90)));   // e6-e10
  CHECK_FALSE(has(svg, line(490, 990, 490, 90)));
  // The palaces' diagonals: d1-f3 and f1-d3, d8-f10 and f8-d10.
  CHECK(has(svg, line(390, 990, 590, 790)));
  CHECK(has(svg, line(390, 790, 590, 990)));
  CHECK(has(svg, line(390, 290, 590, 90)));
  CHECK(has(svg, line(390, 90, 590, 290)));
  // Position marks: the corners round b3 (x 190, y 790), four of them; round a4 only the two
  // on the board's side.
  CHECK(has(svg, "class=\"marks\""));
  CHECK(has(svg, "M166 782H182V766"));  // b3, upper left
  CHECK(has(svg, "M214 798H198V814"));  // b3, lower right
  CHECK(has(svg, "M114 682H98V666"));   // a4, upper right
  CHECK_FALSE(has(svg, "M66 682H82V666"));
  // Files a-i and ranks 1-10 at the edges, under and beside the points.
  CHECK(has(svg, "<text x=\"90\" y=\"1068\">a</text>"));
  CHECK(has(svg, "<text x=\"890\" y=\"1068\">i</text>"));
  CHECK(has(svg, "<text x=\"20\" y=\"98\">10</text>"));
  CHECK(has(svg, "<text x=\"20\" y=\"998\">1</text>"));
}

TEST_CASE("points: janggi's files run through; blue and red tokens", "[render][points]") {
  const auto d = diagram("janggi", "");
  const std::string svg = render::to_svg(d, {});
  CHECK(parses_as_xml(svg, "janggi"));
  CHECK(placed(svg) == expected_tokens(d.position, 40, false));
  CHECK(placed(svg).size() == 32);
  CHECK(count(svg, "xlink:href=\"#token-blue-") == 16);
  CHECK(count(svg, "xlink:href=\"#token-red-") == 16);
  for (int x = 90; x <= 890; x += 100) CHECK(has(svg, line(x, 990, x, 90)));
  CHECK(has(svg, line(390, 990, 590, 790)));
  CHECK(has(svg, line(390, 90, 590, 290)));
  CHECK_FALSE(has(svg, "class=\"marks\""));
}

TEST_CASE("points: minixiangqi and manchu declare their boards too", "[render][points]") {
  const auto mini = diagram("minixiangqi", "");
  const std::string svg = render::to_svg(mini, {});
  CHECK(placed(svg) == expected_tokens(mini.position, 40, false));
  // 7x7: rank 1 at y 690; the palace c1-e3 is x 290..490, y 690..490; no river.
  CHECK(has(svg, line(290, 690, 490, 490)));
  CHECK(has(svg, line(390, 690, 390, 90)));
  // Manchu inherits xiangqi's board.
  std::string error;
  const rules::Variant* manchu = catalog::find_variant("manchu", "", error);
  REQUIRE(manchu);
  CHECK(manchu->diagram.points);
  CHECK(manchu->diagram.river);
  CHECK(manchu->diagram.palaces.size() == 2);
  // Boards of squares stay boards of squares.
  const std::string chess = render::to_svg(diagram("chess", ""), {});
  CHECK_FALSE(has(chess, "token-"));
  CHECK(has(chess, "#b58762"));
}

TEST_CASE("points: flipped, without coordinates, other themes", "[render][points]") {
  const auto d = diagram("xiangqi", "");
  render::SvgOptions o;
  o.flipped = true;
  o.coordinates = false;
  o.theme = "print";
  const std::string svg = render::to_svg(d, o);
  CHECK(parses_as_xml(svg, "flipped"));
  CHECK(placed(svg) == expected_tokens(d.position, 6, true));
  CHECK_FALSE(has(svg, "<text x=\"56\""));  // no file letters
  // Flipped: d1-f3 now runs from (56+5*100, 56) to (56+3*100, 256).
  CHECK(has(svg, line(556, 56, 356, 256)));
  CHECK(has(svg, "stroke=\"#000000\""));  // print: black lines on white
  // Marks still keep to the board: round a4 (now at the right edge) only the inner corners.
  CHECK(has(svg, "class=\"marks\""));
  for (const auto& theme : render::theme_names()) {
    o.theme = theme;
    CHECK(parses_as_xml(render::to_svg(d, o), theme));
  }
}

TEST_CASE("points: last move, check, effects and arrows land on the points", "[render][points]") {
  // The red cannon h3 to e3 (Che3): discs under h3 and e3.
  auto d = diagram("xiangqi", "", "Che3");
  d.arrows.push_back({rules::parse_square("e3", d.position.variant()),
                      rules::parse_square("e7", d.position.variant()), "#15781b"});
  d.arrows.push_back({rules::parse_square("b10", d.position.variant()),
                      rules::parse_square("b10", d.position.variant()), "#15781b"});
  d.squares.push_back({rules::parse_square("e5", d.position.variant()), "#e8b400"});
  const std::string svg = render::to_svg(d, {});
  CHECK(parses_as_xml(svg, "move"));
  CHECK(has(svg, "<circle cx=\"790\" cy=\"790\" r=\"49\" fill=\"#dcc43c\""));  // h3
  CHECK(has(svg, "<circle cx=\"490\" cy=\"790\" r=\"49\" fill=\"#dcc43c\""));  // e3
  CHECK(has(svg, "<circle cx=\"490\" cy=\"590\" r=\"49\" fill=\"#e8b400\""));  // e5
  CHECK(has(svg, "<path d=\"M499 790L499 434"));  // the arrow from e3's point up to e7's
  CHECK(has(svg, "<circle cx=\"190\" cy=\"90\" r=\"44\" fill=\"none\""));  // ring on b10
  CHECK(placed(svg) == expected_tokens(d.position, 40, false));
  // A check: the attacked general's point glows. Red's chariot gives check along rank 10.
  const auto check = diagram("xiangqi", "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", "Ra10+");
  const std::string checked = render::to_svg(check, {});
  CHECK(has(checked,
            "<circle cx=\"490\" cy=\"90\" r=\"49\" fill=\"url(#check)\" stroke=\"#e01818\""));
  CHECK_FALSE(has(checked, "width=\"100\" height=\"100\""));
}

TEST_CASE("points: a page of boards shares the grid and covers changed points with it",
          "[render][points]") {
  render::SharedDefs page({}, "p-");
  const auto start = diagram("xiangqi", "");
  const auto after = diagram("xiangqi", "", "Che3");
  const auto janggi = diagram("janggi", "");
  const std::string one = page.board(start, "L0");
  const std::string two = page.board(after, "L1", "L0");
  const std::string three = page.board(janggi, "L2");
  const std::string defs = page.defs();
  // Xiangqi's and janggi's backgrounds are not the same drawing: two board definitions.
  const std::regex board_id("<g id=\"p-(b9x10w\\d+p[0-9a-f]{8})\">");
  std::vector<std::string> ids;
  for (auto it = std::sregex_iterator(defs.begin(), defs.end(), board_id);
       it != std::sregex_iterator(); ++it)
    ids.push_back((*it)[1]);
  REQUIRE(ids.size() == 2);
  CHECK(ids[0] != ids[1]);
  const bool first = has(one, "<use href=\"#p-" + ids[0] + "\"/>");
  CHECK(first != has(one, "<use href=\"#p-" + ids[1] + "\"/>"));
  const std::string xiangqi_id = ids[first ? 0 : 1];
  CHECK(has(three, "<use href=\"#p-" + ids[first ? 1 : 0] + "\"/>"));
  // The second board builds on the first; the cannon's old point (h3) is covered with the grid.
  CHECK(has(two, "<use href=\"#L0\"/>"));
  CHECK(has(two, "<g transform=\"translate(740 740)\" clip-path=\"url(#p-cell)\"><use href=\"#p-" +
                     xiangqi_id + "\" x=\"-740\" y=\"-740\"/></g>"));
  CHECK(has(defs, "<clipPath id=\"p-cell\"><rect width=\"100\" height=\"100\"/></clipPath>"));
  CHECK(has(two, "<use href=\"#p-lmp\" x=\"740\" y=\"740\"/>"));
  CHECK(has(defs, "<circle id=\"p-lmp\""));
  // Every reference is defined.
  const std::string page_text = one + two + three + defs;
  const std::regex href("href=\"#([^\"]+)\"");
  for (auto it = std::sregex_iterator(page_text.begin(), page_text.end(), href);
       it != std::sregex_iterator(); ++it) {
    const std::string id = (*it)[1];
    INFO("reference #" << id);
    CHECK(has(page_text, "id=\"" + id + "\""));
  }
}

TEST_CASE("points: a variant file declares its board; bad declarations are refused",
          "[render][points][catalog]") {
  const auto file = [](const std::string& diagram, const std::string& board = "9, \"ranks\": 10") {
    return std::string(R"({"format": "xpgn-variant", "version": 1, "id": "pointy", "name": "Pointy",
      "board": {"files": )") +
           board + R"(},
      "pieces": [{"letter": "K", "name": "king", "betza": "W", "royal": true},
                 {"letter": "R", "name": "rook", "betza": "R"}],
      "start_fen": ")" +
           (board[0] == '9' ? "4k4/9/9/9/9/9/9/9/9/R3K4" : "2k2/5/5/5/R1K2") + R"( w - - 0 1",
      "diagram": )" +
           diagram + "}";
  };
  const auto errors = [](const std::string& text) {
    std::string all;
    for (const auto& e : catalog::try_text(text, "pointy.json")) all += e.text() + '\n';
    return all;
  };
  std::unique_ptr<rules::Variant> v;
  REQUIRE(catalog::try_text(file(R"({"style": "points", "river": true, "colors": ["green", "black"],
      "palaces": ["d1-f3"], "marks": "a4, i4"})"),
                            "pointy.json", &v)
              .empty());
  REQUIRE(v);
  CHECK(v->diagram.points);
  CHECK(v->diagram.river);
  CHECK(v->diagram.inks[0] == "green");
  REQUIRE(v->diagram.palaces.size() == 1);
  CHECK(v->diagram.palaces[0][0] == make_square(3, 0));
  CHECK(v->diagram.palaces[0][1] == make_square(5, 2));
  CHECK(v->diagram.marks == std::vector<Square>{make_square(0, 3), make_square(8, 3)});
  {
    const std::string svg =
        render::to_svg(render::Diagram{rules::Position::start(*v), {}, {}, {}, {}, {}}, {});
    CHECK(has(svg, "xlink:href=\"#token-green-rook\" x=\"40\" y=\"940\""));
    CHECK(has(svg, line(390, 990, 590, 790)));
  }
  // The default is squares.
  REQUIRE(catalog::try_text(file(R"({"river": false})"), "pointy.json", &v).empty());
  CHECK_FALSE(v->diagram.points);
  // Refusals name the place and the reason.
  CHECK(has(errors(file(R"("points")")), "/diagram: expected {\"style\": \"points\", ...}"));
  CHECK(has(errors(file(R"({"style": "dots"})")), "/diagram/style: expected \"squares\" or"));
  CHECK(has(errors(file(R"({"size": 3})")), "/diagram/size: unknown field 'size' of the diagram"));
  CHECK(has(errors(file(R"({"river": "yes"})")), "/diagram/river: expected true or false"));
  CHECK(has(errors(file(R"({"palaces": ["d1-f3", "d8-j10"]})")),
            "/diagram/palaces/1: 'j10' is not a square of the 9x10 board"));
  CHECK(has(errors(file(R"({"palaces": ["d1f3"]})")),
            "/diagram/palaces/0: expected two corners as \"d1-f3\""));
  CHECK(has(errors(file(R"({"palaces": ["d1-d3"]})")), "on one file or rank"));
  CHECK(has(errors(file(R"({"marks": "a4,z9"})")),
            "/diagram/marks: 'z9' is not a square of the 9x10 board"));
  CHECK(has(errors(file(R"({"colors": ["red"]})")), "/diagram/colors: expected White's and"));
  CHECK(has(errors(file(R"({"colors": ["red", "pink"]})")),
            "/diagram/colors/1: expected an ink (red, black, blue, green), found \"pink\""));
  CHECK(has(errors(file(R"({"colors": ["blue", "blue"]})")),
            "/diagram/colors/1: the two sides need different inks: both are \"blue\""));
  CHECK(has(errors(file(R"({"style": "points", "river": true})", "5, \"ranks\": 5")),
            "/diagram/river: a river runs between the two middle ranks"));
}
