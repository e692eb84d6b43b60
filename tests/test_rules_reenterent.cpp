// Reenterent Chess (variant `reenterent`): the 5 x 8 board, the re-entry square (captures go
// there, re-entries come back from it), the castling Ka1-c1 / Re1-b1, the catacombs c4/c5,
// promotion, the end of the game and a perft regression table.
// Rules: /work/shared/guide/rulings.md, section `reenterent`; docs/rules/reenterent.md.
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

const Variant& reenterent() {
  return test::variant("reenterent");
}

Position from_fen(const std::string& fen) {
  return test::from_fen(fen, reenterent());
}

// The error Position::from_setup gives for a FEN it refuses.
std::string fen_error(const std::string& fen) {
  return test::refused_fen_error(fen, reenterent());
}

Piece piece(Color c, char fen_letter) {
  return test::piece_by_fen(reenterent(), c, fen_letter);
}

// SAN of the legal re-entries (placements), sorted.
std::vector<std::string> reentries(const Position& pos) {
  MoveList moves;
  generate_legal(pos, moves);
  std::vector<std::string> out;
  for (const Move& m : moves)
    if (m.kind == MoveKind::placement) out.push_back(to_san(pos, m));
  std::sort(out.begin(), out.end());
  return out;
}

using Sans = std::vector<std::string>;

}  // namespace

// ---- setup ------------------------------------------------------------------------------------

TEST_CASE("reenterent setup: board, pieces and the empty re-entry square", "[rules][reenterent]") {
  const Variant& v = reenterent();
  CHECK(v.files == 5);
  CHECK(v.ranks == 8);
  CHECK(v.hand_rule != nullptr);
  const Position start = Position::start(v);

  SECTION("the start position") {
    CHECK(start.fen() == "kqbnr/ppppp/5/5/5/5/PPPPP/KQBNR[] w Kk - 0 1");
    CHECK(start.at(sq("a1")) == piece(Color::white, 'K'));
    CHECK(start.at(sq("b1")) == piece(Color::white, 'Q'));
    CHECK(start.at(sq("c1")) == piece(Color::white, 'B'));
    CHECK(start.at(sq("d1")) == piece(Color::white, 'N'));
    CHECK(start.at(sq("e1")) == piece(Color::white, 'R'));
    CHECK(start.at(sq("a8")) == piece(Color::black, 'K'));
    CHECK(start.at(sq("e8")) == piece(Color::black, 'R'));
    CHECK(start.first_in_hand().empty());
  }

  SECTION("twelve first moves: ten pawn moves and two knight moves") {
    CHECK(legal_sans(start) ==
          Sans{"Nc3", "Ne3", "a3", "a4", "b3", "b4", "c3", "c4", "d3", "d4", "e3", "e4"});
  }

  SECTION("variant names") {
    std::string error;
    CHECK(catalog::find_variant("Reenterent Chess", "", error) == &reenterent());
    CHECK(catalog::find_variant("reenterent", "", error)->name == "Reenterent Chess");
  }

  SECTION("the re-entry square in FEN: [X] after the board, [] when empty") {
    for (const char* fen : {"k4/5/5/5/5/5/5/K4[n] w - - 0 1", "k4/5/5/5/5/5/5/K4[Q] b - - 3 9",
                            "kqbnr/ppppp/5/5/5/5/PPPPP/KQBNR[] w Kk - 0 1"}) {
      INFO(fen);
      CHECK(from_fen(fen).fen() == fen);
    }
    CHECK(from_fen("k4/5/5/5/5/5/5/K4[n] w - - 0 1").first_in_hand() == piece(Color::black, 'N'));
    CHECK(fen_error("k4/5/5/5/5/5/5/K4[Nn] w - - 0 1") ==
          "re-entry square '[Nn]' must hold at most one piece of reenterent");
    CHECK(fen_error("k4/5/5/5/5/5/5/K4[X] w - - 0 1") ==
          "re-entry square '[X]' must hold at most one piece of reenterent");
  }
}

// ---- re-entry ---------------------------------------------------------------------------------

