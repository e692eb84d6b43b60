// notation: the streaming PGN reader (game splitting, visitor events, positions, encodings).
#include <catch2/catch.hpp>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "xpgn/core/san_token.hpp"
#include "xpgn/notation/detail.hpp"
#include "xpgn/notation/notation.hpp"

using namespace xpgn;

namespace {

std::string where(SourcePos p) {
  return std::to_string(p.line) + ":" + std::to_string(p.column);
}

// Writes every visitor call as one line of text.
class Recorder : public notation::PgnVisitor {
 public:
  std::vector<std::string> log;
  bool movetext = true;
  bool positions = false;  // add line:column to every event

  void begin_game(std::uint64_t index, SourcePos pos) override {
    log.push_back("game " + std::to_string(index) + " @" + where(pos) + " +" +
                  std::to_string(pos.offset));
  }
  void tag(std::string_view name, std::string_view value, SourcePos pos) override {
    add("tag " + std::string(name) + "=" + std::string(value), pos);
  }
  void move(const SanToken& token, std::string_view text, SourcePos pos) override {
    add("move " + std::string(text) +
            (format_san(token) == text ? "" : " [" + format_san(token) + "]"),
        pos);
  }
  void invalid_move(const notation::SyntaxError& e) override {
    log.push_back("invalid " + e.token + " @" + where(e.pos) + ": " + e.expected);
  }
  void nag(int value, SourcePos pos) override { add("nag " + std::to_string(value), pos); }
  void comment(std::string_view text, SourcePos pos) override {
    add("comment " + std::string(text), pos);
  }
  void begin_variation(SourcePos pos) override { add("(", pos); }
  void end_variation(SourcePos pos) override { add(")", pos); }
  void result(std::string_view text, SourcePos pos) override {
    add("result " + std::string(text), pos);
  }
  void syntax_error(const notation::SyntaxError& e) override {
    log.push_back("error @" + where(e.pos) + " '" + e.token + "': " + e.expected);
  }
  void warning(SourcePos pos, std::string_view message) override {
    log.push_back("warning @" + where(pos) + ": " + std::string(message));
  }
  void end_game() override { log.push_back("end"); }
  bool wants_movetext() override { return movetext; }

 private:
  void add(std::string s, SourcePos pos) {
    if (positions) s += " @" + where(pos);
    log.push_back(std::move(s));
  }
};

std::vector<std::string> read(const std::string& text, bool positions = false) {
  Recorder r;
  r.positions = positions;
  const std::uint64_t games = notation::read_pgn(std::string_view(text), r);
  // The stream reader must report exactly the same, whatever the size of its reads.
  Recorder s;
  s.positions = positions;
  std::istringstream in(text);
  CHECK(notation::read_pgn(in, s) == games);
  CHECK(s.log == r.log);
  for (std::size_t chunk : {1, 2, 3, 5, 16}) {
    Recorder c;
    c.positions = positions;
    std::istringstream small(text);
    INFO("chunk size " << chunk);
    CHECK(notation::detail::read_pgn(small, c, chunk) == games);
    CHECK(c.log == r.log);
  }
  return r.log;
}

using Log = std::vector<std::string>;

// What the reader in grammar-only mode reports of `text` (without positions).
Log read_grammar(const std::string& text) {
  Recorder r;
  notation::ReaderOptions options;
  options.grammar_only = true;
  notation::read_pgn(std::string_view(text), r, options);
  return r.log;
}

// Only the lines of the log that start with `prefix`.
Log only(const Log& log, const std::string& prefix) {
  Log out;
  for (const auto& line : log)
    if (line.rfind(prefix, 0) == 0) out.push_back(line);
  return out;
}

}  // namespace

TEST_CASE("read_pgn: events of a simple game in order", "[notation][pgn]") {
  const Log log =
      read("[Event \"Test\"]\n[White \"A\"]\n\n1. e4 e5 2. Nf3 {good} Nc6 $1 3. Bb5+ 1-0\n", true);
  CHECK(log == Log{"game 1 @1:1 +0", "tag Event=Test @1:1", "tag White=A @2:1", "move e4 @4:4",
                   "move e5 @4:7", "move Nf3 @4:13", "comment good @4:17", "move Nc6 @4:24",
                   "nag 1 @4:28", "move Bb5+ @4:34", "result 1-0 @4:39", "end"});
}

