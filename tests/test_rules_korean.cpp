// Janggi's Korean coordinates (rules/janggi_notation.hpp, issue 39): the expected texts are
// written from the Korea Janggi Association's numbering (rows 1-9 and 0 from Han's side, then
// columns 1-9 from Cho's left; the generals start on 95 and 25), not taken from the writer, and
// ffish's games (tests/data/history/janggi-korean-ffish.txt, by tests/reference/janggi_korean.mjs
// from ffish's Notation.JANGGI) are read back to ffish's final positions.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "test_support.hpp"
#include "xpgn/rules/janggi_notation.hpp"
#include "xpgn/rules/move_reader.hpp"
#include "xpgn/rules/own_notation.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

// The Korean text of the legal SAN move `san` in `pos`.
std::string korean(const Position& pos, const std::string& san) {
  const Resolution r = test::resolve_text(pos, san);
  INFO(pos.fen() << " " << san << ": " << r.message);
  REQUIRE(r.error == MoveError::none);
  return to_korean(pos, r.move);
}

// The SAN of `text` read in `pos` (which must be legal).
std::string read_san(const Position& pos, const std::string& text) {
  const Resolution r = test::read_text(pos, text);
  INFO(text << ": " << r.message);
  REQUIRE(r.error == MoveError::none);
  return to_san(pos, r.move);
}

// The first two fields of a FEN (placement and side to move).
std::string board_and_side(const std::string& fen) {
  const auto w = test::words(fen);
  return w.size() >= 2 ? w[0] + " " + w[1] : fen;
}

}  // namespace

TEST_CASE("Korean coordinates: the points as the Korea Janggi Association numbers them",
          "[korean][janggi]") {
  const Variant& v = test::variant("janggi");
  REQUIRE(v.own_notation != nullptr);
  CHECK(v.own_notation->name() == "korean");
  const Position start = Position::start(v);
  // Cho (blue, first, at the bottom): its general on 95, its back row 0, columns from its left.
  CHECK(korean(start, "Ke1") == "95楚05");
  CHECK(korean(start, "Pih4") == "79卒78");  // the first move of the Kakao game on the forum
  CHECK(korean(start, "Hg3") == "08馬87");
  CHECK(korean(start, "Hc3") == "02馬83");
  CHECK(korean(start, "Ri3") == "09車89");
  CHECK(korean(start, "Afe1") == "06士05");
  const Position elephant = test::from_fen("4k4/9/9/9/9/9/9/9/4K4/2B6 w - - 0 1", v);
  CHECK(korean(elephant, "Ee4") == "03象75");
  // Han (red, second, at the top): its general on 25, its back row 1.
  const Position han = test::play_san(start, "Pih4");
  CHECK(korean(han, "Hc8") == "12馬33");
  CHECK(korean(han, "Ke10") == "25漢15");
  CHECK(korean(han, "Pih7") == "49兵48");
  CHECK(korean(han, "Pa6") == "41兵51");
  // A cannon over a screen, and a capture.
  const Position screen = test::from_fen("3kr4/9/9/9/9/9/9/4P4/4C4/5K3 w - - 0 1", v);
  CHECK(korean(screen, "Cxe10") == "95包15");
}

