// Tests on the shared PGN corpus (../shared/corpus, written by others; see its README.md):
//  - the verdict of `check` on every game of the main corpus equals the committed table
//    tests/data/corpus/verdicts.tsv (made once with pgn-extract as the reference, which CI does
//    not have: only the committed table is compared here);
//  - every file of tricky/ and variants/ reads without crash or hang;
//  - every game of the main corpus survives the canonical PGN round trip: written with to_pgn,
//    read back, it has the same tags (roster first), moves (canonical SAN), NAGs, comments
//    (whitespace squeezed) and variations, and writing it again gives the same bytes.
//  - the FIDE chess fast path (rules::ChessBoard) gives, game by game, the diagnostics and
//    outcomes of the generic rules on every main-corpus and tricky file.
// When the corpus is absent the tests warn and pass.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "test_support.hpp"
#include "xpgn/emit/pgn.hpp"
#include "xpgn/record/check.hpp"
#include "xpgn/record/replayer.hpp"

namespace fs = std::filesystem;
using xpgn::record::Game;
using xpgn::record::Line;
using xpgn::record::Severity;

namespace {

const fs::path corpus_dir = fs::path(XPGN_SHARED_DIR) / "corpus";
const fs::path verdicts_path = fs::path(XPGN_TEST_DATA) / "corpus" / "verdicts.tsv";

// The main corpus (standard chess), in the order of bench/make-corpus.sh, with its game counts.
struct MainFile {
  const char* name;
  std::uint64_t games;
};
const MainFile main_files[] = {
    {"masters-gnuchess-book-60k.pgn.xz", 60000},
    {"tcec-engine-comments.pgn.xz", 438},
    {"lichess-2025-05-clk-sample.pgn", 438},
    {"lichess-2012-12-chessjs-bench.pgn", 100},
    {"twic1599-sample.pgn", 1110},
    {"twic-01-232games.pgn", 232},
    {"wcup2025-annotated.pgn", 469},
    {"world-matches.pgn", 580},
    {"dortmund.pgn", 347},
    {"capablanca.pgn", 597},
    {"london1851.pgn", 251},
    {"lichess-studies-pychess.pgn", 405},
    {"pychess-mate-in-2.pgn", 166},
};

// Why the corpus tests cannot run, or "" when they can.
std::string corpus_missing() {
  if (!fs::is_directory(corpus_dir))
    return corpus_dir.string() + " is not a directory (the shared corpus is not checked out)";
  for (const auto& f : main_files)
    if (!fs::is_regular_file(corpus_dir / f.name))
      return (corpus_dir / f.name).string() + " is missing";
  return "";
}

// The text of a main-corpus file (".xz" files through `xz -dc`), loaded once and kept.
// Returns nullptr and sets `error` when it cannot be read.
const std::string* main_text(const std::string& name, std::string& error) {
  static std::map<std::string, std::string> cache;
  static std::mutex mutex;
  std::lock_guard<std::mutex> lock(mutex);
  if (auto it = cache.find(name); it != cache.end()) return &it->second;
  const fs::path path = corpus_dir / name;
  std::string text;
  if (path.extension() == ".xz") {
    const std::string command = "xz -dc '" + path.string() + "' 2>/dev/null";
    FILE* pipe = popen(command.c_str(), "r");
    if (!pipe) {
      error = "cannot run xz for " + path.string();
      return nullptr;
    }
    char buffer[1 << 16];
    std::size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0) text.append(buffer, n);
    if (pclose(pipe) != 0 || text.empty()) {
      error = "`xz -dc " + path.string() + "` failed (is xz installed?)";
      return nullptr;
    }
  } else if (!xpgn::record::read_file(path.string(), text, error)) {
    return nullptr;
  }
  return &cache.emplace(name, std::move(text)).first->second;
}

// One row of verdicts.tsv.
struct Verdict {
  std::string file;
  std::uint64_t game = 0;
  std::uint64_t line = 0;
  std::string xpgn;         // "valid" or "invalid"
  std::string pgn_extract;  // "valid", "invalid" or "skipped"
  std::string reason;
  int row = 0;  // line of the row in verdicts.tsv
};

std::vector<std::string> split_tabs(const std::string& s) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (true) {
    std::size_t tab = s.find('\t', start);
    out.push_back(s.substr(start, tab == std::string::npos ? std::string::npos : tab - start));
    if (tab == std::string::npos) break;
    start = tab + 1;
  }
  return out;
}

