// Tests of the emit module: canonical PGN round trips, other notations and JSON.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "xpgn/emit/json.hpp"
#include "xpgn/emit/pgn.hpp"
#include "xpgn/emit/writer.hpp"
#include "xpgn/record/replayer.hpp"

using xpgn::record::Game;
using xpgn::record::Line;

namespace {

// Whitespace runs collapsed to one space, ends trimmed (the canonical form of a comment).
std::string normalized(const std::string& text) {
  std::istringstream in(text);
  std::string word, out;
  while (in >> word) out += (out.empty() ? "" : " ") + word;
  return out;
}

// Normalized comments.
std::vector<std::string> normalized(const std::vector<std::string>& comments) {
  std::vector<std::string> out;
  for (const auto& c : comments) out.push_back(normalized(c));
  return out;
}

// Checks that two lines hold the same moves, NAGs, comments and (non-empty) variations.
void same_line(const Line& a, const Line& b) {
  REQUIRE(a.size() == b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    INFO("ply " << a[i].ply << " " << a[i].san);
    CHECK(a[i].san == b[i].san);
    CHECK(a[i].move == b[i].move);
    CHECK(a[i].nags == b[i].nags);
    CHECK(normalized(a[i].comments_before) == normalized(b[i].comments_before));
    CHECK(normalized(a[i].comments_after) == normalized(b[i].comments_after));
    std::vector<const Line*> va, vb;
    for (const auto& v : a[i].variations)
      if (!v.empty()) va.push_back(&v);
    for (const auto& v : b[i].variations)
      if (!v.empty()) vb.push_back(&v);
    REQUIRE(va.size() == vb.size());
    for (std::size_t k = 0; k < va.size(); ++k) same_line(*va[k], *vb[k]);
  }
}

// Reads `pgn`, writes it canonically, reads that back and writes it again: the trees must
// agree and the two outputs must be byte-identical with movetext lines of at most 80 bytes.
void check_round_trip(const std::string& pgn) {
  auto first = xpgn::record::read_games(pgn);
  std::string once;
  for (const auto& g : first) once += xpgn::emit::to_pgn(g);
  auto second = xpgn::record::read_games(once);
  REQUIRE(first.size() == second.size());
  std::string twice;
  for (const auto& g : second) twice += xpgn::emit::to_pgn(g);
  CHECK(once == twice);
  for (std::size_t i = 0; i < first.size(); ++i) {
    INFO("game " << first[i].index);
    const Game& a = first[i];
    const Game& b = second[i];
    CHECK(normalized(a.comments) == normalized(b.comments));
    same_line(a.moves, b.moves);
    for (const auto& t : a.tags) {
      auto count = [&](const Game& g) {
        return std::count_if(g.tags.begin(), g.tags.end(), [&](const xpgn::record::Tag& u) {
          return u.name == t.name && u.value == t.value;
        });
      };
      CHECK(count(a) == count(b));
    }
    static const char* roster[] = {"Event", "Site", "Date", "Round", "White", "Black", "Result"};
    REQUIRE(b.tags.size() >= 7);
    for (int k = 0; k < 7; ++k) CHECK(b.tags[static_cast<std::size_t>(k)].name == roster[k]);
  }
  std::istringstream lines(once);
  std::string line;
  while (std::getline(lines, line)) {
    if (!line.empty() && line[0] == '[') continue;
    INFO(line);
    CHECK(line.size() <= 80);
  }
}

const std::string annotated =
    "[Event \"Test\"]\n[White \"A\"]\n[Black \"B\"]\n[Site \"Here\"]\n[Annotator \"me\"]\n"
    "[Result \"1-0\"]\n[Opening \"Two \\\"quoted\\\" words\"]\n[Annotator \"again\"]\n\n"
    "{A game with everything in it.} 1. e4 $1 {Best by test} e5 2. Nf3 Nc6 (2... d6 {Philidor}"
    " 3. d4 (3. Bc4 Be7) 3... exd4) (2... Nf6 $5) 3. Bb5!? a6 {Morphy} 4. Ba4 Nf6 5. O-O Be7 "
    "6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 {A very long comment that has to be wrapped over "
    "several lines because it is much longer than eighty columns of text, really.} Nb8 "
    "10. d4 Nbd7 ; rest of line\n 11. Nbd2 Bb7 12. Bc2 Re8 13. Nf1 Bf8 14. Ng3 g6 15. a4 c5 "
    "16. d5 c4 17. Bg5 h6 18. Be3 Nc5 19. Qd2 h5 20. Bg5 Be7 21. Ra3 {[%clk 0:10:00] "
    "[%eval 0.5]} 1-0\n";

}  // namespace

