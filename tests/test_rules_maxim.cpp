// Maxim chess (variant `maxim`): the setup, the knight (and option knight-wide), stacks of two
// friendly pieces, captures of stacks (push or double capture), pawns (sideways on a stack, no
// double step from rank 1, en passant, removal on the last rank), portals (declarations, the
// walled-off region, option portal-diagonal-fill, teleports), check through stacks, and a perft
// regression table. Rules: /work/shared/guide/rulings.md, section `maxim`; docs/rules/maxim.md.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "test_support.hpp"
#include "xpgn/emit/json.hpp"
#include "xpgn/notation/notation.hpp"
#include "xpgn/record/replayer.hpp"
#include "xpgn/rules/component.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/outcome.hpp"
#include "xpgn/rules/san.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

using test::count_effects;
using test::is_legal;
using test::legal_sans;
using test::play_all;
using test::play_san;
using test::refusal;
using test::resolve_text;
using test::sq;
using test::the_effect;

// The refusal message without its hint (the legal moves offered after "; "), which the
// engine tests (test_rules_engine.cpp) check.
std::string refusal_head(const Position& pos, const std::string& text) {
  const std::string message = refusal(pos, text);
  return message.substr(0, message.find("; "));
}

const Variant& maxim(const std::string& options = "") {
  return test::variant("maxim", options);
}

Position from_fen(const std::string& fen, const Variant& v = maxim()) {
  return test::from_fen(fen, v);
}

// The error Position::from_setup gives for a FEN it refuses.
std::string fen_error(const std::string& fen) {
  return test::refused_fen_error(fen, maxim());
}

Piece piece(Color c, char fen_letter) {
  return test::piece_by_fen(maxim(), c, fen_letter);
}

using Sans = std::vector<std::string>;

// Canonical SAN of the legal moves whose text starts with `prefix` (e.g. "N", "Rx"), sorted.
Sans legal_starting(const Position& pos, const std::string& prefix) {
  Sans out;
  for (const auto& s : legal_sans(pos))
    if (s.rfind(prefix, 0) == 0) out.push_back(s);
  return out;
}

// The legal moves of pawns (SAN without a piece letter), sorted.
Sans pawn_moves(const Position& pos) {
  Sans out;
  for (const auto& s : legal_sans(pos))
    if (s[0] >= 'a' && s[0] <= 'h') out.push_back(s);
  return out;
}

}  // namespace

// ---- setup ------------------------------------------------------------------------------------

TEST_CASE("maxim setup: bishops in the corners' neighbours, pawns on c1 and f1", "[rules][maxim]") {
  const Position start = Position::start(maxim());

  SECTION("the start position") {
    CHECK(start.fen() == "rnpqkpnr/bppppppb/8/8/8/8/BPPPPPPB/RNPQKPNR w - - 0 1");
    CHECK(start.at(sq("a2")) == piece(Color::white, 'B'));
    CHECK(start.at(sq("c1")) == piece(Color::white, 'P'));
    CHECK(start.at(sq("h7")) == piece(Color::black, 'B'));
    CHECK(start.at(sq("f8")) == piece(Color::black, 'P'));
  }

  SECTION("fifty first moves") {
    CHECK(legal_sans(start) ==
          Sans{"Bb1",  "Bb3",   "Bc4", "Bd5", "Bd6", "Be5", "Be6", "Bf4", "Bg1", "Bg3",
               "Bxc7", "Bxf7+", "Kd1", "Kd2", "Ke2", "Kf1", "Kf2", "Na1", "Nb2", "Nb4",
               "Nc1",  "Nd1",   "Ne1", "Nf1", "Ng2", "Ng4", "Nh1", "Qc1", "Qc2", "Qd2",
               "Qe1",  "Qe2",   "Ra2", "Rb1", "Rg1", "Rh2", "b3",  "b4",  "c2",  "c3",
               "c4",   "d3",    "d4",  "e3",  "e4",  "f2",  "f3",  "f4",  "g3",  "g4"});
  }

  SECTION("names and options") {
    std::string error;
    CHECK(catalog::find_variant("Maxim Chess", "", error) == &maxim());
    CHECK(catalog::find_variant("maxim", "knight-wide,portal-diagonal-fill", error) != nullptr);
    CHECK(catalog::find_variant("maxim", "castling", error) == nullptr);
  }

  SECTION("no castling, no promotion") {
    CHECK(fen_error("4k3/8/8/8/8/8/8/4K2R w K - 0 1") ==
          "castling rights 'K' given, but maxim has no castling");
    const Position pawn = from_fen("k7/2P5/8/8/8/8/8/7K w - - 0 1");
    CHECK(refusal(pawn, "c8=Q") == "no legal move: pawn to c8 is not possible here");
  }
}

// ---- the knight -------------------------------------------------------------------------------

