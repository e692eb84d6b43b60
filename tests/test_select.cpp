// Tests of archive curation: the selection criteria, duplicate keys and the key set
// (record/select.hpp), and `xpgn select` run as a process on tests/data/select and the corpus.
#include <catch2/catch.hpp>

#include <cstdlib>

#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "test_shell.hpp"
#include "xpgn/record/openings.hpp"
#include "xpgn/record/replayer.hpp"
#include "xpgn/record/select.hpp"
#include "xpgn/xpgn.hpp"

namespace {

namespace fs = std::filesystem;
using xpgn::record::GameKey;

// The contents of a file.
std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// What `xpgn ARGS` printed on standard output and its exit status (standard error to `err`
// when given), run with /bin/sh in tests/data/select.
using Run = xpgn::test::ShellRun;  // exit status and standard output
Run run_xpgn(const std::string& args, const std::string& env = "") {
  const std::string command = "cd '" + std::string(XPGN_TEST_DATA) + "/select' && " + env + " '" +
                              std::string(XPGN_BINARY) + "' " + args;
  return xpgn::test::run_shell(command);
}

// The games of a file whose every game starts with an [Event line, cut there (independently of
// the reader's splitter): game i is games[i - 1].
std::vector<std::string> cut_at_events(const std::string& text) {
  std::vector<std::string> games;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t next = text.find("\n[Event ", at);
    next = next == std::string::npos ? text.size() : next + 1;
    games.push_back(text.substr(at, next - at));
    at = next;
  }
  return games;
}

const std::string curation = std::string(XPGN_TEST_DATA) + "/select/curation.pgn";

// The games of curation.pgn numbered in `numbers`, concatenated as in the file.
std::string curation_games(const std::vector<int>& numbers) {
  const auto games = cut_at_events(slurp(curation));
  std::string out;
  for (int n : numbers) out += games.at(static_cast<std::size_t>(n - 1));
  return out;
}

// The numbers of the games of curation.pgn (replayed in full) that `options` selects.
std::vector<int> selected(const xpgn::record::SelectOptions& options) {
  std::string error;
  const auto selector = xpgn::record::Selector::make(options, error);
  REQUIRE(selector);
  std::vector<int> numbers;
  for (const auto& game : xpgn::record::read_games(slurp(curation)))
    if (selector->matches(game)) numbers.push_back(static_cast<int>(game.index));
  return numbers;
}

// Every .pgn file of the shared corpus (../shared/corpus), or none with a WARN saying why: it is
// not there (a user's clone), or XPGN_TEST_SHARED_CORPUS=0 (the sanitizer job, .ci/sanitize:
// the repository's own files still run there). `what` names the skipped part in the WARN.
std::vector<std::string> shared_corpus_files(const std::string& what) {
  std::vector<std::string> files;
  const fs::path corpus = fs::path(XPGN_SHARED_DIR) / "corpus";
  const char* wanted = std::getenv("XPGN_TEST_SHARED_CORPUS");
  if (wanted && std::string(wanted) == "0") {
    WARN(what << " on the shared corpus skipped: XPGN_TEST_SHARED_CORPUS=0");
  } else if (!fs::is_directory(corpus)) {
    WARN(what << " on the shared corpus skipped: " << corpus.string() << " is not there");
  } else {
    for (const auto& entry : fs::recursive_directory_iterator(corpus))
      if (entry.path().extension() == ".pgn") files.push_back(entry.path().string());
  }
  return files;
}

}  // namespace

TEST_CASE("select: a PGN date with ?? parts is the range of days it may be", "[select]") {
  using xpgn::record::parse_pgn_date;
  auto d = parse_pgn_date("1985.??.??");
  REQUIRE(d);
  CHECK(d->first == 19850101);
  CHECK(d->last == 19851231);
  d = parse_pgn_date("2001.05.??");
  REQUIRE(d);
  CHECK(d->first == 20010501);
  CHECK(d->last == 20010531);
  d = parse_pgn_date("1999.12.31");
  REQUIRE(d);
  CHECK(d->first == d->last);
  d = parse_pgn_date("2024.07");
  REQUIRE(d);
  CHECK(d->first == 20240701);
  CHECK_FALSE(parse_pgn_date("????.??.??"));
  CHECK_FALSE(parse_pgn_date("2024.13.01"));
  CHECK_FALSE(parse_pgn_date("2024.1.1"));
  CHECK_FALSE(parse_pgn_date("yesterday"));
}

TEST_CASE("select: ECO ranges", "[select]") {
  std::string error;
  auto r = xpgn::record::parse_eco_range("A00-B99", error);
  REQUIRE(r);
  CHECK(r->first == "A00");
  CHECK(r->last == "B99");
  r = xpgn::record::parse_eco_range("c6", error);
  REQUIRE(r);
  CHECK(r->first == "C60");
  CHECK(r->last == "C69");
  CHECK_FALSE(xpgn::record::parse_eco_range("B99-A00", error));
  CHECK(error.find("B99-A00") != std::string::npos);
  CHECK_FALSE(xpgn::record::parse_eco_range("F00", error));
  CHECK_FALSE(xpgn::record::parse_eco_range("A0x", error));
}

TEST_CASE("select: the key set holds each key once, in at most 32 bytes per key", "[select]") {
  xpgn::record::KeySet set;
  std::uint64_t x = 0x9e3779b97f4a7c15ULL;
  std::vector<GameKey> keys;
  for (int i = 0; i < 200000; ++i) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    keys.push_back({x, x ^ 0x5555});
  }
  for (const auto& k : keys) CHECK(set.insert(k));
  for (int i = 0; i < 200000; i += 997) CHECK_FALSE(set.insert(keys[static_cast<std::size_t>(i)]));
  CHECK(set.size() == keys.size());
  CHECK(set.bytes() <= 32 * set.size());
  CHECK(set.insert({keys[5].high, keys[5].low + 1}));  // a different key is new
}

