// Crazyhouse (variant `crazyhouse`): pockets in FEN, drops and their refusals, captures into the
// capturer's pocket, promoted pieces ("Q~") demoted when captured, repetition through drops,
// no dead positions, JSON effects, the pockets in diagrams, and perft against Fairy-Stockfish.
// Rules: docs/rules/crazyhouse.md.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "test_support.hpp"
#include "xpgn/emit/json.hpp"
#include "xpgn/emit/pgn.hpp"
#include "xpgn/render/render.hpp"
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
using test::the_effect;

const Variant& zh() {
  return test::variant("crazyhouse");
}

Position from_fen(const std::string& fen) {
  return test::from_fen(fen, zh());
}

Piece piece(Color c, char fen_letter) {
  return test::piece_by_fen(zh(), c, fen_letter);
}

// The number of legal drops (placements) in `pos`.
int drops(const Position& pos) {
  MoveList moves;
  generate_legal(pos, moves);
  int n = 0;
  for (const Move& m : moves) n += m.kind == MoveKind::placement;
  return n;
}

}  // namespace

TEST_CASE("crazyhouse setup: names, start position and pockets in FEN", "[rules][crazyhouse]") {
  CHECK(&test::variant("Crazyhouse") == &zh());
  CHECK(&test::variant("zh") == &zh());
  const Position start = Position::start(zh());
  CHECK(start.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1");
  CHECK(perft(start, 3) == 8902);  // no captures yet, so nothing to drop

  SECTION("pockets as lichess and Fairy-Stockfish write them, White's pieces first") {
    const Position pos = from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[pqNP] w KQkq - 0 1");
    CHECK(pos.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[NPqp] w KQkq - 0 1");
    CHECK(pos.in_hand(Color::white, piece(Color::white, 'N').type()) == 1);
    CHECK(pos.in_hand(Color::black, piece(Color::black, 'Q').type()) == 1);
    const Position many = from_fen("4k3/8/8/8/8/8/8/4K3[PPPPPPPPNNbb] b - - 0 1");
    CHECK(many.fen() == "4k3/8/8/8/8/8/8/4K3[NNPPPPPPPPbb] b - - 0 1");
  }
  SECTION("a FEN without pockets has empty ones (pychess archives write it so)") {
    const Position pos = from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    CHECK(pos.hand_total() == 0);
    CHECK(pos.fen() == start.fen());
  }
  SECTION("promoted pieces are marked with '~' and round-trip") {
    const Position pos = from_fen("k7/8/8/8/8/8/8/K3Q~3[] w - - 0 1");
    CHECK(pos.marked(test::sq("e1")));
    CHECK(pos.fen() == "k7/8/8/8/8/8/8/K3Q~3[] w - - 0 1");
  }
  SECTION("refused pockets") {
    CHECK(test::refused_fen_error("4k3/8/8/8/8/8/8/4K3[K] w - - 0 1", zh()) ==
          "pocket '[K]': a king cannot be in a pocket");
    CHECK(test::refused_fen_error("4k3/8/8/8/8/8/8/4K3[X] w - - 0 1", zh()) ==
          "pocket '[X]': 'X' is not a piece of crazyhouse");
  }
  SECTION("lichess's pocket as an extra last rank") {
    const Position pos = from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/Qn w KQkq - 0 1");
    CHECK(pos.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qn] w KQkq - 0 1");
    CHECK(pos.in_hand(Color::white, piece(Color::white, 'Q').type()) == 1);
    CHECK(pos.in_hand(Color::black, piece(Color::black, 'N').type()) == 1);
    CHECK(test::is_legal(pos, "Q@e4"));
    // An empty pocket: the placement ends with '/'.
    CHECK(from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1").fen() ==
          start.fen());
    // A pocket of eight pieces fills a whole rank.
    CHECK(from_fen("4k3/8/8/8/8/8/8/4K3/PPPPNNbb w - - 0 1").fen() ==
          "4k3/8/8/8/8/8/8/4K3[NNPPPPbb] w - - 0 1");
    CHECK(test::refused_fen_error("4k3/8/8/8/8/8/8/4K3/Qn[N] w - - 0 1", zh()) ==
          "FEN board is 8x9, variant crazyhouse needs 8x8: the extra last rank 'Qn' looks like a "
          "crazyhouse pocket as lichess writes it, but the FEN has a \"[...]\" pocket too");
  }
  SECTION("one rank too many: the error says what it might be") {
    CHECK(test::refused_fen_error("4k3/8/8/8/8/8/8/4K3/Qn w - - 0 1", test::variant("chess")) ==
          "FEN board is 8x9, variant chess needs 8x8: the extra last rank 'Qn' looks like a "
          "crazyhouse pocket as lichess writes it, and chess has no pockets");
    CHECK(test::refused_fen_error("4k3/8/8/8/8/8/8/4K3/8 w - - 0 1", test::variant("chess")) ==
          "FEN board is 8x9, variant chess needs 8x8: one rank too many (a lichess crazyhouse FEN "
          "writes the pocket as an extra last rank of piece letters, such as \"/Qn\")");
    // A last row short of squares on a board of the right height is a short rank.
    CHECK(test::refused_fen_error("4k3/8/8/8/8/8/8/RNBQKBN w - - 0 1", test::variant("chess")) ==
          "FEN row 8 has 7 squares, row 1 has 8");
  }
  SECTION("chess knows neither pockets nor promoted marks") {
    CHECK(test::refused_fen_error("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1", test::variant("chess")) ==
          "variant chess has no pieces in hand ('[...]' in the FEN)");
    CHECK(test::refused_fen_error("4k2Q~/8/8/8/8/8/8/4K3 b - - 0 1", test::variant("chess")) ==
          "square h8: 'Q~' marks a promoted piece, which chess does not track");
  }
}

TEST_CASE("crazyhouse drops: where a piece from the pocket may go", "[rules][crazyhouse]") {
  SECTION("a piece onto any empty square") {
    const Position pos = from_fen("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1");
    CHECK(drops(pos) == 62);
    Position after = play_san(pos, "N@f3");
    CHECK(after.at(test::sq("f3")) == piece(Color::white, 'N'));
    CHECK(after.hand_total() == 0);
    CHECK(after.fen() == "4k3/8/8/8/8/5N2/8/4K3[] b - - 0 1");
  }
  SECTION("a pawn: not on the first or last rank; '@e4' and 'P@e4' both read") {
    const Position pos = from_fen("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1");
    CHECK(drops(pos) == 62 - 14);  // ranks 1 and 8 hold 14 empty squares
    const Resolution plain = resolve_text(pos, "@e4");
    REQUIRE(plain.error == MoveError::none);
    CHECK(to_san(pos, plain.move) == "P@e4");
    CHECK(to_uci(pos, plain.move) == "P@e4");
    CHECK(to_uci(pos, resolve_text(pos, "N@e4").move).empty() == false);
  }
  SECTION("a dropped pawn on its second rank may step two") {
    const Position pos = play_all(from_fen("4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1"), {"P@d2", "Kd7"});
    CHECK(test::is_legal(pos, "d4"));
  }
  SECTION("a drop may block a check, give check, and even mate") {
    const Position check = from_fen("4k3/8/8/8/8/8/8/r3K3[N] w - - 0 1");
    CHECK(legal_sans(check) ==
          std::vector<std::string>{"Kd2", "Ke2", "Kf2", "N@b1", "N@c1", "N@d1"});
    const Position mate = from_fen("6k1/5ppp/8/8/8/8/8/6K1[R] w - - 0 1");
    const Resolution r = resolve_text(mate, "R@e8#");
    REQUIRE(r.error == MoveError::none);
    Position after = play_san(mate, "R@e8");
    CHECK(judge(after, {}).termination == Termination::checkmate);
    CHECK(to_san(mate, r.move) == "R@e8#");
  }
}

TEST_CASE("crazyhouse drops: refused attempts", "[rules][crazyhouse]") {
  const Position pos = from_fen("4k3/8/8/8/4p3/8/8/4K3[Pq] w - - 0 1");
  CHECK(refusal(pos, "P@h8") == "a pawn cannot be dropped on the last rank");
  CHECK(refusal(pos, "P@c1") == "a pawn cannot be dropped on the first rank");
  CHECK(refusal(pos, "N@e4") == "no knight in White's pocket");
  CHECK(refusal(pos, "Q@d4") == "no queen in White's pocket");  // Black's queen is not White's
  CHECK(refusal(pos, "P@e4") == "e4 is not empty");
  SECTION("the replayer writes the token before the message") {
    const auto games = test::replay(
        "[Variant \"Crazyhouse\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/4p3/8/8/4K3[Pq] w - - 0 1\"]\n\n"
        "1. N@e4 *\n");
    REQUIRE(games.size() == 1);
    CHECK(test::dump(games[0]).find("'N@e4': illegal move: no knight in White's pocket") !=
          std::string::npos);
  }
  SECTION("a drop that leaves the king in check") {
    const Position check = from_fen("4k3/8/8/8/8/8/8/r3K3[N] w - - 0 1");
    CHECK(refusal(check, "N@f3") == "the king on e1 would still be attacked by the rook on a1");
  }
}

TEST_CASE("crazyhouse captures: the taken piece changes sides", "[rules][crazyhouse]") {
  SECTION("into the capturer's pocket, in the capturer's colour") {
    EffectList effects;
    const Position before = play_all(Position::start(zh()), {"e4", "d5"});
    const Position after = play_san(before, "exd5", &effects);
    const Effect e = the_effect(effects, EffectKind::to_hand);
    CHECK(e.square == test::sq("d5"));
    CHECK(e.piece == piece(Color::white, 'P'));
    CHECK(after.fen() == "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[P] b KQkq - 0 2");
    CHECK(play_san(after, "Qxd5").fen() ==
          "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3");
  }
  SECTION("en passant: the pawn taken beside the arrival") {
    EffectList effects;
    const Position pos = from_fen("4k3/8/8/3pP3/8/8/8/4K3[] w - d6 0 1");
    const Position after = play_san(pos, "exd6", &effects);
    CHECK(the_effect(effects, EffectKind::to_hand).square == test::sq("d5"));
    CHECK(after.fen() == "4k3/8/3P4/8/8/8/8/4K3[P] b - - 0 1");
  }
  SECTION("a promoted piece is marked, and goes to the pocket as a pawn") {
    const Position pos = from_fen("k6r/4P3/8/8/8/8/8/K7[] w - - 0 1");
    const Position promoted = play_san(pos, "e8=Q+");
    CHECK(promoted.fen() == "k3Q~2r/8/8/8/8/8/8/K7[] b - - 0 1");
    EffectList effects;
    const Position taken = play_san(promoted, "Rxe8", &effects);
    CHECK(the_effect(effects, EffectKind::to_hand).piece == piece(Color::black, 'P'));
    CHECK(taken.fen() == "k3r3/8/8/8/8/8/8/K7[p] w - - 0 2");
    // The mark travels with the piece.
    const Position moved = play_all(from_fen("k7/8/8/8/8/8/8/K3Q~3[] w - - 0 1"), {"Qe4"});
    CHECK(moved.fen() == "k7/8/8/8/4Q~3/8/8/K7[] b - - 1 1");
  }
  SECTION("a piece that was not promoted keeps its type") {
    EffectList effects;
    const Position pos = from_fen("k3q3/8/8/8/8/8/8/K3R3[] w - - 0 1");
    play_san(pos, "Rxe8+", &effects);
    CHECK(the_effect(effects, EffectKind::to_hand).piece == piece(Color::white, 'Q'));
  }
}

TEST_CASE("crazyhouse end of the game: repetition through drops, no dead positions",
          "[rules][crazyhouse]") {
  SECTION("kings alone are not dead while a pocket holds a piece; nor is K v K") {
    CHECK(judge(from_fen("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1"), {}).termination == Termination::none);
    CHECK(judge(from_fen("4k3/8/8/8/8/8/8/4K3[] w - - 0 1"), {}).termination == Termination::none);
  }
  SECTION("a capture that later comes back keeps the repetition history") {
    // Nxd5 Qxd5 ... the pieces change pockets but stay in the game.
    const Position pos = from_fen("4k3/8/8/3n4/8/4N3/8/4K3[] w - - 0 1");
    CHECK(play_san(pos, "Nxd5").reversible_plies() > 0);
    CHECK(play_san(from_fen("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1"), "P@e4").reversible_plies() > 0);
  }
  SECTION("no 75-move rule (lichess plays crazyhouse without it)") {
    CHECK(judge(from_fen("4k3/8/8/8/8/8/8/4K3[Nn] w - - 160 200"), {}).termination ==
          Termination::none);
  }
}

TEST_CASE("crazyhouse notation: canonical PGN and JSON effects", "[rules][crazyhouse]") {
  const std::string pgn =
      "[Variant \"Crazyhouse\"]\n[Result \"*\"]\n\n"
      "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. @e4 Nf6 5. Nf3 P@e5 *\n";
  const auto games = test::replay(pgn);
  REQUIRE(games.size() == 1);
  INFO(test::dump(games[0]));
  REQUIRE(games[0].valid());
  const std::string first = emit::to_pgn(games[0]);
  CHECK(first.find("4. P@e4 Nf6 5. Nf3 P@e5 *") != std::string::npos);
  const auto again = test::replay(first);
  REQUIRE(again.size() == 1);
  CHECK(emit::to_pgn(again[0]) == first);
  const std::string json = emit::game_to_json(games[0]).dump();
  CHECK(json.find("\"kind\":\"to_hand\"") != std::string::npos);
  CHECK(json.find("\"kind\":\"placement\"") != std::string::npos);
  CHECK(json.find("\"uci\":\"P@e4\"") != std::string::npos);
}

TEST_CASE("crazyhouse diagrams: both pockets with a glyph and a count per piece type",
          "[rules][crazyhouse][render]") {
  std::string error;
  const auto d =
      render::diagram_from_fen("crazyhouse", "", "4k3/8/8/8/8/8/8/4K3[NNPq] w - - 0 1", "", error);
  INFO(error);
  REQUIRE(d.has_value());
  const std::string svg = render::to_svg(*d, render::SvgOptions{});
  CHECK(svg.find(">pocket</text>") != std::string::npos);
  CHECK(svg.find(">2</text>") != std::string::npos);  // two knights
  CHECK(svg.find(">1</text>") != std::string::npos);
}

TEST_CASE("crazyhouse perft: positions and counts made by Fairy-Stockfish (ffish)",
          "[rules][crazyhouse][perft]") {
  CHECK(test::check_perft_file("crazyhouse-ffish.txt", zh()) >= 30);
}

TEST_CASE("crazyhouse samples: complete games that replay cleanly", "[rules][crazyhouse]") {
  int files = 0;
  for (const auto& path : test::sample_files("crazyhouse")) {
    INFO(path.string());
    const auto games = record::read_games(test::file_text(path));
    REQUIRE(games.size() == 1);
    const record::Game& game = games[0];
    REQUIRE(game.variant != nullptr);
    CHECK(game.variant->id == "crazyhouse");
    CHECK(game.valid());
    CHECK(game.diagnostics.empty());
    CHECK(game.mainline_plies >= 50);  // 25 moves or more
    CHECK(game.outcome.termination == Termination::checkmate);
    CHECK(game.result_marker == game.result_tag);
    ++files;
  }
  CHECK(files >= 1);
}
