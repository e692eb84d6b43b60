// The xiangqi family (issue 39: xiangqi, minixiangqi, manchu) against Fairy-Stockfish (npm
// ffish 0.7.10), on the data of tests/reference/xiangqi_family.mjs: perft from the start, from
// random play and from hand-made endgames (tests/data/perft/xiangqi-family-ffish.txt), and games
// with ffish's SAN, UCI and result (tests/data/history/xiangqi-family-ffish.txt), whole and
// corrupted; then the rules one by one. Rules: docs/rules/xiangqi.md.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "reference_games.hpp"
#include "test_support.hpp"
#include "xpgn/rules/outcome.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

// The built-in definition `id`.
const Variant& xq_variant(const std::string& id) {
  std::string error;
  const Variant* v = catalog::find_variant(id, "", error);
  INFO(error);
  REQUIRE(v != nullptr);
  return *v;
}

// The ';'-separated fields of each line of tests/data/`file` whose first field is `variant`,
// without that first field.
// Checks the perft lines of `variant` (each FEN reads and writes back as ffish wrote it, perft
// gives ffish's count); returns the lines compared.
int compare_perft(const std::string& variant) {
  return test::check_reference_perft("perft/xiangqi-family-ffish.txt", variant,
                                     xq_variant(variant));
}

// Checks ffish's games of `variant` (tests/reference_games.hpp), its UCI read back too; returns
// how they ended, per termination.
std::map<std::string, int> compare_games(const std::string& variant, const std::string& tag) {
  const auto games =
      test::reference_games("history/xiangqi-family-ffish.txt", variant, /*with_fen=*/true);
  return test::check_reference_games(xq_variant(variant), games, {.tag = tag, .reads_uci = true})
      .endings;
}

int total(const std::map<std::string, int>& endings) {
  int n = 0;
  for (const auto& e : endings) n += e.second;
  return n;
}

}  // namespace

TEST_CASE("xiangqi: perft equals ffish's from the start, random play and endgames",
          "[rules][xiangqi][perft]") {
  CHECK(compare_perft("xiangqi") == 15);
}

TEST_CASE("xiangqi: ffish's games are valid with its results, corrupted copies refused",
          "[rules][xiangqi]") {
  const auto endings = compare_games("xiangqi", "Xiangqi");
  CHECK(total(endings) == 44);
  // Every way these games end is met: mate, stalemate (no moves), bare palaces, 50 moves and
  // threefold repetition.
  CHECK(endings.at("checkmate") > 0);
  CHECK(endings.at("no_legal_moves") > 0);
  CHECK(endings.at("insufficient_material") > 0);
  CHECK(endings.at("n_move_rule") > 0);
  CHECK(endings.at("threefold_repetition") > 0);
}

TEST_CASE("minixiangqi: perft and ffish's games", "[rules][xiangqi][minixiangqi][perft]") {
  CHECK(compare_perft("minixiangqi") == 13);
  CHECK(total(compare_games("minixiangqi", "Minixiangqi")) == 28);
}

TEST_CASE("manchu: perft and ffish's games", "[rules][xiangqi][manchu][perft]") {
  CHECK(compare_perft("manchu") == 13);
  CHECK(total(compare_games("manchu", "Manchu")) == 28);
}