TEST_CASE("reenterent re-entry: where a piece may come back", "[rules][reenterent]") {
  SECTION("a knight: its initial square or a square of its first move (d1, c3, e3)") {
    const Position pos = from_fen("kqbnr/ppppp/5/5/5/5/PPPPP/KQB1R[N] w Kk - 0 1");
    CHECK(reentries(pos) == Sans{"N@c3", "N@d1", "N@e3"});
    const Position after = play_san(pos, "N@c3");
    CHECK(after.fen() == "kqbnr/ppppp/5/5/5/2N2/PPPPP/KQB1R[] b Kk - 1 1");
    CHECK(after.first_in_hand().empty());
  }

  SECTION("a black knight comes back on d8, c6 or e6") {
    const Position pos = from_fen("kqb1r/ppppp/5/5/5/5/PPPPP/KQBNR[n] b Kk - 0 1");
    CHECK(reentries(pos) == Sans{"N@c6", "N@d8", "N@e6"});
  }

  SECTION("queen, bishop and rook: only their initial squares") {
    CHECK(reentries(from_fen("k4/5/5/5/5/5/5/K4[Q] w - - 0 1")) == Sans{"Q@b1"});
    CHECK(reentries(from_fen("k4/5/5/5/5/5/5/K4[B] w - - 0 1")) == Sans{"B@c1"});
    CHECK(reentries(from_fen("k4/5/5/5/5/5/5/K4[R] w - - 0 1")) == Sans{"R@e1"});
    CHECK(reentries(from_fen("k4/5/5/5/5/5/5/K4[q] b - - 0 1")) == Sans{"Q@b8"});
    CHECK(reentries(from_fen("k4/5/5/5/5/5/5/K4[b] b - - 0 1")) == Sans{"B@c8"});
    CHECK(reentries(from_fen("k4/5/5/5/5/5/5/K4[r] b - - 0 1")) == Sans{"R@e8"});
  }

  SECTION("a pawn: ranks 2 to 4 of any file without a pawn of its colour") {
    const Position pos = from_fen("kqbnr/ppp1p/5/5/5/5/PP1PP/KQBNR[P] w Kk - 0 1");
    CHECK(reentries(pos) == Sans{"P@c2", "P@c3", "P@c4"});
    // "@c3" names a pawn too.
    CHECK(play_san(pos, "@c3").fen() == "kqbnr/ppp1p/5/5/5/2P2/PP1PP/KQBNR[] b Kk - 1 1");
    // Black: ranks 7 to 5.
    CHECK(reentries(from_fen("kqbnr/pp1pp/5/5/5/5/PPPPP/KQBNR[p] b Kk - 0 1")) ==
          Sans{"P@c5", "P@c6", "P@c7"});
  }

  SECTION("a pawn may sneak past an enemy pawn onto its own file") {
    // The pawn taken on b2 comes back on b4 although a black pawn stands on b3.
    const Position pos = from_fen("k4/5/5/5/5/1p3/P1PPP/K4[P] w - - 0 1");
    CHECK(reentries(pos) == Sans{"P@b2", "P@b4"});
  }

  SECTION("a promoted piece comes back as what it has become") {
    Position pos = from_fen("1n3/2Pk1/5/5/5/5/5/K4[] w - - 0 1");
    pos = play_all(pos, {"c8=Q+", "Kxc8"});
    CHECK(pos.first_in_hand() == piece(Color::white, 'Q'));
    CHECK(reentries(pos) == Sans{"Q@b1"});
  }
}