// Reads verdicts.tsv; malformed rows are reported as failures and skipped.
std::vector<Verdict> read_verdicts() {
  std::vector<Verdict> out;
  std::ifstream in(verdicts_path);
  REQUIRE(in.good());
  std::string s;
  int row = 0;
  while (std::getline(in, s)) {
    ++row;
    if (!s.empty() && s.back() == '\r') s.pop_back();
    if (s.empty() || s[0] == '#') continue;
    auto f = split_tabs(s);
    INFO("verdicts.tsv:" << row << ": " << s);
    if (f.size() != 6) {
      FAIL_CHECK("expected 6 tab-separated columns, found " << f.size());
      continue;
    }
    Verdict v;
    v.file = f[0];
    try {
      v.game = std::stoull(f[1]);
      v.line = std::stoull(f[2]);
    } catch (const std::exception&) {
      FAIL_CHECK("game and line must be numbers");
      continue;
    }
    v.xpgn = f[3];
    v.pgn_extract = f[4];
    v.reason = f[5];
    v.row = row;
    CHECK((v.xpgn == "valid" || v.xpgn == "invalid"));
    CHECK((v.pgn_extract == "valid" || v.pgn_extract == "invalid" || v.pgn_extract == "skipped"));
    CHECK(!v.reason.empty());
    // A row is either a disagreement or an xpgn rejection.
    CHECK((v.xpgn == "invalid" || v.pgn_extract != "valid"));
    out.push_back(std::move(v));
  }
  return out;
}

// Runs `work` on its own thread; false when it did not finish within `limit` (the thread is
// then left behind, detached, so that a hang fails the test instead of blocking it).
bool finishes_within(std::function<void()> work, std::chrono::seconds limit) {
  auto done = std::make_shared<std::promise<void>>();
  std::future<void> future = done->get_future();
  std::thread([work = std::move(work), done] {
    work();
    done->set_value();
  }).detach();
  return future.wait_for(limit) == std::future_status::ready;
}

// --- round trip ----------------------------------------------------------------------------

// `text` with every run of blanks (space, tab, CR, LF) made one space, ends trimmed: the
// canonical writer collapses the whitespace of comments.
std::string squeeze(std::string_view text) {
  std::string out;
  bool blank = false;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      blank = true;
      continue;
    }
    if (blank && !out.empty()) out += ' ';
    blank = false;
    out += c;
  }
  return out;
}

// The movetext of a line as a flat list of items in writing order (comments, moves with their
// ply, NAGs, variations), for comparing two trees independently of which move a comment
// between two moves was attached to.
// A comment as an item: "{text}" with its blanks squeezed.
std::string comment_item(std::string_view text) {
  std::string item(1, '{');
  item += squeeze(text);
  item += '}';
  return item;
}

// Appends the comments of `list` but the marker the writer adds where verification stopped.
void add_comments(const std::vector<std::string>& list, std::vector<std::string>& out) {
  for (const auto& c : list) {
    std::string flat = c;
    std::replace(flat.begin(), flat.end(), '\n', ' ');  // the writer breaks lines at spaces
    if (flat.rfind("xpgn: not verified after ply ", 0) != 0) out.push_back(comment_item(c));
  }
}

void flatten(const Line& line, std::vector<std::string>& out) {
  for (const auto& node : line) {
    add_comments(node.comments_before, out);
    std::string move = std::to_string(node.ply);
    move += ':';
    move += node.verified ? node.san : "unverified " + node.text;
    out.push_back(std::move(move));
    for (int n : node.nags) {
      std::string nag(1, '$');
      nag += std::to_string(n);
      out.push_back(std::move(nag));
    }
    add_comments(node.comments_after, out);
    for (const auto& variation : node.variations) {
      if (variation.empty()) continue;
      out.push_back("(");
      flatten(variation, out);
      out.push_back(")");
    }
  }
}

std::vector<std::string> flatten(const Game& game) {
  std::vector<std::string> out;
  add_comments(game.comments, out);
  flatten(game.moves, out);
  return out;
}