TEST_CASE("xiangqi: the palace, the river, blocked horses and elephants, cannons, soldiers",
          "[rules][xiangqi]") {
  const Variant& v = xq_variant("xiangqi");
  const Position start = Position::start(v);
  // The general and advisors stay in the palace (d1-f3).
  const Position pos = test::from_fen("5k3/9/9/9/9/9/9/9/9/3KA4 w - - 0 1", v);
  CHECK_THAT(test::refusal(pos, "Kc1"), Catch::Contains("stays in its palace"));
  CHECK(test::is_legal(pos, "Kd2"));
  CHECK(test::is_legal(pos, "Ad2"));
  const Position advisor = test::from_fen("3k5/9/9/9/9/9/9/3A5/9/4K4 w - - 0 1", v);
  CHECK_THAT(test::refusal(advisor, "Ac4"), Catch::Contains("stays in its palace"));
  CHECK(test::is_legal(advisor, "Ae2"));
  // Elephants stay on their side of the river and are blocked by a piece on the eye.
  const Position river = test::from_fen("3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1", v);
  CHECK_THAT(test::refusal(river, "Ea7"), Catch::Contains("stays on its side of the river"));
  CHECK(test::is_legal(river, "Ea3"));
  CHECK(test::is_legal(start, "Ea3"));
  CHECK_FALSE(test::is_legal(start, "Ec3"));  // an elephant leaps two diagonal steps
  const Position eye = test::from_fen("3k5/9/9/9/9/9/9/9/3P5/2B1K4 w - - 0 1", v);
  CHECK_FALSE(test::is_legal(eye, "Ee3"));
  CHECK(test::is_legal(eye, "Ea3"));
  // The horse is blocked by a piece next to it in the direction it leaves.
  const Position leg = test::from_fen("3k5/9/9/9/9/9/9/9/1P7/1N2K4 w - - 0 1", v);
  CHECK_FALSE(test::is_legal(leg, "Ha3"));
  CHECK_FALSE(test::is_legal(leg, "Hc3"));
  CHECK(test::is_legal(leg, "Hd2"));
  // A cannon moves like a chariot and captures over exactly one screen.
  const Position cannon = test::from_fen("3k5/9/9/9/1p7/9/1P7/9/9/1C2K4 w - - 0 1", v);
  CHECK(test::is_legal(cannon, "Cxb6"));
  CHECK_FALSE(test::is_legal(cannon, "Cb5"));
  CHECK(test::is_legal(cannon, "Cb2"));
  // Soldiers step forward, and sideways only once across the river (their rank 6).
  const Position soldier = test::from_fen("3k5/9/9/4P4/9/2P6/9/9/9/4K4 w - - 0 1", v);
  CHECK_THAT(test::refusal(soldier, "Pd5"), Catch::Contains("sideways only from its rank 6"));
  CHECK(test::is_legal(soldier, "Pd7"));
  CHECK(test::is_legal(soldier, "Pf7"));
  CHECK_FALSE(test::is_legal(soldier, "Pe6"));
}

TEST_CASE("xiangqi: flying general, stalemate and perpetual check lose, bare palaces draw",
          "[rules][xiangqi]") {
  const Variant& v = xq_variant("xiangqi");
  // The generals may not face each other on an open file: no move may leave them so.
  const Position fly = test::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", v);
  CHECK_THAT(test::refusal(fly, "Kd1"),
             Catch::Contains("the generals would face each other on the d-file"));
  CHECK(test::is_legal(fly, "Kf1"));
  CHECK(test::is_legal(fly, "Ke2"));
  // A screen between them may not leave the file.
  const Position screen = test::from_fen("4k4/9/9/9/4N4/9/9/9/9/4K4 w - - 0 1", v);
  CHECK_THAT(test::refusal(screen, "Hd8"), Catch::Contains("face each other on the e-file"));
  // The side to move without a legal move loses, in check or not (ffish: 1-0 here).
  const Position stalemate = test::from_fen("3k5/R8/9/9/9/9/9/9/4R4/5K3 b - - 0 1", v);
  CHECK_FALSE(in_check(stalemate));
  CHECK(judge(stalemate, History{}).result() == "1-0");
  // Neither side keeps a chariot, horse, cannon or soldier: a draw (ffish's insufficient
  // material).
  const Position bare = test::from_fen("3ak4/4a4/4b4/9/9/9/9/4B4/4A4/3AK4 w - - 0 1", v);
  CHECK(judge(bare, History{}).termination == Termination::insufficient_material);
  // A chariot checking to and fro: the third occurrence, White checked throughout, loses
  // (ffish: 0-1 after the eighth ply, the same sequence).
  const auto games = test::replay(
      test::pgn_of_moves("Xiangqi", "4k4/9/9/9/9/9/9/9/9/3K1R3 w - - 0 1",
                         {"Re1+", "Kf10", "Rf1+", "Ke10", "Re1+", "Kf10", "Rf1+", "Ke10"}, "0-1"));
  REQUIRE(games.size() == 1);
  INFO(test::dump(games[0]));
  CHECK(games[0].diagnostics.empty());
  CHECK(games[0].outcome.termination.name() == "perpetual_check");
  CHECK(games[0].outcome.result() == "0-1");
}