TEST_CASE("read_pgn: move numbers, suffixes and check marks", "[notation][pgn]") {
  const Log log = read(
      "1.e4 e5 2. Nf3!? Nc6?! 3.Bb5!! a6?? 4. Ba4! Nf6? 5. O-O $14 Be7\n"
      "6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 11.\nc4 c6 12. ... "
      "Qe8 13... Kh8 14. Qxf7# *");
  CHECK(only(log, "nag") == Log{"nag 5", "nag 6", "nag 3", "nag 4", "nag 1", "nag 2", "nag 14"});
  const Log moves = only(log, "move");
  REQUIRE(moves.size() == 25);
  CHECK(moves[0] == "move e4");
  CHECK(moves[2] == "move Nf3");
  CHECK(moves[20] == "move c4");
  CHECK(moves[22] == "move Qe8");
  CHECK(moves[24] == "move Qxf7#");
  CHECK(log.back() == "end");
  CHECK(log[log.size() - 2] == "result *");
}

TEST_CASE("read_pgn: nested variations", "[notation][pgn]") {
  const Log log = read("1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) (1. c4) 1... e5 *");
  CHECK(log == Log{"game 1 @1:1 +0", "move e4", "(", "move d4", "move d5", "(", "move Nf6",
                   "move c4", ")", "move c4", ")", "(", "move c4", ")", "move e5", "result *",
                   "end"});
}

TEST_CASE("read_pgn: comments", "[notation][pgn]") {
  // '[' at the start of a line inside a comment is text, so is '{' and ';'.
  const std::string text =
      "[Event \"a\"]\n1. e4 {first line\n[%emt 0:00:05]\n[Site \"not a tag\"] { still; text}\n"
      "e5 ; rest of line { not a comment\nNf3 *\n";
  const Log log = read(text, true);
  CHECK(log == Log{"game 1 @1:1 +0", "tag Event=a @1:1", "move e4 @2:4",
                   "comment first line\n[%emt 0:00:05]\n[Site \"not a tag\"] { still; text @2:7",
                   "move e5 @5:1", "comment  rest of line { not a comment @5:4", "move Nf3 @6:1",
                   "result * @6:5", "end"});
}

TEST_CASE("read_pgn: % escape lines are ignored", "[notation][pgn]") {
  const std::string text =
      "%header line\n[Event \"a\"]\n%inside\n1. e4 *\n%between\n[Event \"b\"]\n*\n";
  const Log log = read(text);
  CHECK(log == Log{"game 1 @2:1 +13", "tag Event=a", "move e4", "result *", "end",
                   "game 2 @6:1 +" + std::to_string(text.find("[Event \"b")), "tag Event=b",
                   "result *", "end"});
}