TEST_CASE("maxim knight: one step, two on an empty path, three over a piece", "[rules][maxim]") {
  SECTION("on an empty board: one or two squares in each orthogonal direction") {
    CHECK(legal_starting(from_fen("k7/8/8/8/3N4/8/8/7K w - - 0 1"), "N") ==
          Sans{"Nb4", "Nc4", "Nd2", "Nd3", "Nd5", "Nd6", "Ne4", "Nf4"});
  }

  SECTION("a piece on the first square: the knight leaps three instead of two") {
    // d5 holds a white pawn: the knight may join it (a stack) or leap to d7, not stop on d6.
    const Position pos = from_fen("k7/8/8/3P4/3N4/8/8/7K w - - 0 1");
    CHECK(legal_starting(pos, "N") == Sans{"Nb4", "Nc4", "Nd2", "Nd3", "Nd5", "Nd7", "Ne4", "Nf4"});
    CHECK(refusal_head(pos, "Nd6") == "no legal move: knight to d6 is not possible here");
  }

  SECTION("a piece only on the second square: two steps reach it, three do not") {
    const Position pos = from_fen("k7/8/3p4/8/3N4/8/8/7K w - - 0 1");
    CHECK(legal_starting(pos, "N") ==
          Sans{"Nb4", "Nc4", "Nd2", "Nd3", "Nd5", "Ne4", "Nf4", "Nxd6"});
    CHECK(refusal_head(pos, "Nd7") == "no legal move: knight to d7 is not possible here");
  }

  SECTION("option knight-wide: a piece on the second square also allows the leap") {
    const Position pos = from_fen("k7/8/3p4/8/3N4/8/8/7K w - - 0 1", maxim("knight-wide"));
    CHECK(legal_starting(pos, "N") ==
          Sans{"Nb4", "Nc4", "Nd2", "Nd3", "Nd5", "Nd7", "Ne4", "Nf4", "Nxd6"});
  }

  SECTION("two pieces in the way: still three squares, capturing there") {
    const Position pos = from_fen("k7/3r4/3p4/3P4/3N4/8/8/7K w - - 0 1");
    CHECK(legal_starting(pos, "N") ==
          Sans{"Nb4", "Nc4", "Nd2", "Nd3", "Nd5", "Ne4", "Nf4", "Nxd7"});
  }

  SECTION("the leap ends inside the board") {
    // From a2 with a piece on a3: a5 is three squares up; left is the edge.
    const Position pos = from_fen("k7/8/8/8/8/P7/N7/7K w - - 0 1");
    CHECK(legal_starting(pos, "N") == Sans{"Na1", "Na3", "Na5", "Nb2", "Nc2"});
  }
}

// ---- stacks -----------------------------------------------------------------------------------

TEST_CASE("maxim stacks: two friendly pieces on one square", "[rules][maxim]") {
  SECTION("moving onto one friendly piece makes a stack; FEN lists the earlier arrival first") {
    const Position after = play_san(Position::start(maxim()), "Qc2");
    CHECK(after.fen() == "rnpqkpnr/bppppppb/8/8/8/8/BP(PQ)PPPPB/RNP1KPNR b - - 1 1");
    CHECK(after.at(sq("c2")) == piece(Color::white, 'Q'));
    CHECK(after.under(sq("c2")) == piece(Color::white, 'P'));
    CHECK(from_fen(after.fen()).fen() == after.fen());
  }

  SECTION("a third piece may not join a stack") {
    const Position pos = from_fen("7k/8/8/8/8/8/8/R(NB)5K w - - 0 1");
    CHECK(refusal_head(pos, "Rb1") == "no legal move: rook to b1 is not possible here");
    // Nor can a FEN write one: a stack is two letters in parentheses.
    CHECK_FALSE(notation::parse_fen("7k/8/8/8/8/8/8/R(NBP)4K w - - 0 1").has_value());
  }

  SECTION("a stack holds pieces of one side only") {
    CHECK(fen_error("7k/8/8/8/8/8/8/R(Nb)5K w - - 0 1") ==
          "square b1: a stack holds two pieces of one side");
  }

  SECTION("non-leaping pieces cannot pass through an occupied square") {
    const Position pos = from_fen("7k/8/8/8/8/N7/8/R6K w - - 0 1");
    CHECK(is_legal(pos, "Ra3"));  // joins the knight
    CHECK(refusal_head(pos, "Ra4") == "no legal move: rook to a4 is not possible here");
    const Position bishop = from_fen("7k/8/8/8/8/2N5/8/B6K w - - 0 1");
    CHECK(refusal_head(bishop, "Bd4") == "no legal move: bishop to d4 is not possible here");
  }

  SECTION("either piece of a stack may move; the other stays") {
    const Position pos = from_fen("7k/8/8/8/8/8/8/(NR)6K w - - 0 1");
    CHECK(legal_starting(pos, "N") == Sans{"Na2", "Na3", "Nb1", "Nc1"});
    CHECK(play_san(pos, "Nb1").fen() == "7k/8/8/8/8/8/8/RN5K b - - 1 1");
    CHECK(play_san(pos, "Ra5").fen() == "7k/8/8/R7/8/8/8/N6K b - - 1 1");
  }
}

// ---- capturing a stack ------------------------------------------------------------------------