TEST_CASE("reenterent re-entry: refused attempts", "[rules][reenterent]") {
  SECTION("onto an occupied square") {
    const Position pos = from_fen("kqbnr/ppppp/5/5/5/2p2/PP1PP/KQB1R[N] w Kk - 0 1");
    CHECK(reentries(pos) == Sans{"N@d1", "N@e3"});
    CHECK(refusal_head(pos, "N@c3") ==
          "no legal move: placing a knight on c3 is not possible here");
    // The queen's only square is taken: she cannot come back at all.
    const Position queen = from_fen("k4/5/5/5/5/5/5/KN3[Q] w - - 0 1");
    CHECK(reentries(queen).empty());
    CHECK(refusal(queen, "Q@b1") == "no legal move: placing a queen on b1 is not possible here");
  }

  SECTION("onto a square that is not one of the piece's re-entry squares") {
    const Position pos = from_fen("kqbnr/ppppp/5/5/5/5/PPPPP/KQB1R[N] w Kk - 0 1");
    CHECK(refusal_head(pos, "N@b3") ==
          "no legal move: placing a knight on b3 is not possible here");
    const Position queen = from_fen("k4/5/5/5/5/5/5/K4[Q] w - - 0 1");
    CHECK(refusal_head(queen, "Q@d1") ==
          "no legal move: placing a queen on d1 is not possible here");
    const Position pawn = from_fen("kqbnr/ppp1p/5/5/5/5/PP1PP/KQBNR[P] w Kk - 0 1");
    CHECK(refusal(pawn, "P@c5") == "no legal move: placing a pawn on c5 is not possible here");
  }

  SECTION("a pawn onto a file that has one of its pawns") {
    const Position pos = from_fen("kqbnr/ppp1p/5/5/5/5/PP1PP/KQBNR[P] w Kk - 0 1");
    CHECK(refusal(pos, "P@a3") ==
          "placing a pawn on a3 is not allowed: the a-file already has a white pawn, and a pawn "
          "re-enters only on a file without one");
    // An enemy pawn on the file does not close it.
    CHECK(reentries(from_fen("k4/p4/5/5/5/5/5/K4[P] w - - 0 1")) ==
          Sans{"P@a2", "P@a3", "P@a4", "P@b2", "P@b3", "P@b4", "P@c2", "P@c3", "P@c4", "P@d2",
               "P@d3", "P@d4", "P@e2", "P@e3", "P@e4"});
  }

  SECTION("only the piece's owner re-enters it") {
    const Position pos = from_fen("kqbnr/ppp1p/5/5/5/5/PP1PP/KQBNR[p] w Kk - 0 1");
    CHECK(reentries(pos).empty());
    CHECK(refusal_head(pos, "P@c3") == "no legal move: placing a pawn on c3 is not possible here");
  }

  SECTION("a re-entry that leaves the king in check") {
    // The queen on d1 checks along the first rank; the knight's squares c3 and e3 do not block.
    const Position pos = from_fen("k4/5/5/5/5/5/5/K2q1[N] w - - 0 1");
    REQUIRE(in_check(pos));
    CHECK(refusal(pos, "N@c3") == "the king on a1 would still be attacked by the queen on d1");
    CHECK(reentries(pos).empty());
    // A pawn that would come back while the king stays in check.
    const Position pawn = from_fen("k4/5/5/5/5/5/5/K3q[P] w - - 0 1");
    CHECK(refusal(pawn, "P@b2") == "the king on a1 would still be attacked by the queen on e1");
    CHECK(legal_sans(pawn) == Sans{"Ka2", "Kb2"});
  }
}

TEST_CASE("reenterent re-entry: checks", "[rules][reenterent]") {
  SECTION("a re-entry may block a check") {
    const Position pos = from_fen("k4/5/5/5/5/5/5/K1r2[Q] w - - 0 1");
    REQUIRE(in_check(pos));
    CHECK(legal_sans(pos) == Sans{"Ka2", "Kb2", "Q@b1"});
    const Position after = play_san(pos, "Q@b1");
    CHECK(after.fen() == "k4/5/5/5/5/5/5/KQr2[] b - - 1 1");
  }

  SECTION("a re-entry may give check") {
    const Position pos = from_fen("4k/5/5/5/5/5/5/K4[R] w - - 0 1");
    MoveList moves;
    generate_legal(pos, moves);
    REQUIRE(moves.size() == 4);  // Ka2 Kb1 Kb2 R@e1
    const Resolution r = resolve_text(pos, "R@e1+");
    REQUIRE(r.error == MoveError::none);
    CHECK_FALSE(r.check_mark_wrong);
    CHECK(to_san(pos, r.move) == "R@e1+");
    CHECK(in_check(play(pos, r.move)));
  }

  SECTION("and even mate") {
    const Position pos = from_fen("3rk/3p1/5/5/5/5/5/K4[R] w - - 0 1");
    const Position after = play_san(pos, "R@e1#");
    CHECK(judge(after, {}).termination == Termination::checkmate);
    CHECK(judge(after, {}).result() == "1-0");
  }
}

