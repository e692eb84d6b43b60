// Reproduction Chess (variants `reproduction`, `reproduction-vacated`, option `barren-capture`):
// passes and pregnancy, the three kinds of birth, princes, double steps, the 50-move clock, and
// a perft regression table. Rules: /work/shared/guide/rulings.md, section `reproduction`, and
// docs/rules/reproduction.md.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "test_support.hpp"
#include "xpgn/notation/notation.hpp"
#include "xpgn/record/check.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/outcome.hpp"
#include "xpgn/rules/san.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

using test::count_effects;
using test::legal_sans;
using test::play_all;
using test::play_san;
using test::resolve_text;
using test::sq;
using test::variant;

const Variant& repro() {
  return variant("reproduction");
}
const Variant& barren() {
  return variant("reproduction", "barren-capture");
}
const Variant& vacated() {
  return variant("reproduction-vacated");
}

Position from_fen(const std::string& fen, const Variant& v = repro()) {
  return test::from_fen(fen, v);
}

// The validator's message for a FEN that must be rejected ("" if it was accepted).
std::string fen_error(const std::string& fen, const Variant& v = repro()) {
  return test::fen_error(fen, v);
}

Piece piece_of(const Variant& v, Color c, char letter) {
  return test::piece_by_san(v, c, letter);
}
Piece white(char letter) {
  return piece_of(repro(), Color::white, letter);
}
Piece black(char letter) {
  return piece_of(repro(), Color::black, letter);
}

bool legal(const Position& pos, const std::string& text) {
  return test::is_legal(pos, text);
}

MoveError error_of(const Position& pos, const std::string& text) {
  return resolve_text(pos, text).error;
}

bool has_san(const Position& pos, const std::string& san) {
  for (const auto& s : legal_sans(pos))
    if (s == san) return true;
  return false;
}

int count_kind(const Position& pos, MoveKind kind) {
  MoveList moves;
  generate_legal(pos, moves);
  int n = 0;
  for (const Move& m : moves) n += m.kind == kind;
  return n;
}

int count_births(const Position& pos) {
  MoveList moves;
  generate_legal(pos, moves);
  int n = 0;
  for (const Move& m : moves) n += m.birth != no_square || m.kind == MoveKind::placement;
  return n;
}

// Every legal move, written by to_san and read back by resolve, is the same move.
void require_san_round_trip(const Position& pos) {
  MoveList moves;
  generate_legal(pos, moves);
  for (const Move& m : moves) {
    const std::string text = to_san(pos, m);
    INFO("position " << pos.fen() << ", move " << text);
    Resolution r = resolve_text(pos, text);
    INFO(r.message);
    REQUIRE(r.error == MoveError::none);
    CHECK(r.move == m);
    CHECK_FALSE(r.check_mark_wrong);
    CHECK_FALSE(r.check_mark_missing);
  }
}

// Six white pawns, a pregnant queen on d1, black king on e6.
const char* const kPregnantD1 = "8/8/4k3/8/8/8/PPP2PPP/3QK3 w - - 0 1 pregnant=d1";

}  // namespace

// ---- variant lookup -----------------------------------------------------------------------------