TEST_CASE("xiangqi: mobility's parameters are checked, with the entry and the reason",
          "[rules][xiangqi]") {
  // The errors of a definition based on xiangqi whose mobility entry is `entry`.
  const auto errors_of = [](const std::string& entry) {
    const std::string text = R"({"format": "xpgn-variant", "version": 1, "id": "xq-test",
      "base": "xiangqi", "components": [)" +
                             entry + "]}";
    std::string out;
    for (const auto& e : catalog::try_text(text, "xq.json")) out += e.text() + "\n";
    return out;
  };
  CHECK(errors_of(R"({"name": "mobility", "regions": [{"pieces": "KA", "squares": "d1-f3"}]})")
            .empty());
  CHECK_THAT(
      errors_of(R"({"name": "mobility", "regions": [{"pieces": "KA", "squares": "d1-j3"}]})"),
      Catch::Contains("'d1-j3' is no square or rectangle"));
  CHECK_THAT(errors_of(R"({"name": "mobility", "regions": [{"pieces": "Q", "squares": "d1"}]})"),
             Catch::Contains("entry 1: 'Q' is no SAN letter of a piece"));
  CHECK_THAT(errors_of(R"({"name": "mobility", "regions": [{"pieces": "K"}]})"),
             Catch::Contains("entry 1: expected {\"pieces\""));
  CHECK_THAT(errors_of(R"({"name": "mobility", "sideways_from": {"P": 11}})"),
             Catch::Contains("'P': expected a rank from 1 to 10"));
  CHECK_THAT(errors_of(R"({"name": "mobility", "sideways_from": {"P": 4294967302}})"),
             Catch::Contains("'P': expected a rank from 1 to 10"));
  CHECK_THAT(errors_of(R"({"name": "mobility", "sideways_from": [6]})"),
             Catch::Contains("expected {\"P\": rank}"));
}

// ---- Janggi (docs/rules/janggi.md) ---------------------------------------------------------

TEST_CASE("janggi: perft equals ffish's from the start, random play and endgames",
          "[rules][xiangqi][janggi][perft]") {
  CHECK(compare_perft("janggi") == 16);
}

TEST_CASE("janggi: ffish's games are valid with its results, corrupted copies refused",
          "[rules][xiangqi][janggi]") {
  const auto endings = compare_games("janggi", "Janggi");
  CHECK(total(endings) == 52);
  // Random play passes often: most games end by two passes or an accepted bikjang, counted.
  CHECK(endings.at("bikjang") > 0);
  CHECK(endings.at("double_pass") > 0);
  CHECK(endings.at("checkmate") > 0);
  CHECK(endings.at("insufficient_material") > 0);
  CHECK(endings.at("n_move_rule") > 0);
}