TEST_CASE("maxim captures of a stack: the earlier piece is taken, the other pushed",
          "[rules][maxim]") {
  SECTION("the capturer chooses the push square: Rxd3>d4") {
    const Position pos = from_fen("k7/8/8/8/8/3(nb)4/8/3R3K w - - 0 1");
    CHECK(legal_starting(pos, "Rx") == Sans{"Rxd3>c3", "Rxd3>d2", "Rxd3>d4", "Rxd3>e3"});
    EffectList effects;
    const Position after = play_san(pos, "Rxd3>d4", &effects);
    CHECK(after.fen() == "k7/8/8/8/3b4/3R4/8/7K b - - 0 1");
    const Effect taken = the_effect(effects, EffectKind::capture);
    CHECK(taken.square == sq("d3"));
    CHECK(taken.piece == piece(Color::black, 'N'));
    const Effect pushed = the_effect(effects, EffectKind::pushed);
    CHECK(pushed.square == sq("d3"));
    CHECK(pushed.to == sq("d4"));
    CHECK(pushed.piece == piece(Color::black, 'B'));
    // A push square must be named while there is one.
    CHECK(refusal_head(pos, "Rxd3") ==
          "rook to d3 needs an action after it (such as a push square '>e4')");
    // Only orthogonal neighbours.
    CHECK(refusal(pos, "Rxd3>e4") ==
          "rook to d3 is possible, but the piece pushed from d3 goes to a square next to it, not "
          "e4; legal: Rxd3>c3, Rxd3>d2, Rxd3>d4, Rxd3>e3");
  }

  SECTION("a push onto an occupied square is illegal") {
    const Position pos = from_fen("k7/8/8/8/3p4/3(nb)4/8/3R3K w - - 0 1");
    CHECK(legal_starting(pos, "Rx") == Sans{"Rxd3>c3", "Rxd3>d2", "Rxd3>e3"});
    CHECK(refusal(pos, "Rxd3>d4") ==
          "rook to d3 is possible, but the piece pushed from d3 cannot go to d4: the pawn on d4 "
          "stands there; legal: Rxd3>c3, Rxd3>d2, Rxd3>e3");
  }

  SECTION("a push onto a portal is illegal, whoever owns it") {
    const Position pos = from_fen("k7/8/8/8/3p4/3(nb)4/8/3R3K w - - 0 1 portals=-/e3,h6");
    CHECK(legal_starting(pos, "Rx") == Sans{"Rxd3>c3", "Rxd3>d2"});
    CHECK(refusal(pos, "Rxd3>e3") ==
          "rook to d3 is possible, but the piece pushed from d3 cannot go to e3: it is a portal; "
          "legal: Rxd3>c3, Rxd3>d2");
    const Position own = from_fen("k7/8/8/8/3p4/3(nb)4/8/3R3K w - - 0 1 portals=e3,h6/-");
    CHECK(legal_starting(own, "Rx") == Sans{"Rxd3>c3", "Rxd3>d2"});
  }

  SECTION("the push may use the square the capturer has just left") {
    const Position pos = from_fen("k7/8/8/8/3p4/2p(nb)p3/3R4/7K w - - 0 1");
    CHECK(legal_starting(pos, "Rx") == Sans{"Rxd3>d2"});
    CHECK(play_san(pos, "Rxd3>d2").fen() == "k7/8/8/8/3p4/2pRp3/3b4/7K b - - 0 1");
    // Not when the capturer leaves a stack: its partner still fills the square.
    const Position from_stack = from_fen("k7/8/8/8/3p4/2p(nb)p3/3(NR)4/7K w - - 0 1");
    EffectList effects;
    CHECK(play_san(from_stack, "Rxd3", &effects).fen() == "k7/8/8/8/3p4/2pRp3/3N4/7K b - - 0 1");
    CHECK(count_effects(effects, EffectKind::capture) == 2);
  }

  SECTION("boxed in: both pieces are taken") {
    const Position pos = from_fen("k7/8/8/3p4/2p(nb)p3/3p4/1B6/7K w - - 0 1");
    EffectList effects;
    const Position after = play_san(pos, "Bxd4", &effects);
    CHECK(after.fen() == "k7/8/8/3p4/2pBp3/3p4/8/7K b - - 0 1");
    CHECK(count_effects(effects, EffectKind::capture) == 2);
    CHECK(count_effects(effects, EffectKind::pushed) == 0);
    CHECK(refusal(pos, "Bxd4>d3") ==
          "bishop to d4 is possible, but the piece pushed from d4 cannot go to d3: the pawn on d3 "
          "stands there; legal: Bxd4");
  }

  SECTION("a pawn pushed onto its last rank leaves the game") {
    const Position pos = from_fen("k7/8/8/8/8/8/2(np)5/2R4K w - - 0 1");
    EffectList effects;
    const Position after = play_san(pos, "Rxc2>c1", &effects);
    CHECK(after.fen() == "k7/8/8/8/8/8/2R5/7K b - - 0 1");
    const Effect removed = the_effect(effects, EffectKind::piece_removed);
    CHECK(removed.square == sq("c1"));
    CHECK(removed.piece == piece(Color::black, 'P'));
  }

  SECTION("JSON lists the push") {
    auto games = record::read_games(
        "[Variant \"Maxim\"]\n[SetUp \"1\"]\n[FEN \"k7/8/8/8/8/3(nb)4/8/3R3K w - - 0 1\"]\n"
        "[Result \"*\"]\n\n1. Rxd3>d4 *\n");
    REQUIRE(games.size() == 1);
    REQUIRE(games[0].valid());
    const nlohmann::json j = emit::game_to_json(games[0]);
    const auto& effects = j["moves"][0]["effects"];
    bool pushed = false;
    for (const auto& e : effects)
      if (e["kind"] == "pushed" && e["square"] == "d3" && e["to"] == "d4" && e["piece"] == "b")
        pushed = true;
    CHECK(pushed);
    CHECK(j["moves"][0]["san"] == "Rxd3>d4");
  }
}

