// Fairy-Stockfish variant files (variants.ini) read by --variant-file (issue 39): perft of the
// imported sections against ffish's (tests/data/fsf-ini/perft-ffish.txt, made by
// tests/reference/fsf_ini_perft.mjs from tests/data/fsf-ini/*.ini), the Betza translation, and
// the problems reported for keys xpgn cannot honour.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz/harnesses.hpp"
#include "test_shell.hpp"
#include "test_support.hpp"
#include "xpgn/catalog/catalog.hpp"
#include "xpgn/catalog/fsf_ini.hpp"
#include "xpgn/rules/movegen.hpp"

using namespace xpgn;

namespace {

const std::string ini_dir = std::string(XPGN_TEST_DATA) + "/fsf-ini/";

// Loads tests/data/fsf-ini/`file` into the catalog unless `section` is there already (a run of
// the whole test binary shares one catalog).
void ensure_loaded(const std::string& file, const std::string& section) {
  std::string error;
  if (catalog::find_variant(section, "", error)) return;
  const auto errors = catalog::load_files({ini_dir + file});
  for (const auto& e : errors) INFO(e.text());
  REQUIRE(errors.empty());
}

// The problems of importing `text` (named "t.ini"), as text, one a line.
std::string problems(const std::string& text, const std::string& select = "") {
  std::vector<catalog::DefinitionError> errors;
  (void)catalog::fsf::import_ini(text, "t.ini", select, errors);
  std::string out;
  for (const auto& e : errors) out += e.text() + "\n";
  return out;
}

// The one definition `text` imports (which must import without problems).
nlohmann::ordered_json imported(const std::string& text) {
  std::vector<catalog::DefinitionError> errors;
  auto out = catalog::fsf::import_ini(text, "t.ini", "", errors);
  for (const auto& e : errors) INFO(e.text());
  REQUIRE(errors.empty());
  REQUIRE(out.size() == 1);
  return out.front().json;
}

// The `;`-separated fields of a line of reference data.
std::vector<std::string> fields_of(const std::string& line) {
  std::vector<std::string> f;
  std::stringstream ss(line);
  for (std::string part; std::getline(ss, part, ';');) f.push_back(part);
  return f;
}

// Checks each line `INI;SECTION;FEN;depth;nodes` of tests/data/fsf-ini/`file` (ffish's perft
// of SECTION of INI from FEN): xpgn reads the FEN back as written and counts the same nodes.
// Returns the number of lines and adds their sections to `sections`.
int check_ffish_perft(const std::string& file, std::set<std::string>& sections) {
  std::ifstream in(ini_dir + file);
  REQUIRE(in);
  int compared = 0;
  for (std::string line; std::getline(in, line);) {
    INFO(line);
    const auto f = fields_of(line);
    REQUIRE(f.size() == 5);
    ensure_loaded(f[0], f[1]);
    std::string error;
    const rules::Variant* v = catalog::find_variant(f[1], "", error);
    INFO(error);
    REQUIRE(v != nullptr);
    const rules::Position pos = test::from_fen(f[2], *v);
    CHECK(pos.fen() == f[2]);
    CHECK(rules::perft(pos, std::stoi(f[3])) == std::stoull(f[4]));
    sections.insert(f[1]);
    ++compared;
  }
  return compared;
}

std::pair<int, std::string> xpgn_run(const std::string& args) {
  auto r = test::run_shell(std::string("'") + XPGN_BINARY + "' " + args + " 2>&1");
  REQUIRE(r.status != -1);
  return {r.status, std::move(r.out)};
}

}  // namespace

TEST_CASE("fsf ini: perft of imported sections equals ffish's", "[fsf-ini][perft]") {
  std::set<std::string> sections;
  const int compared = check_ffish_perft("perft-ffish.txt", sections);
  CHECK(compared >= 84 + 49);
  CHECK(sections.size() >= 12 + 7);
}

TEST_CASE("fsf ini: Fairy-Stockfish's own shako, shatar and placement play as the built-ins",
          "[fsf-ini][perft]") {
  // Each written out key by key (castlingRank, the extinction keys of robado, shatarMateRule,
  // the setup phase's keys) and as a child of Fairy-Stockfish's built-in variant: perft and FEN
  // equal ffish's numbers for the built-in variant, which xpgn's built-in matches
  // (test_rules_old_boards.cpp, test_rules_placement.cpp).
  for (const std::string id : {"shako", "shatar", "placement"})
    for (const std::string suffix : {"-keys", "-child"}) {
      const std::string section = id + suffix;
      INFO(section);
      ensure_loaded("builtins.ini", section);
      std::string error;
      const rules::Variant* v = catalog::find_variant(section, "", error);
      REQUIRE(v != nullptr);
      CHECK(test::check_perft_file(id + "-ffish.txt", *v) >= 9);
    }
  // The components and end rules they become.
  const auto shako = imported("[a:shako]\n");
  CHECK(shako["components"][0] == nlohmann::ordered_json::parse(
                                      R"({"name": "castling", "king_files": ["h", "d"],
                                          "rook_files": ["g", "e"], "rank": 2})"));
  const auto shatar = imported("[a:shatar]\n");
  CHECK(shatar["end_rules"][0]["name"] == "bare-king-draws");
  CHECK(shatar["end_rules"][1] ==
        nlohmann::ordered_json::parse(R"({"name": "shatar-mate", "knight": "N", "shak": "NRJ"})"));
  const auto placement = imported("[a:placement]\n");
  CHECK(placement["components"][3] ==
        nlohmann::ordered_json::parse(R"({"name": "setup-drops", "ranks": 1,
          "opposite_colours": "B", "castling_king_file": "e"})"));
  CHECK(placement["end_rules"][0]["name"] == "mate-with-hand");
  CHECK(
      imported("[a:chess]\nmustDrop = true\npieceDrops = true\ncapturesToHand = false\n"
               "sittuyinRookDrop = true\nstartFen = 8/pppppppp/8/8/8/8/PPPPPPPP/8[KRkr] w - - "
               "0 1\ndropRegionWhite = *1 *2 *3\ndropRegionBlack = *8 *7 *6\n")["components"][3] ==
      nlohmann::ordered_json::parse(
          R"({"name": "setup-drops", "ranks": 3, "first_rank_only": "R"})"));
}

