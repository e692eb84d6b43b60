// ICCS coordinates read in the xiangqi family (rules/xiangqi_notation.hpp and
// rules/move_reader.hpp, issue 39): "h2e2", "H2-E2", "h0g2" (files a-i, ranks 0-9 from Red's side).
// The expected moves are worked out by hand from the ICCS definition (rank n is xpgn's rank n + 1),
// not taken from the reader.
#include <catch2/catch.hpp>

#include <cctype>
#include <string>
#include <vector>

#include "test_support.hpp"
#include "xpgn/rules/xiangqi_notation.hpp"

using namespace xpgn;

namespace {

// The SAN of each mainline move of the one game of `pgn`, which must replay without a
// diagnostic.
std::vector<std::string> mainline_sans(const std::string& pgn) {
  const auto games = test::replay(pgn);
  REQUIRE(games.size() == 1);
  INFO(pgn << test::dump(games[0]));
  CHECK(games[0].diagnostics.empty());
  CHECK(games[0].mainline_complete);
  std::vector<std::string> out;
  for (const auto& node : games[0].moves) out.push_back(node.san);
  return out;
}

// The moves of `text` as a PGN game of `variant` (from `fen` when not empty).
std::string game_of(const std::string& variant, const std::string& moves,
                    const std::string& fen = "") {
  std::string pgn = "[Variant \"" + variant + "\"]\n";
  if (!fen.empty()) pgn += "[SetUp \"1\"]\n[FEN \"" + fen + "\"]\n";
  return pgn + "\n" + moves + " *\n";
}

// `moves` (words) with every letter in upper case and a '-' between the two squares.
std::string upper_dashed(const std::string& moves) {
  std::string out;
  for (const std::string& w : test::words(moves)) {
    if (!out.empty()) out += ' ';
    if (w.find('.') != std::string::npos) {
      out += w;
      continue;
    }
    for (std::size_t i = 0; i < w.size(); ++i) {
      if (i == 2) out += '-';
      out += static_cast<char>(std::toupper(static_cast<unsigned char>(w[i])));
    }
  }
  return out;
}

}  // namespace

TEST_CASE("ICCS: the grammar reads the forms only ICCS has, and nothing else changes",
          "[iccs][notation]") {
  const auto upper = notation::parse_san("H2-E2");
  REQUIRE(upper.has_value());
  CHECK(upper->long_algebraic);
  CHECK(upper->piece == 0);
  CHECK(upper->from == Coord{7, iccs_rank + 2});
  CHECK(upper->to == Coord{4, iccs_rank + 2});
  const auto zero = notation::parse_san("h0g2+");
  REQUIRE(zero.has_value());
  CHECK(zero->from == Coord{7, iccs_rank});
  CHECK(zero->to == Coord{6, iccs_rank + 2});
  CHECK(zero->check == '+');
  // Written back in the upper-case form, which reads as the same token.
  CHECK(format_san(*zero) == "H0-G2+");
  CHECK(format_san(*upper) == "H2-E2");
  const auto again = notation::parse_san(format_san(*zero));
  REQUIRE(again.has_value());
  CHECK(again->from == zero->from);
  CHECK(again->to == zero->to);
  const auto back = notation::parse_san("i9i0");
  REQUIRE(back.has_value());
  CHECK(back->to == Coord{8, iccs_rank});
  CHECK(format_coord(back->to) == "i0");
  // Lower case without a rank 0 stays long algebraic; SAN with hints stays SAN.
  const auto plain = notation::parse_san("h2e2");
  REQUIRE(plain.has_value());
  CHECK(plain->from == Coord{7, 1});
  CHECK(rules::may_be_iccs(*plain));
  CHECK(rules::iccs_to_xpgn(*plain).from == Coord{7, 2});
  const auto hint = notation::parse_san("B1d2");
  REQUIRE(hint.has_value());
  CHECK(hint->piece == 'B');
  CHECK(hint->from == Coord{-1, 0});
  CHECK_FALSE(rules::may_be_iccs(*hint));
  CHECK_FALSE(rules::may_be_iccs(*notation::parse_san("h10h9")));
  // Not ICCS either: files beyond i, a letter and a digit missing, mixed case.
  CHECK_FALSE(notation::parse_san("j0j1").has_value());
  CHECK_FALSE(notation::parse_san("H2E").has_value());
  CHECK_FALSE(notation::parse_san("H2-e2").has_value());
  CHECK_FALSE(notation::parse_san("e0").has_value());
}