TEST_CASE("select: duplicate keys ignore annotations and numbering, not moves, variant or start",
          "[select]") {
  const auto games = xpgn::record::read_games(slurp(curation));
  REQUIRE(games.size() == 8);
  std::vector<GameKey> key;
  for (const auto& g : games) key.push_back(xpgn::record::duplicate_key(g));
  CHECK(key[0] == key[1]);        // comments, NAGs, a variation, move numbers, tags, line breaks
  CHECK(key[6] == key[7]);        // a check mark
  CHECK_FALSE(key[2] == key[3]);  // same moves, other start positions
  CHECK_FALSE(key[2] == key[4]);  // same moves, crazyhouse
  CHECK_FALSE(key[0] == key[6]);
  // A [FEN] of the standard start position is the standard start.
  const auto plain = xpgn::record::read_games("1. e4 c5 *\n");
  REQUIRE(plain.size() == 1);
  CHECK(xpgn::record::duplicate_key(plain[0]) == key[2]);
  // Positions after the same moves from the same start are equal, after others not.
  CHECK(xpgn::record::position_key_at(games[0], 2) == xpgn::record::position_key_at(games[2], 2));
  CHECK_FALSE(xpgn::record::position_key_at(games[0], 2) ==
              xpgn::record::position_key_at(games[4], 2));
  CHECK_FALSE(xpgn::record::position_key_at(games[2], 3));  // the game has 2 plies
}

TEST_CASE("select: each criterion on replayed games", "[select]") {
  using Options = xpgn::record::SelectOptions;
  Options o;
  o.player = "KARPOV";
  CHECK(selected(o) == std::vector<int>{1, 2, 6});
  o = Options{};
  o.white = "karpov";
  o.black = "kasparov";
  CHECK(selected(o) == std::vector<int>{1, 2});
  o = Options{};
  o.event = "same moves";
  o.site = "?";
  CHECK(selected(o) == std::vector<int>{3, 4});
  o = Options{};
  o.tags = {"WhiteElo~^2", "ECO~c2"};
  CHECK(selected(o) == std::vector<int>{6});
  o = Options{};
  o.results = {"0-1", "1/2-1/2"};
  CHECK(selected(o) == std::vector<int>{1, 2, 7, 8});
  o = Options{};
  o.variants = {"crazyhouse"};
  CHECK(selected(o) == std::vector<int>{5});
  o = Options{};
  o.eco = {"A00-B99"};
  CHECK(selected(o) == std::vector<int>{1, 7, 8});
  o = Options{};
  o.date_from = "1985.11";
  o.date_to = "1999";
  CHECK(selected(o) == std::vector<int>{1, 2, 7});  // 1985.??.?? may be in November
  o = Options{};
  o.min_plies = 16;
  CHECK(selected(o) == std::vector<int>{1, 2});
  o = Options{};
  o.max_plies = 2;
  CHECK(selected(o) == std::vector<int>{3, 4, 5, 6});  // game 6: two moves, then an illegal one
  o = Options{};
  o.invalid = true;
  CHECK(selected(o) == std::vector<int>{6});
  o = Options{};
  o.valid = true;
  o.player = "karpov";
  CHECK(selected(o) == std::vector<int>{1, 2});
  std::string error;
  o = Options{};
  o.tags = {"WhiteElo"};
  CHECK_FALSE(xpgn::record::Selector::make(o, error));
  CHECK(error.find("NAME~REGEX") != std::string::npos);
  o.tags = {"WhiteElo~("};
  CHECK_FALSE(xpgn::record::Selector::make(o, error));
  o = Options{};
  o.variants = {"no-such-chess"};
  CHECK_FALSE(xpgn::record::Selector::make(o, error));
  o = Options{};
  o.date_from = "1985.13";
  CHECK_FALSE(xpgn::record::Selector::make(o, error));
  CHECK(error.find("--date-from") != std::string::npos);
  // Only plies and validity need a replay.
  o = Options{};
  o.player = "x";
  o.eco = {"A"};
  CHECK_FALSE(xpgn::record::Selector::make(o, error)->needs_replay());
  o.min_plies = 1;
  CHECK(xpgn::record::Selector::make(o, error)->needs_replay());
}

TEST_CASE("select: the tag reader hands over tags and results without moves", "[select]") {
  std::vector<xpgn::record::Game> games;
  xpgn::record::TagReader reader([&](xpgn::record::Game& g) { games.push_back(g); });
  xpgn::notation::read_pgn(slurp(curation), reader);
  REQUIRE(games.size() == 8);
  CHECK(*games[5].tag("WhiteElo") == "2100");
  CHECK(games[5].result_marker == "1-0");
  CHECK(games[5].moves.empty());
  CHECK(games[5].diagnostics.empty());  // its illegal move was not replayed
  CHECK(xpgn::record::variant_of_tags(games[4])->id == "crazyhouse");
  CHECK(xpgn::record::variant_of_tags(games[0])->id == "chess");
}

TEST_CASE("select: the tag reader keeps only the tags a selection reads", "[select]") {
  xpgn::record::SelectOptions o;
  o.player = "karpov";
  o.variants = {"crazyhouse"};
  o.tags = {"WhiteElo~^2"};
  std::string error;
  const auto selector = xpgn::record::Selector::make(o, error);
  REQUIRE(selector);
  const auto names = selector->tag_names();
  CHECK(names ==
        std::vector<std::string>{"White", "Black", "WhiteElo", "Variant", "VariantOptions"});
  std::vector<xpgn::record::Game> all, some;
  xpgn::record::TagReader every([&](xpgn::record::Game& g) { all.push_back(g); });
  xpgn::record::TagReader filtered([&](xpgn::record::Game& g) { some.push_back(g); }, names);
  xpgn::notation::read_pgn(slurp(curation), every);
  xpgn::notation::read_pgn(slurp(curation), filtered);
  REQUIRE(all.size() == some.size());
  for (std::size_t i = 0; i < all.size(); ++i) {
    INFO("game " << i + 1);
    for (const auto& tag : some[i].tags)
      CHECK(std::find(names.begin(), names.end(), tag.name) != names.end());
    CHECK(some[i].tags.size() < all[i].tags.size());
    CHECK(some[i].result_tag == all[i].result_tag);  // kept whatever the names
    CHECK(selector->matches(some[i]) == selector->matches(all[i]));
  }
}

