// The attack test on bit boards (Variant::fast_attacks) against the square-by-square probes
// (Variant::Geometry::squares_only) on random games, for boards whose squares may hold two pieces
// (Maxim), whose pieces may be disarmed (Reproduction's barren pieces), with hopping pieces
// (Reservists' cannon) and lame or jumping leaps (Maxim's knight); and find_origins() where
// pieces may share squares.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <string>

#include "test_support.hpp"
#include "xpgn/catalog/catalog.hpp"
#include "xpgn/rules/movegen.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

// The first square and colour on which is_attacked() differs between `fast` (bit boards) and
// `slow` (the same position without them), or "" when it agrees everywhere and so does
// in_check(). Counts the comparisons in `compared`.
std::string attack_difference(const Position& fast, const Position& slow, std::size_t& compared) {
  const Variant& v = fast.variant();
  for (int r = 0; r < v.ranks; ++r) {
    for (int f = 0; f < v.files; ++f) {
      const Square s = make_square(f, r);
      for (Color c : {Color::white, Color::black}) {
        ++compared;
        if (is_attacked(fast, s, c) != is_attacked(slow, s, c))
          return "is_attacked on square " + std::to_string(s) + " by colour " +
                 std::to_string(index_of(c));
      }
    }
  }
  if (in_check(fast) != in_check(slow)) return "in_check";
  return "";
}

// The first piece and destination for which find_origins() misses a square from which that
// piece has a basic move there (generate_piece_moves_to()), or names squares out of board
// order where pieces may share squares; "" when there is none.
std::string origins_problem(const Position& pos) {
  const Variant& v = pos.variant();
  return test::first_piece_square_problem(pos, [&](Piece piece, Square to) -> std::string {
    Square out[64];
    const int n = find_origins(pos, piece, to, out, 64);
    const std::string what = std::string(1, v.pieces[piece.type()].letter) + " to square " +
                             std::to_string(to) + " of colour " +
                             std::to_string(index_of(piece.color()));
    if (n < 0) return "no origins for " + what;
    if (v.layer_rule && !std::is_sorted(out, out + n)) return "unsorted origins for " + what;
    for (int r = 0; r < v.ranks; ++r) {
      for (int f = 0; f < v.files; ++f) {
        const Square s = make_square(f, r);
        if (pos.at(s) != piece && pos.under(s) != piece) continue;
        MoveList moves;
        generate_piece_moves_to(pos, s, to, moves, piece);
        if (!moves.empty() && std::find(out, out + n, s) == out + n)
          return "origin " + std::to_string(s) + " missing for " + what;
      }
    }
    return "";
  });
}

// Random games in `v` and in its copy without bit boards, compared in every position by
// attack_difference(); returns the number of comparisons.
std::size_t compare_attacks(const Variant& v, int games, int plies) {
  return test::compare_without_bitboards(v, 0x9E3779B97F4A7C15ull, games, plies, attack_difference);
}

}  // namespace

TEST_CASE("find_origins: names every square a piece moves from, also where pieces share squares",
          "[rules][bitboards]") {
  for (const char* id : {"maxim", "chess", "reservists"}) {
    const Variant& v = test::variant(id);
    test::Random random{0x2545F4914F6CDD1Dull ^ std::hash<std::string>{}(v.id)};
    int layered = 0;
    for (int game = 0; game < 6; ++game) {
      Position pos = Position::start(v);
      for (int ply = 0; ply < 80; ++ply) {
        INFO(v.id << " game " << game << " ply " << ply << ": " << pos.fen());
        REQUIRE(origins_problem(pos) == "");
        layered += pos.layered_count();
        MoveList moves;
        generate_legal(pos, moves);
        if (moves.empty()) break;
        pos = play(pos, moves[random.below(moves.size())]);
      }
    }
    if (v.layer_rule) CHECK(layered > 0);  // the games did put pieces on shared squares
  }
}

TEST_CASE("attack bits: every bit board finds attacks with bit sets", "[rules][bitboards]") {
  for (const char* id : {"chess", "maxim", "reproduction", "reservists", "crazyhouse"}) {
    INFO(id);
    CHECK(test::variant(id).fast_attacks);
  }
  CHECK(test::variant("chess").plain_attackers);
  CHECK_FALSE(test::variant("maxim").plain_attackers);  // two pieces on a square
}

TEST_CASE("attack bits: agree with the square-by-square probes on random games",
          "[rules][bitboards]") {
  for (const char* id : {"maxim", "reproduction", "reservists", "battle-of-the-kings", "reenterent",
                         "atomic", "crazyhouse", "seirawan"}) {
    INFO(id);
    CHECK(compare_attacks(test::variant(id), 12, 120) > 0);
  }
  // Maxim's knight with option knight-wide (a leap over some occupied square), and a variant
  // made here with every kind of conditioned leap: lame knights and dabbabas, a leap over its
  // first path square, a leap over some path square, on a board of 8 x 8 and one of 10 x 8.
  CHECK(compare_attacks(test::variant("maxim", "knight-wide"), 12, 120) > 0);
  for (const std::string board : {R"(
  "start_fen": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1")",
                                  R"(
  "board": {"files": 10, "ranks": 8},
  "start_fen": "rnbqkbnnbr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKBNNBR w - - 0 1")"}) {
    const std::string id =
        board.find("files") == std::string::npos ? "test-leaps-8" : "test-leaps-10";
    const Variant& v = test::made_variant(id, R"("pieces": [
    {"letter": "N", "betza": "nNnDjHoAjG"},
    {"letter": "B", "betza": "BnAoZ"}
  ],)" + board);
    CHECK(v.fast_attacks);
    CHECK(compare_attacks(v, 12, 120) > 0);
  }
}
