// The old and large-board variants of issue 39 (gothic, embassy, janus, courier,
// hoppelpoppel, shatranj, grand, shatar, shako) against Fairy-Stockfish: perft from the start and
// from random-play positions (tests/data/perft/ID-ffish.txt), and games ffish played
// (tests/data/old-boards/ID-ffish-games.pgn: its SAN, its results) read valid, while a copy with
// one move replaced by an impossible king move is refused at that very ply. Both made by
// tests/reference/old_boards_ffish.mjs.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "test_support.hpp"

using namespace xpgn;

namespace {

const char* const old_boards[] = {"gothic",       "embassy",  "janus", "courier",
                                  "hoppelpoppel", "shatranj", "grand", "shatar"};

// The games of a PGN text as written (split before each [Event tag).
std::vector<std::string> games_of(const std::string& text) {
  std::vector<std::string> out;
  std::size_t at = 0;
  while ((at = text.find("[Event ", at)) != std::string::npos) {
    const std::size_t next = text.find("\n[Event ", at + 1);
    out.push_back(text.substr(at, next == std::string::npos ? std::string::npos : next + 1 - at));
    at = next == std::string::npos ? text.size() : next + 1;
  }
  return out;
}

// The move tokens of a game's movetext (no numbers, no result).
std::vector<std::string> moves_of(const std::string& game) {
  std::vector<std::string> out;
  std::istringstream lines(game);
  for (std::string line; std::getline(lines, line);) {
    if (line.starts_with("[")) continue;
    std::istringstream words(line);
    for (std::string w; words >> w;) {
      if (w.back() == '.' || w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "*") continue;
      out.push_back(w);
    }
  }
  return out;
}

// The game text with its `ply`-th move (1-based) replaced by `token`.
std::string replaced(const std::string& game, int ply, const std::string& token) {
  const std::size_t body = game.find("\n\n") + 2;
  std::string out = game.substr(0, body);
  std::istringstream lines(game.substr(body));
  int seen = 0;
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    std::string rebuilt;
    for (std::string w; words >> w;) {
      const bool move =
          !(w.back() == '.' || w == "1-0" || w == "0-1" || w == "1/2-1/2" || w == "*");
      if (move && ++seen == ply) w = token;
      rebuilt += (rebuilt.empty() ? "" : " ") + w;
    }
    out += rebuilt + "\n";
  }
  return out;
}

// A king move of the side to move in `pos` that no rule allows: three files and three ranks
// away from its king, on the board.
std::string impossible_king_move(const rules::Position& pos) {
  const rules::Variant& v = pos.variant();
  for (int f = 0; f < v.files; ++f)
    for (int r = 0; r < v.ranks; ++r) {
      const Piece p = pos.at(make_square(f, r));
      if (p.empty() || p.color() != pos.side_to_move() || !v.pieces[p.type()].royal) continue;
      for (int df : {3, -3})
        for (int dr : {3, -3})
          if (f + df >= 0 && f + df < v.files && r + dr >= 0 && r + dr < v.ranks)
            return std::string("K") + static_cast<char>('a' + f + df) + std::to_string(r + dr + 1);
    }
  return "";
}

}  // namespace

TEST_CASE("old boards: perft equals ffish's from the start and from random play",
          "[old-boards][perft]") {
  for (const char* id : old_boards) {
    INFO(id);
    CHECK(test::check_perft_file(std::string(id) + "-ffish.txt", test::variant(id)) >= 9);
  }
}

TEST_CASE("old boards: ffish's games are valid, corrupted copies refused at the right ply",
          "[old-boards]") {
  for (const char* id : old_boards) {
    INFO(id);
    const auto games = games_of(
        test::file_text(std::string(XPGN_TEST_DATA) + "/old-boards/" + id + "-ffish-games.pgn"));
    REQUIRE(games.size() == 12);
    int decided = 0;
    for (std::size_t g = 0; g < games.size(); ++g) {
      INFO("game " << g + 1);
      const auto read = test::replay(games[g]);
      REQUIRE(read.size() == 1);
      INFO(test::dump(read[0]));
      CHECK(read[0].valid());
      CHECK(read[0].variant->id == id);
      const auto moves = moves_of(games[g]);
      CHECK(read[0].mainline_plies == static_cast<int>(moves.size()));
      decided += games[g].find("[Result \"1-0\"]") != std::string::npos ||
                 games[g].find("[Result \"0-1\"]") != std::string::npos;
      // One move replaced by an impossible king move: refused at that ply, the first error.
      const int ply = 1 + static_cast<int>((g * 37) % moves.size());
      const rules::Position before =
          test::play_all(rules::Position::start(test::variant(id)),
                         std::vector<std::string>(moves.begin(), moves.begin() + ply - 1));
      const std::string token = impossible_king_move(before);
      REQUIRE(!token.empty());
      const auto bad = test::replay(replaced(games[g], ply, token));
      REQUIRE(bad.size() == 1);
      CHECK(!bad[0].valid());
      const auto errors = test::of(bad[0], record::Severity::error);
      REQUIRE(!errors.empty());
      CHECK(errors.front().ply == ply);
      CHECK(errors.front().token == token);
    }
    // Shatar's random games end mostly in a bare king, a draw (its decided ends are checked
    // below).
    CHECK(decided >= (std::string_view(id) == "shatar" ? 1 : 2));
  }
}

