// Check mode tests a written '+' against a mate only when the record does not go on with a legal
// move (rules::MarkTest::as_written); full mode tests it at once. Both must report the same
// diagnostics, in the same order, with the generic rules and with the FIDE chess fast path.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "test_support.hpp"
#include "xpgn/record/check.hpp"
#include "xpgn/record/replayer.hpp"
#include "xpgn/rules/san.hpp"

namespace {

using xpgn::record::ReplayMode;

const std::string tags = "[Event \"T\"]\n[Date \"2024.01.01\"]\n[White \"A\"]\n[Black \"B\"]\n";

// Every diagnostic of every game of `text` replayed in `mode`, formatted, in order.
std::vector<std::string> diagnostics(const std::string& text, ReplayMode mode, bool fast_chess) {
  xpgn::record::ReplayOptions options;
  options.file_name = "t.pgn";
  options.mode = mode;
  options.fast_chess = fast_chess;
  std::vector<std::string> out;
  std::vector<xpgn::record::Diagnostic> orphans;
  xpgn::record::replay_pgn(
      text, options,
      [&](xpgn::record::Game& g) {
        for (const auto& d : g.diagnostics) out.push_back(xpgn::record::format_diagnostic(d));
      },
      &orphans);
  for (const auto& d : orphans) out.push_back(xpgn::record::format_diagnostic(d));
  return out;
}

// The diagnostics of `text` in full mode on the generic rules, after checking that full mode on
// the fast path and check mode (generic rules and fast path) give the very same ones.
std::vector<std::string> same_in_both_modes(const std::string& text) {
  const auto full = diagnostics(text, ReplayMode::full, false);
  CHECK(diagnostics(text, ReplayMode::full, true) == full);
  CHECK(diagnostics(text, ReplayMode::check, false) == full);
  CHECK(diagnostics(text, ReplayMode::check, true) == full);
  return full;
}

// The whole text of the file at `path`.
std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE("resolve() verifies only written marks under MarkTest::as_written") {
  using xpgn::rules::MarkTest;
  const auto& chess = xpgn::test::variant("chess");
  auto position_after = [&](const std::string& moves) {
    auto pos = xpgn::rules::Position::start(chess);
    std::istringstream in(moves);
    std::string san;
    while (in >> san) {
      const auto r = xpgn::rules::resolve(pos, *xpgn::notation::parse_san(san));
      REQUIRE(r.error == xpgn::rules::MoveError::none);
      pos = xpgn::rules::play(pos, r.move);
    }
    return pos;
  };
  auto resolved = [&](const xpgn::rules::Position& pos, const char* san, MarkTest test) {
    const auto token = xpgn::notation::parse_san(san);
    REQUIRE(token);
    const auto r = xpgn::rules::resolve(pos, *token, nullptr, nullptr, test);
    REQUIRE(r.error == xpgn::rules::MoveError::none);
    return r;
  };
  const auto fools = position_after("f3 e5 g4");  // Qh4 mates
  // A mate written '+': full searches and finds the mark wrong; as_written leaves it open.
  auto r = resolved(fools, "Qh4+", MarkTest::full);
  CHECK(r.check_mark_wrong);
  CHECK_FALSE(r.mate_untested);
  r = resolved(fools, "Qh4+", MarkTest::as_written);
  CHECK_FALSE(r.check_mark_wrong);
  CHECK(r.mate_untested);
  // A checking move without a mark: only full says so.
  CHECK(resolved(fools, "Qh4", MarkTest::full).check_mark_missing);
  CHECK_FALSE(resolved(fools, "Qh4", MarkTest::as_written).check_mark_missing);
  // A '+' on a move that does not check is wrong either way, with nothing left open.
  for (MarkTest test : {MarkTest::full, MarkTest::as_written}) {
    r = resolved(fools, "Qe7+", test);
    CHECK(r.check_mark_wrong);
    CHECK_FALSE(r.mate_untested);
  }
  // A '+' on a check that is no mate is right either way.
  const auto open_king = position_after("e4 f5");  // Qh5 checks, g6 answers
  for (MarkTest test : {MarkTest::full, MarkTest::as_written}) {
    r = resolved(open_king, "Qh5+", test);
    CHECK_FALSE(r.check_mark_wrong);
    CHECK(r.mate_untested == (test == MarkTest::as_written));
  }
}

TEST_CASE("a mate written '+' at the end of a game is warned about in check mode") {
  const auto found = same_in_both_modes(tags + "\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7+ 1-0\n");
  REQUIRE(found.size() == 1);
  CHECK(found[0] ==
        "t.pgn:6:35: warning: game 1, ply 7 'Qxf7+': wrong check mark: the move is "
        "Qxf7#");
}

TEST_CASE("a check written '+' that is no mate gives no warning when nothing follows") {
  CHECK(same_in_both_modes(tags + "\n1. e4 f5 2. Qh5+ *\n").empty());
  CHECK(same_in_both_modes(tags + "\n1. e4 f5 2. Qh5+ g6 *\n").empty());
}

TEST_CASE("the warning of a mate written '+' comes before the errors of the moves after it") {
  // A legal-looking move after the mate, a token that is no move, and a null move.
  for (const std::string after : {"3. a3", "3. Zz9", "3. --"}) {
    INFO(after);
    const auto found = same_in_both_modes(tags + "\n1. f3 e5 2. g4 Qh4+ " + after + " 0-1\n");
    REQUIRE(found.size() >= 2);
    CHECK(found[0].find("ply 4 'Qh4+': wrong check mark: the move is Qh4#") != std::string::npos);
    CHECK(found[1].find("ply 5") != std::string::npos);
  }
}

TEST_CASE("marks of a main line and of its variations keep the order they were read in") {
  // The main line's '+' (a mate) is still untested when the variation gives its own wrong '+'
  // and an error; the variation's mark is tested when it closes, the main line's at the end.
  const auto found = same_in_both_modes(tags + "\n1. f3 e5 2. g4 Qh4+ (2... Qh4+ 3. a3) 0-1\n");
  REQUIRE(found.size() == 3);
  CHECK(found[0].find("6:16: warning: game 1, ply 4 'Qh4+': wrong check mark") !=
        std::string::npos);
  CHECK(found[1].find("6:27: warning: game 1, ply 4 'Qh4+': wrong check mark") !=
        std::string::npos);
  CHECK(found[2].find("6:35: error: game 1, ply 5 'a3': move after the end of the game") !=
        std::string::npos);
  // A variation that ends right after its mate written '+', with the main line going on.
  const auto nested = same_in_both_modes(
      tags + "\n1. f3 e5 2. g4 d6 (2... Qh4+ (2... Qh4+)) 3. e3 Qh4+ 4. Ke2 *\n");
  REQUIRE(nested.size() == 2);
  CHECK(nested[0].find("6:25:") != std::string::npos);
  CHECK(nested[1].find("6:36:") != std::string::npos);
}

TEST_CASE("the untested mark of a variant's move is settled like a chess one") {
  // Battle of the Kings (no fast path): the queen mates on h4 written '+'.
  const std::string game = "[Variant \"battle-of-the-kings\"]\n" + tags;
  const auto checked = diagnostics(game + "\n1. f3 e5 2. g4 Qh4+ 0-1\n", ReplayMode::check, true);
  const auto full = diagnostics(game + "\n1. f3 e5 2. g4 Qh4+ 0-1\n", ReplayMode::full, true);
  CHECK(checked == full);
  const auto go_on =
      diagnostics(game + "\n1. f3 e5 2. g4 Qh4+ 3. a3 0-1\n", ReplayMode::check, true);
  CHECK(go_on == diagnostics(game + "\n1. f3 e5 2. g4 Qh4+ 3. a3 0-1\n", ReplayMode::full, true));
}

TEST_CASE("check and full mode give the same diagnostics on every PGN file of the repository") {
  const std::filesystem::path root =
      std::filesystem::path(XPGN_TEST_DATA).parent_path().parent_path();
  int files = 0;
  for (const char* dir : {"samples", "tests/data"}) {
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root / dir)) {
      if (entry.path().extension() != ".pgn") continue;
      INFO(entry.path().string());
      same_in_both_modes(read_file(entry.path()));
      ++files;
    }
  }
  CHECK(files > 20);
}

TEST_CASE("check and full mode give the same diagnostics on the shared corpus") {
  const std::filesystem::path corpus = std::filesystem::path(XPGN_SHARED_DIR) / "corpus";
  if (!std::filesystem::is_directory(corpus)) {
    WARN("skipped: " << corpus.string() << " is not here (it sits beside the project in CI)");
    return;
  }
  int files = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(corpus)) {
    if (entry.path().extension() != ".pgn") continue;
    INFO(entry.path().string());
    same_in_both_modes(read_file(entry.path()));
    ++files;
  }
  CHECK(files > 10);
}
