// Tests of ReplayMode::tree and restore_positions(): a tree replay keeps the whole tree without
// positions, and once restored every game is the full replay's, byte for byte in JSON and PGN,
// with the same diagnostics; on the samples, the fast-path test file, hand-made games (null
// moves, variations, unverified lines, bad FENs, '+' that mates) and the shared corpus's tricky
// and variant files (skipped with a warning when ../shared/corpus is absent).
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <sstream>
#include <stdexcept>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

#include "test_support.hpp"
#include "xpgn/emit/json.hpp"
#include "xpgn/emit/pgn.hpp"
#include "xpgn/record/replayer.hpp"

namespace fs = std::filesystem;
using xpgn::record::Game;
using xpgn::record::Line;
using xpgn::record::ReplayMode;
using xpgn::record::ReplayOptions;

namespace {

// The games of `text` replayed in `mode` (fast path on or off), with the orphan diagnostics.
struct Replayed {
  std::vector<Game> games;
  std::vector<xpgn::record::Diagnostic> orphans;
};
Replayed replay_in(const std::string& text, ReplayMode mode, bool fast) {
  ReplayOptions options;
  options.mode = mode;
  options.file_name = "t.pgn";
  options.fast_chess = fast;
  Replayed r;
  xpgn::record::replay_pgn(
      text, options, [&](Game& g) { r.games.push_back(std::move(g)); }, &r.orphans);
  return r;
}

// Counts the verified nodes of `line` (variations included) that hold a position or effects.
void count_kept(const Line& line, int& verified, int& with_position, int& with_effects) {
  for (const auto& node : line) {
    if (node.verified) ++verified;
    if (node.after) ++with_position;
    if (!node.effects.empty()) ++with_effects;
    for (const auto& v : node.variations) count_kept(v, verified, with_position, with_effects);
  }
}

// What a game writes: its JSON line and canonical PGN.
std::string written(const Game& g) {
  std::ostringstream json;
  xpgn::emit::write_game_json(json, g);
  return json.str() + "\n" + xpgn::emit::to_pgn(g);
}

// Compares tree mode (then restored) with full mode on `text`; returns the verified nodes seen.
int compare_tree_and_full(const std::string& text, const std::string& name) {
  int verified_total = 0;
  for (bool fast : {true, false}) {
    INFO(name << (fast ? "" : " (generic rules)"));
    const Replayed full = replay_in(text, ReplayMode::full, fast);
    Replayed tree = replay_in(text, ReplayMode::tree, fast);
    REQUIRE(tree.games.size() == full.games.size());
    REQUIRE(tree.orphans.size() == full.orphans.size());
    for (std::size_t i = 0; i < full.orphans.size(); ++i)
      CHECK(xpgn::record::format_diagnostic(tree.orphans[i]) ==
            xpgn::record::format_diagnostic(full.orphans[i]));
    for (std::size_t i = 0; i < full.games.size(); ++i) {
      INFO("game " << i + 1);
      Game& g = tree.games[i];
      int verified = 0, with_position = 0, with_effects = 0;
      count_kept(g.moves, verified, with_position, with_effects);
      CHECK(with_position == 0);  // what tree mode leaves out
      CHECK(with_effects == 0);
      CHECK(g.start_fen == full.games[i].start_fen);
      CHECK(g.mainline_plies == full.games[i].mainline_plies);
      CHECK(restore_positions(g) == g.start_position().has_value());
      int verified_after = 0;
      with_position = with_effects = 0;
      count_kept(g.moves, verified_after, with_position, with_effects);
      CHECK(with_position == verified);  // every verified node has its position now
      CHECK(written(g) == written(full.games[i]));
      // Restoring again, or restoring a full game, changes nothing.
      restore_positions(g);
      CHECK(written(g) == written(full.games[i]));
      Game copy = full.games[i];
      restore_positions(copy);
      CHECK(written(copy) == written(full.games[i]));
      verified_total += verified;
    }
  }
  return verified_total;
}

}  // namespace

TEST_CASE("tree mode keeps no position; restored, every sample game is the full replay's",
          "[record][tree]") {
  int verified = 0;
  std::vector<std::string> folders;
  for (const auto& entry :
       fs::directory_iterator(fs::path(XPGN_TEST_DATA) / ".." / ".." / "samples"))
    if (entry.is_directory()) folders.push_back(entry.path().filename().string());
  std::sort(folders.begin(), folders.end());
  REQUIRE(folders.size() >= 9);
  for (const auto& folder : folders) {
    for (const auto& path : xpgn::test::sample_files(folder))
      verified += compare_tree_and_full(xpgn::test::file_text(path), path.filename().string());
  }
  const fs::path special = fs::path(XPGN_TEST_DATA) / "fast" / "special-moves.pgn";
  verified += compare_tree_and_full(xpgn::test::file_text(special), "special-moves.pgn");
  CHECK(verified > 1000);  // the comparison saw real games
}