TEST_CASE("Korean coordinates read: Hanja, Hangul, ffish's Latin letters and a check",
          "[korean][janggi][read]") {
  const Variant& v = test::variant("janggi");
  const Position start = Position::start(v);
  CHECK(read_san(start, "79卒78") == "Pih4");
  CHECK(read_san(start, "79졸78") == "Pih4");
  CHECK(read_san(start, "79兵78") == "Pih4");  // either side's soldier name
  CHECK(read_san(start, "P79-78") == "Pih4");
  CHECK(read_san(start, "08마87") == "Hg3");
  CHECK(read_san(start, "95楚05") == "Ke1");
  CHECK(read_san(start, "95궁05") == "Ke1");
  CHECK(read_san(start, "95將05") == "Ke1");
  CHECK(read_san(start, "09차89") == "Ri3");
  CHECK(read_san(start, "06사05") == "Afe1");
  CHECK(read_san(test::from_fen("4k4/9/9/9/9/9/9/9/4K4/2B6 w - - 0 1", v), "03상75") == "Ee4");
  const Position han = test::play_san(start, "Pih4");
  CHECK(read_san(han, "12馬33") == "Hc8");
  CHECK(read_san(han, "25漢15") == "Ke10");
  CHECK(read_san(han, "H12-33") == "Hc8");
  // A check written "장군", '+' or Fairy-Stockfish's "R95x25+"; a wrong one is the move's check
  // mark, verified like SAN's.
  const Position check = test::from_fen("3ak4/4c4/9/9/9/9/9/9/3CR4/4K4 w - - 0 1", v);
  const std::vector<std::pair<std::string, char>> checks = {
      {"95車25장군", '+'}, {"95차25+", '+'}, {"R95x25+", '+'}, {"95車25", 0}, {"95車25#", '#'}};
  for (const auto& [text, mark] : checks) {
    INFO(text);
    const auto token = notation::parse_san(text);
    REQUIRE(token.has_value());
    CHECK(token->is_own());
    CHECK(token->own_text() == (text[0] == 'R' ? "R95x25" : text.substr(0, 7)));
    CHECK(token->check == mark);
    CHECK(read_san(check, text) == "Rxe9+");
  }
  // janggi's children read them too.
  for (const char* id : {"janggitraditional", "janggicasual"}) {
    INFO(id);
    CHECK(read_san(Position::start(test::variant(id)), "79卒78") == "Pih4");
  }
}

TEST_CASE("Korean coordinates read: precise refusals naming the token and the form",
          "[korean][janggi][read]") {
  const Variant& v = test::variant("janggi");
  const Position start = Position::start(v);
  const auto refused = [&](const Position& pos, const std::string& text, MoveError error) {
    const Resolution r = test::read_text(pos, text);
    INFO(text << ": " << r.message);
    CHECK(r.error == error);
    return r.message;
  };
  CHECK(refused(start, "79馬78", MoveError::illegal) ==
        "'79馬78' (Korean coordinates): the piece on 79 (i4) is a soldier (卒), not a horse (馬)");
  CHECK(refused(start, "02象74", MoveError::illegal) ==  // (Kakao's 상마상마 setup, not ours)
        "'02象74' (Korean coordinates): the piece on 02 (b1) is a horse (馬), not an elephant "
        "(象)");
  CHECK(refused(start, "79卒68", MoveError::illegal) ==
        "'79卒68' (Korean coordinates) names no legal move here: the soldier on 79 (i4) cannot "
        "go to 68 (h5)");
  CHECK(refused(start, "19車18", MoveError::illegal) ==
        "'19車18' (Korean coordinates): no piece of the side to move on 19 (i10)");
  CHECK(refused(start, "55卒54", MoveError::illegal) ==
        "'55卒54' (Korean coordinates): no piece of the side to move on 55 (e6)");
  CHECK(refused(start, "79犬78", MoveError::invalid)
            .starts_with(
                "'79犬78' (Korean coordinates): '犬' names no piece of Janggi (車 차 chariot"));
  CHECK(refused(start, "70卒78", MoveError::invalid)
            .starts_with("'70卒78' (Korean coordinates): 70 is no point: the column (second digit) "
                         "is 1-9; Korean "
                         "coordinates: origin, piece name, destination"));
  CHECK(refused(start, "P79x78", MoveError::illegal) ==
        "'P79x78' (Korean coordinates): 'x' marks a capture, but 78 (h4) is empty");
  CHECK(refused(start, "Q79-78", MoveError::invalid)
            .starts_with("'Q79-78' (Korean coordinates): 'Q' names no piece of Janggi"));
  // A variant without the notation names the form.
  const Position xiangqi = Position::start(test::variant("xiangqi"));
  CHECK(refused(xiangqi, "79卒78", MoveError::invalid) ==
        "'79卒78' is written in a notation of a family's own (WXF as in C2.5, USI as in 7g7f or "
        "P*5e, Korean coordinates as in 79卒78), which Xiangqi does not read");
  // Tokens that are no Korean coordinates stay what they were.
  CHECK_FALSE(notation::parse_san("7卒78").has_value());
  CHECK_FALSE(notation::parse_san("79卒7").has_value());
  CHECK_FALSE(notation::parse_san("79♘78").has_value());
  CHECK_FALSE(notation::parse_san("79卒78장").has_value());
  CHECK_FALSE(notation::parse_san("79卒卒78").has_value());
}

