// Issue 37: the tag-only scan (notation::scan_tags) that `xpgn select` uses when every criterion
// is a tag. It must hand over exactly what the reader reports to a visitor that skips movetext
// (read_pgn_as_stream with PgnVisitor::wants_movetext() false, as TagReader reads): the same
// games, cut at the same bytes (those of scan_games, the reader's splitter), with the same tags
// (names, values, positions) and termination markers. Compared on every file of tests/data,
// samples and the shared corpus (said when skipped), in several chunk sizes, and on hostile text.
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz/tag_scan_lines.hpp"
#include "xpgn/notation/detail.hpp"
#include "xpgn/notation/notation.hpp"
#include "xpgn/record/select.hpp"

namespace {

namespace fs = std::filesystem;
namespace notation = xpgn::notation;
using xpgn::SourcePos;

using xpgn::test::tag_scan_pos;

// A position as text.
std::string pos_text(SourcePos pos) {
  return tag_scan_pos(pos);
}

// Compares scan_tags() with the reader on `text`, and its game texts with scan_games()'s spans.
void same_tags(const std::string& what, std::string_view text, std::size_t chunk,
               const notation::ReaderOptions& options = {}) {
  INFO(what << ", chunk " << chunk << ", max_game_bytes " << options.max_game_bytes);
  xpgn::test::ReaderTagLines reference(text);
  const std::uint64_t read = notation::detail::read_pgn_as_stream(text, reference, chunk, options);
  std::uint64_t games = 0;
  const std::vector<std::string> lines = xpgn::test::scanned_tag_lines(text, chunk, options, games);
  CHECK(games == read);
  REQUIRE(lines.size() == reference.lines.size());
  for (std::size_t i = 0; i < lines.size(); ++i) {
    INFO("game " << i + 1);
    CHECK(lines[i] == reference.lines[i]);
  }
  // The splitter's spans: the text of every game that has one starts and ends there.
  std::istringstream in{std::string(text)};
  std::vector<notation::GameSpan> spans;
  notation::detail::scan_games(
      in,
      [&](const notation::GameStart& g) {
        spans.push_back(g.span);
        return true;
      },
      options, chunk);
  REQUIRE(spans.size() == lines.size());
  std::size_t i = 0;
  notation::detail::scan_tags(
      text,
      [&](const notation::TaggedGame& g) {
        const notation::GameSpan& span = spans[i++];
        CHECK(g.start.offset == span.start.offset);
        if (span.oversized) {
          CHECK(g.text.empty());
        } else {
          CHECK(static_cast<std::uint64_t>(g.text.data() - text.data()) == span.start.offset);
          CHECK(static_cast<std::uint64_t>(g.text.data() + g.text.size() - text.data()) ==
                span.end);
        }
        // The lead: the bytes before the first game (when it has a text and the reading
        // started at the input's start), else nothing.
        const std::string lead = std::string(g.lead.dropped) + std::string(g.lead.held);
        if (i == 1 && !span.oversized && options.start.offset == 0 &&
            span.start.offset <= options.max_game_bytes) {
          CHECK(!g.lead.lost);
          CHECK(lead == text.substr(0, span.start.offset));
        } else if (i == 1 && !span.oversized && options.start.offset == 0) {
          CHECK(g.lead.lost);
        } else {
          CHECK(g.lead.empty());
        }
      },
      chunk, options);
  // The scan of a stream (read a chunk at a time into a buffer of its own, as `xpgn select`
  // reads its inputs) hands over the same games, texts and leads as the scan of the text.
  const std::vector<std::string> from_text = xpgn::test::scanned_tag_contents(
      [&](const auto& on_game) { notation::detail::scan_tags(text, on_game, chunk, options); });
  const std::vector<std::string> from_stream =
      xpgn::test::scanned_tag_contents([&](const auto& on_game) {
        std::istringstream stream{std::string(text)};
        notation::detail::scan_tags(stream, on_game, chunk, options);
      });
  REQUIRE(from_stream.size() == from_text.size());
  for (std::size_t g = 0; g < from_text.size(); ++g) {
    INFO("game " << g + 1 << " of the stream");
    CHECK(from_stream[g] == from_text[g]);
  }
}

// A whole file (".xz" through xz -dc); empty when it cannot be read.
std::string load(const fs::path& path) {
  if (path.extension() == ".xz") {
    std::string out;
    FILE* pipe = ::popen(("xz -dc '" + path.string() + "' 2>/dev/null").c_str(), "r");
    if (pipe == nullptr) return out;
    char buffer[1 << 16];
    std::size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) out.append(buffer, n);
    ::pclose(pipe);
    return out;
  }
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Every file under `root` (with `pgn_only`, the .pgn and .pgn.xz files).
void add_tree(std::vector<fs::path>& out, const fs::path& root, bool pgn_only) {
  if (!fs::is_directory(root)) return;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    if (!e.is_regular_file()) continue;
    const std::string name = e.path().filename().string();
    if (!pgn_only || name.ends_with(".pgn") || name.ends_with(".pgn.xz")) out.push_back(e.path());
  }
}

}  // namespace