// ---- pawns ------------------------------------------------------------------------------------

TEST_CASE("maxim pawns", "[rules][maxim]") {
  SECTION("a pawn sharing a square moves only one square sideways") {
    // b3 holds a black pawn: a pawn alone on c2 could take it, the stacked one cannot.
    const Position pos = from_fen("k7/8/8/8/8/1p6/2(NP)5/7K w - - 0 1");
    CHECK(pawn_moves(pos) == Sans{"c2b2", "c2d2"});
    CHECK(refusal_head(pos, "c3") == "no legal move: pawn to c3 is not possible here");
    CHECK(refusal_head(pos, "cxb3") == "no legal move: pawn to b3 is not possible here");
    CHECK(play_san(pos, "c2b2").fen() == "k7/8/8/8/8/1p6/1PN5/7K b - - 0 1");
    // The knight under the pawn can step to b2 as well; its move carries the letter.
    CHECK(play_san(pos, "Nb2").fen() == "k7/8/8/8/8/1p6/1NP5/7K b - - 1 1");
  }

  SECTION("and captures one square sideways") {
    const Position pos = from_fen("k7/8/8/8/8/8/1p(NP)1p3/7K w - - 0 1");
    CHECK(pawn_moves(pos) == Sans{"c2d2", "cxb2"});
    CHECK(play_san(pos, "cxb2").fen() == "k7/8/8/8/8/8/1PN1p3/7K b - - 0 1");
  }

  SECTION("the lower piece of a stack moves the same way") {
    const Position pos = from_fen("k7/8/8/8/8/8/2(PN)5/7K w - - 0 1");
    CHECK(pawn_moves(pos) == Sans{"c2b2", "c2d2"});
  }

  SECTION("double steps from rank 2 only, never from rank 1") {
    CHECK(pawn_moves(from_fen("k7/8/8/8/8/8/8/2P4K w - - 0 1")) == Sans{"c2"});
    CHECK(pawn_moves(from_fen("k7/8/8/8/8/8/2P5/7K w - - 0 1")) == Sans{"c3", "c4"});
    CHECK(pawn_moves(from_fen("k7/5p2/8/8/8/8/8/7K b - - 0 1")) == Sans{"f5", "f6"});
    CHECK(pawn_moves(from_fen("k4p2/8/8/8/8/8/8/7K b - - 0 1")) == Sans{"f7"});
    // A pawn that shares a square on rank 2 steps sideways only.
    CHECK(pawn_moves(from_fen("k7/8/8/8/8/8/2(BP)5/7K w - - 0 1")) == Sans{"c2b2", "c2d2"});
  }

  SECTION("en passant against a pawn that landed alone") {
    Position pos = play_san(from_fen("k7/8/8/8/3p4/8/2P5/7K w - - 0 1"), "c4");
    CHECK(pos.fen() == "k7/8/8/8/2Pp4/8/8/7K b - c3 0 1");
    EffectList effects;
    pos = play_san(pos, "dxc3", &effects);
    CHECK(pos.fen() == "k7/8/8/8/8/2p5/8/7K w - - 0 2");
    CHECK(the_effect(effects, EffectKind::capture).square == sq("c4"));
  }

  SECTION("no en passant against a pawn that landed on a friend") {
    const Position pos = play_san(from_fen("k7/8/8/8/2Bp4/8/2P5/7K w - - 0 1"), "c4");
    CHECK(pos.fen() == "k7/8/8/8/2(BP)p4/8/8/7K b - - 0 1");
    CHECK(refusal_head(pos, "dxc3") == "no legal move: pawn to c3 is not possible here");
  }

  SECTION("no en passant by a pawn that shares a square") {
    const Position pos = play_san(from_fen("k7/8/8/8/3(np)4/8/2P5/7K w - - 0 1"), "c4");
    CHECK(pos.fen() == "k7/8/8/8/2P(np)4/8/8/7K b - - 0 1");
    CHECK(refusal_head(pos, "dxc3") == "no legal move: pawn to c3 is not possible here");
    CHECK(is_legal(pos, "dxc4"));  // sideways
  }
}

