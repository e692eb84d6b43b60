// Issue 10, output side: JSON that is always valid UTF-8 and written move by move, moves after
// an illegal one kept unverified, archive-era automatic ends, null moves, XML-safe markup and
// range-checked %clk/%emt.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "test_support.hpp"
#include "xpgn/emit/json.hpp"
#include "xpgn/emit/pgn.hpp"
#include "xpgn/record/replayer.hpp"
#include "xpgn/record/utf8.hpp"
#include "xpgn/render/html.hpp"
#include "xpgn/render/render.hpp"

using xpgn::record::Diagnostic;
using xpgn::record::Game;
using xpgn::record::Severity;
using xpgn::test::dump;
using xpgn::test::of;
using xpgn::test::replay;

namespace {

// The JSON text of `game` as the streaming writer produces it.
std::string streamed_json(const Game& game) {
  std::ostringstream out;
  xpgn::emit::write_game_json(out, game);
  return out.str();
}

// Number of move nodes (verified or not) in a line and its variations.
std::size_t count_nodes(const xpgn::record::Line& line) {
  std::size_t n = 0;
  for (const auto& node : line) {
    ++n;
    for (const auto& v : node.variations) n += count_nodes(v);
  }
  return n;
}

// Knights out and back four times: the start position occurs for the fifth time after ply 16.
const std::string fivefold_moves =
    "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 "
    "9. e4 e5 1/2-1/2\n";

std::string dated(const std::string& date) {
  return "[Event \"E\"]\n[Date \"" + date + "\"]\n[Result \"1/2-1/2\"]\n\n";
}

}  // namespace

// ---- Item 1: UTF-8 in JSON -------------------------------------------------------------------

TEST_CASE("utf8 helpers find, replace and trim invalid sequences", "[hardening][utf8]") {
  using namespace xpgn::record;
  CHECK(is_valid_utf8("S\xC3\xADon \xE2\x99\x94"));
  CHECK(first_invalid_utf8("ab\xFF\xFE") == 2);
  CHECK(first_invalid_utf8("\xC0\xAF") == 0);          // overlong '/'
  CHECK(first_invalid_utf8("\xED\xA0\x80") == 0);      // surrogate
  CHECK(first_invalid_utf8("\xF4\x90\x80\x80") == 0);  // above U+10FFFF
  CHECK(replace_invalid_utf8("a\xFF\xFE"
                             "b") ==
        "a\xEF\xBF\xBD\xEF\xBF\xBD"
        "b");
  // A cut inside a character drops the incomplete tail only.
  CHECK(trim_partial_utf8("ab\xC3") == "ab");
  CHECK(trim_partial_utf8("ab\xE2\x99") == "ab");
  CHECK(trim_partial_utf8("ab\xE2\x99\x94") == "ab\xE2\x99\x94");
  CHECK(trim_partial_utf8("ab\xFF") == "ab\xFF");  // not a cut: left for the replacement
}

TEST_CASE("invalid UTF-8 in tags, comments and tokens gives warnings and valid JSON",
          "[hardening][utf8]") {
  // The reader decodes files that are not UTF-8; a visitor can still be handed such bytes, so
  // the replayer is driven directly here.
  std::vector<Game> games;
  xpgn::record::ReplayOptions options;
  options.file_name = "raw.pgn";
  xpgn::record::Replayer replayer(options, [&](Game& g) { games.push_back(std::move(g)); });
  replayer.begin_game(1, {1, 1, 0});
  replayer.tag("Event",
               "a\xFF\xFE"
               "b",
               {1, 1, 0});
  const auto e4 = xpgn::notation::parse_san("e4");
  REQUIRE(e4);
  replayer.move(*e4, "e4", {3, 1, 40});
  replayer.comment("bad \xC3 comment", {3, 4, 43});
  xpgn::notation::SyntaxError error;
  error.pos = {3, 20, 60};
  error.token = "x\xC3\xA9\xC3";  // cut by the reader inside the second 'é'
  error.expected = "a move";
  replayer.syntax_error(error);
  replayer.end_game();
  replayer.finish();
  REQUIRE(games.size() == 1);
  const Game& g = games[0];
  INFO(dump(g));
  auto warnings = of(g, Severity::warning);
  REQUIRE(warnings.size() == 2);
  CHECK(warnings[0].pos.line == 1);
  CHECK(warnings[0].message.find("tag Event holds invalid UTF-8 (byte 0xFF at byte 2)") == 0);
  CHECK(warnings[1].pos.line == 3);
  CHECK(warnings[1].pos.column == 4);
  CHECK(warnings[1].message.find("comment holds invalid UTF-8") == 0);
  auto errors = of(g, Severity::error);
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].token == "x\xC3\xA9");  // whole characters only

  std::string text;
  REQUIRE_NOTHROW(text = streamed_json(g));
  CHECK(xpgn::record::is_valid_utf8(text));
  const nlohmann::json j = nlohmann::json::parse(text);
  CHECK(j["tags"][0][1] ==
        "a\xEF\xBF\xBD\xEF\xBF\xBD"
        "b");
  CHECK(j["moves"][0]["comments_after"][0] == "bad \xEF\xBF\xBD comment");
  // Diagnostics made elsewhere (a file name in another encoding) are repaired too.
  Diagnostic d;
  d.file = "caf\xE9.pgn";
  CHECK(xpgn::emit::diagnostic_to_json(d)["file"] == "caf\xEF\xBF\xBD.pgn");
}