TEST_CASE("tag scan: the reader's games, tags and markers on every repository file",
          "[tag-scan][select]") {
  std::vector<fs::path> files;
  add_tree(files, XPGN_TEST_DATA, false);
  add_tree(files, XPGN_SAMPLES_DIR, true);
  std::sort(files.begin(), files.end());
  REQUIRE(files.size() > 40);
  for (const fs::path& path : files) {
    const std::string text = load(path);
    for (std::size_t chunk : {std::size_t{1} << 20, std::size_t{4093}, std::size_t{7}}) {
      if (chunk < 100 && text.size() > 200000) continue;
      same_tags(path.string(), text, chunk);
    }
    notation::ReaderOptions limited;
    limited.max_game_bytes = 600;
    same_tags(path.string(), text, 4093, limited);
  }
}

TEST_CASE("tag scan: the reader's games, tags and markers on the shared corpus",
          "[tag-scan][select][corpus]") {
  const fs::path corpus = fs::path(XPGN_SHARED_DIR) / "corpus";
  if (!fs::is_directory(corpus)) {
    WARN("skipped: no shared corpus at " << corpus.string());
    return;
  }
  std::vector<fs::path> files;
  add_tree(files, corpus, true);
  std::sort(files.begin(), files.end());
  REQUIRE(!files.empty());
  for (const fs::path& path : files) {
    const std::string text = load(path);
    REQUIRE(!text.empty());
    same_tags(path.string(), text, std::size_t{1} << 20);
    if (text.size() < 2000000) same_tags(path.string(), text, 4093);
  }
}

TEST_CASE("tag scan: hostile heads, encodings and truncated games", "[tag-scan][select]") {
  const std::vector<std::string> texts = {
      // A plain head, then one with every kind of tag pair the grammar reads otherwise.
      "[Event \"a\"]\n[White \"Kasparov, G\"]\n\n1. e4 e5 1-0\n",
      "[Event \"a \\\"b\\\" \\\\ c\"]\n[Foo bar]\n[White \"x\" ]  [Black  \"y\"]\n1. e4 *\n",
      "[Event \"in \"ner\" quote\"]\n[Site \"x\"\n[Date \"1999\"]\n1. d4 0-1\n",
      "[Event \"a\"] [White\"b\"][Black \"c\"\t]\n{c} 1. e4 *",
      "{file header\n[Event \"no\"]\n} [Event \"yes\"]\n1. e4 *\n",
      "; header\n[Event \"a\"]\n1. e4 *\n",
      "%escape line\n[Event \"a\"]\n%another\n[Site \"b\"]\n1. e4 *\n",
      "\xEF\xBB\xBF[Event \"bom\"]\n1. e4 *\n[Event \"\xEF\xBB\xBF\"]\n\xEF\xBB\xBF[Site "
      "\"s\"]\n*\n",
      // Comments holding blank lines and '[', strings with ']', an unclosed comment.
      "[Event \"a]b\"]\n\n1. e4 {x\n\n[Event \"c\"] y} e5 1-0\n\n[Event \"d\"]\n1. d4 *\n",
      "[Event \"a\"]\n1. e4 {unclosed\n[Event \"b\"]\n1. d4 *\n",
      // Headers without movetext, a repeated tag, games without tags, a truncated last game.
      "[Event \"a\"]\n[White \"w\"]\n\n[Event \"b\"]\n[White \"v\"]\n\n1. e4 *\n",
      "1. e4 e5 *\n\n1. d4 d5 1/2-1/2\n\n[Event \"x\"]\n",
      "[Event \"a\"]\n[White \"trunc",
      "[Event \"a\"]\n1. e4 e5 2.",
      "",
      "\n\n   \n",
      "[",
      "[]",
      "[ \"x\"]\n1. e4 *",
      // CRLF, form feeds, names at the length limit and past it.
      "[Event \"a\"]\r\n[Site \"b\"]\r\n\r\n1. e4 *\r\n",
      "\f[Event \"a\"]\v\n1. e4 *",
      "[" + std::string(255, 'N') + " \"v\"]\n1. e4 *\n",
      "[" + std::string(256, 'N') + " \"v\"]\n1. e4 *\n",
      // Legacy encodings and UTF-8 with damage (the decision made once per input).
      "[Event \"a\"]\n[White \"M\xfcller\"]\n1. e4 *\n[Black \"\xe9\"]\n1. d4 *\n",
      "[White \"M\xc3\xbcller\"]\n1. e4 *\n[White \"M\xfcller\"]\n1. d4 *\n",
      "[White \"\x81\x82\x94\"]\n{\x81} 1. e4 *\n",
  };
  for (std::size_t i = 0; i < texts.size(); ++i)
    for (std::size_t chunk : {std::size_t{0}, std::size_t{1}, std::size_t{2}, std::size_t{5},
                              std::size_t{64}, std::size_t{1} << 20}) {
      same_tags("text " + std::to_string(i), texts[i], chunk == 0 ? 1 : chunk);
      notation::ReaderOptions limited;
      limited.max_game_bytes = 40;
      same_tags("text " + std::to_string(i), texts[i], chunk == 0 ? 1 : chunk, limited);
      notation::ReaderOptions forced;
      forced.encoding = "windows-1252";
      same_tags("text " + std::to_string(i), texts[i], chunk == 0 ? 1 : chunk, forced);
    }
  // Random text over the bytes that matter to heads and the splitter.
  const std::string alphabet =
      "[]{}()\"\\;%.*-/0125eNx \n\r\t\xEF\xBB\xBF\x81\xe9"
      "EventWhite";
  std::mt19937 rng(37);
  for (int round = 0; round < 3000; ++round) {
    std::string text;
    const int n = static_cast<int>(rng() % 200);
    for (int i = 0; i < n; ++i) text += alphabet[rng() % alphabet.size()];
    same_tags("random " + std::to_string(round), text, 1 + rng() % 8);
    same_tags("random " + std::to_string(round), text, std::size_t{1} << 20);
  }
}

