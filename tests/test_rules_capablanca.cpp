// Capablanca chess (variant `capablanca`): perft against Fairy-Stockfish, castling three files,
// the archbishop and chancellor, promotion and dead positions. Rules: docs/rules/capablanca.md.
#include <catch2/catch.hpp>

#include <string>

#include "test_support.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/outcome.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

const Variant& capablanca() {
  return test::variant("Capablanca");
}

Position from_fen(const std::string& fen) {
  return test::from_fen(fen, capablanca());
}

}  // namespace

TEST_CASE("capablanca perft: positions and counts made by Fairy-Stockfish (ffish)",
          "[rules][capablanca][perft]") {
  CHECK(test::check_perft_file("capablanca-ffish.txt", capablanca()) == 45);
}

TEST_CASE("capablanca: castling takes the king to the i- or c-file", "[rules][capablanca]") {
  const Position pos = from_fen("r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1");
  CHECK(test::play_san(pos, "O-O").fen() == "r4k3r/10/10/10/10/10/10/R6RK1 b kq - 1 1");
  CHECK(test::play_san(pos, "O-O-O").fen() == "r4k3r/10/10/10/10/10/10/2KR5R b kq - 1 1");
  const Position black = from_fen("r4k3r/10/10/10/10/10/10/R4K3R b KQkq - 0 1");
  CHECK(test::play_san(black, "O-O").fen() == "r6rk1/10/10/10/10/10/10/R4K3R w KQ - 1 2");
}

TEST_CASE("capablanca: archbishop and chancellor", "[rules][capablanca]") {
  const Position pos = from_fen("5k4/10/10/10/4A5/10/10/C4K4 w - - 0 1");
  CHECK(test::is_legal(pos, "Af6"));  // knight leap
  CHECK(test::is_legal(pos, "Ah7"));  // bishop line
  CHECK_FALSE(test::is_legal(pos, "Ae6"));
  CHECK(test::is_legal(pos, "Cb3"));  // knight leap
  CHECK(test::is_legal(pos, "Ca8"));  // rook line
  CHECK_FALSE(test::is_legal(pos, "Cb2"));
}

TEST_CASE("capablanca: promotion to every piece but the king", "[rules][capablanca]") {
  const Position pos = from_fen("5k4/P9/10/10/10/10/10/5K4 w - - 0 1");
  for (const char* move : {"a8=Q", "a8=R", "a8=B", "a8=N", "a8=A", "a8=C"})
    CHECK(test::is_legal(pos, move));
  CHECK_FALSE(test::is_legal(pos, "a8=K"));
}

TEST_CASE("capablanca: dead positions", "[rules][capablanca]") {
  CHECK(judge(from_fen("5k4/10/10/10/10/10/10/5K4 w - - 0 1"), {}).termination ==
        Termination::insufficient_material);
  CHECK(judge(from_fen("5k4/10/10/10/10/10/10/4NK4 w - - 0 1"), {}).termination ==
        Termination::insufficient_material);
  // An archbishop or a chancellor can mate.
  CHECK(judge(from_fen("5k4/10/10/10/10/10/10/4AK4 w - - 0 1"), {}).termination ==
        Termination::none);
  CHECK(judge(from_fen("5k4/10/10/10/10/10/10/4CK4 w - - 0 1"), {}).termination ==
        Termination::none);
}