TEST_CASE("fsf ini: the keys of these rules refused where xpgn cannot honour them", "[fsf-ini]") {
  // Each ini text and the one problem it gives (immobilityIllegal for a piece with one-sided
  // moves is refused without a promotion zone too: it was read and left unused there).
  const std::pair<const char*, const char*> refused[] = {
      {"[a:shako]\ncastlingRank = 6\n",
       "t.ini:2:1: error: [a] castlingRank: xpgn castles on a rank of each side's own half of the "
       "board (1 to 5)\n"},
      {"[a:chess]\ncustomPiece1 = l:fR\nimmobilityIllegal = true\n",
       "t.ini:2:1: error: [a] customPiece1: xpgn knows immobilityIllegal only for pawns (the "
       "custom piece 1 moves in some directions only)\n"},
      {"[a:shatar]\nstalemateValue = loss\n",
       "t.ini:2:1: error: [a] stalemateValue: xpgn's shatar mate rule draws a stalemate and scores "
       "a mate by its own rule (checkmateValue = loss, stalemateValue = draw)\n"},
      {"[a:chess]\nmustDrop = true\n",
       "t.ini:2:1: error: [a] mustDrop: xpgn knows mustDrop as a setup phase only (pieceDrops = "
       "true, capturesToHand = false)\n"},
      {"[a:crazyhouse]\ndropRegionWhite = *1 *2\n",
       "t.ini:2:1: error: [a] dropRegionWhite: xpgn knows this key only in a setup phase "
       "(pieceDrops = true, mustDrop = true, capturesToHand = false); crazyhouse drops go to any "
       "empty square\n"},
      {"[a:placement]\ndropRegionWhite = *2\n",
       "t.ini:2:1: error: [a] dropRegionWhite: xpgn's setup phase places pieces on each side's "
       "first ranks, from its own first rank; this region is '*2'\n"},
      {"[a:placement]\ndropRegionBlack = *8 *7\n",
       "t.ini:2:1: error: [a] dropRegionBlack: xpgn's setup phase is the same for both sides: "
       "dropRegionBlack is not dropRegionWhite seen from Black's side\n"},
      {"[a:placement]\ndropRegionWhite = a1 b1\n",
       "t.ini:2:1: error: [a] dropRegionWhite: xpgn's setup phase takes whole ranks; 'a1 b1' holds "
       "part of rank 1\n"},
      {"[a:placement]\ncastling = false\n",
       "t.ini:2:1: error: [a] castling: castling rights from placements need castling (castling = "
       "true, a king and a rook)\n"},
  };
  for (const auto& [text, message] : refused) {
    INFO(text);
    CHECK(problems(text) == message);
  }
  // castlingKingFile says where a placed king gains its rights.
  CHECK(imported("[a:placement]\ncastlingKingFile = d\n")["components"][3]["castling_king_file"] ==
        "d");
  CHECK(
      problems("[a:shatar]\nextinctionPieceCount = 2\n")
          .find("[a] extinctionPieceCount: xpgn knows Fairy-Stockfish's extinction rule only as") !=
      std::string::npos);
  CHECK(problems("[a:placement]\nmustDropType = b\n")
            .find("[a] mustDropType: xpgn has no rule for this key") != std::string::npos);
  CHECK(problems("[a:chess]\njanggiCannon = c\n")
            .find("the janggi cannon (xpgn's janggi: a hopper that may neither hop over nor take "
                  "another cannon, the component palace-lines) is not read from ini files "
                  "yet") != std::string::npos);
  // The janggi elephant is xpgn's nZ (its perft: builtins.ini [elephants]).
  const auto elephants =
      imported("[a:chess]\nbishop = -\njanggiElephant = b\npromotionPieceTypes = qrbn\n");
  // Pieces in Fairy-Stockfish's order from the king down (the order of its FEN's hands).
  std::string letters;
  for (const auto& p : elephants["pieces"]) letters += p["letter"].get<std::string>();
  CHECK(letters == "KBQRNP");
  CHECK(elephants["pieces"][1]["betza"] == "nZ");
}

