// The reading pipeline: one game splitter for every reader (record::check_text and
// split_at_games use the reader's own, notation::scan_games).
#include <catch2/catch.hpp>

#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "xpgn/record/check.hpp"
#include "xpgn/record/ordered_replay.hpp"
#include "xpgn/record/replayer.hpp"
#include "xpgn/xpgn.hpp"

namespace {

const std::string roster =
    "[Event \"e\"]\n[Site \"s\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"w\"]\n"
    "[Black \"b\"]\n[Result \"*\"]\n\n";

}  // namespace

TEST_CASE("check_text on two threads cuts where the reader does, not inside a comment",
          "[pipeline]") {
  // A comment holding a blank line and a line "[Annotator ...": a tag pair to a line-based
  // splitter, part of the comment to the reader (which ends a comment only before a line
  // starting with [Event ", docs/notation.md 1.2). The middle of the text lies before it.
  const std::string game1 = roster + "{" + std::string(600, 'x') +
                            "} 1. e4 {a comment\n\n[Annotator \"not a tag\"]\nstill it} e5 *\n\n";
  const std::string game2 = roster + "1. d4 Kd7 *\n";
  const std::string text = game1 + game2;
  const auto one = xpgn::record::check_text(text, "t.pgn", 1);
  const auto two = xpgn::record::check_text(text, "t.pgn", 2);
  CHECK(one.games == 2);
  CHECK(two.games == 2);
  CHECK(two.invalid == one.invalid);
  REQUIRE(two.diagnostics.size() == one.diagnostics.size());
  for (std::size_t i = 0; i < one.diagnostics.size(); ++i)
    CHECK(xpgn::record::format_diagnostic(two.diagnostics[i]) ==
          xpgn::record::format_diagnostic(one.diagnostics[i]));
  // The cut is the second game's start.
  const auto cuts = xpgn::record::split_at_games(text, 2);
  REQUIRE(cuts.size() == 2);
  CHECK(cuts[1] == game1.size());
}

TEST_CASE("tag values that cannot be right are warned about, plausible ones are not",
          "[pipeline]") {
  auto warnings = [](const std::string& tags) {
    const auto report = xpgn::record::check_text(tags + "\n1. e4 *\n", "t.pgn");
    std::vector<std::string> out;
    for (const auto& d : report.diagnostics) out.push_back(xpgn::record::format_diagnostic(d));
    return out;
  };
  const auto bad = warnings(
      "[Event \"e\"]\n[Date \"2024.13.45\"]\n[WhiteElo \"twenty-two hundred\"]\n"
      "[EventDate \"2023.02.29\"]\n[BlackElo \"9000\"]\n");
  REQUIRE(bad.size() == 4);
  CHECK(bad[0] ==
        "t.pgn:2:1: warning: game 1: tag Date \"2024.13.45\" has no month 13; kept as written");
  CHECK(bad[1] ==
        "t.pgn:3:1: warning: game 1: tag WhiteElo \"twenty-two hundred\" is no rating "
        "(a number); kept as written");
  CHECK(bad[2].find("has no day 29 in month 2") != std::string::npos);
  CHECK(bad[3].find("above 4000") != std::string::npos);
  const auto four_parts = warnings("[Date \"2024.01.02.03\"]\n");
  REQUIRE(four_parts.size() == 1);
  CHECK(four_parts[0].find("\"2024.01.02.03\" is no date (YYYY.MM.DD)") != std::string::npos);
  for (const auto& w : warnings("[Date \"1959\"]\n[EventDate \"2013.5.6\"]\n"
                                "[UTCDate \"2024.02.29\"]\n[WhiteElo \"1500?\"]\n[BlackElo \"\"]\n"
                                "[Date \"????.??.??\"]\n[Date \"1985.??.17\"]\n[EventDate \"?\"]\n"
                                "[WhiteElo \"-\"]\n"))
    CHECK(w.find("given again") != std::string::npos);  // repeated tags, no implausible value
}

