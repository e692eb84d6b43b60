// Games another program played, replayed by xpgn: the shared check of the family tests
// (test_rules_xiangqi.cpp, test_rules_makruk.cpp, test_rules_shogi.cpp,
// test_rules_oldboards_family.cpp) against Fairy-Stockfish's random games (npm ffish, the
// scripts in tests/reference/). For each game: every ply reads from the reference SAN, xpgn
// writes that SAN and UCI back, the whole game replays without a word with the reference
// result, and a copy whose middle move is replaced by a move of another ply that is illegal
// there is refused at that ply, naming the token. Include after <catch2/catch.hpp>.
#pragma once

#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace xpgn::test {

// One reference game: its start (a FEN, or "-" for the variant's start position), its moves as
// SAN and as UCI, and its result ("*" when it was stopped unfinished).
struct ReferenceGame {
  std::string fen = "-";
  std::vector<std::string> sans, ucis;
  std::string result;
};

// The games of `variant` in tests/data/`file`, whose lines are `variant;FEN;SAN moves;result;UCI
// moves` (`with_fen`) or `variant;SAN moves;result;UCI moves`.
inline std::vector<ReferenceGame> reference_games(const std::string& file,
                                                  const std::string& variant, bool with_fen) {
  std::vector<ReferenceGame> out;
  for (const auto& f : reference_lines(file, variant)) {
    REQUIRE(f.size() == (with_fen ? 4u : 3u));
    const std::size_t at = with_fen ? 1 : 0;
    ReferenceGame g;
    if (with_fen) g.fen = f[0];
    g.sans = words(f[at]);
    g.result = f[at + 1];
    g.ucis = words(f[at + 2]);
    REQUIRE(g.sans.size() == g.ucis.size());
    out.push_back(std::move(g));
  }
  return out;
}

// The games of tests/data/`file` whose lines are `FEN;SAN moves;result` (the history files of
// the repetition rules), without UCI moves.
inline std::vector<ReferenceGame> fen_games(const std::string& file) {
  std::ifstream in(std::string(XPGN_TEST_DATA) + "/" + file);
  INFO(file);
  REQUIRE(in.good());
  std::vector<ReferenceGame> out;
  for (std::string line; std::getline(in, line);) {
    const std::size_t a = line.find(';'), b = line.rfind(';');
    REQUIRE(a != std::string::npos);
    REQUIRE(b > a);
    ReferenceGame g;
    g.fen = line.substr(0, a);
    g.sans = words(line.substr(a + 1, b - a - 1));
    g.result = line.substr(b + 1);
    out.push_back(std::move(g));
  }
  return out;
}

// A PGN of `sans` from `fen` ("-": the start) with `variant` as its [Variant] tag and `result`.
inline std::string pgn_of_moves(const std::string& variant, const std::string& fen,
                                const std::vector<std::string>& sans, const std::string& result) {
  std::string text = "[Variant \"" + variant + "\"]\n[Result \"" + result + "\"]\n";
  if (fen != "-") text += "[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n";
  text += "\n";
  const bool black_first = fen != "-" && words(fen).at(1) == "b";
  for (std::size_t i = 0; i < sans.size(); ++i) {
    const std::size_t ply = i + (black_first ? 1 : 0);
    if (ply % 2 == 0)
      text += std::to_string(ply / 2 + 1) + ". ";
    else if (i == 0)
      text += "1... ";
    text += sans[i] + " ";
  }
  return text + result + "\n";
}

// How check_reference_games() reads the games of one family.
struct ReferenceChecks {
  std::string tag;  // the [Variant] tag the replayed copies carry
  // The reference program ends some games by a claim (ffish's isGameOver(true)): a claimable
  // verdict of ours then stands for its "1/2-1/2".
  bool claims_end_games = false;
  // The reference UCI as xpgn writes it (identity when empty).
  std::function<std::string(const std::string&)> our_uci;
  // Each ply's UCI also reads back as the same move.
  bool reads_uci = false;
  // For a reference SAN that xpgn reads as ambiguous: the move meant, found by the reference
  // UCI, is played and xpgn's own SAN for it used in the replayed copies (counted in
  // ReferenceCounts::ambiguous). Without it, such a ply fails the test.
  bool ambiguous_by_uci = false;
};