TEST_CASE("reenterent re-entry: a pawn back on rank 2 may double-step", "[rules][reenterent]") {
  Position pos = from_fen("k4/5/5/5/4p/5/PPP2/K4[P] w - - 0 1");
  pos = play_all(pos, {"P@d2", "Kb8", "d4"});
  // The double step can be taken en passant.
  CHECK(pos.fen() == "1k3/5/5/5/3Pp/5/PPP2/K4[] b - d3 0 2");
  EffectList effects;
  pos = play_san(pos, "exd3", &effects);
  CHECK(pos.fen() == "1k3/5/5/5/5/3p1/PPP2/K4[P] w - - 0 3");
  CHECK(the_effect(effects, EffectKind::to_reentry).square == sq("d4"));
}

// ---- captures ---------------------------------------------------------------------------------

TEST_CASE("reenterent captures: the captured piece goes to the re-entry square",
          "[rules][reenterent]") {
  SECTION("a capture fills the empty square") {
    const Position pos = from_fen("kqbnr/ppp1p/5/3p1/2P2/5/PP1PP/KQBNR[] w Kk - 0 1");
    EffectList effects;
    const Position after = play_san(pos, "cxd5", &effects);
    CHECK(after.fen() == "kqbnr/ppp1p/5/3P1/5/5/PP1PP/KQBNR[p] b Kk - 0 1");
    const Effect e = the_effect(effects, EffectKind::to_reentry);
    CHECK(e.square == sq("d5"));
    CHECK(e.piece == piece(Color::black, 'P'));
    CHECK(count_effects(effects, EffectKind::reentry_lost) == 0);
  }

  SECTION("a later capture displaces the waiting piece for good") {
    const Position pos = from_fen("k4/5/5/1p3/2P2/5/5/K4[n] w - - 0 1");
    EffectList effects;
    const Position after = play_san(pos, "cxb5", &effects);
    CHECK(after.fen() == "k4/5/5/1P3/5/5/5/K4[p] b - - 0 1");
    CHECK(the_effect(effects, EffectKind::reentry_lost).piece == piece(Color::black, 'N'));
    CHECK(the_effect(effects, EffectKind::to_reentry).piece == piece(Color::black, 'P'));
    // The knight is gone: Black may bring back the pawn (b5 is taken), never the knight.
    CHECK(reentries(after) == Sans{"P@a5", "P@a6", "P@a7", "P@b6", "P@b7", "P@c5", "P@c6", "P@c7",
                                   "P@d5", "P@d6", "P@d7", "P@e5", "P@e6", "P@e7"});
  }

  SECTION("a player's own waiting piece is displaced just the same") {
    const Position pos = from_fen("k4/5/5/1p3/2P2/5/5/K4[N] b - - 0 1");
    EffectList effects;
    const Position after = play_san(pos, "bxc4", &effects);
    CHECK(after.fen() == "k4/5/5/5/2p2/5/5/K4[P] w - - 0 2");
    CHECK(the_effect(effects, EffectKind::reentry_lost).piece == piece(Color::white, 'N'));
  }

  SECTION("en passant: the pawn taken beside the arrival square goes there too") {
    Position pos = from_fen("kqbnr/pp1pp/5/5/2p2/5/PPPPP/KQBNR[N] w Kk - 0 1");
    pos = play_san(pos, "d4");
    CHECK(pos.fen() == "kqbnr/pp1pp/5/5/2pP1/5/PPP1P/KQBNR[N] b Kk d3 0 1");
    EffectList effects;
    pos = play_san(pos, "cxd3", &effects);
    CHECK(pos.fen() == "kqbnr/pp1pp/5/5/5/3p1/PPP1P/KQBNR[P] w Kk - 0 2");
    CHECK(the_effect(effects, EffectKind::reentry_lost).piece == piece(Color::white, 'N'));
    const Effect e = the_effect(effects, EffectKind::to_reentry);
    CHECK(e.square == sq("d4"));
    CHECK(e.piece == piece(Color::white, 'P'));
  }

  SECTION("a capture with promotion") {
    const Position pos = from_fen("1n3/2P2/5/5/5/5/5/K3k[] w - - 0 1");
    EffectList effects;
    const Position after = play_san(pos, "cxb8=R", &effects);
    CHECK(after.fen() == "1R3/5/5/5/5/5/5/K3k[n] b - - 0 1");
    CHECK(the_effect(effects, EffectKind::to_reentry).piece == piece(Color::black, 'N'));
  }

  SECTION("JSON lists to_reentry and reentry_lost among the forced effects") {
    auto games = record::read_games(
        "[Variant \"Reenterent\"]\n[Result \"*\"]\n\n1. c4 d5 2. cxd5 Ne6 3. dxe6 N@d8 *\n");
    REQUIRE(games.size() == 1);
    REQUIRE(games[0].valid());
    const nlohmann::json j = emit::game_to_json(games[0]);
    CHECK(j["variant"] == "reenterent");
    const auto& moves = j["moves"];
    REQUIRE(moves.size() == 6);
    // 2. cxd5
    CHECK(moves[2]["fen_after"] == "kqbnr/ppp1p/5/3P1/5/5/PP1PP/KQBNR[p] b Kk - 0 2");
    bool to_reentry = false;
    for (const auto& e : moves[2]["effects"])
      if (e["kind"] == "to_reentry" && e["square"] == "d5" && e["piece"] == "p") to_reentry = true;
    CHECK(to_reentry);
    // 3. dxe6: the knight displaces the pawn.
    bool lost = false, knight = false;
    for (const auto& e : moves[4]["effects"]) {
      if (e["kind"] == "reentry_lost" && e["piece"] == "p") lost = true;
      if (e["kind"] == "to_reentry" && e["square"] == "e6" && e["piece"] == "n") knight = true;
    }
    CHECK(lost);
    CHECK(knight);
    // 3... N@d8: a placement, and the square is empty again.
    CHECK(moves[5]["san"] == "N@d8");
    CHECK(moves[5]["fen_after"] == "kqbnr/ppp1p/4P/5/5/5/PP1PP/KQBNR[] w Kk - 1 4");
  }
}

