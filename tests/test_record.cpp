// Tests of the record module: diagnostics formatting and replaying games.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "test_support.hpp"
#include "xpgn/record/check.hpp"
#include "xpgn/record/replayer.hpp"

using xpgn::record::Diagnostic;
using xpgn::record::Game;
using xpgn::record::Severity;
using xpgn::test::dump;
using xpgn::test::of;
using xpgn::test::replay;

namespace {

const std::string tags =
    "[Event \"T\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n"
    "[White \"A\"]\n[Black \"B\"]\n";

}  // namespace

TEST_CASE("diagnostics are formatted FILE:LINE:COL: severity: game, ply, token: message") {
  Diagnostic d;
  d.severity = Severity::error;
  d.file = "games.pgn";
  d.pos.line = 12;
  d.pos.column = 7;
  d.game = 3;
  d.ply = 15;
  d.token = "Nf9";
  d.message = "illegal move";
  CHECK(xpgn::record::format_diagnostic(d) ==
        "games.pgn:12:7: error: game 3, ply 15 'Nf9': illegal move");
  d.ply = 0;
  CHECK(xpgn::record::format_diagnostic(d) == "games.pgn:12:7: error: game 3 'Nf9': illegal move");
  d.token.clear();
  d.severity = Severity::warning;
  CHECK(xpgn::record::format_diagnostic(d) == "games.pgn:12:7: warning: game 3: illegal move");
  d.game = 0;
  d.pos.line = 0;
  CHECK(xpgn::record::format_diagnostic(d) == "games.pgn: warning: illegal move");
}

TEST_CASE("comment commands are parsed") {
  xpgn::record::Commands c;
  xpgn::record::parse_commands(" [%eval -0.31] [%clk 1:02:03.5] [%csl Ga1,Rb2] [%cal Ge2e4] ", c);
  REQUIRE(c.clock);
  CHECK(*c.clock == Approx(3723.5));
  REQUIRE(c.eval);
  CHECK(*c.eval == Approx(-0.31));
  CHECK(c.squares == std::vector<std::string>{"Ga1", "Rb2"});
  CHECK(c.arrows == std::vector<std::string>{"Ge2e4"});
  xpgn::record::Commands m;
  xpgn::record::parse_commands("[%eval #-3]", m);
  REQUIRE(m.eval_mate);
  CHECK(*m.eval_mate == -3);
}

TEST_CASE("a legal game replays without diagnostics") {
  auto games = replay(tags + "[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n");
  REQUIRE(games.size() == 1);
  const Game& g = games[0];
  INFO(dump(g));
  CHECK(g.valid());
  CHECK(g.diagnostics.empty());
  CHECK(g.moves.size() == 7);
  CHECK(g.moves.back().san == "Qxf7#");
  CHECK(g.outcome.termination == xpgn::rules::Termination::checkmate);
  CHECK(g.outcome.result() == "1-0");
  CHECK(g.tags.size() == 7);
  CHECK(g.result_marker == "1-0");
}

TEST_CASE("a game with no moves is valid") {
  auto games = replay(tags + "[Result \"*\"]\n\n{Just a comment} *\n");
  REQUIRE(games.size() == 1);
  INFO(dump(games[0]));
  CHECK(games[0].valid());
  CHECK(games[0].moves.empty());
  CHECK(games[0].comments == std::vector<std::string>{"Just a comment"});
}

