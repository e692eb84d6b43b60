// WXF notation for the xiangqi family (rules/xiangqi_notation.hpp, issue 39): the expected strings
// are written from the WXF rules (files counted from the mover's right, '+' forward, '-' back, '.'
// sideways; a file-changing move names the file reached, a straight one the points moved; '+'
// and '-' for the front and rear of like pieces on one file, the tandem-pawn rules), not taken
// from the writer.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "test_shell.hpp"
#include "test_support.hpp"
#include "xpgn/rules/move_reader.hpp"
#include "xpgn/rules/own_notation.hpp"
#include "xpgn/rules/xiangqi_notation.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

// The built-in definition `id`.
const Variant& wxf_variant(const std::string& id) {
  std::string error;
  const Variant* v = catalog::find_variant(id, "", error);
  INFO(error);
  REQUIRE(v != nullptr);
  return *v;
}

// The WXF text of the legal SAN move `san` in `pos`.
std::string wxf(const Position& pos, const std::string& san) {
  const Resolution r = test::resolve_text(pos, san);
  INFO(pos.fen() << " " << san << ": " << r.message);
  REQUIRE(r.error == MoveError::none);
  return to_wxf(pos, r.move);
}

// True when `v` writes WXF: its own notation (Variant::own_notation) is named "wxf".
bool writes_wxf(const Variant& v) {
  return v.own_notation && v.own_notation->name() == "wxf";
}

// Calls `ply(pos, move, theirs)` for every ply of ffish's 100 reference games of the family
// (tests/data/history/xiangqi-family-ffish.txt): the position, the move ffish played there and
// ffish's WXF text of it (xiangqi-family-wxf-ffish.txt, by tests/reference/xiangqi_wxf.mjs).
template <typename Ply>
void for_each_ffish_wxf(Ply&& ply) {
  for (const char* id : {"xiangqi", "minixiangqi", "manchu"}) {
    const Variant& v = wxf_variant(id);
    const auto games = test::reference_lines("history/xiangqi-family-ffish.txt", id);
    const auto wxfs = test::reference_lines("history/xiangqi-family-wxf-ffish.txt", id);
    REQUIRE(games.size() == wxfs.size());
    REQUIRE(games.size() >= 28);
    for (std::size_t g = 0; g < games.size(); ++g) {
      REQUIRE(games[g].size() == 4);
      REQUIRE(wxfs[g].size() == 2);
      REQUIRE(wxfs[g][0] == games[g][0]);
      const auto ucis = test::words(games[g][3]);
      const auto theirs = test::words(wxfs[g][1]);
      REQUIRE(ucis.size() == theirs.size());
      Position pos = games[g][0] == "-" ? Position::start(v) : test::from_fen(games[g][0], v);
      for (std::size_t i = 0; i < ucis.size(); ++i) {
        INFO(id << " game " << g + 1 << " ply " << i + 1 << " " << ucis[i] << " (" << theirs[i]
                << ") in " << pos.fen());
        const Resolution r = test::resolve_text(pos, ucis[i]);
        REQUIRE(r.error == MoveError::none);
        ply(pos, r.move, theirs[i]);
        pos = play(pos, r.move);
      }
    }
  }
}

}  // namespace