// The tags the canonical writer must produce for `game` (docs/cli.md): the seven-tag roster
// first (first occurrence of each, or its default), then the other tags in input order.
std::vector<std::pair<std::string, std::string>> expected_tags(const Game& game) {
  static const char* const roster[] = {"Event", "Site",  "Date",  "Round",
                                       "White", "Black", "Result"};
  std::vector<std::pair<std::string, std::string>> out;
  std::vector<bool> used(game.tags.size(), false);
  for (const char* name : roster) {
    std::size_t i = 0;
    while (i < game.tags.size() && (used[i] || game.tags[i].name != name)) ++i;
    if (i < game.tags.size()) {
      used[i] = true;
      out.emplace_back(name, game.tags[i].value);
    } else if (std::string_view(name) == "Date") {
      out.emplace_back(name, "????.??.??");
    } else if (std::string_view(name) == "Result") {
      out.emplace_back(name, game.result_marker.empty() ? "*" : game.result_marker);
    } else {
      out.emplace_back(name, "?");
    }
  }
  for (std::size_t i = 0; i < game.tags.size(); ++i)
    if (!used[i]) out.emplace_back(game.tags[i].name, game.tags[i].value);
  return out;
}

// First difference between `a` and `b` as "what: x vs y", or "" when they are equal.
std::string first_difference(const std::vector<std::string>& a, const std::vector<std::string>& b,
                             const char* what) {
  std::size_t n = std::min(a.size(), b.size());
  for (std::size_t i = 0; i < n; ++i)
    if (a[i] != b[i])
      return std::string(what) + " item " + std::to_string(i) + ": '" + a[i] + "' became '" + b[i] +
             "'";
  if (a.size() != b.size())
    return std::string(what) + ": " + std::to_string(a.size()) + " items became " +
           std::to_string(b.size());
  return "";
}

// Round trip of one game: write, read back, compare, write again. "" when all is well.
std::string round_trip(const Game& game) {
  const std::string first = xpgn::emit::to_pgn(game);
  xpgn::record::ReplayOptions options;
  options.file_name = "canonical";
  std::vector<Game> again = xpgn::record::read_games(first, options);
  if (again.size() != 1)
    return "canonical text reads as " + std::to_string(again.size()) + " games:\n" + first;
  const Game& back = again.front();
  std::string diff;
  // Tags.
  auto tags = expected_tags(game);
  std::vector<std::string> want, got;
  for (const auto& [name, value] : tags) want.push_back(name + "=" + value);
  for (const auto& t : back.tags) got.push_back(t.name + "=" + t.value);
  diff = first_difference(want, got, "tags");
  // Moves (SAN and ply), NAGs, comments, variations.
  if (diff.empty()) diff = first_difference(flatten(game), flatten(back), "movetext");
  if (diff.empty() && back.start_fen != game.start_fen)
    diff = "start position: '" + game.start_fen + "' became '" + back.start_fen + "'";
  if (diff.empty() && back.variant != game.variant) diff = "variant changed";
  std::string result = game.result_marker;
  if (result.empty()) result = game.result_tag;
  if (result.empty()) result = "*";
  if (diff.empty() && back.result_marker != result)
    diff = "result: '" + result + "' became '" + back.result_marker + "'";
  if (diff.empty() && game.valid() && !back.valid()) {
    diff = "valid game became invalid:";
    for (const auto& d : back.diagnostics)
      if (d.severity == Severity::error) diff += " " + xpgn::record::format_diagnostic(d);
  }
  if (diff.empty()) {
    const std::string second = xpgn::emit::to_pgn(back);
    if (second != first) {
      std::size_t i = 0;
      while (i < first.size() && i < second.size() && first[i] == second[i]) ++i;
      diff = "second writing differs at byte " + std::to_string(i) + ":\n" + first +
             "--- second:\n" + second;
    }
  }
  return diff.empty() ? "" : diff + "\n--- canonical:\n" + first;
}

// Failures of the round trip of one file.
struct RoundTripResult {
  std::uint64_t games = 0;
  std::uint64_t failures = 0;
  std::vector<std::string> messages;  // the first few
  std::string error;                  // the file could not be read
};

// Round trip of the games of `text`, a part of the file `name` that starts on line
// `first_line` (messages give lines of the whole file), added to `r`.
void round_trip_part(const std::string& name, std::string_view text, std::uint64_t first_line,
                     RoundTripResult& r) {
  xpgn::record::ReplayOptions options;
  options.file_name = name;
  xpgn::record::replay_pgn(text, options, [&](Game& game) {
    ++r.games;
    std::string diff = round_trip(game);
    if (diff.empty()) return;
    ++r.failures;
    if (r.messages.size() < 5)
      r.messages.push_back(name + ": game at line " +
                           std::to_string(first_line + game.pos.line - 1) + ": " + diff);
  });
}

}  // namespace

