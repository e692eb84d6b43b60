// Issue 13, item 3: the faster reader. The reader's hand-written fast paths (FastGame, the SAN
// fast path, the splitter's SSE2 scans and movetext skipping) must make exactly the visitor calls
// (arguments and positions included), game splitting (scan_games) and SAN tokens of the same
// reader in grammar-only mode (ReaderOptions::grammar_only, detail::parse_san_grammar), which
// runs the PEGTL grammars of grammars/ and byte-by-byte scans alone: on every file of tests/data,
// samples and the shared corpus, with several chunk sizes and options, and on many mutated and
// random inputs. The grammars stay the definition: a change of the notation is made there (and
// in the fast paths, which these tests then hold to it).
// XPGN_READER_FAILURES=DIR writes the inputs of failed comparisons there.
// A hidden benchmark times both modes (empty visitor) and scan_games on one file:
//   XPGN_BENCH_FILE=/tmp/masters.pgn build/tests/xpgn_tests "[.bench]"
#include <catch2/catch.hpp>

#include <charconv>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <random>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "test_size.hpp"
#include "xpgn/core/san_token.hpp"
#include "xpgn/notation/detail.hpp"
#include "xpgn/notation/notation.hpp"

namespace {

namespace fs = std::filesystem;
namespace notation = xpgn::notation;
using xpgn::SanToken;
using xpgn::SourcePos;

// Every field of a token, as text.
std::string fields(const SanToken& t) {
  auto c = [](xpgn::Coord x) { return std::to_string(x.file) + "/" + std::to_string(x.rank); };
  std::string s = std::to_string(static_cast<int>(t.kind));
  for (char ch : {t.piece, t.promotion, t.birth_piece, t.birth_promotion, t.gate_piece, t.check})
    s += " " + std::to_string(static_cast<int>(ch));
  for (xpgn::Coord x : {t.from, t.to, t.birth_square, t.relocation, t.push, t.pair_a, t.pair_b,
                        t.pass_queen, t.gate_square})
    s += " " + c(x);
  s += t.capture ? " x" : " -";
  s += t.long_algebraic ? " L" : " S";
  return s;
}

// A position as text.
std::string where(SourcePos p) {
  return "@" + std::to_string(p.line) + ":" + std::to_string(p.column) + "+" +
         std::to_string(p.offset);
}

// Every visitor call with all its arguments: one digest per game (FNV-1a of the calls' text) and,
// when `keep` is set, the calls themselves. Returns false from wants_movetext() for every
// `skip_every`-th game (0: never). (The text of a call is built in one reused buffer: the large
// corpus files make millions of calls.)
class CallLog : public notation::PgnVisitor {
 public:
  explicit CallLog(bool keep, int skip_every = 0) : keep_(keep), skip_every_(skip_every) {}

  std::vector<std::uint64_t> digests;  // one per end_game(), then one for what follows
  std::vector<std::string> calls;
  std::uint64_t count = 0;

  void begin_game(std::uint64_t index, SourcePos pos) override {
    games_ = index;
    start("game ").num(index).at(pos).add();
  }
  void tag(std::string_view name, std::string_view value, SourcePos pos) override {
    start("tag ").put(name).put("=").put(value).at(pos).add();
  }
  void move(const SanToken& t, std::string_view text, SourcePos pos) override {
    start("move ").put(text).put(" ").num(static_cast<int>(t.kind));
    for (char ch : {t.piece, t.promotion, t.birth_piece, t.birth_promotion, t.gate_piece, t.check})
      put(" ").num(static_cast<int>(ch));
    for (xpgn::Coord x : {t.from, t.to, t.birth_square, t.relocation, t.push, t.pair_a, t.pair_b,
                          t.pass_queen, t.gate_square})
      put(" ").num(x.file).put("/").num(x.rank);
    put(t.capture ? " x" : " -").put(t.long_algebraic ? " L" : " S").at(pos).add();
  }
  void invalid_move(const notation::SyntaxError& e) override {
    start("invalid ").put(e.token).put("|").put(e.expected).at(e.pos).add();
  }
  void nag(int value, SourcePos pos) override { start("nag ").num(value).at(pos).add(); }
  void comment(std::string_view text, SourcePos pos) override {
    start("comment ").put(text).at(pos).add();
  }
  void begin_variation(SourcePos pos) override { start("(").at(pos).add(); }
  void end_variation(SourcePos pos) override { start(")").at(pos).add(); }
  void result(std::string_view text, SourcePos pos) override {
    start("result ").put(text).at(pos).add();
  }
  void syntax_error(const notation::SyntaxError& e) override {
    start("syntax ").put(e.token).put("|").put(e.expected).at(e.pos).add();
  }
  void warning(SourcePos pos, std::string_view message) override {
    start("warning ").put(message).at(pos).add();
  }
  void game_text(std::string_view raw) override { start("text ").put(raw).add(); }
  void end_game() override {
    start("end").add();
    digests.push_back(digest_);
    digest_ = 14695981039346656037ULL;
  }
  bool wants_movetext() override {
    const bool wants = skip_every_ == 0 || games_ % static_cast<unsigned>(skip_every_) != 0;
    start(wants ? "wants" : "skips").add();
    return wants;
  }
  // The digests with the one of the calls after the last end_game().
  std::vector<std::uint64_t> all() const {
    auto d = digests;
    d.push_back(digest_);
    return d;
  }

