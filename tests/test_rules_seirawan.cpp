// Seirawan chess (variant `seirawan`): gating from the hand ("Nf3/H", "O-O/Ee1"), the gating
// rights in the castling field, promotion to hawk and elephant, refusals, UCI, and the
// reference data made by Fairy-Stockfish (tests/reference/seirawan_perft.mjs): perft 1-3 of 15
// positions and ffish's SAN of every legal move there. Rules: docs/rules/seirawan.md.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "test_support.hpp"
#include "xpgn/emit/json.hpp"
#include "xpgn/emit/pgn.hpp"
#include "xpgn/record/replayer.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/outcome.hpp"
#include "xpgn/rules/san.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

using test::count_effects;
using test::play_all;
using test::play_san;
using test::refusal;
using test::sq;
using test::the_effect;

const Variant& seirawan() {
  return test::variant("seirawan");
}

Position from_fen(const std::string& fen) {
  return test::from_fen(fen, seirawan());
}

const std::string start_fen =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[EHeh] w KQBCDFGkqbcdfg - 0 1";

// The UCI text of `uci` among the legal moves of `pos` mapped to our SAN, or "" when absent.
std::map<std::string, std::string> san_by_uci(const Position& pos) {
  MoveList moves;
  generate_legal(pos, moves);
  std::map<std::string, std::string> out;
  for (const Move& m : moves) out[to_uci(pos, m)] = to_san(pos, m);
  return out;
}

}  // namespace

TEST_CASE("seirawan: start position, hand and gating rights in FEN", "[rules][seirawan]") {
  const Position start = Position::start(seirawan());
  CHECK(start.fen() == start_fen);
  CHECK(start.in_hand(Color::white, seirawan().piece_by_fen_letter('H')) == 1);
  CHECK(start.in_hand(Color::black, seirawan().piece_by_fen_letter('E')) == 1);
  // pychess writes the hand [HEhe]: read in any order, written in the variant's piece order.
  CHECK(
      from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1").fen() ==
      start_fen);
  CHECK(test::refused_fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Qq] w KQkq - 0 1",
                                seirawan()) == "'Q' cannot be in hand in seirawan (only HE)");
  // The gating square of a piece that moved is gone; the rights of a side end with its hand.
  const Position a = play_san(start, "Nf3/H");
  CHECK(a.fen() == "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKBHR[Eeh] b KQBCDFkqbcdfg - 1 1");
  const Position b = play_all(a, {"Nf6/E", "e4", "e5", "Bc4/E"});
  CHECK(b.fen() == "rnbqkber/pppp1ppp/5n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQKEHR[h] b KQkqbcdf - 1 3");
  // Castling rights without gating rights (an empty hand): plain KQkq.
  CHECK(from_fen("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[] w KQkq - 0 1").fen() ==
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[] w KQkq - 0 1");
}

TEST_CASE("seirawan: UCI moves with gating are read as written", "[rules][seirawan]") {
  const Position start = Position::start(seirawan());
  Resolution r = test::resolve_text(start, "g1f3h");
  REQUIRE(r.error == MoveError::none);
  CHECK(to_san(start, r.move) == "Nf3/H");
  CHECK(test::resolve_text(start, "g1f3").move.gate == no_square);
  // A letter that is no piece in hand, and a piece that cannot gate from d4 (no first-rank
  // origin): refused with the reading as a promotion.
  CHECK(test::resolve_text(start, "g1f3q").error != MoveError::none);
  CHECK(test::resolve_text(play_san(start, "Nf3"), "d7d5h").error != MoveError::none);

  const Position castles = from_fen("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[EHeh] w KQkq - 0 1");
  for (const char* uci : {"e1g1e", "e1g1h", "h1e1h", "a1e1e", "e1c1h"}) {
    INFO(uci);
    r = test::resolve_text(castles, uci);
    REQUIRE(r.error == MoveError::none);
    CHECK(to_uci(castles, r.move) == uci);
  }
  CHECK(to_san(castles, test::resolve_text(castles, "h1e1h").move) == "O-O/Hh1");
  // Every legal move of a position with gatings reads back from its UCI text.
  for (const Position& pos : {start, castles, play_san(start, "e4")}) {
    MoveList moves;
    generate_legal(pos, moves);
    for (const Move& m : moves) {
      const std::string uci = to_uci(pos, m);
      INFO(uci);
      const Resolution back = test::resolve_text(pos, uci);
      REQUIRE(back.error == MoveError::none);
      CHECK(to_uci(pos, back.move) == uci);
    }
  }
}