TEST_CASE("maxim pawns: no promotion, removal on the last rank", "[rules][maxim]") {
  SECTION("a pawn that reaches the last rank is removed, after its capture") {
    const Position pos = from_fen("k2n4/2P5/8/8/8/8/8/7K w - - 0 1");
    CHECK(pawn_moves(pos) == Sans{"c8", "cxd8"});
    EffectList effects;
    CHECK(play_san(pos, "c8", &effects).fen() == "k2n4/8/8/8/8/8/8/7K b - - 0 1");
    CHECK(the_effect(effects, EffectKind::piece_removed).square == sq("c8"));
    effects.clear();
    CHECK(play_san(pos, "cxd8", &effects).fen() == "k7/8/8/8/8/8/8/7K b - - 0 1");
    CHECK(the_effect(effects, EffectKind::capture).piece == piece(Color::black, 'N'));
    CHECK(the_effect(effects, EffectKind::piece_removed).piece == piece(Color::white, 'P'));
  }

  SECTION("also when it joins a friendly piece there; the friend stays") {
    const Position pos = from_fen("k1B5/2P5/8/8/8/8/8/7K w - - 0 1");
    CHECK(play_san(pos, "c8").fen() == "k1B5/8/8/8/8/8/8/7K b - - 0 1");
  }

  SECTION("black pawns leave on rank 1") {
    const Position pos = from_fen("k7/8/8/8/8/8/4p3/7K b - - 0 1");
    CHECK(play_san(pos, "e1").fen() == "k7/8/8/8/8/8/8/7K w - - 0 2");
  }

  SECTION("a pawn that teleports away from the last rank stays in the game") {
    const Position pos = from_fen("k7/2P5/8/8/8/8/8/7K w - - 0 1 portals=c8,e3/-");
    EffectList effects;
    const Position after = play_san(pos, "c8", &effects);
    CHECK(after.fen() == "k7/8/8/8/8/4P3/8/7K b - - 0 1");
    CHECK(count_effects(effects, EffectKind::piece_removed) == 0);
    CHECK(to_san(pos, resolve_text(pos, "c8").move) == "c8~e3");
  }

  SECTION("a pawn that teleports onto the last rank is removed there") {
    const Position pos = from_fen("k7/8/8/2P5/8/8/8/7K w - - 0 1 portals=-/c6,e8");
    EffectList effects;
    const Position after = play_san(pos, "c6", &effects);
    CHECK(after.fen() == "k7/8/8/8/8/8/8/7K b - - 0 1");
    // Teleport first, then the removal on e8.
    REQUIRE(effects.size() == 4);
    CHECK(effects[0].kind == EffectKind::teleported);
    CHECK(effects[3].kind == EffectKind::piece_removed);
    CHECK(effects[3].square == sq("e8"));
  }
}

// ---- portals ----------------------------------------------------------------------------------

TEST_CASE("maxim portals: declarations", "[rules][maxim]") {
  const Position start = Position::start(maxim());

  SECTION("after a move a player may declare two portals: e4,^c5^f5") {
    EffectList effects;
    Position pos = play_san(start, "e4,^c5^f5", &effects);
    CHECK(pos.fen() == "rnpqkpnr/bppppppb/8/8/4P3/8/BPPP1PPB/RNPQKPNR b - - 0 1 portals=c5,f5/-");
    CHECK(count_effects(effects, EffectKind::portal_declared) == 2);
    pos = play_san(pos, "d5,^c4^f4");
    CHECK(pos.fen() ==
          "rnpqkpnr/bpp1pppb/8/3p4/4P3/8/BPPP1PPB/RNPQKPNR w - - 0 2 portals=c5,f5/c4,f4");
    // A new pair replaces the old one.
    pos = play_san(pos, "Nb4,^a3^h3");
    CHECK(pos.fen() ==
          "rnpqkpnr/bpp1pppb/8/3p4/1N2P3/8/BPPP1PPB/R1PQKPNR b - - 1 2 portals=a3,h3/c4,f4");
    CHECK(from_fen(pos.fen()).fen() == pos.fen());
  }

  SECTION("the pair is stored in square order, however it was written") {
    CHECK(play_san(start, "e4,^f5^c5").fen() == play_san(start, "e4,^c5^f5").fen());
  }

  SECTION("refused declarations") {
    CHECK(refusal(start, "e4,^c5^e4") ==
          "pawn to e4 is not allowed: portal square e4 is not empty");
    CHECK(refusal(start, "e4,^c5^c2") ==
          "pawn to e4 is not allowed: portal square c2 is not empty");
    CHECK(refusal(start, "e4,^c5^c5") ==
          "pawn to e4 is not allowed: portals must be two different squares of the board");
    CHECK(refusal(start, "e4,^c5^z9") == "portal squares must be on the board");
    const Position pos = play_san(start, "e4,^c5^f5");
    CHECK(refusal(pos, "d5,^c5^f4") ==
          "pawn to d5 is not allowed: portal square c5 is the opponent's portal");
  }

  SECTION("not in a region walled off by the opponent's pieces") {
    // h1 is closed in by the black bishop on g1 and the knight on h2.
    const Position pos = from_fen("k7/8/8/8/8/8/7n/K5b1 w - - 0 1");
    CHECK(refusal(pos, "Kb1,^h1^a4") ==
          "king to b1 is not allowed: portal square h1 lies in a region walled off by the "
          "opponent's pieces");
    CHECK(refusal(pos, "Kb1,^a4^h1") ==
          "king to b1 is not allowed: portal square h1 lies in a region walled off by the "
          "opponent's pieces");
    CHECK(is_legal(pos, "Kb1,^g2^a4"));
    // A walled region that holds one of the player's own pieces is fine.
    const Position own = from_fen("k7/8/8/8/8/8/6nn/K4bN1 w - - 0 1");
    CHECK(play_san(own, "Kb1,^h1^a4").fen() == "k7/8/8/8/8/8/6nn/1K3bN1 b - - 1 1 portals=h1,a4/-");
  }

  SECTION("option portal-diagonal-fill: the region also spreads diagonally") {
    const Variant& diagonal = maxim("portal-diagonal-fill");
    // g2 is empty, so h1 reaches the rest of the board through it.
    const Position pos = from_fen("k7/8/8/8/8/8/7n/K5b1 w - - 0 1", diagonal);
    CHECK(play_san(pos, "Kb1,^h1^a4").fen() == "k7/8/8/8/8/8/7n/1K4b1 b - - 1 1 portals=h1,a4/-");
    // With g2 closed as well, h1 stays cut off.
    const Position closed = from_fen("k7/8/8/8/8/8/6nn/K5b1 w - - 0 1", diagonal);
    CHECK(refusal(closed, "Kb1,^h1^a4") ==
          "king to b1 is not allowed: portal square h1 lies in a region walled off by the "
          "opponent's pieces");
  }

  SECTION("declarations are not counted by perft") {
    // 50 moves, each of which could also declare any of hundreds of pairs.
    CHECK(perft(start, 1) == 50);
    CHECK(is_legal(start, "Nb4,^a5^h4"));
  }
}