 private:
  CallLog& start(std::string_view s) {
    line_.assign(s);
    return *this;
  }
  CallLog& put(std::string_view s) {
    line_.append(s);
    return *this;
  }
  CallLog& num(std::int64_t v) {
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, v).ptr;
    line_.append(digits, end);
    return *this;
  }
  CallLog& at(SourcePos p) {
    return put("@")
        .num(static_cast<std::int64_t>(p.line))
        .put(":")
        .num(p.column)
        .put("+")
        .num(static_cast<std::int64_t>(p.offset));
  }
  // Folds the call built into the digest (and keeps it).
  void add() {
    ++count;
    for (char ch : line_) digest_ = (digest_ ^ static_cast<unsigned char>(ch)) * 1099511628211ULL;
    digest_ = (digest_ ^ 0xFFu) * 1099511628211ULL;
    if (keep_) calls.push_back(line_);
  }
  bool keep_;
  int skip_every_;
  std::uint64_t games_ = 0;
  std::uint64_t digest_ = 14695981039346656037ULL;
  std::string line_;
};

// How one input is read: chunk size 0 means read_pgn(std::string_view).
struct Way {
  std::size_t chunk = 0;
  notation::ReaderOptions options;
  int skip_every = 0;
  std::string what() const {
    return (chunk == 0 ? std::string("text") : "chunks of " + std::to_string(chunk)) +
           (options.max_game_bytes < (std::uint64_t{1} << 30)
                ? ", max " + std::to_string(options.max_game_bytes)
                : "") +
           (options.encoding.empty() ? "" : ", encoding " + options.encoding) +
           (options.start.offset > 0 ? ", from offset " + std::to_string(options.start.offset)
                                     : "") +
           (skip_every > 0 ? ", skipping movetext of every " + std::to_string(skip_every) : "");
  }
};

// Reads `text` (the part of an input from options.start.offset on) `way`, in grammar-only mode
// or with the fast paths (the default).
CallLog read_with(bool grammar_only, std::string_view text, const Way& way, bool keep) {
  CallLog log(keep, way.skip_every);
  notation::ReaderOptions options = way.options;
  options.grammar_only = grammar_only;
  std::uint64_t games = 0;
  if (way.chunk == 0) {
    games = notation::read_pgn(text, log, options);
  } else {
    std::istringstream in{std::string(text)};
    games = notation::detail::read_pgn(in, log, way.chunk, options);
  }
  log.calls.push_back("games " + std::to_string(games));
  log.digests.push_back(games);
  return log;
}

// The first call where two logs differ, with a few calls before it, for failure messages.
std::string first_difference(const CallLog& a, const CallLog& b) {
  std::size_t i = 0;
  while (i < a.calls.size() && i < b.calls.size() && a.calls[i] == b.calls[i]) ++i;
  std::string s;
  for (std::size_t j = i >= 3 ? i - 3 : 0; j < i; ++j) s += "  same: " + a.calls[j] + "\n";
  s += "  grammar: " + (i < a.calls.size() ? a.calls[i] : std::string("(end)")) + "\n";
  s += "  fast:    " + (i < b.calls.size() ? b.calls[i] : std::string("(end)")) + "\n";
  return s;
}