TEST_CASE("fsf ini: Betza translation", "[fsf-ini]") {
  using catalog::fsf::translate_betza;
  CHECK(translate_betza("N") == "N");
  CHECK(translate_betza("mRcpR") == "mWWcpWW");
  CHECK(translate_betza("fsW") == "fsW");  // soldier: forward and sideways
  CHECK(translate_betza("FfW") == "FfW");  // silver
  CHECK(translate_betza("fhN") == "fN");   // the forward half: four knight leaps
  CHECK(translate_betza("vF") == "F");     // Fairy-Stockfish's v on F: all four
  CHECK(translate_betza("R3") == "W3");
  CHECK(translate_betza("NN") == "NN");
  CHECK(translate_betza("LJ") == "CZ");  // camel and zebra letters
  CHECK(translate_betza("nN") == "nN");
  CHECK(translate_betza("mcK") == "WF");
  for (const char* refused :
       {"fN", "ffN", "fsN", "gR", "iW", "nZ", "pW", "AA", "x", "m", "fmWfceF"}) {
    INFO(refused);
    CHECK_THROWS_AS(translate_betza(refused), std::invalid_argument);
  }
  CHECK_THROWS_WITH(translate_betza("ffN"), Catch::Contains("narrow forward knight leaps"));
  CHECK_THROWS_WITH(translate_betza("gB"), Catch::Contains("grasshoppers"));
  CHECK_THROWS_WITH(translate_betza("Nx"), Catch::Contains("'x' is not Fairy-Stockfish Betza"));
}

TEST_CASE("fsf ini: a section becomes xpgn's JSON", "[fsf-ini]") {
  const auto j = imported(
      "; a comment\n"
      "[my-variant:capablanca]\n"
      "startFen = rnbqckabnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQCKABNR w KQkq - 0 1\n"
      "customPiece1 = w:mWcF\n"
      "pieceToCharTable = -\n"
      "nMoveRule = 0\n");
  CHECK(j["id"] == "my-variant");
  CHECK(j["name"] == "my-variant");
  CHECK(j["board"]["files"] == 10);
  CHECK(j["board"]["ranks"] == 8);
  CHECK(!j.contains("base"));
  std::map<std::string, std::string> betza;
  for (const auto& p : j["pieces"]) betza[p["letter"].get<std::string>()] = p["betza"];
  CHECK(betza == std::map<std::string, std::string>{{"P", "fmWfcF"},
                                                    {"N", "N"},
                                                    {"B", "FF"},
                                                    {"R", "WW"},
                                                    {"Q", "WWFF"},
                                                    {"A", "FFN"},
                                                    {"C", "WWN"},
                                                    {"W", "mWcF"},
                                                    {"K", "K"}});
  CHECK(j["components"][0] == nlohmann::ordered_json::parse(
                                  R"({"name": "castling", "king_files": ["i", "c"],
                                      "rook_files": ["h", "d"]})"));
  CHECK(j["components"][1]["name"] == "en-passant");
  CHECK(j["components"][2]["choices"] == "ACQRBN");
  std::vector<std::string> ends;
  for (const auto& e : j["end_rules"]) ends.push_back(e["name"]);
  CHECK(ends == std::vector<std::string>{"checkmate-stalemate", "repetition-draw"});
}