TEST_CASE("Korean coordinates: ffish's janggi games read back to ffish's final positions",
          "[korean][janggi][read]") {
  int games = 0, plies = 0, written = 0;
  for (const char* id : {"janggi", "janggitraditional", "janggicasual"}) {
    const Variant& v = test::variant(id);
    const auto lines = test::reference_lines("history/janggi-korean-ffish.txt", id);
    const auto sans = test::reference_lines("history/xiangqi-family-ffish.txt", id);
    REQUIRE(lines.size() == sans.size());
    REQUIRE(lines.size() >= 20);
    for (std::size_t g = 0; g < lines.size(); ++g) {
      REQUIRE(lines[g].size() == 4);
      const std::string& fen = lines[g][0];
      const std::string head = std::string("[Variant \"") + id + "\"]\n" +
                               (fen == "-" ? "" : "[FEN \"" + fen + "\"]\n") + "\n";
      // The Korean text and ffish's own, read as PGN (numbered as PGN numbers moves).
      for (int form = 1; form <= 2; ++form) {
        const auto moves = test::words(lines[g][form]);
        std::string text = head;
        for (std::size_t i = 0; i < moves.size(); ++i)
          text += (i % 2 == 0 ? std::to_string(i / 2 + 1) + ". " : "") + moves[i] + " ";
        const auto read = test::replay(text + "*\n");
        REQUIRE(read.size() == 1);
        INFO(id << " game " << g + 1 << " form " << form << "\n" << test::dump(read[0]));
        CHECK(test::of(read[0], record::Severity::error).empty());
        CHECK(read[0].mainline_complete);
        CHECK(read[0].mainline_plies == static_cast<int>(moves.size()));
        std::string final_fen = fen == "-" ? Position::start(v).fen() : fen;
        for (const auto& node : read[0].moves)
          if (node.after) final_fen = node.after->fen();
        CHECK(board_and_side(final_fen) == board_and_side(lines[g][3]));
        plies += static_cast<int>(moves.size());
      }
      ++games;
      // The SAN game written in Korean: ffish's coordinates with the names in Hanja, in the
      // odd-numbered games (the others are in Hangul).
      if (g % 2 != 0) continue;
      const auto ours = test::words(lines[g][1]);
      const auto san = test::words(sans[g][1]);
      REQUIRE(ours.size() == san.size());
      Position pos = fen == "-" ? Position::start(v) : test::from_fen(fen, v);
      for (std::size_t i = 0; i < san.size(); ++i) {
        const Resolution r = test::resolve_text(pos, san[i]);
        REQUIRE(r.error == MoveError::none);
        std::string theirs = ours[i];
        if (theirs.back() == '+' || theirs.back() == '#') theirs.pop_back();
        INFO(id << " game " << g + 1 << " ply " << i + 1 << " " << san[i]);
        CHECK(to_korean(pos, r.move) == theirs);
        pos = play(pos, r.move);
        ++written;
      }
    }
  }
  CHECK(games == 108);
  CHECK(plies > 14000);
  CHECK(written > 3000);
}