TEST_CASE("tree mode on hand-made games: null moves, variations, unverified lines, bad FENs",
          "[record][tree]") {
  const std::string text =
      "[Event \"null moves and variations\"]\n\n"
      "1. e4 e5 (1... c5 2. Nf3 (2. Nc3 Nc6) d6) 2. Nf3 -- 3. Bc4 Nc6 4. Ng5 d5 "
      "(4... Nf6 5. Nxf7) 5. exd5 Nxd5 6. Nxf7 Kxf7 1-0\n\n"
      "[Event \"illegal in the mainline, variation after it\"]\n\n"
      "1. e4 e5 2. Ke3 (2. Nf3) Nc6 (2... d6) 3. Bb5 *\n\n"
      "[Event \"a '+' that mates\"]\n\n1. f3 e5 2. g4 Qh4+ 0-1\n\n"
      "[Event \"castling, en passant, promotion\"]\n"
      "[FEN \"r3k2r/1P6/8/8/3pP3/8/8/R3K2R b KQkq e3 0 1\"]\n[SetUp \"1\"]\n\n"
      "1... dxe3 2. bxa8=Q+ Kd7 3. O-O-O+ Kc6 4. Qxh8 *\n\n"
      "[Event \"bad FEN\"]\n[FEN \"8/8/8 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. e4 *\n\n"
      "[Event \"unknown variant\"]\n[Variant \"nonesuch\"]\n\n1. e4 *\n\n"
      "[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@e4 (4. d4) *\n\n"
      "[Variant \"Atomic\"]\n\n1. e4 d5 2. exd5 Nf6 3. Nc3 Nxd5 4. Nxd5 *\n\n";
  CHECK(compare_tree_and_full(text, "hand-made") > 30);
}

TEST_CASE("tree mode on the shared corpus's tricky and variant files", "[record][tree][corpus]") {
  const fs::path corpus = fs::path(XPGN_SHARED_DIR) / "corpus";
  if (!fs::is_directory(corpus / "tricky") || !fs::is_directory(corpus / "variants")) {
    WARN("tree-mode corpus test skipped: " << (corpus / "tricky").string() << " or "
                                           << (corpus / "variants").string() << " is missing");
    return;
  }
  int verified = 0;
  for (const auto* dir : {"tricky", "variants"}) {
    std::vector<fs::path> files;
    for (const auto& entry : fs::recursive_directory_iterator(corpus / dir))
      if (entry.is_regular_file() && entry.path().extension() == ".pgn")
        files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    for (const auto& path : files)
      verified += compare_tree_and_full(xpgn::test::file_text(path), path.string());
  }
  CHECK(verified > 1000);
}

namespace {

// A stream buffer that hands out `text` and then fails as a disk would.
class FailingBuffer final : public std::streambuf {
 public:
  explicit FailingBuffer(std::string text) : text_(std::move(text)) {
    setg(text_.data(), text_.data(), text_.data() + text_.size());
  }

 protected:
  int_type underflow() override { throw std::runtime_error("disk gone"); }

 private:
  std::string text_;
};

}  // namespace

TEST_CASE(
    "replay_pgn_while stops when asked, passes the handler's exceptions on, reports "
    "a stream that went bad",
    "[record][tree]") {
  const std::string text =
      "[Event \"1\"]\n\n1. e4 e5 *\n\n[Event \"2\"]\n\n1. d4 *\n\n[Event \"3\"]\n\n1. c4 *\n\n";
  ReplayOptions options;
  options.mode = ReplayMode::tree;
  options.file_name = "t.pgn";
  for (const std::size_t stop_after : {1, 2, 3}) {
    std::vector<std::string> seen;
    const std::string error =
        xpgn::record::replay_pgn_while(std::string_view(text), options, [&](Game& g) {
          seen.push_back(*g.tag("Event") + ":" + (g.moves.empty() ? "" : g.moves[0].san));
          return seen.size() < stop_after;
        });
    CHECK(error.empty());
    const std::vector<std::string> all = {"1:e4", "2:d4", "3:c4"};
    CHECK(seen == std::vector<std::string>(all.begin(), all.begin() + stop_after));
  }
  int calls = 0;
  std::istringstream stream(text);
  CHECK_THROWS_WITH(xpgn::record::replay_pgn_while(stream, options,
                                                   [&](Game&) -> bool {
                                                     ++calls;
                                                     throw std::logic_error("handler's own");
                                                   }),
                    "handler's own");
  CHECK(calls == 1);
  // A stream that fails after the first two games: the read error is reported (whether the
  // reader still hands over what it read before the failure is its own business).
  FailingBuffer buffer(text.substr(0, text.find("[Event \"3\"]")));
  std::istream failing(&buffer);
  std::vector<std::string> events;
  const std::string error = xpgn::record::replay_pgn_while(failing, options, [&](Game& g) {
    events.push_back(*g.tag("Event"));
    return true;
  });
  CHECK(error == "t.pgn: read error");
  CHECK(events.size() <= 2);
}