TEST_CASE("fsf ini: keys xpgn cannot honour are refused with file, line, section and key",
          "[fsf-ini]") {
  CHECK(problems("[a:chess]\nmaxRank = 8\nfooBar = 3\n") ==
        "t.ini:3:1: error: [a] fooBar: unknown key 'fooBar' (Fairy-Stockfish would ignore it as "
        "an invalid option)\n");
  CHECK(problems("[a:chess]\n\nblastOnCapture = true\n") ==
        "t.ini:3:1: error: [a] blastOnCapture: xpgn has no rule for this key; it accepts only "
        "Fairy-Stockfish's default (false); xpgn has atomic chess as the variant atomic\n");
  // At the default it changes nothing and is accepted.
  CHECK(problems("[a:chess]\nblastOnCapture = false\nmustCapture = false\n").empty());
  CHECK(problems("[a:chess]\ncustomPiece1 = s:ffN\n") ==
        "t.ini:2:1: error: [a] customPiece1: Betza 'ffN': its directions of the 2,1 leap (such "
        "as the narrow forward knight leaps of 'ffN') have no xpgn Betza\n");
  CHECK(problems("[a:chess]\nshogiKnight = s\n") ==
        "t.ini:2:1: error: [a] shogiKnight: xpgn cannot honour this piece: the shogi knight's two "
        "narrow forward leaps have no Betza in xpgn\n");
  CHECK(problems("[a:nosuch]\n") ==
        "t.ini:1:1: error: [a]: unknown parent 'nosuch' (a parent is an earlier section of the "
        "file or one of the Fairy-Stockfish variants xpgn knows: asean, cambodian, capablanca, "
        "chess, "
        "courier, crazyhouse, dobutsu, embassy, fairy, gothic, grand, hoppelpoppel, janggi, "
        "janggicasual, janggitraditional, janus, kyotoshogi, makruk, manchu, minishogi, "
        "minixiangqi, placement, shako, shatar, shatranj, shogi, sittuyin, xiangqi)\n");
  CHECK(problems("[a:chess]\nmaxRank = 10\npromotionRegionWhite = *8 *9 *10\n"
                 "doubleStepRegionBlack = *9\npromotionRegionBlack = *1 *2 *3\n") ==
        "t.ini:3:1: error: [a] promotionRegionWhite: xpgn's promotion on several ranks is a "
        "choice before the last rank (mandatoryPawnPromotion = false)\n");
  CHECK(problems("[a:chess]\npromotionRegionWhite = *7\n") ==
        "t.ini:2:1: error: [a] promotionRegionWhite: xpgn promotes on the last ranks (rank 8 for "
        "White, or the last few ranks, whole); this region is '*7'\n");
  // Grand chess's zone, optional promotion and limits.
  CHECK(imported("[a:grand]\n")["components"][1] ==
        nlohmann::ordered_json::parse(R"({"name": "zone-promotion", "zone": 3,
          "choices": "ACQRBN", "limits": {"A": 1, "C": 1, "Q": 1, "R": 2, "B": 2, "N": 2}})"));
  CHECK(problems("[a:grand]\ncustomPiece1 = l:fR\n") ==
        "t.ini:2:1: error: [a] customPiece1: xpgn knows immobilityIllegal only for pawns (the "
        "custom piece 1 moves in some directions only)\n");
  // The default double-step region of Black (*7) is not White's (*2) on a 10-rank board.
  CHECK(problems("[a:chess]\nmaxRank = 10\npromotionRegionWhite = *10\n") ==
        "t.ini:1:1: error: [a]: xpgn's double steps are the same for both sides: "
        "doubleStepRegionBlack ('*7') is not doubleStepRegionWhite ('*2') seen from Black's side "
        "on a 10-rank board\n");
  CHECK(problems("[a:chess]\nmandatoryPawnPromotion = false\n") ==
        "t.ini:2:1: error: [a] mandatoryPawnPromotion: xpgn's pawns must promote on the last "
        "rank (with mandatoryPawnPromotion = false, immobilityIllegal = true says so)\n");
  CHECK(problems("[a:chess]\ncastling = yes\n") ==
        "t.ini:2:1: error: [a] castling: expected true or false, found 'yes'\n");
  CHECK(problems("[a:chess]\nstalemateValue = win\n") ==
        "t.ini:2:1: error: [a] stalemateValue: xpgn knows checkmate loss with stalemate win as "
        "no end rule (it knows loss/draw, loss/loss and win/win)\n");
  CHECK(problems("[a:chess]\nnMoveRule = 5000\n") ==
        "t.ini:2:1: error: [a] nMoveRule: xpgn's move limit is at most 1000 moves\n");
  CHECK(imported("[a:chess]\nnMoveRule = 70\n")["end_rules"][2] ==
        nlohmann::ordered_json::parse(R"({"name": "move-limit", "moves": 70})"));
  // The bare king of shatranj, inherited; any other extinction rule is refused.
  CHECK(imported("[a:shatranj]\n")["end_rules"][0]["name"] == "bare-king-loses");
  CHECK(problems("[a:shatranj]\nextinctionOpponentPieceCount = 1\n") ==
        "t.ini:2:1: error: [a] extinctionOpponentPieceCount: xpgn knows Fairy-Stockfish's "
        "extinction rule only as the bare king "
        "of shatranj (extinctionValue = loss, extinctionPieceTypes = *, extinctionPieceCount = 1, "
        "extinctionOpponentPieceCount = 2, extinctionClaim = true) and shatar's robado "
        "(extinctionValue = draw, extinctionPieceTypes = *, extinctionPieceCount = 1)\n");
  CHECK(problems("[a:chess]\nthis line has no equals sign\n") ==
        "t.ini:2:1: error: [a]: expected key = value, found 'this line has no equals sign'\n");
  CHECK(problems("[a]\n") ==
        "t.ini:1:1: error: [a]: the variant has no pieces (a section without a parent starts "
        "with none: name them, or inherit from chess)\n");
  CHECK(problems("[a:chess]\n[a:chess]\n") ==
        "t.ini:2:1: error: [a]: the variant 'a' is defined twice\n");
  // A child of a section with a problem says so; with a selection, only what it needs.
  const std::string family =
      "[base:chess]\nflagRegion = d4\n[child:base]\n[other:chess]\nfoo = 1\n";
  CHECK(problems(family, "child") ==
        "t.ini:2:1: error: [base] flagRegion: xpgn has no rule for this key; it accepts only "
        "Fairy-Stockfish's default (none); xpgn has king of the hill and racing kings as "
        "variants\n"
        "t.ini:3:1: error: [child]: its parent [base] has problems\n");
  CHECK(problems(family, "other") ==
        "t.ini:5:1: error: [other] foo: unknown key 'foo' (Fairy-Stockfish would ignore it as an "
        "invalid option)\n");
  // An inherited promotion set loses the pieces the child removed, as in Fairy-Stockfish
  // (crossderby: chess without queen, rooks and bishops promotes to the knight); with nothing
  // left, the section must say what pawns promote to.
  CHECK(problems("[a:capablanca]\nknight = -\n").empty());
  CHECK(problems("[a:chess]\nqueen = -\nrook = -\nbishop = -\nknight = -\n") ==
        "t.ini:1:1: error: [a]: promotionPieceTypes: the set of chess names only pieces this "
        "variant no longer has, and xpgn's pawns must promote to something; set "
        "promotionPieceTypes in this section\n");
  CHECK(problems("[a:chess]\nknight = -\npromotionPieceTypes = qn\n") ==
        "t.ini:3:1: error: [a] promotionPieceTypes: 'n' is no piece letter of this variant\n");
}

