// The makruk family (issue 39) against Fairy-Stockfish (npm ffish 0.7.10), on the data of
// tests/reference/makruk_family.mjs: perft from the start, from random play and from hand-made
// endgames (tests/data/perft/makruk-family-ffish.txt), and games with ffish's SAN, UCI and
// result (tests/data/history/makruk-family-ffish.txt), whole and corrupted; the counting rules
// of the end. Rules: docs/rules/makruk.md.
#include <catch2/catch.hpp>

#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "reference_games.hpp"
#include "test_support.hpp"
#include "xpgn/rules/outcome.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

// The family's built-in definition `id`.
const Variant& family_variant(const std::string& id) {
  std::string error;
  const Variant* v = catalog::find_variant(id, "", error);
  INFO(error);
  REQUIRE(v != nullptr);
  return *v;
}

// Checks the perft lines of `variant`: each FEN reads and writes back as ffish wrote it, and
// perft gives ffish's count. Returns the lines compared.
int check_perft(const std::string& variant) {
  return test::check_reference_perft("perft/makruk-family-ffish.txt", variant,
                                     family_variant(variant));
}

struct Checked {
  int games = 0, plies = 0, counted = 0, decided = 0;
};

// Checks ffish's games of `variant` (tests/reference_games.hpp); `counted` are those our
// counting rules ended.
Checked check_games(const std::string& variant, const std::string& tag) {
  const auto games =
      test::reference_games("history/makruk-family-ffish.txt", variant, /*with_fen=*/true);
  const test::ReferenceCounts c =
      test::check_reference_games(family_variant(variant), games, {.tag = tag});
  const auto counted = c.endings.find("counting");
  return {c.games, c.plies, counted == c.endings.end() ? 0 : counted->second, c.decided};
}

}  // namespace

TEST_CASE("makruk: perft equals ffish's from the start, random play and endgames",
          "[rules][makruk][perft]") {
  CHECK(check_perft("makruk") == 15);
}

TEST_CASE("makruk: ffish's games are valid with its results, corrupted copies refused",
          "[rules][makruk]") {
  const Checked c = check_games("makruk", "Makruk");
  CHECK(c.games == 44);
  CHECK(c.decided >= 40);
  CHECK(c.counted >= 20);  // the endgames end by the count
}

TEST_CASE("asean: perft equals ffish's from the start, random play and endgames",
          "[rules][makruk][asean][perft]") {
  CHECK(check_perft("asean") == 15);
}

TEST_CASE("asean: ffish's games are valid with its results, corrupted copies refused",
          "[rules][makruk][asean]") {
  const Checked c = check_games("asean", "ASEAN");
  CHECK(c.games == 44);
  CHECK(c.decided >= 40);
  CHECK(c.counted >= 16);
}

TEST_CASE("sittuyin: perft equals ffish's through the setup, in play and in endgames",
          "[rules][makruk][sittuyin][perft]") {
  CHECK(check_perft("sittuyin") == 15);
}

TEST_CASE("sittuyin: ffish's games are valid with its results, corrupted copies refused",
          "[rules][makruk][sittuyin]") {
  const Checked c = check_games("sittuyin", "Sittuyin");
  CHECK(c.games == 44);
  CHECK(c.decided >= 40);
}

TEST_CASE("cambodian: perft equals ffish's from the start, random play and endgames",
          "[rules][makruk][cambodian][perft]") {
  CHECK(check_perft("cambodian") == 15);
}

TEST_CASE("cambodian: ffish's games are valid with its results, corrupted copies refused",
          "[rules][makruk][cambodian]") {
  const Checked c = check_games("cambodian", "Cambodian");
  CHECK(c.games == 44);
  CHECK(c.decided >= 40);
  CHECK(c.counted >= 16);
}

