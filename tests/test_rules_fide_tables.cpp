// The FIDE board's tables belong to the Variant object they were built for
// (Variant::fide_tables): a copy of a variant has its own, and a variant changed and finished
// again is judged again, where a cache keyed by the object's address handed out the old tables.
#include <catch2/catch.hpp>

#include <memory>

#include "test_support.hpp"
#include "xpgn/rules/chess_board.hpp"

using namespace xpgn;
using namespace xpgn::rules;

TEST_CASE("FIDE tables: owned by the variant object they were built for", "[rules][chess-board]") {
  const Variant& chess = test::variant("chess");
  const ChessTables* original = ChessBoard::tables_for(chess);
  REQUIRE(original != nullptr);
  CHECK(ChessBoard::tables_for(chess) == original);  // built once

  auto copy = std::make_unique<Variant>(chess);
  copy->start_position.reset();
  const ChessTables* of_copy = ChessBoard::tables_for(*copy);
  REQUIRE(of_copy != nullptr);
  CHECK(of_copy != original);
  // Changed at the same address: no longer FIDE chess, and no tables.
  copy->pieces[copy->piece_by_fen_letter('N')].betza = "NW";
  copy->finish();
  CHECK(ChessBoard::tables_for(*copy) == nullptr);
  // Back to the FIDE knight: FIDE chess again, with new tables that board positions load.
  copy->pieces[copy->piece_by_fen_letter('N')].betza = "N";
  copy->finish();
  const ChessTables* again = ChessBoard::tables_for(*copy);
  REQUIRE(again != nullptr);
  ChessBoard board;
  CHECK(board.load(Position::start(*copy), *again));
  copy.reset();
  CHECK(ChessBoard::tables_for(chess) == original);
}