TEST_CASE("janggi: palace lines, cannons among cannons, blocked elephants, soldiers",
          "[rules][xiangqi][janggi]") {
  const Variant& v = xq_variant("janggi");
  // A chariot slides along the palace's diagonal line, and only along it.
  const Position line = test::from_fen("5k3/9/9/9/9/9/9/9/9/3RK4 w - - 0 1", v);
  CHECK(test::is_legal(line, "Re2"));
  CHECK(test::is_legal(line, "Rf3"));
  CHECK_FALSE(test::is_legal(line, "Rg4"));
  // A cannon hops along the line over the centre (here an advisor) to the far corner.
  const Position hop = test::from_fen("3k5/9/9/9/9/9/9/9/4A4/3CK4 w - - 0 1", v);
  CHECK(test::is_legal(hop, "Cf3"));
  CHECK_FALSE(test::is_legal(hop, "Ce2"));
  // A cannon moves only over a screen, and neither hops over nor captures a cannon.
  const Position over = test::from_fen("3k5/9/9/9/9/9/9/1C7/9/1C2K4 w - - 0 1", v);
  CHECK_FALSE(test::is_legal(over, "Cb5"));
  CHECK_FALSE(test::is_legal(over, "Cb2"));
  const Position onto = test::from_fen("3k5/9/9/9/1c7/9/1P7/9/9/1C2K4 w - - 0 1", v);
  CHECK_FALSE(test::is_legal(onto, "Cxb6"));
  const Position chariot = test::from_fen("3k5/9/9/9/1r7/9/1P7/9/9/1C2K4 w - - 0 1", v);
  CHECK(test::is_legal(chariot, "Cxb6"));
  // So a cannon behind a cannon gives no check; behind a horse it does.
  CHECK_FALSE(in_check(test::from_fen("3k5/9/4c4/9/9/4C4/9/9/9/4K4 w - - 0 1", v)));
  CHECK(in_check(test::from_fen("3k5/9/4c4/9/9/4N4/9/9/9/4K4 w - - 0 1", v)));
  // A chariot checks along the line, from its corner of the palace only.
  CHECK(in_check(test::from_fen("3k5/9/9/9/9/9/9/5r3/9/3K5 w - - 0 1", v)));
  CHECK_FALSE(in_check(test::from_fen("3k5/9/9/9/9/9/6r2/9/9/3K5 w - - 0 1", v)));
  // A soldier steps sideways from the start, and forward along the lines of the enemy palace.
  const Position soldier = test::from_fen("5k3/9/3P5/9/9/9/2P6/9/9/4K4 w - - 0 1", v);
  CHECK(test::is_legal(soldier, "Pb4"));
  CHECK(test::is_legal(soldier, "Pe9"));
  CHECK_FALSE(test::is_legal(soldier, "Pc9"));
  // The elephant: one step orthogonally, then two diagonally outwards, blocked on either point.
  const Position elephant = test::from_fen("3k5/9/9/9/9/9/9/9/9/2B1K4 w - - 0 1", v);
  CHECK(test::is_legal(elephant, "Ef3"));
  CHECK(test::is_legal(elephant, "Ea4"));
  const Position blocked = test::from_fen("3k5/9/9/9/9/9/9/9/4A4/2B1K4 w - - 0 1", v);
  CHECK_FALSE(test::is_legal(blocked, "Ef3"));
  CHECK(test::is_legal(blocked, "Ea4"));
  // The general and advisors stay in the palace, stepping along its lines too.
  const Position palace = test::from_fen("3k5/9/9/9/9/9/9/9/9/3AK4 w - - 0 1", v);
  CHECK(test::is_legal(palace, "Ae2"));
  CHECK_THAT(test::refusal(palace, "Ac1"), Catch::Contains("stays in its palace"));
}

