// resolve() matches a move token that writes no second action without reading the token's second
// actions (the fast path of match_piece_move). This compares it with the general matching: the
// same token with a pregnant-queen square set (which a move token never reads, but which makes
// the token count as writing second actions) must resolve alike. Random games in every built-in
// variant (fixed seeds); every legal move's token is tried as written and with its second
// actions left out (near misses, forced relocations, ambiguities).
#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "test_support.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

// The token without its second actions ("Qd4,P@e4" -> "Qd4", "Nxe5>e6" -> "Nxe5").
SanToken without_second_actions(SanToken t) {
  t.birth_piece = t.birth_promotion = t.gate_piece = 0;
  t.birth_square = t.relocation = t.push = t.pair_a = t.pair_b = t.gate_square = Coord{};
  return t;
}

// "" when `token` resolves alike on the fast path and on the general one, else what differs.
std::string compare_paths(const Position& pos, const SanToken& token) {
  if (token.kind != TokenKind::move || token.has_second_actions()) return {};
  SanToken general = token;
  general.pass_queen = {0, 0};
  const Resolution fast = resolve(pos, token);
  const Resolution slow = resolve(pos, general);
  if (fast.error == slow.error && (fast.error != MoveError::none || fast.move == slow.move) &&
      fast.check_mark_wrong == slow.check_mark_wrong &&
      fast.check_mark_missing == slow.check_mark_missing)
    return {};
  return pos.fen() + ": " + format_san(token) + " -> '" + fast.message + "' / '" + slow.message +
         "'";
}

}  // namespace

TEST_CASE("a move token without second actions resolves as the general matching does",
          "[rules][san]") {
  SanToken general;
  general.pass_queen = {0, 0};
  REQUIRE(general.has_second_actions());  // the general matching is what is compared with
  std::uint64_t seed = 20261126;
  long compared = 0, stripped = 0;
  for (const auto& recipe : catalog::entries()) {
    if (!recipe.builtin) continue;
    const Variant& v = test::variant(recipe.id);
    std::mt19937_64 rng(++seed);
    Position pos = Position::start(v);
    std::vector<std::string> failures;
    for (int ply = 0; ply < 120; ++ply) {
      MoveList legal;
      generate_legal(pos, legal);
      if (legal.empty()) break;
      for (const Move& m : legal) {
        const SanToken token = to_token(pos, m);
        const SanToken plain = without_second_actions(token);
        for (const SanToken& t : {token, plain}) {
          const std::string diff = compare_paths(pos, t);
          if (!diff.empty() && failures.size() < 5) failures.push_back(diff);
        }
        ++compared;
        stripped += token.has_second_actions();
      }
      pos = play(pos, legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)]);
    }
    std::string examples;
    for (const auto& f : failures) examples += "\n  " + f;
    INFO(recipe.id << ":" << examples);
    CHECK(failures.empty());
  }
  // The games reach moves with second actions, whose stripped tokens are near misses.
  CHECK(compared > 10000);
  CHECK(stripped > 100);
}