// Checks that both modes make the same calls for `text` read `way`; `name` names the input.
void same_calls(const std::string& name, std::string_view text, const Way& way) {
  const CallLog a = read_with(true, text, way, false);
  const CallLog b = read_with(false, text, way, false);
  const auto da = a.all(), db = b.all();
  if (da == db && a.count == b.count) {
    SUCCEED();
    return;
  }
  // Find the first game that differs and show its calls.
  std::size_t game = 0;
  while (game < da.size() && game < db.size() && da[game] == db[game]) ++game;
  if (const char* dir = std::getenv("XPGN_READER_FAILURES"); dir != nullptr) {
    std::ofstream(fs::path(dir) / (name.substr(name.rfind('/') + 1) + ".pgn"), std::ios::binary)
        << text;
  }
  const CallLog fa = read_with(true, text, way, true);
  const CallLog fb = read_with(false, text, way, true);
  FAIL_CHECK(name << " read as " << way.what() << ": the calls differ from game " << game + 1
                  << " on\n"
                  << first_difference(fa, fb));
}

// The game starts scan_games() reports, one line each, and the final encoding state, in
// grammar-only mode or with the fast paths.
std::vector<std::string> scan_with(bool grammar_only, std::string_view text, std::size_t chunk,
                                   notation::ReaderOptions options) {
  options.grammar_only = grammar_only;
  std::vector<std::string> out;
  auto on_game = [&](const notation::GameStart& g) {
    out.push_back(std::to_string(g.game) + where(g.pos) + " " + g.encoding_state +
                  (g.can_start_read ? " can" : " cannot"));
    return true;
  };
  std::istringstream in{std::string(text)};
  std::string state;
  const auto games = notation::detail::scan_games(in, on_game, options, chunk, &state);
  out.push_back("games " + std::to_string(games) + " final " + state);
  return out;
}