TEST_CASE("the streamed JSON equals the JSON value of the game", "[hardening][json]") {
  auto games = replay(
      "[Event \"s\"]\n\n{start} 1. e4 $1 {a [%clk 0:01:00]} (1. d4 d5 (1... Nf6) 2. c4) e5 "
      "2. Nf3 Kxe8 3. Nc3 (3. Bc4 {x}) *\n");
  REQUIRE(games.size() == 1);
  const std::string text = streamed_json(games[0]);
  const nlohmann::json j = xpgn::emit::game_to_json(games[0]);
  CHECK(text == j.dump());
  CHECK(j["moves"][3]["verified"] == false);
  CHECK(j["moves"][4]["variations"][0][0]["text"] == "Bc4");
  CHECK(j["moves"][4]["variations"][0][0]["verified"] == false);
}

TEST_CASE("the streamed JSON escapes and writes numbers as nlohmann's dump() does",
          "[hardening][json]") {
  // Control bytes, quotes, backslashes, DEL, multibyte and invalid UTF-8 in tags and comments;
  // clocks and evaluations as fractions, integers and mates.
  auto games = replay(
      "[Event \"a \\\"quoted\\\" \\\\ back\tslash \x01\x1f\x7f caf\xC3\xA9 \xE2\x99\x94\"]\n"
      "[Site \"bad \xFF byte\"]\n\n"
      "{line\none\r\x08\x0c} 1. e4 {[%clk 1:02:03.5] [%emt 0:00:07] [%eval -0.25] [%csl Ga1]} "
      "e5 {[%eval 3] [%cal Re2e4,Gd2d4]} 2. Nf3 {[%eval #-3] [%clk 0:00:00]} *\n");
  REQUIRE(games.size() == 1);
  const std::string text = streamed_json(games[0]);
  const nlohmann::json value = nlohmann::json::parse(text);
  CHECK(text == value.dump(-1, ' ', false, nlohmann::json::error_handler_t::strict));
  CHECK(text.find("\\u0001\\u001f\x7f") != std::string::npos);
  CHECK(text.find("\\\"quoted\\\" \\\\ back\\tslash") != std::string::npos);
  CHECK(text.find("line\\none\\r\\b\\f") != std::string::npos);
  CHECK(text.find("bad \xEF\xBF\xBD byte") != std::string::npos);
  CHECK(value["moves"][0]["commands"]["clock"] == 3723.5);
  CHECK(text.find("\"emt\":7.0") != std::string::npos);
  CHECK(value["moves"][2]["commands"]["eval_mate"] == -3);
}