TEST_CASE("an en passant mark after a capture is read with a warning", "[pipeline]") {
  const std::string head = "[FEN \"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1\"]\n\n";
  for (const bool grammar_only : {false, true}) {
    xpgn::record::ReplayOptions options;
    options.reader.grammar_only = grammar_only;
    const auto games = xpgn::record::read_games(
        head + "1. exd6 e.p. Kd7 2. Kd2 *\n\n" + head + "1. exd6ep Kd7 *\n\n" + head +
            "1. Kd2 (1. exd6 ep Kd8) 1... Kd7 *\n\n" + head + "1. exd6 e.p.. Kd7 *\n",
        options);
    INFO("grammar only: " << grammar_only);
    REQUIRE(games.size() == 4);
    for (const auto& g : games) {
      CHECK(g.valid());
      REQUIRE(g.diagnostics.size() == 1);
      CHECK(g.diagnostics[0].severity == xpgn::record::Severity::warning);
    }
    CHECK(games[0].mainline_plies == 3);
    CHECK(games[0].moves[0].san == "exd6");
    CHECK(format_diagnostic(games[0].diagnostics[0]) ==
          "-:3:9: warning: game 1: 'e.p.': an en passant mark after the move, not needed; "
          "ignored");
    CHECK(games[1].moves[0].san == "exd6");
    CHECK(games[1].moves[0].text == "exd6ep");
    CHECK(format_diagnostic(games[1].diagnostics[0]).find("read as exd6") != std::string::npos);
    REQUIRE(games[2].moves[0].variations.size() == 1);
    CHECK(games[2].moves[0].variations[0].size() == 2);
  }
  // Not a mark: "e.p1" is the symbols "e" and "p1".
  const auto bad = xpgn::record::read_games(head + "1. exd6 e.p1 *\n");
  CHECK_FALSE(bad.at(0).valid());
}

TEST_CASE("figurines in move symbols are read as their piece letters", "[pipeline]") {
  // \u2658 knight, \u265E black knight, \u2657 bishop, \u2659 pawn (no letter), \u2654 king.
  const std::string text =
      "1. e4 e5 2. \u2658f3 \u265Ec6 3. \u2657b5 a6 4. \u2657a4 \u265Ef6 5. O-O \u265De7 "
      "6. \u2656e1 b5 7. \u2657b3 d6 8. c3 O-O 9. h3 \u265Ea5 10. \u2657c2 c5 11. \u2659d4 "
      "\u265Bc7 12. \u2658bd2 \u265Ec6 *\n";
  for (const bool grammar_only : {false, true}) {
    INFO("grammar only: " << grammar_only);
    xpgn::record::ReplayOptions options;
    options.reader.grammar_only = grammar_only;
    const auto games = xpgn::record::read_games(text, options);
    REQUIRE(games.size() == 1);
    CHECK(games[0].valid());
    CHECK(games[0].diagnostics.empty());
    CHECK(games[0].mainline_plies == 24);
    CHECK(games[0].moves[2].san == "Nf3");
    CHECK(games[0].moves[2].text == "\u2658f3");
    CHECK(games[0].moves[20].san == "d4");  // a pawn's figurine
    CHECK(games[0].moves[21].san == "Qc7");
    CHECK(games[0].moves[22].san == "Nbd2");
  }
  // A figurine glued to a move is part of its symbol (the same for both readers).
  for (const bool grammar_only : {false, true}) {
    xpgn::record::ReplayOptions options;
    options.reader.grammar_only = grammar_only;
    const auto games = xpgn::record::read_games("1. e4\u2658 e5 *\n", options);
    REQUIRE(games.size() == 1);
    CHECK_FALSE(games[0].valid());
    REQUIRE_FALSE(games[0].diagnostics.empty());
    CHECK(games[0].diagnostics[0].token == "e4\u2658");
  }
}