TEST_CASE("WXF: every piece kind of both sides from the xiangqi start", "[wxf][xiangqi]") {
  const Variant& v = wxf_variant("xiangqi");
  CHECK(writes_wxf(v));
  const Position start = Position::start(v);
  CHECK(wxf(start, "Che3") == "C2.5");  // the central cannon
  CHECK(wxf(start, "Cbe3") == "C8.5");
  CHECK(wxf(start, "Ch2") == "C2-1");
  CHECK(wxf(start, "Cxh10") == "C2+7");
  CHECK(wxf(start, "Hg3") == "H2+3");
  CHECK(wxf(start, "Hc3") == "H8+7");
  CHECK(wxf(start, "Ege3") == "E3+5");
  CHECK(wxf(start, "Ece3") == "E7+5");
  CHECK(wxf(start, "Afe2") == "A4+5");
  CHECK(wxf(start, "Ade2") == "A6+5");
  CHECK(wxf(start, "Ke2") == "K5+1");
  CHECK(wxf(start, "Ri3") == "R1+2");
  CHECK(wxf(start, "Pc5") == "P7+1");
  CHECK(wxf(start, "Pe5") == "P5+1");
  // Black counts from its own right (file a is its 1) and moves forward down the board.
  const Position black = test::play_san(start, "Che3");
  CHECK(wxf(black, "Hc8") == "H2+3");
  CHECK(wxf(black, "Hg8") == "H8+7");
  CHECK(wxf(black, "Che8") == "C8.5");
  CHECK(wxf(black, "Cbe8") == "C2.5");
  CHECK(wxf(black, "Ri9") == "R9+1");
  CHECK(wxf(black, "Pc6") == "P3+1");
  CHECK(wxf(black, "Ege8") == "E7+5");
  CHECK(wxf(black, "Afe9") == "A6+5");
  CHECK(wxf(black, "Ke9") == "K5+1");
  // A general stepping sideways, and back.
  const Position kings = test::from_fen("3k5/9/9/9/9/9/9/9/4K4/9 w - - 0 1", v);
  CHECK(wxf(kings, "Kf2") == "K5.4");
  CHECK(wxf(kings, "Ke1") == "K5-1");
  // A soldier across the river steps sideways.
  const Position across = test::from_fen("3k5/9/9/2P6/9/9/9/9/9/4K4 w - - 0 1", v);
  CHECK(wxf(across, "Pd7") == "P7.6");
  CHECK(wxf(across, "Pb7") == "P7.8");
}

TEST_CASE("WXF: two like pieces on one file are front '+' and rear '-'", "[wxf][xiangqi]") {
  const Variant& v = wxf_variant("xiangqi");
  // Red chariots on e5 and e2: the front one is nearer Black.
  const Position red = test::from_fen("3k5/9/9/9/9/4R4/9/9/4R4/5K3 w - - 0 1", v);
  CHECK(wxf(red, "Ra5") == "R+.9");
  CHECK(wxf(red, "Re9") == "R++4");
  CHECK(wxf(red, "R2e3") == "R-+1");
  CHECK(wxf(red, "Re1") == "R--1");
  // Black cannons on e8 and e4: Black's front one is the lower.
  const Position black = test::from_fen("4k4/9/4c4/9/9/9/4c4/9/9/3K5 b - - 0 1", v);
  CHECK(wxf(black, "Ca4") == "C+.1");
  CHECK(wxf(black, "Ce9") == "C--1");
  CHECK(wxf(black, "C4e3") == "C++1");
}

TEST_CASE("WXF: tandem soldiers, three to five on a file or doubled on two files",
          "[wxf][xiangqi]") {
  const Variant& v = wxf_variant("xiangqi");
  // Three on file 7 (c6, c7, c8): front '+', middle by its file, rear '-'.
  const Position three = test::from_fen("4k4/9/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1", v);
  CHECK(wxf(three, "Pd8") == "P+.6");
  CHECK(wxf(three, "Pd7") == "P7.6");
  CHECK(wxf(three, "Pd6") == "P-.6");
  CHECK(wxf(three, "Pc9") == "P++1");
  // Four (c6 to c9): "++" and "--" for the outermost, "P+" and "P-" inside.
  const Position four = test::from_fen("4k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1", v);
  CHECK(wxf(four, "Pd9") == "++.6");
  CHECK(wxf(four, "Pd8") == "P+.6");
  CHECK(wxf(four, "Pd7") == "P-.6");
  CHECK(wxf(four, "Pd6") == "--.6");
  // Five (c6 to c10): the middle one by its file.
  const Position five = test::from_fen("2P1k4/2P6/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1", v);
  CHECK(wxf(five, "Pd10") == "++.6");
  CHECK(wxf(five, "Pd9") == "P+.6");
  CHECK(wxf(five, "Pd8") == "P7.6");
  CHECK(wxf(five, "Pd7") == "P-.6");
  CHECK(wxf(five, "Pd6") == "--.6");
  // Doubled on files 7 (c6, c7) and 3 (g6, g7): the file digit replaces the letter.
  const Position two = test::from_fen("4k4/9/9/2P3P2/2P3P2/9/9/9/9/3K5 w - - 0 1", v);
  CHECK(wxf(two, "Pd7") == "7+.6");
  CHECK(wxf(two, "Pd6") == "7-.6");
  CHECK(wxf(two, "Pf7") == "3+.4");
  CHECK(wxf(two, "Pf6") == "3-.4");
}