TEST_CASE("xpgn select writes the chosen games byte for byte, in order", "[select][cli]") {
  Run r = run_xpgn("select -q --player karpov curation.pgn");
  CHECK(r.status == 0);
  CHECK(r.out == curation_games({1, 2, 6}));
  r = run_xpgn("select -q --eco A00-B99 --date-from 1985.11 --date-to 1999 curation.pgn");
  CHECK(r.out == curation_games({1, 7}));
  r = run_xpgn("select -q --invalid curation.pgn");
  CHECK(r.out == curation_games({6}));
  r = run_xpgn("select -q --variant 'Crazy House' curation.pgn");
  CHECK(r.out == curation_games({5}));
  r = run_xpgn("select -q --tag 'WhiteElo~^1[0-9]{3}$' curation.pgn");
  CHECK(r.out == curation_games({7}));
  // The summary line; a bad criterion is a usage error.
  r = run_xpgn("select --player karpov curation.pgn 2>&1 >/dev/null");
  CHECK(r.out == "selected 3 of 8 games\n");
  r = run_xpgn("select --eco Z99 curation.pgn 2>&1");
  CHECK(r.status == 2);
  CHECK(r.out.find("--eco") != std::string::npos);
}

TEST_CASE("xpgn select --unique keeps the first of duplicates, --duplicates-to the others",
          "[select][cli]") {
  const fs::path dir = fs::temp_directory_path() / ("xpgn-select-" + std::to_string(getpid()));
  fs::create_directories(dir);
  const std::string out = (dir / "unique.pgn").string(), dups = (dir / "dups.pgn").string();
  Run r =
      run_xpgn("select --unique -o '" + out + "' --duplicates-to '" + dups + "' curation.pgn 2>&1");
  CHECK(r.status == 0);
  CHECK(r.out == "selected 6 of 8 games, 2 duplicates\n");
  CHECK(slurp(out) == curation_games({1, 3, 4, 5, 6, 7}));
  CHECK(slurp(dups) == curation_games({2, 8}));
  // Two threads and tiny batches: the same bytes.
  Run one = run_xpgn("select -q --unique --jobs 1 curation.pgn curation.pgn");
  Run two = run_xpgn("select -q --unique --jobs 2 curation.pgn curation.pgn",
                     "XPGN_CHECK_BATCH_BYTES=300");
  CHECK(one.out == curation_games({1, 3, 4, 5, 6, 7}));  // the second copy is all duplicates
  CHECK(two.out == one.out);
  // No output over an input; the input stays as it was.
  const std::string before = slurp(curation);
  r = run_xpgn("select -q -o curation.pgn curation.pgn 2>&1");
  CHECK(r.status == 2);
  CHECK(slurp(curation) == before);
  r = run_xpgn("select -q --duplicates-to x.pgn curation.pgn 2>&1");
  CHECK(r.status == 2);
  CHECK(r.out.find("--unique") != std::string::npos);
  // A game without a final line end gets one before the next input's first game.
  const std::string cut = (dir / "cut.pgn").string();
  std::ofstream(cut, std::ios::binary) << "[White \"A\"]\n\n1. e4 *";
  r = run_xpgn("select -q '" + cut + "' '" + cut + "'");
  CHECK(r.out == "[White \"A\"]\n\n1. e4 *\n[White \"A\"]\n\n1. e4 *\n");
  fs::remove_all(dir);
}

TEST_CASE("xpgn select without criteria reproduces every input byte for byte", "[select][cli]") {
  std::vector<std::string> files = {curation};
  for (const auto& entry : fs::directory_iterator(std::string(XPGN_TEST_DATA) + "/cli"))
    files.push_back(entry.path().string());
  for (auto& f : shared_corpus_files("select without criteria")) files.push_back(std::move(f));
  for (const auto& f : files) {
    INFO(f);
    const std::string text = slurp(f);
    if (text.find_first_not_of(" \t\r\n") == std::string::npos) continue;
    for (const char* jobs : {"1", "2"}) {
      Run r = run_xpgn("select -q --jobs " + std::string(jobs) + " '" + f + "'",
                       "XPGN_CHECK_BATCH_BYTES=5000");
      CHECK(r.status == 0);
      // Byte for byte, but for a line end added after a last game that had none.
      if (!text.empty() && text.back() != '\n')
        CHECK(r.out == text + "\n");
      else
        CHECK(r.out == text);
    }
  }
}

TEST_CASE("xpgn select by tags reads a named file as it reads standard input", "[select][cli]") {
  // A tag-only selection reads a named file and standard input alike, by the tag scan of a
  // stream (notation::scan_tags; files were once mapped, and a file cut while it was read
  // killed the process: tests/test_input_truncation.cpp): the same output, games too long for
  // the limit and the first game's leading bytes included, whatever --jobs. (That the scan
  // hands over what the reader does: tests/test_tag_scan.cpp.)
  std::vector<std::string> files = {curation};
  for (const char* name : {"invalid.pgn", "header-only.pgn", "comment-only.pgn", "valid.pgn"})
    files.push_back(std::string(XPGN_TEST_DATA) + "/cli/" + name);
  for (auto& f : shared_corpus_files("tag selection")) files.push_back(std::move(f));
  for (const auto& f : files) {
    INFO(f);
    for (const std::string criteria :
         {"--player a", "--result 1-0 --date-from 1990", "--max-game-size 1500 --event e"}) {
      INFO(criteria);
      Run mapped = run_xpgn("select " + criteria + " '" + f + "' 2>/dev/null");
      Run stream = run_xpgn("select -j2 " + criteria + " - < '" + f + "' 2>/dev/null",
                            "XPGN_CHECK_BATCH_BYTES=20000");
      CHECK(mapped.status == stream.status);
      CHECK(mapped.out == stream.out);
      // The messages (games too long to copy, the summary), the input named "-" in one.
      Run mapped_err = run_xpgn("select " + criteria + " '" + f + "' 2>&1 >/dev/null");
      Run stream_err = run_xpgn("select " + criteria + " - < '" + f + "' 2>&1 >/dev/null",
                                "XPGN_CHECK_BATCH_BYTES=20000");
      std::string expected = stream_err.out;
      for (std::size_t at = 0; (at = expected.find("xpgn: -: ", at)) != std::string::npos;) {
        expected.replace(at + 6, 1, f);
        at += 6 + f.size();
      }
      CHECK(mapped_err.out == expected);
    }
  }
}

