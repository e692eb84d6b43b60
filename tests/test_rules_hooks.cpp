// Playing and finding moves calls only the rule components that declare the hook
// (Declaration::hooks: Variant::appliers, finishers, allowers, generators). A component left
// out of a list must do nothing there: checked in random games of every catalog variant, for
// every pseudo-legal move (and every square, for the moves a component makes).
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "test_support.hpp"
#include "xpgn/catalog/catalog.hpp"
#include "xpgn/rules/component.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/variant.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

bool listed(const std::vector<const RuleComponent*>& list, const RuleComponent* c) {
  return std::find(list.begin(), list.end(), c) != list.end();
}

// The same position as far as FEN and key tell.
bool same(const Position& a, const Position& b) {
  return a.fen() == b.fen() && a.key() == b.key();
}

// For each move of `pos` and each component outside a hook's list: the first hook that acted
// (changed the position, reported an effect, refused the move, or made moves); "" if none did.
std::string hook_problem(const Position& pos, std::size_t& asked) {
  const Variant& v = pos.variant();
  MoveList pseudo;
  generate_pseudo_legal(pos, pseudo);
  for (const Move& m : pseudo) {
    const Position after = play(pos, m);
    const std::string move = square_name(m.from) + "-" + square_name(m.to);
    for (const auto& owned : v.components) {
      const RuleComponent* c = owned.get();
      const std::string who = std::string(c->name()) + " after " + move;
      if (!listed(v.appliers, c)) {
        Position probe = pos;
        EffectList effects;
        c->apply(pos, m, probe, &effects);
        ++asked;
        if (!same(probe, pos) || !effects.empty()) return who + ": apply() acted";
      }
      if (!listed(v.finishers, c)) {
        Position probe = after;
        c->finish(probe);
        ++asked;
        if (!same(probe, after)) return who + ": finish() acted";
      }
      if (!listed(v.allowers, c)) {
        ++asked;
        if (!c->allows(pos, m, after)) return who + ": allows() refused";
      }
    }
  }
  for (const auto& owned : v.components) {
    const RuleComponent* c = owned.get();
    if (listed(v.generators, c)) continue;
    MoveList made;
    c->generate(pos, made);
    for (int s = 0; s < v.files * v.ranks && made.empty(); ++s)
      c->generate_to(pos, make_square(s % v.files, s / v.files), made);
    ++asked;
    if (!made.empty()) return std::string(c->name()) + ": generate() or generate_to() made moves";
  }
  return "";
}

}  // namespace

TEST_CASE("rule hooks: a component outside a hook's list does nothing there", "[rules][hooks]") {
  for (const Variant* v : catalog::all_variants()) {
    std::size_t asked = 0;
    test::in_random_games(*v, 0xBF58476D1CE4E5B9ull, 3, 40,
                          [&](const Position& pos) { return hook_problem(pos, asked); });
    INFO(v->id);
    CHECK(asked > 100);
  }
}

TEST_CASE("rule hooks: the lists keep the order of the components", "[rules][hooks]") {
  for (const Variant* v : catalog::all_variants()) {
    INFO(v->id);
    std::size_t a = 0, f = 0, l = 0, g = 0;
    for (const auto& c : v->components) {
      const unsigned hooks = c->declaration().hooks;
      if (hooks & hook_apply) REQUIRE((a < v->appliers.size() && v->appliers[a++] == c.get()));
      if (hooks & hook_finish) REQUIRE((f < v->finishers.size() && v->finishers[f++] == c.get()));
      if (hooks & hook_allows) REQUIRE((l < v->allowers.size() && v->allowers[l++] == c.get()));
      if (hooks & hook_generate)
        REQUIRE((g < v->generators.size() && v->generators[g++] == c.get()));
    }
    CHECK(a == v->appliers.size());
    CHECK(f == v->finishers.size());
    CHECK(l == v->allowers.size());
    CHECK(g == v->generators.size());
  }
}