TEST_CASE("WXF: minixiangqi counts seven files, manchu writes its banner", "[wxf][xiangqi]") {
  const Variant& mini = wxf_variant("minixiangqi");
  CHECK(writes_wxf(mini));
  const Position start = Position::start(mini);
  CHECK(wxf(start, "Cb2") == "C6+1");  // b1 is Red's file 6 of 7
  CHECK(wxf(start, "Pa3") == "P7+1");
  const Variant& manchu = wxf_variant("manchu");
  CHECK(writes_wxf(manchu));
  const Position m = Position::start(manchu);
  CHECK(wxf(m, "Ma2") == "M9+1");
  CHECK(wxf(m, "Mb1") == "M9.8");
  CHECK_FALSE(writes_wxf(wxf_variant("chess")));
}

TEST_CASE("WXF: a published game, Li Wangxiang - Wang Bin 2004, written as it was published",
          "[wxf][xiangqi]") {
  // 2004 "General Cup" China National Xiangqi League, round 1, Beijing, 19 May 2004, Li
  // Wangxiang (Red) - Wang Bin (Black), 16 moves, drawn; published in the AXF notation
  // (N for the horse, B for the elephant, '=' for sideways, "rC" for the rear cannon) in
  // "Notation practice in preparation for Championship in Paris", rec.games.chinese-chess,
  // 19 June 2005 (http://www.gamesreviews.net/archive568-2005-7-302469.html):
  //   1. C2=4 C2=6 2. N2+3 N8+9 3. R1=2 R9=8 4. P7+1 N2+3 5. N8+7 R1=2 6. R9=8 R2+4
  //   7. C8=9 R2+5 8. N7-8 P7+1 9. N8+7 C8=7 10. R2+9 N9-8 11. B3+5 C7+4 12. C4+4 B3+5
  //   13. N7+6 N8+7 14. C4=7 C6+3 15. C9=7 C6=8 16. rC+1
  // The coordinates below were worked out by hand from that text (Red's file n is column
  // 'j' - n, Black's file n is column 'a' + n - 1; Red moves up the board, Black down):
  // 1. h3f3 (cannon file 2 to 4) b8f8 (Black's cannon file 2 = b to 6 = f); 2. h1g3 h10i8;
  // 3. i1h1 i10h10; 4. c4c5 b10c8; 5. b1c3 a10b10; 6. a1b1 b10b6 (chariot file 2 forward 4);
  // 7. b3a3 b6b1 (forward 5, taking the chariot on b1); 8. c3b1 (horse file 7 back to file 8,
  // retaking) g7g6; 9. b1c3 h8g8; 10. h1h10 (forward 9, taking the chariot) i8h10 (horse file
  // 9 back to file 8, retaking); 11. g1e3 g8g4 (over the screen g6, taking the soldier g4);
  // 12. f3f7 c10e8; 13. c3d5 h10g8; 14. f7c7 (over e7, taking c7) f8f5; 15. a3c3 f5h5;
  // 16. c3c4: Red's cannons stand on c7 and c3 (file 7), the rear one moves: "rC+1".
  // Each move read as UCI must give back the published text in WXF letters ('H' for N, 'E'
  // for B, '.' for '=', "C-+1" for "rC+1").
  const Variant& v = wxf_variant("xiangqi");
  const std::vector<std::string> uci = test::words(
      "h3f3 b8f8 h1g3 h10i8 i1h1 i10h10 c4c5 b10c8 b1c3 a10b10 a1b1 b10b6 b3a3 b6b1 c3b1 g7g6 "
      "b1c3 h8g8 h1h10 i8h10 g1e3 g8g4 f3f7 c10e8 c3d5 h10g8 f7c7 f8f5 a3c3 f5h5 c3c4");
  const std::vector<std::string> published = test::words(
      "C2.4 C2.6 H2+3 H8+9 R1.2 R9.8 P7+1 H2+3 H8+7 R1.2 R9.8 R2+4 C8.9 R2+5 H7-8 P7+1 "
      "H8+7 C8.7 R2+9 H9-8 E3+5 C7+4 C4+4 E3+5 H7+6 H8+7 C4.7 C6+3 C9.7 C6.8 C-+1");
  REQUIRE(uci.size() == published.size());
  Position pos = Position::start(v);
  for (std::size_t i = 0; i < uci.size(); ++i) {
    INFO("ply " << i + 1 << " " << uci[i] << " in " << pos.fen());
    const Resolution r = test::resolve_text(pos, uci[i]);
    INFO(r.message);
    REQUIRE(r.error == MoveError::none);
    CHECK(to_wxf(pos, r.move) == published[i]);
    pos = play(pos, r.move);
  }
}