TEST_CASE("cambodian: the king's and met's first-move leaps, their rights in the FEN",
          "[rules][makruk][cambodian]") {
  const Variant& v = family_variant("cambodian");
  const Position start = Position::start(v);
  CHECK(start.fen() == "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1");
  // The king leaps a knight's move onto the second rank and loses its right ("D").
  CHECK(test::play_san(start, "Kf2").fen() ==
        "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/5K2/RNS1MSNR b Ede - 1 1");
  // The met leaps two squares forward to an empty square, not onto its pawn.
  CHECK_THAT(test::refusal(start, "Me3"), Catch::Contains("leaps only to an empty square"));
  Position pos = test::play_san(test::play_san(start, "e4"), "d5");
  CHECK(test::play_san(pos, "Me3").fen() ==
        "rnsmksnr/8/ppp1pppp/3p4/4P3/PPPPMPPP/8/RNSK1SNR b Dde - 1 2");
  // A met that has moved has no leap left: after Md2 and back, Me3 is a step too far.
  pos = test::play_san(test::play_san(pos, "Md2"), "e5");
  pos = test::play_san(test::play_san(pos, "Me1"), "a5");
  CHECK(pos.fen() == "rnsmksnr/8/1pp2ppp/p2pp3/4P3/PPPP1PPP/8/RNSKMSNR w Dde - 0 4");
  CHECK_THAT(test::refusal(pos, "Me3"), Catch::Contains("leaps only on its first move"));
  // A rook that comes to stand on the enemy king's rank or file takes its right away, even
  // across pieces; a rook elsewhere does not.
  const Position aim = test::from_fen("r3k3/8/8/8/8/8/8/3KM2R w DEe - 0 1", v);
  const Position quiet = test::play_san(aim, "Rh2");
  // (Black's bare king starts a count at once: 63 moves, written as ffish writes it.)
  CHECK(quiet.fen() == "r3k3/8/8/8/8/8/7R/3KM3 b DEe 126 0 1");
  const Position aimed = test::play_san(quiet, "Ra1+");
  CHECK(aimed.fen() == "4k3/8/8/8/8/8/7R/r2KM3 w Ee 126 1 2");
  CHECK_THAT(test::refusal(aimed, "Kb2"), Catch::Contains("not once a rook has aimed at it"));
  // A king in check keeps its right but may not leap.
  const Position checked = test::from_fen("4k3/8/8/8/8/8/8/r2KM2R w DEe - 0 1", v);
  CHECK_THAT(test::refusal(checked, "Kb2"), Catch::Contains("may not leap out of check"));
  // Fairy-Stockfish keeps the rights out of its position key: so does xpgn, so that a
  // position repeated without them is a repetition of one with them.
  CHECK(test::from_fen("rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1", v).key() ==
        start.key());
  // A file letter where no piece of that side stands gives no right.
  CHECK(test::from_fen("4k3/8/8/8/8/8/8/3KM3 w ADEah - 0 1", v).fen() ==
        "4k3/8/8/8/8/8/8/3KM3 w DE - 0 1");
}

TEST_CASE("makruk: the pawn promotes to a met on the sixth rank, and only there",
          "[rules][makruk]") {
  const Variant& v = family_variant("makruk");
  const Position pos = test::from_fen("4k3/8/8/3P4/8/8/8/4K3 w - - 0 1", v);
  // (The bare king's count starts: 64 moves, 6 plies counted, as ffish writes it.)
  CHECK(test::play_san(pos, "d6=M").fen() == "4k3/8/3M4/8/8/8/8/4K3 b - 128 6 1");
  // Written without "=M", the only move to d6 is the promotion.
  CHECK(test::play_san(pos, "d6").fen() == "4k3/8/3M4/8/8/8/8/4K3 b - 128 6 1");
  const Position low = test::from_fen("4k3/8/8/8/3P4/8/8/4K3 w - - 0 1", v);
  CHECK_THAT(test::refusal(low, "d5=M"), Catch::Contains("only on reaching its rank 6"));
}

