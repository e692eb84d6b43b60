// Variant definition files (docs/variant-files.md): the built-in catalog as data, new variants
// written from the docs alone, checked with `xpgn variants --check` and used to validate games,
// and the precise errors of a bad definition (JSON pointer, line and column).
#include <catch2/catch.hpp>

#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "test_shell.hpp"
#include "test_support.hpp"
#include "xpgn/catalog/catalog.hpp"
#include "xpgn/catalog/registry.hpp"
#include "xpgn/rules/position.hpp"

using namespace xpgn;

namespace {

const std::string data_dir = std::string(XPGN_TEST_DATA) + "/variants/";

// Runs the xpgn binary with `args` (a shell command tail); its standard output and status.
std::pair<int, std::string> xpgn_run(const std::string& args) {
  const std::string command = std::string("'") + XPGN_BINARY + "' " + args + " 2>&1";
  auto r = xpgn::test::run_shell(command);
  REQUIRE(r.status != -1);
  return {r.status, std::move(r.out)};
}

// The whole text of a file.
std::string file_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// Loads one definition given as text; the error texts, one per line ("" when it loads).
std::string load_errors(const std::string& text, const std::string& name = "bad.json") {
  std::string out;
  for (const auto& e : catalog::load_text(text, name)) out += e.text() + "\n";
  return out;
}

// A definition with `fields` (JSON members, comma-separated) after format, version and id.
std::string definition(const std::string& id, const std::string& fields) {
  return "{\n  \"format\": \"xpgn-variant\",\n  \"version\": 1,\n  \"id\": \"" + id + "\",\n" +
         fields + "\n}\n";
}

}  // namespace

