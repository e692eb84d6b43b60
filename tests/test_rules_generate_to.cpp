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

// The first component, piece type and square where may_generate() is true although
// may_generate_type() said it never is for that type, or "".
std::string type_filter_problem(const Position& pos, std::size_t& compared) {
  const Variant& v = pos.variant();
  for (const auto& c : v.components) {
    for (std::size_t t = 0; t < v.pieces.size(); ++t) {
      const auto type = static_cast<PieceType>(t);
      if (c->may_generate_type(v, type)) continue;
      for (int r = 0; r < v.ranks; ++r) {
        for (int f = 0; f < v.files; ++f) {
          ++compared;
          if (c->may_generate(pos, type, make_square(f, r)))
            return std::string(c->name()) + ": may_generate(" + v.pieces[t].name + ", " +
                   square_name(make_square(f, r)) + ") although may_generate_type() is false";
        }
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

TEST_CASE("may_generate_type: false only for piece types may_generate() never allows",
          "[rules][components]") {
  std::size_t filtered_variants = 0;
  for (const rules::Variant* v : catalog::all_variants()) {
    INFO(v->id);
    // The derived lists hold exactly the generators the filter lets through, for every type.
    REQUIRE(v->generators_for_type.size() == v->pieces.size());
    bool filtered = false;
    for (std::size_t t = 0; t < v->pieces.size(); ++t) {
      std::size_t allowed = 0;
      for (const RuleComponent* c : v->generators)
        allowed += c->may_generate_type(*v, static_cast<PieceType>(t));
      CHECK(v->generators_for_type[t].size() == allowed);
      filtered |= allowed < v->generators.size();
    }
    filtered_variants += filtered;
    const std::size_t compared = test::compare_without_bitboards(
        *v, 7, 6, 80, [&](const Position& pos, const Position&, std::size_t& n) {
          return type_filter_problem(pos, n);
        });
    // Something was compared exactly when some component declines some piece type (shatranj
    // and courier have no component that generates moves).
    bool declines = false;
    for (const auto& c : v->components)
      for (std::size_t t = 0; t < v->pieces.size(); ++t)
        declines |= !c->may_generate_type(*v, static_cast<PieceType>(t));
    CHECK((compared > 0) == declines);
  }
  // FIDE chess's castling and en passant, at least, are filtered by piece type.
  CHECK(filtered_variants > 0);
}