TEST_CASE("300,000 sibling variations are written as JSON", "[hardening][json]") {
  std::string pgn = "[Event \"wide\"]\n\n1. e4 ";
  for (int i = 0; i < 300000; ++i) pgn += "(1. d4) ";
  pgn += "*\n";
  auto games = replay(pgn);
  REQUIRE(games.size() == 1);
  REQUIRE(games[0].moves.size() == 1);
  CHECK(games[0].moves[0].variations.size() == 300000);
  std::ostringstream out;
  xpgn::emit::write_game_json(out, games[0]);
  const std::string text = out.str();
  CHECK(text.size() > 300000u * 100);
  // The last variation is there, closed, and the document ends with the tail fields.
  CHECK(text.find("\"san\":\"d4\"") != std::string::npos);
  CHECK(text.substr(text.size() - 32).find("\"variant\":\"chess\",\"version\":1}") !=
        std::string::npos);
}

// ---- Item 4: unverified moves ----------------------------------------------------------------

TEST_CASE("convert keeps every token after an illegal move, and the round trip is stable",
          "[hardening][unverified]") {
  const std::string pgn =
      "[Event \"u\"]\n[Result \"1-0\"]\n\n"
      "1. e4 e5 2. Nf3 Nc6 3. Bb5 Ke6 $2 {why?} (3... a6 4. Ba4) 4. O-O (4. d4 exd4) Nf6 "
      "5. Re1 {end} 1-0\n"
      "\n[Event \"v\"]\n[Result \"*\"]\n\n1. Kxe8 e5 2. Nf3 *\n";
  auto games = replay(pgn);
  REQUIRE(games.size() == 2);
  const Game& g = games[0];
  INFO(dump(g));
  CHECK(of(g, Severity::error).size() == 1);
  // Every move token of the input is in the tree: 9 in the main line, 2 + 2 in variations.
  CHECK(g.moves.size() == 9);
  CHECK(count_nodes(g.moves) == 13);
  const auto& bad = g.moves[5];
  CHECK_FALSE(bad.verified);
  CHECK(bad.text == "Ke6");
  CHECK(bad.nags == std::vector<int>{2});
  CHECK(bad.comments_after == std::vector<std::string>{"why?"});
  REQUIRE(bad.variations.size() == 1);
  CHECK_FALSE(bad.variations[0][0].verified);
  CHECK(g.moves[8].comments_after == std::vector<std::string>{"end"});
  CHECK(g.result_marker == "1-0");

  const std::string first = xpgn::emit::to_pgn(g);
  CHECK(
      first.find("1. e4 e5 2. Nf3 Nc6 3. Bb5 {xpgn: not verified after ply 5: illegal move: king\n"
                 "to e6 is not possible here; legal king moves: Ke7} 3... Ke6 $2 {why?} (3... a6\n"
                 "4. Ba4) 4. O-O (4. d4 exd4) 4... Nf6 5. Re1 {end} 1-0\n") != std::string::npos);
  auto again = replay(first);
  REQUIRE(again.size() == 1);
  CHECK(count_nodes(again[0].moves) == 13);
  CHECK(xpgn::emit::to_pgn(again[0]) == first);

  // An illegal first move: the marker follows the game's comments.
  const std::string second = xpgn::emit::to_pgn(games[1]);
  CHECK(second.find("{xpgn: not verified after ply 0: illegal move") != std::string::npos);
  CHECK(second.find("1. Kxe8 e5 2. Nf3 *") != std::string::npos);
  auto second_again = replay(second);
  REQUIRE(second_again.size() == 1);
  CHECK(xpgn::emit::to_pgn(second_again[0]) == second);

  // JSON: the same tokens, marked unverified.
  const nlohmann::json j = xpgn::emit::game_to_json(g);
  REQUIRE(j["moves"].size() == 9);
  CHECK(j["moves"][4]["verified"] == true);
  CHECK(j["moves"][5]["verified"] == false);
  CHECK(j["moves"][5]["unverified_reason"] ==
        "illegal move: king to e6 is not possible here; legal king moves: Ke7");
  CHECK(j["moves"][6]["unverified_reason"] == nullptr);
  CHECK(j["moves"][8]["text"] == "Re1");
}

TEST_CASE("a game with an unknown variant keeps its moves unverified", "[hardening][unverified]") {
  auto games = replay("[Variant \"nonsense\"]\n\n1. e4 e5 {c} *\n");
  REQUIRE(games.size() == 1);
  REQUIRE(games[0].moves.size() == 2);
  CHECK(games[0].moves[0].unverified_reason == "unknown variant");
  const std::string pgn = xpgn::emit::to_pgn(games[0]);
  CHECK(pgn.find("{xpgn: not verified after ply 0: unknown variant} 1. e4 e5 {c} *") !=
        std::string::npos);
}