TEST_CASE("an illegal move is reported at its line, column, ply and token") {
  auto games = replay(tags + "[Result \"*\"]\n\n1. e4 e5 2. Nf3 Nc6\n3. Bb5 Ke6 4. O-O *\n\n" +
                      tags + "[Result \"*\"]\n\n1. d4 *\n");
  REQUIRE(games.size() == 2);
  const Game& g = games[0];
  INFO(dump(g));
  CHECK_FALSE(g.valid());
  auto errors = of(g, Severity::error);
  REQUIRE(errors.size() == 1);  // reported once; 4. O-O is kept unverified
  CHECK(errors[0].pos.line == 10);
  CHECK(errors[0].pos.column == 8);
  CHECK(errors[0].ply == 6);
  CHECK(errors[0].token == "Ke6");
  CHECK(errors[0].game == 1);
  CHECK(errors[0].file == "t.pgn");
  CHECK(errors[0].message.find("illegal") != std::string::npos);
  // The illegal move and what follows are kept as read, unverified.
  REQUIRE(g.moves.size() == 7);
  CHECK(g.moves[4].verified);
  CHECK_FALSE(g.moves[5].verified);
  CHECK(g.moves[5].text == "Ke6");
  CHECK(g.moves[5].unverified_reason == errors[0].message);
  CHECK_FALSE(g.moves[6].verified);
  CHECK(g.moves[6].text == "O-O");
  CHECK(g.moves[6].ply == 7);
  CHECK(g.moves[6].unverified_reason.empty());
  CHECK_FALSE(g.mainline_complete);
  CHECK(g.mainline_plies == 5);
  CHECK(games[1].valid());
}

TEST_CASE("an ambiguous move is an error") {
  auto games = replay(tags + "\n1. Nf3 d5 2. Nc3 d4 3. Ne4 e5 4. Ng5 *\n");
  REQUIRE(games.size() == 1);
  INFO(dump(games[0]));
  auto errors = of(games[0], Severity::error);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].token == "Ng5");
  CHECK(errors[0].ply == 7);
  CHECK(errors[0].message.find("ambiguous") != std::string::npos);
}

TEST_CASE("a token that is not a move is an error") {
  auto games = replay(tags + "\n1. e4 e5 2. Zz9 Nc6 *\n");
  REQUIRE(games.size() == 1);
  INFO(dump(games[0]));
  CHECK_FALSE(games[0].valid());
  auto errors = of(games[0], Severity::error);
  REQUIRE(errors.size() >= 1);
  CHECK(errors[0].pos.line == 8);
  CHECK(errors[0].pos.column == 13);
}

TEST_CASE("a wrong check mark is a warning") {
  auto games = replay(tags + "\n1. e4 e5 2. Qh5 Nc6 3. Bc4+ Nf6 4. Qxf7+ *\n");
  REQUIRE(games.size() == 1);
  const Game& g = games[0];
  INFO(dump(g));
  CHECK(g.valid());
  auto warnings = of(g, Severity::warning);
  REQUIRE(warnings.size() >= 2);
  CHECK(warnings[0].token == "Bc4+");
  CHECK(warnings[0].ply == 5);
  CHECK(warnings[1].token == "Qxf7+");
  CHECK(warnings[1].ply == 7);
  CHECK(g.moves[4].san == "Bc4");
  CHECK(g.moves[6].san == "Qxf7#");
}

TEST_CASE("a move after checkmate is an error") {
  auto games = replay(tags + "\n1. f3 e5 2. g4 Qh4# 3. a3 0-1\n");
  REQUIRE(games.size() == 1);
  INFO(dump(games[0]));
  auto errors = of(games[0], Severity::error);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].token == "a3");
  CHECK(errors[0].ply == 5);
  CHECK(errors[0].message.find("checkmate") != std::string::npos);
}

TEST_CASE("a result that contradicts checkmate is an error, '*' a warning") {
  auto wrong = replay(tags + "[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n");
  REQUIRE(wrong.size() == 1);
  INFO(dump(wrong[0]));
  CHECK_FALSE(wrong[0].valid());
  auto errors = of(wrong[0], Severity::error);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].token == "1-0");
  CHECK(errors[0].pos.line == 9);
  CHECK(errors[0].pos.column == 21);

  auto open = replay(tags + "[Result \"*\"]\n\n1. f3 e5 2. g4 Qh4# *\n");
  REQUIRE(open.size() == 1);
  INFO(dump(open[0]));
  CHECK(open[0].valid());
  CHECK(of(open[0], Severity::warning).size() == 1);

  auto mismatch = replay(tags + "[Result \"1-0\"]\n\n1. e4 e5 0-1\n");
  REQUIRE(mismatch.size() == 1);
  CHECK(mismatch[0].valid());
  REQUIRE(of(mismatch[0], Severity::warning).size() == 1);
  CHECK(of(mismatch[0], Severity::warning)[0].token == "0-1");
}

