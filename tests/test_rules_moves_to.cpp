// generate_moves_to(), which skips walking again the paths find_origins() saw clear, against
// its definition: generate_piece_moves_to() from each square find_origins() names, in turn,
// for every piece, destination and origin hint, in random games of every catalog variant
// (boards of 64 and 128 bits, shared squares, lame and jumping leaps, hops, marks).
#include <catch2/catch.hpp>

#include <string>

#include "test_support.hpp"
#include "xpgn/catalog/catalog.hpp"
#include "xpgn/rules/movegen.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

// The moves generate_moves_to() is defined to give for `piece` to `to` with hint `from`.
MoveList moves_by_definition(const Position& pos, Piece piece, Square to, Coord from) {
  Square origins[64];
  const int n = find_origins(pos, piece, to, origins, 64);
  MoveList out;
  for (int i = 0; i < n; ++i) {
    const Square s = origins[i];
    if ((from.has_file() && file_of(s) != from.file) ||
        (from.has_rank() && rank_of(s) != from.rank))
      continue;
    generate_piece_moves_to(pos, s, to, out, piece);
  }
  return out;
}

// The first piece, destination and hint for which generate_moves_to() differs from its
// definition (moves or their order); "" when there is none. Counts the non-empty answers.
std::string moves_to_problem(const Position& pos, std::size_t& answered) {
  const Variant& v = pos.variant();
  return test::first_piece_square_problem(pos, [&](Piece piece, Square to) -> std::string {
    const int tf = file_of(to), tr = rank_of(to);
    for (const Coord hint : {Coord{}, Coord{tf, -1}, Coord{-1, (tr + 1) % v.ranks}}) {
      MoveList fast;
      generate_moves_to(pos, piece, to, hint, fast);
      const MoveList slow = moves_by_definition(pos, piece, to, hint);
      answered += !fast.empty();
      bool same = fast.size() == slow.size();
      for (std::size_t i = 0; same && i < fast.size(); ++i) same = fast[i] == slow[i];
      if (!same)
        return std::string(1, v.pieces[piece.type()].letter) + " of colour " +
               std::to_string(index_of(piece.color())) + " to square " + square_name(to) + ": " +
               std::to_string(fast.size()) + " moves against " + std::to_string(slow.size());
    }
    return "";
  });
}

// moves_to_problem() in every position of `games` random games of at most `plies` plies in
// `v` (moves drawn from `seed`); returns the number of non-empty answers compared.
std::size_t compare_in_random_games(const Variant& v, std::uint64_t seed, int games, int plies) {
  std::size_t answered = 0;
  test::in_random_games(v, seed, games, plies,
                        [&](const Position& pos) { return moves_to_problem(pos, answered); });
  return answered;
}

}  // namespace

TEST_CASE("generate_moves_to: the moves generate_piece_moves_to gives from every origin",
          "[rules][bitboards]") {
  for (const rules::Variant* v : catalog::all_variants()) {
    INFO(v->id);
    CHECK(compare_in_random_games(*v, 0xD1B54A32D192ED03ull, 3, 40) > 100);
  }
}

TEST_CASE("generate_moves_to: lame and jumping leaps on a board without shared squares",
          "[rules][bitboards]") {
  // No catalog variant has such leaps without a layer rule: one made here, with a lame knight
  // and dabbaba, leaps over their first or some path square, and a bishop with them.
  const Variant& v = test::made_variant(
      "test-moves-to-leaps",
      R"("pieces": [{"letter": "N", "betza": "nNnDjHoAjG"}, {"letter": "B", "betza": "BnAoZ"}])");
  CHECK(compare_in_random_games(v, 0x94D049BB133111EBull, 4, 60) > 100);
}