TEST_CASE("makruk: the pieces' honour counts 16 moves against a rook, then draws",
          "[rules][makruk]") {
  const Variant& v = family_variant("makruk");
  // White's king and rook against the bare king: from White's first move Black counts from 6
  // plies (twice the pieces on the board) to 32 (16 moves): the count passes its limit after 28
  // plies, unless mated.
  // The kings walk to and fro (the count is no part of the key; the positions are judged
  // alone, so that the repetition rule stays silent).
  Position pos = test::from_fen("8/8/4k3/8/8/2K5/3R4/8 w - - 0 1", v);
  const char* const walk[] = {"Kc4", "Ke7", "Kc3", "Ke6"};
  const std::uint64_t key = pos.key();
  for (int ply = 0; ply < 28; ++ply) {
    INFO("ply " << ply + 1);
    CHECK(judge(pos, History{}).termination == Termination::none);
    pos = test::play_san(pos, walk[ply % 4]);
  }
  CHECK(judge(pos, History{}).termination.name() == "counting");
  CHECK(judge(pos, History{}).result() == "1/2-1/2");
  // Four plies on, the board is the start's again while the count runs: the same key, as
  // Fairy-Stockfish's (the count is outside it), so that repetitions are seen.
  Position again = test::from_fen("8/8/4k3/8/8/2K5/3R4/8 w - - 0 1", v);
  for (int ply = 0; ply < 4; ++ply) again = test::play_san(again, walk[ply]);
  CHECK(again.key() == key);
}

TEST_CASE("sittuyin: the corpus's pychess games are valid", "[rules][makruk][sittuyin][corpus]") {
  const std::string path = std::string(XPGN_SHARED_DIR) + "/corpus/variants/pychess-sittuyin.pgn";
  std::ifstream in(path);
  if (!in.good()) {
    WARN("skipped: " << path << " is absent (../shared is not beside the worktree)");
    return;
  }
  const auto games = test::replay(test::file_text(path));
  REQUIRE(games.size() == 3);
  for (std::size_t g = 0; g < games.size(); ++g) {
    INFO("game " << g + 1 << "\n" << test::dump(games[g]));
    CHECK(games[g].valid());
    CHECK(games[g].variant->id == "sittuyin");
    CHECK(test::of(games[g], record::Severity::error).empty());
  }
  // The first ends in mate (178. Sg6#), as its Result tag says.
  CHECK(games[0].outcome.termination == Termination::checkmate);
  CHECK(games[0].mainline_plies == 355);
}

TEST_CASE("sittuyin: setup placements, promotion in place or one step, SAN as ffish writes it",
          "[rules][makruk][sittuyin]") {
  const Variant& v = family_variant("sittuyin");
  const Position start = Position::start(v);
  // During the setup only placements; a rook only on the first rank.
  CHECK_THAT(test::refusal(start, "e5"), Catch::Contains("placed first"));
  CHECK_THAT(test::refusal(start, "R@c2"), Catch::Contains("first rank"));
  CHECK(test::play_san(start, "R@c1").fen() ==
        "8/8/4pppp/pppp4/4PPPP/PPPP4/8/2R5[KSSFRNNkssfrrnn] b - - 0 1");
  // A pawn on b7 (a promotion square) with no met: in place, or to a8/c8/a6/c6 when empty.
  const Position pos = test::from_fen("7k/1P6/8/8/8/8/8/K7[] w - - 0 1", v);
  CHECK(test::play_san(pos, "b7=F").fen() == "7k/1F6/8/8/8/8/8/K7[] b - - 0 1");
  const Resolution step = test::resolve_text(pos, "b7c6=F");
  REQUIRE(step.error == MoveError::none);
  CHECK(to_san(pos, step.move) == "b7c6=F");
  CHECK(to_uci(pos, step.move) == "b7c6f");
  // The older archives' form of that step ("c6=F") is read too.
  CHECK(test::resolve_text(pos, "c6=F").move == step.move);
  // The new met may attack no enemy piece (nor give check): with the black king on d7, a met
  // on c6 or c8 would attack it; in place or on a8 it attacks nothing.
  const Position near = test::from_fen("8/1P1k4/8/8/8/8/8/K7[] w - - 0 1", v);
  CHECK(test::resolve_text(near, "b7c6=F").error != MoveError::none);
  CHECK(test::resolve_text(near, "b7c8=F").error != MoveError::none);
  CHECK(test::resolve_text(near, "b7=F").error == MoveError::none);
  CHECK(test::resolve_text(near, "b7a8=F").error == MoveError::none);
}