// Reads a whole file (".xz" through xz -dc); empty when it cannot.
std::string load(const fs::path& path) {
  std::string text;
  if (path.extension() == ".xz") {
    FILE* pipe = popen(("xz -dc '" + path.string() + "' 2>/dev/null").c_str(), "r");
    if (pipe == nullptr) return text;
    char buffer[1 << 16];
    std::size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) text.append(buffer, n);
    pclose(pipe);
    return text;
  }
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The inputs compared: every file under tests/data and samples, and the PGN files (also .xz) of
// the shared corpus when it is there.
std::vector<fs::path> inputs() {
  std::vector<fs::path> out;
  auto add_tree = [&](const fs::path& root, bool pgn_only) {
    if (!fs::is_directory(root)) return;
    for (const auto& e : fs::recursive_directory_iterator(root)) {
      if (!e.is_regular_file()) continue;
      const std::string name = e.path().filename().string();
      const bool pgn = name.size() > 4 && (name.ends_with(".pgn") || name.ends_with(".pgn.xz"));
      if (!pgn_only || pgn) out.push_back(e.path());
    }
  };
  add_tree(XPGN_TEST_DATA, false);
  add_tree(fs::path(XPGN_TEST_DATA) / ".." / ".." / "samples", false);
  const fs::path corpus = fs::path(XPGN_SHARED_DIR) / "corpus";
  if (xpgn::test::sanitized_run()) {
    // Under the sanitizers (test_size.hpp) the corpus's hostile files only (tricky/, variants/):
    // its game collections, 5 MB of ordinary PGN below 1 MB a file, are read in the ordinary
    // build.
    add_tree(corpus / "tricky", true);
    add_tree(corpus / "variants", true);
  } else {
    add_tree(corpus, true);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The ways a file of `size` bytes is read for the comparison.
std::vector<Way> ways_for(std::size_t size) {
  std::vector<Way> ways;
  ways.push_back({});                          // read_pgn(std::string_view)
  ways.push_back({std::size_t{1} << 20, {}});  // read_pgn(std::istream&) as the CLI does
  Way skipping{};
  skipping.skip_every = 2;
  ways.push_back(skipping);
  if (size > 4000000) return ways;  // the two large corpus files: enough, and quicker
  ways.push_back({4093, {}});
  if (size <= 200000)
    for (std::size_t chunk : {1, 2, 3, 16}) ways.push_back({chunk, {}});
  Way limited{size <= 200000 ? std::size_t{7} : std::size_t{65536}, {}};
  limited.options.max_game_bytes = 600;
  ways.push_back(limited);
  if (size <= 2000000) {
    Way cp437{};
    cp437.options.encoding = "CP437";
    ways.push_back(cp437);
    Way latin{5, {}};
    latin.options.encoding = "windows-1252";
    if (size <= 200000) ways.push_back(latin);
  }
  return ways;
}

// Text for the mutation tests: pieces that steer the reader into its corners.
const char* const snippets[] = {
    "{",
    "}",
    "(",
    ")",
    "[Event \"x\"]\n",
    "[",
    "]",
    "\"",
    "\\",
    "1-0",
    "0-1",
    "*",
    "1/2-1/2",
    "$",
    "$12",
    "!?",
    "??",
    "!",
    "\n%",
    "%",
    ";",
    "\n",
    "\n\n",
    "\r\n",
    "\xEF\xBB\xBF",
    "\xe9",
    "\x81",
    "\xc3\xa9",
    "O-O",
    "O-O-O+",
    "e8=Q",
    "exd8=Q#",
    "...",
    "1.",
    "12...",
    "Nbd7",
    "N1d2",
    "Ng1f3",
    "e2e4",
    "--",
    "P@e4",
    ",P@d5",
    "/H",
    "~c4",
    ">d6",
    ",^c5^f5",
    " ",
    "\t",
    "a",
    "x",
    "9",
    "[Site \"a\\\"b\"]",
    "[Event",
    " \"v\" ]",
    "Z0",
    "0-0",
    "@",
    "#",
    "+",
    "\v",
    "\f",
    "\r",
    "[Event \"",
    "[ 1",
    "[1",
    " [",
    "[-",
    "1/2",
};

// `text` with `n` random edits (a snippet inserted, a byte replaced, a range deleted).
std::string mutate(std::string text, int n, std::mt19937& rng) {
  for (int i = 0; i < n; ++i) {
    const std::size_t at = text.empty() ? 0 : rng() % (text.size() + 1);
    switch (rng() % 3) {
      case 0:
        text.insert(at, snippets[rng() % std::size(snippets)]);
        break;
      case 1:
        if (at < text.size()) text[at] = snippets[rng() % std::size(snippets)][0];
        break;
      default:
        text.erase(at, rng() % 12);
        break;
    }
  }
  return text;
}

}  // namespace

namespace {

// Compares both modes on every input of `large` size (over 1 MB, or not), in every way.
void compare_inputs(bool large) {
  for (const fs::path& path : inputs()) {
    const bool is_large = path.extension() == ".xz" || fs::file_size(path) > 1000000;
    if (is_large != large) continue;
    const std::string text = load(path);
    for (const Way& way : ways_for(text.size())) same_calls(path.string(), text, way);
    // scan_games() (xpgn split) finds the same games.
    for (std::size_t chunk :
         {std::size_t{1} << 20, text.size() <= 100000 ? std::size_t{3} : 4093}) {
      INFO(path.string() << ", scan_games in chunks of " << chunk);
      CHECK(scan_with(true, text, chunk, {}) == scan_with(false, text, chunk, {}));
    }
  }
}

}  // namespace

TEST_CASE(
    "faster reader: the same calls as grammar-only mode on every test, sample and corpus file",
    "[reader][speed]") {
  compare_inputs(false);
}

TEST_CASE("faster reader: the same calls as grammar-only mode on the large shared corpus files",
          "[reader][speed]") {
  compare_inputs(true);
}

TEST_CASE("faster reader: the same calls when reading starts at a game found by scan_games",
          "[reader][speed]") {
  for (const fs::path& path : inputs()) {
    if (path.extension() == ".xz" || fs::file_size(path) > 3000000) continue;
    const std::string text = load(path);
    std::vector<notation::GameStart> starts;
    std::istringstream in(text);
    notation::scan_games(in,
                         [&](const notation::GameStart& g) {
                           if (g.can_start_read) starts.push_back(g);
                           return true;
                         },
                         {});
    if (starts.size() < 3) continue;
    const notation::GameStart& g = starts[starts.size() / 2];
    Way way{};
    way.options.start = {g.pos.offset, g.pos.line, g.game - 1, g.encoding_state};
    same_calls(path.string(), std::string_view(text).substr(g.pos.offset), way);
    way.chunk = 11;
    same_calls(path.string(), std::string_view(text).substr(g.pos.offset), way);
  }
}

namespace {

// The games scan_games() locates in `text` read in chunks of `chunk` with `options`, and the
// encoding decision after the last one.
struct Located {
  std::vector<notation::GameStart> games;
  std::string final_state;
};
Located locate(std::string_view text, std::size_t chunk, const notation::ReaderOptions& options) {
  Located out;
  std::istringstream in{std::string(text)};
  notation::detail::scan_games(
      in,
      [&](const notation::GameStart& g) {
        out.games.push_back(g);
        return true;
      },
      options, chunk, &out.final_state);
  return out;
}

// Checks that read_located_games() makes the calls of a whole read (in chunks of `chunk`, with
// `options`) of `text`: for all the games scan_games() finds, and for those from a game in the
// middle on, as `xpgn check --jobs N` reads a batch (the encoding decision of the whole input
// given as "STATE>FINAL" when it is made later).
void located_reads_match(const std::string& name, std::string_view text, std::size_t chunk,
                         const notation::ReaderOptions& options) {
  INFO(name << ", located in chunks of " << chunk << ", max " << options.max_game_bytes
            << (options.grammar_only ? ", grammar only" : ""));
  // Every third game without its movetext: its termination marker comes from the span.
  CallLog whole(false, 3);
  {
    std::istringstream in{std::string(text)};
    notation::detail::read_pgn(in, whole, chunk, options);
  }
  const Located located = locate(text, chunk, options);
  std::vector<notation::GameSpan> spans;
  for (const auto& g : located.games) spans.push_back(g.span);
  CallLog all(false, 3);
  CHECK(notation::read_located_games(text, 0, spans, all, options) == located.games.size());
  CHECK(all.digests == whole.digests);
  // From the middle game on, its bytes alone.
  if (located.games.size() < 2) return;
  const std::size_t from = located.games.size() / 2;
  const notation::GameStart& g = located.games[from];
  if (g.span.oversized) return;
  notation::ReaderOptions part = options;
  part.start = {g.pos.offset, g.pos.line, g.game - 1, g.encoding_state};
  const bool undecided = g.encoding_state.empty() || g.encoding_state == "utf-8-seen";
  if (undecided && located.final_state != g.encoding_state && !located.final_state.empty() &&
      located.final_state != "utf-8-seen")
    part.start.encoding += ">" + located.final_state;
  CallLog rest(false, 3);
  CHECK(notation::read_located_games(text.substr(g.pos.offset), g.pos.offset,
                                     std::span(spans).subspan(from), rest,
                                     part) == located.games.size());
  CHECK(rest.digests ==
        std::vector<std::uint64_t>(whole.digests.begin() + static_cast<std::ptrdiff_t>(from),
                                   whole.digests.end()));
}

}  // namespace

TEST_CASE("located games: read_located_games makes the calls of a whole read", "[reader][speed]") {
  for (const fs::path& path : inputs()) {
    if (path.extension() == ".xz" || fs::file_size(path) > 3000000) continue;
    const std::string text = load(path);
    const bool small = text.size() <= 200000;
    for (std::size_t chunk : {std::size_t{1} << 20, small ? std::size_t{7} : std::size_t{4093}}) {
      notation::ReaderOptions options;
      located_reads_match(path.string(), text, chunk, options);
      options.max_game_bytes = 600;  // some games too long: reported, not read
      located_reads_match(path.string(), text, chunk, options);
      if (small) {
        options.grammar_only = true;
        located_reads_match(path.string(), text, chunk, options);
      }
    }
  }
  // Mutated and random text, in small chunks and with small limits.
  std::mt19937 rng(20261128);
  const std::string base =
      "[Event \"a\"]\n[Site \"b\xe9\"]\n\n1. e4 {c} e5 (1... c5 2. Nf3) 2. Nf3 $1 1-0\n\n"
      "[Event \"c\"]\n1. d4 d5 *\n\n[Event \"d\"]\n1. c4 {\xc3\xa9} 1/2-1/2\n";
  for (int round = 0; round < 1500; ++round) {
    const std::string text = mutate(base + base + base, 1 + static_cast<int>(rng() % 8), rng);
    notation::ReaderOptions options;
    if (round % 3 == 0) options.max_game_bytes = 40 + rng() % 100;
    located_reads_match("mutation " + std::to_string(round), text, 1 + rng() % 16, options);
  }
  // A span outside the text is refused, not read.
  CallLog log(false);
  notation::GameSpan outside;
  outside.start = {1, 1, 10};
  outside.end = 20;
  const std::vector<notation::GameSpan> spans{outside};
  CHECK_THROWS_AS(notation::read_located_games("1. e4 *", 0, spans, log, {}), std::out_of_range);
}

TEST_CASE("an input in memory read as a stream: the calls of the stream, limits included",
          "[reader][speed]") {
  // read_pgn_as_stream() against read_pgn() of the same bytes as a stream, in the same chunks:
  // the same calls (game texts included), games too long for the limit reported alike.
  const auto same = [](const std::string& name, const std::string& text, std::size_t chunk,
                       const notation::ReaderOptions& options) {
    INFO(name << ", chunks of " << chunk << ", max " << options.max_game_bytes);
    CallLog stream(false, 3), memory(false, 3);
    std::istringstream in(text);
    const std::uint64_t games = notation::detail::read_pgn(in, stream, chunk, options);
    CHECK(notation::detail::read_pgn_as_stream(text, memory, chunk, options) == games);
    CHECK(memory.digests == stream.digests);
  };
  for (const fs::path& path : inputs()) {
    if (path.extension() == ".xz" || fs::file_size(path) > 3000000) continue;
    const std::string text = load(path);
    for (std::size_t chunk : {std::size_t{1} << 20, std::size_t{4093}}) {
      notation::ReaderOptions options;
      same(path.string(), text, chunk, options);
      options.max_game_bytes = 600;  // some games too long: reported, not read
      same(path.string(), text, chunk, options);
    }
  }
  std::mt19937 rng(20261129);
  const std::string base =
      "\xEF\xBB\xBF  \n[Event \"a\"]\n[Site \"b\xe9\"]\n\n1. e4 {c} e5 (1... c5 2. Nf3) 2. Nf3 $1 "
      "1-0\n\n[Event \"c\"]\n1. d4 d5 *\n\n[Event \"d\"]\n1. c4 {\xc3\xa9} 1/2-1/2\n";
  for (int round = 0; round < 600; ++round) {
    const std::string text = mutate(base + base + base, 1 + static_cast<int>(rng() % 8), rng);
    notation::ReaderOptions options;
    if (round % 3 == 0) options.max_game_bytes = 40 + rng() % 100;
    same("mutation " + std::to_string(round), text, 1 + rng() % 16, options);
  }
  // The public function reads as read_pgn() of a stream does.
  const std::string text = base + base;
  CallLog stream(true), memory(true);
  std::istringstream in(text);
  notation::read_pgn(in, stream);
  notation::read_pgn_as_stream(text, memory);
  CHECK(memory.calls == stream.calls);
  CHECK(std::count_if(memory.calls.begin(), memory.calls.end(),
                      [](const std::string& c) { return c.rfind("text ", 0) == 0; }) == 6);
}

TEST_CASE("faster reader: the same calls on mutated corpus games and on random text",
          "[reader][speed]") {
  std::string source;
  for (const fs::path& path : inputs()) {
    if (path.extension() == ".xz" || fs::file_size(path) > 400000) continue;
    source += load(path).substr(0, 60000);
  }
  std::string fallback =
      "[Event \"a\"]\n[Site \"b\"]\n\n1. e4 {c} e5 (1... c5 2. Nf3) 2. Nf3 $1 1-0\n";
  if (source.size() < 1000) source = fallback;
  std::mt19937 rng(20250513);
  for (int round = 0; round < 3000; ++round) {
    const std::size_t size = 50 + rng() % 2500;
    const std::size_t at = rng() % (source.size() - std::min(size, source.size()) + 1);
    const std::string text = mutate(source.substr(at, size), 1 + static_cast<int>(rng() % 8), rng);
    Way way{};
    way.skip_every = static_cast<int>(rng() % 4);
    same_calls("mutation " + std::to_string(round), text, way);
    way.chunk = 1 + rng() % 16;
    same_calls("mutation " + std::to_string(round), text, way);
    if (round % 10 == 0) {
      way.options.max_game_bytes = 100 + rng() % 400;
      same_calls("mutation " + std::to_string(round), text, way);
    }
  }
  const std::string alphabet = "[]{}()\"\\;%$!?.*-/012589eNxO@,~>^=+# \n\r\t\xEF\xBB\xBF\x81\xe9";
  for (int round = 0; round < 2000; ++round) {
    std::string text;
    const int n = static_cast<int>(rng() % 300);
    for (int i = 0; i < n; ++i) text += alphabet[rng() % alphabet.size()];
    Way way{};
    same_calls("random " + std::to_string(round), text, way);
    way.chunk = 1 + rng() % 5;
    same_calls("random " + std::to_string(round), text, way);
  }
  // A '[' in movetext whose "tag pair" ends inside a run of symbol characters (at a byte that
  // is no blank and no '"'): the splitter goes on after it, not from the start of that run.
  for (const char* text :
       {"1. e4 e5 Qd1[ 1/2-1/2\n", "1. e4 [1/2-1/2 e5 1-0\n", "1. e4 [a-0 *", "1. e4 [ 1-0 *",
        "1. e4 [x 0-1 *", "e4 [1-0\n[Event \"x\"]\n1. d4 *\n"}) {
    for (std::size_t chunk : {0, 1, 2, 3, 5}) {
      Way way{chunk, {}};
      for (int skip : {0, 1}) {
        way.skip_every = skip;
        same_calls(text, text, way);
      }
    }
  }
  // A usual move followed by a UTF-8 character that goes on the symbol (gp::korean_char: a
  // Hangul or CJK character; gp::figurine) or that ends it (é, an em dash): one token either
  // way. (A mutation of a xiangqi game found the first: "O-O中国象棋" was read as O-O by the
  // fast path and as one invalid symbol by the grammar.)
  for (const char* text :
       {"O-O\xE4\xB8\xAD\xE5\x9B\xBD\"]\n", "1. O-O\xE4\xB8\xAD *", "1. e4\xED\x95\x9C e5 *",
        "1. Nf3\xEA\xB0\x80 *", "1. Nbd2+\xE4\xB8\xAD 1-0", "1. O-O-O#\xE2\x99\x98 *",
        "1. exd5\xE2\x99\x98 *", "1. e4\xC3\xA9 e5 *",
        "1. e4\xE2\x80\x94"
        "e5 *",
        "1. e4 e5\xE4\xB8"}) {
    for (std::size_t chunk : {0, 1, 2, 3, 5}) {
      Way way{chunk, {}};
      for (int skip : {0, 1}) {
        way.skip_every = skip;
        same_calls(text, text, way);
      }
    }
  }
  // Deep nesting: an error at the 201st '(' either way.
  same_calls("deep", "1. e4 " + std::string(100000, '(') + " *", Way{});
  same_calls("deep", "1. e4 " + std::string(200, '(') + std::string(200, ')') + " *", Way{});
  same_calls("deep", "1. e4 " + std::string(201, '(') + std::string(201, ')') + " *", Way{});
}

TEST_CASE("faster reader: long tokens and lines in small chunks are scanned once",
          "[reader][speed]") {
  // The movetext skipping of the splitter goes back to the start of a token holding a '-' (a
  // termination marker may end there): a 2 MB token read 16 bytes at a time must not be scanned
  // again after every read (10^11 steps), neither at the start of a line nor after a move.
  const std::string big(2'000'000, 'a');
  for (const std::string& text :
       {"[Event \"x\"]\n\n1. e4 " + big + "-0 e5 1-0\n\n[Event \"y\"]\n\n1. d4 *\n",
        "[Event \"x\"]\n\n1. e4\n" + big + "-" + big + " 0-1\n[Event \"y\"]\n1. d4 *\n",
        "1. e4 e5\n" + std::string(2'000'000, ' ') + "-\n%" + big + "\n1/2-1/2\n"}) {
    Way way{16, {}};
    same_calls("long token", text, way);
  }
}

TEST_CASE("a game too long before its first tag pair ends is skipped from that tag pair",
          "[reader][limits]") {
  // The splitter waits for the end of a tag pair before it starts a game; when the limit was
  // exceeded there, the reader before issue 13 took the start of the game before as the start of
  // the game skipped (reading outside its buffer). The game starts at the tag pair, in both modes.
  const std::string text =
      "[Event \"" + std::string(300, 'a') + "\"]\n1. e4 *\n\n[Event \"b\"]\n1. d4 *\n";
  for (const bool grammar_only : {false, true})
    for (std::size_t chunk : {1, 16, 64}) {
      CallLog log(true);
      std::istringstream in(text);
      notation::ReaderOptions limits;
      limits.max_game_bytes = 100;
      limits.grammar_only = grammar_only;
      CHECK(notation::detail::read_pgn(in, log, chunk, limits) == 2);
      REQUIRE(log.calls.size() >= 4);
      CHECK(log.calls[0] == "game 1@1:1+0");
      CHECK(log.calls[1].find("syntax |a game of at most 100 bytes") == 0);
      CHECK(log.calls[1].find("@1:1+0") != std::string::npos);
      CHECK(log.calls[3] == "game 2@4:1+" + std::to_string(text.find("[Event \"b\"]")));
    }
}

TEST_CASE("faster reader: SAN tokens equal the grammar's on every short string",
          "[reader][speed]") {
  // Every string of up to 5 characters over an alphabet that reaches every SAN form.
  const std::string alphabet = "abehxz180NQOPZ=+#-:@q";
  std::string s;
  std::uint64_t compared = 0, valid = 0, common = 0;
  std::function<void(std::size_t)> all = [&](std::size_t left) {
    SanToken a, b;
    const bool ok_grammar = notation::detail::parse_san_grammar(s, a);
    const bool ok_fast = notation::detail::parse_san_token(s, b);
    ++compared;
    if (ok_grammar != ok_fast || (ok_grammar && fields(a) != fields(b))) {
      FAIL_CHECK("token \"" << s << "\": grammar " << ok_grammar << " " << fields(a) << ", fast "
                            << ok_fast << " " << fields(b));
    }
    valid += ok_grammar;
    // The reader's use: the token at the start of a longer text, read in place.
    const std::string text = s + " {more text after the token}";
    if (const char* end =
            notation::detail::parse_usual_san(text.data(), text.data() + text.size(), b);
        end == text.data() + s.size() && (!ok_grammar || fields(a) != fields(b)))
      FAIL_CHECK("token \"" << s << "\" in a text: fast " << fields(b) << ", grammar "
                            << ok_grammar);
    // The commonest shapes, read by shape alone.
    SanToken shaped;  // blank, as parse_common_san wants, but for the fields that it writes
    shaped.piece = 'Z';
    shaped.from = shaped.to = {7, 7};
    shaped.check = '#';
    shaped.capture = true;
    shaped.kind = xpgn::TokenKind::pass;
    if (const char* end = notation::detail::parse_common_san(text.data(), shaped);
        end != nullptr &&
        (end != text.data() + s.size() || !ok_grammar || fields(a) != fields(shaped)))
      FAIL_CHECK("token \"" << s << "\" by shape: " << fields(shaped) << ", grammar "
                            << ok_grammar);
    else if (end != nullptr)
      ++common;
    if (left == 0) return;
    for (char c : alphabet) {
      s.push_back(c);
      all(left - 1);
      s.pop_back();
    }
  };
  all(5);
  SanToken none;  // an empty view without data is no token either
  CHECK_FALSE(notation::detail::parse_san_token(std::string_view(), none));
  CHECK_FALSE(notation::detail::parse_san_grammar(std::string_view(), none));
  CHECK(compared > 4000000);
  CHECK(valid > 10000);
  CHECK(common > 1000);
  // Longer tokens of the usual shapes.
  for (const char* t : {"Qh4xe1+", "exd8=Q#", "e7e8=q", "Ng1-f3", "Nb1xd2", "e10", "Re10e12",
                        "O-O-O/Hh1", "Nbxd7+", "a8Q", "bxa8=N", "Kxe10#", "Ra1a10", "N1xd2"}) {
    SanToken a, b;
    const bool ok_grammar = notation::detail::parse_san_grammar(t, a);
    CHECK(ok_grammar == notation::detail::parse_san_token(t, b));
    CHECK(fields(a) == fields(b));
  }
}

TEST_CASE(
    "faster reader: grammar-only and default speed on XPGN_BENCH_FILE (default /tmp/masters.pgn)",
    "[.bench]") {
  const char* env = std::getenv("XPGN_BENCH_FILE");
  const fs::path path = env != nullptr ? env : "/tmp/masters.pgn";
  const std::string text = load(path);
  if (text.empty()) {
    WARN("no benchmark input " << path.string());
    return;
  }
  // The best of five runs, in MB/s; `run` reads from a fresh stream made before the clock starts.
  auto time = [&](auto&& run) {
    double best = 1e30;
    for (int i = 0; i < 5; ++i) {
      std::istringstream in(text);
      const auto t0 = std::chrono::steady_clock::now();
      run(in);
      best = std::min(best,
                      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
    return static_cast<double>(text.size()) / best / 1e6;
  };
  notation::PgnVisitor nothing;
  auto count = [](const notation::GameStart&) { return true; };
  notation::ReaderOptions grammar_only;
  grammar_only.grammar_only = true;
  const double grammar_read =
      time([&](std::istream& in) { notation::read_pgn(in, nothing, grammar_only); });
  const double fast_read = time([&](std::istream& in) { notation::read_pgn(in, nothing); });
  const double grammar_scan =
      time([&](std::istream& in) { notation::scan_games(in, count, grammar_only); });
  const double fast_scan = time([&](std::istream& in) { notation::scan_games(in, count); });
  std::printf("%s, %.1f MB\nread_pgn:   grammar-only %.1f MB/s, default %.1f MB/s (x%.2f)\n",
              path.c_str(), static_cast<double>(text.size()) / 1e6, grammar_read, fast_read,
              fast_read / grammar_read);
  std::printf("scan_games: grammar-only %.1f MB/s, default %.1f MB/s (x%.2f)\n", grammar_scan,
              fast_scan, fast_scan / grammar_scan);
}