TEST_CASE("seirawan: gating moves, castling with gating, effects and UCI", "[rules][seirawan]") {
  const Position start = Position::start(seirawan());
  CHECK(test::legal_sans(start).size() == 28);  // 20 + 4 knight moves x 2 pieces in hand
  EffectList effects;
  play_san(start, "Nf3/H", &effects);
  REQUIRE(count_effects(effects, EffectKind::gated) == 1);
  const Effect gated = the_effect(effects, EffectKind::gated);
  CHECK(gated.square == sq("g1"));
  CHECK(gated.piece == test::piece_by_fen(seirawan(), Color::white, 'H'));
  const Resolution r = test::resolve_text(start, "Nf3/H");
  CHECK(to_uci(start, r.move) == "g1f3h");
  CHECK(to_san(start, r.move) == "Nf3/H");
  CHECK(to_long_algebraic(start, r.move) == "Ng1-f3/H");

  const Position castles = from_fen("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[EHeh] w KQkq - 0 1");
  const Resolution king_square = test::resolve_text(castles, "O-O/Ee1");
  REQUIRE(king_square.error == MoveError::none);
  CHECK(to_uci(castles, king_square.move) == "e1g1e");
  const Resolution rook_square = test::resolve_text(castles, "O-O-O/Ha1");
  REQUIRE(rook_square.error == MoveError::none);
  CHECK(to_uci(castles, rook_square.move) == "a1e1h");
  CHECK(to_san(castles, rook_square.move) == "O-O-O/Ha1");
  CHECK(play_san(castles, "O-O/Hh1").fen() ==
        "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RKH[Eeh] b Akq - 1 1");  // a1 may still gate
  // Promotion to the hawk and the elephant.
  const Position promo = from_fen("4k3/1P6/8/8/8/8/8/4K3[] w - - 0 1");
  CHECK(play_san(promo, "b8=H").at(sq("b8")) == test::piece_by_fen(seirawan(), Color::white, 'H'));
  CHECK(play_san(promo, "b8=E+").at(sq("b8")) == test::piece_by_fen(seirawan(), Color::white, 'E'));
}

TEST_CASE("seirawan: refusals name the gating rule", "[rules][seirawan]") {
  const Position no_hawk =
      from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Eeh] w KQBCDFGkqbcdfg - 0 1");
  CHECK(refusal(no_hawk, "Nf3/H") == "no hawk in White's hand");
  const Position queen_moved =
      from_fen("rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR[EHeh] w KQBCFGkqbcdfg - 0 2");
  CHECK(refusal(queen_moved, "Qd2/E") == "the queen's file has no gating right left");
  const Position knight_out = play_all(Position::start(seirawan()), {"Nf3", "e5"});
  CHECK(refusal(knight_out, "Ng5/H") ==
        "the knight on f3 is not on White's first rank: only a first move from there may gate");
  CHECK(refusal(knight_out, "Nc3/Q") == "only H, E can be gated in seirawan");
  const Position castles = from_fen("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[EHeh] w KQkq - 0 1");
  CHECK(refusal(castles, "O-O/Ed1") ==
        "a piece gated with castling enters on the king's or the rook's square (e1 or h1)");
  CHECK(refusal(castles, "O-O/E") ==
        "castling king side is ambiguous: the piece may be gated on e1 h1; write the square (such "
        "as /Ee1)");
  CHECK(test::resolve_text(castles, "Ra2/Z").message == "'Z' is not a piece of seirawan");
  // Chess has no hawk, and no gating.
  const Position chess = Position::start(test::variant("chess"));
  CHECK(test::resolve_text(chess, "Nf3/H").message == "'H' is not a piece of chess");
  CHECK(refusal(chess, "Nf3/N") ==
        "knight to f3 is possible, but not with the action written after it; legal: Nf3");
}

TEST_CASE("seirawan perft: positions and counts made by Fairy-Stockfish (ffish)",
          "[rules][perft][seirawan]") {
  CHECK(test::check_perft_file("seirawan-ffish.txt", seirawan()) == 45);
}

