// The rules engine across variants: the square reader, UCI castling in Chess960, portal order in
// canonical SAN, the catacomb and replaced-portal effects, dead positions judged only where the
// material list is proven, repetition across reversible captures and teleports, refusal
// messages, and a rule family added by a test (docs/architecture.md, "How to add a rule family").
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "test_support.hpp"
#include "xpgn/notation/notation.hpp"
#include "xpgn/rules/component.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/outcome.hpp"
#include "xpgn/rules/refusal.hpp"
#include "xpgn/rules/san.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

using test::count_effects;
using test::from_fen;
using test::play_all;
using test::play_san;
using test::refusal;
using test::resolve_text;
using test::sq;
using test::variant;

// 30 digits, equal to 4 modulo 2^32: a rank reader that wraps around would read rank 4.
const std::string wrapping_rank = "100000000000000000001610612740";

}  // namespace

// ---- squares ----------------------------------------------------------------------------------

TEST_CASE("rules: one square reader, bounded on long digit runs", "[rules][engine]") {
  const Variant& chess = variant("chess");
  const Variant& reservists = variant("reservists");
  CHECK(parse_square("e4", chess) == sq("e4"));
  CHECK(parse_square("h10", reservists) == sq("h10"));
  CHECK(parse_square("h10", chess) == no_square);
  CHECK(parse_square("i1", chess) == no_square);
  CHECK(parse_square("a0", chess) == no_square);
  CHECK(parse_square("a01", reservists) == no_square);
  CHECK(parse_square("e", chess) == no_square);
  CHECK(parse_square("a" + wrapping_rank, chess) == no_square);
  std::string_view text = "e2e4";
  CHECK(take_square(text, chess) == sq("e2"));
  CHECK(text == "e4");
}

TEST_CASE("FEN fields with a 30-digit rank are refused, not wrapped", "[rules][engine]") {
  // A pregnant queen on a4: a wrapping reader would take a<30 digits> for a4.
  const Variant& reproduction = variant("reproduction");
  CHECK(test::refused_fen_error("4k3/8/8/8/Q7/8/8/4K3 w - - 0 1 pregnant=a" + wrapping_rank,
                                reproduction) ==
        "pregnant: 'a" + wrapping_rank + "' is not a square of the board");
  const Variant& maxim = variant("maxim");
  CHECK(test::refused_fen_error("4k3/8/8/8/8/8/8/4K3 w - - 0 1 portals=a" + wrapping_rank + ",h5",
                                maxim) ==
        "portals: 'a" + wrapping_rank + ",h5' must name two different empty squares");
  // The FEN grammar refuses such an en passant field; the rules refuse it on their own too.
  auto setup = notation::parse_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
  REQUIRE(setup.has_value());
  setup->en_passant = "a" + wrapping_rank;
  std::string error;
  CHECK_FALSE(Position::from_setup(variant("chess"), *setup, error).has_value());
  CHECK(error == "en passant square 'a" + wrapping_rank + "' is not on the board");
}

// ---- UCI castling -----------------------------------------------------------------------------

TEST_CASE("UCI: Chess960 castling is written as king takes rook", "[rules][engine]") {
  const Variant& chess = variant("chess");
  // King b1, rooks a1 and h1: O-O brings the king to g1, the rook to f1.
  const Position c960 = from_fen("rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1", chess);
  CHECK(to_uci(c960, resolve_text(c960, "O-O").move) == "b1h1");
  CHECK(to_uci(c960, resolve_text(c960, "O-O-O").move) == "b1a1");
  // The UCI text reads back as the same move.
  CHECK(resolve_text(c960, "b1h1").move == resolve_text(c960, "O-O").move);
  // Standard chess keeps king to square.
  const Position fide = from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", chess);
  CHECK(to_uci(fide, resolve_text(fide, "O-O").move) == "e1g1");
  CHECK(to_uci(fide, resolve_text(fide, "O-O-O").move) == "e1c1");
  // Reenterent's own castling from its start squares: king to c1.
  const Position reenterent = from_fen("k3r/5/5/5/5/5/5/K3R[] w Kk - 0 1", variant("reenterent"));
  CHECK(to_uci(reenterent, resolve_text(reenterent, "O-O").move) == "a1c1");
}

// ---- Maxim portals ----------------------------------------------------------------------------

TEST_CASE("canonical SAN keeps the portal squares in the order written", "[rules][engine]") {
  const Position start = Position::start(variant("maxim"));
  const Resolution r = resolve_text(start, "e4,^f5^c5");
  REQUIRE(r.error == MoveError::none);
  CHECK(to_san(start, r.move) == "e4,^f5^c5");
  CHECK(to_san(start, resolve_text(start, "e4,^c5^f5").move) == "e4,^c5^f5");
  // The position stores the pair in square order, however it was written.
  CHECK(play_san(start, "e4,^f5^c5").fen() == play_san(start, "e4,^c5^f5").fen());
}