TEST_CASE("WXF: the moves of ffish's games, as ffish writes them where it keeps the standard",
          "[wxf][xiangqi]") {
  // tests/reference/xiangqi_wxf.mjs wrote each move of the 100 reference games
  // (tests/data/history/xiangqi-family-ffish.txt) with ffish's Notation.XIANGQI_WXF. ffish
  // writes '=' where the standard writes '.', and it leaves the standard in two places, where
  // only the direction and the number are compared:
  //  * tandem soldiers (three or more on a file, or pairs on two files): ffish writes their
  //    rank from the front and the file ("17=8"), the standard "P+.8", "7+.8", ...;
  //  * two like pieces on a file of which the other could not make the same step (it would
  //    leave the board or its region): ffish writes the file ("R5-2"), the standard still
  //    "R+-2" (WXF's tandem rule has no exception).
  // Everything else must be equal character for character.
  int exact = 0, tandem = 0, tandem_soldiers = 0;
  for_each_ffish_wxf([&](const Position& pos, const Move& move, const std::string& theirs) {
    const std::string ours = to_wxf(pos, move);
    std::string expected = theirs;
    std::replace(expected.begin(), expected.end(), '=', '.');
    INFO("ours " << ours << ", ffish " << theirs);
    REQUIRE(ours.size() >= 4);
    if (ours == expected) {
      ++(ours[1] == '+' || ours[1] == '-' ? tandem : exact);
    } else {
      // Only the two departures above: ffish wrote a file or a soldier's number where ours
      // has a tandem form (a mark in the second place, or no letter first), with the same
      // direction and number. Where ffish wrote a mark, it must be ours.
      CHECK(std::isdigit(static_cast<unsigned char>(expected[1])));
      CHECK(ours.substr(ours.size() - 2) == expected.substr(expected.size() - 2));
      const bool letterless =
          std::isdigit(static_cast<unsigned char>(ours[0])) || ours[0] == '+' || ours[0] == '-';
      CHECK((ours[1] == '+' || ours[1] == '-' || letterless));
      ++tandem_soldiers;
    }
  });
  INFO("exact " << exact << ", tandem " << tandem << ", departures " << tandem_soldiers);
  // The counts of the committed data (ffish 0.7.10): a change that turned exact forms into
  // departures, or the reverse, shows here.
  CHECK(exact == 11114);
  CHECK(tandem == 159);
  CHECK(tandem_soldiers == 124);
}

