// One move however many rules reach it (issue 36, item 6): a user's pawn written `fmW3fcF` on
// top of the double step it inherits from chess reaches a4 from a2 both ways, and a4 is still
// one move; `variants --check` warns about the overlap. Betza's `i` modifier (first move only):
// `ifmW3` gives a pawn on its start rank a first move of up to three squares.
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <array>
#include <cstdio>
#include <string>

#include "test_shell.hpp"
#include "test_support.hpp"
#include "xpgn/catalog/catalog.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/movement.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

// Runs the xpgn binary with `args`; its standard output (and error) and status.
std::pair<int, std::string> xpgn_run(const std::string& args) {
  const std::string command = std::string("'") + XPGN_BINARY + "' " + args + " 2>&1";
  auto r = xpgn::test::run_shell(command);
  REQUIRE(r.status != -1);
  return {r.status, std::move(r.out)};
}

// The legal moves of `pos` as SAN, sorted, duplicates kept.
std::vector<std::string> sans(const Position& pos) {
  std::vector<std::string> out = test::legal_sans(pos);
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("betza overlap: a move two rules reach is one move", "[rules][betza]") {
  const Variant& both = test::made_variant("w3-and-double-step", R"("pieces": [
    {"letter": "P", "betza": "fmW3fcF"}])");
  const Variant& alone = test::made_variant("w3-alone", R"("pieces": [
    {"letter": "P", "betza": "fmW3fcF", "double_step_ranks": []}])");
  CHECK(both.pieces[both.pawn_type()].reach_overlap);
  CHECK_FALSE(alone.pieces[alone.pawn_type()].reach_overlap);
  const Position start = Position::start(both);
  CHECK(perft(start, 1) == 28);  // a3 a4 a5 for each pawn, four knight moves
  const std::vector<std::string> moves = sans(start);
  CHECK(std::adjacent_find(moves.begin(), moves.end()) == moves.end());
  // The double step adds no move to what fmW3 reaches: the same tree as without it.
  for (int depth = 1; depth <= 3; ++depth)
    CHECK(perft(start, depth) == perft(Position::start(alone), depth));
  // The SAN resolver finds one a4, not an ambiguity.
  CHECK(test::resolve_text(start, "a4").error == MoveError::none);
  // The catalog's variants have no overlap (their generation is unchanged).
  int builtin = 0;
  for (const catalog::Entry& e : catalog::entries()) {
    if (!e.builtin) continue;
    ++builtin;
    for (const PieceDef& def : test::variant(e.id).pieces) {
      INFO(e.id << " " << def.name);
      CHECK_FALSE(def.reach_overlap);
      CHECK_FALSE(def.initial_atoms);
    }
  }
  CHECK(builtin >= 16);
}

TEST_CASE("betza overlap: which reaches overlap", "[rules][betza]") {
  CHECK(reach_overlap(parse_betza("fmWfcF").atoms, true, 8, 8).empty());
  CHECK(reach_overlap(parse_betza("KQ").atoms, false, 8, 8) != "");
  CHECK(reach_overlap(parse_betza("WD").atoms, false, 8, 8).empty());
  CHECK(reach_overlap(parse_betza("W2D").atoms, false, 8, 8) != "");     // b1-d1 both ways
  CHECK(reach_overlap(parse_betza("mWcW").atoms, false, 8, 8).empty());  // no mode in common
  // A ride needs its path empty, a hop one screen on it: never both.
  CHECK(reach_overlap(parse_betza("RpR").atoms, false, 8, 8).empty());
  CHECK(reach_overlap(parse_betza("W2jD").atoms, false, 8, 8).empty());
  CHECK(reach_overlap(parse_betza("W2nD").atoms, false, 8, 8) != "");
  CHECK(reach_overlap(parse_betza("fmW3fcF").atoms, true, 8, 8) ==
        "the step +0,+1 up to 3 times (moves only) and the pawn's double step both make the "
        "move +0,+2 (files, ranks)");
}

TEST_CASE("betza i: a first move of any length", "[rules][betza]") {
  const Variant& v = test::made_variant("i-pawn", R"("pieces": [
    {"letter": "P", "betza": "fmWfcFifmW3"}])");
  CHECK(v.pieces[v.pawn_type()].initial_atoms);
  // On its start rank: a3, a4 and a5 (a4 by the double step too: one move).
  const Position home = test::from_fen("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", v);
  CHECK(sans(home) ==
        std::vector<std::string>{"Kd1", "Kd2", "Ke2", "Kf1", "Kf2", "a3", "a4", "a5"});
  CHECK(test::resolve_text(home, "a5").error == MoveError::none);
  // Once moved, one step only.
  const Position moved = test::from_fen("4k3/8/8/8/8/P7/8/4K3 w - - 0 1", v);
  CHECK(sans(moved) == std::vector<std::string>{"Kd1", "Kd2", "Ke2", "Kf1", "Kf2", "a4"});
  CHECK(test::resolve_text(moved, "a6").error != MoveError::none);
  // Black's pawns start on the seventh rank.
  const Position black = test::from_fen("4k3/p7/8/8/8/8/8/4K3 b - - 0 1", v);
  CHECK(perft(black, 1) == 8);
  // A blocked path stops the first move too.
  CHECK(perft(test::from_fen("4k3/8/8/8/n7/8/P7/4K3 w - - 0 1", v), 1) == 6);
  CHECK(perft(Position::start(v), 1) == 28);
}

TEST_CASE("betza i: refused where it cannot mean anything", "[rules][betza]") {
  CHECK_THROWS_WITH(parse_betza("ifW3"), Catch::Contains("write 'im'"));
  CHECK_THROWS_WITH(parse_betza("fmWi"), Catch::Contains("modifiers without an atom"));
  const auto errors = catalog::load_text(
      R"({"format": "xpgn-variant", "version": 1, "id": "i-knight", "base": "chess",
          "pieces": [{"letter": "N", "betza": "NimW2"}]})",
      "i-knight.json");
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].message.find("'i' (first move only) is for pawns with double_step_ranks") !=
        std::string::npos);
}

TEST_CASE("variants --check warns about a move two rules reach", "[rules][betza][cli]") {
  const auto [status, out] =
      xpgn_run("variants --check '" + std::string(XPGN_TEST_DATA) + "/variants/overlap-pawn.json'");
  INFO(out);
  CHECK(status == 0);
  CHECK(out.find("warning: piece P (pawn): the step +0,+1 up to 3 times (moves only) and the "
                 "pawn's double step both make the move +0,+2 (files, ranks); it counts as one "
                 "move") != std::string::npos);
  CHECK(out.find("perft: 28 ") != std::string::npos);
  CHECK(out.find("valid") != std::string::npos);
}