// ---- castling ---------------------------------------------------------------------------------

TEST_CASE("reenterent castling: king a1-c1, rook e1-b1", "[rules][reenterent]") {
  SECTION("White and Black, written O-O") {
    const Position pos = from_fen("k3r/5/5/5/5/5/5/K3R[] w Kk - 0 1");
    EffectList effects;
    const Position after = play_san(pos, "O-O", &effects);
    CHECK(after.fen() == "k3r/5/5/5/5/5/5/1RK2[] b k - 1 1");
    const Effect e = the_effect(effects, EffectKind::rook_castled);
    CHECK(e.square == sq("e1"));
    CHECK(e.to == sq("b1"));
    const Position black = play_san(from_fen("k3r/5/5/5/5/5/5/K3R[] b Kk - 0 1"), "O-O");
    CHECK(black.fen() == "1rk2/5/5/5/5/5/5/K3R[] w K - 1 2");
    // After White's castling the rook on b1 watches b8: Black may not castle through it.
    CHECK(refusal(after, "O-O") == "the king would pass b8, attacked by the rook on b1");
    // Canonical SAN, and the king's own path in coordinates.
    CHECK(to_san(pos, resolve_text(pos, "a1c1").move) == "O-O");
    CHECK(play_san(pos, "Ka1-c1").fen() == after.fen());
    // There is no other castling.
    CHECK(refusal(pos, "O-O-O") ==
          "reenterent has no queen-side castling (the king stands on the edge)");
  }

  SECTION("b1, c1 and d1 must be empty") {
    CHECK(refusal(Position::start(reenterent()), "O-O") == "the queen on b1 stands in the way");
    CHECK(refusal(from_fen("k3r/5/5/5/5/5/5/K2NR[] w K - 0 1"), "O-O") ==
          "the knight on d1 stands in the way");
  }

  SECTION("not out of check, not through or onto an attacked square") {
    // In check from the bishop on d4.
    CHECK(refusal(from_fen("k4/5/5/5/3b1/5/5/K3R[] w K - 0 1"), "O-O") ==
          "the king is in check from the bishop on d4");
    // b1 attacked (the king passes it).
    CHECK(refusal(from_fen("kr3/5/5/5/5/5/5/K3R[] w K - 0 1"), "O-O") ==
          "the king would pass b1, attacked by the rook on b8");
    // c1 attacked (the king lands there).
    CHECK(refusal(from_fen("k1r2/5/5/5/5/5/5/K3R[] w K - 0 1"), "O-O") ==
          "the king would land on c1, attacked by the rook on c8");
    // d1 attacked: only the rook crosses it, which FIDE allows.
    CHECK(play_san(from_fen("k2r1/5/5/5/5/5/5/K3R[] w K - 0 1"), "O-O").fen() ==
          "k2r1/5/5/5/5/5/5/1RK2[] b - - 1 1");
  }

  SECTION("the right is lost for good when the rook is captured, even if it comes back") {
    Position pos = from_fen("k4/5/5/5/1b3/5/P4/K3R[] b K - 0 1");
    pos = play_all(pos, {"Bxe1", "a3", "Bb4", "R@e1"});
    CHECK(pos.fen() == "k4/5/5/5/1b3/P4/5/K3R[] b - - 2 3");
    pos = play_san(pos, "Kb8");
    CHECK(refusal(pos, "O-O") ==
          "White may no longer castle king side: the king or that rook has moved, or the rook "
          "was taken");
    // The same position with the right intact does castle.
    CHECK(play_san(from_fen("1k3/5/5/5/1b3/P4/5/K3R[] w K - 0 1"), "O-O").fen() ==
          "1k3/5/5/5/1b3/P4/5/1RK2[] b - - 1 1");
  }

  SECTION("the right is lost when the king or the rook moves") {
    Position pos = from_fen("k3r/5/5/5/5/5/5/K3R[] w Kk - 0 1");
    pos = play_all(pos, {"Kb1", "Re7", "Ka1", "Re8"});
    CHECK(pos.fen() == "k3r/5/5/5/5/5/5/K3R[] w - - 4 3");
    CHECK(refusal(pos, "O-O") ==
          "White may no longer castle king side: the king or that rook has moved, or the rook "
          "was taken");
  }

  SECTION("a FEN right needs the king and a rook on the first rank") {
    CHECK(fen_error("k3r/5/5/5/5/5/5/K4[] w K - 0 1") ==
          "castling right 'K' has no king and rook on their first rank");
  }
}

