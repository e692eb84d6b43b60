// Findings of the fuzz harnesses (tests/fuzz, docs/testing.md), kept as tests: every reproducer
// in tests/data/fuzz/ (named <harness>-<what>.bin) runs through the same harness function as
// under libFuzzer and must break no invariant; the tests below check what each one must give.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "fuzz/harnesses.hpp"
#include "test_shell.hpp"
#include "xpgn/record/utf8.hpp"

namespace {

namespace fs = std::filesystem;

// The bytes of a reproducer in tests/data/fuzz/.
std::vector<std::uint8_t> reproducer(const std::string& name) {
  std::ifstream in(fs::path(XPGN_TEST_DATA) / "fuzz" / name, std::ios::binary);
  REQUIRE(in);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The games of an emit_pgn reproducer (variant byte, options byte, PGN), read as the harness
// reads them.
std::vector<xpgn::record::Game> emit_pgn_games(const std::string& name) {
  const auto data = reproducer(name);
  const auto input = xpgn::fuzz::detail::without_second_byte(data.data(), data.size());
  return xpgn::record::read_games(xpgn::fuzz::game_text(input.data(), input.size()));
}

// Checks that a valid game's canonical PGN reads back as one valid game with the same text.
void check_reads_back_as_one_valid_game(const std::string& canonical) {
  const auto again = xpgn::record::read_games(canonical);
  REQUIRE(again.size() == 1);
  CHECK(again[0].valid());
  CHECK(xpgn::emit::to_pgn(again[0]) == canonical);
}

// The harness a reproducer file belongs to: the part of its name before the first '-'.
xpgn::fuzz::Harness harness_of(const std::string& file_name) {
  const std::string name = file_name.substr(0, file_name.find('-'));
  for (const auto& [n, h] : xpgn::fuzz::harnesses())
    if (n == name) return h;
  return nullptr;
}

}  // namespace

TEST_CASE("fuzz: every kept reproducer passes its harness", "[fuzz]") {
  const fs::path dir = fs::path(XPGN_TEST_DATA) / "fuzz";
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (entry.path().extension() != ".bin") continue;
    INFO(name);
    const xpgn::fuzz::Harness harness = harness_of(name);
    REQUIRE(harness != nullptr);
    const auto data = reproducer(name);
    CHECK_NOTHROW(harness(data.data(), data.size()));
  }
}

TEST_CASE("fuzz: the harnesses accept their trivial inputs", "[fuzz]") {
  const std::vector<std::uint8_t> empty, one{0}, two{0, 0};
  for (const auto& [name, harness] : xpgn::fuzz::harnesses()) {
    INFO(name);
    CHECK_NOTHROW(harness(empty.data(), 0));
    CHECK_NOTHROW(harness(one.data(), one.size()));
    CHECK_NOTHROW(harness(two.data(), two.size()));
  }
}

// The diagnostics of replaying a reproducer (harness input: variant byte + PGN) in `mode`.
static std::vector<xpgn::record::Diagnostic> replay_diagnostics(const std::vector<std::uint8_t>& d,
                                                                xpgn::record::ReplayMode mode) {
  xpgn::record::ReplayOptions options;
  options.mode = mode;
  std::vector<xpgn::record::Diagnostic> out;
  xpgn::record::replay_pgn(xpgn::fuzz::game_text(d.data(), d.size()), options,
                           [&](xpgn::record::Game& g) {
                             out.insert(out.end(), g.diagnostics.begin(), g.diagnostics.end());
                           });
  return out;
}

TEST_CASE("fuzz: a variation after an illegal move is no error in check mode either", "[fuzz]") {
  // Found by fuzz_replay: check mode did not count the unverified token, so the variation
  // after it had "no move to replace" there, and only there.
  const auto data = reproducer("replay-variation-after-illegal-move.bin");
  for (auto mode : {xpgn::record::ReplayMode::full, xpgn::record::ReplayMode::check}) {
    const auto diagnostics = replay_diagnostics(data, mode);
    REQUIRE(diagnostics.size() == 1);
    CHECK(diagnostics[0].token == "Nf6");
    CHECK(diagnostics[0].message.rfind("illegal move", 0) == 0);
  }
}

