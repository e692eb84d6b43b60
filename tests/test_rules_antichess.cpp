// Antichess (variant `antichess`): perft against Fairy-Stockfish, compulsory captures, the
// king as an ordinary piece, promotion to king, and the wins without pieces or moves.
// Rules: docs/rules/antichess.md.
#include <catch2/catch.hpp>

#include <random>
#include <string>

#include "test_support.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/outcome.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

const Variant& antichess() {
  return test::variant("Antichess");
}

Position from_fen(const std::string& fen) {
  return test::from_fen(fen, antichess());
}

}  // namespace

TEST_CASE("antichess perft: positions and counts made by Fairy-Stockfish (ffish)",
          "[rules][antichess][perft]") {
  CHECK(test::check_perft_file("antichess-ffish.txt", antichess()) == 45);
}

TEST_CASE("antichess: captures are compulsory", "[rules][antichess]") {
  const Position pos = test::play_all(Position::start(antichess()), {"e4", "d5"});
  CHECK(test::legal_sans(pos) == std::vector<std::string>{"exd5"});
  CHECK(test::refusal(pos, "Nf3") ==
        "knight to f3 is not allowed: a capture is compulsory in antichess (legal captures: "
        "exd5)");
  // Any capture may be chosen.
  const Position two = from_fen("8/8/8/2p1p3/3Q4/8/8/8 w - - 0 1");
  CHECK(test::legal_sans(two) == std::vector<std::string>{"Qxc5", "Qxe5"});
}

TEST_CASE("antichess: the king is an ordinary piece", "[rules][antichess]") {
  const Position pos = from_fen("4r3/8/8/8/8/8/8/4K3 w - - 0 1");
  CHECK_FALSE(in_check(pos));
  CHECK(test::is_legal(pos, "Ke2"));  // stays attacked
  CHECK(test::refusal(pos, "O-O") == "antichess has no castling");
  // Two kings, or none, are fine.
  CHECK(test::fen_error("8/8/8/8/8/8/8/K6K w - - 0 1", antichess()).empty());
  CHECK(test::fen_error("8/8/8/8/8/8/8/Q7 w - - 0 1", antichess()).empty());
  // A pawn may promote to a king.
  const Position pawn = from_fen("8/P7/8/8/8/8/8/7k w - - 0 1");
  CHECK(test::legal_sans(pawn) == std::vector<std::string>{"a8=B", "a8=K", "a8=N", "a8=Q", "a8=R"});
}

TEST_CASE("antichess: a side without pieces or without moves wins", "[rules][antichess]") {
  const Position gone = test::play_san(from_fen("8/8/8/8/8/8/1p6/B7 w - - 0 1"), "Bxb2");
  CHECK(judge(gone, {}).termination == Termination::pieces_gone);
  CHECK(judge(gone, {}).result() == "0-1");
  const Position stuck = from_fen("8/8/8/8/8/p7/P7/8 w - - 0 1");
  CHECK(judge(stuck, {}).termination == Termination::stalemate);
  CHECK(judge(stuck, {}).result() == "1-0");
  // No dead-position rule: bare kings play on.
  CHECK(judge(from_fen("8/8/8/8/8/8/8/K6k w - - 0 1"), {}).termination == Termination::none);
}

TEST_CASE("antichess: an en passant capture is compulsory too", "[rules][antichess]") {
  // The only capture is a component's move (en passant), not a piece's own movement.
  const Position pos = from_fen("8/8/8/3pP3/8/8/8/8 w - d6 0 1");
  CHECK(test::legal_sans(pos) == std::vector<std::string>{"exd6"});
  CHECK(test::legal_sans(from_fen("8/8/8/3pP3/8/8/8/8 w - - 0 1")) ==
        std::vector<std::string>{"e6"});
}

TEST_CASE("antichess: the legal moves are the captures when there are any, along random games",
          "[rules][antichess]") {
  // The rule answers "is there a capture?" from the attack tables; here the answer is
  // recomputed from every pseudo-legal move, in every position of 40 random games.
  std::mt19937 random(7);
  int positions = 0, with_capture = 0;
  for (int game = 0; game < 40; ++game) {
    Position pos = Position::start(antichess());
    for (int ply = 0; ply < 200; ++ply) {
      MoveList pseudo, legal, expected;
      generate_pseudo_legal(pos, pseudo);
      bool capture = false;
      for (const Move& m : pseudo) {
        const Piece target = m.to == no_square ? no_piece : pos.at(m.to);
        const bool takes =
            m.kind == MoveKind::en_passant ||
            (m.kind == MoveKind::normal && !target.empty() && target.color() != pos.side_to_move());
        if (takes && !capture) expected.clear();
        capture |= takes;
        if (takes || !capture) expected.push_back(m);
      }
      generate_legal(pos, legal);
      REQUIRE(legal.size() == expected.size());
      ++positions;
      with_capture += capture;
      if (legal.empty() || judge(pos, {}).decided()) break;
      pos = play(pos, legal[random() % legal.size()]);
    }
  }
  CHECK(positions > 2000);
  CHECK(with_capture > 500);
}
