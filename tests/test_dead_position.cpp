// Dead positions decided by the variant's own moves (lib/xpgn/rules/dead_position.hpp): the
// FIDE cases, and the variant materials the FIDE list got wrong.
#include <catch2/catch.hpp>

#include "test_support.hpp"
#include "xpgn/rules/dead_position.hpp"
#include "xpgn/rules/outcome.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

bool dead(const std::string& id, const std::string& fen) {
  const Variant& v = test::variant(id);
  return is_dead_position(test::from_fen(fen, v));
}

// The table's line for one material.
MaterialVerdict verdict_of(const std::string& id, const std::string& material) {
  for (const auto& m : dead_material_table(test::variant(id)))
    if (m.material == material) return m;
  FAIL("no line for " << material << " in " << id);
  return {};
}

}  // namespace

TEST_CASE("dead positions in FIDE chess", "[rules][dead]") {
  CHECK(dead("chess", "8/8/4k3/8/8/2N5/4K3/8 w - - 0 1"));  // K+N vs K
  CHECK(dead("chess", "8/8/4k3/8/8/2B5/4K3/8 b - - 0 1"));  // K+B vs K
  CHECK(dead("chess", "8/8/4k3/8/8/8/4K3/8 w - - 0 1"));    // bare kings
  // K+B vs K+B, bishops on one colour (c3 and f6 are both dark): the proven rule.
  CHECK(dead("chess", "8/8/4kb2/8/8/2B5/4K3/8 w - - 0 1"));
  // Bishops on both colours, K+N vs K+N and K+B vs K+N: a helpmate exists.
  CHECK_FALSE(dead("chess", "8/8/4k1b1/8/8/2B5/4K3/8 w - - 0 1"));
  CHECK_FALSE(dead("chess", "8/8/4kn2/8/8/2N5/4K3/8 w - - 0 1"));
  CHECK_FALSE(dead("chess", "8/8/4kn2/8/8/2B5/4K3/8 w - - 0 1"));
  CHECK_FALSE(dead("chess", "8/8/4k3/8/8/2R5/4K3/8 w - - 0 1"));
  // Black must take the rook, and bare kings remain: dead, though a rook is on the board.
  CHECK(dead("chess", "k7/1R6/8/8/8/8/8/6K1 b - - 0 1"));
  // Defended, the rook leaves Black no move at all: stalemate, dead as well.
  CHECK(dead("chess", "k7/1R6/2K5/8/8/8/8/8 b - - 0 1"));
  CHECK_FALSE(dead("chess", "k7/8/1R6/8/8/8/8/6K1 b - - 0 1"));
  // Black with the material: the same tables, mirrored with the colours swapped.
  CHECK(dead("chess", "8/8/4k3/8/8/2n5/4K3/8 w - - 0 1"));
  CHECK(dead("chess", "K7/1r6/8/8/8/8/8/6k1 w - - 0 1"));
  CHECK_FALSE(dead("chess", "K7/8/1r6/8/8/8/8/6k1 w - - 0 1"));
}

TEST_CASE("a dead position ends the game as insufficient material", "[rules][dead]") {
  const Variant& v = test::variant("chess");
  const Position pos = test::from_fen("k7/1R6/8/8/8/8/8/6K1 b - - 0 1", v);
  const Position after = test::play_san(pos, "Kxb7");
  CHECK(judge(after, {}).termination == Termination::insufficient_material);
  CHECK(judge(pos, {}).termination == Termination::insufficient_material);
}

TEST_CASE("Maxim: K+B vs K is not dead, portals allow a mate", "[rules][dead][maxim]") {
  const Variant& v = test::variant("maxim");
  const Position pos = test::from_fen("k7/8/1K6/8/8/1B6/8/8 w - - 0 1", v);
  CHECK_FALSE(is_dead_position(pos));
  // Bd5 checks along the diagonal; a7 and b7 are covered, and b8 is a white portal whose
  // partner c7 the king covers: a king stepping on b8 would land on c7.
  const Position mate = test::play_san(pos, "Bd5,^b8^c7");
  CHECK(judge(mate, {}).termination == Termination::checkmate);
  // Only the proven rule applies here: bare kings are dead.
  CHECK(dead("maxim", "k7/8/1K6/8/8/8/8/8 w - - 0 1"));
}

TEST_CASE("Reproduction: K+Prince vs K is dead", "[rules][dead][reproduction]") {
  CHECK(dead("reproduction", "8/4k3/8/8/8/8/2I5/4K3 w - - 0 1"));
  CHECK(dead("reproduction", "k7/1I6/8/8/8/8/8/7K b - - 0 1"));
}

TEST_CASE("Reservists: K+Cannon vs K is dead, K+Nightrider vs K is not",
          "[rules][dead][reservists]") {
  CHECK(dead("reservists", "8/4k3/8/8/8/8/8/8/2A5/4K3 w - - 0 1"));
  // Taking the nightrider (a major piece) gives White a reserve pawn, which may promote.
  CHECK_FALSE(dead("reservists", "8/4k3/8/8/8/8/8/8/2I5/4K3 w - - 0 1"));
}