TEST_CASE("reproduction: variant ids, names and options", "[rules][reproduction]") {
  SECTION("the two ids and forgiving names") {
    CHECK(repro().id == "reproduction");
    CHECK(vacated().id == "reproduction-vacated");
    CHECK(variant("Reproduction Chess").id == "reproduction");
    CHECK(variant("Reproduction").id == "reproduction");
  }
  SECTION("barren-capture is an option of both, off by default") {
    CHECK_FALSE(repro().marked_disarmed);
    CHECK(barren().marked_disarmed);
    CHECK(variant("reproduction-vacated", "barren-capture").marked_disarmed);
    std::string error;
    CHECK(catalog::find_variant("reproduction", "fertile", error) == nullptr);
    CHECK_FALSE(error.empty());
  }
  SECTION("start position is FIDE's; a pass is the 21st move") {
    const Position start = Position::start(repro());
    CHECK(start.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    CHECK(count_kind(start, MoveKind::pass) == 1);
    CHECK(legal_sans(start).size() == 21);
  }
}

// ---- passes and pregnancy -------------------------------------------------------------------

TEST_CASE("reproduction pass: pregnancy and the FEN field", "[rules][reproduction]") {
  SECTION("a pass makes the queen pregnant and round-trips through FEN") {
    EffectList effects;
    const Position start = Position::start(repro());
    const Position p1 = play_san(start, "--", &effects);
    REQUIRE(count_effects(effects, EffectKind::pregnant) == 1);
    CHECK(square_name(effects[0].square) == "d1");
    CHECK(p1.marked(sq("d1")));
    CHECK(p1.at(sq("d1")) == white('Q'));
    CHECK(p1.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 1 1 pregnant=d1");
    const Position p2 = play_san(p1, "--");
    const std::string fen2 =
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2 2 pregnant=d1,d8";
    CHECK(p2.fen() == fen2);
    const Position back = from_fen(fen2);
    CHECK(back.fen() == fen2);
    CHECK(back.key() == p2.key());
    CHECK(back.marked(sq("d1")));
    CHECK(back.marked(sq("d8")));
    CHECK_FALSE(back.marked(sq("e1")));
  }
  SECTION("the field is canonical: squares from a1 upward whatever the input order") {
    const Position pos = from_fen("3qk3/8/8/8/8/8/8/3QK3 w - - 0 1 pregnant=d8,d1");
    CHECK(pos.fen() == "3qk3/8/8/8/8/8/8/3QK3 w - - 0 1 pregnant=d1,d8");
  }
  SECTION("pregnancy is part of the position's identity") {
    const Position plain = from_fen("3qk3/8/8/8/8/8/8/3QK3 w - - 0 1");
    const Position pregnant = from_fen("3qk3/8/8/8/8/8/8/3QK3 w - - 0 1 pregnant=d1");
    CHECK(plain.key() != pregnant.key());
    CHECK(plain.fen() != pregnant.fen());
  }
  SECTION("bad pregnant fields are rejected") {
    CHECK_FALSE(fen_error("3qk3/8/8/8/8/8/8/3QK3 w - - 0 1 pregnant=e1").empty());  // a king
    CHECK_FALSE(fen_error("3qk3/8/8/8/8/8/8/3QK3 w - - 0 1 pregnant=d4").empty());  // empty
    CHECK_FALSE(fen_error("3qk3/8/8/8/8/8/8/3QK3 w - - 0 1 pregnant=z9").empty());  // off board
    CHECK_FALSE(fen_error("3qk3/8/8/8/8/8/8/3QK3 w - - 0 1 pregnant=d1", variant("chess")).empty());
  }
  SECTION("the mark travels with the queen and dies with her") {
    Position pos = from_fen("4k3/8/8/3r4/8/8/8/3QK3 w - - 0 1 pregnant=d1");
    pos = play_san(pos, "Qd3");  // moving without giving birth keeps the pregnancy
    CHECK(pos.marked(sq("d3")));
    CHECK_FALSE(pos.marked(sq("d1")));
    CHECK(pos.fen() == "4k3/8/8/3r4/8/3Q4/8/4K3 b - - 1 1 pregnant=d3");
    pos = play_san(pos, "Rxd3");
    CHECK_FALSE(pos.marked(sq("d3")));
    CHECK(pos.fen() == "4k3/8/8/8/8/3r4/8/4K3 w - - 0 2");
  }
}

TEST_CASE("reproduction pass: which queen, and when it is illegal", "[rules][reproduction]") {
  SECTION("'--' is ambiguous with two non-pregnant queens; '--d1' names one") {
    const Position pos = from_fen("4k3/8/8/8/8/8/8/3QK2Q w - - 0 1");
    CHECK(count_kind(pos, MoveKind::pass) == 2);
    CHECK(error_of(pos, "--") == MoveError::ambiguous);
    CHECK(error_of(pos, "--e1") == MoveError::illegal);  // a king cannot be pregnant
    CHECK(error_of(pos, "--a4") == MoveError::illegal);  // no queen there
    CHECK(has_san(pos, "--d1"));
    CHECK(has_san(pos, "--h1"));
    Position after = play_san(pos, "--d1");
    CHECK(after.marked(sq("d1")));
    CHECK_FALSE(after.marked(sq("h1")));
    after = play_san(after, "Ke7");
    // Only the h1 queen can still become pregnant: a bare "--" is enough, and is written so.
    CHECK(count_kind(after, MoveKind::pass) == 1);
    CHECK(has_san(after, "--"));
    CHECK_FALSE(has_san(after, "--h1"));
    CHECK(legal(after, "--h1"));  // naming the only choice is accepted too
    after = play_san(after, "--");
    CHECK(after.fen() == "8/4k3/8/8/8/8/8/3QK2Q b - - 3 2 pregnant=d1,h1");
  }
  SECTION("no pass while in check") {
    const Position pos = from_fen("4k3/8/8/8/8/8/8/3QK2r w - - 0 1");
    REQUIRE(in_check(pos));
    CHECK(count_kind(pos, MoveKind::pass) == 0);
    CHECK(error_of(pos, "--") == MoveError::illegal);
    CHECK(error_of(pos, "--d1") == MoveError::illegal);
  }
  SECTION("no pass without a non-pregnant queen") {
    const Position pregnant = from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1 pregnant=d1");
    CHECK(count_kind(pregnant, MoveKind::pass) == 0);
    CHECK(error_of(pregnant, "--") == MoveError::illegal);
    const Position queenless = from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    CHECK(count_kind(queenless, MoveKind::pass) == 0);
    CHECK(error_of(queenless, "--") == MoveError::illegal);
    // A pregnant queen beside a non-pregnant one: the pass can only go to the second.
    const Position both = from_fen("4k3/8/8/8/8/8/8/3QK2Q w - - 0 1 pregnant=d1");
    CHECK(error_of(both, "--d1") == MoveError::illegal);
    CHECK(play_san(both, "--").marked(sq("h1")));
  }
  SECTION("other pass spellings are accepted on input") {
    const Position start = Position::start(repro());
    for (const char* text : {"Z0", "0000", "@@@@", "pass"}) {
      INFO(text);
      CHECK(play_san(start, text).marked(sq("d1")));
    }
  }
}

// ---- births ---------------------------------------------------------------------------------

TEST_CASE("reproduction births: the three ways", "[rules][reproduction]") {
  const Position pos = from_fen(kPregnantD1);
  SECTION("way 1: queen move, pawn orthogonally beside her new square") {
    EffectList effects;
    const Position after = play_san(pos, "Qd4,P@c4", &effects);
    CHECK(after.fen() == "8/8/4k3/8/2PQ4/8/PPP2PPP/4K3 b - - 0 1");
    CHECK_FALSE(after.marked(sq("d4")));
    CHECK(after.count(Color::white, repro().pawn_type()) == 7);
    REQUIRE(count_effects(effects, EffectKind::birth) == 1);
    for (const Effect& e : effects)
      if (e.kind == EffectKind::birth) {
        CHECK(square_name(e.square) == "c4");
        CHECK(e.piece == white('P'));
      }
    // All four neighbours of d4 are possible (d3 too: the path she crossed).
    for (const char* t : {"Qd4,P@d5+", "Qd4,P@e4", "Qd4,P@d3"}) CHECK(legal(pos, t));
    // Not a diagonal neighbour, not a square two away, not an occupied square.
    CHECK_FALSE(legal(pos, "Qd4,P@e5"));
    CHECK_FALSE(legal(pos, "Qd4,P@d6"));
    CHECK_FALSE(legal(pos, "Qd2,P@c2"));
  }
  SECTION("way 1 with a capture") {
    const Position p = from_fen("8/8/4k3/8/3n4/8/PPP2PPP/3QK3 w - - 0 1 pregnant=d1");
    EffectList effects;
    const Position after = play_san(p, "Qxd4,P@c4", &effects);
    CHECK(after.fen() == "8/8/4k3/8/2PQ4/8/PPP2PPP/4K3 b - - 0 1");
    CHECK(count_effects(effects, EffectKind::capture) == 1);
    CHECK(count_effects(effects, EffectKind::birth) == 1);
  }
  SECTION("way 2: no move, pawn beside the pregnant queen") {
    EffectList effects;
    const Position after = play_san(pos, "P@c1", &effects);
    CHECK(after.fen() == "8/8/4k3/8/8/8/PPP2PPP/2PQK3 b - - 0 1");
    CHECK_FALSE(after.marked(sq("d1")));
    CHECK(count_effects(effects, EffectKind::birth) == 1);
    CHECK(legal(pos, "P@d2"));
    CHECK(legal(pos, "@d2"));         // a bare '@' means a pawn
    CHECK_FALSE(legal(pos, "P@e1"));  // the king stands there
    CHECK_FALSE(legal(pos, "P@e2"));  // diagonal to d1
    CHECK_FALSE(legal(pos, "P@d3"));  // not adjacent
    CHECK_FALSE(legal(pos, "N@c1"));  // only pawns are born
  }
  SECTION("way 3: queen move, pawn on the square she left") {
    const Position after = play_san(pos, "Qd4,P@d1");
    CHECK(after.fen() == "8/8/4k3/8/3Q4/8/PPP2PPP/3PK3 b - - 0 1");
    CHECK_FALSE(after.marked(sq("d4")));
    CHECK(legal(pos, "Qh5,P@d1"));
  }
  SECTION("the legal move list: 29 plain moves, 56 births") {
    // Plain: queen d2-d8, c1 b1 a1, e2 f3 g4 h5 (14), king f1 e2 d2 (3), pawns (12).
    // Births with a queen move: each of the 14 destinations gives way 3 plus its empty
    // orthogonal neighbours other than d1: c1 2, b1 3, a1 2, d2 3, d3 5, d4 5, d5 5, d6 4 (e6
    // is the black king), d7 5, d8 4, e2 3, f3 4, g4 5, h5 4 = 54. Way 2: c1 and d2. No pass:
    // the only queen is already pregnant.
    const auto sans = legal_sans(pos);
    CHECK(count_births(pos) == 56);
    CHECK(sans.size() == 29 + 56);
    CHECK(count_kind(pos, MoveKind::pass) == 0);
    require_san_round_trip(pos);
  }
  SECTION("a birth ends the pregnancy; the queen may then pass again") {
    Position after = play_all(pos, {"Qd4,P@c4", "Kf5"});
    CHECK(count_kind(after, MoveKind::pass) == 1);
    after = play_san(after, "--");
    CHECK(after.marked(sq("d4")));
  }
  SECTION("a birth may answer a check by blocking it") {
    const Position p = from_fen("4k3/8/8/8/8/8/3Q4/r3K3 w - - 0 1 pregnant=d2");
    REQUIRE(in_check(p));
    CHECK(legal(p, "P@d1"));
    CHECK_FALSE(legal(p, "P@c2"));  // does not block
    CHECK(legal(p, "Qd1,P@d2"));    // the queen blocks, the pawn goes behind
    CHECK(legal(p, "Qc1,P@b1"));    // queen and pawn both block
    CHECK(count_kind(p, MoveKind::pass) == 0);
  }
}

TEST_CASE("reproduction births: checks", "[rules][reproduction]") {
  SECTION("the new pawn gives check (way 1)") {
    const Position pos = from_fen(kPregnantD1);
    Position after = pos;
    Resolution r = resolve_text(pos, "Qd4,P@d5+", &after);
    REQUIRE(r.error == MoveError::none);
    CHECK_FALSE(r.check_mark_wrong);
    CHECK(in_check(after));
    CHECK(to_san(pos, r.move) == "Qd4,P@d5+");
    // Written without the mark: still the move, but the mark is missing.
    r = resolve_text(pos, "Qd4,P@d5");
    REQUIRE(r.error == MoveError::none);
    CHECK(r.check_mark_missing);
    // The same queen move with another pawn gives no check.
    CHECK(to_san(pos, resolve_text(pos, "Qd4,P@e4").move) == "Qd4,P@e4");
  }
  SECTION("the new pawn gives check (way 2)") {
    const Position pos = from_fen("8/8/4k3/8/3Q4/8/PPP2PPP/4K3 w - - 0 1 pregnant=d4");
    Position after = pos;
    Resolution r = resolve_text(pos, "P@d5+", &after);
    REQUIRE(r.error == MoveError::none);
    CHECK(in_check(after));
    CHECK(to_san(pos, r.move) == "P@d5+");
  }
  SECTION("a birth that mates") {
    // The queen goes to g6 and a pawn is born on g7: it checks h8, the queen guards it, and
    // the black king's other squares hold its own bishop and pawn.
    const Position pos = from_fen("6bk/7p/8/8/8/3Q4/PP3PPP/4K3 w - - 0 1 pregnant=d3");
    const Position after = play_san(pos, "Qg6,P@g7#");
    CHECK(in_check(after));
    const Outcome o = judge(after, {});
    CHECK(o.termination == Termination::checkmate);
    REQUIRE(o.winner.has_value());
    CHECK(*o.winner == Color::white);
  }
}

TEST_CASE("reproduction births: the eight-pawn limit", "[rules][reproduction]") {
  SECTION("with eight pawns the pregnant queen moves but cannot give birth") {
    const Position pos = from_fen("4k3/8/8/8/3P4/8/PPP1PPPP/3QK3 w - - 0 1 pregnant=d1");
    CHECK(count_births(pos) == 0);
    CHECK(legal(pos, "Qd3"));
    CHECK(error_of(pos, "Qd3,P@c3") == MoveError::illegal);
    CHECK(error_of(pos, "Qd3,P@d1") == MoveError::illegal);
    CHECK(error_of(pos, "P@d2") == MoveError::illegal);
    CHECK(play_san(pos, "Qd3").marked(sq("d3")));  // still pregnant
  }
  SECTION("seven pawns: counted before the birth, so the eighth may be born") {
    const Position pos = from_fen("4k3/8/8/8/3P4/8/PPP1PPP1/3QK3 w - - 0 1 pregnant=d1");
    CHECK(count_births(pos) > 0);
    const Position after = play_san(pos, "Qd3,P@c3");
    CHECK(after.count(Color::white, repro().pawn_type()) == 8);
    // Pregnant again, but now with eight pawns: no birth.
    const Position again = play_all(after, {"Kf8", "--", "Ke8"});
    REQUIRE(again.marked(sq("d3")));
    CHECK(count_births(again) == 0);
    // A pawn is lost: births are possible again.
    const Position p2 = from_fen("4k3/8/8/8/3P4/2QP4/PPP1PPP1/4K3 w - - 0 1 pregnant=c3");
    CHECK(count_births(p2) == 0);
    const Position p3 = from_fen("4k3/8/8/8/3P4/2QP4/PPP1PP2/4K3 w - - 0 1 pregnant=c3");
    CHECK(count_births(p3) > 0);
  }
  SECTION("princes do not count as pawns") {
    // Seven pawns and a prince: a birth is still allowed.
    const Position pos = from_fen("k7/4I3/8/8/3P4/8/PPP1PPP1/3QK3 w - - 0 1 pregnant=d1");
    CHECK(legal(pos, "Qd3,P@c3"));
  }
}

// ---- princes --------------------------------------------------------------------------------

TEST_CASE("reproduction prince: born on the 7th or 8th rank", "[rules][reproduction]") {
  const Position pos = from_fen("k7/8/3Q4/8/8/8/8/4K3 w - - 0 1 pregnant=d6");
  SECTION("way 1 onto the 7th rank, written with '=I'") {
    EffectList effects;
    const Position after = play_san(pos, "Qe6,P@e7=I", &effects);
    CHECK(after.at(sq("e7")) == white('I'));
    CHECK(after.fen() == "k7/4I3/4Q3/8/8/8/8/4K3 b - - 0 1");
    REQUIRE(count_effects(effects, EffectKind::birth) == 1);
    for (const Effect& e : effects)
      if (e.kind == EffectKind::birth) CHECK(e.piece == white('I'));
    CHECK(to_san(pos, resolve_text(pos, "Qe6,P@e7=I").move) == "Qe6,P@e7=I");
  }
  SECTION("a capture, a Prince and a check in one token: Qxf7,P@e7=I+") {
    const Position p = from_fen("4k3/5p2/8/8/8/1Q6/8/4K3 w - - 0 1 pregnant=b3");
    Position after = p;
    const Resolution r = resolve_text(p, "Qxf7,P@e7=I+", &after);
    REQUIRE(r.error == MoveError::none);
    CHECK_FALSE(r.check_mark_wrong);
    CHECK(after.fen() == "4k3/4IQ2/8/8/8/8/8/4K3 b - - 0 1");
    CHECK(to_san(p, r.move) == "Qxf7,P@e7=I+");
  }
  SECTION("the '=I' may be left out on input, since it is forced") {
    const Position after = play_san(pos, "Qe6,P@e7");
    CHECK(after.at(sq("e7")) == white('I'));
    CHECK(error_of(pos, "Qe6,P@e7=Q") != MoveError::none);
  }
  SECTION("way 1 onto the 8th rank and way 3 on the 7th") {
    CHECK(play_san(pos, "Qd7,P@d8=I").at(sq("d8")) == white('I'));
    const Position p = from_fen("k7/3Q4/8/8/8/8/8/4K3 w - - 0 1 pregnant=d7");
    CHECK(play_san(p, "Qh3,P@d7=I").at(sq("d7")) == white('I'));
  }
  SECTION("way 2 onto the 7th rank: P@d7=I, P@d7 and I@d7 all mean it") {
    for (const char* text : {"P@d7=I", "P@d7", "I@d7"}) {
      INFO(text);
      const Position after = play_san(pos, text);
      CHECK(after.at(sq("d7")) == white('I'));
      CHECK_FALSE(after.marked(sq("d6")));
    }
    CHECK(to_san(pos, resolve_text(pos, "P@d7").move) == "P@d7=I");
  }
  SECTION("a pawn born on the 6th rank stays a pawn") {
    CHECK(play_san(pos, "Qe5,P@e6").at(sq("e6")) == white('P'));
    CHECK(play_san(pos, "P@c6").at(sq("c6")) == white('P'));
  }
  SECTION("for Black the 7th and 8th ranks are ranks 2 and 1") {
    const Position b = from_fen("4k3/8/8/8/8/3q4/8/K7 b - - 0 1 pregnant=d3");
    CHECK(play_san(b, "P@d2=I").at(sq("d2")) == black('I'));
    CHECK(play_san(b, "Qe2,P@e1=I").at(sq("e1")) == black('I'));
    CHECK(play_san(b, "P@c3").at(sq("c3")) == black('P'));
    CHECK(play_san(b, "Qd6,P@d7").at(sq("d7")) == black('P'));  // Black's 2nd rank
  }
}

TEST_CASE("reproduction prince: movement", "[rules][reproduction]") {
  SECTION("steps anywhere without capturing; captures only diagonally") {
    // Prince d4; black pawns d5 (orthogonal) and e5 (diagonal), knights c4 (orthogonal), c5
    // and e3 (diagonal).
    const Position pos = from_fen("4k3/8/8/2npp3/2nI4/4n3/8/4K3 w - - 0 1");
    std::vector<std::string> prince;
    for (const auto& s : legal_sans(pos))
      if (s[0] == 'I') prince.push_back(s);
    std::sort(prince.begin(), prince.end());
    CHECK(prince == std::vector<std::string>{"Ic3", "Id3", "Ie4", "Ixc5", "Ixe3", "Ixe5"});
    CHECK_FALSE(legal(pos, "Ixd5"));
    CHECK_FALSE(legal(pos, "Ixc4"));
    require_san_round_trip(pos);
  }
  SECTION("attacks diagonally only: gives check on a diagonal, not on a file") {
    const Position pos = from_fen("8/8/8/8/3I4/8/8/K6k w - - 0 1");
    CHECK(is_attacked(pos, sq("e5"), Color::white));
    CHECK(is_attacked(pos, sq("c3"), Color::white));
    CHECK_FALSE(is_attacked(pos, sq("d5"), Color::white));
    CHECK_FALSE(is_attacked(pos, sq("e4"), Color::white));
    const Position chk = play_san(from_fen("8/8/8/5k2/8/3I4/8/K7 w - - 0 1"), "Ie4+");
    CHECK(in_check(chk));
  }
  SECTION("never promotes") {
    const Position pos = from_fen("k7/3I4/8/8/8/8/8/4K3 w - - 0 1");
    const Position after = play_san(pos, "Id8");
    CHECK(after.at(sq("d8")) == white('I'));
    CHECK(error_of(pos, "Id8=Q") != MoveError::none);
    MoveList moves;
    generate_legal(pos, moves);
    int to_d8 = 0;
    for (const Move& m : moves)
      if (m.to == sq("d8")) {
        ++to_d8;
        CHECK(m.promotion == no_piece_type);
      }
    CHECK(to_d8 == 1);
  }
  SECTION("is not royal: it may be left attacked") {
    const Position pos = from_fen("4k3/8/8/3r4/8/3I4/8/K7 w - - 0 1");
    CHECK(pos.royal_count(Color::white) == 1);
    CHECK(legal(pos, "Ka2"));  // the prince on d3 stays attacked by the rook
  }
}

// ---- double steps ---------------------------------------------------------------------------

TEST_CASE("reproduction pawns: double steps", "[rules][reproduction]") {
  SECTION("a pawn born on the 1st rank steps one square, then may double-step from the 2nd") {
    const Position pos = from_fen(kPregnantD1);
    Position after = play_san(pos, "P@c1");
    after = play_san(after, "Kf5");
    // The c1 pawn is blocked by the c2 pawn; "c3" is the c2 pawn's step, and c1 cannot jump.
    CHECK(error_of(after, "c1c3") == MoveError::illegal);
    CHECK(error_of(after, "c1c2") == MoveError::illegal);
    const Position p2 = from_fen("4k3/8/8/8/8/8/8/2P1K3 w - - 0 1");
    CHECK(error_of(p2, "c3") == MoveError::illegal);
    Position q = play_all(p2, {"c2", "Kd7"});
    CHECK(legal(q, "c4"));  // now on the 2nd rank, however it got there
  }
  SECTION("a pawn born on the 2nd rank may double-step, with en passant") {
    const Position pos = from_fen("8/8/4k3/8/4p3/8/PPP2PPP/3QK3 w - - 0 1 pregnant=d1");
    Position after = play_all(pos, {"P@d2", "Kf5", "d4"});
    CHECK(square_name(after.en_passant()) == "d3");
    after = play_san(after, "exd3");
    CHECK(after.at(sq("d4")).empty());
  }
  SECTION("Black's pawn born on its 1st rank (rank 8) steps one") {
    const Position pos = from_fen("3qk3/8/8/8/8/8/8/4K3 b - - 0 1 pregnant=d8");
    Position after = play_all(pos, {"P@c8", "Kf1"});
    CHECK(after.at(sq("c8")) == black('P'));
    CHECK(error_of(after, "c6") == MoveError::illegal);
    CHECK(legal(after, "c7"));
  }
}

// ---- barren-capture ---------------------------------------------------------------------------

TEST_CASE("reproduction option barren-capture", "[rules][reproduction]") {
  SECTION("a pregnant queen cannot capture") {
    const char* fen = "3rk3/8/8/8/8/8/8/3QK3 w - - 0 1 pregnant=d1";
    CHECK(legal(from_fen(fen), "Qxd8+"));
    const Position pos = from_fen(fen, barren());
    CHECK(error_of(pos, "Qxd8") == MoveError::illegal);
    CHECK(error_of(pos, "Qxd8+") == MoveError::illegal);
    // Births with a capture are gone too; a plain queen move is fine.
    const Position p2 = from_fen("3rk3/8/8/8/8/8/8/3QK3 w - - 0 1 pregnant=d1", barren());
    CHECK(error_of(p2, "Qxd8,P@d1") == MoveError::illegal);
    CHECK_FALSE(in_check(play_san(p2, "Qd7")));
    CHECK(in_check(play_san(from_fen(fen), "Qd7+")));
  }
  SECTION("a non-pregnant queen captures as usual") {
    const Position pos = from_fen("3rk3/8/8/8/8/8/8/3QK3 w - - 0 1", barren());
    CHECK(legal(pos, "Qxd8+"));
  }
  SECTION("a pregnant queen gives no check") {
    const char* fen = "3k4/8/8/8/8/8/8/Q3K3 w - - 0 1 pregnant=a1";
    const Position normal = play_san(from_fen(fen), "Qd1+");
    CHECK(in_check(normal));
    CHECK_FALSE(legal(normal, "Kd7"));
    const Position quiet = play_san(from_fen(fen, barren()), "Qd1");
    CHECK_FALSE(in_check(quiet));
    CHECK(legal(quiet, "Kd7"));  // the d-file is not attacked
    CHECK(to_san(from_fen(fen, barren()), resolve_text(from_fen(fen, barren()), "Qd1").move) ==
          "Qd1");
  }
  SECTION("a pregnant queen pins nothing") {
    const char* fen = "3k4/3r4/8/8/8/8/8/3QK3 b - - 0 1 pregnant=d1";
    CHECK_FALSE(legal(from_fen(fen), "Re7"));
    CHECK(legal(from_fen(fen, barren()), "Re7"));
  }
  SECTION("after the birth she captures and checks again") {
    const Position pos = from_fen("3k4/8/8/8/8/8/8/Q3K3 w - - 0 1 pregnant=a1", barren());
    const Position after = play_san(pos, "Qd1,P@c1+");
    CHECK(in_check(after));
  }
  SECTION("a pregnant queen still blocks lines") {
    // She attacks nothing but still stands in the way: the e8 rook does not reach e1.
    const Position pos = from_fen("4r2k/8/8/8/4Q3/8/8/4K3 w - - 0 1 pregnant=e4", barren());
    CHECK_FALSE(in_check(pos));
    CHECK(legal(pos, "Qe5"));
    CHECK(error_of(pos, "Qa4") == MoveError::illegal);  // would open the file
  }
}

TEST_CASE("reproduction barren-capture: a FEN with a pregnant queen facing the king",
          "[rules][reproduction]") {
  // Under barren-capture a pregnant queen on the enemy king's line gives no check, so the
  // position below (which arises in play) is valid with White to move and must read back. The
  // check that "the side not to move is not in check" has to see the pregnant field first.
  const Position pos = from_fen("3k4/8/8/8/8/8/8/Q3K3 w - - 0 1 pregnant=a1", barren());
  const Position after = play_all(pos, {"Qd1", "Kc8", "Ke2", "Kd8"});
  const std::string fen = after.fen();
  CHECK(fen == "3k4/8/8/8/8/8/4K3/3Q4 w - - 4 3 pregnant=d1");
  CHECK(fen_error(fen, barren()).empty());
}

// ---- the vacated-square sub-variant -----------------------------------------------------------

TEST_CASE("reproduction-vacated: only the birth on the square she left", "[rules][reproduction]") {
  const Position pos = from_fen(kPregnantD1, vacated());
  SECTION("way 3 is legal") {
    const Position after = play_san(pos, "Qd4,P@d1");
    CHECK(after.fen() == "8/8/4k3/8/3Q4/8/PPP2PPP/3PK3 b - - 0 1");
  }
  SECTION("ways 1 and 2 are not") {
    CHECK(error_of(pos, "Qd4,P@d5") == MoveError::illegal);
    CHECK(error_of(pos, "Qd4,P@c4") == MoveError::illegal);
    CHECK(error_of(pos, "P@c1") == MoveError::illegal);
    CHECK(error_of(pos, "P@d2") == MoveError::illegal);
    CHECK(count_kind(pos, MoveKind::placement) == 0);
  }
  SECTION("every birth is on the queen's origin; one per queen move") {
    MoveList moves;
    generate_legal(pos, moves);
    int births = 0;
    for (const Move& m : moves)
      if (m.birth != no_square) {
        CHECK(m.birth == m.from);
        ++births;
      }
    CHECK(births == 14);  // the 14 queen moves of the main variant
    CHECK(moves.size() == 29 + 14);
    require_san_round_trip(pos);
  }
  SECTION("passing works as in the main variant") {
    const Position start = Position::start(vacated());
    CHECK(play_san(start, "--").marked(sq("d1")));
  }
}

// ---- the 50-move clock and repetitions
// -----------------------------------------------------------

TEST_CASE("reproduction: 50-move clock and repetitions", "[rules][reproduction]") {
  SECTION("a pass counts as a move, a birth resets the clock") {
    Position pos = from_fen("4k3/8/8/8/8/8/PPP2PPP/3QK3 w - - 37 40");
    pos = play_san(pos, "--");
    CHECK(pos.halfmove_clock() == 38);
    pos = play_san(pos, "Kf8");
    CHECK(pos.halfmove_clock() == 39);
    pos = play_san(pos, "Qd3");  // a pregnant queen's plain move
    CHECK(pos.halfmove_clock() == 40);
    pos = play_san(pos, "Ke8");
    pos = play_san(pos, "Qd4,P@d3");
    CHECK(pos.halfmove_clock() == 0);
    pos = play_all(pos, {"Kf8", "--", "Ke8"});
    CHECK(pos.halfmove_clock() == 3);
    pos = play_san(pos, "P@d5");  // way 2 resets too
    CHECK(pos.halfmove_clock() == 0);
  }
  SECTION("fifty passes and king moves make the 50-move draw claimable") {
    const Position pos = from_fen("4k3/8/8/8/8/8/PPP2PPP/3QK3 b - - 99 80");
    const Position after = play_san(pos, "Kf8");
    const Outcome o = judge(after, {});
    CHECK(o.termination == Termination::fifty_moves);
  }
  SECTION("a lone Prince cannot mate, nor can a lone knight (dead-position tables)") {
    CHECK(judge(from_fen("4k3/8/8/8/8/8/3I4/4K3 w - - 0 1"), {}).termination ==
          Termination::insufficient_material);
    CHECK(judge(from_fen("4k3/8/8/8/8/8/3N4/4K3 w - - 0 1"), {}).termination ==
          Termination::insufficient_material);
  }
  SECTION("the same board with and without a pregnancy is not a repetition") {
    // S0 (no pregnancy) -- S1 Kf8 S2 Kf1 S3 Ke8 S4 Ke1 S5 Kf8 S6 Kf1 S7 Ke8 S8 Ke1 S9.
    // S0, S4 and S8 have the same board and side to move, but S0 has no pregnant queen: S8 is
    // only the second occurrence. S1, S5, S9 are three of the same (pregnant) position.
    Position pos = from_fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    std::vector<std::uint64_t> keys;
    for (const char* m : {"--", "Kf8", "Kf1", "Ke8", "Ke1", "Kf8", "Kf1", "Ke8"}) {
      keys.push_back(pos.key());
      pos = play_san(pos, m);
    }
    CHECK(pos.key() == keys[4]);
    CHECK(pos.key() != keys[0]);
    CHECK(judge(pos, keys).termination == Termination::none);
    keys.push_back(pos.key());
    pos = play_san(pos, "Ke1");
    CHECK(judge(pos, keys).termination == Termination::threefold_repetition);
  }
}

// ---- perft regression table -------------------------------------------------------------------

TEST_CASE("reproduction perft: hand-checked small counts", "[rules][reproduction][perft]") {
  const Position start = Position::start(repro());
  // 20 FIDE moves and a pass.
  CHECK(perft(start, 1) == 21);
  // Nothing White does on move 1 changes Black's 21 choices (a white pass cannot be answered by
  // anything new: the black queen is not pregnant).
  CHECK(perft(start, 2) == 21 * 21);
  // After 1. -- Black has 21 moves, then White 20: the pregnant queen is boxed in on d1 and
  // cannot give birth with eight pawns, and cannot pass again.
  CHECK(perft(play_san(start, "--"), 2) == 21 * 20);
}

TEST_CASE("reproduction perft: regression tables", "[rules][reproduction][perft]") {
  // Made with xpgn itself (regression data, not an independent reference); see the header of
  // each file for how the small counts were checked by hand.
  struct Table {
    const char* file;
    const char* variant;
    const char* options;
    int at_least;
  };
  const Table tables[] = {
      {"reproduction.txt", "reproduction", "", 8},
      {"reproduction-barren-capture.txt", "reproduction", "barren-capture", 3},
      {"reproduction-vacated.txt", "reproduction-vacated", "", 3},
  };
  for (const Table& t : tables) {
    CHECK(test::check_perft_file(t.file, variant(t.variant, t.options)) >= t.at_least);
  }
}

// ---- samples -----------------------------------------------------------------------------------

TEST_CASE("reproduction samples: every game replays without a diagnostic",
          "[rules][reproduction]") {
  int files = 0;
  for (const auto& path : test::sample_files("reproduction")) {
    INFO(path.string());
    const record::CheckReport report = record::check_file(path.string());
    std::string text;
    for (const auto& d : report.diagnostics) text += record::format_diagnostic(d) + "\n";
    INFO(text);
    CHECK(report.games == 1);
    CHECK(report.valid == 1);
    CHECK(report.diagnostics.empty());
    ++files;
  }
  CHECK(files >= 4);
}