TEST_CASE("fsf ini: problems found while building are placed at the ini key", "[fsf-ini]") {
  std::unique_ptr<rules::Variant> v;
  const auto errors = catalog::try_text(
      "[fsf-bad-fen:chess]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1\n", "t.ini",
      &v);
  REQUIRE(errors.size() == 1);
  CHECK(v == nullptr);
  CHECK(errors[0].where.source == "t.ini");
  CHECK(errors[0].where.line == 2);
  CHECK(errors[0].where.pointer == "[fsf-bad-fen] startFen");
  CHECK_THAT(errors[0].message, Catch::StartsWith("bad start position: "));
  // A good one builds (the last section's variant is handed back) and adds nothing.
  const std::size_t before = catalog::entries().size();
  const auto fine = catalog::try_text("[fsf-fine-1:chess]\n[fsf-fine-2:janus]\n", "t.ini", &v);
  CHECK(fine.empty());
  REQUIRE(v != nullptr);
  CHECK(v->id == "fsf-fine-2");
  CHECK(v->files == 10);
  CHECK(catalog::entries().size() == before);
}

TEST_CASE("fsf ini: a start position with rows wider than the board is refused, not read past",
          "[fsf-ini]") {
  // Found by review: the castling rank's row was read before the FEN was checked, so a run of
  // empty squares past the board's width (or one of a billion) was expanded, and the search for
  // the outermost rook ran off the row.
  for (const std::string& fen :
       {std::string("8/8/8/8/8/8/8/999999999K w - - 0 1"),
        std::string("8/8/8/8/8/8/8/8K w - - 0 1"), std::string("8/8/8/8/8/8/8/4K w - - 0 1")}) {
    INFO(fen);
    std::unique_ptr<rules::Variant> v;
    const auto errors = catalog::try_text(
        "[fsf-wide-row:chess]\ncastlingRookKingsideFile = g\nstartFen = " + fen + "\n", "t.ini",
        &v);
    CHECK(v == nullptr);
    REQUIRE_FALSE(errors.empty());
  }
}

TEST_CASE("fsf ini: --variant-file, --variant NAME and variants --show", "[fsf-ini][cli]") {
  const std::string file = "'" + ini_dir + "inheritance.ini'";
  {
    const auto [status, out] =
        xpgn_run("perft --variant-file " + file + " --variant gothic-nightrider 2");
    INFO(out);
    CHECK(status == 0);
    CHECK(out == "1022\n");
  }
  {
    const auto [status, out] =
        xpgn_run("variants --variant-file " + file + " --show embassy-test --format json");
    INFO(out);
    CHECK(status == 0);
    const auto j = nlohmann::ordered_json::parse(out);
    CHECK(j["id"] == "embassy-test");
    CHECK(j["components"][0]["king_files"] == nlohmann::ordered_json::parse(R"(["h", "b"])"));
  }
  {
    // Every section of a file with a problem: the problems, status 2.
    const std::string bad = "/tmp/xpgn-test-fsf-bad.ini";
    std::ofstream(bad) << "[fsf-ok:chess]\n[fsf-bad:chess]\ncheckCounting = true\n";
    const auto [status, out] = xpgn_run("perft --variant-file " + bad + " 1");
    CHECK(status == 2);
    CHECK(out == bad +
                     ":3:1: error: [fsf-bad] checkCounting: xpgn has no rule for this key; it "
                     "accepts only Fairy-Stockfish's default (false); xpgn has three-check as the "
                     "variant three-check\n");
    // Asking for the good section reads only that one.
    const auto [ok_status, ok_out] =
        xpgn_run("perft --variant-file " + bad + " --variant fsf-ok 1");
    CHECK(ok_status == 0);
    CHECK(ok_out == "20\n");
  }
}