TEST_CASE("piece letters of another language are read with ReaderOptions::san_language",
          "[pipeline]") {
  const std::string german =
      "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6 5. O-O Le7 6. Te1 b5 7. Lb3 d6 8. c3 O-O "
      "9. h3 Sa5 10. Lc2 c5 11. d4 Dc7 12. Sbd2 Nc6 13. d5 Nd8 14. a4 Tb8 15. axb5 axb5 "
      "16. b4 Sb7 17. Lb3 c4 18. e8=D *\n";  // English letters too; the last move is illegal
  for (const bool grammar_only : {false, true}) {
    INFO("grammar only: " << grammar_only);
    xpgn::record::ReplayOptions options;
    options.reader.grammar_only = grammar_only;
    options.reader.san_language = "de";
    const auto games = xpgn::record::read_games(german, options);
    REQUIRE(games.size() == 1);
    CHECK(games[0].mainline_plies == 34);
    CHECK(games[0].moves[2].san == "Nf3");
    CHECK(games[0].moves[2].text == "Sf3");
    CHECK(games[0].moves[21].san == "Qc7");
    CHECK(games[0].moves[25].san == "Nd8");
    REQUIRE(games[0].diagnostics.size() == 1);  // 18. e8=D: read as e8=Q, not possible here
    CHECK(games[0].diagnostics[0].token == "e8=D");
    CHECK(games[0].diagnostics[0].message.find("e8=Q") == std::string::npos);
  }
  // Without the language: S is no piece of chess.
  CHECK_FALSE(xpgn::record::read_games(german).at(0).valid());
  // French: D T F C are read, R stays the rook (the English letter), the king is K.
  xpgn::record::ReplayOptions french;
  french.reader.san_language = "fr";
  const auto fr = xpgn::record::read_games("1. e4 e5 2. Cf3 Cc6 3. Fc4 Fc5 4. Ke2 Dh4 *\n", french);
  CHECK(fr.at(0).valid());
  CHECK(fr.at(0).moves[7].san == "Qh4");
}

namespace {

// A ReplayJob that writes down, per game, its number, line, plies, verdict, diagnostics and the
// length of its text as read; the parts are joined in the order they are taken (how the games
// are cut into parts depends on the batches; what is made of them must not).
class Ledger final : public xpgn::record::ReplayJob {
 public:
  struct Lines final : Part {
    std::string text;
  };
  std::unique_ptr<Part> new_part() const override { return std::make_unique<Lines>(); }
  void add_game(Part& part, xpgn::record::Game& game) const override {
    add_game_text(part, game, {});
  }
  void add_game_text(Part& part, xpgn::record::Game& game, std::string_view text) const override {
    auto& out = static_cast<Lines&>(part).text;
    out += std::to_string(game.index) + "@" + std::to_string(game.pos.line) + " plies " +
           std::to_string(game.mainline_plies) + (game.valid() ? " valid" : " invalid") + " text " +
           std::to_string(text.size()) + "\n";
    for (const auto& d : game.diagnostics) out += "  " + xpgn::record::format_diagnostic(d) + "\n";
  }
  void add_orphans(Part& part, std::vector<xpgn::record::Diagnostic>&& found) const override {
    for (const auto& d : found)
      static_cast<Lines&>(part).text += "orphan " + xpgn::record::format_diagnostic(d) + "\n";
  }
  void take(std::size_t input, std::unique_ptr<Part> part) override {
    if (input != last) log += "input " + std::to_string(input) + "\n";
    last = input;
    log += static_cast<Lines&>(*part).text;
  }
  void input_failed(std::size_t input, const std::string& error) override {
    log += "failed " + std::to_string(input) + ": " + error + "\n";
  }
  std::string log;
  std::size_t last = ~std::size_t{0};  // the input of the last part taken
};

// What the ordered pipeline makes of `inputs` with `jobs` threads and batches of `batch` bytes;
// ReplayMode::full.
std::string ordered(const std::vector<std::string>& inputs, unsigned jobs, std::size_t batch) {
  Ledger job;
  xpgn::record::ReplayOptions options;
  options.mode = xpgn::record::ReplayMode::full;
  xpgn::record::OrderedReplayer workers(jobs, options, job, batch);
  for (std::size_t i = 0; i < inputs.size(); ++i) {
    std::istringstream in(inputs[i]);
    workers.replay(i, in, "in" + std::to_string(i) + ".pgn");
  }
  workers.finish();
  return job.log;
}

}  // namespace