TEST_CASE("an unknown variant makes the game invalid and reading goes on") {
  auto games = replay(tags + "[Variant \"Flying Pigs\"]\n\n1. e4 *\n\n" + tags + "\n1. e4 *\n");
  REQUIRE(games.size() == 2);
  INFO(dump(games[0]));
  CHECK_FALSE(games[0].valid());
  auto errors = of(games[0], Severity::error);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].pos.line == 7);
  CHECK(errors[0].token == "Flying Pigs");
  CHECK(games[0].variant == nullptr);
  CHECK(games[1].valid());
}

TEST_CASE("a bad FEN is an error naming the problem") {
  auto games = replay(tags + "[SetUp \"1\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n");
  REQUIRE(games.size() == 1);
  INFO(dump(games[0]));
  auto errors = of(games[0], Severity::error);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].pos.line == 8);
  CHECK(errors[0].message.find("FEN") != std::string::npos);
  CHECK(errors[0].message.size() > std::string("bad FEN: ").size());
}

TEST_CASE("a game from a FEN replays from it") {
  auto games =
      replay(tags + "[SetUp \"1\"]\n[FEN \"4k3/8/4K3/8/8/8/8/R7 w - - 0 1\"]\n\n1. Ra8# 1-0\n");
  REQUIRE(games.size() == 1);
  INFO(dump(games[0]));
  CHECK(games[0].valid());
  CHECK(games[0].outcome.termination == xpgn::rules::Termination::checkmate);
}

TEST_CASE("variations are replayed and an illegal move in one is reported") {
  auto games =
      replay(tags + "\n1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6) d6) 2. Nf3 (2. Nh3 Kxe8) Nc6 *\n");
  REQUIRE(games.size() == 1);
  const Game& g = games[0];
  INFO(dump(g));
  CHECK_FALSE(g.valid());
  auto errors = of(g, Severity::error);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].token == "Kxe8");
  CHECK(errors[0].ply == 4);
  CHECK(errors[0].pos.line == 8);
  // The mainline is complete; the variations hang on the moves they replace.
  CHECK(g.mainline_complete);
  REQUIRE(g.moves.size() == 4);
  REQUIRE(g.moves[1].variations.size() == 1);
  const auto& v = g.moves[1].variations[0];
  REQUIRE(v.size() == 3);
  CHECK(v[0].san == "c5");
  CHECK(v[0].ply == 2);
  REQUIRE(v[1].variations.size() == 1);
  CHECK(v[1].variations[0][0].san == "Nc3");
  // 2. Nh3 is verified, Kxe8 kept unverified.
  REQUIRE(g.moves[2].variations[0].size() == 2);
  CHECK(g.moves[2].variations[0][0].verified);
  CHECK_FALSE(g.moves[2].variations[0][1].verified);
}

TEST_CASE("check mode validates without keeping the tree") {
  std::string pgn = tags + "\n1. e4 e5 (1... e6 2. Kf9) 2. Nf3 *\n\n" + tags + "\n1. e4 *\n";
  auto report = xpgn::record::check_text(pgn, "x.pgn");
  INFO(report.diagnostics.size());
  CHECK(report.games == 2);
  CHECK(report.invalid == 1);
  CHECK(report.valid == 1);
  REQUIRE(report.diagnostics.size() == 1);
  CHECK(report.diagnostics[0].token == "Kf9");
  CHECK(report.diagnostics[0].ply == 3);
}