// ---- Item 5: archive-era rules ---------------------------------------------------------------

TEST_CASE("moves after fivefold repetition: a warning before 2014, with strict an error after",
          "[hardening][era]") {
  struct Case {
    std::string date;
    bool strict;
    Severity expected;
    std::string note;
  };
  const std::vector<Case> cases{
      {"1997.??.??", false, Severity::warning, "the Date tag \"1997.??.??\" is earlier"},
      {"1997.??.??", true, Severity::warning, "is earlier"},
      {"2014.06.30", true, Severity::warning, "is earlier"},
      {"2014.07.01", false, Severity::warning, "is not earlier"},
      {"2014.07.01", true, Severity::error, "is not earlier"},
      {"2020.01.01", true, Severity::error, "is not earlier"},
      {"2014.??.??", true, Severity::error, "date is unknown"},
      {"????.??.??", false, Severity::warning, "date is unknown"},
      {"????.??.??", true, Severity::error, "date is unknown"},
  };
  for (const auto& c : cases) {
    INFO(c.date << (c.strict ? " strict" : ""));
    auto games = replay(dated(c.date) + fivefold_moves, c.strict);
    REQUIRE(games.size() == 1);
    INFO(dump(games[0]));
    REQUIRE(games[0].diagnostics.size() == 1);
    const Diagnostic& d = games[0].diagnostics[0];
    CHECK(d.severity == c.expected);
    CHECK(d.token == "e4");
    CHECK(d.ply == 17);
    CHECK(d.message.find("fivefold_repetition at ply 16") != std::string::npos);
    CHECK(d.message.find("applies to games from 1 July 2014") != std::string::npos);
    CHECK(d.message.find(c.note) != std::string::npos);
    // A warning: the replay goes on; an error: the rest is kept unverified.
    CHECK(games[0].moves.size() == 18);
    CHECK(games[0].moves[16].verified == (c.expected == Severity::warning));
  }
}

TEST_CASE("moves after the 75-move rule and after a dead position", "[hardening][era]") {
  const std::string seventy_five =
      "[Event \"E\"]\n[Date \"1990.01.01\"]\n[SetUp \"1\"]\n"
      "[FEN \"4k3/8/8/8/8/8/4P3/R3K3 w - - 149 80\"]\n[Result \"*\"]\n\n1. Ra2 Kd7 2. Ra7+ *\n";
  auto games = replay(seventy_five, true);
  REQUIRE(games.size() == 1);
  INFO(dump(games[0]));
  REQUIRE(games[0].diagnostics.size() == 2);  // and "the game is over", for the '*'
  CHECK(games[0].diagnostics[0].severity == Severity::warning);  // 1990: before the rule
  CHECK(games[0].diagnostics[0].message.find("seventy_five_moves at ply 1") != std::string::npos);
  CHECK(games[0].mainline_plies == 3);

  // The dead position is no new rule: strict makes it an error whatever the date.
  const std::string dead =
      "[Event \"E\"]\n[Date \"1990.01.01\"]\n[SetUp \"1\"]\n"
      "[FEN \"4k3/8/8/8/8/8/3p4/4K3 w - - 0 1\"]\n\n1. Kxd2 Ke7 *\n";
  auto relaxed = replay(dead);
  REQUIRE(relaxed.size() == 1);
  CHECK(relaxed[0].valid());
  auto strict = replay(dead, true);
  REQUIRE(strict.size() == 1);
  CHECK_FALSE(strict[0].valid());
  CHECK(of(strict[0], Severity::error)[0].message.find("applies to games") == std::string::npos);
}

TEST_CASE("a result contradicting mate stays an error; one contradicting fivefold follows the era",
          "[hardening][era]") {
  auto mate = replay(
      "[Event \"E\"]\n[Date \"1990.01.01\"]\n[Result \"0-1\"]\n\n"
      "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 0-1\n");
  REQUIRE(mate.size() == 1);
  CHECK_FALSE(mate[0].valid());
  // Fivefold at the end with a decisive result.
  const std::string moves =
      "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 "
      "1-0\n";
  auto old_game =
      replay("[Event \"E\"]\n[Date \"1990.01.01\"]\n[Result \"1-0\"]\n\n" + moves, true);
  REQUIRE(old_game.size() == 1);
  INFO(dump(old_game[0]));
  CHECK(old_game[0].valid());
  auto new_game =
      replay("[Event \"E\"]\n[Date \"2020.01.01\"]\n[Result \"1-0\"]\n\n" + moves, true);
  REQUIRE(new_game.size() == 1);
  CHECK_FALSE(new_game[0].valid());
}

