// Reservists' doublechess (variant `reservists`): perft against Fairy-Stockfish, the reserve pawn,
// the full-file ban, double steps and en passant, promotion, and the new pieces.
// Rules: /work/shared/guide/rulings.md, section `reservists`.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "test_support.hpp"
#include "xpgn/notation/notation.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/outcome.hpp"
#include "xpgn/rules/san.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

using test::count_effects;
using test::play_all;
using test::play_san;
using test::resolve_text;
using test::sq;

const Variant& reservists() {
  return test::variant("reservists");
}

Position from_fen(const std::string& fen) {
  return test::from_fen(fen, reservists());
}

Piece piece_of(Color c, char fen_letter) {
  return test::piece_by_fen(reservists(), c, fen_letter);
}

// The one reserve-pawn effect of a move (fails if there is not exactly one).
Effect reserve_effect(const EffectList& effects) {
  return test::the_effect(effects, EffectKind::reserve_pawn);
}

bool is_legal_san(const Position& pos, const std::string& text) {
  return test::is_legal(pos, text);
}

}  // namespace

// ---- perft ------------------------------------------------------------------------------------

TEST_CASE("reservists perft: start position, depths 1-3 (Fairy-Stockfish counts)",
          "[rules][reservists][perft]") {
  const Position start = Position::start(reservists());
  CHECK(start.fen() == "rikmqlir/nabccban/pppppppp/8/8/8/8/PPPPPPPP/NABCCBAN/RILQMKIR w - - 0 1");
  // 16 pawn moves, Nb4, Ng4, and the cannons' Axb8 and Axg8 (over the b3/g3 pawns).
  CHECK(perft(start, 1) == 20);
  // After Axb8 Black has 19 moves (no reserve pawn: a pawn is not a major piece), else 20.
  CHECK(perft(start, 2) == 399);
  CHECK(perft(start, 3) == 9497);
}

TEST_CASE("reservists perft: positions and counts made by Fairy-Stockfish (ffish)",
          "[rules][reservists][perft]") {
  // Made by tests/reference/reservists_perft.mjs; every (position, depth) there is checked to be
  // one where reserve pawns and full files cannot change the count.
  CHECK(test::check_perft_file("reservists-ffish.txt", reservists()) >= 13);
}

// ---- reserve pawns ----------------------------------------------------------------------------