TEST_CASE("WXF: convert --to wxf writes the family's games and refuses the others one by one",
          "[wxf][xiangqi][cli]") {
  const std::string path = "/tmp/xpgn-test-wxf-convert.pgn";
  {
    std::ofstream out(path);
    out << "[Event \"a\"]\n[Variant \"xiangqi\"]\n\n1. Che3 Hc8 2. Hg3 *\n\n"
        << "[Event \"b\"]\n\n1. e4 e5 *\n\n"
        << "[Event \"c\"]\n[Variant \"Manchu\"]\n\n1. Mb1 Che8 *\n";
  }
  const std::string command = std::string("'") + XPGN_BINARY + "' convert --to wxf '" + path + "'";
  const auto r = test::run_shell(command + " 2>/dev/null");
  INFO(r.out);
  CHECK(r.status == 1);
  CHECK(r.out.find("1. C2.5 H2+3 2. H2+3 *") != std::string::npos);
  CHECK(r.out.find("1. M9.8 C8.5 *") != std::string::npos);
  CHECK(r.out.find("[Event \"b\"]") == std::string::npos);
  const auto errors = test::run_shell(command + " 2>&1 >/dev/null");
  INFO(errors.out);
  CHECK(errors.out.find(path + ":6:1: error: game 2") != std::string::npos);
  CHECK(errors.out.find("wxf is written for Xiangqi, Minixiangqi, Manchu chess, not for FIDE "
                        "chess") != std::string::npos);
  // With two threads: the same bytes and messages.
  const auto j2 = test::run_shell(command + " -j 2 2>/dev/null");
  CHECK(j2.status == 1);
  CHECK(j2.out == r.out);
  CHECK(test::run_shell(command + " -j 2 2>&1 >/dev/null").out == errors.out);
  std::remove(path.c_str());
}

namespace {

// True when another legal move of `pos` than `m` has the same WXF text: Manchu's banner, which
// moves as a chariot and as a horse, writes "M8+7" both for seven points forward and for a
// horse's leap to file 7, and WXF has no way to tell them apart.
bool wxf_shared(const Position& pos, const Move& m) {
  MoveList legal;
  generate_legal(pos, legal);
  const std::string text = to_wxf(pos, m);
  for (const Move& other : legal)
    if (!(other == m) && other.kind == MoveKind::normal && to_wxf(pos, other) == text) return true;
  return false;
}

}  // namespace

TEST_CASE("WXF read: every legal move of random games reads back as itself",
          "[wxf][xiangqi][read]") {
  std::size_t read = 0, shared = 0;
  for (const char* id : {"xiangqi", "minixiangqi", "manchu"}) {
    test::in_random_games(wxf_variant(id), 39, 6, 150, [&](const Position& pos) -> std::string {
      MoveList legal;
      generate_legal(pos, legal);
      for (const Move& m : legal) {
        if (m.kind != MoveKind::normal) continue;
        const std::string text = to_wxf(pos, m);
        const auto token = notation::parse_san(text);
        if (!token || !token->is_own()) return text + ": not read as a WXF token";
        MoveReader reader;
        const Resolution r = reader.read(pos, *token);
        if (r.error == MoveError::ambiguous && wxf_shared(pos, m) &&
            r.message == "'" + text + "' (WXF) names 2 legal moves here") {
          ++shared;  // refused, rightly: WXF cannot tell them apart
          continue;
        }
        if (r.error != MoveError::none) return text + ": " + r.message;
        if (!(r.move == m)) return text + ": read as another move";
        ++read;
      }
      return "";
    });
  }
  CHECK(read > 20000);
  CHECK(shared > 0);  // Manchu's banner
  CHECK(shared * 50 < read);
}

