// No silent limit on moves (issue 36, item 7): a move list keeps every move past the 1,024 it
// holds inline (a 16x16 crazyhouse with a full pocket has more legal moves than that), and a
// copy of a grown list is a full copy.
#include <catch2/catch.hpp>

#include <string>

#include "test_support.hpp"
#include "xpgn/catalog/catalog.hpp"
#include "xpgn/rules/movegen.hpp"

using namespace xpgn;
using namespace xpgn::rules;

TEST_CASE("move lists grow past their inline capacity", "[rules][movelist]") {
  MoveList list;
  for (int i = 0; i < 3000; ++i) {
    Move m;
    m.from = static_cast<Square>(i % 256);
    m.to = static_cast<Square>(i / 256);
    list.push_back(m);
  }
  REQUIRE(list.size() == 3000);
  CHECK(list[2999].from == static_cast<Square>(2999 % 256));
  CHECK(list[2999].to == static_cast<Square>(2999 / 256));
  MoveList copy = list;
  REQUIRE(copy.size() == 3000);
  CHECK(copy[1500] == list[1500]);
  MoveList small;
  small.push_back(list[7]);
  copy = small;  // back to one element, in the grown buffer
  CHECK(copy.size() == 1);
  CHECK(copy[0] == list[7]);
  small = list;  // an inline list takes a grown one
  CHECK(small.size() == 3000);
  CHECK(small[2048] == list[2048]);
}

TEST_CASE("a 16x16 crazyhouse position with more than 1,024 legal moves", "[rules][movelist]") {
  const std::string text = R"({"format": "xpgn-variant", "version": 1, "id": "zh-16x16",
    "base": "crazyhouse", "board": {"files": 16, "ranks": 16},
    "start_fen": "4k11/16/16/16/16/16/16/16/16/16/16/16/16/16/16/4K11[QRBNPqrbnp] w - - 0 1"})";
  REQUIRE(catalog::load_text(text, "zh-16x16.json").empty());
  const Variant& v = test::variant("zh-16x16");
  const Position pos = Position::start(v);
  // Drops of four piece types on the 254 empty squares, of the pawn on the 224 squares of ranks
  // 2 to 15, and five king moves: 1,245.
  MoveList moves;
  generate_legal(pos, moves);
  CHECK(moves.size() == 4 * 254 + 224 + 5);
  CHECK(perft(pos, 1) == 4 * 254 + 224 + 5);
  // The last drop squares are found by SAN too.
  CHECK(test::is_legal(pos, "Q@p16"));
  CHECK(test::is_legal(pos, "N@p16"));
  CHECK(test::is_legal(pos, "P@p15"));
}
