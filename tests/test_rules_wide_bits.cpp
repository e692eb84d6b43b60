// Bit boards of up to 128 squares (Variant::wide_bits): the 128-bit set type, which boards
// take which path, and the attack test and find_origins() on 8x10 and 10x8 boards against the
// square-by-square code (Variant::Geometry::squares_only) on random games.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "test_support.hpp"
#include "xpgn/rules/movegen.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

// find_origins() as a sorted list (no_square at the end for -1).
std::vector<Square> origins(const Position& pos, Piece piece, Square to) {
  Square out[64];
  const int n = find_origins(pos, piece, to, out, 64);
  std::vector<Square> list(out, out + std::max(n, 0));
  std::sort(list.begin(), list.end());
  if (n < 0) list.push_back(no_square);
  return list;
}

// The squares of `candidates` from which `piece` has a basic move to `to`.
std::vector<Square> movers(const Position& pos, Piece piece, Square to,
                           const std::vector<Square>& candidates) {
  std::vector<Square> list;
  for (Square from : candidates) {
    if (from == no_square) continue;
    MoveList moves;
    generate_piece_moves_to(pos, from, to, moves, piece);
    if (!moves.empty()) list.push_back(from);
  }
  return list;
}

// True if find_origins() of `fast` (bit boards) names a subset of the squares the walk of
// `slow` names, and the same squares with a move to `to` (the walk may name more candidates:
// the bit search skips atoms that cannot land on `to` as it is).
bool same_origins(const Position& fast, const Position& slow, Piece piece, Square to) {
  const std::vector<Square> a = origins(fast, piece, to), b = origins(slow, piece, to);
  if (!std::includes(b.begin(), b.end(), a.begin(), a.end())) return false;
  return movers(fast, piece, to, a) == movers(slow, piece, to, b);
}

// Differences between the bit-board position `fast` and the same position `slow` of the
// variant without bit boards: the occupied sets, is_attacked() on every square for both
// colours, find_origins() of every piece on every square, in_check() and the legal moves.
// Counts the comparisons made in `compared`; returns a description of the first difference.
std::string differences(const Position& fast, const Position& slow, std::size_t& compared) {
  const Variant& v = fast.variant();
  for (int r = 0; r < v.ranks; ++r) {
    for (int f = 0; f < v.files; ++f) {
      const Square s = make_square(f, r);
      const int bit = v.bit_of[s];
      for (Color c : {Color::white, Color::black}) {
        const Bits128 own = fast.wide_occupied(c);
        const bool set = ((bit < 64 ? own.lo >> bit : own.hi >> (bit - 64)) & 1u) != 0;
        const bool there = !fast.at(s).empty() && fast.at(s).color() == c;
        if (set != there) return "occupied bit of square " + std::to_string(s);
        ++compared;
        if (is_attacked(fast, s, c) != is_attacked(slow, s, c))
          return "is_attacked on square " + std::to_string(s);
        for (std::size_t t = 0; t < v.pieces.size(); ++t) {
          const Piece p = make_piece(c, static_cast<PieceType>(t));
          ++compared;
          if (!same_origins(fast, slow, p, s))
            return "find_origins of " + std::string(1, v.pieces[t].letter) + " to square " +
                   std::to_string(s);
        }
      }
    }
  }
  if (in_check(fast) != in_check(slow)) return "in_check";
  MoveList a, b;
  generate_legal(fast, a);
  generate_legal(slow, b);
  if (a.size() != b.size()) return "number of legal moves";
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!(a[i] == b[i])) return "legal move " + std::to_string(i);
  return "";
}

// Random games in `v` and in its copy without bit boards, compared in every position by
// differences(); returns the number of comparisons.
std::size_t compare_random_games(const Variant& v, int games, int plies) {
  return test::compare_without_bitboards(v, 0x2545F4914F6CDD1Dull, games, plies, differences);
}

// The variants on boards of 65..128 squares: two from the catalog, and Reproduction Chess on
// 10x8 from its definition file (tests/data/variants).
std::vector<const Variant*> wide_variants() {
  std::string error;
  if (!catalog::find_variant("reproduction-10x8", "", error)) {  // loaded once per run
    const std::string file = std::string(XPGN_TEST_DATA) + "/variants/reproduction-10x8.json";
    REQUIRE(catalog::load_files({file}).empty());
  }
  return {&test::variant("reservists"), &test::variant("capablanca"),
          &test::variant("reproduction-10x8")};
}

}  // namespace

TEST_CASE("Bits128: lowest and highest bits across both words", "[rules][bitboards]") {
  for (int i : {0, 1, 63, 64, 65, 127}) {
    Bits128 set;
    add_bit(set, i);
    CHECK(lowest_bit(set) == i);
    CHECK(highest_bit(set) == i);
    CHECK_FALSE(without_lowest(set));
  }
  Bits128 two;
  add_bit(two, 5);
  add_bit(two, 100);
  CHECK(lowest_bit(two) == 5);
  CHECK(highest_bit(two) == 100);
  CHECK(lowest_bit(without_lowest(two)) == 100);
  CHECK((two & Bits128{0, ~std::uint64_t{0}}) == Bits128{0, std::uint64_t{1} << 36});
}

TEST_CASE("bit boards: 64-bit sets up to 64 squares, 128-bit sets up to 128, none beyond",
          "[rules][bitboards]") {
  const Variant& chess = test::variant("chess");
  CHECK(chess.bitboards);
  CHECK_FALSE(chess.wide_bits);
  CHECK(chess.fast_attacks);
  for (const Variant* wide : wide_variants()) {
    const Variant& v = *wide;
    INFO(v.id);
    CHECK(v.files * v.ranks == 80);
    CHECK(v.bitboards);
    CHECK(v.wide_bits);
    CHECK_FALSE(v.pieces[0].wide_origin_rays[0].empty());
    CHECK(v.pieces[0].origin_rays[0].empty());
  }
  CHECK(test::variant("reservists").fast_attacks);
  CHECK(test::variant("capablanca").fast_attacks);
  // A board of more than 128 squares keeps the square-by-square code.
  VariantSpec spec = chess.spec();
  spec.files = 12;
  spec.ranks = 12;
  spec.start_fen = "4k7/12/12/12/12/12/12/12/12/12/12/4K7 w - - 0 1";
  const Variant big(std::move(spec));
  CHECK_FALSE(big.bitboards);
  CHECK_FALSE(big.wide_bits);
  CHECK_FALSE(big.fast_attacks);
}

TEST_CASE("128-bit boards: attacks and find_origins agree with the square-by-square code",
          "[rules][bitboards]") {
  for (const Variant* wide : wide_variants()) {
    const Variant& v = *wide;
    INFO(v.id);
    REQUIRE(v.wide_bits);
    CHECK(compare_random_games(v, 12, 120) > 100000);
  }
}

TEST_CASE("64-bit boards: attacks and find_origins agree with the square-by-square code",
          "[rules][bitboards]") {
  const Variant& chess = test::variant("chess");
  REQUIRE(chess.bitboards);
  REQUIRE_FALSE(chess.wide_bits);
  CHECK(compare_random_games(chess, 6, 120) > 10000);
}