TEST_CASE("Battle of the Kings has no dead positions", "[rules][dead]") {
  CHECK(dead_material_table(test::variant("battle-of-the-kings")).empty());
}

TEST_CASE("Reenterent: the exact table of three men", "[rules][dead][reenterent]") {
  // A piece taken goes to the re-entry square and may come back: K+Q v K is not dead in
  // general, K+N v K and K+B v K are, everywhere.
  const MaterialVerdict q = verdict_of("reenterent", "K+Q vs K");
  CHECK(q.positions > 70000);
  CHECK(q.dead > 0);
  CHECK(q.dead < q.positions / 100);
  const MaterialVerdict n = verdict_of("reenterent", "K+N vs K");
  CHECK(n.dead == n.positions);
  const MaterialVerdict b = verdict_of("reenterent", "K+B vs K");
  CHECK(b.dead == b.positions);
  // The queen taken and waiting to re-enter: White can bring her back and mate.
  CHECK_FALSE(dead("reenterent", "4k/5/5/5/5/5/5/K4[Q] w - - 0 1"));
}

// The exact table with its groups of major pieces and reserve pawns takes minutes on 8x10, so
// this runs on request: xpgn_tests "[reservists][dead]".
TEST_CASE("Reservists: the exact table of K+Nightrider v K", "[.][rules][dead][reservists]") {
  const MaterialVerdict m = verdict_of("reservists", "K+I vs K");
  CHECK(m.dead > 0);
  CHECK(m.dead < m.positions / 1000);
}

// Issue 39: the materials of the old boards' reference games that cost a table or a long
// search before, with the verdicts the tables gave (kept identical). A lone piece that takes
// only on squares of one colour is dead by a proof (Hoppel-Poppel's knibis takes as a bishop,
// its biskni as a knight); the helpmate search proves the others alive, and a king that must
// take the piece leaves a dead position.
TEST_CASE("the old boards' three-men materials keep their verdicts", "[rules][dead][oldboards]") {
  // Hoppel-Poppel: K+N (knibis) and K+B (biskni) vs K are dead everywhere, either side with
  // the piece, the piece giving check or not.
  CHECK(dead("hoppelpoppel", "8/8/4k3/8/8/2N5/4K3/8 w - - 0 1"));
  CHECK(dead("hoppelpoppel", "k7/8/2N5/8/8/8/8/6K1 b - - 0 1"));  // the knibis checks
  CHECK(dead("hoppelpoppel", "8/8/4k3/8/8/2B5/4K3/8 b - - 0 1"));
  CHECK(dead("hoppelpoppel", "8/8/4k3/8/8/2b5/4K3/8 w - - 0 1"));
  // The queen helps a mate, unless the king must take it.
  CHECK_FALSE(dead("hoppelpoppel", "8/8/8/5K2/8/8/2k5/7q b - - 0 1"));
  CHECK(dead("hoppelpoppel", "k7/1Q6/8/8/8/8/8/6K1 b - - 0 1"));
  // Maxim's portals let a lone knight mate: the proof needs a plain board.
  CHECK_FALSE(dead("maxim", "8/8/4k3/8/8/2N5/4K3/8 w - - 0 1"));
  // Gothic: K+C and K+Q vs K (the positions from which the search took longest before).
  CHECK_FALSE(dead("gothic", "10/10/7K2/8C1/4k5/10/10/10 b - - 0 1"));
  CHECK(dead("gothic", "k9/1C8/10/10/10/10/10/9K b - - 0 1"));
  CHECK_FALSE(dead("gothic", "10/10/10/10/k8K/10/10/9q w - - 0 1"));
  CHECK(dead("gothic", "k9/1Q8/10/10/10/10/10/9K b - - 0 1"));
  // Janus: K+R vs K.
  CHECK_FALSE(dead("janus", "10/10/9K/7R2/10/10/10/2k7 b - - 0 1"));
  CHECK(dead("janus", "k9/1R8/10/10/10/10/10/9K b - - 0 1"));
  // Embassy: K+R and K+A (archbishop) vs K.
  CHECK_FALSE(dead("embassy", "6R3/10/10/10/10/9K/2k7/10 b - - 0 1"));
  CHECK(dead("embassy", "k9/1R8/10/10/10/10/10/9K b - - 0 1"));
  CHECK_FALSE(dead("embassy", "10/5K4/10/3k6/4A5/10/10/10 b - - 0 1"));
  CHECK(dead("embassy", "k9/A9/2K7/10/10/10/10/10 b - - 0 1"));  // only Kxa7 is legal
}

// The exact tables agree with the proof: every placement of K+N and K+B vs K in Hoppel-Poppel
// is dead (about 9 s, so on request: xpgn_tests "[hoppelpoppel][dead]").
TEST_CASE("Hoppel-Poppel: the exact tables of K+N and K+B v K", "[.][rules][dead][hoppelpoppel]") {
  const MaterialVerdict n = verdict_of("hoppelpoppel", "K+N vs K");
  CHECK(n.positions > 400000);
  CHECK(n.dead == n.positions);
  const MaterialVerdict b = verdict_of("hoppelpoppel", "K+B vs K");
  CHECK(b.positions > 400000);
  CHECK(b.dead == b.positions);
}