// ---- Item 6: null moves ----------------------------------------------------------------------

TEST_CASE("null moves: accepted in variations, a warning or a strict error in the main line",
          "[hardening][null]") {
  auto games = replay("[Event \"n\"]\n\n1. e4 e5 (1... -- 2. d4 Z0 3. d5) 2. Nf3 *\n");
  REQUIRE(games.size() == 1);
  INFO(dump(games[0]));
  CHECK(games[0].diagnostics.empty());
  const auto& v = games[0].moves[1].variations.at(0);
  REQUIRE(v.size() == 4);
  CHECK(v[0].null_move);
  CHECK(v[0].san == "--");
  CHECK(v[2].null_move);
  CHECK(v[3].san == "d5");
  const std::string pgn = xpgn::emit::to_pgn(games[0]);
  CHECK(pgn.find("1. e4 e5 (1... -- 2. d4 -- 3. d5) 2. Nf3 *") != std::string::npos);
  const nlohmann::json j = xpgn::emit::game_to_json(games[0]);
  const auto& jv = j["moves"][1]["variations"][0];
  CHECK(jv[0]["kind"] == "null");
  CHECK(jv[0]["uci"] == "0000");
  CHECK(jv[0]["color"] == "black");
  CHECK(jv[1]["fen_after"] == "rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 2");

  // En passant is cleared by a null move: after 1. e4 -- 2. e5 d5 -- exd6 is no longer possible.
  auto ep = replay("[Event \"n\"]\n\n1. e4 a6 (1... -- 2. e5 d5 3. -- exd6) *\n");
  REQUIRE(ep.size() == 1);
  INFO(dump(ep[0]));
  CHECK(of(ep[0], Severity::error).size() == 1);

  const std::string main = "[Event \"n\"]\n\n1. e4 -- 2. d4 e5 *\n";
  auto relaxed = replay(main);
  REQUIRE(relaxed.size() == 1);
  INFO(dump(relaxed[0]));
  CHECK(relaxed[0].valid());
  REQUIRE(of(relaxed[0], Severity::warning).size() == 1);
  CHECK(of(relaxed[0], Severity::warning)[0].ply == 2);
  CHECK(relaxed[0].mainline_plies == 4);
  auto strict = replay(main, true);
  REQUIRE(strict.size() == 1);
  CHECK_FALSE(strict[0].valid());
  CHECK(strict[0].moves.size() == 4);  // the rest is kept unverified
  CHECK_FALSE(strict[0].moves[1].verified);
}

TEST_CASE("in Reproduction '--' stays the pass that makes a queen pregnant", "[hardening][null]") {
  auto games = replay("[Variant \"Reproduction\"]\n\n1. -- e5 *\n", true);
  REQUIRE(games.size() == 1);
  INFO(dump(games[0]));
  CHECK(games[0].valid());
  REQUIRE(games[0].moves.size() == 2);
  CHECK_FALSE(games[0].moves[0].null_move);
  const nlohmann::json j = xpgn::emit::game_to_json(games[0]);
  CHECK(j["moves"][0]["kind"] == "pass");
}

// ---- Item 10: markup and clocks --------------------------------------------------------------