TEST_CASE("reservists reserve pawn: where it goes", "[rules][reservists]") {
  SECTION("white major captured: first empty square from rank 1 upward") {
    // d1, d2 occupied, d3 empty: the pawn goes to d3 although d4..d9 are empty too.
    const Position pos = from_fen("4k3/8/8/8/8/3R4/8/1b6/3B4/3NK3 b - - 0 1");
    EffectList effects;
    const Position after = play_san(pos, "Bxd5", &effects);
    const Effect e = reserve_effect(effects);
    CHECK(square_name(e.square) == "d3");
    CHECK(e.piece == piece_of(Color::white, 'P'));
    CHECK(after.at(sq("d3")) == piece_of(Color::white, 'P'));
    CHECK(after.at(sq("d5")) == piece_of(Color::black, 'B'));
    CHECK(after.fen() == "4k3/8/8/8/8/3b4/8/3P4/3B4/3NK3 w - - 0 2");
  }
  SECTION("black major captured: first empty square from rank 10 downward") {
    // e10, e9 occupied, e8 empty: the pawn goes to e8.
    const Position pos = from_fen("k3n3/4b3/8/8/4q3/8/2B5/8/8/7K w - - 0 1");
    EffectList effects;
    const Position after = play_san(pos, "Bxe6", &effects);
    const Effect e = reserve_effect(effects);
    CHECK(square_name(e.square) == "e8");
    CHECK(e.piece == piece_of(Color::black, 'P'));
    CHECK(after.fen() == "k3n3/4b3/4p3/8/4B3/8/8/8/8/7K b - - 0 1");
  }
  SECTION("the square the capturer left counts as empty") {
    // The black rook on c2 takes the marshall on c6 along the file: c1 is occupied, c2 is now
    // empty, so the white pawn appears on c2 (behind the rook).
    const Position pos = from_fen("7k/8/8/8/2M5/8/8/8/2r5/2N4K b - - 0 1");
    EffectList effects;
    const Position after = play_san(pos, "Rxc6", &effects);
    CHECK(square_name(reserve_effect(effects).square) == "c2");
    CHECK(after.at(sq("c2")) == piece_of(Color::white, 'P'));
    CHECK(after.at(sq("c6")) == piece_of(Color::black, 'R'));
  }
  SECTION("every major piece leaves a pawn: R, I, P (paladin), M, Q") {
    for (char major : {'R', 'I', 'L', 'M', 'Q'}) {
      // A black bishop on b7 takes the white major on e4; e1 is empty, so the pawn goes there.
      std::string fen = "7k/8/8/1b6/8/8/4X3/8/8/K7 b - - 0 1";
      fen[fen.find('X')] = major;
      INFO("captured " << major << " in " << fen);
      EffectList effects;
      const Position after = play_san(from_fen(fen), "Bxe4", &effects);
      CHECK(count_effects(effects, EffectKind::capture) == 1);
      CHECK(square_name(reserve_effect(effects).square) == "e1");
      CHECK(after.at(sq("e1")) == piece_of(Color::white, 'P'));
    }
  }
  SECTION("minor pieces and pawns leave no pawn") {
    for (char minor : {'A', 'B', 'C', 'N', 'P'}) {
      std::string fen = "7k/8/8/1b6/8/8/4X3/8/8/K7 b - - 0 1";
      fen[fen.find('X')] = minor;
      INFO("captured " << minor << " in " << fen);
      EffectList effects;
      const Position after = play_san(from_fen(fen), "Bxe4", &effects);
      CHECK(count_effects(effects, EffectKind::capture) == 1);
      CHECK(count_effects(effects, EffectKind::reserve_pawn) == 0);
      CHECK(after.at(sq("e1")).empty());
    }
  }
  SECTION("a pawn taking a pawn leaves no pawn") {
    // The start position's cannon takes the b8 pawn; then a pawn takes a pawn.
    EffectList effects;
    Position pos = play_san(Position::start(reservists()), "Axb8", &effects);
    CHECK(count_effects(effects, EffectKind::reserve_pawn) == 0);
    CHECK(pos.fen() == "rikmqlir/nabccban/pApppppp/8/8/8/8/PPPPPPPP/N1BCCBAN/RILQMKIR b - - 0 1");
    const Position p2 = from_fen("7k/8/8/8/3p4/4P3/8/8/8/K7 w - - 0 1");
    effects.clear();
    const Position after = play_san(p2, "exd6", &effects);
    CHECK(count_effects(effects, EffectKind::reserve_pawn) == 0);
    CHECK(after.fen() == "7k/8/8/8/3P4/8/8/8/8/K7 b - - 0 1");
  }
}

TEST_CASE("reservists reserve pawn: it can block a check", "[rules][reservists]") {
  // Black is in check from the rook on h4. Rxd6 takes the queen; the white reserve pawn goes to
  // d4 (d1-d3 occupied), between the rook and the black king, so the capture is legal.
  const Position pos = from_fen("8/3r4/8/8/3Q4/8/k6R/3P4/3B4/3NK3 b - - 0 1");
  REQUIRE(in_check(pos));
  Position after = pos;
  EffectList effects;
  Resolution r = resolve_text(pos, "Rxd6", &after, &effects);
  INFO(r.message);
  REQUIRE(r.error == MoveError::none);
  CHECK(square_name(reserve_effect(effects).square) == "d4");
  CHECK(after.at(sq("d4")) == piece_of(Color::white, 'P'));
  CHECK(after.side_to_move() == Color::white);

  // The same without the d3 pawn: the reserve pawn goes to d3, the check stays, Rxd6 is illegal.
  const Position open = from_fen("8/3r4/8/8/3Q4/8/k6R/8/3B4/3NK3 b - - 0 1");
  REQUIRE(in_check(open));
  CHECK(resolve_text(open, "Rxd6").error == MoveError::illegal);
}

TEST_CASE("reservists reserve pawn: one that attacks the capturer's king makes the capture illegal",
          "[rules][reservists]") {
  // Bxe4 takes a black rook; the black reserve pawn appears on e9 (e10 occupied), diagonally in
  // front of the white king on f8: White would be in check by its own move.
  const Position pos = from_fen("4k3/8/5K2/8/8/8/4r3/8/2B5/8 w - - 0 1");
  REQUIRE_FALSE(in_check(pos));
  CHECK(resolve_text(pos, "Bxe4").error == MoveError::illegal);
  MoveList moves;
  generate_legal(pos, moves);
  for (const Move& m : moves) CHECK_FALSE(square_name(m.to) == "e4");

  // With the king on g8 the new pawn attacks d8 and f8 only: the capture is legal.
  const Position ok = from_fen("4k3/8/6K1/8/8/8/4r3/8/2B5/8 w - - 0 1");
  EffectList effects;
  const Position after = play_san(ok, "Bxe4", &effects);
  CHECK(square_name(reserve_effect(effects).square) == "e9");
  CHECK(after.at(sq("e9")) == piece_of(Color::black, 'P'));
}

