// RuleComponent::generate_to() against generate(): in random games of every catalog variant,
// for every component and square, the moves generate() makes that end on the square are
// those generate_to() makes that end there, in the same order (SAN resolution and move
// writing rely on it; components that override it: crazyhouse's pockets, Reproduction's
// births).
#include <catch2/catch.hpp>

#include <string>

#include "test_support.hpp"
#include "xpgn/catalog/catalog.hpp"
#include "xpgn/rules/component.hpp"
#include "xpgn/rules/movegen.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

// The moves of `list` that end on `to`.
MoveList ending_on(const MoveList& list, Square to) {
  MoveList out;
  for (const Move& m : list)
    if (m.to == to) out.push_back(m);
  return out;
}

// The first component and square where generate_to() disagrees with generate(), or "".
std::string generate_to_problem(const Position& pos, std::size_t& compared,
                                std::size_t& moves_seen) {
  const Variant& v = pos.variant();
  for (const auto& c : v.components) {
    MoveList all;
    c->generate(pos, all);
    for (int r = 0; r < v.ranks; ++r) {
      for (int f = 0; f < v.files; ++f) {
        const Square to = make_square(f, r);
        MoveList some;
        c->generate_to(pos, to, some);
        const MoveList want = ending_on(all, to), got = ending_on(some, to);
        ++compared;
        moves_seen += want.size();
        if (want.size() != got.size())
          return std::string(c->name()) + " on " + square_name(to) + ": " +
                 std::to_string(got.size()) + " moves instead of " + std::to_string(want.size());
        for (std::size_t i = 0; i < want.size(); ++i)
          if (!(want[i] == got[i]))
            return std::string(c->name()) + " on " + square_name(to) + ": move " +
                   std::to_string(i) + " differs";
      }
    }
  }
  return "";
}

}  // namespace

TEST_CASE("generate_to: the moves of generate() that end on a square in the same order",
          "[rules][components]") {
  for (const rules::Variant* v : catalog::all_variants()) {
    INFO(v->id);
    std::size_t moves_seen = 0;
    const std::size_t compared = test::compare_without_bitboards(
        *v, 7, 6, 80, [&](const Position& pos, const Position&, std::size_t& n) {
          return generate_to_problem(pos, n, moves_seen);
        });
    CHECK(compared > 0);
    // The variants whose components override generate_to() did make such moves.
    if (v->id == "crazyhouse" || v->id == "reproduction") CHECK(moves_seen > 0);
  }
}