TEST_CASE("read_pgn: games without a result, tag-only games, blank lines", "[notation][pgn]") {
  SECTION("a new tag section ends a game without result") {
    const std::string text = "[Event \"a\"]\n1. e4 e5\n\n\n[Event \"b\"]\n1. d4 *\n";
    const Log log = read(text);
    CHECK(log == Log{"game 1 @1:1 +0", "tag Event=a", "move e4", "move e5", "end",
                     "game 2 @5:1 +" + std::to_string(text.find("[Event \"b")), "tag Event=b",
                     "move d4", "result *", "end"});
  }
  SECTION("tag sections without movetext are games with zero moves") {
    const std::string text =
        "[Event \"a\"]\n[Round \"1\"]\n\n[Round \"2\"]\n[White \"x\"]\n\n[Round \"3\"]\n\n\n";
    const Log log = read(text);
    CHECK(log == Log{"game 1 @1:1 +0", "tag Event=a", "tag Round=1", "end",
                     "game 2 @4:1 +" + std::to_string(text.find("[Round \"2")), "tag Round=2",
                     "tag White=x", "end",
                     "game 3 @7:1 +" + std::to_string(text.find("[Round \"3")), "tag Round=3",
                     "end"});
  }
  SECTION("a blank line inside a tag section (ChessBase) does not split the game") {
    const Log log = read("[Event \"a\"]\n\n[Date \"2017\"]\n[Round \"1\"]\n\n1. e4 *\n");
    CHECK(log == Log{"game 1 @1:1 +0", "tag Event=a", "tag Date=2017", "tag Round=1", "move e4",
                     "result *", "end"});
  }
  SECTION("a duplicated tag without a blank line stays in its game") {
    const Log log = read("[Event \"a\"]\n[WhiteFideId \"1\"]\n[WhiteFideId \"1\"]\n1. e4 *");
    CHECK(only(log, "game").size() == 1);
  }
  SECTION("games without tags are separated by their results") {
    const Log log = read("1. e4 e5 1-0 1. d4 d5 0-1\n1/2-1/2\n");
    CHECK(log == Log{"game 1 @1:1 +0", "move e4", "move e5", "result 1-0", "end",
                     "game 2 @1:14 +13", "move d4", "move d5", "result 0-1", "end",
                     "game 3 @2:1 +26", "result 1/2-1/2", "end"});
  }
  SECTION("blank input has no games") {
    CHECK(read("").empty());
    CHECK(read("\n\n  \r\n\t\n").empty());
  }
}

TEST_CASE("read_pgn: comments after the result belong to the game", "[notation][pgn]") {
  const std::string text =
      "[Event \"a\"]\n\n1. e4 1/2-1/2\n; { Game Nr. 1 : draws\n; GameDuration = 04:32:08 }\n\n\n"
      "[Event \"b\"]\n\n{ Intel Core i7 }\n1. d4 1-0\n";
  const Log log = read(text);
  CHECK(log == Log{"game 1 @1:1 +0", "tag Event=a", "move e4", "result 1/2-1/2",
                   "comment  { Game Nr. 1 : draws", "comment  GameDuration = 04:32:08 }", "end",
                   "game 2 @8:1 +" + std::to_string(text.find("[Event \"b")), "tag Event=b",
                   "comment  Intel Core i7 ", "move d4", "result 1-0", "end"});
}

TEST_CASE("read_pgn: tag values", "[notation][pgn]") {
  const Log log = read(
      "[Site \"It \\'Lloyds Bank\\' London\"]\n[White \"a \\\"b\\\" \\\\ c\"]\n"
      "[Black \"The \"Big\" One\"]\n[Event \"\"]\n[ Round   \"1\" ]\n*");
  CHECK(only(log, "tag") == Log{"tag Site=It \\'Lloyds Bank\\' London", "tag White=a \"b\" \\ c",
                                "tag Black=The \"Big\" One", "tag Event=", "tag Round=1"});
}

TEST_CASE("read_pgn: CRLF line ends and a byte order mark", "[notation][pgn]") {
  const std::string text =
      "\xEF\xBB\xBF[Event \"a\"]\r\n\r\n1. e4 ; note\r\ne5 {x\r\ny} *\r\n\r\n[Event "
      "\"b\"]\r\n*\r\n";
  const Log log = read(text, true);
  CHECK(log == Log{"game 1 @1:1 +3", "tag Event=a @1:1", "move e4 @3:4", "comment  note @3:7",
                   "move e5 @4:1", "comment x\r\ny @4:4", "result * @5:4", "end",
                   "game 2 @7:1 +" + std::to_string(text.find("[Event \"b")), "tag Event=b @7:1",
                   "result * @8:1", "end"});
}

