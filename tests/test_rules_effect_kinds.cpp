// Components own their effects (issue 36, item 3): an effect kind is declared by the rule that
// causes it, with its JSON name and its diagram look, and the JSON writer, the facade and the
// SVG writer read both from the kind. A component defined here, outside the library, marks the
// square each move arrives on with a kind of its own; no list of kinds knows it.
#include <catch2/catch.hpp>

#include <memory>
#include <set>
#include <sstream>
#include <string>

#include "test_support.hpp"
#include "xpgn/catalog/registry.hpp"
#include "xpgn/emit/json.hpp"
#include "xpgn/render/effect_style.hpp"
#include "xpgn/render/render.hpp"
#include "xpgn/rules/component.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

constexpr EffectKindInfo arrival_info{"arrival_marked", {"#123456", true}};
const EffectKind arrival = EffectKind::define(arrival_info);

// Adds an `arrival` effect on the square every move arrives on.
class MarksArrival final : public RuleComponent {
 public:
  std::string_view name() const override { return "marks arrival"; }
  Declaration declaration() const override { return {.hooks = hook_apply}; }
  void apply(const Position&, const Move& move, Position& after,
             EffectList* effects) const override {
    if (effects && move.to != no_square)
      effects->push_back({arrival, move.to, no_square, after.at(move.to)});
  }
};

// Chess with MarksArrival (registered and loaded once).
const Variant& arrival_chess() {
  std::string error;
  if (const Variant* v = catalog::find_variant("arrival-chess", "", error)) return *v;
  catalog::register_component({"marks-arrival",
                               "marks the square each move arrives on (a test's own effect kind)",
                               [](catalog::Params&, rules::VariantSpec& v) {
                                 v.components.push_back(std::make_shared<MarksArrival>());
                               }});
  return test::made_variant("arrival-chess", R"("components": [{"name": "marks-arrival"}])");
}

}  // namespace

TEST_CASE("effect kinds: every built-in kind has its own name", "[rules][effects]") {
  const EffectKind all[] = {
      EffectKind::capture,         EffectKind::rook_castled,    EffectKind::promotion,
      EffectKind::birth,           EffectKind::reserve_pawn,    EffectKind::to_reentry,
      EffectKind::reentry_lost,    EffectKind::pushed,          EffectKind::teleported,
      EffectKind::portal_declared, EffectKind::portal_vanished, EffectKind::piece_removed,
      EffectKind::pregnant,        EffectKind::catacomb_switch, EffectKind::exploded,
      EffectKind::to_hand,         EffectKind::check_counted,   EffectKind::gated};
  std::set<std::string_view> names;
  for (EffectKind k : all) {
    CHECK(k != arrival);
    CHECK(emit::effect_name(k) == k.name());
    names.insert(k.name());
  }
  CHECK(names.size() == EffectKind::builtin_count);
  CHECK(EffectKind::capture.name() == "capture");
  CHECK(EffectKind::to_hand.name() == "to_hand");
  CHECK(EffectKind{} == EffectKind::capture);
}

TEST_CASE("effect kinds: a component's own kind is written and drawn as it declares",
          "[rules][effects]") {
  const Variant& v = arrival_chess();
  CHECK(arrival.name() == "arrival_marked");
  CHECK(emit::effect_name(arrival) == "arrival_marked");
  const render::detail::EffectStyle style = render::detail::effect_style(arrival);
  CHECK(style.color == "#123456");
  CHECK(style.dashed);
  CHECK_FALSE(style.connector);

  // 1. e4 arrives on e4; 2. exd5 captures on d5 and arrives there: two effects.
  const auto games = test::replay("[Variant \"arrival-chess\"]\n\n1. e4 d5 2. exd5 *\n");
  REQUIRE(games.size() == 1);
  const record::Game& g = games[0];
  CHECK(g.diagnostics.empty());
  REQUIRE(g.moves.size() == 3);
  REQUIRE(g.moves[0].effects.size() == 1);
  CHECK(g.moves[0].effects[0].kind == arrival);
  CHECK(g.moves[0].effects[0].square == test::sq("e4"));
  bool captured = false, arrived = false;
  for (const Effect& e : g.moves[2].effects) {
    captured |= e.kind == EffectKind::capture && e.square == test::sq("d5");
    arrived |= e.kind == arrival && e.square == test::sq("d5");
  }
  CHECK(captured);
  CHECK(arrived);
  std::ostringstream json;
  emit::write_game_json(json, g);
  CHECK(json.str().find("{\"kind\":\"arrival_marked\",\"piece\":\"P\",\"square\":\"e4\"") !=
        std::string::npos);

  // The diagram after 1. e4 outlines e4 in the kind's colour, dashed.
  REQUIRE(g.moves[0].after.has_value());
  render::Diagram d{*g.moves[0].after, g.moves[0].move, {}, {}, {}, ""};
  for (const Effect& e : g.moves[0].effects) d.effects.push_back(e);
  const std::string svg = render::to_svg(d, render::SvgOptions{});
  CHECK(svg.find("#123456") != std::string::npos);
  (void)v;
}