TEST_CASE("xpgn select by tags: the progress line counts the bytes of a file read",
          "[select][cli]") {
  // --progress draws the line once more at the end: the file's bytes are all read then (they
  // were once counted as none while a mapped file was read from memory, not from its stream).
  REQUIRE(fs::file_size(curation) > 1000);  // (shown as "1.7 kB of 1.7 kB (100%)")
  const Run r = run_xpgn("select --progress --player a -o /dev/null curation.pgn 2>&1");
  CHECK(r.status == 0);
  CHECK(r.out.find("(100%)") != std::string::npos);
  CHECK(r.out.find("xpgn: 0 B of") == std::string::npos);
}

TEST_CASE("the progress line's last drawing, after the inputs are closed, reads none of them",
          "[select][cli]") {
  // The final line is drawn after the last input is closed: it counts the bytes read without
  // looking at that input any more (it once read the freed input: AddressSanitizer's exit
  // status 1 under the sanitizer job, and valgrind's "invalid read"). Two inputs, read as
  // streams and mapped, by every command that draws the line.
  REQUIRE(fs::file_size(curation) == 1701);  // (two copies: "3.4 kB")
  const std::vector<std::pair<std::string, std::string>> runs = {
      {"check --progress curation.pgn curation.pgn", "3.4 kB of 3.4 kB (100%)"},
      {"check --progress -j2 curation.pgn curation.pgn", "3.4 kB of 3.4 kB (100%)"},
      {"convert --progress -o /dev/null curation.pgn curation.pgn", "3.4 kB of 3.4 kB (100%)"},
      {"select --progress --unique -o /dev/null curation.pgn curation.pgn",
       "3.4 kB of 3.4 kB (100%)"},
      {"select --progress --player a -o /dev/null curation.pgn curation.pgn",
       "3.4 kB of 3.4 kB (100%)"},
      {"select --progress --player a -o /dev/null - < curation.pgn", "1.7 kB, 8 games"}};
  for (const auto& [command, line] : runs) {
    INFO(command);
    const Run r = run_xpgn(command + " 2>&1 >/dev/null");
    // (check and convert: 1, curation.pgn holds an invalid game)
    CHECK(r.status == (command.rfind("select", 0) == 0 ? 0 : 1));
    CHECK(r.out.find("xpgn: " + line) != std::string::npos);
  }
}

TEST_CASE("xpgn select on the corpus: players and duplicates counted independently",
          "[select][cli][corpus]") {
  const std::string file = std::string(XPGN_SHARED_DIR) + "/corpus/twic1599-sample.pgn";
  if (!fs::exists(file)) {
    WARN("skipped: " << file << " is not there (the shared corpus is not checked out)");
    return;
  }
  // Every game of the file starts with [Event: count the games with "so, w" in a player tag.
  const auto games = cut_at_events(slurp(file));
  std::string expected;
  for (const auto& g : games) {
    std::istringstream lines(g);
    std::string line;
    bool hit = false;
    while (std::getline(lines, line)) {
      if (line.rfind("[White \"", 0) != 0 && line.rfind("[Black \"", 0) != 0) continue;
      std::string lower = line;
      for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (lower.find("rapport") != std::string::npos) hit = true;
    }
    if (hit) expected += g;
  }
  REQUIRE_FALSE(expected.empty());
  Run r = run_xpgn("select -q --player RAPPORT '" + file + "'");
  CHECK(r.out == expected);
  // The file twice: every game of the second copy is a duplicate of one in the first.
  r = run_xpgn("select --unique '" + file + "' '" + file + "' 2>&1 >/dev/null");
  Run once = run_xpgn("select --unique '" + file + "' 2>&1 >/dev/null");
  const std::string read = std::to_string(games.size());
  CHECK(once.out.rfind("of " + read + " games", std::string::npos) != std::string::npos);
  const auto kept = once.out.substr(9, once.out.find(' ', 9) - 9);
  CHECK(r.out == "selected " + kept + " of " + std::to_string(2 * games.size()) + " games, " +
                     std::to_string(2 * games.size() - std::stoul(kept)) + " duplicates\n");
}

TEST_CASE("select: board patterns and material", "[select]") {
  using xpgn::record::BoardPattern;
  using xpgn::record::Material;
  std::string error;
  const std::string start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
  auto exact = BoardPattern::parse(start + " w KQkq - 0 1", error);
  REQUIRE(exact);
  CHECK(exact->matches(start));
  CHECK_FALSE(exact->matches("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"));
  auto castled = BoardPattern::parse("*/*/*/*/*/*/*/R4RK1", error);
  REQUIRE(castled);
  CHECK(castled->matches("r4rk1/8/8/8/8/8/8/R4RK1"));
  CHECK_FALSE(castled->matches("r4rk1/8/8/8/8/8/8/R3K2R"));
  CHECK_FALSE(castled->matches("8/8/8/8/8/8/R4RK1"));  // seven rows
  auto any = BoardPattern::parse("?7/*/*/*/*/*/*/*", error);
  REQUIRE(any);
  CHECK_FALSE(any->matches(start));  // seven empty squares after a8
  CHECK(any->matches("r7/8/8/8/8/8/8/8"));
  CHECK(any->matches("8/8/8/8/8/8/8/8"));
  CHECK_FALSE(any->matches("1r6/8/8/8/8/8/8/8"));
  // Ten files, a stack, a promoted piece and a holding.
  auto wide = BoardPattern::parse("*(PN)*/10", error);
  REQUIRE(wide);
  CHECK(wide->matches("3(PN)6/10"));
  CHECK(wide->matches("Q~2(PN)6/10[Nq]"));
  CHECK_FALSE(wide->matches("3(NP)6/10"));
  CHECK_FALSE(BoardPattern::parse("rnbqkbnr/pp$ppppp", error));
  CHECK(error.find("no board") != std::string::npos);

  auto krp = Material::parse("KRP-KR", error);
  REQUIRE(krp);
  CHECK(krp->matches("8/8/4k3/8/8/2K5/1P6/R6r"));
  CHECK(krp->matches("8/8/4k3/8/8/2K5/1p6/R6r"));  // either side
  CHECK_FALSE(krp->matches("8/8/4k3/8/8/2K5/1P6/R6R"));
  CHECK_FALSE(krp->matches("8/8/4k3/8/8/2K5/1P5P/R6r"));
  CHECK_FALSE(Material::parse("KRP", error));
  CHECK_FALSE(Material::parse("Krp-KR", error));
}

