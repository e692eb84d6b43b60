// Boards of points (a variant file's "diagram": {"style": "points", ...}): xiangqi, manchu,
// minixiangqi and janggi drawn as a grid of lines whose intersections the pieces stand on, with
// palaces, river and position marks; the pieces, highlights and arrows on the points; the catalog
// reading and refusing "diagram" objects; a page of such boards.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include "test_shell.hpp"
#include "xpgn/catalog/catalog.hpp"
#include "xpgn/render/render.hpp"
#include "xpgn/rules/variant.hpp"

using namespace xpgn;

namespace {

render::Diagram points_diagram(const std::string& variant, const std::string& fen = "",
                               const std::string& move = "") {
  std::string error;
  auto d = render::diagram_from_fen(variant, "", fen, move, error);
  INFO(variant << " " << fen << " " << move << ": " << error);
  REQUIRE(d.has_value());
  return *d;
}

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

}  // namespace

TEST_CASE("points: xiangqi's start stands on the points of a 9x10 grid", "[render][points]") {
  const auto d = points_diagram("xiangqi");
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
  const auto d = points_diagram("janggi");
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
  const auto mini = points_diagram("minixiangqi");
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
  const std::string chess = render::to_svg(points_diagram("chess"), {});
  CHECK_FALSE(has(chess, "token-"));
  CHECK(has(chess, "#b58762"));
}

TEST_CASE("points: flipped, without coordinates, other themes", "[render][points]") {
  const auto d = points_diagram("xiangqi");
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
  auto d = points_diagram("xiangqi", "", "Che3");
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
  const auto check = points_diagram("xiangqi", "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", "Ra10+");
  const std::string checked = render::to_svg(check, {});
  CHECK(has(checked,
            "<circle cx=\"490\" cy=\"90\" r=\"49\" fill=\"url(#check)\" stroke=\"#e01818\""));
  CHECK_FALSE(has(checked, "width=\"100\" height=\"100\""));
}

TEST_CASE("points: a page of boards shares the grid and covers changed points with it",
          "[render][points]") {
  render::SharedDefs page({}, "p-");
  const auto start = points_diagram("xiangqi");
  const auto after = points_diagram("xiangqi", "", "Che3");
  const auto janggi = points_diagram("janggi");
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
  CHECK(has(errors(file(R"({"style": "points", "river": true})", "5, \"ranks\": 5")),
            "/diagram/river: a river runs between the two middle ranks"));
}