// ---- full files -------------------------------------------------------------------------------

TEST_CASE("reservists full file: no move may leave a file without an empty square",
          "[rules][reservists]") {
  // File b has one empty square, b5.
  const Position pos = from_fen("1n5k/1p6/1p6/1p6/1q1N4/8/1P1B4/1P6/1P6/1N5K w - - 0 1");
  SECTION("a capture of a major whose reserve pawn would fill the file") {
    const Resolution r = resolve_text(pos, "Bxb6");
    INFO(r.message);
    CHECK(r.error == MoveError::illegal);
    // Taking a knight on the same square adds no pawn and is legal.
    const Position minor = from_fen("1n5k/1p6/1p6/1p6/1n6/8/1P1B4/1P6/1P6/1N5K w - - 0 1");
    EffectList effects;
    const Position after = play_san(minor, "Bxb6", &effects);
    CHECK(count_effects(effects, EffectKind::reserve_pawn) == 0);
    CHECK(after.at(sq("b5")).empty());
  }
  SECTION("a move from another file into the last empty square") {
    CHECK(resolve_text(pos, "Nb5").error == MoveError::illegal);
    CHECK(is_legal_san(pos, "Nc4"));
  }
  SECTION("moves along the file or captures of minor pieces on it do not fill it") {
    CHECK(is_legal_san(pos, "b5"));    // b4-b5: b4 becomes empty
    CHECK(is_legal_san(pos, "Nxb7"));  // a pawn is no major: no reserve pawn
    const Position black = play_san(pos, "Kg1");
    CHECK(is_legal_san(black, "Qb5"));
  }
  SECTION("no legal move ends with a full file") {
    MoveList moves;
    generate_legal(pos, moves);
    CHECK(moves.size() > 0);
    for (const Move& m : moves) {
      const Position after = play(pos, m);
      for (int f = 0; f < 8; ++f) {
        int empty = 0;
        for (int rank = 0; rank < 10; ++rank) empty += after.at(make_square(f, rank)).empty();
        INFO(to_san(pos, m) << " -> " << after.fen());
        CHECK(empty > 0);
      }
    }
  }
}

TEST_CASE("reservists full file: the inventor's mate where the queen may not be taken",
          "[rules][reservists]") {
  // The white queen on b9 checks the king on a10. a9 and b10 are covered or occupied, and
  // Kxb9 would put a white reserve pawn on b5, the b-file's only empty square: illegal.
  const Position pos = from_fen("kn6/1Q6/1p6/1P6/1p6/8/1P6/1P6/1P6/1N5K b - - 0 1");
  REQUIRE(in_check(pos));
  CHECK(resolve_text(pos, "Kxb9").error == MoveError::illegal);
  MoveList moves;
  generate_legal(pos, moves);
  CHECK(moves.size() == 0);
  const Outcome out = judge(pos, {});
  CHECK(out.termination == Termination::checkmate);
  REQUIRE(out.winner.has_value());
  CHECK(*out.winner == Color::white);
  CHECK(out.result() == "1-0");

  // With a second empty square on the file (b4) the king takes the queen.
  const Position escape = from_fen("kn6/1Q6/1p6/1P6/1p6/8/8/1P6/1P6/1N5K b - - 0 1");
  EffectList effects;
  const Position after = play_san(escape, "Kxb9", &effects);
  CHECK(square_name(reserve_effect(effects).square) == "b4");
  CHECK(judge(escape, {}).termination == Termination::none);
  CHECK_FALSE(in_check(after));
}

// ---- pawns --------------------------------------------------------------------------------------

