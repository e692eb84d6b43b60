// USI moves and SFEN positions for the shogi family (issue 36; rules/usi.hpp): written for
// every ply of Fairy-Stockfish's random games of the four variants, and read back: the SFEN by
// the readers of FEN (the replayer's [FEN] tag), the USI by a decoder of its squares here and by
// the move reader (rules/move_reader.hpp), as wherever moves are read.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "test_size.hpp"
#include "test_support.hpp"
#include "xpgn/emit/pgn.hpp"
#include "xpgn/rules/move_reader.hpp"
#include "xpgn/rules/usi.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

// The square named `text` in USI ("7g": file 7 from the right, rank g from the top) on `v`'s
// board, or no_square.
Square usi_square(const Variant& v, std::string_view text) {
  if (text.size() < 2) return no_square;
  const int file = v.files - std::stoi(std::string(text.substr(0, text.size() - 1)));
  const int rank = v.ranks - 1 - (text.back() - 'a');
  if (file < 0 || file >= v.files || rank < 0 || rank >= v.ranks) return no_square;
  return make_square(file, rank);
}

// The legal moves of `pos` whose squares, drop piece and promotion mark `usi` names, decoded
// here independently of to_usi(): "7g7f", "8h2b+", "1e2d-", "P*5e", "+L*3c".
std::vector<Move> moves_named(const Position& pos, const std::string& usi) {
  const Variant& v = pos.variant();
  MoveList legal;
  generate_legal(pos, legal);
  std::vector<Move> out;
  const auto star = usi.find('*');
  for (const Move& m : legal) {
    if (star != std::string::npos) {
      const bool promoted = usi[0] == '+';
      if (m.kind != MoveKind::placement || m.to != usi_square(v, usi.substr(star + 1)) ||
          v.pieces[m.piece].fen() != usi[star - 1] || promoted != (m.promotion != no_piece_type))
        continue;
      out.push_back(m);
      continue;
    }
    std::string body = usi;
    char mark = 0;
    if (body.back() == '+' || body.back() == '-') mark = body.back(), body.pop_back();
    // The origin's file digits end at its rank letter.
    std::size_t split = 0;
    while (split < body.size() && std::isdigit(static_cast<unsigned char>(body[split]))) ++split;
    if (m.kind != MoveKind::normal || m.from != usi_square(v, body.substr(0, split + 1)) ||
        m.to != usi_square(v, body.substr(split + 1)))
      continue;
    const char expected = m.promotion == no_piece_type     ? 0
                          : v.pieces[m.promotion].fen_plus ? '+'
                                                           : '-';
    if (mark == expected) out.push_back(m);
  }
  return out;
}

// ffish's games of `variant` (tests/data/history/shogi-family-ffish.txt): their UCI moves.
std::vector<std::vector<std::string>> ffish_games(const std::string& variant) {
  std::ifstream in(std::string(XPGN_TEST_DATA) + "/history/shogi-family-ffish.txt");
  REQUIRE(in.good());
  std::vector<std::vector<std::string>> out;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(variant + ";", 0) != 0) continue;
    std::istringstream ucis(line.substr(line.rfind(';') + 1));
    out.emplace_back();
    for (std::string w; ucis >> w;) out.back().push_back(w);
  }
  return out;
}

}  // namespace