TEST_CASE("grand: promotion in the zone is a choice, only to lost pieces, and SAN says which",
          "[old-boards]") {
  const rules::Variant& v = test::variant("grand");
  // White keeps its queen and one rook; Black its archbishop and chancellor.
  const rules::Position white =
      test::from_fen("a3k4c/1P8/10/2P7/10/10/10/10/7p2/Q3K4R w - - 0 1", v);
  auto sans = test::legal_sans(white);
  for (auto& san : sans) std::erase_if(san, [](char c) { return c == '+' || c == '#'; });
  auto has = [&](const std::string& san) {
    return std::find(sans.begin(), sans.end(), san) != sans.end();
  };
  CHECK(has("c8"));     // on the 8th rank promotion is a choice
  CHECK(has("c8=R"));   // one rook lost
  CHECK(!has("c8=Q"));  // the queen is on the board
  CHECK(!has("b10"));   // on the last rank the pawn must promote
  CHECK(has("b10=A"));
  CHECK(has("bxa10=C"));
  CHECK_THAT(test::refusal(white, "c8=Q"),
             Catch::Contains("a pawn promotes only to a piece its side has lost, and no queen "
                             "was lost"));
  CHECK_THAT(test::refusal(white, "b10"), Catch::Contains("must say what it becomes"));
  CHECK_THAT(test::refusal(white, "c6=Q"), Catch::Contains("only on its last 3 ranks"));
  // Every legal move's SAN reads back as that move, in both colours.
  for (const rules::Position& pos :
       {white, test::from_fen("a3k4c/1P8/10/2P7/10/10/10/10/7p2/Q3K4R b - - 0 1", v)}) {
    rules::MoveList moves;
    rules::generate_legal(pos, moves);
    for (const rules::Move& m : moves) {
      const std::string san = rules::to_san(pos, m);
      INFO(san);
      CHECK(test::play_san(pos, san).fen() == rules::play(pos, m).fen());
    }
  }
}

// A one-game PGN of shatar from `fen` with `moves` and `result`.
std::string shatar_game(const std::string& fen, const std::string& moves,
                        const std::string& result) {
  return "[Variant \"Shatar\"]\n[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n[Result \"" + result +
         "\"]\n\n" + moves + " " + result + "\n";
}

TEST_CASE("shatar: the mate rule as ffish scores it", "[old-boards][shatar]") {
  // Moves and results from tests/reference/shatar_mate.mjs (ffish 0.7.10).
  struct Case {
    const char *fen, *moves, *result, *termination;
  };
  const Case cases[] = {
      // A mate by a knight alone: the side that gave it loses.
      {"6rk/6pp/8/6N1/8/8/8/K7 w - - 0 1", "1. Nf7#", "0-1", "knight_mate"},
      // A bishop's mate, no shak in the series: niol, a draw.
      {"6bk/7p/8/8/8/8/5B2/K7 w - - 0 1", "1. Bd4#", "1/2-1/2", "niol"},
      // The rook's check began the series: the bishop's mate wins.
      {"5nk1/p4b1p/8/8/8/8/5B2/K1R5 w - - 0 1", "1. Rg1+ Kh8 2. Bd4#", "1-0", "checkmate"},
      // Black was out of check in between: a new series, without a shak.
      {"5nk1/p4b1p/8/8/8/8/5B2/K1R5 w - - 0 1", "1. Rg1+ Kh8 2. Kb1 a6 3. Bd4#", "1/2-1/2", "niol"},
  };
  for (const Case& c : cases) {
    INFO(c.fen << " " << c.moves);
    const auto read = test::replay(shatar_game(c.fen, c.moves, c.result));
    REQUIRE(read.size() == 1);
    INFO(test::dump(read[0]));
    CHECK(read[0].valid());
    CHECK(read[0].outcome.termination.name() == c.termination);
    CHECK(read[0].outcome.result() == std::string_view(c.result));
    // Any other result is refused.
    for (const char* other : {"1-0", "0-1", "1/2-1/2"}) {
      if (std::string_view(other) == c.result) continue;
      const auto wrong = test::replay(shatar_game(c.fen, c.moves, other));
      REQUIRE(wrong.size() == 1);
      CHECK(!wrong[0].valid());
    }
  }
  // A bare king draws at once (robado), and play stops.
  const rules::Variant& v = test::variant("shatar");
  const rules::Position bared = test::from_fen("4k3/8/8/8/8/8/3r4/3JK3 w - - 0 1", v);
  CHECK(rules::judge(test::play_san(bared, "Jxd2"), rules::History{}).termination.name() ==
        "robado");
  CHECK(!test::is_legal(test::play_san(bared, "Jxd2"), "Ke7"));
  // No double step, and a pawn promotes to the bers only.
  const rules::Position start = rules::Position::start(v);
  CHECK(!test::is_legal(start, "e4"));
  CHECK(test::is_legal(start, "e3"));
  const rules::Position promoting = test::from_fen("4k3/P6p/8/8/8/8/8/4K2R w - - 0 1", v);
  CHECK(test::is_legal(promoting, "a8=J+"));
  CHECK(!test::is_legal(promoting, "a8=R"));
}