TEST_CASE("maxim portals: teleports", "[rules][maxim]") {
  SECTION("a piece that ends on a portal jumps to the other one, and the pair vanishes") {
    const Position pos = from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 portals=a5,h5/c6,f6");
    EffectList effects;
    const Position after = play_san(pos, "Ra5", &effects);
    CHECK(after.fen() == "4k3/8/8/7R/8/8/8/4K3 b - - 1 1 portals=-/c6,f6");
    const Effect jump = the_effect(effects, EffectKind::teleported);
    CHECK(jump.square == sq("a5"));
    CHECK(jump.to == sq("h5"));
    CHECK(count_effects(effects, EffectKind::portal_vanished) == 2);
    // Canonical SAN names the teleport; it may be written or left out.
    CHECK(to_san(pos, resolve_text(pos, "Ra5").move) == "Ra5~h5");
    CHECK(play_san(pos, "Ra5~h5").fen() == after.fen());
    CHECK(refusal_head(pos, "Ra5~c6") ==
          "rook to a5 is possible, but not with the action written after it");
  }

  SECTION("the opponent's pieces use the portals too") {
    Position pos = play_san(Position::start(maxim()), "e4,^c5^f5");
    EffectList effects;
    pos = play_san(pos, "c5", &effects);
    CHECK(pos.fen() == "rnpqkpnr/bp1ppppb/8/5p2/4P3/8/BPPP1PPB/RNPQKPNR w - - 0 2");
    CHECK(the_effect(effects, EffectKind::teleported).piece == piece(Color::black, 'P'));
    // No en passant after a double step that teleported.
    CHECK(pos.en_passant() == no_square);
  }

  SECTION("sliding over a portal does nothing") {
    const Position pos = from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 portals=a3,h3/-");
    CHECK(play_san(pos, "Ra5").fen() == "4k3/8/8/R7/8/8/8/4K3 b - - 1 1 portals=a3,h3/-");
  }

  SECTION("a portal square is never occupied: a FEN may not put a piece there") {
    CHECK(fen_error("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 portals=a1,h3/-") ==
          "portals: 'a1,h3' must name two different empty squares");
  }

  SECTION("JSON lists the teleport") {
    auto games = record::read_games(
        "[Variant \"Maxim chess\"]\n[Result \"*\"]\n\n1. e4,^c5^f5 c5~f5 2. exf5 *\n");
    REQUIRE(games.size() == 1);
    REQUIRE(games[0].valid());
    const nlohmann::json j = emit::game_to_json(games[0]);
    const auto& moves = j["moves"];
    REQUIRE(moves.size() == 3);
    CHECK(moves[0]["san"] == "e4,^c5^f5");
    CHECK(moves[1]["san"] == "c5~f5");
    int vanished = 0;
    bool teleported = false;
    for (const auto& e : moves[1]["effects"]) {
      if (e["kind"] == "teleported" && e["square"] == "c5" && e["to"] == "f5") teleported = true;
      if (e["kind"] == "portal_vanished") ++vanished;
    }
    CHECK(teleported);
    CHECK(vanished == 2);
  }
}

// ---- check through stacks ---------------------------------------------------------------------