TEST_CASE("WXF read: the forms archives write, and precise refusals", "[wxf][xiangqi][read]") {
  const Variant& v = wxf_variant("xiangqi");
  const Position start = Position::start(v);
  // '.' and '=' for sideways, either case, SAN's aliases N and B for the horse and elephant.
  for (const char* text : {"C2.5", "C2=5", "c2.5", "c2=5"}) {
    INFO(text);
    const Resolution r = test::read_text(start, text);
    REQUIRE(r.error == MoveError::none);
    CHECK(to_san(start, r.move) == "Che3");
  }
  CHECK(to_san(start, test::read_text(start, "N8+7").move) == "Hc3");
  CHECK(to_san(start, test::read_text(start, "B3+5").move) == "Ege3");
  CHECK(to_san(start, test::read_text(start, "h2+3").move) == "Hg3");
  // Chariots on e5 and e2: the tandem marks; a file where WXF writes a mark is read when one
  // move fits it, refused as ambiguous (naming the WXF forms) when both chariots fit.
  const Position red = test::from_fen("3k5/9/9/9/9/4R4/9/9/4R4/5K3 w - - 0 1", v);
  CHECK(to_san(red, test::read_text(red, "R+.9").move) == "Ra5");
  CHECK(to_san(red, test::read_text(red, "R-+1").move) == "R2e3");
  CHECK(to_san(red, test::read_text(red, "R5+4").move) == "Re9");  // only the front one reaches
  const Resolution both = test::read_text(red, "R5+1");
  CHECK(both.error == MoveError::ambiguous);
  CHECK(both.message ==
        "'R5+1' (WXF): 2 chariots on file 5 can make it; WXF tells them apart "
        "with + (front) and - (rear): R++1 or R-+1");
  // No such piece on the file; no legal move; a letter of no piece.
  const Resolution none = test::read_text(start, "R5+1");
  CHECK(none.error == MoveError::illegal);
  CHECK(none.message == "'R5+1' (WXF): no chariot of the side to move on its file 5");
  const Resolution far = test::read_text(start, "C2+9");
  CHECK(far.error == MoveError::illegal);
  CHECK(far.message == "'C2+9' (WXF) names no legal move here");
  // A file the board does not have (minixiangqi has seven): refused, for either side.
  const Position mini = Position::start(wxf_variant("minixiangqi"));
  for (const char* token : {"R9+1", "R8+1"}) {
    const Resolution off = test::read_text(mini, token);
    CHECK(off.error == MoveError::invalid);
    CHECK(off.message == "'" + std::string(token) + "' (WXF): Minixiangqi has no file " + token[1]);
  }
  const Resolution letter = test::read_text(start, "Q2.5");
  CHECK(letter.error == MoveError::invalid);
  CHECK(letter.message == "'Q2.5' (WXF): no piece of Xiangqi is written 'Q'");
  // A variant without the notation refuses the form, naming the token.
  const Resolution chess = test::read_text(Position::start(test::variant("chess")), "C2.5");
  CHECK(chess.error == MoveError::invalid);
  CHECK(chess.message.find("'C2.5' is written in a notation of a family's own") == 0);
  // Ordinary tokens are unchanged.
  CHECK_FALSE(notation::parse_san("e4")->is_own());
  CHECK_FALSE(notation::parse_san("Nbd7")->is_own());
  CHECK_FALSE(notation::parse_san("h2e2")->is_own());
  CHECK_FALSE(notation::parse_san("e8=Q")->is_own());
}

TEST_CASE("WXF read: ffish's WXF of its reference games, where it keeps the standard",
          "[wxf][xiangqi][read]") {
  // The moves of the previous test's reference data, read from ffish's own WXF text (its '='
  // for sideways, its file where the standard writes a tandem mark on a chariot or horse):
  // each reads as the move ffish played, but ffish's tandem soldiers ("17=8"), which are no
  // WXF, are refused.
  int read = 0, refused = 0, shared = 0;
  for_each_ffish_wxf([&](const Position& pos, const Move& played, const std::string& theirs) {
    const Resolution r = test::read_text(pos, theirs);
    if (r.error == MoveError::ambiguous && wxf_shared(pos, played)) {
      ++shared;  // Manchu's banner: ffish writes both moves alike too
    } else if (std::isalpha(static_cast<unsigned char>(theirs[0]))) {
      INFO(r.message);
      CHECK(r.error == MoveError::none);
      CHECK(r.move == played);
      ++read;
    } else {
      CHECK(r.error != MoveError::none);
      ++refused;
    }
  });
  CHECK(read > 11000);
  CHECK(refused > 0);
  CHECK(shared * 50 < read);
}