TEST_CASE("select: positions, material and endings of replayed games", "[select]") {
  using Options = xpgn::record::SelectOptions;
  Options o;
  // After 1. e4 c5: games 1, 2, 3 and 5 (crazyhouse, with empty pockets), not 4 (no g1 knight).
  o.positions = {"rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2"};
  CHECK(selected(o) == std::vector<int>{1, 2, 3, 5});
  o.positions = {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R"};  // game 4's start
  CHECK(selected(o) == std::vector<int>{4});
  o = Options{};
  o.ends_in = {"checkmate"};
  CHECK(selected(o) == std::vector<int>{7, 8});
  o.ends_in = {"none"};
  CHECK(selected(o) == std::vector<int>{1, 2, 3, 4, 5, 6});
  o = Options{};
  o.materials = {"KQRRBBNNPPPPPPPP-KQRRBBNNPPPPPPPP"};
  CHECK(selected(o) == std::vector<int>{1, 2, 3, 5, 6, 7, 8});  // game 4 lacks a knight
  o.materials = {"KQRRBBNNPPPPPPPP-KQRRBBNNPPPPPPP"};  // after a pawn capture: 3...cxd4 4. Nxd4
  CHECK(selected(o) == std::vector<int>{1, 2});
  std::string error;
  o = Options{};
  o.ends_in = {"mate"};
  CHECK_FALSE(xpgn::record::Selector::make(o, error));
  CHECK(error.find("checkmate") != std::string::npos);
}

TEST_CASE("select: tags set in a game's text keep every other byte", "[select]") {
  using xpgn::record::set_tags_in_text;
  const std::vector<std::pair<std::string, std::string>> tags = {{"ECO", "B44"},
                                                                 {"Opening", "A \"name\""}};
  CHECK(set_tags_in_text("[Event \"x\"]\r\n[ECO \"A00\"]\r\n[Result \"*\"]\r\n\r\n1. e4 *\r\n",
                         tags) ==
        "[Event \"x\"]\r\n[Result \"*\"]\r\n[ECO \"B44\"]\r\n[Opening \"A \\\"name\\\"\"]\r\n\r\n"
        "1. e4 *\r\n");
  // No tags: added at the start; a comment before the tags stays before them.
  CHECK(set_tags_in_text("1. e4 *\n", tags) ==
        "[ECO \"B44\"]\n[Opening \"A \\\"name\\\"\"]\n1. e4 *\n");
  CHECK(set_tags_in_text("{pre}\n[A \"1\"]\n\n[ECO \"x\"] [B \"2\"]\n1. e4 *", tags) ==
        "{pre}\n[A \"1\"]\n\n[ECO \"x\"] [B \"2\"]\n[ECO \"B44\"]\n[Opening \"A \\\"name\\\"\"]\n"
        "1. e4 *");
}

TEST_CASE("select: every opening entry is named after its own position", "[select][openings]") {
  const auto all = xpgn::record::openings();
  CHECK(all.size() == 3807);  // every line of the data set replays (shared/openings/README.md)
  std::size_t checked = 0;
  for (const auto& entry : all) {
    const auto games = xpgn::record::read_games(std::string(entry.line) + " *\n");
    REQUIRE(games.size() == 1);
    int ply = 0;
    const auto* named = xpgn::record::classify_opening(games[0], &ply);
    REQUIRE(named != nullptr);
    INFO(entry.line << " named " << named->line);
    CHECK(ply == entry.plies);
    CHECK(named->plies <= entry.plies);
    // The entry naming it reaches the same position.
    const auto other = xpgn::record::read_games(std::string(named->line) + " *\n");
    CHECK(xpgn::record::position_key_at(other[0], named->plies) ==
          xpgn::record::position_key_at(games[0], entry.plies));
    ++checked;
  }
  CHECK(checked == all.size());
}

TEST_CASE("select: classification by position names transpositions, not other variants",
          "[select][openings]") {
  auto name = [](const std::string& text) {
    const auto games = xpgn::record::read_games(text);
    const auto* o = xpgn::record::classify_opening(games.at(0));
    return o ? std::string(o->eco) + " " + std::string(o->name) : std::string("-");
  };
  CHECK(name("1. d4 d5 2. Nf3 *") == "D02 Queen's Pawn Game: Zukertort Variation");
  CHECK(name("1. Nf3 d5 2. d4 *") == "D02 Queen's Pawn Game: Zukertort Variation");
  CHECK(name("1. Nf3 Nc6 2. e4 e5 3. Bb5 a6 4. h4 *").substr(0, 13) == "C70 Ruy Lopez");
  CHECK(name("[Variant \"crazyhouse\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *") == "-");
  CHECK(name("1. h4 h5 2. a4 a5 3. Ra3 Ra6 *").substr(0, 3) == "A00");
}

TEST_CASE("xpgn select --classify, --same-position-at, positions and endings", "[select][cli]") {
  Run r = run_xpgn("select -q --classify --white karpov curation.pgn");
  const std::string game1 = curation_games({1});
  std::string expected = game1;
  expected.replace(expected.find("[ECO \"B44\"]\n"), 12,
                   "[ECO \"B44\"]\n[Opening \"Sicilian Defense: Taimanov Variation, Gary "
                   "Gambit\"]\n");
  CHECK(r.out.substr(0, expected.size()) == expected);
  // Classified before the other criteria: game 6 (ECO C20 as written) stays C20, game 2 (no ECO)
  // becomes B44.
  r = run_xpgn("select -q --classify --eco B44 curation.pgn");
  CHECK(r.out.find("Copied from another database") != std::string::npos);
  // After one move, games 1, 2, 3 and 6 stand after 1. e4 from the standard start (game 3's FEN
  // is that start), 7 and 8 after 1. f3; game 4 starts elsewhere, game 5 is crazyhouse.
  r = run_xpgn("select --same-position-at 1 curation.pgn 2>&1 >/dev/null");
  CHECK(r.out == "selected 4 of 8 games, 4 duplicates\n");
  r = run_xpgn("select -q --ends-in checkmate --min-plies 4 curation.pgn");
  CHECK(r.out == curation_games({7, 8}));
  r = run_xpgn("select -q --material KQRRBBNNPPPPPPPP-KQRRBBNNPPPPPPP curation.pgn");
  CHECK(r.out == curation_games({1, 2}));
  r = run_xpgn("select -q --ends-in mate curation.pgn 2>&1");
  CHECK(r.status == 2);
}

TEST_CASE("facade: selection, duplicates and opening names", "[select][facade]") {
  const xpgn::ReadResult in = xpgn::read_file(curation);
  REQUIRE(in.games.size() == 8);
  xpgn::SelectOptions criteria;
  criteria.player = "karpov";
  criteria.valid = true;
  std::vector<std::size_t> chosen;
  CHECK(xpgn::select_games(in.games, criteria, chosen).empty());
  CHECK(chosen == std::vector<std::size_t>{0, 1});
  criteria.eco = {"Q00"};
  CHECK(xpgn::select_games(in.games, criteria, chosen).find("--eco") != std::string::npos);
  CHECK(chosen.empty());
  CHECK(xpgn::unique_games(in.games) == std::vector<std::size_t>{0, 2, 3, 4, 5, 6});
  CHECK(xpgn::unique_games(in.games, 1) == std::vector<std::size_t>{0, 3, 4, 6});
  const auto opening = xpgn::classify(in.games[0]);
  REQUIRE(opening);
  CHECK(opening->eco == "B44");
  CHECK(opening->ply == 16);
  CHECK_FALSE(xpgn::classify(in.games[4]));  // crazyhouse
  xpgn::Game game = in.games[1];
  CHECK(game.tag("ECO") == nullptr);
  CHECK(xpgn::set_opening_tags(game));
  CHECK(*game.tag("ECO") == "B44");
  CHECK(
      xpgn::to_pgn(game).find("[Opening \"Sicilian Defense: Taimanov Variation, Gary Gambit\"]") !=
      std::string::npos);
}

TEST_CASE("xpgn select --split-by writes one file per value, whole", "[select][cli]") {
  const fs::path dir = fs::temp_directory_path() / ("xpgn-split-" + std::to_string(getpid()));
  fs::remove_all(dir);
  Run r = run_xpgn("select -q --split-by variant -o '" + dir.string() + "' curation.pgn 2>&1");
  CHECK(r.status == 0);
  CHECK(slurp((dir / "chess.pgn").string()) == curation_games({1, 2, 3, 4, 6, 7, 8}));
  CHECK(slurp((dir / "crazyhouse.pgn").string()) == curation_games({5}));
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    (void)entry;
    ++files;
  }
  CHECK(files == 2);  // no temporary file left
  r = run_xpgn("select -q --split-by date -o '" + dir.string() + "' curation.pgn");
  CHECK(slurp((dir / "1985.pgn").string()) == curation_games({1, 2}));
  CHECK(slurp((dir / "unknown.pgn").string()) == curation_games({6}));  // ????.??.??
  r = run_xpgn("select -q --split-by white -o '" + dir.string() + "' curation.pgn");
  CHECK(slurp((dir / "Karpov__Anatoly.pgn").string()) == curation_games({1}));
  // Without -o: a usage error; an unknown key too.
  CHECK(run_xpgn("select -q --split-by eco curation.pgn 2>&1").status == 2);
  CHECK(run_xpgn("select -q --split-by colour -o x curation.pgn 2>&1").status != 0);
  // The folder of an input: its files are never written over.
  fs::copy_file(curation, dir / "chess.pgn", fs::copy_options::overwrite_existing);
  const std::string before = slurp((dir / "chess.pgn").string());
  r = run_xpgn("select -q --split-by variant -o '" + dir.string() + "' '" +
               (dir / "chess.pgn").string() + "' 2>&1");
  CHECK(r.status == 2);
  CHECK(slurp((dir / "chess.pgn").string()) == before);
  fs::remove_all(dir);
}