TEST_CASE("read_pgn: legacy encodings are converted with a warning", "[notation][pgn]") {
  SECTION("Latin-1 / windows-1252") {
    const std::string text =
        "[Event \"x\"]\n[White \"R\xe9ti\"]\n[Black \"Van N\xfcss\"]\n1. e4 *\n"
        "[Event \"y\"]\n[White \"R\xc3\xa9ti\"]\n*\n";
    const Log log = read(text);
    CHECK(log ==
          Log{"game 1 @1:1 +0",
              "warning @1:1: input is not UTF-8: decoded as ISO-8859-1 from this game on (the "
              "encoding is decided once per input; --encoding NAME overrides)",
              "tag Event=x", "tag White=R\xc3\xa9ti", "tag Black=Van N\xc3\xbcss", "move e4",
              "result *", "end", "game 2 @5:1 +" + std::to_string(text.find("[Event \"y")),
              "tag Event=y", "tag White=R\xc3\xa9ti", "result *", "end"});
  }
  SECTION("CP437") {
    const Log log = read("[Event \"x\"]\n[Site \"Br\x81ssel\"]\n[White \"M\x81ller\"]\n1. e4 *\n");
    CHECK(only(log, "warning") ==
          Log{"warning @1:1: input is not UTF-8: decoded as CP437 from this game on (the "
              "encoding is decided once per input; --encoding NAME overrides)"});
    CHECK(only(log, "tag") ==
          Log{"tag Event=x", "tag Site=Br\xc3\xbcssel", "tag White=M\xc3\xbcller"});
  }
  SECTION("line numbers of a converted game stay those of the file") {
    const Log log = read("[Event \"x\"]\n[Site \"Z\x81rich\"]\n\n1. e4 e9x *\n", true);
    CHECK(only(log, "invalid") == Log{"invalid e9x @4:7: a square such as e4"});
  }
}

TEST_CASE("read_pgn: the encoding is decided once per input", "[notation][pgn]") {
  SECTION("UTF-8 with a few stray bytes stays UTF-8: no mojibake") {
    // "Ñé" in UTF-8, then a game with one stray byte 0xFF beside more UTF-8.
    const std::string text =
        "[Event \"a\"]\n[White \"\xc3\x91\xc3\xa9\"]\n*\n\n"
        "[Event \"b\"]\n[White \"\xc3\x91\xc3\xa9 \xff\"]\n[Black \"Mu\xc3\xb1oz\"]\n*\n";
    const Log log = read(text);
    CHECK(only(log, "warning") ==
          Log{"warning @5:1: input is UTF-8 with bytes that are not UTF-8: they are replaced by "
              "U+FFFD (the encoding is decided once per input; --encoding NAME overrides)"});
    const Log tags = only(log, "tag");
    REQUIRE(tags.size() == 5);
    CHECK(tags[1] == "tag White=\xc3\x91\xc3\xa9");
    // The valid sequences are kept as they are (the stray byte is replaced by the replayer).
    CHECK(tags[3].rfind("tag White=\xc3\x91\xc3\xa9 ", 0) == 0);
    CHECK(tags[4] == "tag Black=Mu\xc3\xb1oz");
  }
  SECTION("a CP437 file whose first game could be windows-1252 is CP437 throughout") {
    // 0xA2 is "ó" in CP437 and "¢" in windows-1252; 0x81 ("ü" in CP437) is undefined in
    // windows-1252 and comes only in the third game.
    const std::string text =
        "[Event \"a\"]\n[Site \"Si\xa2n\"]\n*\n\n[Event \"b\"]\n[Site \"Le\xa2n\"]\n*\n\n"
        "[Event \"c\"]\n[Site \"Z\x81rich\"]\n*\n";
    const Log log = read(text);
    CHECK(only(log, "warning") ==
          Log{"warning @1:1: input is not UTF-8: decoded as CP437 from this game on (the "
              "encoding is decided once per input; --encoding NAME overrides)"});
    CHECK(only(log, "tag Site") ==
          Log{"tag Site=Si\xc3\xb3n", "tag Site=Le\xc3\xb3n", "tag Site=Z\xc3\xbcrich"});
  }
  SECTION("valid UTF-8 games after the decision are not decoded again") {
    const std::string text =
        "[Event \"a\"]\n[Site \"M\x81nchen\"]\n*\n\n[Event \"b\"]\n[Site \"K\xc3\xb6ln\"]\n*\n";
    const Log log = read(text);
    CHECK(only(log, "tag Site") == Log{"tag Site=M\xc3\xbcnchen", "tag Site=K\xc3\xb6ln"});
  }
  SECTION("--encoding decides instead of the reader") {
    const std::string text = "[Event \"a\"]\n[Site \"Si\xa2n\"]\n*\n";
    notation::ReaderOptions options;
    options.encoding = "windows-1252";
    Recorder r;
    notation::read_pgn(std::string_view(text), r, options);
    CHECK(only(r.log, "warning").empty());
    CHECK(only(r.log, "tag Site") == Log{"tag Site=Si\xc2\xa2n"});
    options.encoding = "CP437";
    std::istringstream in(text);
    Recorder s;
    notation::read_pgn(in, s, options);
    CHECK(only(s.log, "tag Site") == Log{"tag Site=Si\xc3\xb3n"});
  }
  SECTION("encoding names") {
    CHECK(notation::is_known_encoding("CP437"));
    CHECK(notation::is_known_encoding("ISO-8859-1"));
    CHECK(notation::is_known_encoding("utf-8"));
    CHECK_FALSE(notation::is_known_encoding("no-such-encoding"));
  }
}

