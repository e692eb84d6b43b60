// The FIDE board's tables belong to the Variant object they were built for
// (Variant::fide_tables): a copy of a variant has its own, and a variant changed and finished
// again is judged again, where a cache keyed by the object's address handed out the old tables.
#include <catch2/catch.hpp>

#include <memory>

#include "test_support.hpp"
#include "xpgn/rules/chess_board.hpp"
#include "xpgn/rules/end_rule.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

// An end rule that plays `inner` under its name, declaring `declared` as what it is.
class Renamed final : public EndRule {
 public:
  Renamed(std::shared_ptr<const EndRule> inner, FideEndRule declared)
      : inner_(std::move(inner)), declared_(declared) {}
  std::string_view name() const override { return inner_->name(); }
  FideEndRule fide_rule() const override { return declared_; }
  bool needs_moves() const override { return inner_->needs_moves(); }
  Outcome judge(const Position& pos, const History& history) const override {
    return inner_->judge(pos, history);
  }
  std::string check_setup(const Position& pos) const override { return inner_->check_setup(pos); }

 private:
  std::shared_ptr<const EndRule> inner_;
  FideEndRule declared_;
};

}  // namespace

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

TEST_CASE("FIDE tables: rules are recognised by what they declare, not by their names",
          "[rules][chess-board]") {
  const Variant& chess = test::variant("chess");
  for (FideEndRule declared : {FideEndRule::checkmate_stalemate, FideEndRule::none}) {
    Variant copy = chess;
    copy.start_position.reset();
    copy.end_rules[0] = std::make_shared<Renamed>(chess.end_rules[0], declared);
    copy.finish();
    CHECK(copy.end_rules[0]->name() == chess.end_rules[0]->name());
    CHECK((ChessBoard::tables_for(copy) != nullptr) == (declared != FideEndRule::none));
  }
}
