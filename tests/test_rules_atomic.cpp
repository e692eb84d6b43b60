// Atomic chess (variant `atomic`): perft against Fairy-Stockfish, explosions and their JSON
// effects, kings that cannot capture, own-king explosions, the win by explosion, touching
// kings and en passant. Rules: docs/rules/atomic.md.
#include <catch2/catch.hpp>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "test_support.hpp"
#include "xpgn/emit/json.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/outcome.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

const Variant& atomic() {
  return test::variant("Atomic");
}

Position from_fen(const std::string& fen) {
  return test::from_fen(fen, atomic());
}

}  // namespace

TEST_CASE("atomic perft: positions and counts made by Fairy-Stockfish (ffish)",
          "[rules][atomic][perft]") {
  CHECK(test::check_perft_file("atomic-ffish.txt", atomic()) == 48);
}

TEST_CASE("atomic perft: castling, standard and Chess960, against Fairy-Stockfish (ffish)",
          "[rules][atomic][perft]") {
  // Positions of random Atomic960 and atomic games where castling rights remain, and castlings
  // along lines the king's start square blocks (tests/reference/atomic960_castling_perft.mjs).
  // ffish writes Shredder file letters where we write X-FEN's KQkq: the FENs are not compared.
  std::ifstream in(std::string(XPGN_TEST_DATA) + "/perft/atomic960-castling-ffish.txt");
  REQUIRE(in);
  CHECK(test::check_perft_lines(in, atomic(), false) == 240);
}

TEST_CASE("atomic: a capture blows up the capturer and the pieces around, not pawns",
          "[rules][atomic]") {
  const Position pos = from_fen("4k3/8/8/4pb2/4n3/3P1R2/8/4K3 w - - 0 1");
  EffectList effects;
  const Position after = test::play_san(pos, "dxe4", &effects);
  CHECK(after.fen() == "4k3/8/8/4p3/8/8/8/4K3 b - - 0 1");
  CHECK(test::count_effects(effects, EffectKind::capture) == 1);
  CHECK(test::count_effects(effects, EffectKind::exploded) == 3);  // the pawn, f5, f3
}

TEST_CASE("atomic: explosions appear as effects in JSON", "[rules][atomic][json]") {
  auto games = test::replay(
      "[Variant \"Atomic\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/4pb2/4n3/3P1R2/8/4K3 w - - 0 "
      "1\"]\n[Result \"*\"]\n\n1. dxe4 *\n");
  REQUIRE(games.size() == 1);
  INFO(test::dump(games[0]));
  REQUIRE(games[0].valid());
  const nlohmann::json j = emit::game_to_json(games[0]);
  const auto& effects = j["moves"][0]["effects"];
  int exploded = 0;
  bool rook = false;
  for (const auto& e : effects) {
    if (e["kind"] != "exploded") continue;
    ++exploded;
    if (e["square"] == "f3" && e["piece"] == "R") rook = true;
  }
  CHECK(exploded == 3);
  CHECK(rook);
  CHECK(j["moves"][0]["captured"] == "n");
}

TEST_CASE("atomic: a king cannot capture, and no move may blow up the own king",
          "[rules][atomic]") {
  const Position pos = from_fen("4k3/8/8/8/8/8/3n4/3RK3 w - - 0 1");
  CHECK(test::refusal(pos, "Kxd2") ==
        "king to d2 is not allowed: a king cannot capture in atomic chess");
  CHECK(test::refusal(pos, "Rxd2") ==
        "rook to d2 is not allowed: the explosion on d2 would blow up the own king");
}

TEST_CASE("atomic: blowing up the enemy king wins, even out of a pin", "[rules][atomic]") {
  const Position pos = from_fen("4k3/3n4/8/8/8/8/8/3RK3 w - - 0 1");
  const Position after = test::play_san(pos, "Rxd7");
  CHECK(after.royal_count(Color::black) == 0);
  const Outcome o = judge(after, {});
  CHECK(o.termination == Termination::king_exploded);
  CHECK(o.result() == "1-0");
  CHECK(test::legal_sans(after).empty());
  CHECK(to_san(pos, test::resolve_text(pos, "Rxd7").move) == "Rxd7#");
  // Pinned against the own king: still legal when it blows up the enemy king.
  const Position pinned = from_fen("4r3/8/8/3k4/3p4/4B3/8/4K3 w - - 0 1");
  CHECK(test::is_legal(pinned, "Bxd4"));
  CHECK_FALSE(test::is_legal(pinned, "Bf4"));
}