TEST_CASE("fsf ini: check, convert and select read the sections --variant names",
          "[fsf-ini][cli]") {
  const std::string ini = "/tmp/xpgn-test-fsf-sections.ini";
  std::ofstream(ini) << "[fsf-ok:chess]\n[fsf-bad:chess]\ncheckCounting = true\n"
                        "[fsf-two:fsf-ok]\nstartFen = 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n";
  const std::string pgn = "/tmp/xpgn-test-fsf-sections.pgn";
  std::ofstream(pgn) << "[Variant \"fsf-ok\"]\n\n1. e4 e5 *\n\n"
                        "[Variant \"fsf-two\"]\n[SetUp \"1\"]\n"
                        "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n1. e4 Kd7 *\n";
  const std::string files = " --variant-file " + ini + " ";
  const std::string bad_key = "[fsf-bad] checkCounting";
  {
    // Without --variant every section is read, and the bad one stops the command.
    const auto [status, out] = xpgn_run("check" + files + pgn);
    CHECK(status == 2);
    CHECK(out.find(bad_key) != std::string::npos);
  }
  {
    const auto [status, out] =
        xpgn_run("check" + files + "--variant fsf-ok --variant FSF-Two " + pgn);
    INFO(out);
    CHECK(status == 0);
    CHECK(out.find(bad_key) == std::string::npos);
    CHECK(out.find("checked 2 games: 2 valid, 0 invalid") != std::string::npos);
  }
  {
    // Only fsf-ok is read: the fsf-two game names a variant xpgn does not know.
    const auto [status, out] = xpgn_run("check" + files + "--variant fsf-ok " + pgn);
    INFO(out);
    CHECK(status == 1);
    CHECK(out.find("fsf-two") != std::string::npos);
    CHECK(out.find("1 valid, 1 invalid") != std::string::npos);
  }
  {
    const auto [status, out] =
        xpgn_run("convert --to uci" + files + "--variant fsf-ok --variant fsf-two " + pgn);
    INFO(out);
    CHECK(status == 0);
    CHECK(out.find("e2e4 e7e5") != std::string::npos);
    CHECK(out.find("e2e4 e8d7") != std::string::npos);
  }
  {
    // select: --variant is the criterion and the sections read.
    const auto [status, out] = xpgn_run("select" + files + "--variant fsf-two " + pgn);
    INFO(out);
    CHECK(status == 0);
    CHECK(out.find("Kd7") != std::string::npos);
    CHECK(out.find("e5") == std::string::npos);
  }
  {
    // A bad section named is reported (once) and stops the command.
    const auto [status, out] =
        xpgn_run("check" + files + "--variant fsf-bad --variant fsf-ok " + pgn);
    CHECK(status == 2);
    CHECK(out.find(bad_key) != std::string::npos);
    CHECK(out.find(bad_key, out.find(bad_key) + 1) == std::string::npos);
  }
  // Two chosen sections with a bad parent in common: the parent's problem is said once, then
  // each child's.
  std::vector<catalog::DefinitionError> errors;
  const auto out =
      catalog::fsf::import_ini("[p:chess]\ncheckCounting = true\n[c1:p]\n[c2:p]\n[other:chess]\n",
                               "t.ini", std::vector<std::string>{"c1", "c2"}, errors);
  CHECK(out.empty());
  REQUIRE(errors.size() == 3);
  CHECK(errors[0].text().find("[p] checkCounting") != std::string::npos);
  CHECK(errors[1].text().find("[c1]") != std::string::npos);
  CHECK(errors[2].text().find("[c2]") != std::string::npos);
}

TEST_CASE("fsf ini: children of xiangqi, janggi, shogi and makruk take the catalog's as base",
          "[fsf-ini][perft]") {
  // The definition: the catalog variant as base, the start position the section's.
  const auto xq = imported("[myxq:xiangqi]\nstartFen = 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1\n");
  CHECK(xq == nlohmann::ordered_json::parse(R"({"format": "xpgn-variant", "version": 1,
    "id": "myxq", "name": "myxq", "description": "Imported from Fairy-Stockfish's variant [myxq]",
    "base": "xiangqi", "start_fen": "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"})"));
  // Through sections of the file, the base stays the catalog's; keys that change no rule pass.
  std::vector<catalog::DefinitionError> errors;
  const auto chain = catalog::fsf::import_ini(
      "[a:shogi]\npieceToCharTable = -\n[b:a]\nstartFen = 4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1\n"
      "[c:b]\n",
      "t.ini", "c", errors);
  CHECK(errors.empty());
  REQUIRE(chain.size() == 1);
  CHECK(chain[0].json["base"] == "shogi");
  CHECK(chain[0].json["start_fen"] == "4k4/9/9/9/9/9/9/9/4K4[] w - - 0 1");
  CHECK(chain[0].origins.at("/start_fen").pointer == "[b] startFen");
  CHECK(chain[0].origins.at("/start_fen").line == 4);

  // Perft at the start (depths 1 to 3) and from positions of random games equals ffish's for the
  // same file (tests/reference/fsf_ini_families.mjs).
  std::set<std::string> sections;
  const int compared = check_ffish_perft("families-perft-ffish.txt", sections);
  CHECK(compared == 49);
  CHECK(sections.size() == 7);

  // A random game of ffish's per section, replayed by its UCI: the same number of legal moves
  // before each ply, the same FEN after the last (see below for shogi's halfmove clock).
  std::ifstream games(ini_dir + "families-games-ffish.txt");
  REQUIRE(games);
  int replayed = 0, plies = 0;
  for (std::string line; std::getline(games, line);) {
    const auto f = fields_of(line);
    REQUIRE(f.size() == 5);
    INFO(f[1]);
    ensure_loaded(f[0], f[1]);
    std::string error;
    const rules::Variant* v = catalog::find_variant(f[1], "", error);
    REQUIRE(v != nullptr);
    rules::Position pos = rules::Position::start(*v);
    const auto ucis = test::words(f[2]), counts = test::words(f[3]);
    REQUIRE(ucis.size() == counts.size());
    for (std::size_t i = 0; i < ucis.size(); ++i) {
      INFO("ply " << i + 1 << " " << ucis[i] << " in " << pos.fen());
      rules::MoveList legal;
      rules::generate_legal(pos, legal);
      CHECK(legal.size() == std::stoul(counts[i]));
      int found = 0;
      rules::Move move{};
      for (const rules::Move& m : legal)
        if (rules::to_uci(pos, m) == ucis[i]) move = m, ++found;
      REQUIRE(found == 1);
      pos = rules::play(pos, move);
      ++plies;
    }
    // The FEN but its halfmove clock: xpgn's shogi family does not reset it on a drop, as
    // Fairy-Stockfish does (a difference of the catalog's shogi, where no rule reads it).
    const std::string ours = pos.fen(), theirs = f[4];
    const auto clock_less = [](const std::string& fen) {
      auto w = test::words(fen);
      if (w.size() >= 2) w.erase(w.end() - 2);
      std::string out;
      for (const auto& x : w) out += x + " ";
      return out;
    };
    CHECK(clock_less(ours) == clock_less(theirs));
    if (f[1].find("shogi") == std::string::npos) CHECK(ours == theirs);
    ++replayed;
  }
  CHECK(replayed == 7);
  CHECK(plies >= 7 * 30);

  // An unchanged child of each catalog parent plays as its base: the same start position and
  // perft to depth 2 (to depth 3 for janggi, below).
  {
    const std::vector<std::string> parents = {
        "xiangqi",      "minixiangqi", "manchu",    "janggi",     "janggitraditional",
        "janggicasual", "shogi",       "minishogi", "kyotoshogi", "dobutsu",
        "makruk",       "asean",       "sittuyin",  "cambodian"};
    const std::string file = "/tmp/xpgn-test-fsf-catalog-parents.ini";
    {
      std::ofstream out(file);
      for (const auto& p : parents) out << "[fsf-unchanged-" << p << ":" << p << "]\n";
    }
    std::string error;
    if (!catalog::find_variant("fsf-unchanged-xiangqi", "", error)) {
      const auto load_errors = catalog::load_files({file});
      for (const auto& e : load_errors) INFO(e.text());
      REQUIRE(load_errors.empty());
    }
    for (const auto& p : parents) {
      INFO(p);
      const rules::Variant* child = catalog::find_variant("fsf-unchanged-" + p, "", error);
      REQUIRE(child != nullptr);
      const auto a = rules::Position::start(*child), b = rules::Position::start(test::variant(p));
      CHECK(a.fen() == b.fen());
      CHECK(rules::perft(a, 2) == rules::perft(b, 2));
    }
  }
  {
    ensure_loaded("families.ini", "janggi-plain");
    std::string error;
    const rules::Variant* plain = catalog::find_variant("janggi-plain", "", error);
    REQUIRE(plain != nullptr);
    const rules::Variant& janggi = test::variant("janggi");
    const auto a = rules::Position::start(*plain), b = rules::Position::start(janggi);
    CHECK(a.fen() == b.fen());
    for (int depth = 1; depth <= 3; ++depth)
      CHECK(rules::perft(a, depth) == rules::perft(b, depth));
  }
}