namespace {

// The contents of the file tests/data/encodings/`name` (made by its make.sh).
std::string encodings_file(const std::string& name) {
  std::ifstream in(std::string(XPGN_TEST_DATA) + "/encodings/" + name, std::ios::binary);
  REQUIRE(in);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("read_pgn: East Asian records in their own encodings", "[notation][pgn][encoding]") {
  // A log without its warnings, and without the games' byte offsets (the encodings differ in
  // length).
  auto comparable = [](Log log) {
    std::erase_if(log, [](const std::string& line) { return line.starts_with("warning"); });
    for (std::string& line : log)
      if (line.starts_with("game ")) line.resize(line.find(" +"));
    return log;
  };
  auto decided = [](const std::string& name) {
    return Log{"warning @1:1: input is not UTF-8: decoded as " + name +
               " from this game on (the encoding is decided once per input; --encoding NAME "
               "overrides)"};
  };
  SECTION("EUC-KR (janggi), GB2312 (xiangqi) and Shift_JIS (shogi) records are recognised") {
    const struct {
      const char* encoded;
      const char* utf8;
      const char* icu_name;
    } files[] = {{"korean-euc-kr.pgn", "../notations/korean.pgn", "EUC-KR"},
                 {"xiangqi-gb2312.pgn", "xiangqi-utf8.pgn", "GB18030"},
                 {"shogi-shift-jis.pgn", "shogi-utf8.pgn", "Shift_JIS"}};
    for (const auto& f : files) {
      INFO(f.encoded);
      const Log legacy = read(encodings_file(f.encoded));
      const Log utf8 = read(encodings_file(f.utf8));
      CHECK(only(legacy, "warning") == decided(f.icu_name));
      CHECK(only(utf8, "warning").empty());
      CHECK(comparable(legacy) == comparable(utf8));
      CHECK(only(utf8, "tag").size() >= 5);
    }
  }
  SECTION("a short sample is not trusted to be multi-byte") {
    // Two Hangul syllables in EUC-KR ("장군", a check): too few for a sure detection, so the
    // game is read as a Latin encoding, with the warning that names --encoding.
    const std::string text = "[Event \"\xc0\xe5\xb1\xba\"]\n*\n";
    const Log log = read(text);
    REQUIRE(only(log, "warning").size() == 1);
    CHECK(only(log, "warning")[0].find("EUC-KR") == std::string::npos);
    notation::ReaderOptions options;
    options.encoding = "EUC-KR";
    Recorder forced;
    notation::read_pgn(std::string_view(text), forced, options);
    CHECK(only(forced.log, "tag") == Log{"tag Event=\xec\x9e\xa5\xea\xb5\xb0"});
  }
  SECTION("Latin and CP437 files are not taken for multi-byte ones") {
    // Bytes that are well-formed Shift_JIS or GBK pairs ("\x81l", "\xfcl") in German names.
    CHECK(only(read("[Event \"x\"]\n[White \"M\x81ller\"]\n[Black \"Z\x81rich\"]\n*\n"),
               "warning") == decided("CP437"));
    CHECK(
        only(read("[Event \"x\"]\n[White \"M\xfcller\"]\n[Black \"J\xfcrgen\"]\n*\n"), "warning")[0]
            .find("decoded as ISO-8859-1") != std::string::npos);
  }
}

TEST_CASE("read_pgn: invalid moves are reported and reading goes on", "[notation][pgn]") {
  const Log log = read("1. e4 e9x 2. Nf3 Nc6/h Bb5 *");
  CHECK(log == Log{"game 1 @1:1 +0", "move e4", "invalid e9x @1:7: a square such as e4", "move Nf3",
                   "invalid Nc6/h @1:18: the end of the move", "move Bb5", "result *", "end"});
}

TEST_CASE("read_pgn: a syntax error ends the game, its unread text handed over as a comment",
          "[notation][pgn]") {
  const std::string text =
      "[Event \"1\"]\n\n1. e4 e5 *\n\n"
      "[Event \"2\"]\n\n1. d4 d5 1-0\n\n"
      "[Event \"3\"]\n[Site \"x\"]\n\n1. c4 e5\n2. Nc3 Nf6 3. g3 ] 4. Bg2 *\n\n"
      "[Event \"4\"]\n\n1. f4 *\n";
  const Log log = read(text, true);
  CHECK(log == Log{"game 1 @1:1 +0",
                   "tag Event=1 @1:1",
                   "move e4 @3:4",
                   "move e5 @3:7",
                   "result * @3:10",
                   "end",
                   "game 2 @5:1 +25",
                   "tag Event=2 @5:1",
                   "move d4 @7:4",
                   "move d5 @7:7",
                   "result 1-0 @7:10",
                   "end",
                   "game 3 @9:1 +52",
                   "tag Event=3 @9:1",
                   "tag Site=x @10:1",
                   "move c4 @12:4",
                   "move e5 @12:7",
                   "move Nc3 @13:4",
                   "move Nf6 @13:8",
                   "move g3 @13:15",
                   "error @13:18 ']': a move, comment, annotation, variation or game result",
                   "comment xpgn: not read after a syntax error at line 13, column 18 (expected "
                   "a move, comment, annotation, variation or game result): ] 4. Bg2 * @13:18",
                   "end",
                   "game 4 @15:1 +114",
                   "tag Event=4 @15:1",
                   "move f4 @17:4",
                   "result * @17:7",
                   "end"});
}

TEST_CASE("read_pgn: kinds of syntax errors", "[notation][pgn]") {
  CHECK(only(read("1. e4 (1. d4 d5 *"), "error") ==
        Log{"error @1:7 '(': ')' closing this variation"});
  CHECK(only(read("1. e4 {never closed\n\n"), "error") ==
        Log{"error @1:7 '{never': '}' closing the comment"});
  CHECK(only(read("[Event \"open\n1. e4 *"), "error") ==
        Log{"error @1:13 '': '\"' closing the tag value"});
  CHECK(only(read("[Event open]\n1. e4 *"), "error") ==
        Log{"error @1:8 'open': a tag value in double quotes"});
  CHECK(only(read("[Event \"x\"\n1. e4 *"), "error") ==
        Log{"error @1:11 '': ']' closing the tag pair"});
  CHECK(only(read("1. e4 $ e5 *"), "error") == Log{"error @1:8 '': the number of a NAG after '$'"});
  CHECK(only(read("1. e4 ) e5 *"), "error") ==
        Log{"error @1:7 ')': a move, comment, annotation, variation or game result"});
}

TEST_CASE("read_pgn: nothing of a game is lost after a syntax error in its movetext",
          "[notation][pgn]") {
  // The example of issue 37: without the comment, a writer wrote "1. e4 e5 2. Bc4 Nc6 1-0".
  const Log log = read("[Event \"x\"]\n\n1. e4 e5 2. Bc4 Nc6 & 3. Qh5 Nf6 4. Qxf7# 1-0\n\n");
  CHECK(log == Log{"game 1 @1:1 +0", "tag Event=x", "move e4", "move e5", "move Bc4", "move Nc6",
                   "error @3:21 '&': a move, comment, annotation, variation or game result",
                   "comment xpgn: not read after a syntax error at line 3, column 21 (expected a "
                   "move, comment, annotation, variation or game result): & 3. Qh5 Nf6 4. Qxf7# "
                   "1-0",
                   "end"});
  // Inside a variation: the rest from the error on, the variation's end included.
  CHECK(only(read("1. e4 (1. d4 & ) e5 1-0"), "comment") ==
        Log{"comment xpgn: not read after a syntax error at line 1, column 14 (expected ')' "
            "closing the variation, or a move, comment or annotation): & ) e5 1-0"});
  // A variation left open at the end: its moves were read, nothing is left unread.
  CHECK(only(read("1. e4 (1. d4 d5\n"), "comment").empty());
  // The grammar alone says the same.
  CHECK(read_grammar("1. e4 e5 & 2. Nf3 *") == read("1. e4 e5 & 2. Nf3 *"));
}

TEST_CASE("read_pgn: a malformed tag pair does not hide the rest of its game", "[notation][pgn]") {
  const std::string text =
      "[Event \"y\"]\n[Foo bar]\n[Result \"*\"]\n\n1. e4 e5 2. Ke3 *\n\n[Event \"z\"]\n\n1. d4 *\n";
  const Log log = read(text);
  // One game, not two: the splitter keeps the pair in the tag section; its text comes as a
  // comment after the head, the error once the game is read (a replayer stops replaying at a
  // syntax error).
  CHECK(log == Log{"game 1 @1:1 +0", "tag Event=y", "tag Result=*",
                   "comment xpgn: not read after a syntax error at line 2, column 1 (expected a "
                   "tag value in double quotes): [Foo bar]",
                   "move e4", "move e5", "move Ke3", "result *",
                   "error @2:6 'bar': a tag value in double quotes", "end", "game 2 @7:1 +55",
                   "tag Event=z", "move d4", "result *", "end"});
  CHECK(read_grammar(text) == log);
  std::istringstream in(text);
  CHECK(notation::scan_games(in, [](const notation::GameStart&) { return true; }) == 2);
  // Two malformed pairs, the second without its ']'; a pair with no value at all.
  CHECK(only(read("[A b]\n[B \"c\"\n[C \"d\"]\n1. e4 *"), "tag") == Log{"tag C=d"});
  CHECK(only(read("[A b]\n[B \"c\"\n[C \"d\"]\n1. e4 *"), "error").size() == 2);
  CHECK(only(read("[A]\n[C \"d\"]\n1. e4 *"), "move") == Log{"move e4"});
}

TEST_CASE("read_pgn: an unclosed comment stops at the next Event tag line", "[notation][pgn]") {
  const Log log = read("[Event \"a\"]\n1. e4 {oops\n\n[Event \"b\"]\n1. d4 {fine} *\n");
  CHECK(log == Log{"game 1 @1:1 +0", "tag Event=a", "move e4",
                   "error @2:7 '{oops': '}' closing the comment",
                   "comment xpgn: not read after a syntax error at line 2, column 7 (expected '}' "
                   "closing the comment): {oops",
                   "end", "game 2 @4:1 +25", "tag Event=b", "move d4", "comment fine", "result *",
                   "end"});
}

TEST_CASE("read_pgn: wants_movetext() false skips the movetext", "[notation][pgn]") {
  Recorder r;
  r.movetext = false;
  notation::read_pgn(
      std::string_view("[Event \"a\"]\n1. e4 e5 {c} (1. d4) 1-0\n[Event \"b\"]\n1. d4"), r);
  CHECK(r.log == Log{"game 1 @1:1 +0", "tag Event=a", "result 1-0", "end", "game 2 @3:1 +37",
                     "tag Event=b", "end"});
}

TEST_CASE("read_pgn: stream and memory readers agree across buffer boundaries", "[notation][pgn]") {
  // About 5 MB: games with long comments, a game far larger than the 1 MiB read size, games
  // that start right at a chunk border.
  std::string text;
  std::string long_comment(300, 'c');
  for (int i = 0; i < 4000; ++i) {
    text += "[Event \"g" + std::to_string(i) + "\"]\n[Site \"s\"]\n\n";
    text += "1. e4 {" + long_comment + "} e5 2. Nf3 ; line\n(2. f4 exf4) Nc6 $3 ";
    text += (i % 3 == 0) ? "1-0\n\n" : "*\n\n";
    if (i == 1500) text += "[Event \"big\"]\n1. e4 {" + std::string(3 << 20, 'x') + "} *\n\n";
  }
  Recorder r;
  CHECK(notation::read_pgn(std::string_view(text), r) == 4001);
  Recorder s;
  std::istringstream in(text);
  CHECK(notation::read_pgn(in, s) == 4001);
  CHECK(r.log.size() == s.log.size());
  CHECK(r.log == s.log);
  CHECK(only(r.log, "error").empty());
  CHECK(only(r.log, "move").size() == 4000 * 6 + 1);
}

TEST_CASE("read_pgn: never throws, crashes or hangs on garbage", "[notation][pgn]") {
  std::mt19937 rng(12345);
  const std::string alphabet = "[]{}()\"\\;%$!?.*-/01289eNxO@,~>^ \n\r\t\xEF\xBB\xBF\x81\xe9";
  for (int round = 0; round < 200; ++round) {
    std::string text;
    const int n = static_cast<int>(rng() % 400);
    for (int i = 0; i < n; ++i) text += alphabet[rng() % alphabet.size()];
    Recorder r;
    CHECK_NOTHROW(notation::read_pgn(std::string_view(text), r));
    Recorder s;
    std::istringstream in(text);
    CHECK_NOTHROW(notation::detail::read_pgn(in, s, 1 + rng() % 7));
    CHECK(r.log == s.log);
  }
  // Deep nesting is an error, not a stack overflow.
  Recorder r;
  CHECK_NOTHROW(
      notation::read_pgn(std::string_view("1. e4 " + std::string(100000, '(') + " *"), r));
  CHECK(only(r.log, "error").size() == 1);
}

TEST_CASE("read_pgn: the corpus reads without throwing", "[notation][pgn][corpus]") {
  namespace fs = std::filesystem;
  const fs::path corpus = fs::path(XPGN_SHARED_DIR) / "corpus";
  if (!fs::is_directory(corpus)) {
    WARN("corpus test skipped: " << corpus.string() << " is not a directory");
    return;
  }
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(corpus))
    if (entry.is_regular_file() && entry.path().extension() == ".pgn")
      files.push_back(entry.path());
  if (fs::is_directory(corpus / "tricky")) {
    for (const auto& entry : fs::recursive_directory_iterator(corpus / "tricky"))
      if (entry.is_regular_file()) files.push_back(entry.path());
  } else {
    WARN("tricky corpus skipped: " << (corpus / "tricky").string() << " is missing");
  }
  struct Counter : notation::PgnVisitor {
    std::uint64_t begins = 0, ends = 0, moves = 0;
    void begin_game(std::uint64_t, SourcePos) override { ++begins; }
    void move(const SanToken&, std::string_view, SourcePos) override { ++moves; }
    void end_game() override { ++ends; }
  };
  std::uint64_t total = 0;
  for (const auto& path : files) {
    std::ifstream in(path, std::ios::binary);
    Counter c;
    std::uint64_t games = 0;
    INFO(path.string());
    CHECK_NOTHROW(games = notation::read_pgn(in, c));
    CHECK(games == c.begins);
    CHECK(c.begins == c.ends);
    total += games;
    const std::string name = path.filename().string();
    if (name == "capablanca.pgn") CHECK(games == 597);
    if (name == "dortmund.pgn") CHECK(games == 347);
    if (name == "world-matches.pgn") CHECK(games == 580);
    if (name == "lichess-studies-pychess.pgn") CHECK(games == 405);
    if (name == "fide-wwrc2024-broadcast.pgn") CHECK(games == 605);
    if (name == "uzchesscup-broadcast.pgn") CHECK(games == 45);
    if (name == "chessbase-empty-line.pgn") CHECK(games == 1);
    if (name == "utf8-bom.pgn") CHECK(games == 2);
  }
  CHECK(total > 5000);
}