TEST_CASE("sittuyin: the sample game (pychess) is valid, its setup and its promotion",
          "[rules][makruk][sittuyin][samples]") {
  const auto paths = test::sample_files("sittuyin");
  REQUIRE(paths.size() == 1);
  const auto games = record::read_games(test::file_text(paths[0]));
  REQUIRE(games.size() == 1);
  const record::Game& game = games[0];
  INFO(test::dump(game));
  REQUIRE(game.variant != nullptr);
  CHECK(game.variant->id == "sittuyin");
  CHECK(game.valid());
  CHECK(game.diagnostics.empty());
  CHECK(game.mainline_plies == 39);
  // Sixteen placements, then play; the last move is the promotion one step off the diagonal.
  const Variant& v = *game.variant;
  Position pos = test::from_fen("8/8/4pppp/pppp4/4PPPP/PPPP4/8/8[KFRRSSNNkfrrssnn] w - - 0 1", v);
  for (const char* san : {"R@h1", "R@a8", "R@a1", "R@h8", "K@e1", "K@g7", "N@e3", "N@d6", "N@f3",
                          "N@c6", "S@g3", "S@b6", "S@h3", "S@a6", "F@f2", "F@c7"})
    pos = test::play_san(pos, san);
  CHECK(pos.hand_total() == 0);
  CHECK(pos.fen() == "r6r/2f3k1/ssnnpppp/pppp4/4PPPP/PPPPNNSS/5F2/R3K2R[] w - - 0 9");
}

// tests/data/history/makruk-count-fens-ffish.txt (tests/reference/makruk_count_fens.mjs): games
// from endgames where counts start, with ffish's FEN after every move. Each of ours equals
// ffish's, a running count written as it writes one (the limit where the en passant square
// goes, the plies counted in the halfmove field), and each reads back to itself.
TEST_CASE("makruk family: a running count in the FEN, written and read as Fairy-Stockfish does",
          "[rules][makruk][fen]") {
  std::ifstream in(std::string(XPGN_TEST_DATA) + "/history/makruk-count-fens-ffish.txt");
  REQUIRE(in.good());
  int games = 0, fens = 0, counting = 0;
  std::set<std::string> variants;
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> f;
    for (std::size_t at = 0;;) {
      const std::size_t semi = line.find(';', at);
      f.push_back(line.substr(at, semi - at));
      if (semi == std::string::npos) break;
      at = semi + 1;
    }
    REQUIRE(f.size() == 4);
    const Variant& v = family_variant(f[0]);
    variants.insert(f[0]);
    std::vector<std::string> theirs;
    for (std::size_t at = 0;;) {
      const std::size_t comma = f[3].find(',', at);
      theirs.push_back(f[3].substr(at, comma - at));
      if (comma == std::string::npos) break;
      at = comma + 1;
    }
    const std::vector<std::string> ucis = test::words(f[2]);
    REQUIRE(ucis.size() == theirs.size());
    Position pos = test::from_fen(f[1], v);
    for (std::size_t i = 0; i < ucis.size(); ++i) {
      INFO(f[0] << " game " << games + 1 << " ply " << i + 1 << " " << ucis[i]);
      MoveList legal;
      generate_legal(pos, legal);
      const Move* found = nullptr;
      for (const Move& m : legal)
        if (to_uci(pos, m) == ucis[i]) found = &m;
      REQUIRE(found != nullptr);
      pos = play(pos, *found);
      CHECK(pos.fen() == theirs[i]);
      CHECK(format_fen(pos.to_setup()) == theirs[i]);
      // Read back: the same FEN, and the same count (the next FEN of the game follows from it).
      const Position again = test::from_fen(theirs[i], v);
      CHECK(again.fen() == theirs[i]);
      CHECK(again.key() == pos.key());
      if (test::words(theirs[i]).at(3) != "-") ++counting;
      ++fens;
    }
    ++games;
  }
  CHECK(variants.size() == 4);
  CHECK(games == 20);
  CHECK(counting >= 400);
  CHECK(fens - counting >= 100);
}