TEST_CASE("ICCS: a published game in ICCS reads as in UCI, lower and upper case",
          "[iccs][xiangqi]") {
  // Li Wangxiang - Wang Bin 2004 (tests/test_rules_wxf.cpp gives its source and works out its
  // UCI moves from the published WXF). ICCS ranks are UCI's less one: h3f3 is h2f2, h1g3 is
  // h0g2 (rank 0: Red's back rank).
  const std::string uci =
      "1. h3f3 b8f8 2. h1g3 h10i8 3. i1h1 i10h10 4. c4c5 b10c8 5. b1c3 a10b10 6. a1b1 b10b6 "
      "7. b3a3 b6b1 8. c3b1 g7g6 9. b1c3 h8g8 10. h1h10 i8h10 11. g1e3 g8g4 12. f3f7 c10e8 "
      "13. c3d5 h10g8 14. f7c7 f8f5 15. a3c3 f5h5 16. c3c4";
  const std::string iccs =
      "1. h2f2 b7f7 2. h0g2 h9i7 3. i0h0 i9h9 4. c3c4 b9c7 5. b0c2 a9b9 6. a0b0 b9b5 "
      "7. b2a2 b5b0 8. c2b0 g6g5 9. b0c2 h7g7 10. h0h9 i7h9 11. g0e2 g7g3 12. f2f6 c9e7 "
      "13. c2d4 h9g7 14. f6c6 f7f4 15. a2c2 f4h4 16. c2c3";
  const auto expected = mainline_sans(game_of("xiangqi", uci));
  REQUIRE(expected.size() == 31);
  CHECK(expected[0] == "Chf3");
  CHECK(mainline_sans(game_of("xiangqi", iccs)) == expected);
  CHECK(mainline_sans(game_of("Chinese chess", upper_dashed(iccs))) == expected);
}

TEST_CASE("ICCS: a coordinate move legal both ways is UCI until the game shows ICCS",
          "[iccs][xiangqi]") {
  // Red chariots on a1 and a2, a cannon on i2: "a1b1" is a1-b1 in UCI and a2-b2 (a rank 1 to
  // b rank 1) in ICCS, both legal.
  const std::string fen = "5k3/9/9/9/9/9/9/9/R7C/R2K5 w - - 0 1";
  CHECK(mainline_sans(game_of("xiangqi", "1. a1b1", fen)) == std::vector<std::string>{"Rb1"});
  // "d0e0" (d1-e1, the general) can only be ICCS: from then on the game reads ICCS, and
  // "f9f8" (f10-f9) and "a1b1" (a2-b2) are read so.
  CHECK(mainline_sans(game_of("xiangqi", "1. d0e0 f9f8 2. a1b1", fen)) ==
        std::vector<std::string>{"Ke1", "Kf9", "Rb2"});
  // "i1i3" finds no move in UCI (i1 is empty) and is i2-i4 in ICCS: the game reads ICCS from it
  // on.
  CHECK(mainline_sans(game_of("xiangqi", "1. i1i3 f9f8 2. a1b1", fen)) ==
        std::vector<std::string>{"Ci4", "Kf9", "Rb2"});
}

TEST_CASE("ICCS: a game that has read a coordinate move as UCI is not reread as ICCS",
          "[iccs][xiangqi]") {
  // "a1b1" and "f10f9" are read as UCI; "i1i3" then finds no move in UCI (i1 is empty). ICCS
  // would read it as i2-i4, the cannon's move, but a UCI game with a wrong move is refused at
  // that move, with UCI's reason, not taken as ICCS one rank lower.
  const std::string fen = "5k3/9/9/9/9/9/9/9/R7C/R2K5 w - - 0 1";
  const auto games = test::replay(game_of("xiangqi", "1. a1b1 f10f9 2. i1i3", fen));
  REQUIRE(games.size() == 1);
  const auto errors = test::of(games[0], record::Severity::error);
  REQUIRE(errors.size() == 1);
  INFO(errors[0].message);
  CHECK(errors[0].ply == 3);
  CHECK(errors[0].token == "i1i3");
  CHECK(errors[0].message.find("ICCS") == std::string::npos);
}

TEST_CASE("ICCS: refused outside the family, and illegal read both ways", "[iccs][xiangqi]") {
  const auto chess = test::replay("[Event \"x\"]\n\n1. e2e4 e7e5 2. g0f2 *\n");
  REQUIRE(chess.size() == 1);
  const auto chess_errors = test::of(chess[0], record::Severity::error);
  REQUIRE(chess_errors.size() == 1);
  const auto& d = chess_errors[0];
  INFO(d.message);
  CHECK(d.ply == 3);
  CHECK(d.token == "g0f2");
  CHECK(d.message.find("ICCS coordinates (files a-i, ranks 0-9 from the first player's side, "
                       "as in h0g2 or H2-E2) are read only in variants whose notation reads "
                       "them (the xiangqi family), not in FIDE chess") != std::string::npos);
  // d2d5 finds no move either way (d2 and d3 are empty): both reasons are given.
  const auto xq = test::replay(game_of("xiangqi", "1. d2d5"));
  REQUIRE(xq.size() == 1);
  const auto errors = test::of(xq[0], record::Severity::error);
  REQUIRE(errors.size() == 1);
  INFO(errors[0].message);
  CHECK(errors[0].message.find("read as ICCS coordinates (d3d6 in xpgn's)") != std::string::npos);
  const auto zero = test::replay(game_of("xiangqi", "1. a0a3"));
  const auto zero_errors = test::of(zero[0], record::Severity::error);
  REQUIRE(zero_errors.size() == 1);
  CHECK(zero_errors[0].message.find("read as ICCS coordinates (a1a4 in xpgn's)") !=
        std::string::npos);
}