TEST_CASE("fsf ini: keys of a child of a catalog parent other than startFen are refused",
          "[fsf-ini]") {
  CHECK(problems("[a:xiangqi]\nstartFen = 4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1\n"
                 "flyingGeneral = false\nmaxRank = 9\n") ==
        "t.ini:3:1: error: [a] flyingGeneral: not honoured on a parent of the xiangqi family: "
        "xpgn's xiangqi is its own definition (its palace, river, flying general and "
        "perpetual-check rules are xpgn components that Fairy-Stockfish's keys do not describe "
        "one to one); a child of it may change startFen only\n");
  // Even a key at the value Fairy-Stockfish's own variant has, and through a section of the file.
  CHECK(problems("[a:janggi]\n[b:a]\nbikjangRule = true\n") ==
        "t.ini:3:1: error: [b] bikjangRule: not honoured on a parent of the janggi family: "
        "xpgn's janggi is its own definition (its palace lines, cannons, passing, bikjang and "
        "counted results are xpgn components that Fairy-Stockfish's keys do not describe one to "
        "one); a child of it may change startFen only\n");
  CHECK(problems("[a:makruk]\ncustomPiece1 = a:N\n")
            .starts_with("t.ini:2:1: error: [a] customPiece1: not honoured on a parent of the "
                         "makruk family: xpgn's makruk is its own definition"));
  // A child of the refused section is refused with it.
  CHECK(problems("[a:shogi]\nnMoveRule = 0\n[b:a]\n", "b") ==
        "t.ini:2:1: error: [a] nMoveRule: not honoured on a parent of the shogi family: xpgn's "
        "shogi is its own definition (its drops with shogi's restrictions, promotion zone and "
        "repetition rules are xpgn components that Fairy-Stockfish's keys do not describe one to "
        "one); a child of it may change startFen only\n"
        "t.ini:3:1: error: [b]: its parent [a] has problems\n");
  // The parents named when one is unknown include the catalog's.
  CHECK(problems("[a:xiangqi2]\n").find("janggi, janggicasual") != std::string::npos);
  // A start position xpgn's janggi refuses is placed at the key.
  const std::string bad = "/tmp/xpgn-test-fsf-family.ini";
  std::ofstream(bad) << "[fsf-family-bad:janggi]\nstartFen = rnba1abnr/4k4/9 w - - 0 1\n";
  const auto [status, out] = xpgn_run("perft --variant-file " + bad + " 1");
  INFO(out);
  CHECK(status == 2);
  CHECK(out.starts_with(bad + ":2:1: error: [fsf-family-bad] startFen: "));
}