TEST_CASE("the built-in catalog is data: every definition file builds, aliases resolve",
          "[catalog]") {
  const auto entries = catalog::entries();
  std::vector<std::string> ids;
  for (const auto& e : entries)
    if (e.builtin) ids.push_back(e.id);
  CHECK(ids == std::vector<std::string>{"chess",
                                        "reservists",
                                        "reproduction",
                                        "reproduction-vacated",
                                        "battle-of-the-kings",
                                        "reenterent",
                                        "maxim",
                                        "king-of-the-hill",
                                        "racing-kings",
                                        "horde",
                                        "capablanca",
                                        "antichess",
                                        "atomic",
                                        "seirawan",
                                        "crazyhouse",
                                        "three-check",
                                        "gothic",
                                        "embassy",
                                        "janus",
                                        "courier",
                                        "hoppelpoppel",
                                        "shatranj",
                                        "grand",
                                        "minishogi",
                                        "shogi",
                                        "kyotoshogi",
                                        "dobutsu",
                                        "makruk",
                                        "asean",
                                        "sittuyin",
                                        "cambodian",
                                        "xiangqi",
                                        "minixiangqi",
                                        "manchu",
                                        "janggi",
                                        "janggitraditional",
                                        "janggicasual",
                                        "shatar",
                                        "shako",
                                        "placement"});
  std::string error;
  // Names as archives write them (lichess, pychess, ChessBase, cutechess, Fairy-Stockfish).
  for (const char* name : {"Standard", "Chess960", "Chess 960", "Fischerandom", "fischerandom",
                           "Fischer Random", "From Position", "normal", "chess"}) {
    INFO(name);
    const rules::Variant* v = catalog::find_variant(name, "", error);
    REQUIRE(v != nullptr);
    CHECK(v->id == "chess");
  }
  // Variants archives name that xpgn does not play stay unknown, with a clear error.
  for (const char* name : {"Chak", "Giveaway"}) {
    INFO(name);
    CHECK(catalog::find_variant(name, "", error) == nullptr);
    CHECK_THAT(error, Catch::StartsWith("unknown variant '" + std::string(name) + "'"));
  }
  // The archive names of the lichess / Fairy-Stockfish variants in the catalog.
  for (const auto& [name, id] :
       std::vector<std::pair<const char*, const char*>>{{"Atomic", "atomic"},
                                                        {"Sittuyin", "sittuyin"},
                                                        {"Makruk", "makruk"},
                                                        {"Xiangqi", "xiangqi"},
                                                        {"Chinese Chess", "xiangqi"},
                                                        {"Minixiangqi", "minixiangqi"},
                                                        {"Manchu", "manchu"},
                                                        {"Janggi", "janggi"},
                                                        {"Korean Chess", "janggi"},
                                                        {"janggitraditional", "janggitraditional"},
                                                        {"Janggi Traditional", "janggitraditional"},
                                                        {"JanggiCasual", "janggicasual"},
                                                        {"Shatar", "shatar"},
                                                        {"Mongolian chess", "shatar"},
                                                        {"Shako", "shako"},
                                                        {"ASEAN", "asean"},
                                                        {"Cambodian", "cambodian"},
                                                        {"Ouk Chaktrang", "cambodian"},
                                                        {"Antichess", "antichess"},
                                                        {"King of the Hill", "king-of-the-hill"},
                                                        {"kingofthehill", "king-of-the-hill"},
                                                        {"KOTH", "king-of-the-hill"},
                                                        {"Racing Kings", "racing-kings"},
                                                        {"racingkings", "racing-kings"},
                                                        {"Horde", "horde"},
                                                        {"Capablanca", "capablanca"},
                                                        {"Capablanca Chess", "capablanca"},
                                                        {"Crazyhouse", "crazyhouse"},
                                                        {"zh", "crazyhouse"},
                                                        {"Three-check", "three-check"},
                                                        {"3check", "three-check"},
                                                        {"Three Check", "three-check"},
                                                        {"Seirawan", "seirawan"},
                                                        {"S-Chess", "seirawan"},
                                                        {"schess", "seirawan"},
                                                        {"Seirawan Chess", "seirawan"},
                                                        {"Seirawan960", "seirawan"}}) {
    INFO(name);
    const rules::Variant* v = catalog::find_variant(name, "", error);
    REQUIRE(v != nullptr);
    CHECK(v->id == id);
  }
  CHECK(catalog::find_variant("Giveaway", "", error) == nullptr);
  CHECK(error == "unknown variant 'Giveaway'");
  // Options come from the definitions, inherited too.
  CHECK(catalog::find_variant("reproduction-vacated", "barren-capture", error) != nullptr);
  CHECK(catalog::find_variant("maxim", "knight-wide", error)->pieces[4].betza == "WnDoH");
  CHECK(catalog::find_variant("maxim", "", error)->layer_rule != nullptr);
  CHECK(catalog::find_variant("reenterent", "", error)->hand_rule != nullptr);
  // --show prints the file as written; --resolved merges the base in.
  std::string shown = catalog::definition_text("Reservists' Doublechess", false, error);
  CHECK_THAT(shown, Catch::Contains("\"base\": \"chess\""));
  std::string resolved = catalog::definition_text("reservists", true, error);
  CHECK_THAT(resolved, Catch::Contains("\"name\": \"cannon\""));
  CHECK_THAT(resolved, Catch::Contains("\"name\": \"king\""));
  CHECK(resolved.find("castling") == std::string::npos);
}