TEST_CASE("tag scan: random heads of tag lines, plain and not", "[tag-scan][select]") {
  // The splitter notes the plain pairs of a head and reads on over the lines of plain pairs
  // that follow (Splitter::head_pairs); the reader takes them from those notes unless something
  // between them is not plain. Heads made of whole lines, most of them plain pairs, cut at every
  // chunk size, find where the two could part.
  const std::vector<std::string> lines = {"[Event \"a\"]",
                                          "[White \"Kasparov, G\"]",
                                          "[Site \"s\"] ",
                                          "[Date\"1999.??.??\"]",
                                          "[Round \"1\" ]",
                                          "[Result \"1-0\"]\t",
                                          "[Black \"q\\\"x\"]",
                                          "[Foo bar]",
                                          "[ Site \"t\"]",
                                          "[Event \"a\"",
                                          "[ECO \"B20\"] [Opening \"x\"]",
                                          "[Event \"\"]",
                                          "[E \"a]b\"]",
                                          "",
                                          "  ",
                                          "\r",
                                          "%escape",
                                          "{c}",
                                          "; c",
                                          "1. e4 e5 *",
                                          "1-0",
                                          "\xEF\xBB\xBF[Event \"b\"]",
                                          "[" + std::string(255, 'N') + " \"v\"]",
                                          "[" + std::string(256, 'N') + " \"v\"]",
                                          "[Event \"a\xe9\"]"};
  std::mt19937 rng(51);
  for (int round = 0; round < 2000; ++round) {
    std::string text;
    const int n = static_cast<int>(rng() % 24);
    for (int i = 0; i < n; ++i) {
      // Mostly plain pairs, so that runs of them are common.
      text += rng() % 3 != 0 ? lines[rng() % 6] : lines[rng() % lines.size()];
      text += rng() % 5 == 0 ? "\r\n" : "\n";
    }
    same_tags("heads " + std::to_string(round), text, 1 + rng() % 8);
    same_tags("heads " + std::to_string(round), text, 16 + rng() % 64);
    same_tags("heads " + std::to_string(round), text, std::size_t{1} << 20);
    // The splitter's fast paths against its definition, the byte-wise scan of grammar-only
    // mode (whose reader reads every tag with the grammar): the same games and tags.
    notation::ReaderOptions grammar_only;
    grammar_only.grammar_only = true;
    xpgn::test::ReaderTagLines reference(text);
    notation::detail::read_pgn_as_stream(text, reference, 1 + rng() % 8, grammar_only);
    std::uint64_t games = 0;
    INFO("heads " << round << " against grammar-only mode");
    CHECK(xpgn::test::scanned_tag_lines(text,
                                        round % 2 == 0 ? std::size_t{1} << 20 : 16 + rng() % 64, {},
                                        games) == reference.lines);
    notation::ReaderOptions limited;
    limited.max_game_bytes = 60 + rng() % 100;
    same_tags("heads " + std::to_string(round), text, 1 + rng() % 64, limited);
  }
}

