// Move text forms owned by rule components (Declaration::spells_moves, issue 36 item 3): a
// component reads tokens the usual reading finds no move for and writes its moves' UCI text,
// without any change to the grammar, SanToken or the engine's switches.
#include <catch2/catch.hpp>

#include <memory>
#include <string>

#include "test_support.hpp"
#include "xpgn/rules/component.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/san.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

// A made-up form: a promotion to a queen is written in UCI with '+' after the squares
// ("e7e8+"), as shogi's UCI marks a promotion. Read back from the token the grammar makes of it
// (a long algebraic move with a check mark and no promotion letter). In SAN it writes a queen
// promotion with its origin square ("e7e8=Q").
class PlusPromotion final : public RuleComponent {
 public:
  std::string_view name() const override { return "plus-promotion"; }
  Declaration declaration() const override { return {.hooks = 0, .spells_moves = true}; }
  bool write_uci(const Position& pos, const Move& move, std::string& out) const override {
    if (move.promotion == no_piece_type || pos.variant().pieces[move.promotion].letter != 'Q')
      return false;
    out = square_name(move.from) + square_name(move.to) + "+";
    return true;
  }
  void spell_token(const Position& pos, const Move& move, SanToken& token) const override {
    if (move.promotion != no_piece_type && pos.variant().pieces[move.promotion].letter == 'Q')
      token.from = {file_of(move.from), rank_of(move.from)};
  }
  bool reread_token(const Position& pos, const SanToken& token, MoveList& candidates,
                    SanToken& meant) const override {
    if (token.kind != TokenKind::move || !token.long_algebraic || token.piece || token.promotion ||
        token.check != '+' || !token.from.complete() || !token.to.complete())
      return false;
    MoveList moves;
    generate_pseudo_legal(pos, moves);
    for (const Move& m : moves)
      if (m.from == make_square(token.from.file, token.from.rank) &&
          m.to == make_square(token.to.file, token.to.rank) && m.promotion != no_piece_type &&
          pos.variant().pieces[m.promotion].letter == 'Q')
        candidates.push_back(m);
    meant = token;
    meant.promotion = 'Q';
    meant.check = 0;
    return true;
  }
};

}  // namespace

TEST_CASE("token forms: a component reads and writes a move form of its own",
          "[rules][token-forms]") {
  const Variant& chess = test::variant("chess");
  CHECK(chess.spellers.empty());
  CHECK(test::variant("seirawan").spellers.size() == 1);

  VariantSpec spec = chess.spec();
  spec.id = "chess-plus";
  spec.components.push_back(std::make_shared<PlusPromotion>());
  const Variant plus(std::move(spec));
  REQUIRE(plus.spellers.size() == 1);

  const std::string fen = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
  const Position pos = test::from_fen(fen, plus);
  // FIDE chess reads "e7e8+" as a pawn move without promotion: refused.
  CHECK(test::resolve_text(test::from_fen(fen, chess), "e7e8+").error != MoveError::none);
  const Resolution r = test::resolve_text(pos, "e7e8+");
  REQUIRE(r.error == MoveError::none);
  CHECK(to_san(pos, r.move) == "e7e8=Q");
  CHECK(to_san(test::from_fen(fen, chess), r.move) == "e8=Q");
  CHECK(test::resolve_text(pos, "e7e8=Q").move == r.move);
  CHECK(to_uci(pos, r.move) == "e7e8+");
  // The usual forms stay: e7e8q, e8=Q and the underpromotions.
  CHECK(to_uci(pos, test::resolve_text(pos, "e8=N").move) == "e7e8n");
  CHECK(test::resolve_text(pos, "e7e8q").move.promotion == r.move.promotion);
  // Every legal move reads back from its UCI text and its SAN, the component's or the usual.
  MoveList moves;
  generate_legal(pos, moves);
  REQUIRE(moves.size() == 9);  // four promotions, five king moves
  for (const Move& m : moves) {
    const std::string uci = to_uci(pos, m);
    INFO(uci);
    const Resolution back = test::resolve_text(pos, uci);
    REQUIRE(back.error == MoveError::none);
    CHECK(back.move == m);
    CHECK(test::resolve_text(pos, to_san(pos, m)).move == m);
  }
}
