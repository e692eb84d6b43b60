// The FIDE board's tables belong to the Variant object they were built for
// (Variant::fide_tables): a variant compiled again from the same spec has its own, and one
// compiled where a dead one was gets nothing of the dead one's (a cache keyed by the object's
// address handed out the old tables).
#include <catch2/catch.hpp>

#include <memory>
#include <new>

#include "test_support.hpp"
#include "xpgn/rules/chess_board.hpp"
#include "xpgn/rules/end_rule.hpp"
#include "xpgn/rules/san.hpp"

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

// The UCI text of the legal move `san` in `pos`.
std::string uci_of(const Position& pos, const std::string& san) {
  const Resolution r = test::resolve_text(pos, san);
  REQUIRE(r.error == MoveError::none);
  return to_uci(pos, r.move);
}

}  // namespace

TEST_CASE("FIDE tables: owned by the variant object they were built for", "[rules][chess-board]") {
  const Variant& chess = test::variant("chess");
  const ChessTables* original = ChessBoard::tables_for(chess);
  REQUIRE(original != nullptr);
  CHECK(ChessBoard::tables_for(chess) == original);  // built once

  auto again = std::make_unique<Variant>(chess.spec());
  const ChessTables* of_again = ChessBoard::tables_for(*again);
  REQUIRE(of_again != nullptr);
  CHECK(of_again != original);
  ChessBoard board;
  CHECK(board.load(Position::start(*again), *of_again));
  // Another knight: no longer FIDE chess, and no tables.
  VariantSpec spec = chess.spec();
  spec.pieces[static_cast<std::size_t>(chess.piece_by_fen_letter('N'))].betza = "NW";
  const Variant changed(spec);
  CHECK(ChessBoard::tables_for(changed) == nullptr);
  again.reset();
  CHECK(ChessBoard::tables_for(chess) == original);
}

TEST_CASE("FIDE tables and caches: a variant made where a dead one was gets nothing of it",
          "[rules][chess-board]") {
  // Compiled variants at one address, one after another: FIDE chess first, then the same board
  // with another knight (no FIDE tables), then two compulsory-capture variants (whose test keeps
  // its last answer per thread). A cache keyed by the address would hand the second one the
  // first one's tables, start position or answer.
  const Variant& chess = test::variant("chess");
  VariantSpec other = chess.spec();
  other.id = "chess-nw";
  other.pieces[static_cast<std::size_t>(chess.piece_by_fen_letter('N'))].betza = "NW";
  other.start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Qkq - 0 1";
  alignas(Variant) unsigned char place[sizeof(Variant)];

  auto* first = new (place) Variant(chess.spec());
  REQUIRE(ChessBoard::tables_for(*first) != nullptr);
  const std::uint64_t first_serial = first->serial;
  CHECK(first->start_position->fen() == Position::start(chess).fen());
  // UCI writes a castling of the start position's king and rook as the king's move (e1g1),
  // any other as the king taking its rook (e1h1): it looks at the variant's start position.
  const std::string castles = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
  CHECK(uci_of(test::from_fen(castles, *first), "O-O") == "e1g1");
  first->~Variant();

  auto* second = new (place) Variant(other);
  REQUIRE(static_cast<void*>(second) == static_cast<void*>(place));
  CHECK(second->serial != first_serial);
  CHECK(ChessBoard::tables_for(*second) == nullptr);
  CHECK(Position::start(*second).fen() == other.start_fen);
  CHECK(&Position::start(*second).variant() == second);
  // Its start position has no rook on h1: that castling is not its start position's.
  CHECK(uci_of(test::from_fen(castles, *second), "O-O") == "e1h1");
  // Its knight moves as a knight and a wazir.
  CHECK(test::is_legal(test::from_fen("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1", *second), "Nb2"));
  second->~Variant();

  // Two compulsory-capture variants at that address, asked about the same position (the same
  // key): antichess, whose king takes on d2, then antichess with a king that leaps as a knight
  // and can take nothing there. The second must not get the first one's "a capture exists".
  const Variant& antichess = test::variant("antichess");
  const std::string fen = "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1";
  auto* third = new (place) Variant(antichess.spec());
  CHECK(ChessBoard::tables_for(*third) == nullptr);
  const Position forced = test::from_fen(fen, *third);
  CHECK(test::is_legal(forced, "Kxd2"));
  CHECK_FALSE(test::is_legal(forced, "Kf1"));
  const std::uint64_t forced_key = forced.key();
  third->~Variant();

  VariantSpec leaping = antichess.spec();
  leaping.id = "antichess-leaping-king";
  leaping.pieces[static_cast<std::size_t>(antichess.piece_by_fen_letter('K'))].betza = "N";
  auto* fourth = new (place) Variant(leaping);
  REQUIRE(static_cast<void*>(fourth) == static_cast<void*>(place));
  const Position free = test::from_fen(fen, *fourth);
  REQUIRE(free.key() == forced_key);  // the same key: only the variant tells the answers apart
  CHECK_FALSE(test::is_legal(free, "Kxd2"));
  CHECK(test::is_legal(free, "Kf3"));  // no capture exists, so a quiet move is legal
  fourth->~Variant();
}

TEST_CASE("FIDE tables: rules are recognised by what they declare, not by their names",
          "[rules][chess-board]") {
  const Variant& chess = test::variant("chess");
  for (FideEndRule declared : {FideEndRule::checkmate_stalemate, FideEndRule::none}) {
    VariantSpec spec = chess.spec();
    spec.end_rules[0] = std::make_shared<Renamed>(chess.end_rules[0], declared);
    const Variant copy(std::move(spec));
    CHECK(copy.end_rules[0]->name() == chess.end_rules[0]->name());
    CHECK((ChessBoard::tables_for(copy) != nullptr) == (declared != FideEndRule::none));
  }
}