// What check_reference_games() went through.
struct ReferenceCounts {
  int games = 0, plies = 0;
  int decided = 0;    // games with a result other than "*"
  int ambiguous = 0;  // plies read by their UCI (ReferenceChecks::ambiguous_by_uci)
  std::map<std::string, int> endings;  // per termination name of our verdicts
};

// Checks `games` of variant `v` as the file comment says.
inline ReferenceCounts check_reference_games(const rules::Variant& v,
                                             const std::vector<ReferenceGame>& games,
                                             const ReferenceChecks& how) {
  ReferenceCounts out;
  for (std::size_t gi = 0; gi < games.size(); ++gi) {
    const ReferenceGame& g = games[gi];
    INFO(v.id << " game " << gi + 1 << " from " << g.fen);
    rules::Position pos = g.fen == "-" ? rules::Position::start(v) : from_fen(g.fen, v);
    std::vector<std::string> sans = g.sans;  // the reference's, where xpgn reads them
    const std::size_t bad_ply = g.sans.size() / 2;
    std::string bad_token;
    for (std::size_t i = 0; i < g.sans.size(); ++i) {
      INFO("ply " << i + 1 << " " << g.sans[i] << " in " << pos.fen());
      if (i == bad_ply)
        for (const std::string& other : g.sans) {
          auto token = notation::parse_san(other);
          if (token && rules::resolve(pos, *token).error != rules::MoveError::none) {
            bad_token = other;
            break;
          }
        }
      rules::Resolution r = resolve_text(pos, g.sans[i]);
      INFO(r.message);
      if (how.ambiguous_by_uci && r.error != rules::MoveError::none &&
          r.message.find("ambiguous") != std::string::npos) {
        rules::MoveList legal;
        rules::generate_legal(pos, legal);
        int found = 0;
        for (const rules::Move& m : legal)
          if (rules::to_uci(pos, m) == g.ucis[i]) r.move = m, ++found;
        REQUIRE(found == 1);
        r.error = rules::MoveError::none;
        const std::string ours = rules::to_san(pos, r.move);
        CHECK(ours != g.sans[i]);
        CHECK(resolve_text(pos, ours).move == r.move);
        sans[i] = ours;
        ++out.ambiguous;
      } else {
        REQUIRE(r.error == rules::MoveError::none);
        CHECK(rules::to_san(pos, r.move) == g.sans[i]);
      }
      const std::string uci = how.our_uci ? how.our_uci(g.ucis[i]) : g.ucis[i];
      CHECK(rules::to_uci(pos, r.move) == uci);
      if (how.reads_uci) CHECK(resolve_text(pos, uci).move == r.move);
      pos = rules::play(pos, r.move);
      ++out.plies;
    }
    const auto replayed = replay(pgn_of_moves(how.tag, g.fen, sans, g.result));
    REQUIRE(replayed.size() == 1);
    INFO(dump(replayed[0]));
    CHECK(replayed[0].diagnostics.empty());
    CHECK(replayed[0].mainline_complete);
    const rules::Outcome& o = replayed[0].outcome;
    if (g.result == "*") {
      CHECK(o.termination == rules::Termination::none);
    } else {
      if (how.claims_end_games && o.termination.claimable())
        CHECK(g.result == "1/2-1/2");
      else
        CHECK(o.result() == g.result);
      ++out.decided;
    }
    ++out.endings[std::string(o.termination.name())];
    ++out.games;
    if (g.sans.size() < 2) continue;
    REQUIRE_FALSE(bad_token.empty());
    std::vector<std::string> corrupted = sans;
    corrupted[bad_ply] = bad_token;
    const auto refused = replay(pgn_of_moves(how.tag, g.fen, corrupted, g.result));
    REQUIRE(refused.size() == 1);
    const auto errors = of(refused[0], record::Severity::error);
    INFO(dump(refused[0]));
    REQUIRE_FALSE(errors.empty());
    CHECK(errors.front().ply == static_cast<int>(bad_ply) + 1);
    CHECK(errors.front().token == bad_token);
    CHECK_FALSE(refused[0].mainline_complete);
  }
  return out;
}

}  // namespace xpgn::test