TEST_CASE("a replaced portal pair vanishes with portal_vanished effects", "[rules][engine]") {
  const Position start = Position::start(variant("maxim"));
  const Position pos = play_all(start, {"e4,^c5^f5", "d5,^c4^f4"});
  EffectList effects;
  play_san(pos, "Nb4,^a3^h3", &effects);
  REQUIRE(count_effects(effects, EffectKind::portal_vanished) == 2);
  CHECK(effects[0].kind == EffectKind::portal_vanished);
  CHECK(effects[0].square == sq("c5"));
  CHECK(effects[1].square == sq("f5"));
  CHECK(count_effects(effects, EffectKind::portal_declared) == 2);
  // A first declaration replaces nothing.
  EffectList first;
  play_san(start, "e4,^c5^f5", &first);
  CHECK(count_effects(first, EffectKind::portal_vanished) == 0);
}

// ---- Reenterent catacombs ---------------------------------------------------------------------

TEST_CASE("the catacomb switch is an effect", "[rules][engine]") {
  const Variant& reenterent = variant("reenterent");
  const Position pos = from_fen("k4/5/5/5/5/4B/5/K4[] w - - 0 1", reenterent);
  EffectList effects;
  play_san(pos, "Bc5~c4", &effects);
  REQUIRE(count_effects(effects, EffectKind::catacomb_switch) == 1);
  const Effect e = test::the_effect(effects, EffectKind::catacomb_switch);
  CHECK(e.square == sq("c5"));
  CHECK(e.to == sq("c4"));
  CHECK(e.piece == test::piece_by_fen(reenterent, Color::white, 'B'));
  // The whole-move switch too.
  const Position on_c5 = from_fen("k4/5/5/2B2/5/5/5/K4[] w - - 0 1", reenterent);
  EffectList whole;
  play_san(on_c5, "Bc4", &whole);
  CHECK(test::the_effect(whole, EffectKind::catacomb_switch).square == sq("c5"));
  // A bishop that just lands on c5 goes nowhere.
  EffectList plain;
  play_san(pos, "Bc5", &plain);
  CHECK(count_effects(plain, EffectKind::catacomb_switch) == 0);
}

// ---- end rules --------------------------------------------------------------------------------

namespace {

// Plays `cycle` `times` times from `pos`; returns how `judge` sees the final position given
// the keys of every earlier position.
Outcome judge_after_cycles(Position pos, const std::vector<std::string>& cycle, int times) {
  std::vector<std::uint64_t> keys;
  for (int i = 0; i < times; ++i) {
    for (const auto& san : cycle) {
      keys.push_back(pos.key());
      pos = play_san(pos, san);
    }
  }
  return judge(pos, keys);
}

}  // namespace

TEST_CASE("repetition counts across captures that re-enter (Reenterent)", "[rules][engine]") {
  // White takes the knight on d8; it re-enters on e6 and walks back, the kings shuffle.
  const Position start = from_fen("k2n1/5/2N2/5/5/5/5/K4[] w - - 0 1", variant("reenterent"));
  const std::vector<std::string> cycle = {"Nxd8", "Ka7",  "Nc6+", "Ka8",
                                          "Kb1",  "N@e6", "Ka1",  "Nd8"};
  CHECK(judge_after_cycles(start, cycle, 1).termination == Termination::none);
  CHECK(judge_after_cycles(start, cycle, 2).termination == Termination::threefold_repetition);
  CHECK(judge_after_cycles(start, cycle, 4).termination == Termination::fivefold_repetition);
  // The capture resets the move-count clock, but not the repetition history.
  Position after = play_all(start, cycle);
  CHECK(after.halfmove_clock() == 7);
  CHECK(after.reversible_plies() > 1000);  // nothing irreversible since the FEN
}

TEST_CASE("repetition counts across pawn teleports (Maxim)", "[rules][engine]") {
  // The pawn steps onto its portal e5, comes out on e3, steps back to e4 and declares the pair
  // again: a pawn move that no longer makes the earlier positions unreachable.
  const Position start =
      from_fen("k7/8/8/8/4P3/8/8/K7 w - - 0 1 portals=e3,e5/-", variant("maxim"));
  const std::vector<std::string> cycle = {"e5~e3", "Kb8", "e4,^e3^e5", "Ka8"};
  CHECK(judge_after_cycles(start, cycle, 2).termination == Termination::threefold_repetition);
  CHECK(judge_after_cycles(start, cycle, 4).termination == Termination::fivefold_repetition);
}