TEST_CASE("splitting a text at game boundaries keeps line and game numbers") {
  std::string pgn;
  for (int i = 0; i < 40; ++i) {
    pgn += tags + "[Result \"*\"]\n\n1. e4 e5 2. Nf3 " + (i % 7 == 3 ? "Ke6" : "Nc6") + " *\n\n";
  }
  auto starts = xpgn::record::split_at_games(pgn, 4);
  CHECK(starts.size() == 4);
  for (std::size_t s : starts) CHECK((s == 0 || pgn.compare(s, 7, "[Event ") == 0));
  auto one = xpgn::record::check_text(pgn, "s.pgn", 1);
  auto four = xpgn::record::check_text(pgn, "s.pgn", 4);
  CHECK(one.games == 40);
  CHECK(four.games == 40);
  CHECK(one.invalid == four.invalid);
  REQUIRE(one.diagnostics.size() == four.diagnostics.size());
  for (std::size_t i = 0; i < one.diagnostics.size(); ++i)
    CHECK(xpgn::record::format_diagnostic(one.diagnostics[i]) ==
          xpgn::record::format_diagnostic(four.diagnostics[i]));
}

TEST_CASE("a FEN move number of 0 is read as 1 with a warning") {
  auto games =
      replay(tags + "[SetUp \"1\"]\n[FEN \"4k3/8/4K3/8/8/8/8/R7 w - - 1 0\"]\n\n1. Ra8# 1-0\n");
  REQUIRE(games.size() == 1);
  INFO(dump(games[0]));
  CHECK(games[0].valid());
  REQUIRE(of(games[0], Severity::warning).size() == 1);
  CHECK(of(games[0], Severity::warning)[0].pos.line == 8);
}

TEST_CASE(
    "a move after a dead position is a warning (an error with strict), and a draw in a "
    "no-draw variant is an error") {
  const std::string text = tags +
                           "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/3p4/4K3 w - - 0 1\"]\n\n"
                           "1. Kxd2 Ke7 1/2-1/2\n";
  auto dead = replay(text);
  REQUIRE(dead.size() == 1);
  INFO(dump(dead[0]));
  CHECK(dead[0].valid());
  auto warnings = of(dead[0], Severity::warning);
  REQUIRE(warnings.size() == 1);
  CHECK(warnings[0].token == "Ke7");
  CHECK(warnings[0].message.find("insufficient_material at ply 1") != std::string::npos);
  REQUIRE(dead[0].moves.size() == 2);  // the move after the end is replayed
  CHECK(dead[0].moves[1].verified);

  xpgn::record::ReplayOptions strict;
  strict.file_name = "t.pgn";
  strict.strict = true;
  auto strict_dead = xpgn::record::read_games(text, strict);
  REQUIRE(strict_dead.size() == 1);
  auto errors = of(strict_dead[0], Severity::error);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].token == "Ke7");
  CHECK(errors[0].message.find("insufficient_material") != std::string::npos);

  auto botk =
      replay("[Variant \"Battle of the Kings\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 1/2-1/2\n");
  REQUIRE(botk.size() == 1);
  INFO(dump(botk[0]));
  REQUIRE(botk[0].variant != nullptr);
  CHECK(botk[0].variant->id == "battle-of-the-kings");
  CHECK_FALSE(botk[0].valid());
  CHECK(of(botk[0], Severity::error).size() == 1);
}

TEST_CASE("a comment before the tags leaves the game to its tags") {
  // The comment once set the game up before [Variant], [FEN] and [Result] were read: an atomic
  // game was replayed as FIDE chess, and a FEN game from the standard start.
  const std::string atomic =
      "{Before the tags}\n{and another}\n[Event \"T\"]\n[Variant \"Atomic\"]\n[Result \"1-0\"]\n\n"
      "1. Nf3 d5 2. Ng5 e6 3. Nxf7 1-0\n";
  auto games = replay(atomic);
  REQUIRE(games.size() == 1);
  INFO(dump(games[0]));
  REQUIRE(games[0].variant != nullptr);
  CHECK(games[0].variant->id == "atomic");
  CHECK(games[0].valid());
  CHECK(games[0].result_tag == "1-0");
  CHECK(games[0].comments == std::vector<std::string>{"Before the tags", "and another"});
  auto fen =
      replay("{x}\n[SetUp \"1\"]\n[FEN \"4k3/8/4K3/8/8/8/8/R7 w - - 0 1\"]\n\n1. Ra8# 1-0\n");
  REQUIRE(fen.size() == 1);
  CHECK(fen[0].valid());
  // In check mode too.
  auto report = xpgn::record::check_text(atomic, "a.pgn");
  CHECK(report.valid == 1);
  CHECK(report.diagnostics.empty());
}