TEST_CASE("WXF read: the sample game WXF -> SAN -> WXF byte for byte, in PGN",
          "[wxf][xiangqi][read]") {
  const auto sample = test::sample_files("xiangqi");
  std::string original;
  for (const auto& path : sample)
    if (path.filename() == "li-wangxiang-wang-bin-2004.pgn") original = test::file_text(path);
  REQUIRE(!original.empty());
  emit::PgnOptions wxf_style;
  wxf_style.style = emit::MoveStyle::notation;
  wxf_style.notation = "wxf";
  const auto games = test::replay(original);
  REQUIRE(games.size() == 1);
  const std::string san = emit::to_pgn(games[0]);
  const std::string wxf = emit::to_pgn(games[0], wxf_style);
  std::string one_line = wxf;  // (the movetext is wrapped at 80 columns)
  std::replace(one_line.begin(), one_line.end(), '\n', ' ');
  CHECK(one_line.find("1. C2.4 C2.6 2. H2+3") != std::string::npos);
  CHECK(one_line.find("16. C-+1") != std::string::npos);
  // The WXF text read back: valid, and written again as the same SAN and the same WXF.
  const auto again = test::replay(wxf);
  REQUIRE(again.size() == 1);
  INFO(test::dump(again[0]));
  CHECK(again[0].diagnostics.empty());
  CHECK(again[0].mainline_complete);
  CHECK(emit::to_pgn(again[0]) == san);
  CHECK(emit::to_pgn(again[0], wxf_style) == wxf);
  // The test file's games: published WXF, glued move numbers, '=' and lower case.
  const std::string forms =
      test::file_text(std::string(XPGN_TEST_DATA) + "/notations/own-forms.pgn");
  const auto read = test::replay(forms);
  REQUIRE(read.size() == 3);
  for (const auto& g : read) {
    INFO(test::dump(g));
    CHECK(g.diagnostics.empty());
    CHECK(g.mainline_complete);
  }
  std::string published = emit::to_pgn(read[0], wxf_style);
  std::replace(published.begin(), published.end(), '\n', ' ');
  CHECK(published.find("15. C9.7 C6.8 16. C-+1 1/2-1/2") != std::string::npos);
  CHECK(emit::to_pgn(read[1]).find("1. Che3 Hg8 2. Hg3 Rh10 3. Rh1 Hc8 4. Pc5 Ci8 5. Hc3 *") !=
        std::string::npos);
}

TEST_CASE("WXF read: random games written in WXF and read back as PGN", "[wxf][xiangqi][read]") {
  emit::PgnOptions wxf_style;
  wxf_style.style = emit::MoveStyle::notation;
  wxf_style.notation = "wxf";
  for (const char* id : {"xiangqi", "minixiangqi", "manchu"}) {
    const Variant& v = wxf_variant(id);
    test::Random random{std::hash<std::string>{}(id)};
    std::string pgn;
    int plies = 0;
    for (int game = 0; game < 8; ++game) {
      std::string moves;
      Position pos = Position::start(v);
      for (int ply = 0; ply < 200; ++ply, ++plies) {
        MoveList legal;
        generate_legal(pos, legal);
        if (legal.empty()) break;
        // (Not a move whose WXF another legal move shares: Manchu's banner.)
        std::size_t at = random.below(legal.size());
        for (std::size_t tries = 0; tries < legal.size() && wxf_shared(pos, legal[at]); ++tries)
          at = (at + 1) % legal.size();
        const Move m = legal[at];
        moves += (ply % 2 == 0 ? std::to_string(ply / 2 + 1) + ". " : "") + to_san(pos, m) + " ";
        pos = play(pos, m);
      }
      pgn += "[Event \"" + std::to_string(game) + "\"]\n[Variant \"" + id + "\"]\n\n" + moves +
             "*\n\n";
    }
    const auto games = test::replay(pgn);
    REQUIRE(games.size() == 8);
    std::string san, wxf;
    for (const auto& g : games) {
      san += emit::to_pgn(g);
      wxf += emit::to_pgn(g, wxf_style);
    }
    const auto back = test::replay(wxf);
    REQUIRE(back.size() == 8);
    std::string san_again, wxf_again;
    for (const auto& g : back) {
      INFO(test::dump(g));
      CHECK(test::of(g, record::Severity::error).empty());  // ('*' after a mate is a warning)
      san_again += emit::to_pgn(g);
      wxf_again += emit::to_pgn(g, wxf_style);
    }
    INFO(id << ", " << plies << " plies");
    CHECK(san_again == san);
    CHECK(wxf_again == wxf);
  }
}