TEST_CASE("fuzz: an unknown Result tag value is not written as the termination", "[fuzz]") {
  // Found by fuzz_emit_pgn: [Result "2-0"] without a marker was written as the marker "2-0",
  // which reads back as an invalid move.
  const auto games = emit_pgn_games("emit_pgn-unknown-result-tag.bin");
  REQUIRE(games.size() == 1);
  REQUIRE(games[0].valid());
  const std::string canonical = xpgn::emit::to_pgn(games[0]);
  CHECK(canonical.find("[Result \"2-0\"]") != std::string::npos);
  CHECK(canonical.ends_with("\n\n*\n\n"));
  check_reads_back_as_one_valid_game(canonical);
}

TEST_CASE("fuzz: 'x' before a digit is the x-file, also after a square or a piece", "[fuzz]") {
  // Found by fuzz_san: "b7-x1" (b7 to the x-file) was written back as "b7x1", which did not
  // parse: the 'x' was taken as a capture mark. notation.md says 'x' followed by a digit is
  // the x-file; the grammar now says so too.
  const auto data = reproducer("san-x-file-destination.bin");
  const std::string text(data.begin(), data.end());
  const auto token = xpgn::notation::parse_san(text);
  REQUIRE(token);
  CHECK(token->to == xpgn::Coord{23, 0});
  CHECK_FALSE(token->capture);
  CHECK(xpgn::format_san(*token) == "b7x1");
  const auto again = xpgn::notation::parse_san("b7x1");
  REQUIRE(again);
  CHECK(again->from == xpgn::Coord{1, 6});
  CHECK(again->to == xpgn::Coord{23, 0});
  CHECK_FALSE(again->capture);
  for (const char* move : {"Nx1", "Nbx1", "N7x12"}) {
    INFO(move);
    const auto t = xpgn::notation::parse_san(move);
    REQUIRE(t);
    CHECK(t->to.file == 23);
    CHECK_FALSE(t->capture);
  }
  const auto capture = xpgn::notation::parse_san("Nxx1");
  REQUIRE(capture);
  CHECK(capture->capture);
  CHECK(capture->to == xpgn::Coord{23, 0});
  const auto pawn = xpgn::notation::parse_san("exd5");
  REQUIRE(pawn);
  CHECK(pawn->capture);
}

TEST_CASE("fuzz: a variation inside a variation without a move to replace", "[fuzz]") {
  // Found by fuzz_emit_pgn (UBSan: member call on a null pointer in the replayer): a token in a
  // variation that replaces nothing, then a variation after that token. Both variations are
  // kept out of the tree; the first is the one error.
  const auto data = reproducer("emit_pgn-variation-in-a-variation-without-a-move.bin");
  for (auto mode : {xpgn::record::ReplayMode::full, xpgn::record::ReplayMode::check}) {
    const auto diagnostics = replay_diagnostics(data, mode);
    REQUIRE(diagnostics.size() == 1);
    CHECK(diagnostics[0].message == "variation without a move to replace");
  }
  const auto games = xpgn::record::read_games(xpgn::fuzz::game_text(data.data(), data.size()));
  REQUIRE(games.size() == 1);
  CHECK(games[0].moves.empty());
}

TEST_CASE("fuzz: an annotation before the first move is a warning in check mode too", "[fuzz]") {
  // Found by fuzz_replay: only full mode warned about a NAG with no move before it.
  const auto data = reproducer("replay-annotation-before-the-first-move.bin");
  for (auto mode : {xpgn::record::ReplayMode::full, xpgn::record::ReplayMode::check}) {
    const auto diagnostics = replay_diagnostics(data, mode);
    REQUIRE(diagnostics.size() == 1);
    CHECK(diagnostics[0].severity == xpgn::record::Severity::warning);
    CHECK(diagnostics[0].token == "$1");
    CHECK(diagnostics[0].message == "annotation without a move is ignored");
  }
}