TEST_CASE("canonical PGN of an annotated game") {
  auto games = xpgn::record::read_games(annotated);
  REQUIRE(games.size() == 1);
  std::string out = xpgn::emit::to_pgn(games[0]);
  INFO(out);
  CHECK(
      out.rfind("[Event \"Test\"]\n[Site \"Here\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
                "[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n[Annotator \"me\"]\n"
                "[Opening \"Two \\\"quoted\\\" words\"]\n[Annotator \"again\"]\n\n"
                "{A game with everything in it.} 1. e4 $1 {Best by test} 1... e5 2. Nf3 Nc6 (2...\n"
                "d6 {Philidor} 3. d4 (3. Bc4 Be7) 3... exd4) (2... Nf6 $5) 3. Bb5 $5 a6 {Morphy}\n",
                0) == 0);
  CHECK(out.find("{[%clk 0:10:00] [%eval 0.5]} 1-0\n\n") != std::string::npos);
  CHECK(out.find("{rest of line} 11. Nbd2") != std::string::npos);
  check_round_trip(annotated);
}

TEST_CASE("canonical PGN round trips small games") {
  check_round_trip("[Event \"x\"]\n\n1. e4 e5 2. Nf3 *\n\n[Event \"y\"]\n\n*\n");
  check_round_trip(
      "[SetUp \"1\"]\n[FEN \"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3 20\"]\n\n20... O-O-O {c} "
      "(20... O-O 21. O-O-O) 21. O-O $2 Rd2 1/2-1/2\n");
  check_round_trip("1. d4 d5 2. c4 (2. Nf3 {x} (2. Bf4) {y} Nf6) {z} dxc4 (2... e6) *\n");
}

TEST_CASE("canonical PGN writes minimal disambiguation and correct check marks") {
  auto games = xpgn::record::read_games(
      "1. Ng1-f3 d5 2. Nb1c3 d4 3. Nc3e4 e5 4. Ne4g5 h6 5. Ng5xf7 Ke8xf7 6. Nf3xe5 *\n");
  REQUIRE(games.size() == 1);
  std::string out = xpgn::emit::to_pgn(games[0]);
  INFO(out);
  CHECK(out.find("1. Nf3 d5 2. Nc3 d4 3. Ne4 e5 4. Neg5 h6 5. Nxf7 Kxf7 6. Nxe5+ *") !=
        std::string::npos);
}

TEST_CASE("other notations: long algebraic, UCI, figurine, German letters") {
  auto games = xpgn::record::read_games("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O *\n");
  REQUIRE(games.size() == 1);
  xpgn::emit::PgnOptions options;
  options.style = xpgn::emit::MoveStyle::uci;
  CHECK(xpgn::emit::to_pgn(games[0], options).find("1. e2e4 e7e5 2. g1f3 b8c6 3. f1b5 a7a6") !=
        std::string::npos);
  options.style = xpgn::emit::MoveStyle::long_algebraic;
  CHECK(xpgn::emit::to_pgn(games[0], options).find("2. Ng1-f3") != std::string::npos);
  options.style = xpgn::emit::MoveStyle::figurine;
  CHECK(xpgn::emit::to_pgn(games[0], options).find("2. \u2658f3 \u2658c6 3. \u2657b5 a6 4. O-O") !=
        std::string::npos);
  options.style = xpgn::emit::MoveStyle::san;
  options.language = "de";
  CHECK(xpgn::emit::to_pgn(games[0], options).find("2. Sf3 Sc6 3. Lb5 a6 4. O-O") !=
        std::string::npos);
  CHECK(xpgn::emit::translate_san("exd8=Q+", "fr") == "exd8=D+");
}

