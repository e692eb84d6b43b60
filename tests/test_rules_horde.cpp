// Horde (variant `horde`): perft against Fairy-Stockfish, no white king, double steps from the
// first rank without en passant, White's loss without pieces. Rules: docs/rules/horde.md.
#include <catch2/catch.hpp>

#include <string>

#include "test_support.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/outcome.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

const Variant& horde() {
  return test::variant("Horde");
}

Position from_fen(const std::string& fen) {
  return test::from_fen(fen, horde());
}

}  // namespace

TEST_CASE("horde perft: positions and counts made by Fairy-Stockfish (ffish)",
          "[rules][horde][perft]") {
  CHECK(test::check_perft_file("horde-ffish.txt", horde()) == 45);
}

TEST_CASE("horde: White has no king, Black exactly one", "[rules][horde]") {
  const Position start = Position::start(horde());
  CHECK(start.fen() ==
        "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1");
  CHECK(test::fen_error("4k3/8/8/8/8/8/8/4K3 w - - 0 1", horde()) ==
        "White has 1 kings; it has none in this variant");
  CHECK(test::fen_error("8/8/8/8/8/8/8/P7 w - - 0 1", horde()) ==
        "Black has 0 kings; exactly 1 is required");
}

TEST_CASE("horde: a pawn on the first rank may step two, without en passant", "[rules][horde]") {
  const Position pos = from_fen("4k3/8/8/8/8/1p6/8/P7 w - - 0 1");
  const Position after = test::play_san(pos, "a3");
  CHECK(after.fen() == "4k3/8/8/8/8/Pp6/8/8 b - - 0 1");
  CHECK_FALSE(test::is_legal(after, "bxa2"));
  // From the second rank the double step gives en passant as usual.
  const Position second = test::play_san(from_fen("4k3/8/8/8/1p6/8/P7/8 w - - 0 1"), "a4");
  CHECK(second.en_passant() == test::sq("a3"));
  CHECK(test::is_legal(second, "bxa3"));
}

TEST_CASE("horde: White loses when its last piece is taken", "[rules][horde]") {
  const Position pos = test::play_san(from_fen("4k3/8/8/3P4/8/8/8/3q4 b - - 0 1"), "Qxd5");
  const Outcome o = judge(pos, {});
  CHECK(o.termination == Termination::pieces_gone);
  CHECK(o.result() == "0-1");
  CHECK(test::legal_sans(pos).empty());
}

TEST_CASE("horde: Black can be mated, White only stalemated", "[rules][horde]") {
  // Black king h8 mated by a queen protected by a pawn.
  const Position mate = from_fen("7k/6Q1/5P2/8/8/8/8/8 b - - 0 1");
  CHECK(judge(mate, {}).termination == Termination::checkmate);
  CHECK(judge(mate, {}).result() == "1-0");
  // White's only pawn blocked: stalemate, a draw.
  const Position stuck = from_fen("4k3/8/8/8/8/p7/P7/8 w - - 0 1");
  CHECK(judge(stuck, {}).termination == Termination::stalemate);
  CHECK(judge(stuck, {}).result() == "1/2-1/2");
  // No dead-position rule.
  CHECK(judge(from_fen("4k3/8/8/8/8/8/8/B7 w - - 0 1"), {}).termination == Termination::none);
}
