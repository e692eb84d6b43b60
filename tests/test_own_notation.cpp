// A notation of a variant's own (rules/own_notation.hpp; issue 39's WXF and ICCS, issue 36's
// "a component says what it is through its declaration"): the variants that have one come from
// their component, the writers refuse a game whose variant lacks the notation asked for, and
// every reader of moves (replay, render --move, the facade's positions) reads the coordinates.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "test_support.hpp"
#include "xpgn/catalog/catalog.hpp"
#include "xpgn/emit/writer.hpp"
#include "xpgn/position_api.hpp"
#include "xpgn/render/render.hpp"
#include "xpgn/rules/own_notation.hpp"
#include "xpgn/rules/xiangqi_notation.hpp"
#include "xpgn/xpgn.hpp"

using namespace xpgn;

namespace {

// The name of `id`'s own notation, "" when it has none.
std::string own_notation_of(const std::string& id) {
  const rules::Variant& v = test::variant(id);
  return v.own_notation ? std::string(v.own_notation->name()) : std::string();
}

const char* const chess_game = "[Event \"c\"]\n\n1. e4 e5 2. Nf3 *\n";
const char* const xiangqi_game = "[Event \"x\"]\n[Variant \"xiangqi\"]\n\n1. Che3 Hg8 *\n";

}  // namespace

TEST_CASE(
    "Own notation: the xiangqi family's and janggi's come from their components, no other "
    "variant has one",
    "[wxf][iccs][catalog]") {
  CHECK(own_notation_of("xiangqi") == "wxf");
  CHECK(own_notation_of("manchu") == "wxf");  // inherited from xiangqi's definition
  CHECK(own_notation_of("minixiangqi") == "wxf");
  // (The built-in variants only: tests run in one process may have loaded children of xiangqi.)
  std::vector<std::string> builtin;
  for (const auto& entry : catalog::entries())
    if (entry.builtin) builtin.push_back(entry.id);
  for (const rules::Variant* v : catalog::all_variants()) {
    if (std::find(builtin.begin(), builtin.end(), v->id) == builtin.end()) continue;
    INFO(v->id);
    const bool family = v->id == "xiangqi" || v->id == "manchu" || v->id == "minixiangqi";
    const bool janggi = v->id.starts_with("janggi");  // Korean coordinates (test_rules_korean)
    CHECK((v->own_notation != nullptr) == (family || janggi));
    if (janggi) CHECK(own_notation_of(v->id) == "korean");
  }
  CHECK(catalog::own_notation_names() == std::vector<std::string>{"korean", "wxf"});
  CHECK(emit::parse_format("wxf") == emit::Format::notation);
  CHECK_FALSE(emit::parse_format("wxg"));
  const auto names = emit::format_names();
  CHECK(std::find(names.begin(), names.end(), "wxf") != names.end());
  CHECK(std::find(names.begin(), names.end(), "pgn") != names.end());
}

TEST_CASE("Own notation: a user's variant gets it by naming the component, within its limits",
          "[wxf][iccs][catalog]") {
  // Chess with the component: WXF is written for it, and ICCS read.
  const rules::Variant& v =
      test::made_variant("wxf-chess", R"("components": [{"name": "xiangqi-notation"}])");
  REQUIRE(v.own_notation != nullptr);
  CHECK(v.own_notation->name() == "wxf");
  CHECK(v.own_notation->coordinates_name() == "ICCS");
  // Ten files: WXF has one digit per file, so the definition is refused with the reason.
  const std::string wide = R"({"format": "xpgn-variant", "version": 1, "id": "wxf-wide",
    "base": "capablanca", "components": [{"name": "xiangqi-notation"}]})";
  const auto errors = catalog::load_text(wide, "wxf-wide.json");
  REQUIRE_FALSE(errors.empty());
  INFO(errors[0].text());
  CHECK(errors[0].text().find("at most 9 files") != std::string::npos);
  // The same component twice: the catalog refuses the list.
  const std::string twice = R"({"format": "xpgn-variant", "version": 1, "id": "wxf-twice",
    "base": "chess", "components": [{"name": "xiangqi-notation"}, {"name": "xiangqi-notation"}]})";
  const auto twice_errors = catalog::load_text(twice, "wxf-twice.json");
  REQUIRE_FALSE(twice_errors.empty());
  INFO(twice_errors[0].text());
  CHECK(twice_errors[0].text().find("listed twice") != std::string::npos);
  // Two notations of the variant's own in a spec built in C++: the constructor refuses it.
  rules::VariantSpec spec = test::variant("chess").spec();
  spec.components.push_back(rules::make_xiangqi_notation());
  spec.components.push_back(rules::make_xiangqi_notation());
  CHECK_THROWS_WITH(rules::Variant(spec), Catch::Contains("second notation"));
}

TEST_CASE("Own notation: the game writer refuses a game whose variant lacks it", "[wxf][emit]") {
  const auto chess = test::replay(chess_game);
  const auto xiangqi = test::replay(xiangqi_game);
  REQUIRE(chess.size() == 1);
  REQUIRE(xiangqi.size() == 1);
  emit::PgnOptions options;
  options.notation = "wxf";
  std::ostringstream out;
  emit::GameWriter writer(out, emit::Format::notation, options);
  const std::string why = writer.refusal(chess[0]);
  INFO(why);
  CHECK(why.find("wxf is written for Xiangqi") != std::string::npos);
  CHECK(why.find("not for FIDE chess") != std::string::npos);
  CHECK_FALSE(writer.write(chess[0]));
  CHECK(out.str().empty());
  std::string rendered;
  CHECK_FALSE(writer.render(chess[0], rendered));
  CHECK(rendered.empty());
  CHECK(writer.refusal(xiangqi[0]).empty());
  CHECK(writer.write(xiangqi[0]));
  CHECK(out.str().find("1. C2.5 H8+7 *") != std::string::npos);
  // The same through the facade: an error naming the game, and no file.
  const auto dir =
      std::filesystem::temp_directory_path() / ("xpgn-own-notation-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "out.pgn").string();
  const std::string error = write_games(path, {xiangqi[0], chess[0]}, "wxf");
  INFO(error);
  CHECK(error.find("game 2: wxf is written for") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(path));
  CHECK(write_games(path, {xiangqi[0]}, "wxf").empty());
  CHECK(test::file_text(path).find("C2.5") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("Own notation: render --move and the facade's positions read ICCS as a game does",
          "[iccs][render]") {
  std::string error;
  // h0g2: only ICCS has rank 0 (the horse h1-g3 in xpgn's coordinates).
  auto diagram = render::diagram_from_fen("xiangqi", "", "", "h0g2", error);
  INFO(error);
  REQUIRE(diagram);
  CHECK(diagram->title.find("Hg3") != std::string::npos);
  auto upper = render::diagram_from_fen("xiangqi", "", "", "H2-E2", error);
  REQUIRE(upper);
  CHECK(upper->title.find("Che3") != std::string::npos);
  CHECK_FALSE(render::diagram_from_fen("chess", "", "", "g0f2", error));
  CHECK(error.find("not in FIDE chess") != std::string::npos);

  auto start = make_position("xiangqi", "", "", error);
  REQUIRE(start);
  auto played = play_move(*start, "h0g2", error);
  INFO(error);
  REQUIRE(played);
  CHECK(played->text.san == "Hg3");
  // b2e2: no move in UCI (b2 is empty), the cannon b3-e3 in ICCS.
  auto iccs_only = play_move(*start, "b2e2", error);
  INFO(error);
  REQUIRE(iccs_only);
  CHECK(iccs_only->text.san == "Cbe3");
}
