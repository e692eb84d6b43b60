// Placement chess (issue 39) as Fairy-Stockfish plays it: perft against ffish 0.7.10 from the
// start, from random play and from hand-made positions (tests/data/perft/placement-ffish.txt,
// made by tests/reference/old_boards_ffish.mjs), ffish's FEN read and written, and the rules of
// the placements: the first rank only, bishops on both colours, castling rights once king and
// rook stand on their squares. ffish's random games: test_rules_oldboards_family.cpp. Rules:
// docs/rules/placement.md.
#include <catch2/catch.hpp>

#include <string>

#include "test_support.hpp"
#include "xpgn/rules/outcome.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {
const char* const start_fen = "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1";
}

TEST_CASE("placement: perft equals ffish's", "[rules][placement][perft]") {
  CHECK(test::check_perft_file("placement-ffish.txt", test::variant("placement")) >= 14);
}

TEST_CASE("placement: the start, its FEN, and the names archives write", "[rules][placement]") {
  const Variant& v = test::variant("placement");
  const Position start = Position::start(v);
  CHECK(start.fen() == start_fen);
  CHECK(perft(start, 1) == 40);  // 5 kinds of piece on 8 squares
  for (const char* name : {"Placement", "placement", "Placement chess", "Pre-chess"}) {
    INFO(name);
    CHECK(test::replay(std::string("[Variant \"") + name + "\"]\n\n1. K@e1 K@e8 *\n")[0]
              .variant->id == "placement");
  }
}

TEST_CASE("placement: pieces go to the first rank, and only placements while any are in hand",
          "[rules][placement]") {
  const Variant& v = test::variant("placement");
  const Position start = Position::start(v);
  CHECK(test::refusal(start, "K@e3").find("first rank") != std::string::npos);
  CHECK(test::refusal(start, "e4").find("placed first") != std::string::npos);
  const Position after = test::play_all(start, {"K@e1", "K@e8"});
  CHECK(after.fen() == "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3[QRRBBNNqrrbbnn] w - - 0 2");
  CHECK(test::refusal(after, "K@d1").find("no king in hand") != std::string::npos);
  CHECK(test::refusal(after, "Q@e1").find("not empty") != std::string::npos);
}

TEST_CASE("placement: the bishops end on squares of both colours", "[rules][placement]") {
  const Variant& v = test::variant("placement");
  // White's bishop stands on g1 (a dark square); c1 (dark) and f1 (light) are left for B and N.
  const Position pos =
      test::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RN1QK1BR[BN] w KQkq - 0 1", v);
  CHECK(test::is_legal(pos, "B@f1"));
  CHECK(test::is_legal(pos, "N@c1"));
  CHECK(test::refusal(pos, "B@c1").find("both colours") != std::string::npos);
  CHECK(test::refusal(pos, "N@f1").find("both colours") != std::string::npos);
  CHECK(perft(pos, 1) == 2);
}

TEST_CASE("placement: castling rights come once king and rook stand on their squares",
          "[rules][placement]") {
  const Variant& v = test::variant("placement");
  Position pos = test::play_all(Position::start(v), {"R@a1", "R@a8", "K@e1", "K@e8"});
  CHECK(pos.fen() == "r3k3/pppppppp/8/8/8/8/PPPPPPPP/R3K3[QRBBNNqrbbnn] w Qq - 0 3");
  pos = test::play_all(pos, {"R@h1", "R@g8"});
  CHECK(pos.fen() == "r3k1r1/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[QBBNNqbbnn] w KQq - 0 4");
  // A king placed off its square gives no right, even with its rooks in the corners.
  const Position off = test::play_all(test::from_fen(start_fen, v),
                                      {"R@a1", "R@h8", "R@h1", "R@a8", "K@d1", "K@e8"});
  CHECK(off.fen() == "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R2K3R[QBBNNqbbnn] w kq - 0 4");
  // Every piece placed: the game goes on as chess, castling included.
  Position full = test::play_all(
      pos, {"Q@d1", "Q@d8", "N@b1", "N@b8", "N@g1", "N@h8", "B@c1", "B@c8", "B@f1", "B@f8"});
  CHECK(full.fen() == "rnbqkbrn/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQq - 0 9");
  full = test::play_all(full, {"e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"});
  CHECK(test::is_legal(full, "O-O"));
}

TEST_CASE("placement: FEN errors name the problem", "[rules][placement]") {
  const Variant& v = test::variant("placement");
  CHECK(test::refused_fen_error("8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNPkqrrbbnn] w - - 0 1", v)
            .find("pawn cannot be in hand") != std::string::npos);
  CHECK(test::refused_fen_error("8/pppppppp/8/8/8/8/PPPPPPPP/4K3[KQRRBBNNkqrrbbnn] w - - 0 1", v)
            .find("kings") != std::string::npos);
}