TEST_CASE("irreversible moves still cut the repetition history", "[rules][engine]") {
  const Variant& chess = variant("chess");
  const Position pos = from_fen("k7/8/8/8/8/8/4P3/K7 w - - 0 1", chess);
  CHECK(play_san(pos, "Kb1").reversible_plies() > 1000);
  CHECK(play_san(pos, "e4").reversible_plies() == 0);
  CHECK(play_all(pos, {"e4", "Kb8", "Kb1"}).reversible_plies() == 2);
  // A lost castling right cuts the history too.
  const Position castles = from_fen("k7/8/8/8/8/8/8/4K2R w K - 0 1", chess);
  CHECK(play_san(castles, "Rh2").reversible_plies() == 0);
  // Maxim captures are for good: nothing brings a piece back.
  const Position maxim = from_fen("k7/8/8/8/8/8/1p6/KR6 w - - 0 1", variant("maxim"));
  CHECK(play_san(maxim, "Rxb2").reversible_plies() == 0);
  // Reenterent: a capture that sends a piece to an empty re-entry square keeps the history;
  // one that pushes the waiting piece out of the game cuts it.
  const Variant& reenterent = variant("reenterent");
  CHECK(play_san(from_fen("k4/5/5/5/5/5/1p3/KR3[] w - - 0 1", reenterent), "Rxb2")
            .reversible_plies() > 1000);
  CHECK(play_san(from_fen("k4/5/5/5/5/5/1p3/KR3[n] w - - 0 1", reenterent), "Rxb2")
            .reversible_plies() == 0);
  // Reservists: a captured rook leaves a pawn behind (the history stays), a captured knight
  // does not (it is cut).
  const Variant& reservists = variant("reservists");
  CHECK(play_san(from_fen("k7/8/8/8/8/8/8/8/1r6/KR6 w - - 0 1", reservists), "Rxb2")
            .reversible_plies() > 1000);
  CHECK(play_san(from_fen("k7/8/8/8/8/8/8/8/1n6/KR6 w - - 0 1", reservists), "Rxb2")
            .reversible_plies() == 0);
}

TEST_CASE("dead positions: FIDE's list only where it is proven", "[rules][engine]") {
  // King and bishop against king: dead in chess ...
  CHECK(judge(from_fen("k7/8/8/8/8/8/8/KB6 w - - 0 1", variant("chess")), {}).termination ==
        Termination::insufficient_material);
  // ... but not in Maxim, where portals let it mate.
  CHECK(judge(from_fen("k7/8/8/8/8/8/8/KB6 w - - 0 1", variant("maxim")), {}).termination ==
        Termination::none);
  // A piece waiting to re-enter may still decide the game.
  CHECK(judge(from_fen("k4/5/5/5/5/5/5/KB3[n] w - - 0 1", variant("reenterent")), {}).termination ==
        Termination::none);
  CHECK(judge(from_fen("k4/5/5/5/5/5/5/KB3[] w - - 0 1", variant("reenterent")), {}).termination ==
        Termination::insufficient_material);
}

// ---- refusals ---------------------------------------------------------------------------------