TEST_CASE("shatar: ffish's games kept by how they end", "[old-boards][shatar]") {
  // tests/reference/old_boards_ffish.mjs keeps up to three games of each end: a side has only
  // its king (robado); else the side to move in check and won (a knight's mate), lost (mate),
  // drew (niol), and not in check (stalemate).
  const auto games =
      games_of(test::file_text(std::string(XPGN_TEST_DATA) + "/old-boards/shatar-ffish-ends.pgn"));
  REQUIRE(games.size() == 15);
  std::map<std::string, int> seen;
  for (std::size_t g = 0; g < games.size(); ++g) {
    INFO("game " << g + 1);
    const auto read = test::replay(games[g]);
    REQUIRE(read.size() == 1);
    INFO(test::dump(read[0]));
    CHECK(read[0].valid());
    const rules::Outcome& o = read[0].outcome;
    const Color mover = read[0].mainline_plies % 2 == 0 ? Color::white : Color::black;
    CHECK(o.decided());
    if (o.termination.name() == "knight_mate") CHECK(o.winner == mover);
    if (o.termination == rules::Termination::checkmate) CHECK(o.winner == opposite(mover));
    ++seen[std::string(o.termination.name())];
  }
  CHECK(seen["knight_mate"] == 3);
  CHECK(seen["checkmate"] == 3);
  CHECK(seen["niol"] == 3);
  CHECK(seen["robado"] == 3);
  CHECK(seen["stalemate"] == 3);
}

TEST_CASE("shako: castling on the second rank, written and read as ffish does",
          "[old-boards][shako]") {
  const rules::Variant& v = test::variant("shako");
  // ffish 0.7.10 (tests/reference/old_boards_ffish.mjs's hand-made position): O-O is f2h2 with
  // the rook from i2 to g2, O-O-O f2d2 with the rook from b2 to e2.
  const rules::Position pos = test::from_fen(
      "c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ER3K2RE/C8C w KQkq - 0 1", v);
  CHECK(test::play_san(pos, "O-O").fen() ==
        "c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ER4RK1E/C8C b kq - 1 1");
  CHECK(test::play_san(pos, "O-O-O").fen() ==
        "c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/E2KR3RE/C8C b kq - 1 1");
  // A rook on the g-file bars the king's way through g2.
  const rules::Position barred =
      test::from_fen("c8c/er3k2re/pppp2pppp/6r3/10/10/10/PPPPPP1PPP/ER3K2RE/C8C w KQkq - 0 1", v);
  CHECK(!test::is_legal(barred, "O-O"));
  CHECK(test::is_legal(barred, "O-O-O"));
  // Rights on the first rank name no king there.
  CHECK_THAT(test::fen_error("c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQ1BNRE/"
                             "C4K3C w K - 0 1",
                             v),
             Catch::Contains("castling rank (2)"));
  // Double steps from the third rank; promotion to any piece but the king.
  const rules::Position start = rules::Position::start(v);
  CHECK(test::is_legal(start, "e5"));
  CHECK(!test::is_legal(start, "e6"));
  const rules::Position promoting = test::from_fen("4k5/1P8/10/10/10/10/10/10/4K5/10 w - - 0 1", v);
  for (const char* san : {"b10=Q", "b10=R", "b10=B", "b10=N", "b10=C", "b10=E"})
    CHECK(test::is_legal(promoting, san));
  CHECK(!test::is_legal(promoting, "b10"));
}