TEST_CASE("maxim check: a king on top of a stack is pushed, not taken", "[rules][maxim]") {
  SECTION("with a push square free, the attacked king is not in check") {
    const Position pos = from_fen("4k3/8/8/8/8/8/8/r3(NK)3 w - - 0 1");
    CHECK_FALSE(in_check(pos));
    // Moving the knight away would leave the king alone on the rook's rank.
    CHECK(legal_sans(pos) == Sans{"Kd2", "Ke2", "Kf1", "Kf2", "Nc1", "Nd1"});
  }

  SECTION("boxed in, it is in check") {
    const Position pos = from_fen("4k3/8/8/8/7b/8/4P3/3P(NK)P2 w - - 0 1");
    CHECK(in_check(pos));
    // Escapes: open a push square (d2, e3, e4), block on f2, or step away.
    CHECK(legal_sans(pos) == Sans{"Kd1", "Kd2", "Ke2", "Kf1", "d2", "e3", "e4", "f2"});
  }

  SECTION("the enemy may capture the lower piece and push the king") {
    const Position pos = from_fen("4k3/8/8/8/7b/8/8/3P(NK)P2 b - - 0 1");
    CHECK_FALSE(in_check(from_fen("4k3/8/8/8/7b/8/8/3P(NK)P2 w - - 0 1")));
    CHECK(legal_starting(pos, "Bx") == Sans{"Bxe1>e2"});
    CHECK(play_san(pos, "Bxe1>e2").fen() == "4k3/8/8/8/8/8/4K3/3PbP2 w - - 0 2");
  }

  SECTION("a king under another piece is taken like a lone king") {
    const Position pos = from_fen("4k3/8/8/8/8/8/8/r3(KN)3 w - - 0 1");
    CHECK(in_check(pos));
  }

  SECTION("a boxed king on a stack can be mated") {
    // The king on a1 sits on its bishop; a2 and b1 hold two pawns each, so nothing can be
    // pushed there. The knight on a4 leaps over the pawn on a3 to a1.
    const Position pos = from_fen("7k/8/8/8/n7/P7/(PP)(PP)6/(BK)(PP)6 w - - 0 1");
    CHECK(in_check(pos));
    CHECK(judge(pos, {}).termination == Termination::checkmate);
    CHECK(judge(pos, {}).result() == "0-1");
  }
}

// ---- end of the game --------------------------------------------------------------------------

TEST_CASE("maxim end of the game", "[rules][maxim]") {
  SECTION("stalemate is a draw") {
    const Position pos = from_fen("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1");
    CHECK(judge(pos, {}).termination == Termination::stalemate);
    CHECK(judge(pos, {}).result() == "1/2-1/2");
  }
}

// ---- perft ------------------------------------------------------------------------------------

TEST_CASE("maxim perft: hand-checked counts", "[rules][maxim][perft]") {
  const Position start = Position::start(maxim());
  // See tests/data/perft/maxim.txt for the itemised count.
  CHECK(perft(start, 1) == 50);
  CHECK(perft(Position::start(maxim("knight-wide")), 1) == 50);
}

TEST_CASE("maxim perft: regression tables", "[rules][maxim][perft]") {
  // Made with xpgn itself (regression data, not an independent reference); the header of each
  // file explains how the small counts were checked by hand.
  struct Table {
    const char* file;
    const char* options;
    int at_least;
  };
  const Table tables[] = {{"maxim.txt", "", 8}, {"maxim-knight-wide.txt", "knight-wide", 3}};
  for (const Table& t : tables) {
    CHECK(test::check_perft_file(t.file, maxim(t.options)) >= t.at_least);
  }
}

// ---- samples ----------------------------------------------------------------------------------

TEST_CASE("maxim samples: complete games that replay cleanly", "[rules][maxim]") {
  int files = 0;
  for (const auto& path : test::sample_files("maxim")) {
    INFO(path.string());
    const auto games = record::read_games(test::file_text(path));
    REQUIRE(games.size() == 1);
    const record::Game& game = games[0];
    REQUIRE(game.variant != nullptr);
    CHECK(game.variant->id == "maxim");
    CHECK(game.valid());
    CHECK(game.diagnostics.empty());
    CHECK(game.mainline_complete);
    CHECK(game.mainline_plies >= 60);  // 30 moves or more
    // Decided games end in mate; the others end with a resignation, the result in the tag.
    REQUIRE((game.result_tag == "1-0" || game.result_tag == "0-1"));
    CHECK(game.result_marker == game.result_tag);
    if (game.outcome.decided()) {
      CHECK(game.outcome.termination == Termination::checkmate);
      CHECK(game.outcome.result() == game.result_tag);
    }
    ++files;
  }
  CHECK(files >= 3);
}