TEST_CASE("refusals name the rule, the squares and the pieces", "[rules][engine]") {
  const Variant& chess = variant("chess");
  SECTION("castling") {
    const Position pos = from_fen("r3k2r/8/8/8/2b5/8/8/R3K2R w KQkq - 0 1", chess);
    CHECK(refusal(pos, "O-O") == "the king would pass f1, attacked by the bishop on c4");
    const Position moved = play_all(pos, {"Kd1", "Kd8", "Ke1", "Ke8"});
    CHECK(refusal(moved, "O-O-O") ==
          "White may no longer castle queen side: the king or that rook has moved, or the rook "
          "was taken");
    const Position rook_moved = play_all(pos, {"Rb1", "Bd5", "Ra1", "Bc4"});
    CHECK(refusal(rook_moved, "O-O-O") ==
          "White may no longer castle queen side: that rook has moved or was taken");
    CHECK(refusal(Position::start(variant("maxim")), "O-O") == "maxim has no castling");
    CHECK(refusal(Position::start(chess), "--") == "chess has no pass");
  }
  SECTION("promotion") {
    const Position pos = from_fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", chess);
    CHECK(refusal(pos, "a8=K") == "a pawn promotes to Q, R, B or N");
    CHECK(refusal(from_fen("4k3/8/8/8/8/8/P7/4K3 w - - 0 1", chess), "a3=Q") ==
          "a pawn promotes only on its last rank");
    const Position reservists =
        from_fen("4k3/P7/8/8/8/8/8/8/8/4K3 w - - 0 1", variant("reservists"));
    CHECK(refusal(reservists, "a10=K") == "a pawn promotes to Q, M, P, R, I, B, N, A or C");
  }
  SECTION("pins and attacked kings") {
    const Position pos = from_fen("4k3/3n4/8/1B6/8/8/8/4K3 b - - 0 1", chess);
    CHECK(refusal(pos, "Nb6") == "the knight on d7 is pinned by the bishop on b5");
    const Position king = from_fen("4k3/8/8/8/8/8/8/3RK3 b - - 0 1", chess);
    CHECK(refusal(king, "Kd8") == "the king would be attacked on d8 by the rook on d1");
    const Position check = from_fen("4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1", chess);
    CHECK(refusal(check, "Ra2") == "the king on e1 would still be attacked by the rook on e2");
  }
  SECTION("passes and pregnant queens") {
    const Variant& reproduction = variant("reproduction");
    CHECK(refusal(from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1 pregnant=d1", reproduction), "--") ==
          "a pass needs a queen that is not pregnant");
    CHECK(refusal(from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1", reproduction), "--") ==
          "a pass needs a queen that is not pregnant");
    CHECK(refusal(from_fen("4k3/8/8/8/8/8/4r3/3QK3 w - - 0 1", reproduction), "--") ==
          "a pass is not allowed in check");
    const Variant& barren = variant("reproduction", "barren-capture");
    const Position pregnant = from_fen("4k3/8/8/3p4/8/8/8/3QK3 w - - 0 1 pregnant=d1", barren);
    CHECK(refusal(pregnant, "Qxd5") == "a pregnant queen cannot capture");
  }
  SECTION("no piece can make the move: the nearest legal moves as a hint") {
    const Position start = Position::start(chess);
    CHECK(refusal(start, "Nd4") ==
          "no legal move: knight to d4 is not possible here; legal knight moves: Na3, Nc3, "
          "Nf3, Nh3; legal moves to d4: d4");
    CHECK(refusal(start, "Qh5") ==
          "no legal move: queen to h5 is not possible here");  // no queen move, nothing to h5
  }
}

// ---- how to add a rule family (docs/architecture.md) ------------------------------------------

namespace {

// Step 1: the rule, as a component that overrides only the hooks it needs. "Peaceful kings":
// a king may not capture.
class PeacefulKings final : public RuleComponent {
 public:
  std::string_view name() const override { return "peaceful kings"; }
  // Step 2: a legality filter, and its reason for the refusal message.
  bool allows(const Position& before, const Move& move, const Position& after) const override {
    return why_forbidden(before, move, after).empty();
  }
  std::string why_forbidden(const Position& before, const Move& move,
                            const Position&) const override {
    const Piece target = move.kind == MoveKind::normal ? before.at(move.to) : no_piece;
    if (!before.variant().pieces[move.piece].royal || target.empty() ||
        target.color() == before.side_to_move())
      return {};
    return "a king may not capture (" + piece_on(before, move.to) + ")";
  }
  // Step 3: what it needs of the variant.
  std::string validate(const Variant& v) const override {
    return v.royal_types != 0 ? "" : "the variant has no royal piece";
  }
};

// Step 4: a variant that lists it (here: FIDE chess plus the rule).
Variant with_peaceful_kings(VariantSpec v) {
  v.id = "peaceful-" + v.id;
  v.components.push_back(std::make_shared<PeacefulKings>());
  return Variant(std::move(v));
}

const Variant& peaceful_chess() {
  static const Variant v = with_peaceful_kings(variant("chess").spec());
  return v;
}

}  // namespace

TEST_CASE("how to add a rule family: peaceful kings", "[rules][engine]") {
  const std::string fen = "4k3/8/8/8/8/8/3n4/4K3 w - - 0 1";
  const Position chess = from_fen(fen, variant("chess"));
  const Position peaceful = from_fen(fen, peaceful_chess());
  CHECK(test::is_legal(chess, "Kxd2"));
  CHECK(refusal(peaceful, "Kxd2") ==
        "king to d2 is not allowed: a king may not capture (the knight on d2)");
  // The engine loops over the components: legal moves and perft see the rule at once.
  CHECK(perft(chess, 1) == 4);     // Kd1, Ke2, Kf2, Kxd2 (the knight guards f1)
  CHECK(perft(peaceful, 1) == 3);  // the same without Kxd2
  // Away from kings the rule changes nothing.
  CHECK(perft(Position::start(peaceful_chess()), 3) == 8902);
  // validate() refuses a variant the rule cannot serve.
  VariantSpec no_king = variant("chess").spec();
  no_king.pieces[0].royal = false;
  CHECK_THROWS_WITH(with_peaceful_kings(no_king),
                    Catch::Contains("rule peaceful kings: the variant has no royal piece"));
}