TEST_CASE(
    "Korean coordinates: every legal move of random games reads back as itself, and "
    "SAN -> Korean -> SAN in PGN",
    "[korean][janggi][read]") {
  std::size_t read = 0, passes = 0;
  const Variant& v = test::variant("janggi");
  test::in_random_games(v, 39, 6, 150, [&](const Position& pos) -> std::string {
    MoveList legal;
    generate_legal(pos, legal);
    for (const Move& m : legal) {
      if (m.kind != MoveKind::normal && m.kind != MoveKind::pass) continue;
      passes += m.kind == MoveKind::pass ? 1 : 0;
      const std::string text = to_korean(pos, m);
      const auto token = notation::parse_san(text);
      if (!token || !token->is_own()) return text + ": not read as a Korean token";
      MoveReader reader;
      const Resolution r = reader.read(pos, *token);
      if (r.error != MoveError::none) return text + ": " + r.message;
      if (!(r.move == m)) return text + ": read as another move";
      ++read;
    }
    return "";
  });
  CHECK(read > 10000);
  CHECK(passes > 100);  // the general's point twice, "95楚95"
  // Random games in PGN, written in Korean (convert --to korean) and read back.
  emit::PgnOptions korean_style;
  korean_style.style = emit::MoveStyle::notation;
  korean_style.notation = "korean";
  test::Random random{39};
  std::string pgn;
  for (int game = 0; game < 6; ++game) {
    std::string moves;
    Position pos = Position::start(v);
    for (int ply = 0; ply < 200; ++ply) {
      MoveList legal;
      generate_legal(pos, legal);
      std::vector<Move> normal;
      for (const Move& m : legal)
        if (m.kind == MoveKind::normal) normal.push_back(m);
      if (normal.empty()) break;
      const Move m = normal[random.below(normal.size())];
      moves += (ply % 2 == 0 ? std::to_string(ply / 2 + 1) + ". " : "") + to_san(pos, m) + " ";
      pos = play(pos, m);
      if (generate_legal(pos, legal), legal.empty()) break;
    }
    pgn += "[Event \"" + std::to_string(game) + "\"]\n[Variant \"janggi\"]\n\n" + moves + "*\n\n";
  }
  const auto games = test::replay(pgn);
  REQUIRE(games.size() == 6);
  std::string san, written;
  for (const auto& g : games) {
    san += emit::to_pgn(g);
    written += emit::to_pgn(g, korean_style);
  }
  CHECK(written.find("卒") != std::string::npos);
  CHECK(written.find("兵") != std::string::npos);
  const auto back = test::replay(written);
  REQUIRE(back.size() == 6);
  std::string san_again, written_again;
  for (const auto& g : back) {
    INFO(test::dump(g));
    CHECK(test::of(g, record::Severity::error).empty());
    san_again += emit::to_pgn(g);
    written_again += emit::to_pgn(g, korean_style);
  }
  CHECK(san_again == san);
  CHECK(written_again == written);
}

TEST_CASE("Korean coordinates in PGN: the test file, read alike by the fast path and the grammar",
          "[korean][janggi][read][pgn]") {
  const std::string path = std::string(XPGN_TEST_DATA) + "/notations/korean.pgn";
  const std::string text = test::file_text(path);
  const auto games = test::replay(text);
  REQUIRE(games.size() == 3);
  for (int g = 0; g < 2; ++g) {
    INFO(test::dump(games[g]));
    CHECK(games[g].diagnostics.empty());
    CHECK(games[g].mainline_complete);
  }
  const auto one_line = [](std::string pgn) {  // (the movetext is wrapped at 80 columns)
    std::replace(pgn.begin(), pgn.end(), '\n', ' ');
    return pgn;
  };
  CHECK(one_line(emit::to_pgn(games[0])).find("1. Pih4 Hc8 2. Hg3 Pih7 3. Ke2 Ke10 *") !=
        std::string::npos);
  CHECK(
      one_line(emit::to_pgn(games[1])).find("1. Rxe9+ (1. Rxe9+ Axe9 2. Kf1) 1... Axe9 2. Kf1 *") !=
      std::string::npos);
  const std::string errors = test::dump(games[2]);
  CHECK(errors.find("'12象33': illegal move: '12象33' (Korean coordinates): the piece on 12 "
                    "(b10) is a horse (馬), not an elephant (象)") != std::string::npos);
  CHECK(test::compare_fast_and_generic(text, path) == 3);
  CHECK(test::compare_full_fast_and_generic(text, path, /*pgn=*/true) == 3);
}