TEST_CASE("tag scan: take_tagged_game fills a game as TagReader does", "[tag-scan][select]") {
  const std::string text =
      "[Event \"e\"]\n[White \"Kasparov\"]\n[Result \"1-0\"]\n[Black \"b\"]\n\n1. e4 1-0\n\n"
      "[Foo bar]\n[White \"w2\"]\n\n1. d4 *\n";
  for (const std::vector<std::string>& names :
       {std::vector<std::string>{}, std::vector<std::string>{"White", "Result"}}) {
    std::vector<std::string> expected, got;
    auto describe = [](const xpgn::record::Game& g) {
      std::string s = std::to_string(g.index) + "@" + pos_text(g.pos) + " result_tag '" +
                      g.result_tag + "' marker '" + g.result_marker + "'";
      for (const auto& t : g.tags) s += " " + t.name + "=" + t.value + "@" + pos_text(t.pos);
      return s;
    };
    xpgn::record::TagReader reader([&](xpgn::record::Game& g) { expected.push_back(describe(g)); },
                                   names);
    notation::read_pgn_as_stream(text, reader);
    xpgn::record::Game game;
    notation::scan_tags(text, [&](const notation::TaggedGame& g) {
      xpgn::record::take_tagged_game(g, names, game);
      got.push_back(describe(game));
    });
    REQUIRE(expected.size() == 2);
    CHECK(got == expected);
  }
}

TEST_CASE(
    "tag scan: Selector::matches_tags decides as matches() on the game take_tagged_game "
    "makes",
    "[tag-scan][select]") {
  // Criteria on every tag the selector reads, some met by few games, some by many, and text
  // with repeated tags, missing tags, a Result tag against the marker and odd dates and codes.
  std::vector<xpgn::record::SelectOptions> criteria(12);
  auto& o = criteria;
  o[0].player = "kasparov";
  o[1].white = "CARLSEN", o[1].black = "a";
  o[2].event = "ch", o[2].site = "e";
  o[3].results = {"1-0", "*"};
  o[4].results = {"1/2-1/2"};
  o[5].eco = {"B20-C99", "e"};
  o[6].date_from = "1990.??.??";
  o[7].date_to = "1900", o[7].date_from = "1800.06";
  o[8].tags = {"WhiteElo~^2[6-9]", "Round~1"};
  o[9].variants = {"chess"};
  o[10].variants = {"crazyhouse", "atomic"};
  o[11].player = "e", o[11].results = {"0-1"};
  std::vector<fs::path> files;
  add_tree(files, XPGN_TEST_DATA, false);
  add_tree(files, XPGN_SAMPLES_DIR, true);
  std::sort(files.begin(), files.end());
  std::vector<std::string> texts;
  for (const fs::path& path : files) texts.push_back(load(path));
  texts.push_back(
      "[White \"Kasparov\"]\n[White \"x\"]\n[Result \"1-0\"]\n[ECO \"b22\"]\n[Date \"1995.??.??\"]"
      "\n1. e4 0-1\n\n[Black \"kasPAROV, G\"]\n[Date \"1899\"]\n[ECO \"E\"]\n1. d4 1/2-1/2\n\n"
      "[Variant \"atomic\"]\n[Result \"*\"]\n[Result \"0-1\"]\n1. e4 *\n\n1. c4 1-0\n");
  std::uint64_t games = 0, selected = 0;
  for (std::size_t c = 0; c < criteria.size(); ++c) {
    std::string error;
    const auto selector = xpgn::record::Selector::make(criteria[c], error);
    REQUIRE(selector);
    REQUIRE(!selector->needs_replay());
    std::vector<std::string> names = selector->tag_names();
    names.emplace_back("Result");  // as `xpgn select` asks for them
    xpgn::record::Game game;
    for (std::size_t t = 0; t < texts.size(); ++t) {
      notation::scan_tags(texts[t], [&](const notation::TaggedGame& g) {
        xpgn::record::take_tagged_game(g, names, game);
        const bool expected = selector->matches(game);
        INFO("criteria " << c << ", text " << t << ", game " << g.index);
        CHECK(selector->matches_tags(g.tags, g.result) == expected);
        ++games;
        selected += expected ? 1 : 0;
      });
    }
  }
  CHECK(selected > 0);
  CHECK(selected < games);
}