TEST_CASE("a new variant from the docs: Reproduction Chess 10x8 with an archbishop",
          "[catalog][cli]") {
  // The documented example is the test's file.
  CHECK(file_text(data_dir + "reproduction-10x8.json") ==
        file_text(std::string(XPGN_TEST_DATA) + "/../../docs/examples/reproduction-10x8.json"));
  const auto [status, out] = xpgn_run("variants --check '" + data_dir + "reproduction-10x8.json'");
  INFO(out);
  CHECK(status == 0);
  CHECK_THAT(out, Catch::Contains("variant reproduction-10x8 (Reproduction Chess 10x8)"));
  CHECK_THAT(out, Catch::Contains("board: 10 files x 8 ranks"));
  CHECK_THAT(out, Catch::Contains("  A  archbishop  BN\n"));
  CHECK_THAT(out, Catch::Contains("components: castling, en-passant, promotion, reproduction\n"));
  CHECK_THAT(out, Catch::Contains("options: barren-capture\n"));
  CHECK_THAT(out, Catch::Contains("perft: 29 841 27665\n"));
  CHECK_THAT(out, Catch::EndsWith("reproduction-10x8.json: valid\n"));

  // (Loaded once per process: in a run of the whole test binary, test_rules_wide_bits may have
  // added it to the catalog already, and a second load is refused as a duplicate.)
  std::string known_error;
  if (!catalog::find_variant("reproduction-10x8", "", known_error))
    REQUIRE(catalog::load_files({data_dir + "reproduction-10x8.json"}).empty());
  // A birth (the queen passes, then goes to e4 and a pawn is born on e3), archbishop moves as a
  // knight and as a bishop, and an illegal archbishop move refused with the engine's reasons.
  const auto games = test::replay(R"([Variant "Reproduction Archbishop"]
[SetUp "1"]
[FEN "rnabqkbanr/pppppppppp/10/10/10/10/PPPP3PPP/RNABQKBANR w KQkq - 0 1"]

1. -- e6 2. Qe4,P@e3 Ag6 3. Ad3 Ae5 4. Axe5 Ac4 *
)");
  REQUIRE(games.size() == 1);
  const auto errors = test::of(games[0], record::Severity::error);
  INFO(test::dump(games[0]));
  REQUIRE(errors.size() == 1);
  CHECK(errors[0].ply == 8);
  CHECK(errors[0].message ==
        "illegal move: archbishop to c4 is not possible here; legal archbishop moves: Ab6, "
        "Ad6, Ae7");
  // Through the command line, with the file named on it.
  const std::string pgn = std::string(XPGN_TEST_DATA) + "/variants/reproduction-10x8.pgn";
  const auto [check_status, check_out] =
      xpgn_run("check --variant-file '" + data_dir + "reproduction-10x8.json' '" + pgn + "'");
  INFO(check_out);
  CHECK(check_status == 1);
  CHECK_THAT(
      check_out,
      Catch::Contains("reproduction-10x8.pgn:13:7: error: game 2, ply 2 'Ac6': illegal move: "
                      "archbishop to c6 is not possible here; legal archbishop moves: Ab6, Ad6, "
                      "Ag6, Ai6; legal moves to c6: Nc6, c6\n"));
  CHECK_THAT(check_out, Catch::EndsWith("checked 2 games: 1 valid, 1 invalid\n"));
  // Without the file, the variant is unknown.
  const auto [unknown_status, unknown_out] = xpgn_run("check '" + pgn + "'");
  CHECK(unknown_status == 1);
  CHECK_THAT(unknown_out, Catch::Contains("unknown variant 'Reproduction Chess 10x8'"));
  // perft and render take the file's variant when no --variant is given.
  const auto [perft_status, perft_out] =
      xpgn_run("perft --variant-file '" + data_dir + "reproduction-10x8.json' 2");
  CHECK(perft_status == 0);
  CHECK(perft_out == "841\n");
}

TEST_CASE("a new variant from the docs: 10x10 chancellors and archbishops with reserve pawns",
          "[catalog][cli]") {
  const auto [status, out] =
      xpgn_run("variants --check '" + data_dir + "chancellor-reserves.json'");
  INFO(out);
  CHECK(status == 0);
  CHECK_THAT(out, Catch::Contains("components: en-passant, promotion, reserve-pawns\n"));
  CHECK_THAT(out, Catch::Contains("perft: 65 4225 259189\n"));
  REQUIRE(catalog::load_files({data_dir + "chancellor-reserves.json"}).empty());
  // The chancellor moves as a knight and as a rook; a captured chancellor returns as a pawn on
  // its file, on the first empty square from its owner's side (h10 for Black, h1 for White).
  const auto games = test::replay(R"([Variant "Chancellor Reserves"]

1. Ch4 Ch7 2. Cxh7 Nxh7 *
)");
  REQUIRE(games.size() == 1);
  INFO(test::dump(games[0]));
  CHECK(test::of(games[0], record::Severity::error).empty());
  const rules::Variant& v = test::variant("chancellor-reserves");
  const rules::Position end =
      test::play_all(rules::Position::start(v), {"Ch4", "Ch7", "Cxh7", "Nxh7"});
  CHECK(end.at(test::sq("h10")) == test::piece_by_san(v, Color::black, 'P'));
  CHECK(end.at(test::sq("h1")) == test::piece_by_san(v, Color::white, 'P'));
}