TEST_CASE("corpus: check verdicts equal the committed table verdicts.tsv", "[corpus]") {
  if (auto why = corpus_missing(); !why.empty()) {
    WARN("corpus verdict test skipped: " << why);
    return;
  }
  const std::vector<Verdict> verdicts = read_verdicts();
  std::map<std::string, std::map<std::uint64_t, const Verdict*>> listed;
  for (const auto& v : verdicts) {
    bool known = false;
    for (const auto& f : main_files) known = known || v.file == f.name;
    INFO("verdicts.tsv:" << v.row);
    CHECK(known);
    CHECK(listed[v.file].emplace(v.game, &v).second);  // one row per game
  }
  std::uint64_t total_invalid = 0;
  for (const auto& f : main_files) {
    INFO(f.name);
    std::string error;
    const std::string* text = main_text(f.name, error);
    if (!text) {
      WARN("corpus verdict test skipped for " << f.name << ": " << error);
      continue;
    }
    const auto report = xpgn::record::check_text(*text, f.name, 2);
    CHECK(report.games == f.games);
    // First error of every invalid game.
    std::map<std::uint64_t, const xpgn::record::Diagnostic*> invalid;
    for (const auto& d : report.diagnostics) {
      if (d.severity != Severity::error) continue;
      INFO(xpgn::record::format_diagnostic(d));
      CHECK(d.game > 0);  // no error outside a game
      invalid.emplace(d.game, &d);
    }
    CHECK(invalid.size() == report.invalid);
    total_invalid += report.invalid;
    // Every game xpgn rejects is listed as "invalid"; every listed "invalid" game is rejected.
    // So a game pgn-extract accepted (not listed, or listed "valid" for pgn-extract) is
    // accepted by xpgn unless the table says otherwise.
    const auto& rows = listed[f.name];
    for (const auto& [game, d] : invalid) {
      auto it = rows.find(game);
      if (it == rows.end()) {
        FAIL_CHECK("game " << game << " is invalid but not listed in verdicts.tsv: "
                           << xpgn::record::format_diagnostic(*d));
      } else if (it->second->xpgn != "invalid") {
        FAIL_CHECK("game " << game << " is invalid but verdicts.tsv:" << it->second->row
                           << " says valid: " << xpgn::record::format_diagnostic(*d));
      } else if (it->second->line != d->pos.line) {
        FAIL_CHECK("game " << game << ": first error now on line " << d->pos.line
                           << ", verdicts.tsv:" << it->second->row << " says line "
                           << it->second->line << ": " << xpgn::record::format_diagnostic(*d));
      }
    }
    for (const auto& [game, v] : rows) {
      if (game == 0 || game > report.games)
        FAIL_CHECK("verdicts.tsv:" << v->row << ": no game " << game << " in " << f.name);
      else if (v->xpgn == "invalid" && !invalid.count(game))
        FAIL_CHECK("game " << game << " is valid now, verdicts.tsv:" << v->row << " says invalid ("
                           << v->reason << ")");
    }
  }
  CHECK(total_invalid > 0);
}

