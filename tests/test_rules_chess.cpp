// FIDE chess through the rules library: perft, SAN in both directions, outcomes, FEN checks.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "test_size.hpp"
#include "test_support.hpp"
#include "xpgn/notation/notation.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/outcome.hpp"
#include "xpgn/rules/san.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

const Variant& chess() {
  return test::variant("chess");
}

// Position from FEN text; fails the test with the parser's or validator's message.
Position from_fen(const std::string& fen, const Variant& v = chess()) {
  return test::from_fen(fen, v);
}

// Plays SAN moves from `pos`, requiring each to resolve.
Position play_san(Position pos, const std::vector<std::string>& moves) {
  return test::play_all(pos, moves);
}

using test::resolve_text;

}  // namespace

TEST_CASE("perft: published counts for the standard test positions", "[rules][perft]") {
  struct Case {
    const char* name;
    const char* fen;
    int depth;
    std::uint64_t nodes;
    std::uint64_t nodes_one_less;  // at depth - 1
  };
  // Counts from the Chess Programming Wiki "Perft Results" page (positions 1-6).
  const Case cases[] = {
      {"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4865609, 197281},
      {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4,
       4085603, 97862},
      {"position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6, 11030083, 674624},
      {"position 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5,
       15833292, 422333},
      {"position 4 mirrored", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 4,
       422333, 9467},
      {"position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, 2103487,
       62379},
      {"position 6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 4,
       3894594, 89890},
  };
  // Under the sanitizers one depth less (some 70 s there at the full depth: test_size.hpp).
  const bool full = !test::sanitized_run();
  for (const Case& c : cases) {
    INFO(c.name);
    CHECK(perft(from_fen(c.fen), c.depth - 1) == c.nodes_one_less);
    if (full) CHECK(perft(from_fen(c.fen), c.depth) == c.nodes);
  }
}

TEST_CASE("perft: shallow depths of the start position", "[rules][perft]") {
  const Position start = Position::start(chess());
  CHECK(perft(start, 1) == 20);
  CHECK(perft(start, 2) == 400);
  CHECK(perft(start, 3) == 8902);
}

TEST_CASE("perft: positions and counts made by Fairy-Stockfish (ffish)", "[rules][perft]") {
  std::ifstream in(std::string(XPGN_TEST_DATA) + "/perft/chess-ffish.txt");
  if (!in) {
    WARN("tests/data/perft/chess-ffish.txt missing: reference comparison skipped");
    return;
  }
  CHECK(test::check_perft_lines(in, chess(), false) >= 20);
}

TEST_CASE("SAN: resolving tokens to moves", "[rules][san]") {
  const Position start = Position::start(chess());

  SECTION("ordinary moves and long algebraic forms agree") {
    for (const char* text : {"Nf3", "Ng1f3", "Ng1-f3", "g1f3"}) {
      Resolution r = resolve_text(start, text);
      INFO(text << ": " << r.message);
      REQUIRE(r.error == MoveError::none);
      CHECK(square_name(r.move.from) == "g1");
      CHECK(square_name(r.move.to) == "f3");
    }
  }
  SECTION("illegal: no piece can get there") {
    Resolution r = resolve_text(start, "Nf4");
    CHECK(r.error == MoveError::illegal);
    CHECK_THAT(r.message, Catch::Contains("knight to f4"));
  }
  SECTION("invalid: a letter that is no piece, a square off the board") {
    CHECK(resolve_text(start, "Xf3").error == MoveError::invalid);
    CHECK(resolve_text(start, "Nf9").error == MoveError::invalid);
    CHECK(resolve_text(start, "Ni3").error == MoveError::invalid);
  }
  SECTION("ambiguous knights, resolved by a file hint") {
    Position pos = from_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    Resolution r = resolve_text(pos, "Nd2");
    CHECK(r.error == MoveError::ambiguous);
    CHECK_THAT(r.message, Catch::Contains("b1") && Catch::Contains("f1"));
    CHECK(resolve_text(pos, "Nbd2").error == MoveError::none);
    CHECK(resolve_text(pos, "Nfd2").error == MoveError::none);
  }
  SECTION("a pinned piece makes the move unambiguous") {
    // The knight on e2... is pinned by the rook on e8: Nc3 means the b1 knight.
    Position pos = from_fen("4r1k1/8/8/8/8/8/4N3/1N2K3 w - - 0 1");
    Resolution r = resolve_text(pos, "Nc3");
    REQUIRE(r.error == MoveError::none);
    CHECK(square_name(r.move.from) == "b1");
    CHECK(to_san(pos, r.move) == "Nc3");
  }
  SECTION("moving into check is illegal, with the reason") {
    Position pos = from_fen("4r1k1/8/8/8/8/8/4N3/4K3 w - - 0 1");
    Resolution r = resolve_text(pos, "Nc3");
    CHECK(r.error == MoveError::illegal);
    CHECK(r.message == "the knight on e2 is pinned by the rook on e8");
  }
  SECTION("promotion needs its piece; '=' is optional") {
    Position pos = from_fen("8/4P3/8/8/8/8/k7/4K3 w - - 0 1");
    CHECK(resolve_text(pos, "e8").error == MoveError::invalid);
    Resolution q = resolve_text(pos, "e8=Q");
    REQUIRE(q.error == MoveError::none);
    CHECK(to_san(pos, q.move) == "e8=Q");
    Resolution n = resolve_text(pos, "e8N");
    REQUIRE(n.error == MoveError::none);
    CHECK(to_san(pos, n.move) == "e8=N");
    CHECK(resolve_text(pos, "e7e8q").error == MoveError::none);
    CHECK(resolve_text(pos, "e8=K").error == MoveError::illegal);
  }
  SECTION("en passant") {
    Position pos = play_san(start, {"e4", "a6", "e5", "d5"});
    CHECK(pos.en_passant() != no_square);
    Resolution r = resolve_text(pos, "exd6");
    REQUIRE(r.error == MoveError::none);
    CHECK(r.move.kind == MoveKind::en_passant);
    EffectList fx;
    Position after = play(pos, r.move, &fx);
    CHECK(after.fen() == "rnbqkbnr/1pp1pppp/p2P4/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
    REQUIRE(fx.size() == 1);
    CHECK(square_name(fx[0].square) == "d5");
  }
  SECTION("castling written three ways") {
    Position pos = play_san(start, {"e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"});
    for (const char* text : {"O-O", "0-0", "e1g1", "e1h1"}) {
      Resolution r = resolve_text(pos, text);
      INFO(text << ": " << r.message);
      REQUIRE(r.error == MoveError::none);
      CHECK(r.move.kind == MoveKind::castle);
      CHECK(to_san(pos, r.move) == "O-O");
    }
    CHECK(play(pos, resolve_text(pos, "O-O").move).fen() ==
          "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4");
    CHECK(resolve_text(pos, "O-O-O").error == MoveError::illegal);
  }
  SECTION("no castling out of, through or into check") {
    CHECK(resolve_text(from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1"), "O-O").error == MoveError::none);
    CHECK(resolve_text(from_fen("4r1k1/8/8/8/8/8/8/4K2R w K - 0 1"), "O-O").error ==
          MoveError::illegal);
    CHECK(resolve_text(from_fen("5rk1/8/8/8/8/8/8/4K2R w K - 0 1"), "O-O").error ==
          MoveError::illegal);
    CHECK(resolve_text(from_fen("6rk/7p/8/8/8/8/8/4K2R w K - 0 1"), "O-O").error ==
          MoveError::illegal);
    // The queen-side rook may pass an attacked b1: only the king's path counts.
    CHECK(resolve_text(from_fen("1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1"), "O-O-O").error ==
          MoveError::none);
  }
  SECTION("check marks are compared with the position") {
    Position pos = play_san(start, {"f3", "e5", "g4"});
    Resolution mate = resolve_text(pos, "Qh4#");
    CHECK(mate.error == MoveError::none);
    CHECK_FALSE(mate.check_mark_wrong);
    CHECK(resolve_text(pos, "Qh4+").check_mark_wrong);
    CHECK(resolve_text(pos, "Qh4").check_mark_missing);
    CHECK(resolve_text(pos, "Qf6+").check_mark_wrong);
  }
}

TEST_CASE("SAN: minimal disambiguation on output", "[rules][san]") {
  // Queens on e4, h4 and h1 all reach e1; pairs of them share a file or a rank.
  Position pos = from_fen("2k5/8/8/8/4Q2Q/8/8/K6Q w - - 0 1");
  auto san_of = [&](const char* from, const char* to) {
    MoveList moves;
    generate_legal(pos, moves);
    for (const Move& m : moves) {
      if (square_name(m.from) != from || square_name(m.to) != to) continue;
      SanToken t = to_token(pos, m);
      t.check = 0;
      return format_san(t);
    }
    return std::string("?");
  };
  CHECK(san_of("h4", "g4") == "Qhg4");   // the e4 queen reaches g4 too: file differs
  CHECK(san_of("h1", "g1") == "Qg1");    // no other queen reaches g1
  CHECK(san_of("h4", "h2") == "Q4h2");   // the h1 queen shares the file: rank needed
  CHECK(san_of("h4", "e1") == "Qh4e1");  // shares a rank with e4 and a file with h1
  CHECK(san_of("h1", "e1") == "Q1e1");   // shares the h-file with h4
  CHECK(san_of("e4", "e1") == "Qee1");   // its file is unique
}

TEST_CASE("outcomes: mate, stalemate, material, repetition, move rules", "[rules][outcome]") {
  const Position start = Position::start(chess());
  std::vector<std::uint64_t> none;

  SECTION("fool's mate") {
    Position pos = play_san(start, {"f3", "e5", "g4", "Qh4#"});
    Outcome o = judge(pos, none);
    CHECK(o.termination == Termination::checkmate);
    REQUIRE(o.winner.has_value());
    CHECK(*o.winner == Color::black);
    CHECK(o.result() == "0-1");
  }
  SECTION("stalemate is a draw") {
    Outcome o = judge(from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), none);
    CHECK(o.termination == Termination::stalemate);
    CHECK(o.result() == "1/2-1/2");
  }
  SECTION("insufficient material") {
    CHECK(judge(from_fen("8/8/4k3/8/8/3NK3/8/8 b - - 0 1"), none).termination ==
          Termination::insufficient_material);
    CHECK(judge(from_fen("8/2b5/4k3/8/8/4K3/5B2/8 b - - 0 1"), none).termination ==
          Termination::insufficient_material);  // bishops on one colour
    CHECK(judge(from_fen("8/3b4/4k3/8/8/4K3/5B2/8 b - - 0 1"), none).termination ==
          Termination::none);  // opposite colours: mate is possible
    CHECK(judge(from_fen("8/8/4k3/8/8/3NK3/3N4/8 b - - 0 1"), none).termination ==
          Termination::none);
  }
  SECTION("threefold is claimable, fivefold is automatic") {
    Position pos = start;
    std::vector<std::uint64_t> keys;
    const char* cycle[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
    for (int round = 0; round < 4; ++round) {
      for (const char* m : cycle) {
        keys.push_back(pos.key());
        pos = play_san(pos, {m});
      }
      Outcome o = judge(pos, keys);
      if (round == 0) CHECK(o.termination == Termination::none);
      if (round == 1 || round == 2) CHECK(o.termination == Termination::threefold_repetition);
      if (round == 3) {
        CHECK(o.termination == Termination::fivefold_repetition);
        CHECK(o.decided());
      }
    }
  }
  SECTION("fifty moves claimable, seventy-five automatic") {
    CHECK(judge(from_fen("8/8/4k3/8/8/4K3/8/R7 w - - 99 80"), none).termination ==
          Termination::none);
    CHECK(judge(from_fen("8/8/4k3/8/8/4K3/8/R7 w - - 100 80"), none).termination ==
          Termination::fifty_moves);
    Outcome o = judge(from_fen("8/8/4k3/8/8/4K3/8/R7 w - - 150 100"), none);
    CHECK(o.termination == Termination::seventy_five_moves);
    CHECK(o.decided());
  }
}

TEST_CASE("FEN: validation and canonical output", "[rules][fen]") {
  const Variant& v = chess();
  auto error_of = [&](const std::string& fen) {
    auto setup = notation::parse_fen(fen);
    REQUIRE(setup.has_value());
    std::string error;
    CHECK_FALSE(Position::from_setup(v, *setup, error).has_value());
    return error;
  };
  CHECK_THAT(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1"),
             Catch::Contains("kings"));
  CHECK_THAT(error_of("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1"),
             Catch::Contains("'X'"));
  CHECK_THAT(error_of("4k3/8/8/8/8/8/8/R3K3 w K - 0 1"), Catch::Contains("castling"));
  CHECK_THAT(error_of("4k2P/8/8/8/8/8/8/4K3 w - - 0 1"), Catch::Contains("last rank"));
  CHECK_THAT(error_of("4k3/8/8/8/8/8/8/4K2r b - - 0 1"), Catch::Contains("check"));
  CHECK_THAT(error_of("4k3/8/8/8/8/8/8/4K3/8 w - - 0 1"), Catch::Contains("8x9"));

  // Canonical output: an en passant square no pawn can use is dropped; X-FEN letters for
  // inner rooks; everything else as read.
  CHECK(from_fen("rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq d6 0 2").fen() ==
        "rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 2");
  CHECK(from_fen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3").fen() ==
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3");
  CHECK(from_fen("1r2k1r1/8/8/8/8/8/8/RR2K3 w Bg - 0 1").fen() ==
        "1r2k1r1/8/8/8/8/8/8/RR2K3 w Bk - 0 1");
  CHECK(from_fen("4k3/8/8/8/8/8/8/R3K2R w HA - 0 1").fen() == "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
}

TEST_CASE("Betza movement strings", "[rules][movement]") {
  CHECK(parse_betza("N").atoms.size() == 8);
  CHECK(parse_betza("K").atoms.size() == 8);
  CHECK(parse_betza("Q").atoms.size() == 8);
  CHECK(parse_betza("NN").atoms[0].range == 0);
  Movement pawn = parse_betza("fmWfcF");
  REQUIRE(pawn.atoms.size() == 3);
  for (const Atom& a : pawn.atoms) CHECK(a.rank_step == 1);
  Movement cannon = parse_betza("mRcpR");
  REQUIRE(cannon.atoms.size() == 8);
  CHECK(cannon.atoms[4].hop);
  CHECK(cannon.atoms[4].mode == MoveMode::capture);
  CHECK_THROWS_AS(parse_betza("X"), std::invalid_argument);
  CHECK_THROWS_AS(parse_betza("fm"), std::invalid_argument);
}

TEST_CASE("variants are found by forgiving names", "[rules][variant]") {
  std::string error;
  for (const char* name : {"chess", "Chess", "Standard", "normal", "From Position", "FIDE"}) {
    INFO(name);
    const Variant* v = catalog::find_variant(name, "", error);
    REQUIRE(v != nullptr);
    CHECK(v->id == "chess");
  }
  CHECK(catalog::find_variant("Giveaway", "", error) == nullptr);
  CHECK_THAT(error, Catch::Contains("Giveaway"));
  CHECK(catalog::find_variant("chess", "barren-capture", error) == nullptr);
  CHECK_THAT(error, Catch::Contains("barren-capture"));
}