TEST_CASE("atomic: a position whose king has exploded reads from FEN as decided",
          "[rules][atomic]") {
  // After Rxd7 above: Black, to move, has no king.
  const Position pos = from_fen("8/8/8/8/8/8/8/4K3 b - - 0 1");
  CHECK(pos.royal_count(Color::black) == 0);
  const Outcome o = judge(pos, {});
  CHECK(o.termination == Termination::king_exploded);
  CHECK(o.result() == "1-0");
  CHECK(test::legal_sans(pos).empty());
  // The side that exploded the king cannot be the one to move, and one king must stand.
  CHECK_FALSE(test::fen_error("8/8/8/8/8/8/8/4K3 w - - 0 1", atomic()).empty());
  CHECK_FALSE(test::fen_error("8/8/8/8/8/8/8/8 w - - 0 1", atomic()).empty());
  // Chess keeps asking for one king a side.
  CHECK(test::fen_error("8/8/8/8/8/8/8/4K3 b - - 0 1", test::variant("chess")) ==
        "Black has 0 kings; exactly one is required");
  // A game given from that position is over, with the result the explosion gave.
  auto games = test::replay(
      "[Variant \"Atomic\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/4K3 b - - 0 1\"]\n"
      "[Result \"1-0\"]\n\n1-0\n");
  REQUIRE(games.size() == 1);
  INFO(test::dump(games[0]));
  CHECK(games[0].valid());
  CHECK(games[0].diagnostics.empty());
  CHECK(games[0].outcome.termination == Termination::king_exploded);
  CHECK(games[0].outcome.result() == "1-0");
}

TEST_CASE("atomic: touching kings are never in check", "[rules][atomic]") {
  const Position pos = from_fen("8/8/8/8/8/3k4/r2K4/r7 w - - 0 1");
  CHECK_FALSE(in_check(pos));               // the a2 rook attacks d2, but the kings touch
  CHECK(test::is_legal(pos, "Kc2"));        // attacked, but touching
  CHECK_FALSE(test::is_legal(pos, "Kc1"));  // attacked by the a1 rook, not touching
}

TEST_CASE("atomic: castling across attacked squares beside the enemy king", "[rules][atomic]") {
  // f1 and g1 are attacked by the f8 rook and the king, but touch the black king on g2.
  const Position pos = from_fen("5r2/8/8/8/8/8/6k1/4K2R w K - 0 1");
  CHECK(test::is_legal(pos, "O-O"));
  // Without the touching king the rook's attack on f1 forbids it.
  const Position apart = from_fen("5r2/8/8/8/8/8/8/k3K2R w K - 0 1");
  CHECK_FALSE(test::is_legal(apart, "O-O"));
}

TEST_CASE("atomic: castling through a square the king's own start square shields",
          "[rules][atomic]") {
  // The h1 rook's line to d1 and c1 runs through e1, where the king stands: the king is not in
  // check there (the kings touch), but once it has moved on to d1 the rook attacks it, and the
  // kings no longer touch. Fairy-Stockfish, shakmaty and python-chess refuse the castling.
  const Position pos = from_fen("8/8/8/8/8/8/5k2/R3K2r w Q - 0 1");
  CHECK_FALSE(in_check(pos));
  CHECK_FALSE(test::is_legal(pos, "O-O-O"));
  CHECK(test::refusal(pos, "O-O-O").find("the king would pass d1, attacked by the rook on h1") !=
        std::string::npos);
  // Without the rook behind the king the same castling is legal.
  CHECK(test::is_legal(from_fen("8/8/8/8/8/8/5k2/R3K3 w Q - 0 1"), "O-O-O"));
  // Chess960: the king on f1 lands on c1, which the h1 rook would reach through f1, but the
  // castled rook on d1 covers it; e1 and d1 touch the black king. Legal, as Fairy-Stockfish
  // plays it.
  const Position shielded = from_fen("8/8/8/8/8/8/4k3/1R3K1r w B - 0 1");
  CHECK(test::is_legal(shielded, "O-O-O"));
}

TEST_CASE("atomic: en passant explodes on the destination square", "[rules][atomic]") {
  const Position pos = from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
  EffectList effects;
  const Position after = test::play_san(pos, "exd6", &effects);
  CHECK(after.fen() == "4k3/8/8/8/8/8/8/4K3 b - - 0 2");
  CHECK(test::the_effect(effects, EffectKind::exploded).square == test::sq("d6"));
  CHECK(test::the_effect(effects, EffectKind::capture).square == test::sq("d5"));
}

TEST_CASE("atomic: no dead-position rule", "[rules][atomic]") {
  CHECK(judge(from_fen("4k3/8/8/8/8/8/8/4K1B1 w - - 0 1"), {}).termination == Termination::none);
}

TEST_CASE("atomic samples: a complete game that ends with a blown-up king", "[rules][atomic]") {
  int files = 0;
  for (const auto& path : test::sample_files("atomic")) {
    INFO(path.string());
    const auto games = record::read_games(test::file_text(path));
    REQUIRE(games.size() == 1);
    const record::Game& game = games[0];
    REQUIRE(game.variant != nullptr);
    CHECK(game.variant->id == "atomic");
    CHECK(game.valid());
    CHECK(game.diagnostics.empty());
    CHECK(game.mainline_complete);
    CHECK(game.mainline_plies >= 50);  // 25 moves or more
    CHECK(game.mainline_plies <= 100);
    CHECK(game.outcome.decided());
    CHECK(game.outcome.result() == game.result_tag);
    ++files;
  }
  CHECK(files >= 1);
}