TEST_CASE("seirawan SAN: every legal move as Fairy-Stockfish (ffish) writes it",
          "[rules][san][seirawan]") {
  std::ifstream in(std::string(XPGN_TEST_DATA) + "/perft/seirawan-ffish-san.txt");
  REQUIRE(in);
  std::map<std::string, std::map<std::string, std::string>> ours;
  std::map<std::string, std::size_t> theirs_count;
  std::string line;
  int compared = 0;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string fen, uci, san;
    std::getline(fields, fen, ';');
    std::getline(fields, uci, ';');
    std::getline(fields, san, ';');
    INFO(line);
    if (!ours.count(fen)) ours[fen] = san_by_uci(from_fen(fen));
    ++theirs_count[fen];
    const auto& moves = ours[fen];
    const auto it = moves.find(uci);
    REQUIRE(it != moves.end());
    CHECK(it->second == san);
    // ffish's SAN reads back as the same move.
    const Position pos = from_fen(fen);
    const Resolution r = test::resolve_text(pos, san);
    REQUIRE(r.error == MoveError::none);
    CHECK(to_uci(pos, r.move) == uci);
    ++compared;
  }
  for (const auto& [fen, count] : theirs_count) {
    INFO(fen);
    CHECK(ours[fen].size() == count);
  }
  CHECK(theirs_count.size() == 15);
  CHECK(compared == 547);
}

TEST_CASE("seirawan: a gating is a JSON effect", "[rules][seirawan][json]") {
  const auto games =
      test::replay("[Variant \"Seirawan\"]\n\n1. Nf3 Nf6/E 2. e4 e5 3. Bc4 Bc5/H 4. O-O/Ee1 *\n");
  REQUIRE(games.size() == 1);
  CHECK(games[0].valid());
  const std::string json = emit::game_to_json(games[0]).dump();
  CHECK(json.find("\"kind\":\"gated\"") != std::string::npos);
}

TEST_CASE("seirawan samples: complete games that replay cleanly", "[rules][seirawan]") {
  int files = 0;
  for (const auto& path : test::sample_files("seirawan")) {
    INFO(path.string());
    const std::string text = test::file_text(path);
    const auto games = record::read_games(text);
    REQUIRE(games.size() == 1);
    const record::Game& game = games[0];
    REQUIRE(game.variant != nullptr);
    CHECK(game.variant->id == "seirawan");
    CHECK(game.valid());
    CHECK(game.diagnostics.empty());
    CHECK(game.mainline_plies >= 50);  // 25 moves or more
    CHECK(game.outcome.termination == Termination::checkmate);
    CHECK(game.outcome.result() == game.result_tag);
    CHECK(emit::to_pgn(game) == text);  // canonical: written again byte for byte
    ++files;
  }
  CHECK(files >= 1);
}

TEST_CASE("seirawan960: Chess960 castling with gating, counts made by ffish (is960)",
          "[rules][perft][seirawan]") {
  // ffish 0.7.10, variant "seirawan" with is960 = true, perft 1-3 (ffish prints these FENs with
  // Shredder letters, GABCDEFHgabcdefh and EABeab; xpgn reads both forms).
  const Position pychess =
      from_fen("rnqkbnrb/pppppppp/8/8/8/8/PPPPPPPP/RNQKBNRB[HEhe] w HECBFQKhecbfqk - 0 1");
  CHECK(pychess.fen() ==
        "rnqkbnrb/pppppppp/8/8/8/8/PPPPPPPP/RNQKBNRB[EHeh] w KQBCEFHkqbcefh - 0 1");
  CHECK(from_fen("rnqkbnrb/pppppppp/8/8/8/8/PPPPPPPP/RNQKBNRB[EHeh] w GABCDEFHgabcdefh - 0 1")
            .fen() == pychess.fen());
  CHECK(perft(pychess, 1) == 28);
  CHECK(perft(pychess, 2) == 784);
  CHECK(perft(pychess, 3) == 25064);
  const Position near = from_fen("rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3[HEhe] w KQkq - 0 1");
  CHECK(perft(near, 1) == 44);
  CHECK(perft(near, 2) == 1936);
  CHECK(perft(near, 3) == 63630);
  // ffish's castlings there, as UCI and SAN.
  const auto moves = san_by_uci(near);
  for (const auto& [uci, san] : std::map<std::string, std::string>{{"b1e1", "O-O"},
                                                                   {"b1e1h", "O-O/Hb1"},
                                                                   {"e1b1e", "O-O/Ee1"},
                                                                   {"b1a1", "O-O-O"},
                                                                   {"b1a1e", "O-O-O/Eb1"},
                                                                   {"a1b1h", "O-O-O/Ha1"}}) {
    INFO(uci);
    REQUIRE(moves.count(uci) == 1);
    CHECK(moves.at(uci) == san);
  }
}