TEST_CASE("janggi: passing, bikjang, and games ended by rule counted", "[rules][xiangqi][janggi]") {
  const Variant& v = xq_variant("janggi");
  const Position start = Position::start(v);
  // A pass is the general's "move" to its own square, as Fairy-Stockfish writes it; the
  // grammar's pass tokens read too.
  for (const char* text : {"Ke2", "e2e2", "pass", "@@@@"}) {
    INFO(text);
    const Resolution r = test::resolve_text(start, text);
    REQUIRE(r.error == MoveError::none);
    CHECK(r.move.kind == MoveKind::pass);
    CHECK(to_san(start, r.move) == "Ke2");
    CHECK(to_uci(start, r.move) == "e2e2");
  }
  // Not in check (the chariot on f3 checks d1 along the palace line)...
  const Position check = test::from_fen("4k4/9/9/9/9/9/9/5r3/9/3K5 w - - 0 1", v);
  CHECK(test::resolve_text(check, "Kd1").error != MoveError::none);
  // ...unless the generals face each other (bikjang), as ffish lets it: d1d1 and d1e1 only.
  const Position facing_check = test::from_fen("3k5/9/9/9/9/9/9/5r3/9/3K5 w - - 0 1", v);
  CHECK(test::legal_sans(facing_check) == std::vector<std::string>{"Kd1", "Ke1"});
  // Bikjang: facing generals must be parted (or the side to move passes).
  const Position bikjang = test::from_fen("4k4/9/9/9/9/9/9/9/9/4K4 b - - 1 1", v);
  CHECK_THAT(test::refusal(bikjang, "Ke9"), Catch::Contains("bikjang"));
  CHECK(test::is_legal(bikjang, "Kd10"));
  CHECK(test::is_legal(bikjang, "Ke10"));  // the pass: accepts bikjang
  // Two passes end the game; equal material, so Black's 1.5 points win it (0-1). After it,
  // no move is legal.
  const auto passes = test::replay(test::pgn_of_moves("Janggi", "-", {"Ke2", "Ke9"}, "0-1"));
  REQUIRE(passes.size() == 1);
  INFO(test::dump(passes[0]));
  CHECK(passes[0].diagnostics.empty());
  CHECK(passes[0].outcome.termination.name() == "double_pass");
  CHECK(passes[0].outcome.result() == "0-1");
  const auto more = test::replay(test::pgn_of_moves("Janggi", "-", {"Ke2", "Ke9", "Ra2"}, "*"));
  REQUIRE(more.size() == 1);
  CHECK_FALSE(test::of(more[0], record::Severity::error).empty());
  // Bikjang accepted by a pass: counted, White ahead by a chariot (13 > 1.5) wins.
  const auto accepted = test::replay(
      test::pgn_of_moves("Janggi", "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", {"Ke1", "Ke10"}, "1-0"));
  REQUIRE(accepted.size() == 1);
  INFO(test::dump(accepted[0]));
  CHECK(accepted[0].diagnostics.empty());
  CHECK(accepted[0].outcome.termination.name() == "bikjang");
  CHECK(accepted[0].outcome.result() == "1-0");
  // Generals and advisors alone: a draw, not counted (ffish's insufficient material).
  const Position bare = test::from_fen("4k4/4a4/9/9/9/9/9/9/4A4/3K5 w - - 0 1", v);
  CHECK(judge(bare, History{}).termination == Termination::insufficient_material);
  CHECK(judge(bare, History{}).result() == "1/2-1/2");
}

TEST_CASE("janggitraditional and janggicasual: perft and ffish's games",
          "[rules][xiangqi][janggi][perft]") {
  // Fairy-Stockfish's janggitraditional (bikjang and passes end in a draw) and janggicasual (no
  // bikjang): janggi.json with the counting taken out, and for casual the bikjang rule too.
  CHECK(compare_perft("janggitraditional") == 13);
  CHECK(compare_perft("janggicasual") == 13);
  const auto traditional = compare_games("janggitraditional", "janggitraditional");
  CHECK(total(traditional) == 28);
  const auto casual = compare_games("janggicasual", "Janggi casual");
  CHECK(total(casual) == 28);
  // Random play passes: most of these games end by two passes, in a draw.
  CHECK(traditional.at("double_pass") > 0);
  CHECK(casual.at("double_pass") > 0);
  CHECK(casual.count("bikjang") == 0);
}