TEST_CASE("JSON of a game with capture, en passant, promotion and castling") {
  auto games = xpgn::record::read_games(
      "[Event \"J\"]\n[Result \"*\"]\n\n1. e4 d5 2. exd5 c5 3. dxc6 Nf6 4. cxb7 Nbd7 "
      "5. bxa8=Q e6 6. Nf3 Bc5 {[%clk 0:01:00]} 7. Be2 O-O $1 8. O-O *\n");
  REQUIRE(games.size() == 1);
  INFO(xpgn::emit::to_pgn(games[0]));
  REQUIRE(games[0].valid());
  nlohmann::json j = xpgn::emit::game_to_json(games[0]);
  CHECK(j["variant"] == "chess");
  CHECK(j["tags"][0] == nlohmann::json::array({"Event", "J"}));
  CHECK(j["start_fen"] == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  CHECK(j["result"]["marker"] == "*");
  CHECK(j["outcome"]["termination"] == "none");
  CHECK(j["valid"] == true);
  const auto& moves = j["moves"];
  REQUIRE(moves.size() == 15);
  CHECK(moves[0]["ply"] == 1);
  CHECK(moves[0]["san"] == "e4");
  CHECK(moves[0]["uci"] == "e2e4");
  CHECK(moves[0]["from"] == "e2");
  CHECK(moves[0]["to"] == "e4");
  CHECK(moves[0]["piece"] == "P");
  CHECK(moves[0]["captured"] == nullptr);
  // 2. exd5: a capture.
  CHECK(moves[2]["captured"] == "p");
  CHECK(moves[2]["fen_after"] == "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2");
  // 3. dxc6: en passant.
  CHECK(moves[4]["kind"] == "en_passant");
  CHECK(moves[4]["to"] == "c6");
  CHECK(moves[4]["captured"] == "p");
  CHECK(moves[4]["fen_after"] == "rnbqkbnr/pp2pppp/2P5/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3");
  // 5. bxa8=Q: capture and promotion.
  CHECK(moves[8]["san"] == "bxa8=Q");
  CHECK(moves[8]["piece"] == "P");
  CHECK(moves[8]["captured"] == "r");
  CHECK(moves[8]["promotion"] == "Q");
  CHECK(moves[8]["long"] == "b7xa8=Q");
  CHECK(moves[8]["uci"] == "b7a8q");
  // 6... Bc5 with a clock command.
  CHECK(moves[11]["commands"]["clock"] == 60.0);
  CHECK(moves[11]["comments_after"][0] == "[%clk 0:01:00]");
  // 7... O-O: castling, with a NAG.
  CHECK(moves[13]["kind"] == "castle");
  CHECK(moves[13]["piece"] == "k");
  CHECK(moves[13]["nags"] == nlohmann::json::array({1}));
  bool rook_moved = false;
  for (const auto& e : moves[14]["effects"])
    if (e["kind"] == "rook_castled" && e["square"] == "h1" && e["to"] == "f1") rook_moved = true;
  CHECK(rook_moved);
}

TEST_CASE("JSON of a game with a variation and a diagnostic") {
  auto games = xpgn::record::read_games("1. e4 (1. d4 d5) e5 2. Kxe8 *\n");
  REQUIRE(games.size() == 1);
  nlohmann::json j = xpgn::emit::game_to_json(games[0]);
  CHECK(j["valid"] == false);
  REQUIRE(j["moves"].size() == 3);  // Kxe8 kept unverified
  CHECK(j["moves"][1]["verified"] == true);
  CHECK(j["moves"][2]["verified"] == false);
  CHECK(j["moves"][2]["text"] == "Kxe8");
  CHECK(j["moves"][2]["san"] == nullptr);
  CHECK(j["moves"][2]["unverified_reason"] == j["diagnostics"][0]["message"]);
  CHECK(j["moves"][0]["variations"][0][1]["san"] == "d5");
  CHECK(j["moves"][0]["variations"][0][1]["ply"] == 2);
  REQUIRE(j["diagnostics"].size() == 1);
  CHECK(j["diagnostics"][0]["severity"] == "error");
  CHECK(j["diagnostics"][0]["line"] == 1);
  CHECK(j["diagnostics"][0]["column"] == 24);
  CHECK(j["diagnostics"][0]["ply"] == 3);
  CHECK(j["diagnostics"][0]["token"] == "Kxe8");
}

TEST_CASE("canonical PGN round trips the shared corpus files") {
  const std::filesystem::path dir = std::filesystem::path(XPGN_SHARED_DIR) / "corpus";
  for (const char* name :
       {"world-matches.pgn", "wcup2025-annotated.pgn", "dortmund.pgn", "capablanca.pgn"}) {
    std::filesystem::path path = dir / name;
    if (!std::filesystem::exists(path)) {
      WARN("skipped " << path.string() << ": file not present");
      continue;
    }
    std::ifstream in(path, std::ios::binary);
    std::stringstream buffer;
    buffer << in.rdbuf();
    INFO(path.string());
    check_round_trip(buffer.str());
  }
}

TEST_CASE("games rendered apart and written in order give the bytes the writer writes") {
  // What `convert --jobs N` does: render() on the workers, write_rendered() in input order.
  const std::string pgn =
      "[Event \"a\"]\n\n1. e4 e5 2. Nf3 {a comment} Nc6 (2... d6) 3. Bb5 a6 1-0\n\n"
      "[Event \"b\"]\n\n1. d4 d5 2. c4 dxc4 3. e4 Kd7 4. Qxd8+ *\n\n"
      "[Event \"c\"]\n[Variant \"maxim\"]\n\n1. d4 Bg8 2. Nh1 *\n\n";
  const auto games = xpgn::record::read_games(pgn);
  REQUIRE(games.size() == 3);
  for (const auto format : {"pgn", "json", "jsonl", "lan", "uci", "figurine"}) {
    INFO("format " << format);
    for (std::size_t count : {0, 1, 3}) {
      std::ostringstream whole, apart;
      xpgn::emit::PgnOptions options;
      options.language = "de";
      xpgn::emit::GameWriter direct(whole, *xpgn::emit::parse_format(format), options);
      xpgn::emit::GameWriter in_order(apart, *xpgn::emit::parse_format(format), options);
      std::vector<std::string> texts(count);
      for (std::size_t i = 0; i < count; ++i) {
        direct.write(games[i]);
        in_order.render(games[i], texts[i]);
      }
      for (const auto& text : texts) in_order.write_rendered(text);
      direct.finish();
      in_order.finish();
      CHECK(apart.str() == whole.str());
      if (count > 0) CHECK(!texts[0].empty());
    }
  }
}