namespace {

// Compares a check-mode replay keeping the mainline's SAN (ReplayOptions::mainline_san) with
// the full replay of `text`, game by game: the packed SAN is the verified mainline nodes' SAN,
// and the tags, start position, counts and diagnostics are the same. Returns the moves compared.
std::size_t compare_packed_san(const std::string& text, const std::string& name) {
  xpgn::record::ReplayOptions options;
  options.file_name = name;
  const auto full = xpgn::record::read_games(text, options);
  options.mode = xpgn::record::ReplayMode::check;
  options.mainline_san = true;
  std::vector<xpgn::record::Game> packed;
  xpgn::record::replay_pgn(text, options,
                           [&](xpgn::record::Game& g) { packed.push_back(std::move(g)); });
  REQUIRE(packed.size() == full.size());
  std::size_t moves = 0;
  for (std::size_t i = 0; i < full.size(); ++i) {
    const auto& f = full[i];
    const auto& p = packed[i];
    INFO(name << ", game " << f.index);
    std::vector<std::string> expected;
    for (const auto& node : f.moves) {
      if (!node.verified) break;
      expected.push_back(node.san);
    }
    std::vector<std::string> got;
    std::uint32_t begin = 0;
    for (const std::uint32_t end : p.mainline_san_ends) {
      REQUIRE(end >= begin);
      REQUIRE(end <= p.mainline_san.size());
      got.push_back(p.mainline_san.substr(begin, end - begin));
      begin = end;
    }
    CHECK(begin == p.mainline_san.size());
    CHECK(got == expected);
    CHECK(p.moves.empty());  // no tree
    CHECK(p.tags.size() == f.tags.size());
    CHECK(p.start_fen == f.start_fen);
    CHECK(p.result_tag == f.result_tag);
    CHECK(p.mainline_plies == f.mainline_plies);
    CHECK(p.mainline_complete == f.mainline_complete);
    CHECK(p.diagnostics.size() == f.diagnostics.size());
    moves += got.size();
  }
  return moves;
}

}  // namespace

TEST_CASE("check mode packs the mainline's SAN as full mode's verified nodes have it",
          "[record][san_only]") {
  // The Python module's read(san_only=True) rests on this (tests/python/test_san_only.py).
  std::size_t moves = 0;
  for (const auto* folder : {"chess", "atomic", "crazyhouse", "xiangqi", "janggi", "maxim",
                             "reproduction", "shako", "sittuyin"})
    for (const auto& path : xpgn::test::sample_files(folder))
      moves += compare_packed_san(xpgn::test::file_text(path), path.filename().string());
  CHECK(moves > 1000);
  // Null moves, variations (left out), an illegal move (the moves before it), an unknown
  // variant and a bad FEN (no move), a game from a FEN.
  const std::string text =
      "[Event \"null moves and variations\"]\n\n"
      "1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6) d6) 2. Nf3 -- 3. Bc4 Nc6 *\n\n"
      "[Event \"illegal\"]\n\n1. e4 e5 2. Ke3 Nc6 3. Bb5 *\n\n"
      "[Event \"unknown variant\"]\n[Variant \"nonesuch\"]\n\n1. e4 *\n\n"
      "[Event \"bad FEN\"]\n[FEN \"8/8/8 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. e4 *\n\n"
      "[Event \"FEN\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n"
      "1. e4 Kd7 2. e5 *\n\n";
  CHECK(compare_packed_san(text, "hand-made") == 6 + 2 + 0 + 0 + 3);
}