TEST_CASE("corpus: tricky and variant files read without crash or hang", "[corpus]") {
  if (!fs::is_directory(corpus_dir / "tricky") || !fs::is_directory(corpus_dir / "variants")) {
    WARN("corpus tricky/variants test skipped: " << (corpus_dir / "tricky").string() << " or "
                                                 << (corpus_dir / "variants").string()
                                                 << " is not a directory");
    return;
  }
  std::vector<fs::path> files;
  for (const char* dir : {"tricky", "variants"})
    for (const auto& entry : fs::recursive_directory_iterator(corpus_dir / dir))
      if (entry.is_regular_file()) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  CHECK(files.size() > 50);
  std::uint64_t total = 0;
  for (const auto& path : files) {
    INFO(path.string());
    // Work on a copy of the results owned by the thread too, in case it is left behind.
    struct Outcome {
      std::string io_error;
      std::uint64_t checked = 0, read = 0, unknown_variant_games = 0;
      std::vector<std::string> problems;
    };
    auto out = std::make_shared<Outcome>();
    const std::string file = path.string();
    const bool finished = finishes_within(
        [out, file] {
          std::string text, error;
          if (!xpgn::record::read_file(file, text, error)) {
            out->io_error = error;
            return;
          }
          out->checked = xpgn::record::check_text(text, file).games;
          xpgn::record::ReplayOptions options;
          options.file_name = file;
          for (const Game& game : xpgn::record::read_games(text, options)) {
            ++out->read;
            (void)xpgn::emit::to_pgn(game);
            const std::string* variant = game.tag("Variant");
            if (game.variant || !variant) continue;
            // An unknown variant is an error diagnostic, not a crash.
            ++out->unknown_variant_games;
            bool reported = false;
            for (const auto& d : game.diagnostics)
              reported = reported || (d.severity == Severity::error &&
                                      d.message.find("unknown variant") != std::string::npos);
            if (!reported)
              out->problems.push_back("game " + std::to_string(game.index) + " [Variant \"" +
                                      *variant + "\"] has no 'unknown variant' error");
          }
        },
        std::chrono::seconds(60));
    if (!finished) {
      FAIL_CHECK("reading did not finish within 60 s");
      continue;
    }
    CHECK(out->io_error.empty());
    CHECK(out->checked > 0);  // every file of these directories holds at least one game
    CHECK(out->read == out->checked);
    for (const auto& p : out->problems) FAIL_CHECK(p);
    total += out->checked;
  }
  CHECK(total > 1500);
}

TEST_CASE("corpus: every main-corpus game survives the canonical PGN round trip", "[corpus]") {
  if (auto why = corpus_missing(); !why.empty()) {
    WARN("corpus round-trip test skipped: " << why);
    return;
  }
  // Two threads: the biggest file (masters, ~90% of the work) is cut in two at a game boundary;
  // one thread does its first half, the other its second half and then the other files.
  std::vector<RoundTripResult> results(std::size(main_files));
  const std::string* masters = main_text(main_files[0].name, results[0].error);
  RoundTripResult first_half;
  std::thread helper;
  if (masters) {
    const std::string_view text(*masters);
    const auto cuts = xpgn::record::split_at_games(text, 2);
    const std::size_t cut = cuts.size() > 1 ? cuts[1] : text.size();
    helper = std::thread(
        [&] { round_trip_part(main_files[0].name, text.substr(0, cut), 1, first_half); });
    const auto cut_line =
        1 + static_cast<std::uint64_t>(std::count(text.begin(), text.begin() + cut, '\n'));
    round_trip_part(main_files[0].name, text.substr(cut), cut_line, results[0]);
  }
  for (std::size_t i = 1; i < std::size(main_files); ++i) {
    if (const std::string* text = main_text(main_files[i].name, results[i].error))
      round_trip_part(main_files[i].name, *text, 1, results[i]);
  }
  if (helper.joinable()) helper.join();
  results[0].games += first_half.games;
  results[0].failures += first_half.failures;
  results[0].messages.insert(results[0].messages.begin(), first_half.messages.begin(),
                             first_half.messages.end());
  for (std::size_t i = 0; i < results.size(); ++i) {
    const auto& r = results[i];
    INFO(main_files[i].name);
    if (!r.error.empty()) {
      WARN("corpus round-trip test skipped for " << main_files[i].name << ": " << r.error);
      continue;
    }
    CHECK(r.games == main_files[i].games);
    for (const auto& m : r.messages) FAIL_CHECK(m);
    CHECK(r.failures == 0);
  }
}

TEST_CASE("corpus: the atomic and antichess game files check valid",
          "[corpus][atomic][antichess]") {
  const fs::path dir = corpus_dir / "variants";
  struct Expected {
    const char* file;
    std::uint64_t games;
  };
  for (const Expected& e :
       {Expected{"pychess-atomic.pgn", 10}, Expected{"python-chess-antichess-programfox.pgn", 2}}) {
    const fs::path path = dir / e.file;
    if (!fs::is_regular_file(path)) {
      WARN("corpus atomic/antichess test skipped: " << path.string() << " is absent");
      continue;
    }
    INFO(path.string());
    std::string text, error;
    REQUIRE(xpgn::record::read_file(path.string(), text, error));
    xpgn::record::ReplayOptions options;
    options.file_name = path.string();
    const std::vector<Game> games = xpgn::record::read_games(text, options);
    CHECK(games.size() == e.games);
    for (const Game& game : games) {
      std::string diagnostics;
      for (const auto& d : game.diagnostics)
        diagnostics += xpgn::record::format_diagnostic(d) + "\n";
      INFO("game " << game.index << ":\n" << diagnostics);
      CHECK(game.variant != nullptr);
      CHECK(game.valid());
    }
  }
}