TEST_CASE("fsf ini: variants --show and check with a catalog parent's child", "[fsf-ini][cli]") {
  const std::string file = "'" + ini_dir + "families.ini'";
  const auto [status, out] =
      xpgn_run("variants --variant-file " + file + " --show janggi-setup --format json");
  INFO(out);
  CHECK(status == 0);
  const auto j = nlohmann::ordered_json::parse(out);
  CHECK(j["base"] == "janggi");
  CHECK(j["start_fen"] ==
        "rbna1anbr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1");
  const auto [pstatus, pout] =
      xpgn_run("perft --variant-file " + file + " --variant xiangqi-open 2");
  CHECK(pstatus == 0);
  CHECK(pout == "1057\n");
  // ffish's games of these sections with its SAN (fsf_ini_families.mjs pgn), one ending in mate:
  // every move read, the result agreed.
  const auto [cstatus, cout] =
      xpgn_run("check --variant-file " + file + " '" + ini_dir + "families-games-ffish.pgn'");
  CHECK(cstatus == 0);
  CHECK(cout == "checked 7 games: 7 valid, 0 invalid\n");
}

TEST_CASE("fsf ini: the fuzz harness on the test files and on broken ones", "[fsf-ini][fuzz]") {
  auto run = [](const std::string& text) {
    fuzz::run_fsf_ini(reinterpret_cast<const std::uint8_t*>(text.data()), text.size());
  };
  const std::size_t before = catalog::entries().size();
  for (const char* file : {"inheritance.ini", "pieces.ini"}) {
    INFO(file);
    std::ifstream in(ini_dir + file);
    std::stringstream text;
    text << in.rdbuf();
    // Under other section names (the files may be loaded in this process already): each
    // header [name] or [name:parent] gets a "z" before the name, and before a parent of the file.
    std::set<std::string> names;
    std::vector<std::string> lines;
    for (std::string line; std::getline(text, line);) lines.push_back(line);
    for (const auto& line : lines)
      if (line.starts_with("[")) names.insert(line.substr(1, line.find_first_of(":]") - 1));
    std::string renamed;
    for (auto line : lines) {
      if (line.starts_with("[")) {
        const std::size_t colon = line.find(':');
        if (colon != std::string::npos &&
            names.count(line.substr(colon + 1, line.find(']') - colon - 1)))
          line.insert(colon + 1, "z");
        line.insert(1, "z");
      }
      renamed += line + "\n";
    }
    CHECK_NOTHROW(run(renamed));
  }
  for (const std::string& broken : std::vector<std::string>{
           "", "[", "[]", "[a:", "[a:a]", "[x:chess]\nmaxRank = 99\n", "[x:chess]\nmaxFile = 0\n",
           "[x:chess]\ncustomPiece26 = a:N\n", "[x:chess]\ncustomPiece1 = a\n",
           "[x:chess]\ncustomPiece1 = a:\n", "[x:chess]\ncustomPiece1 = a:QQQQ\n",
           "[x:chess]\npromotionRegionWhite = *0\n", "[x:chess]\npromotionRegionWhite = z9 *\n",
           "[x:chess]\nstartFen = 99999999999999999999/8 w - - 0 1\n", "[x:chess]\nking = -\n",
           "[x:chess]\nmaxRank = 2\nmaxFile = 2\n",
           "[x:chess]\nmaxRank = 10\nmaxFile = 12\nstartFen = 12/12/12/12/12/12/12/12/12/K10k w - "
           "- 0 1\n",
           "garbage before\n[x:chess]\n=\n = \n",
           std::string("[x:chess]\nstartFen = ") + '\0' + "\n"}) {
    INFO(broken);
    CHECK_NOTHROW(run(broken));
  }
  // Many sections: refused beyond 256, in one pass.
  std::string many;
  for (int i = 0; i < 300; ++i) many += "[m" + std::to_string(i) + ":chess]\nnMoveRule = 0\n";
  CHECK_THAT(problems(many), Catch::Contains("more than 256 sections in one file"));
  // A long value and a long line are read once.
  CHECK(problems("[x:chess]\ncustomPiece1 = a:" + std::string(100000, 'W') + "\n").empty());
  CHECK_THAT(problems("[x:chess]\ncustomPiece1 = a:" + std::string(100000, 'x') + "\n"),
             Catch::Contains("[x] customPiece1: Betza"));
  CHECK(catalog::entries().size() == before);
}

TEST_CASE("fsf ini: a short startFen takes Fairy-Stockfish's defaults for the fields left out",
          "[fsf-ini]") {
  // lewthwaite writes only the board and the side to move.
  CHECK(imported(
            "[a:chess]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b\n")["start_fen"] ==
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - 0 1");
  CHECK(imported(
            "[a:chess]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\n")["start_fen"] ==
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1");
  CHECK(imported("[a:chess]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n")
            ["start_fen"] == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  // Five fields or more are the writer's own.
  CHECK(imported("[a:chess]\nstartFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3 7\n")
            ["start_fen"] == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3 7");
  // The promotion set chess gives loses the pieces removed (Fairy-Stockfish's crossderby).
  const auto j = imported("[a:chess]\nqueen = -\nrook = -\nbishop = -\n");
  std::string choices;
  for (const auto& c : j["components"])
    if (c["name"] == "promotion") choices = c["choices"];
  CHECK(choices == "N");
}