TEST_CASE("maxim: fixes found by review", "[rules][maxim]") {
  std::string error;
  const rules::Variant* maxim = catalog::find_variant("maxim", "", error);
  REQUIRE(maxim != nullptr);
  auto position = [&](const std::string& fen) {
    auto setup = notation::parse_fen(fen);
    REQUIRE(setup.has_value());
    auto pos = rules::Position::from_setup(*maxim, *setup, error);
    INFO(error);
    REQUIRE(pos.has_value());
    return *pos;
  };
  auto resolve_text = [](const rules::Position& pos, const std::string& text) {
    auto token = notation::parse_san(text);
    REQUIRE(token.has_value());
    return rules::resolve(pos, *token);
  };
  SECTION("a boxed-in king on a stack is pushed onto the square its attacker leaves") {
    // The rook on d1 is the only attacker; capturing on e1 frees d1 for the push.
    CHECK_FALSE(rules::in_check(position("4k3/8/8/8/8/8/4P3/3r(NK)P2 w - - 0 1")));
    rules::Resolution r = resolve_text(position("4k3/8/8/8/8/8/4P3/3r(NK)P2 b - - 0 1"), "Rxe1>d1");
    CHECK(r.error == rules::MoveError::none);
  }
  SECTION("en passant onto a portal teleports, and the pair vanishes") {
    rules::Position pos = position("4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1 portals=a3,d6/-");
    pos = rules::play(pos, resolve_text(pos, "d5").move);
    rules::Resolution r = resolve_text(pos, "exd6");
    REQUIRE(r.error == rules::MoveError::none);
    CHECK(square_name(r.move.relocation) == "a3");
    CHECK(rules::play(pos, r.move).fen() == "4k3/8/8/8/8/P7/8/4K3 b - - 0 2");
  }
  SECTION("two pawn captures from one file onto one square are told apart by rank") {
    rules::Position pos = position(
        "5r2/1n(pk)pp(pp)2/n7/2(QP)p4/2PPN2(RP)/3P1(NK)2/3P4/q7 w - - 2 48 portals=g4,e8/e3,f4");
    rules::MoveList moves;
    rules::generate_legal(pos, moves);
    std::vector<std::string> captures;
    for (const rules::Move& m : moves)
      if (square_name(m.to) == "d5" && pos.variant().pieces[m.piece].pawn)
        captures.push_back(rules::to_san(pos, m));
    std::sort(captures.begin(), captures.end());
    CHECK(captures == std::vector<std::string>{"c4xd5", "c5xd5"});
  }
}

// The walled-off test on random boards, against a flood fill written here: the component
// fills with bit sets on this 8x8 board, so this checks it square by square.
TEST_CASE("maxim portals: walled-off regions on random boards", "[rules][maxim]") {
  for (const std::string options : {"", "portal-diagonal-fill"}) {
    const Variant& v = maxim(options);
    const bool diagonal = !options.empty();
    const RuleComponent* portals = nullptr;
    for (const auto& c : v.components)
      if (c->name() == "portals") portals = c.get();
    REQUIRE(portals != nullptr);
    test::Random random{0x9E3779B97F4A7C15ull + options.size()};
    int walled = 0, open = 0;
    for (int round = 0; round < 400; ++round) {
      // Black knights (walls, dense in some rounds) and a few white rooks; kings on a1 and h8.
      std::string board(64, '.');
      board[0] = 'K';
      board[63] = 'k';
      const std::size_t density = 2 + random.below(5);
      for (int i = 1; i < 63; ++i) {
        if (random.below(density) == 0)
          board[i] = 'n';
        else if (random.below(40) == 0)
          board[i] = 'R';
      }
      const std::string fen = test::placement_of(board);
      // Boards with a king in check are refused by the FEN reader: skipped.
      const auto setup = notation::parse_fen(fen + " w - - 0 1", nullptr);
      REQUIRE(setup.has_value());
      std::string error;
      const auto read = Position::from_setup(v, *setup, error);
      if (!read) continue;
      const Position& pos = *read;
      // The reference: a breadth-first fill from `start` over squares without black pieces.
      auto reaches_white = [&](int start) {
        std::vector<bool> seen(64, false);
        std::vector<int> queue{start};
        seen[start] = true;
        for (std::size_t i = 0; i < queue.size(); ++i) {
          const int s = queue[i];
          if (board[s] == 'K' || board[s] == 'R') return true;
          for (int df = -1; df <= 1; ++df)
            for (int dr = -1; dr <= 1; ++dr) {
              if ((df == 0 && dr == 0) || (!diagonal && df != 0 && dr != 0)) continue;
              const int f = s % 8 + df, r = s / 8 + dr;
              if (f < 0 || f > 7 || r < 0 || r > 7 || seen[r * 8 + f]) continue;
              if (board[r * 8 + f] == 'n' || board[r * 8 + f] == 'k') continue;
              seen[r * 8 + f] = true;
              queue.push_back(r * 8 + f);
            }
        }
        return false;
      };
      for (int a = 0; a < 64; ++a) {
        if (board[a] != '.') continue;
        Move m;
        m.pair_a = make_square(a % 8, a / 8);
        m.pair_b = make_square(a == 1 ? 2 : 1, 0);  // b1 (or c1), reached from the king on a1
        if (board[m.pair_b % 16] != '.' || m.pair_a == m.pair_b) continue;
        const bool expected = reaches_white(a);
        INFO(fen << " portal " << square_name(m.pair_a) << " options '" << options << "'");
        CHECK(portals->allows(pos, m, pos) == expected);
        CHECK(portals->why_forbidden(pos, m, pos).empty() == expected);
        (expected ? open : walled) += 1;
      }
    }
    // Both outcomes are exercised.
    CHECK(walled > 100);
    CHECK(open > 100);
  }
}