TEST_CASE("corpus: every crazyhouse game of variants/ is valid and round-trips", "[corpus]") {
  const fs::path dir = corpus_dir / "variants";
  if (!fs::is_directory(dir)) {
    WARN("corpus crazyhouse test skipped: " << dir.string() << " is not a directory");
    return;
  }
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.is_regular_file()) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  std::uint64_t games = 0;
  for (const auto& path : files) {
    std::string text, error;
    REQUIRE(xpgn::record::read_file(path.string(), text, error));
    xpgn::record::ReplayOptions options;
    options.file_name = path.string();
    for (const Game& game : xpgn::record::read_games(text, options)) {
      if (!game.variant || game.variant->id != "crazyhouse") continue;
      ++games;
      INFO(path.filename().string() << " game " << game.index);
      for (const auto& d : game.diagnostics)
        if (d.severity == Severity::error) FAIL_CHECK(xpgn::record::format_diagnostic(d));
      CHECK(round_trip(game).empty());
    }
  }
  // pychess-zh.pgn 83, pychess-schess.pgn 103, the two python-chess lichess files and the
  // Fairy-Stockfish lichess file 1 each.
  CHECK(games == 189);
}

TEST_CASE("corpus: every Seirawan game of variants/ is valid", "[corpus][seirawan]") {
  const fs::path dir = corpus_dir / "variants";
  if (!fs::is_directory(dir)) {
    WARN("corpus Seirawan test skipped: " << dir.string() << " is not a directory");
    return;
  }
  // pychess's Seirawan games (401; the file's 103 crazyhouse games are not counted) and the two
  // Fairy-Stockfish test files (one Seirawan and one Seirawan960 game).
  std::vector<fs::path> files{dir / "pychess-schess.pgn"};
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.path().filename().string().rfind("fairy-stockfish-pychess-variants_", 0) == 0)
      files.push_back(entry.path());
  std::uint64_t seirawan = 0;
  for (const auto& path : files) {
    INFO(path.string());
    std::string text, error;
    REQUIRE(xpgn::record::read_file(path.string(), text, error));
    xpgn::record::ReplayOptions options;
    options.file_name = path.string();
    for (const Game& game : xpgn::record::read_games(text, options)) {
      if (!game.variant || game.variant->id != "seirawan") continue;
      ++seirawan;
      INFO("game " << game.index);
      for (const auto& d : game.diagnostics)
        if (d.severity == Severity::error) FAIL_CHECK(d.message);
      CHECK(game.valid());
    }
  }
  CHECK(seirawan == 403);
}

TEST_CASE("corpus: the chess fast path gives the generic rules' results, game by game",
          "[corpus][fast]") {
  // Check mode, strict and not; then full mode (convert's JSON: moves, SAN, effects, FEN after
  // each move, diagnostics) on the same files.
  if (const std::string why = corpus_missing(); !why.empty()) {
    WARN("corpus fast-path comparison skipped: " << why);
    return;
  }
  std::size_t games = 0, full_games = 0;
  for (const auto& f : main_files) {
    std::string error;
    const std::string* text = main_text(f.name, error);
    if (!text) {
      WARN("corpus fast-path comparison skipped for " << f.name << ": " << error);
      continue;
    }
    games += xpgn::test::compare_fast_and_generic(*text, f.name);
    full_games += xpgn::test::compare_full_fast_and_generic(*text, f.name, false);
  }
  CHECK(games >= 65000);
  CHECK(full_games >= 65000);
  std::size_t tricky = 0;
  if (fs::is_directory(corpus_dir / "tricky"))
    for (const auto& entry : fs::recursive_directory_iterator(corpus_dir / "tricky")) {
      std::string text, error;
      if (!entry.is_regular_file() || !xpgn::record::read_file(entry.path().string(), text, error))
        continue;
      xpgn::test::compare_fast_and_generic(text, entry.path().filename().string());
      xpgn::test::compare_full_fast_and_generic(text, entry.path().filename().string());
      ++tricky;
    }
  CHECK(tricky > 10);
}