TEST_CASE("markup escaping replaces every character XML 1.0 forbids", "[hardening][markup]") {
  using xpgn::render::escape_markup;
  CHECK(escape_markup("a<b>&\"") == "a&lt;b&gt;&amp;&quot;");
  CHECK(escape_markup("tab\tlf\ncr\r") == "tab\tlf\ncr\r");
  CHECK(escape_markup(std::string("x\0y", 3)) == "x\xEF\xBF\xBDy");
  CHECK(escape_markup("\x01\x1B\x1F") == "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
  CHECK(escape_markup("\xEF\xBF\xBE\xEF\xBF\xBF") == "\xEF\xBF\xBD\xEF\xBF\xBD");
  CHECK(escape_markup("caf\xE9") == "caf\xEF\xBF\xBD");
  CHECK(escape_markup("\xE2\x99\x94 S\xC3\xADon") == "\xE2\x99\x94 S\xC3\xADon");
}

TEST_CASE("%clk and %emt outside 0 to 999:59:59 are warned about and not used",
          "[hardening][clock]") {
  auto games = replay(
      "[Event \"c\"]\n\n1. e4 {[%clk 1:02:03]} e5 {[%clk -0:00:05]} 2. Nf3 {[%clk 1000:00:00]} "
      "Nc6 {[%emt 0:00:07.5]} 3. Bb5 {[%emt garbage]} a6 {[%clk 1:75:00]} *\n");
  REQUIRE(games.size() == 1);
  const Game& g = games[0];
  INFO(dump(g));
  auto warnings = of(g, Severity::warning);
  REQUIRE(warnings.size() == 4);
  CHECK(warnings[0].pos.line == 3);
  CHECK(warnings[0].pos.column == 27);
  CHECK(warnings[0].message.find("%clk value '-0:00:05'") == 0);
  CHECK(warnings[1].message.find("%clk value '1000:00:00'") == 0);
  CHECK(warnings[2].message.find("%emt value 'garbage'") == 0);
  CHECK(warnings[3].message.find("%clk value '1:75:00'") == 0);
  CHECK(g.moves[0].commands.clock == 3723.0);
  CHECK_FALSE(g.moves[1].commands.clock);
  CHECK_FALSE(g.moves[2].commands.clock);
  CHECK(g.moves[3].commands.elapsed == 7.5);
  const nlohmann::json j = xpgn::emit::game_to_json(g);
  CHECK(j["moves"][1]["commands"]["clock"] == nullptr);
  CHECK(j["moves"][3]["commands"]["emt"] == 7.5);
  // check mode reports the same warnings.
  xpgn::record::ReplayOptions check;
  check.mode = xpgn::record::ReplayMode::check;
  std::size_t seen = 0;
  xpgn::record::replay_pgn("[Event \"c\"]\n\n1. e4 {[%clk 1000:00:00]} *\n", check,
                           [&](Game& game) { seen += of(game, Severity::warning).size(); });
  CHECK(seen == 1);
}

TEST_CASE("HTML output of a game with control characters and unverified moves",
          "[hardening][markup]") {
  auto games = replay(
      "[Event \"e\x01v\"]\n[White \"a\x1B\"]\n[Black \"b\"]\n\n"
      "1. e4 {c\x02<x>} e5 2. Ke3 {after} Nc6 *\n");
  REQUIRE(games.size() == 1);
  const auto diagrams = xpgn::render::game_diagrams(games[0]);
  CHECK(diagrams.size() == 3);  // start, e4, e5: none after the unverified Ke3
  std::ostringstream out;
  xpgn::render::HtmlWriter writer(out);
  writer.write(games[0]);
  writer.finish();
  const std::string html = out.str();
  for (char c : html) {
    const auto byte = static_cast<unsigned char>(c);
    INFO(static_cast<int>(byte));
    CHECK((byte >= 0x20 || c == '\n' || c == '\t' || c == '\r'));
  }
  CHECK(html.find("c\xEF\xBF\xBD&lt;x&gt;") != std::string::npos);
  CHECK(html.find("Not verified (illegal move") != std::string::npos);
  CHECK(html.find("Ke3") != std::string::npos);
  CHECK(html.find("after") != std::string::npos);
  CHECK(html.find("Nc6") != std::string::npos);
}

TEST_CASE("utf8: is_ascii finds a high byte at every place of texts of every short length",
          "[utf8]") {
  for (std::size_t length = 0; length <= 20; ++length) {
    const std::string plain(length, 'a');
    INFO("length " << length);
    CHECK(xpgn::record::is_ascii(plain));
    for (std::size_t at = 0; at < length; ++at) {
      std::string text = plain;
      text[at] = static_cast<char>(0x80 + at);
      INFO("high byte at " << at);
      CHECK_FALSE(xpgn::record::is_ascii(text));
    }
  }
}