TEST_CASE("janggitraditional and janggicasual: bikjang drawn, or no bikjang at all",
          "[rules][xiangqi][janggi]") {
  // The generals face each other on the e-file. Janggi and its traditional rules: White must
  // break it or pass, and a pass accepts bikjang, which ends the game (janggi counts it: White's
  // chariot and advisor, 16 points, against Black's 1.5; traditional rules draw it). Casual
  // rules: no bikjang, any move, and one pass ends nothing.
  const std::string facing = "4k4/9/9/9/9/9/9/9/3A5/R3K4 w - - 0 1";
  const Variant& janggi = xq_variant("janggi");
  const Variant& traditional = xq_variant("janggitraditional");
  const Variant& casual = xq_variant("janggicasual");
  CHECK_FALSE(test::is_legal(test::from_fen(facing, janggi), "Ad1"));
  CHECK_FALSE(test::is_legal(test::from_fen(facing, traditional), "Ad1"));
  CHECK(test::is_legal(test::from_fen(facing, casual), "Ad1"));
  const auto ended = [&](const std::string& tag, const std::string& result) {
    const auto games = test::replay(test::pgn_of_moves(tag, facing, {"Ke1"}, result));
    REQUIRE(games.size() == 1);
    INFO(test::dump(games[0]));
    CHECK(games[0].diagnostics.empty());
    return games[0].outcome;
  };
  const Outcome counted = ended("Janggi", "1-0");
  CHECK(counted.termination.name() == "bikjang");
  CHECK(counted.result() == "1-0");
  const Outcome drawn = ended("janggitraditional", "1/2-1/2");
  CHECK(drawn.termination.name() == "bikjang");
  CHECK(drawn.result() == "1/2-1/2");
  const Outcome on = ended("janggicasual", "*");
  CHECK(on.termination == Termination::none);

  // In bikjang a pass is legal even in check (Fairy-Stockfish's rule): White's cannon on d2 checks
  // Black's general on d10 over White's general on d3, the generals facing. Janggi and its
  // traditional rules let Black pass (and so accept bikjang); casual rules have no bikjang, so
  // no pass in check.
  const std::string checked = "3k5/5a3/9/9/9/9/9/3K5/3C5/9 b - - 0 1";
  CHECK(test::is_legal(test::from_fen(checked, janggi), "Kd10"));
  CHECK(test::is_legal(test::from_fen(checked, traditional), "Kd10"));
  CHECK_FALSE(test::is_legal(test::from_fen(checked, casual), "Kd10"));
  // That exception is asked only for such a pass (allows_attacked_pass()): the check test's
  // only judge is the palace lines, and casual rules list no exception.
  CHECK(janggi.attacked_pass_judges.size() == 1);
  CHECK(traditional.attacked_pass_judges.size() == 1);
  CHECK(casual.attacked_pass_judges.empty());
  CHECK(janggi.royal_judges.size() == 1);
  // Out of bikjang, no pass in check: White's cannon on e1 checks the general on e10 over a
  // soldier on e5; the generals stand on different files.
  const std::string no_bikjang = "4k4/9/9/9/9/4P4/9/3K5/9/4C4 b - - 0 1";
  REQUIRE(in_check(test::from_fen(no_bikjang, janggi)));
  CHECK_FALSE(test::is_legal(test::from_fen(no_bikjang, janggi), "Ke10"));
}

TEST_CASE("janggi: the parameters of its components are checked, with the key and the reason",
          "[rules][xiangqi][janggi]") {
  // The errors of a definition based on janggi with `entry` among its components or end rules.
  const auto errors_of = [](const std::string& list, const std::string& entry) {
    const std::string text = R"({"format": "xpgn-variant", "version": 1, "id": "jg-test",
      "base": "janggi", ")" + list +
                             R"(": [)" + entry + "]}";
    std::string out;
    for (const auto& e : catalog::try_text(text, "jg.json")) out += e.text() + "\n";
    return out;
  };
  CHECK(errors_of("components", R"({"name": "palace-lines", "points": "d1,f1,e2,d3,f3",
      "steps": "KA", "hops": "C", "exclusive_hoppers": "C"})")
            .empty());
  CHECK_THAT(errors_of("components", R"({"name": "palace-lines", "points": "d1,j1"})"),
             Catch::Contains("'j1' is no square or rectangle"));
  CHECK_THAT(errors_of("components", R"({"name": "palace-lines", "points": 5})"),
             Catch::Contains("expected White's points of the lines"));
  CHECK_THAT(errors_of("components", R"({"name": "palace-lines", "points": "e2", "slides": "Q"})"),
             Catch::Contains("Q"));
  CHECK_THAT(errors_of("end_rules", R"({"name": "pass-end", "values": {"Q": 9}})"),
             Catch::Contains("'Q' is no SAN letter of a piece"));
  CHECK_THAT(errors_of("end_rules", R"({"name": "pass-end", "second_bonus": 0.3})"),
             Catch::Contains("in halves"));
  CHECK_THAT(errors_of("end_rules", R"({"name": "counted-draws", "rules": [{"name": "nope"}]})"),
             Catch::Contains("no end rule is named 'nope'"));
  CHECK_THAT(errors_of("end_rules", R"({"name": "counted-draws", "rules": []})"),
             Catch::Contains("expected a list of end rule entries"));
}