TEST_CASE("the ordered pipeline of the library: the parts of one thread, whatever the threads",
          "[pipeline]") {
  std::string games;
  for (int i = 0; i < 40; ++i) {
    games += roster + (i % 7 == 3 ? "1. e4 e5 2. Ke3 *\n\n" : "1. d4 d5 2. c4 e6 *\n\n");
    if (i % 11 == 5) games += roster + "1. e4 & 2. Nf3 *\n\n";  // a syntax error: rest kept
    if (i % 13 == 2) games += "{a comment\n\n[Annotator \"x\"]\n} " + roster + "1. c4 *\n\n";
  }
  const std::vector<std::string> inputs{games, "1. e4 e5 *\n", games.substr(0, games.size() / 3)};
  const std::string one = ordered(inputs, 1, std::size_t{1} << 20);
  CHECK(one.find("input 0\n1@1 plies 4 valid") == 0);
  CHECK(one.find("illegal move") != std::string::npos);
  CHECK(one.find("syntax error") != std::string::npos);
  CHECK(one.find("input 1\n1@1 plies 2 valid text 11\n") != std::string::npos);
  for (unsigned jobs : {1u, 2u, 3u})
    for (std::size_t batch : {std::size_t{1}, std::size_t{97}, std::size_t{1000}}) {
      INFO("jobs " << jobs << ", batches of " << batch << " bytes");
      CHECK(ordered(inputs, jobs, batch) == one);
    }
  // check_text on threads is the same pipeline: the report of one thread.
  const auto report1 = xpgn::record::check_text(games, "g.pgn", 1);
  const auto report3 = xpgn::record::check_text(games, "g.pgn", 3);
  CHECK(report3.games == report1.games);
  CHECK(report3.valid == report1.valid);
  CHECK(report3.plies == report1.plies);
  REQUIRE(report3.diagnostics.size() == report1.diagnostics.size());
  for (std::size_t i = 0; i < report1.diagnostics.size(); ++i)
    CHECK(xpgn::record::format_diagnostic(report3.diagnostics[i]) ==
          xpgn::record::format_diagnostic(report1.diagnostics[i]));
}

TEST_CASE("the facade reads on several threads with the games of one", "[pipeline][facade]") {
  std::string text;
  for (int i = 0; i < 3000; ++i)  // about 500 KB: more than one batch of 256 KiB
    text += roster + (i % 9 == 4 ? "1. e4 e5 2. Ke3 *\n\n" : "1. d4 {c} d5 (1... Nf6) 2. c4 *\n\n");
  text += "1. e4 & e5 *\n";  // a syntax error in the last game
  xpgn::ReadOptions one;
  one.name = "t.pgn";
  xpgn::ReadOptions three = one;
  three.jobs = 3;
  const auto a = xpgn::read_text(text, one);
  const auto b = xpgn::read_text(text, three);
  REQUIRE(a.games.size() == 3001);
  REQUIRE(b.games.size() == a.games.size());
  for (std::size_t i = 0; i < a.games.size(); ++i) {
    INFO("game " << i + 1);
    CHECK(xpgn::to_pgn(b.games[i]) == xpgn::to_pgn(a.games[i]));
    CHECK(b.games[i].diagnostics.size() == a.games[i].diagnostics.size());
  }
  // Stopping: the handler is not called after it said stop.
  std::istringstream in(text);
  int calls = 0;
  const std::string error = xpgn::for_each_game(in, three, [&](xpgn::Game& game) {
    ++calls;
    return game.index < 5;
  });
  CHECK(error.empty());
  CHECK(calls == 5);
}