TEST_CASE("xpgn check, convert and select read moves in another language with --lang",
          "[select][cli]") {
  const fs::path file =
      fs::temp_directory_path() / ("xpgn-lang-" + std::to_string(getpid()) + ".pgn");
  std::ofstream(file) << "[White \"A\"]\n\n1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. Lxc6 dxc6 *\n";
  const std::string f = "'" + file.string() + "'";
  CHECK(run_xpgn("check -q " + f + " > /dev/null").status == 1);
  CHECK(run_xpgn("check -q --lang de " + f + " > /dev/null").status == 0);
  CHECK(run_xpgn("select -q --lang de --valid " + f).out == slurp(file.string()));
  CHECK(run_xpgn("convert --lang de " + f).out.find("4. Lxc6 dxc6") != std::string::npos);
  CHECK(run_xpgn("check --lang xx " + f + " 2>&1").status == 2);
  fs::remove(file);
}

namespace {

// The PGN files the tree-mode comparisons read: the repository's select and cli test data and,
// when it is there and `corpus` is true, every .pgn file of the shared corpus (a WARN says when
// it is skipped).
std::vector<std::string> comparison_files(bool corpus = true) {
  std::vector<std::string> files = {curation};
  for (const auto& entry : fs::directory_iterator(std::string(XPGN_TEST_DATA) + "/cli"))
    files.push_back(entry.path().string());
  if (corpus)
    for (auto& f : shared_corpus_files("tree against full mode")) files.push_back(std::move(f));
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

TEST_CASE("select: tree-mode games give the keys, plies, validity and endings of full mode",
          "[select]") {
  using xpgn::record::Game;
  using xpgn::record::ReplayMode;
  std::string error;
  xpgn::record::SelectOptions tags_and_play;
  tags_and_play.player = "a";
  tags_and_play.min_plies = 10;
  const auto selector = xpgn::record::Selector::make(tags_and_play, error);
  REQUIRE(selector);
  CHECK_FALSE(selector->needs_positions());
  xpgn::record::SelectOptions material;
  material.materials = {"KR-KR"};
  CHECK(xpgn::record::Selector::make(material, error)->needs_positions());
  xpgn::record::SelectOptions position;
  position.positions = {"8/8/8/8/8/8/8/8"};
  CHECK(xpgn::record::Selector::make(position, error)->needs_positions());
  std::size_t games = 0, restored = 0;
  for (const auto& f : comparison_files()) {
    INFO(f);
    const std::string text = slurp(f);
    xpgn::record::ReplayOptions options;
    options.mode = ReplayMode::full;
    const std::vector<Game> full = xpgn::record::read_games(text, options);
    options.mode = ReplayMode::tree;
    std::vector<Game> tree = xpgn::record::read_games(text, options);
    REQUIRE(tree.size() == full.size());
    for (std::size_t i = 0; i < full.size(); ++i) {
      INFO("game " << full[i].index);
      ++games;
      CHECK(xpgn::record::duplicate_key(tree[i]) == xpgn::record::duplicate_key(full[i]));
      CHECK(tree[i].mainline_plies == full[i].mainline_plies);
      CHECK(tree[i].valid() == full[i].valid());
      CHECK(tree[i].diagnostics.size() == full[i].diagnostics.size());
      CHECK(tree[i].outcome.termination == full[i].outcome.termination);
      CHECK(tree[i].outcome.winner == full[i].outcome.winner);
      CHECK(selector->matches(tree[i]) == selector->matches(full[i]));
      // Tree mode really leaves the positions out (a verified move has none), and
      // restore_positions() gives position keys equal to full mode's.
      if (!tree[i].moves.empty() && tree[i].moves.front().verified) {
        CHECK_FALSE(tree[i].moves.front().after.has_value());
        xpgn::record::restore_positions(tree[i]);
        ++restored;
        for (int ply : {1, 6, 20})
          CHECK(xpgn::record::position_key_at(tree[i], ply) ==
                xpgn::record::position_key_at(full[i], ply));
      }
    }
  }
  CHECK(games >= 8);
  CHECK(restored >= 6);
}

TEST_CASE(
    "select: a watch on a check-mode replay meets the criteria and names the openings of "
    "full mode",
    "[select][openings]") {
  using xpgn::record::Game;
  using xpgn::record::ReplayMode;
  // Patterns and material that some corpus games meet at some ply and others do not, with
  // pieces of several variants (H and E: Seirawan's hawk and elephant; a pattern with a
  // holding), and a material some variants cannot have.
  const std::vector<std::vector<std::string>> positions = {
      {},
      {"*/*/*/*/*/*/*/R3K2R"},
      {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"},
      {"r*/*/*/*/*/*/*/R*", "*/*/*/*/*/*/*/*"},
      {"*/*/8/8/8/8/*/*"}};
  const std::vector<std::vector<std::string>> materials = {
      {}, {"KR-KR"}, {"KRP-KR"}, {"KQ-KQ", "KRR-KQ"}, {"KQRRBBNNHEPPPPPPPP-KQRRBBNNHEPPPPPPPP"}};
  std::size_t games = 0, met = 0, named = 0, generic = 0;
  for (std::size_t c = 0; c < positions.size(); ++c) {
    xpgn::record::SelectOptions criteria;
    criteria.positions = positions[c];
    criteria.materials = materials[c];
    std::string error;
    const auto selector = xpgn::record::Selector::make(criteria, error);
    REQUIRE(selector);
    // (The duplicate key keeps the watch on the whole main line: the criteria must come out
    // the same with it, c > 1, and without.)
    const xpgn::record::SelectWatch watch(*selector, true, c > 1);
    for (const auto& f : comparison_files()) {
      INFO(f << ", criteria " << c);
      const std::string text = slurp(f);
      xpgn::record::ReplayOptions options;
      options.mode = ReplayMode::full;
      const std::vector<Game> full = xpgn::record::read_games(text, options);
      options.mode = ReplayMode::check;
      options.keep_tags = true;
      options.watch = &watch;
      for (const bool fast : {true, false}) {  // the FIDE fast path's boards, and Positions
        options.fast_chess = fast;
        const std::vector<Game> watched = xpgn::record::read_games(text, options);
        REQUIRE(watched.size() == full.size());
        for (std::size_t i = 0; i < full.size(); ++i) {
          INFO("game " << full[i].index << (fast ? " (fast path)" : " (generic)"));
          ++games;
          CHECK(watched[i].marks.watched);
          CHECK(watched[i].moves.empty());  // (check mode: no tree)
          CHECK(watched[i].tags.size() == full[i].tags.size());
          const bool matches = selector->matches(full[i]);
          CHECK(selector->matches(watched[i]) == matches);
          if (matches && c > 0) ++met;
          int full_ply = -1, watched_ply = -1;
          const xpgn::record::Opening* o = xpgn::record::classify_opening(full[i], &full_ply);
          CHECK(xpgn::record::marked_opening(watched[i], &watched_ply) == o);
          if (o != nullptr) {
            CHECK(watched_ply == full_ply);
            ++named;
          }
          if (c > 1)
            CHECK(xpgn::record::watched_duplicate_key(watched[i]) ==
                  xpgn::record::duplicate_key(full[i]));
          if (!fast) ++generic;
        }
      }
    }
  }
  CHECK(games >= 100);
  // (The repository's files alone, without ../shared, meet none of the criteria.)
  if (comparison_files().size() != comparison_files(false).size()) CHECK(met >= 20);
  CHECK(named >= 50);
  CHECK(generic >= 50);
}

TEST_CASE(
    "select: duplicate keys watched in check mode are full mode's, and tell games apart as their "
    "canonical moves do",
    "[select]") {
  using xpgn::record::Game;
  using xpgn::record::GameKey;
  using xpgn::record::ReplayMode;
  xpgn::record::SelectOptions none;
  std::string error;
  const auto selector = xpgn::record::Selector::make(none, error);
  REQUIRE(selector);
  const xpgn::record::SelectWatch watch(*selector, false, true);  // keys alone: no move recorded
  CHECK_FALSE(watch.wants_fast_moves());
  // Every game of every file, by what the key stands for: the variant, its options, the start
  // position (FEN without the move counters) and the main line's canonical SAN without marks,
  // then its unverified tokens as written; or the tags when the start is unknown.
  std::map<std::string, GameKey> by_moves;
  std::map<std::pair<std::uint64_t, std::uint64_t>, std::string> by_key;
  std::size_t games = 0, invalid = 0, variants = 0, fide = 0;
  auto strip = [](std::string t) {
    while (!t.empty() && std::strchr("+#!?", t.back()) != nullptr) t.pop_back();
    return t;
  };
  const std::vector<std::string> files = comparison_files();
  const bool with_corpus = files.size() != comparison_files(false).size();
  for (const auto& f : files) {
    INFO(f);
    const std::string text = slurp(f);
    xpgn::record::ReplayOptions options;
    options.mode = ReplayMode::full;
    const std::vector<Game> full = xpgn::record::read_games(text, options);
    options.mode = ReplayMode::check;
    options.keep_tags = true;
    options.watch = &watch;
    for (const bool fast : {true, false}) {
      options.fast_chess = fast;
      const std::vector<Game> watched = xpgn::record::read_games(text, options);
      REQUIRE(watched.size() == full.size());
      for (std::size_t i = 0; i < full.size(); ++i) {
        INFO("game " << full[i].index << (fast ? " (fast path)" : " (generic)"));
        CHECK(xpgn::record::watched_duplicate_key(watched[i]) ==
              xpgn::record::duplicate_key(full[i]));
      }
    }
    for (const Game& g : full) {
      ++games;
      if (!g.mainline_complete) ++invalid;
      std::string what;
      if (g.variant != nullptr && !g.start_fen.empty()) {
        (g.variant->id == "chess" ? fide : variants) += 1;
        std::string fen = g.start_fen;
        for (int field = 0; field < 2; ++field) fen = fen.substr(0, fen.rfind(' '));
        what = g.variant->id + "|" + g.variant_options + "|" + fen;
      } else {
        for (const char* tag : {"Variant", "VariantOptions", "FEN"})
          what += "?" + std::string(g.tag(tag) ? *g.tag(tag) : "");
      }
      for (const auto& node : g.moves) what += "|" + strip(node.verified ? node.san : node.text);
      const GameKey key = xpgn::record::duplicate_key(g);
      const auto at = by_moves.emplace(what, key).first;
      INFO(what);
      CHECK(at->second == key);  // the same moves: the same key
      const auto other = by_key.emplace(std::make_pair(key.high, key.low), what).first;
      CHECK(other->second == what);  // a key stands for one sequence of moves
    }
  }
  // The repository's files alone (a clone without ../shared, or the sanitizer job) hold 16
  // games, 2 of them invalid and 1 of another variant; the corpus many more.
  CHECK(games >= (with_corpus ? 100 : 10));
  CHECK(by_moves.size() < games);  // (some duplicates among them)
  CHECK(invalid >= (with_corpus ? 3 : 1));
  CHECK(fide >= (with_corpus ? 50 : 10));
  CHECK(variants >= (with_corpus ? 20 : 1));
}

TEST_CASE("xpgn select: tree-mode replay writes the bytes and summary of full mode",
          "[select][cli]") {
  const auto files = comparison_files();
  std::string inputs;
  for (const auto& f : files) inputs += " '" + f + "'";
  const fs::path dir = fs::temp_directory_path() / ("xpgn-tree-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string err = (dir / "err").string(), dups = (dir / "dups.pgn").string();
  // Output, summary, duplicates file and exit status of `select ARGS` over every file, with
  // the replay mode select chooses or full mode forced.
  auto outputs = [&](const std::string& args, bool force_full) {
    const Run r = run_xpgn("select --jobs 2 " + args + inputs + " 2>'" + err + "'",
                           force_full ? "XPGN_SELECT_FULL_REPLAY=1" : "");
    std::string dup_text = fs::exists(dups) ? slurp(dups) : "";
    fs::remove(dups);
    return std::vector<std::string>{r.out, slurp(err), dup_text, std::to_string(r.status)};
  };
  for (const std::string& args :
       std::vector<std::string>{"--unique",
                                "--unique --duplicates-to '" + dups + "'",
                                "--player an",
                                "--white e",
                                "--tag 'Event~(open|ch)'",
                                "--eco B20-E99",
                                "--date-from 2000",
                                "--min-plies 41",
                                "--max-plies 30",
                                "--valid",
                                "--invalid",
                                "--result 1-0 --result 1/2-1/2",
                                "--ends-in checkmate --ends-in stalemate",
                                "--ends-in repetition --ends-in fifty-moves",
                                "--ends-in none --invalid",
                                "--variant crazyhouse --unique",
                                "--canonical --max-plies 12",
                                "--material KR-KR",
                                "--classify",
                                "--classify --eco C --material KRP-KR",
                                "--position '*/*/*/*/*/*/*/R3K2R'",
                                "--position 'r*/*/*/*/*/*/*/R*' --material KQ-KQ --valid",
                                "--position '*/*/8/8/8/8/*/*'",
                                "--classify --unique",
                                "--same-position-at 0",
                                "--same-position-at 1",
                                "--same-position-at 6 --duplicates-to '" + dups + "'",
                                "--same-position-at 20 --classify --material KR-KR",
                                "--same-position-at 9 --position '*/*/*/*/*/*/*/R3K2R'"}) {
    INFO(args);
    const auto tree = outputs(args, false);
    const auto full = outputs(args, true);
    CHECK(tree[0] == full[0]);
    CHECK(tree[1] == full[1]);
    CHECK(tree[2] == full[2]);
    CHECK(tree[3] == full[3]);
    CHECK(tree[1].find("selected ") != std::string::npos);
  }
  // --split-by: the same files with the same bytes.
  for (const std::string key : {"variant", "eco", "result"}) {
    INFO(key);
    std::vector<std::map<std::string, std::string>> written;
    for (const bool force_full : {false, true}) {
      const fs::path out = dir / (force_full ? "full" : "tree");
      const Run r = run_xpgn(
          "select -q --jobs 2 --unique --split-by " + key + " -o '" + out.string() + "'" + inputs,
          force_full ? "XPGN_SELECT_FULL_REPLAY=1" : "");
      CHECK(r.status == 0);
      std::map<std::string, std::string> contents;
      for (const auto& entry : fs::directory_iterator(out))
        contents[entry.path().filename().string()] = slurp(entry.path().string());
      written.push_back(contents);
    }
    CHECK(written[0].size() >= 2);
    CHECK(written[0] == written[1]);
  }
  fs::remove_all(dir);
}