TEST_CASE("usi: SFEN of the start positions", "[rules][shogi][usi]") {
  CHECK(to_sfen(Position::start(test::variant("shogi"))) ==
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
  CHECK(to_sfen(Position::start(test::variant("minishogi"))) == "rbsgk/4p/5/P4/KGSBR b - 1");
  CHECK(writes_sfen(test::variant("kyotoshogi")));
  CHECK(writes_sfen(test::variant("dobutsu")));
  CHECK_FALSE(writes_sfen(test::variant("crazyhouse")));
  CHECK_FALSE(writes_sfen(test::variant("chess")));
  // Counts in hand, the second player to move, the ply number.
  const Position pos = test::from_fen(
      "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[PPSbp] b - - 0 2",
      test::variant("shogi"));
  CHECK(to_sfen(pos) == "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w S2Pbp 4");
  std::string error;
  CHECK_FALSE(parse_sfen("lnsgkgsnl/9 b - x", &error).has_value());
  CHECK(error == "not SFEN: the move number is a whole number");
  CHECK_FALSE(parse_sfen("rbsgk/4p/5/P4/KGSBR[] w - - 0 1").has_value());
  CHECK_FALSE(parse_sfen("rbsgk/4p/5/P4/KGSBR b 2 1", &error).has_value());
  CHECK(error == "not SFEN: a count at the end of the hand");
}

TEST_CASE("usi: every ply of ffish's games written in USI and SFEN and read back",
          "[rules][shogi][usi]") {
  // Under the sanitizers every other game of a variant once 200 of its plies are checked (some
  // 75 s there for all of them: test_size.hpp).
  const bool smaller = test::sanitized_run();
  for (const char* id : {"minishogi", "shogi", "kyotoshogi", "dobutsu"}) {
    INFO(id);
    const Variant& v = test::variant(id);
    int plies = 0;
    const auto games = ffish_games(id);
    for (std::size_t g = 0; g < games.size(); ++g) {
      if (smaller && g % 2 == 1 && plies > 200) continue;
      const auto& game = games[g];
      Position pos = Position::start(v);
      for (const std::string& uci : game) {
        INFO(pos.fen() << " " << uci);
        // The SFEN reads back as the same position (SFEN keeps no halfmove clock).
        const std::string sfen = to_sfen(pos);
        auto setup = parse_sfen(sfen);
        REQUIRE(setup.has_value());
        std::string error;
        auto again = Position::from_setup(v, *setup, error);
        INFO(sfen << " " << error);
        REQUIRE(again.has_value());
        CHECK(to_sfen(*again) == sfen);
        CHECK(again->key() == pos.key());
        // Every legal move's USI names it alone.
        MoveList legal;
        generate_legal(pos, legal);
        for (const Move& m : legal) {
          const std::string usi = to_usi(pos, m);
          const auto named = moves_named(pos, usi);
          CHECK(named.size() == 1);
          if (named.size() == 1) CHECK(named[0] == m);
          // ... and reads back as that move wherever moves are read.
          const auto token = notation::parse_san(usi);
          INFO(usi);
          REQUIRE(token.has_value());
          CHECK(token->is_own());
          MoveReader reader;
          const Resolution r = reader.read(pos, *token);
          INFO(r.message);
          CHECK(r.error == MoveError::none);
          CHECK(r.move == m);
        }
        MoveList all;
        generate_legal(pos, all);
        Move played{};
        bool found = false;
        for (const Move& m : all)
          if (to_uci(pos, m) == uci || to_uci(pos, m) + "-" == uci) played = m, found = true;
        REQUIRE(found);
        pos = play(pos, played);
        ++plies;
      }
    }
    CHECK(plies > 200);
  }
}

TEST_CASE("usi: a game from an SFEN [FEN] tag, and convert's USI output", "[rules][shogi][usi]") {
  const std::string pgn =
      "[Variant \"shogi\"]\n[FEN \"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - "
      "2\"]\n\n1... Pg6 2. Pc4 Bxb2=H *\n";
  // The second player moves first ("w" in SFEN): its pawn g7-g6 is USI 3c3d.
  const auto games = test::replay(pgn);
  REQUIRE(games.size() == 1);
  INFO(test::dump(games[0]));
  CHECK(games[0].diagnostics.empty());
  CHECK(games[0].mainline_complete);
  emit::PgnOptions usi;
  usi.style = emit::MoveStyle::usi;
  const std::string text = emit::to_pgn(games[0], usi);
  INFO(text);
  CHECK(text.find("[FEN \"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 2\"]") !=
        std::string::npos);
  CHECK(text.find("1... 3c3d 2. 7g7f 2b8h+ *") != std::string::npos);
  // A chess game keeps UCI in USI output.
  const auto chess = test::replay("[Event \"x\"]\n\n1. e4 e5 *\n");
  CHECK(emit::to_pgn(chess[0], usi).find("1. e2e4 e7e5 *") != std::string::npos);
}

TEST_CASE("usi: USI moves read in PGN, converted to SAN and back, refused precisely",
          "[rules][shogi][usi]") {
  const std::string forms =
      test::file_text(std::string(XPGN_TEST_DATA) + "/notations/own-forms.pgn");
  const auto games = test::replay(forms);
  REQUIRE(games.size() == 3);
  const record::Game& game = games[2];
  INFO(test::dump(game));
  CHECK(game.diagnostics.empty());
  CHECK(game.mainline_complete);
  CHECK(game.result_marker == "*");  // a lone '*' is still the termination marker
  const std::string san = emit::to_pgn(game);
  CHECK(san.find("1. Pc4 Pg6 2. Bxh8=H Sxh8 3. B@f5 *") != std::string::npos);
  emit::PgnOptions usi;
  usi.style = emit::MoveStyle::usi;
  const std::string written = emit::to_pgn(game, usi);
  CHECK(written.find("1. 7g7f 3c3d 2. 8h2b+ 3a2b 3. B*4e *") != std::string::npos);
  const auto back = test::replay(written);
  REQUIRE(back.size() == 1);
  CHECK(back[0].diagnostics.empty());
  CHECK(emit::to_pgn(back[0]) == san);
  // Refusals name the token: no such move, or a variant that is not written in USI.
  const auto bad = test::replay("[Variant \"shogi\"]\n\n1. 7g7f 3c3e *\n");
  REQUIRE(bad.size() == 1);
  CHECK(test::dump(bad[0]).find("'3c3e' (USI) names no legal move here") != std::string::npos);
  const auto chess = test::replay("[Event \"x\"]\n\n1. 7g7f *\n");
  REQUIRE(chess.size() == 1);
  CHECK(test::dump(chess[0]).find("'7g7f' is written in a notation of a family's own") !=
        std::string::npos);
}