TEST_CASE("reservists pawns: double steps from ranks 1-3 and en passant", "[rules][reservists]") {
  SECTION("en passant after the pawn's second double step") {
    Position pos = from_fen("7k/8/8/8/8/3p4/8/8/8/2P4K w - - 0 1");
    pos = play_san(pos, "c3");  // c1-c3
    CHECK(pos.at(sq("c3")) == piece_of(Color::white, 'P'));
    CHECK(pos.en_passant() == no_square);  // no black pawn beside c3
    pos = play_all(pos, {"Kg10", "c5"});   // c3-c5, passing c4 next to the d5 pawn
    CHECK(pos.at(sq("c5")) == piece_of(Color::white, 'P'));
    CHECK(square_name(pos.en_passant()) == "c4");
    EffectList effects;
    Position after = pos;
    Resolution r = resolve_text(pos, "dxc4", &after, &effects);
    INFO(r.message);
    REQUIRE(r.error == MoveError::none);
    CHECK(r.move.kind == MoveKind::en_passant);
    CHECK(after.at(sq("c5")).empty());
    CHECK(after.at(sq("c4")) == piece_of(Color::black, 'P'));
    CHECK(count_effects(effects, EffectKind::capture) == 1);
    CHECK(count_effects(effects, EffectKind::reserve_pawn) == 0);
    CHECK(after.fen() == "6k1/8/8/8/8/8/2p5/8/8/7K w - - 0 3");
  }
  SECTION("en passant after a double step from rank 1") {
    Position pos = from_fen("7k/8/8/8/8/8/8/1p6/8/2P4K w - - 0 1");
    pos = play_san(pos, "c3");
    CHECK(square_name(pos.en_passant()) == "c2");
    const Position after = play_san(pos, "bxc2");
    CHECK(after.at(sq("c3")).empty());
    CHECK(after.at(sq("c2")) == piece_of(Color::black, 'P'));
  }
  SECTION("the chance is gone one move later") {
    Position pos = from_fen("7k/8/8/8/8/3p4/8/2P5/8/7K w - - 0 1");
    pos = play_all(pos, {"c5", "Kg10", "Kg1"});
    CHECK(resolve_text(pos, "dxc4").error != MoveError::none);
  }
  SECTION("double steps from ranks 1, 2 and 3 but not 4") {
    const Position pos = from_fen("7k/8/8/8/8/8/3P4/2P5/1P6/P6K w - - 0 1");
    CHECK(is_legal_san(pos, "a3"));
    CHECK(is_legal_san(pos, "b4"));
    CHECK(is_legal_san(pos, "c5"));
    CHECK(resolve_text(pos, "d6").error == MoveError::illegal);
    // Black from ranks 10, 9 and 8.
    const Position black = from_fen("p6k/1p6/2p5/3p4/8/8/8/8/8/7K b - - 0 1");
    CHECK(is_legal_san(black, "a8"));
    CHECK(is_legal_san(black, "b7"));
    CHECK(is_legal_san(black, "c6"));
    CHECK(resolve_text(black, "d5").error == MoveError::illegal);
  }
}

TEST_CASE("reservists promotion: every piece of the list, paladin as P or L",
          "[rules][reservists]") {
  const Position pos = from_fen("8/4P3/8/k7/8/8/8/8/1p6/7K w - - 0 1");
  struct Case {
    const char* san;
    char fen_letter;
  };
  const Case cases[] = {{"e10=Q", 'Q'}, {"e10=M", 'M'}, {"e10=P", 'L'}, {"e10=L", 'L'},
                        {"e10=R", 'R'}, {"e10=I", 'I'}, {"e10=B", 'B'}, {"e10=N", 'N'},
                        {"e10=A", 'A'}, {"e10=C", 'C'}};
  for (const Case& c : cases) {
    INFO(c.san);
    EffectList effects;
    const Position after = play_san(pos, c.san, &effects);
    CHECK(after.at(sq("e10")) == piece_of(Color::white, c.fen_letter));
    CHECK(count_effects(effects, EffectKind::promotion) == 1);
    const std::string fen = after.fen();
    CHECK(fen.substr(0, fen.find('/')) == std::string("4") + c.fen_letter + "3");
  }
  SECTION("no promotion to king or pawn, and none may be left out") {
    CHECK(resolve_text(pos, "e10=K").error != MoveError::none);
    CHECK(resolve_text(pos, "e10").error != MoveError::none);
  }
  SECTION("nine promotion types for one pawn move") {
    MoveList moves;
    generate_legal(pos, moves);
    int promotions = 0;
    for (const Move& m : moves)
      if (m.promotion != no_piece_type) ++promotions;
    CHECK(promotions == 9);
  }
  SECTION("Black promotes to a paladin: FEN letter l") {
    const Position black = from_fen("8/8/8/k7/8/8/8/8/1p6/7K b - - 0 1");
    const Position after = play_san(black, "b1=L");
    CHECK(after.at(sq("b1")) == piece_of(Color::black, 'L'));
    CHECK(after.fen() == "8/8/8/k7/8/8/8/8/8/1l5K w - - 0 2");
    CHECK(play_san(black, "b1=P").fen() == after.fen());
  }
}

// ---- pieces -------------------------------------------------------------------------------------