TEST_CASE("fuzz: bytes that are not UTF-8 are written to PGN as U+FFFD and read back stably",
          "[fuzz]") {
  // Found by fuzz_emit_pgn: a tag value with stray bytes (an input decided to be UTF-8 with
  // damage) was written with its raw bytes; reading that back decoded them as a legacy
  // encoding, so the second write differed.
  for (const auto& game : emit_pgn_games("emit_pgn-invalid-utf8-in-tags-and-comments.bin")) {
    const std::string canonical = xpgn::emit::to_pgn(game);
    CHECK(xpgn::record::is_valid_utf8(canonical));
    const auto again = xpgn::record::read_games(canonical);
    REQUIRE(again.size() == 1);
    CHECK(xpgn::emit::to_pgn(again[0]) == canonical);
  }
  // The same by hand: a tag value and a comment with stray bytes.
  const auto games = xpgn::record::read_games(
      "[Event \"\xc3\xa9t\xc3\xa9\"]\n[Site \"S\xff\xfe\"]\n\n1. e4 {caf\xc3\xa9 \xff} *\n");
  REQUIRE(games.size() == 1);
  const std::string canonical = xpgn::emit::to_pgn(games[0]);
  CHECK(canonical.find("[Site \"S\xef\xbf\xbd\xef\xbf\xbd\"]") != std::string::npos);
  CHECK(canonical.find("{caf\xc3\xa9 \xef\xbf\xbd}") != std::string::npos);
  CHECK(xpgn::emit::to_pgn(xpgn::record::read_games(canonical).at(0)) == canonical);
}

TEST_CASE("fuzz: a comment is never wrapped so that a line starts with an Event tag", "[fuzz]") {
  // Found by fuzz_emit_pgn (in CI): a comment holding `[Event "` in mid-line was wrapped so that
  // a line started with it; the reader ends an unclosed comment there, so the canonical PGN read
  // back as two broken games.
  const auto games = emit_pgn_games("emit_pgn-event-line-inside-a-wrapped-comment.bin");
  REQUIRE(games.size() == 1);
  REQUIRE(games[0].valid());
  const std::string canonical = xpgn::emit::to_pgn(games[0]);
  const std::size_t movetext = canonical.find("\n\n");
  REQUIRE(movetext != std::string::npos);
  CHECK(canonical.find("\n[Event", movetext) == std::string::npos);
  CHECK(canonical.find("[Event\n\"inside a comment\"]") != std::string::npos);
  check_reads_back_as_one_valid_game(canonical);
}

TEST_CASE("fuzz: checks-given counters are written after the clocks", "[fuzz]") {
  // Found by fuzz_fen: "+1+1" given without clocks was written before the default clocks
  // ("... l3 +1+1 0 1"), a FEN parse_fen rejects; "+1+2" belongs after the clocks, "3+3"
  // (checks remaining) before them.
  const auto data = reproducer("fen-trailing-check-counters-without-clocks.bin");
  const std::string text(data.begin() + 1, data.end());
  const auto setup = xpgn::notation::parse_fen(text);
  REQUIRE(setup.has_value());
  CHECK(xpgn::format_fen(*setup) == "1R1 b - l3 0 1 +1+1");
  for (const char* fen : {"8/8/8/8/8/8/8/8 w - - 3+3", "8/8/8/8/8/8/8/8 w - - 0 1 +1+2"}) {
    INFO(fen);
    const auto parsed = xpgn::notation::parse_fen(fen);
    REQUIRE(parsed.has_value());
    const std::string written = xpgn::format_fen(*parsed);
    const auto again = xpgn::notation::parse_fen(written);
    REQUIRE(again.has_value());
    CHECK(again->counters == parsed->counters);
    CHECK(xpgn::format_fen(*again) == written);
  }
}

TEST_CASE("fuzz: the seed maker numbers the variants as the harnesses do", "[fuzz]") {
  // make_seeds.py gives each seed game the variant byte of its [Variant] tag; it once knew only
  // the first seven variants, and every other game was fuzzed as FIDE chess.
  if (xpgn::test::run_shell("command -v python3 >/dev/null 2>&1").status != 0) {
    WARN("python3 not found: the seed maker's variant list not compared");
    return;
  }
  const auto run = xpgn::test::run_shell("python3 '" + std::string(XPGN_TEST_DATA) +
                                         "/../fuzz/make_seeds.py' --choices");
  REQUIRE(run.status == 0);
  std::string expected;
  for (const auto& choice : xpgn::fuzz::variant_choices())
    expected += choice.id + (choice.options.empty() ? "" : " " + choice.options) + "\n";
  CHECK(run.out == expected);
}