// tests/data/history/makruk-count-games-ffish.txt: games that start from a FEN with a running
// count and end where ffish ends them: the count is taken up where the FEN left it.
TEST_CASE("makruk family: games from a FEN with a running count end where ffish's do",
          "[rules][makruk][fen]") {
  int counted = 0;
  for (const auto& [id, tag] :
       std::vector<std::pair<std::string, std::string>>{{"makruk", "Makruk"},
                                                        {"asean", "ASEAN"},
                                                        {"sittuyin", "Sittuyin"},
                                                        {"cambodian", "Cambodian"}}) {
    const auto games =
        test::reference_games("history/makruk-count-games-ffish.txt", id, /*with_fen=*/true);
    CHECK(games.size() >= 6);
    for (const auto& g : games) CHECK(test::words(g.fen).at(3) != "-");
    const test::ReferenceCounts c =
        test::check_reference_games(family_variant(id), games, {.tag = tag});
    CHECK(c.decided == c.games);
    const auto it = c.endings.find("counting");
    counted += it == c.endings.end() ? 0 : it->second;
  }
  CHECK(counted >= 24);
}

TEST_CASE("makruk family: a count in the FEN is refused where it cannot be",
          "[rules][makruk][fen]") {
  // A variant without the count, and numbers outside the count's range.
  CHECK(test::fen_error("4k3/8/8/8/8/8/8/R3K3 w - 32 5 40", family_variant("chess")) ==
        "en passant field '32': a number in the en passant field is a count's limit "
        "(Fairy-Stockfish's makruk family), which chess does not keep");
  const Variant& makruk = family_variant("makruk");
  CHECK(test::fen_error("8/8/4k3/8/8/2K5/3R4/8 w - 4096 5 40", makruk) ==
        "en passant field '4096': a count's limit and the plies counted are at most 4095");
  // A limit of 0: no count runs, the halfmove clock as written (as Fairy-Stockfish reads it).
  const Position none = test::from_fen("8/8/4k3/8/8/2K5/3R4/8 w - 0 5 40", makruk);
  CHECK(none.halfmove_clock() == 5);
  CHECK(none.fen() == "8/8/4k3/8/8/2K5/3R4/8 w - - 5 40");
  CHECK(test::fen_error("8/8/4k3/8/8/2K5/3R4/8 w - 99999999 5 40", makruk)
            .find("en passant field '99999999'") != std::string::npos);
  // A count read: the halfmove clock starts again, and the count runs on from where it stood.
  const Position pos = test::from_fen("8/8/4k3/8/8/2K5/3R4/8 w - 32 30 40", makruk);
  CHECK(pos.halfmove_clock() == 0);
  CHECK(pos.fen() == "8/8/4k3/8/8/2K5/3R4/8 w - 32 30 40");
  const Position next = test::play_san(pos, "Kc4");
  CHECK(next.fen() == "8/8/4k3/8/2K5/8/3R4/8 b - 32 31 40");
  // Sittuyin: a pawn that reached its last rank unpromoted (a move ffish and xpgn play) stands
  // there in a FEN; in makruk it cannot.
  CHECK(test::from_fen("3f4/8/8/8/8/5k2/8/2p2K2[] w - - 0 42", family_variant("sittuyin")).fen() ==
        "3f4/8/8/8/8/5k2/8/2p2K2[] w - - 0 42");
  CHECK(test::fen_error("4k3/8/8/8/8/8/8/2p1K3 w - - 0 42", makruk) ==
        "square c1: a pawn cannot stand on its last rank");
}