TEST_CASE("reservists cannon: checks through exactly one screen", "[rules][reservists]") {
  // Black king e9, white cannon e2; the screens stand on e6 (and e7).
  CHECK_FALSE(in_check(from_fen("8/4k3/8/8/8/8/8/8/4A3/K7 b - - 0 1")));
  CHECK(in_check(from_fen("8/4k3/8/8/4p3/8/8/8/4A3/K7 b - - 0 1")));
  CHECK(in_check(from_fen("8/4k3/8/8/4P3/8/8/8/4A3/K7 b - - 0 1")));
  CHECK_FALSE(in_check(from_fen("8/4k3/8/4p3/4P3/8/8/8/4A3/K7 b - - 0 1")));
  // Along a rank too: cannon a9, screen c9, king h9.
  CHECK(in_check(from_fen("8/A1n4k/8/8/8/8/8/8/8/K7 b - - 0 1")));
  CHECK_FALSE(in_check(from_fen("8/A6k/8/8/8/8/8/8/8/K7 b - - 0 1")));

  SECTION("moves: slides without capturing, captures only over a screen") {
    const Position pos = from_fen("8/4k3/8/4r3/4p3/8/8/8/4A3/K7 w - - 0 1");
    CHECK(is_legal_san(pos, "Ae4"));  // up to the screen
    CHECK(is_legal_san(pos, "Ae5"));
    CHECK(resolve_text(pos, "Axe6").error == MoveError::illegal);  // the screen itself
    CHECK(resolve_text(pos, "Ae6").error == MoveError::illegal);
    CHECK(is_legal_san(pos, "Axe7"));  // the piece behind the screen
    CHECK(resolve_text(pos, "Ae8").error == MoveError::illegal);
  }
}

TEST_CASE("reservists nightrider: repeated knight leaps, blocked by a piece on the path",
          "[rules][reservists]") {
  // Nightrider a1, line b3 c5 d7 e9.
  const Position open = from_fen("7k/8/8/8/8/8/8/8/8/I6K w - - 0 1");
  for (const char* target : {"Ib3", "Ic5", "Id7", "Ie9"}) CHECK(is_legal_san(open, target));

  const Position own = from_fen("7k/8/8/8/8/2P5/8/8/8/I6K w - - 0 1");
  CHECK(is_legal_san(own, "Ib3"));
  CHECK(resolve_text(own, "Ic5").error == MoveError::illegal);
  CHECK(resolve_text(own, "Id7").error == MoveError::illegal);
  CHECK(resolve_text(own, "Ie9").error == MoveError::illegal);

  const Position enemy = from_fen("7k/8/8/8/8/2n5/8/8/8/I6K w - - 0 1");
  CHECK(is_legal_san(enemy, "Ixc5"));
  CHECK(resolve_text(enemy, "Id7").error == MoveError::illegal);

  // Check along the line, and no check when the path is blocked.
  CHECK(in_check(from_fen("8/4k3/8/8/8/8/8/8/8/I6K b - - 0 1")));
  CHECK_FALSE(in_check(from_fen("8/4k3/8/8/8/2p5/8/8/8/I6K b - - 0 1")));
}

TEST_CASE("reservists paladin and commoner", "[rules][reservists]") {
  SECTION("the paladin is written P or L in SAN; FEN uses L") {
    const Position pos = from_fen("7k/8/8/8/8/8/3L4/8/8/K7 w - - 0 1");
    for (const char* text : {"Pe6", "Le6", "Pg7", "Lg7", "Pd4e6"}) {
      const Resolution r = resolve_text(pos, text);
      INFO(text << ": " << r.message);
      REQUIRE(r.error == MoveError::none);
      CHECK(r.move.piece == reservists().piece_by_fen_letter('L'));
    }
    CHECK(resolve_text(pos, "Pe6").move == resolve_text(pos, "Le6").move);
    CHECK(resolve_text(pos, "Pd5").error == MoveError::illegal);  // not a rook move
    CHECK(to_san(pos, resolve_text(pos, "Le6").move) == "Pe6");
    CHECK(play_san(pos, "Le6").fen() == "7k/8/8/8/4L3/8/8/8/8/K7 b - - 1 1");
  }
  SECTION("the commoner is not royal: it may stand attacked and be taken") {
    const Position pos = from_fen("7k/8/8/8/8/8/3C4/8/3r4/K7 w - - 0 1");
    CHECK_FALSE(in_check(pos));
    CHECK(is_legal_san(pos, "Cd3"));                              // onto a square the rook attacks
    CHECK(resolve_text(pos, "Kb2").error == MoveError::illegal);  // the king may not
    EffectList effects;
    const Position taken = play_san(play_san(pos, "Cd3"), "Rxd3", &effects);
    CHECK(count_effects(effects, EffectKind::reserve_pawn) == 0);
    CHECK(taken.count(Color::white, reservists().piece_by_fen_letter('C')) == 0);
  }
}