// ---- catacombs --------------------------------------------------------------------------------

TEST_CASE("reenterent catacombs: bishops switch between c4 and c5", "[rules][reenterent]") {
  SECTION("a move that ends on c5 may finish on c4: Bc5~c4") {
    const Position pos = from_fen("k4/5/5/5/5/4B/5/K4[] w - - 0 1");
    // d4 c5 b6 a7 d2 c1, the switch after c5, and three king moves.
    CHECK(legal_sans(pos) ==
          Sans{"Ba7", "Bb6", "Bc1", "Bc5", "Bc5~c4", "Bd2", "Bd4", "Ka2", "Kb1", "Kb2"});
    CHECK(play_san(pos, "Bc5~c4").fen() == "k4/5/5/5/2B2/5/5/K4[] b - - 1 1");
    // Without "~c4" the bishop stays on c5.
    CHECK(play_san(pos, "Bc5").fen() == "k4/5/5/2B2/5/5/5/K4[] b - - 1 1");
  }

  SECTION("after a capture as well") {
    const Position pos = from_fen("k4/5/5/2n2/5/4B/5/K4[] w - - 0 1");
    EffectList effects;
    const Position after = play_san(pos, "Bxc5~c4", &effects);
    CHECK(after.fen() == "k4/5/5/5/2B2/5/5/K4[n] b - - 0 1");
    CHECK(the_effect(effects, EffectKind::to_reentry).square == sq("c5"));
  }

  SECTION("from c4 or c5, the switch is a move of its own: Bc4") {
    const Position pos = from_fen("k4/5/5/2B2/5/5/5/K4[] w - - 0 1");
    CHECK(legal_sans(pos) ==
          Sans{"Ba3", "Ba7", "Bb4", "Bb6", "Bc4", "Bd4", "Bd6", "Be3", "Be7", "Ka2", "Kb1", "Kb2"});
    CHECK(play_san(pos, "Bc4").fen() == "k4/5/5/5/2B2/5/5/K4[] b - - 1 1");
    CHECK(play_san(pos, "Bc5c4").fen() == "k4/5/5/5/2B2/5/5/K4[] b - - 1 1");
    const Position black = from_fen("k4/5/5/5/2b2/5/5/K4[] b - - 0 1");
    CHECK(play_san(black, "Bc5").fen() == "k4/5/5/2b2/5/5/5/K4[] w - - 1 2");
  }

  SECTION("the other square must be empty") {
    const Position blocked = from_fen("k4/5/5/2B2/2p2/5/5/K4[] w - - 0 1");
    CHECK(refusal_head(blocked, "Bc4") == "no legal move: bishop to c4 is not possible here");
    const Position after_move = from_fen("k4/5/5/5/2p2/4B/5/K4[] w - - 0 1");
    CHECK(refusal_head(after_move, "Bc5~c4") ==
          "bishop to c5 is possible, but not with the action written after it");
    CHECK(play_san(after_move, "Bc5").fen() == "k4/5/5/2B2/2p2/5/5/K4[] b - - 1 1");
  }

  SECTION("only bishops know the catacombs") {
    const Position queen = from_fen("k4/5/5/5/5/5/5/K1Q2[] w - - 0 1");
    CHECK(refusal_head(queen, "Qc5~c4") ==
          "queen to c5 is possible, but not with the action written after it");
    const Position knight = from_fen("k4/5/5/5/5/3N1/5/K4[] w - - 0 1");
    CHECK(refusal_head(knight, "Nc5~c4") ==
          "knight to c5 is possible, but not with the action written after it");
    const Position rook = from_fen("k4/5/5/5/5/5/5/K1R2[] w - - 0 1");
    CHECK(refusal_head(rook, "Rc5~c4") ==
          "rook to c5 is possible, but not with the action written after it");
  }

  SECTION("the bishop acts from its new square at once") {
    const Position pos = from_fen("5/5/k4/5/5/4B/5/K4[] w - - 0 1");
    const Resolution r = resolve_text(pos, "Bc5~c4+");
    REQUIRE(r.error == MoveError::none);
    CHECK_FALSE(r.check_mark_wrong);
    CHECK(to_san(pos, r.move) == "Bc5~c4+");
    // Landing on c5 gives no check.
    CHECK(to_san(pos, resolve_text(pos, "Bc5").move) == "Bc5");
  }
}

