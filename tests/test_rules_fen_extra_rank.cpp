// The FEN reader's extra last rank (FenSetup::extra_rank): a last row unlike a board row, as
// lichess writes a crazyhouse pocket ("RNBQKBNR/Qn", "RNBQKBNR/" when empty), kept apart for the
// rules to judge; any other row of the wrong width is still an error where it stands. The
// rules' side is in test_rules_crazyhouse.cpp.
#include <catch2/catch.hpp>

#include <string>

#include "xpgn/notation/notation.hpp"

using namespace xpgn;

TEST_CASE("parse_fen: a last row unlike the others is kept as the extra rank", "[notation][fen]") {
  auto s = notation::parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/Qn w KQkq - 0 1");
  REQUIRE(s.has_value());
  CHECK(s->ranks == 8);
  CHECK(s->squares.size() == 64);
  CHECK(s->has_extra_rank);
  CHECK(s->extra_rank == "Qn");
  CHECK(s->squares[0] == "R");
  CHECK(format_fen(*s) == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/Qn w KQkq - 0 1");

  s = notation::parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1");
  REQUIRE(s.has_value());
  CHECK(s->ranks == 8);
  CHECK(s->has_extra_rank);
  CHECK(s->extra_rank.empty());
  CHECK(format_fen(*s) == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1");

  s = notation::parse_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  REQUIRE(s.has_value());
  CHECK_FALSE(s->has_extra_rank);
}

TEST_CASE("parse_fen: a row of the wrong width before the last is an error where it stands",
          "[notation][fen]") {
  notation::SyntaxError e;
  CHECK_FALSE(notation::parse_fen("rnbqkbnr/ppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &e));
  CHECK(e.pos.column == 10);
  CHECK(e.expected == "row 2 to have 8 squares like row 1 (row 2 has 3)");
  // Not plain letters (a count, a '~'): an error even in the last row.
  CHECK_FALSE(notation::parse_fen("8/8/8/8/8/8/8/8/Q~n w - - 0 1", &e));
  CHECK(e.expected == "row 9 to have 8 squares like row 1 (row 9 has 2)");
  CHECK_FALSE(notation::parse_fen("8/8/8/8/8/8/8/8/2 w - - 0 1", &e));
  CHECK(e.expected == "row 9 to have 8 squares like row 1 (row 9 has 2)");
  // An odd row followed by an empty last row.
  CHECK_FALSE(notation::parse_fen("8/8/8/8/8/8/8/Qn/ w - - 0 1", &e));
  CHECK(e.expected == "row 8 to have 8 squares like row 1 (row 8 has 2)");
}