TEST_CASE("a bad definition is refused with the place and what was expected", "[catalog]") {
  // Unknown component.
  // (the list goes on with the components registered after these, in their order)
  const std::string unknown = load_errors(definition("bad-component", R"(  "base": "chess",
  "components": [{"name": "en-passant"}, {"name": "castlling"}])"));
  CHECK_THAT(unknown,
             Catch::StartsWith(
                 "bad.json:6:51: error: /components/1/name: unknown component 'castlling' "
                 "(components: castling, en-passant, promotion, reserve-pawns, full-file-ban, "
                 "reproduction, chain-births, re-entry, catacombs, portals, last-rank-removal, "
                 "stacks, ") &&
                 Catch::EndsWith(")\n"));
  CHECK_THAT(unknown, Catch::Contains(", explosions"));
  CHECK_THAT(unknown, Catch::Contains(", pockets, check-count"));
  CHECK_THAT(unknown, Catch::Contains(", gating"));
  // Bad parameter.
  CHECK(load_errors(definition("bad-parameter", R"(  "base": "chess",
  "components": [{"name": "promotion", "choices": "QRX"}])")) ==
        "bad.json:6:51: error: /components/0/choices: promotion: 'X' is no SAN letter of a "
        "piece of bad-parameter (letters: K, Q, R, B, N, P)\n");
  CHECK(load_errors(definition("unknown-parameter", R"(  "base": "chess",
  "components": [{"name": "castling", "king_file": [6, 2]}])")) ==
        "bad.json:6:52: error: /components/0/king_file: castling: unknown parameter "
        "'king_file' of castling (parameters: king_files, rook_files, rank)\n");
  // An item of a parameter's list is placed at that item, in this file, even where the base
  // has an entry of the same component (fuzz finding: it was placed in builtin:chess.json).
  CHECK(load_errors(definition("bad-list-item", R"(  "base": "capablanca",
  "components": [{"name": "castling", "rook_files": ["g", "zz"]}])")) ==
        "bad.json:6:59: error: /components/0/rook_files/1: castling: expected a file of the "
        "10-file board (a letter, or a number from -10 to 9), found \"zz\"\n");
  // A parameter name with "/" or "~" is escaped in the pointer (RFC 6901).
  CHECK(load_errors(definition("slash-parameter", R"(  "base": "chess",
  "components": [{"name": "castling", "a/b~": 1}])")) ==
        "bad.json:6:47: error: /components/0/a~1b~0: castling: unknown parameter "
        "'a/b~' of castling (parameters: king_files, rook_files, rank)\n");
  // Bad Betza.
  CHECK(load_errors(definition("bad-betza", R"(  "base": "chess",
  "pieces": [
    {"letter": "A", "name": "archbishop", "betza": "BN"},
    {"letter": "C", "name": "chancellor", "betza": "RX"}
  ])")) ==
        "bad.json:8:52: error: /pieces/1/betza: bad Betza \"RX\": betza 'RX': unknown atom "
        "'X' (expected atoms W F D N A H C Z G or K Q R B, with modifiers m c p n j o f b l "
        "r v s before them)\n");
  // Unknown base.
  CHECK(load_errors(definition("bad-base", R"(  "base": "chesss")")) ==
        "bad.json:5:11: error: /base: unknown base 'chesss' (built-in variants: chess, "
        "reservists, reproduction, reproduction-vacated, battle-of-the-kings, reenterent, "
        "maxim, king-of-the-hill, racing-kings, horde, capablanca, antichess, atomic, seirawan, "
        "crazyhouse, three-check, gothic, embassy, janus, courier, hoppelpoppel, shatranj, grand, "
        "minishogi, shogi, kyotoshogi, dobutsu, makruk, asean, sittuyin, cambodian, xiangqi, "
        "minixiangqi, manchu, janggi, janggitraditional, janggicasual, shatar, shako, placement; "
        "or the id of another --variant-file)\n");
  // Inheritance cycle (two files naming each other).
  {
    const std::string dir = std::string(XPGN_TEST_DATA) + "/variants/";
    std::string out;
    for (const auto& e : catalog::load_files({dir + "cycle-a.json", dir + "cycle-b.json"}))
      out += e.text() + "\n";
    CHECK(out == dir +
                     "cycle-a.json:5:11: error: /base: inheritance cycle: cycle-a -> cycle-b -> "
                     "cycle-a\n" +
                     dir +
                     "cycle-b.json:5:11: error: /base: inheritance cycle: cycle-b -> "
                     "cycle-a -> cycle-b\n");
  }
  // FEN letter clash (in one file), and a SAN letter clash with a piece of the base.
  CHECK(load_errors(definition("bad-letters", R"(  "board": {"files": 8, "ranks": 8},
  "pieces": [
    {"letter": "K", "name": "king", "betza": "K", "royal": true},
    {"letter": "N", "name": "knight", "betza": "N"},
    {"letter": "S", "fen_letter": "N", "name": "nightrider", "betza": "NN"}
  ])")) ==
        "bad.json:9:35: error: /pieces/2/fen_letter: FEN letter 'N' is already used by the "
        "knight (/pieces/1); give this piece another \"fen_letter\"\n");
  CHECK(load_errors(definition("bad-san", R"(  "base": "chess",
  "pieces": [{"letter": "N", "fen_letter": "S", "name": "nightrider", "betza": "NN"}])")) ==

        "bad.json:6:25: error: /pieces/0/letter: SAN letter 'N' is already used by the knight "
        "(/pieces/4)\n");
  // Board too large.
  CHECK(load_errors(definition("bad-board", R"(  "base": "chess",
  "board": {"files": 8, "ranks": 20})")) ==
        "bad.json:6:34: error: /board/ranks: 20 ranks is more than xpgn supports (boards up to "
        "16 files x 16 ranks)\n");
  // Not JSON at all, and an unsupported version.
  CHECK(load_errors("{\n  \"format\": \"xpgn-variant\",\n  \"version\": 1,\n}\n") ==
        "bad.json:4:1: error: not valid JSON: syntax error while parsing object key - "
        "unexpected '}'; expected string literal\n");
  CHECK(load_errors(definition("v2", "  \"base\": \"chess\"")
                        .replace(definition("v2", "").find("1,"), 1, "2")) ==
        "bad.json:3:14: error: /version: version 2 is not supported (this xpgn reads version "
        "1)\n");
  // None of them entered the catalog.
  std::string error;
  CHECK(catalog::find_variant("bad-component", "", error) == nullptr);
  // The command line reports the same, with status 1.
  const auto [status, out] = xpgn_run("variants --variant-file '" + data_dir +
                                      "cycle-b.json' --check '" + data_dir + "cycle-a.json'");
  CHECK(status == 2);  // the --variant-file itself is refused first
  CHECK_THAT(out, Catch::Contains("cycle-b.json:5:11: error: /base: unknown base 'cycle-a'"));
  const auto [bad_status, bad_out] = xpgn_run("variants --check '" + data_dir + "cycle-a.json'");
  CHECK(bad_status == 1);
  CHECK_THAT(bad_out, Catch::Contains("cycle-a.json:5:11: error: /base: unknown base 'cycle-b'"));
}

TEST_CASE("the catalog keeps the start position of each variant; a copy of a variant makes its own",
          "[catalog]") {
  std::string error;
  for (const auto& e : catalog::entries()) {
    INFO(e.id);
    const rules::Variant* v = catalog::find_variant(e.id, "", error);
    REQUIRE(v != nullptr);
    // Asked again, by the same name, the same variant; and by a thousand spellings of it
    // (more than the catalog remembers), the same variant every time.
    CHECK(catalog::find_variant(e.id, "", error) == v);
    std::string spelling = e.id;
    for (int i = 0; i < 1000; ++i) {
      spelling.insert(static_cast<std::size_t>(i) % (spelling.size() + 1), 1, i % 2 ? ' ' : '-');
      if (catalog::find_variant(spelling, "", error) != v) FAIL(spelling << ": " << error);
    }
    REQUIRE(v->start_position != nullptr);
    const rules::Position start = rules::Position::start(*v);
    CHECK(&start.variant() == v);
    CHECK(start.fen() == v->start_position->fen());
    // A variant compiled again from its spec (tests vary specs) has a position of its own.
    const rules::Variant copy(v->spec(), rules::Variant::Geometry::squares_only);
    REQUIRE(copy.start_position != nullptr);
    CHECK(copy.start_position != v->start_position);
    CHECK(copy.serial != v->serial);
    const rules::Position own = rules::Position::start(copy);
    CHECK(&own.variant() == &copy);
    CHECK(own.fen() == start.fen());
    CHECK(own.key() == start.key());
  }
}