// ---- promotion --------------------------------------------------------------------------------

TEST_CASE("reenterent promotion: queen, rook, bishop or knight", "[rules][reenterent]") {
  const Position pos = from_fen("1n3/2P2/5/5/5/5/5/K3k[] w - - 0 1");
  CHECK(legal_sans(pos) == Sans{"Ka2", "Kb1", "Kb2", "c8=B", "c8=N", "c8=Q", "c8=R", "cxb8=B",
                                "cxb8=N", "cxb8=Q", "cxb8=R"});
  CHECK(play_san(pos, "c8=N").fen() == "1nN2/5/5/5/5/5/5/K3k[] b - - 0 1");
  CHECK(play_san(pos, "c8=B").fen() == "1nB2/5/5/5/5/5/5/K3k[] b - - 0 1");
  CHECK(refusal(pos, "c8") == "a pawn reaching the last rank must say what it becomes (e.g. =Q)");
  CHECK(refusal(pos, "c8=K") == "a pawn promotes to Q, R, B or N");
  // Black promotes on rank 1.
  CHECK(play_san(from_fen("k4/5/5/5/5/5/2p2/4K[] b - - 0 1"), "c1=Q+").fen() ==
        "k4/5/5/5/5/5/5/2q1K[] w - - 0 2");
}

// ---- end of the game --------------------------------------------------------------------------

TEST_CASE("reenterent end of the game", "[rules][reenterent]") {
  SECTION("checkmate wins") {
    const Position mate = from_fen("k3R/5/1K3/5/5/5/5/5[] b - - 0 1");
    CHECK(judge(mate, {}).termination == Termination::checkmate);
    CHECK(judge(mate, {}).result() == "1-0");
  }

  SECTION("a re-entry can be the only defence against mate") {
    // With the queen on the re-entry square, Q@b8 blocks the check (and checks back along the
    // b-file); without it, it is mate.
    const Position pos = from_fen("k3R/5/1K3/5/5/5/5/5[q] b - - 0 1");
    REQUIRE(in_check(pos));
    CHECK(legal_sans(pos) == Sans{"Q@b8+"});
    CHECK(judge(pos, {}).termination == Termination::none);
  }

  SECTION("stalemate is a draw") {
    const Position pos = from_fen("k4/2Q2/1K3/5/5/5/5/5[] b - - 0 1");
    CHECK(judge(pos, {}).termination == Termination::stalemate);
    CHECK(judge(pos, {}).result() == "1/2-1/2");
  }

  SECTION("a piece on the re-entry square counts as material") {
    CHECK(judge(from_fen("k4/5/5/5/5/5/5/K1N2[] w - - 0 1"), {}).termination ==
          Termination::insufficient_material);
    CHECK(judge(from_fen("k4/5/5/5/5/5/5/K1N2[Q] w - - 0 1"), {}).termination == Termination::none);
  }
}

// ---- perft ------------------------------------------------------------------------------------

TEST_CASE("reenterent perft: hand-checked counts", "[rules][reenterent][perft]") {
  const Position start = Position::start(reenterent());
  // Ten pawn moves and Nc3, Ne3; Black's twelve answers do not depend on White's move.
  CHECK(perft(start, 1) == 12);
  CHECK(perft(start, 2) == 144);
  // King a2 b1 b2, rook d1 c1 b1 e2-e8, O-O, N@d1 N@c3 N@e3.
  CHECK(perft(from_fen("1k3/5/5/5/5/5/5/K3R[N] w K - 0 1"), 1) == 17);
}

TEST_CASE("reenterent perft: regression table", "[rules][reenterent][perft]") {
  // Made with xpgn itself (regression data, not an independent reference); the header of the
  // file explains how the small counts were checked by hand.
  CHECK(test::check_perft_file("reenterent.txt", reenterent()) >= 8);
}

// ---- samples ----------------------------------------------------------------------------------

TEST_CASE("reenterent samples: complete games that replay cleanly", "[rules][reenterent]") {
  int files = 0;
  for (const auto& path : test::sample_files("reenterent")) {
    INFO(path.string());
    const auto games = record::read_games(test::file_text(path));
    REQUIRE(games.size() == 1);
    const record::Game& game = games[0];
    REQUIRE(game.variant != nullptr);
    CHECK(game.variant->id == "reenterent");
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

TEST_CASE("reenterent: bishops of one colour are no dead position (catacombs)",
          "[rules][reenterent]") {
  std::string error;
  const rules::Variant* v = catalog::find_variant("reenterent", "", error);
  REQUIRE(v != nullptr);
  auto setup = notation::parse_fen("kb3/5/5/5/5/5/5/K1B2[] w - - 0 1");
  REQUIRE(setup.has_value());
  auto pos = rules::Position::from_setup(*v, *setup, error);
  REQUIRE(pos.has_value());
  CHECK(rules::judge(*pos, {}).termination == rules::Termination::none);
}
