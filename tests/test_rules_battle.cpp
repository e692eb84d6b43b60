// Battle of the Kings (variant `battle-of-the-kings`): chain births, legality judged after the
// birth, any number of kings, the end rules (no legal move loses, repetition loses, no draws),
// and a perft regression table. Rules: /work/shared/guide/rulings.md, section
// `battle-of-the-kings`, and docs/rules/battle-of-the-kings.md.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "test_support.hpp"
#include "xpgn/notation/notation.hpp"
#include "xpgn/record/check.hpp"
#include "xpgn/rules/end_rule.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/outcome.hpp"
#include "xpgn/rules/san.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

using test::count_effects;
using test::legal_sans;
using test::play_all;
using test::play_san;
using test::resolve_text;
using test::sq;

const Variant& botk() {
  return test::variant("battle-of-the-kings");
}

Position from_fen(const std::string& fen) {
  return test::from_fen(fen, botk());
}

std::string fen_error(const std::string& fen) {
  return test::fen_error(fen, botk());
}

Piece piece(Color c, char letter) {
  return test::piece_by_san(botk(), c, letter);
}
Piece white(char letter) {
  return piece(Color::white, letter);
}
Piece black(char letter) {
  return piece(Color::black, letter);
}

bool legal(const Position& pos, const std::string& text) {
  return test::is_legal(pos, text);
}

// The birth effects of a move, as "Ne2" (piece letter and square).
std::vector<std::string> births(const EffectList& effects) {
  std::vector<std::string> out;
  for (const Effect& e : effects)
    if (e.kind == EffectKind::birth) {
      const PieceDef& def = botk().pieces[e.piece.type()];
      std::string text = square_name(e.square);
      text.insert(text.begin(), def.pawn ? 'P' : def.letter);
      out.push_back(text);
    }
  return out;
}

// Checks a PGN text; returns its diagnostics, one per line.
std::string check_pgn(const std::string& movetext, bool& valid) {
  const std::string text =
      "[Event \"T\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n"
      "[White \"A\"]\n[Black \"B\"]\n[Variant \"Battle of the Kings\"]\n\n" +
      movetext + "\n";
  const auto report = record::check_text(text, "t.pgn");
  std::string out;
  for (const auto& d : report.diagnostics) out += record::format_diagnostic(d) + "\n";
  valid = report.games == 1 && report.valid == 1;
  return out;
}

}  // namespace

// ---- set-up ------------------------------------------------------------------------------------

TEST_CASE("battle of the kings: start position and names", "[rules][battle]") {
  SECTION("pawns only, no kings") {
    const Position start = Position::start(botk());
    CHECK(start.fen() == "8/pppppppp/8/8/8/8/PPPPPPPP/8 w - - 0 1");
    CHECK(start.royal_count(Color::white) == 0);
    CHECK(start.royal_count(Color::black) == 0);
    CHECK_FALSE(in_check(start));
    CHECK(legal_sans(start).size() == 16);
  }
  SECTION("forgiving names") {
    std::string error;
    for (const char* name : {"Battle of the Kings", "battle-of-the-kings", "BattleOfTheKings"}) {
      INFO(name);
      const Variant* v = catalog::find_variant(name, "", error);
      REQUIRE(v != nullptr);
      CHECK(v->id == "battle-of-the-kings");
    }
  }
  SECTION("any number of kings in a FEN, none required") {
    CHECK(fen_error("8/8/8/8/8/8/8/8 w - - 0 1").empty());
    CHECK(fen_error("k7/8/8/8/8/8/8/K6K w - - 0 1").empty());
    CHECK(fen_error("kk6/8/8/8/8/8/8/KKK5 b - - 0 1").empty());
  }
  SECTION("no castling: no rights in a FEN, no O-O") {
    CHECK_FALSE(fen_error("8/8/8/8/8/8/8/4K2R w K - 0 1").empty());
    const Position pos = from_fen("8/8/8/8/8/8/8/4K2R w - - 0 1");
    CHECK_FALSE(legal(pos, "O-O"));
    CHECK_FALSE(legal(pos, "Kg1"));  // not a castling in disguise either: g1 is two squares away
  }
}

// ---- births ------------------------------------------------------------------------------------

TEST_CASE("battle of the kings births: the chain P N B R Q K", "[rules][battle]") {
  SECTION("a pawn move leaves a knight") {
    EffectList effects;
    const Position after = play_san(Position::start(botk()), "e4", &effects);
    CHECK(after.fen() == "8/pppppppp/8/8/4P3/8/PPPPNPPP/8 b - - 0 1");
    CHECK(births(effects) == std::vector<std::string>{"Ne2"});
    CHECK(after.at(sq("e2")) == white('N'));
  }
  SECTION("the whole chain on one square, then the king leaves nothing") {
    Position pos = Position::start(botk());
    // White's e2 square: P -> N -> B -> R -> Q -> K -> empty.
    const std::vector<std::pair<std::string, char>> steps = {
        {"e4", 'N'}, {"Nc3", 'B'}, {"Bd3", 'R'}, {"Re3", 'Q'}, {"Qf3", 'K'}};
    const std::vector<std::string> replies = {"e5", "Nc6", "Bd6", "Re6", "Qf6"};
    for (std::size_t i = 0; i < steps.size(); ++i) {
      INFO("move " << steps[i].first);
      EffectList effects;
      pos = play_san(pos, steps[i].first, &effects);
      CHECK(pos.at(sq("e2")) == white(steps[i].second));
      CHECK(births(effects) == std::vector<std::string>{std::string(1, steps[i].second) + "e2"});
      pos = play_san(pos, replies[i]);
      CHECK(pos.at(sq("e7")) == black(steps[i].second));
    }
    CHECK(pos.fen() == "8/ppppkppp/2nbrq2/4p3/4P3/2NBRQ2/PPPPKPPP/8 w - - 8 6");
    CHECK(pos.royal_count(Color::white) == 1);
    CHECK(pos.royal_count(Color::black) == 1);
    EffectList effects;
    pos = play_san(pos, "Kd1", &effects);
    CHECK(pos.at(sq("e2")).empty());
    CHECK(births(effects).empty());
    CHECK(pos.royal_count(Color::white) == 1);
  }
  SECTION("births are never written in SAN") {
    const Position start = Position::start(botk());
    MoveList moves;
    generate_legal(start, moves);
    for (const Move& m : moves) {
      const std::string san = to_san(start, m);
      CHECK(san.find(',') == std::string::npos);
      CHECK(san.find('@') == std::string::npos);
    }
    CHECK_FALSE(legal(start, "e4,N@e2"));
  }
  SECTION("after a capture") {
    EffectList effects;
    const Position after = play_all(Position::start(botk()), {"e4", "d5"});
    const Position taken = play_san(after, "exd5", &effects);
    CHECK(count_effects(effects, EffectKind::capture) == 1);
    CHECK(births(effects) == std::vector<std::string>{"Ne4"});
    CHECK(taken.at(sq("d5")) == white('P'));
    CHECK(taken.at(sq("e4")) == white('N'));
  }
  SECTION("after en passant: the knight is born where the capturing pawn stood") {
    const Position pos = from_fen("8/3n4/8/3pP3/8/8/8/8 w - d6 0 1");
    EffectList effects;
    const Position after = play_san(pos, "exd6", &effects);
    CHECK(after.fen() == "8/3n4/3P4/4N3/8/8/8/8 b - - 0 1");
    CHECK(births(effects) == std::vector<std::string>{"Ne5"});
    CHECK(count_effects(effects, EffectKind::capture) == 1);
  }
  SECTION("after a double step: the knight on the 2nd rank, en passant still possible") {
    // 1. e4 a6 2. e5 d5: the d-pawn leaves a knight on d7 and can be taken en passant.
    const Position pos = play_all(Position::start(botk()), {"e4", "a6", "e5", "d5"});
    CHECK(pos.at(sq("d7")) == black('N'));
    CHECK(square_name(pos.en_passant()) == "d6");
    CHECK(legal(pos, "exd6"));
  }
  SECTION("after a promotion: a knight behind the promoting pawn") {
    const Position pos = from_fen("8/p3P3/8/8/8/8/8/8 w - - 0 1");
    const auto sans = legal_sans(pos);
    CHECK(sans == std::vector<std::string>{"e8=B", "e8=N", "e8=Q", "e8=R"});
    CHECK_FALSE(legal(pos, "e8=K"));
    EffectList effects;
    Position after = play_san(pos, "e8=Q", &effects);
    CHECK(after.at(sq("e8")) == white('Q'));
    CHECK(after.at(sq("e7")) == white('N'));
    CHECK(births(effects) == std::vector<std::string>{"Ne7"});
    CHECK(count_effects(effects, EffectKind::promotion) == 1);
    // The promoted piece counts as its new type: the new queen leaves a king.
    after = play_all(after, {"a6", "Qa4"});
    CHECK(after.at(sq("e8")) == white('K'));
  }
  SECTION("a birth may give check") {
    // The bishop leaves the e-file; the rook born on e2 checks the king on e8.
    const Position pos = from_fen("4k3/8/8/8/8/8/4B3/8 w - - 0 1");
    Position after = pos;
    Resolution r = resolve_text(pos, "Bd3+", &after);
    REQUIRE(r.error == MoveError::none);
    CHECK_FALSE(r.check_mark_wrong);
    CHECK(in_check(after));
    CHECK(to_san(pos, r.move) == "Bd3+");
  }
}

// ---- legality after the birth ------------------------------------------------------------------

TEST_CASE("battle of the kings: legality is judged after the birth", "[rules][battle]") {
  SECTION("a queen cannot leave a square where her king would be born attacked") {
    // The d8 rook watches d1: the queen may only stay on the file (shielding the new king) or
    // take the rook.
    const Position pos = from_fen("3r4/8/8/8/8/8/8/3Q4 w - - 0 1");
    CHECK(legal_sans(pos) ==
          std::vector<std::string>{"Qd2", "Qd3", "Qd4", "Qd5", "Qd6", "Qd7", "Qxd8"});
    CHECK_FALSE(legal(pos, "Qa4"));
    const Position after = play_san(pos, "Qd4");
    CHECK(after.at(sq("d1")) == white('K'));
  }
  SECTION("a queen with no safe move and nothing else to move: no legal move, a loss") {
    // The rook on a1 and the bishop on h5 cover d1 whatever the queen does; she cannot take
    // both. White has nothing else.
    const Position pos = from_fen("8/8/8/7b/8/8/8/r2Q4 w - - 0 1");
    CHECK(legal_sans(pos).empty());
    const Outcome o = judge(pos, {});
    CHECK(o.termination == Termination::no_legal_moves);
    REQUIRE(o.winner.has_value());
    CHECK(*o.winner == Color::black);
  }
  SECTION("a pinned piece may move: the piece born behind it keeps the line shut") {
    const Position pos = from_fen("4r3/8/8/8/8/3p4/4P3/4K3 w - - 0 1");
    CHECK(legal(pos, "exd3"));
    const Position after = play_san(pos, "exd3");
    CHECK(after.at(sq("e2")) == white('N'));
    // The knight born there is pinned in turn, but its bishop will shield the king too.
    CHECK(legal(play_san(after, "Re7"), "Nf4"));
  }
  SECTION("a king leaves nothing, so it cannot shield with a birth") {
    const Position pos = from_fen("4r3/8/8/8/8/8/4K3/8 w - - 0 1");
    CHECK_FALSE(legal(pos, "Ke3"));  // still on the file
    CHECK(legal(pos, "Kd2"));
  }
  SECTION("a side without a king has no check constraint") {
    const Position pos = from_fen("4r3/8/8/8/8/8/4N3/8 w - - 0 1");
    CHECK_FALSE(in_check(pos));
    CHECK(legal_sans(pos).size() == 6);  // every knight move, whatever the rook sees
  }
}

// ---- several kings -----------------------------------------------------------------------------

TEST_CASE("battle of the kings: several kings", "[rules][battle]") {
  SECTION("two kings in check, each could escape alone, no move saves both: mate") {
    const Position pos = from_fen("8/8/8/8/8/8/8/K2r3K w - - 0 1");
    CHECK(in_check(pos));
    CHECK(legal_sans(pos).empty());
    const Outcome o = judge(pos, {});
    CHECK(o.termination == Termination::checkmate);
    REQUIRE(o.winner.has_value());
    CHECK(*o.winner == Color::black);
    CHECK(o.result() == "0-1");
  }
  SECTION("one king mated, the other free to move: still mate") {
    // a1 is checked by the a8 rook and cannot flee (b-file covered); the h4 king has moves, but
    // none of them helps the king on a1.
    const Position pos = from_fen("rr6/8/8/8/7K/8/8/K7 w - - 0 1");
    CHECK(legal_sans(pos).empty());
    CHECK(judge(pos, {}).termination == Termination::checkmate);
    // Without the king on a1 the h4 king just moves on.
    CHECK_FALSE(legal_sans(from_fen("rr6/8/8/8/7K/8/8/8 w - - 0 1")).empty());
  }
  SECTION("one move that saves both kings is the only legal move") {
    const Position pos = from_fen("8/8/8/8/8/8/1N6/K2r3K w - - 0 1");
    CHECK(legal_sans(pos) == std::vector<std::string>{"Nxd1"});
  }
  SECTION("a king that steps out of check may expose another one") {
    // Kings on a1, c1 and e1; the h1 rook checks e1, and e1 shields c1. Stepping off the first
    // rank saves e1 but opens the rank to c1; d1 and f1 are still on it. No move helps: mate.
    const Position pos = from_fen("8/8/8/8/8/8/8/K1K1K2r w - - 0 1");
    CHECK(in_check(pos));
    CHECK(legal_sans(pos).empty());
    CHECK(judge(pos, {}).termination == Termination::checkmate);
    // With a black knight on d1, c1 stays shielded and Ke2 is fine.
    CHECK(legal(from_fen("8/8/8/8/8/8/8/K1KnK2r w - - 0 1"), "Ke2"));
  }
  SECTION("king moves are disambiguated like any other piece") {
    const Position pos = from_fen("8/8/8/8/8/8/8/K1K5 w - - 0 1");
    CHECK(legal(pos, "Kab2"));
    CHECK(legal(pos, "Kcb2"));
    CHECK(resolve_text(pos, "Kb2").error == MoveError::ambiguous);
  }
}

TEST_CASE("battle of the kings: nine kings", "[rules][battle]") {
  // More kings than the 16 the position keeps in a list are found by searching the board; here
  // nine and seventeen. The king in check must step off the rook's line (a pawn closes the
  // h-file, which would otherwise attack a second king); every other move leaves it attacked.
  CHECK(legal_sans(from_fen("K6r/8/8/8/8/8/7P/KKKKKKKK w - - 0 1")) ==
        std::vector<std::string>{"Ka7", "Kb7"});
  CHECK(legal_sans(from_fen("KKKKKKKK/7P/8/8/8/8/8/K6r w - - 0 1")) ==
        std::vector<std::string>{"Ka2", "Kb2"});
  // Both rook lines open: two kings attacked, no move saves both, so no legal move.
  CHECK(legal_sans(from_fen("K6r/8/8/8/8/8/8/KKKKKKKK w - - 0 1")).empty());
  // Seventeen kings: beyond the list, still every one protected.
  CHECK(legal_sans(from_fen("KKKKKKKK/KKKKKKKK/8/8/8/8/7P/K6r w - - 0 1")) ==
        std::vector<std::string>{"Ka2", "Kb2"});
  // The same with eight kings works.
  CHECK(legal_sans(from_fen("K6r/8/8/8/8/8/8/KKKKKKK1 w - - 0 1")) ==
        std::vector<std::string>{"Ka7", "Kb7"});
}

// ---- the end of the game -----------------------------------------------------------------------

TEST_CASE("battle of the kings: end rules", "[rules][battle]") {
  SECTION("stalemate is won by the side that stalemates") {
    const Position pos = from_fen("7k/5Q2/8/8/8/8/8/8 b - - 0 1");
    CHECK_FALSE(in_check(pos));
    const Outcome o = judge(pos, {});
    CHECK(o.termination == Termination::no_legal_moves);
    REQUIRE(o.winner.has_value());
    CHECK(*o.winner == Color::white);
    CHECK(o.result() == "1-0");
  }
  SECTION("no legal move without any king: blocked pawns lose too") {
    const Position pos = from_fen("8/8/8/p7/P7/8/8/8 b - - 0 1");
    const Outcome o = judge(pos, {});
    CHECK(o.termination == Termination::no_legal_moves);
    CHECK(o.result() == "1-0");
  }
  SECTION("a move that repeats an earlier position loses for its player") {
    Position pos = from_fen("7k/8/8/8/8/8/8/K7 w - - 0 1");
    std::vector<std::uint64_t> keys;
    for (const char* m : {"Ka2", "Kh7", "Ka1"}) {
      keys.push_back(pos.key());
      pos = play_san(pos, m);
      CHECK(judge(pos, keys).termination == Termination::none);
    }
    keys.push_back(pos.key());
    pos = play_san(pos, "Kh8");  // Black recreates the start position
    const Outcome o = judge(pos, keys);
    CHECK(o.termination == Termination::repetition_loss);
    REQUIRE(o.winner.has_value());
    CHECK(*o.winner == Color::white);  // the side to move wins: the mover repeated
    CHECK(o.result() == "1-0");
    CHECK(judge_without_search(pos, keys).termination == Termination::repetition_loss);
  }
  SECTION("one earlier occurrence is enough, not three") {
    // 1. Kb1 Kg8 2. Kc1 Kf8 3. Kb1: all new. 3... Kg8 brings back the position after 1... Kg8.
    Position pos = from_fen("7k/8/8/8/8/8/8/K7 w - - 0 1");
    std::vector<std::uint64_t> keys;
    for (const char* m : {"Kb1", "Kg8", "Kc1", "Kf8", "Kb1"}) {
      keys.push_back(pos.key());
      pos = play_san(pos, m);
      CHECK(judge(pos, keys).termination == Termination::none);
    }
    keys.push_back(pos.key());
    pos = play_san(pos, "Kg8");
    const Outcome o = judge(pos, keys);
    CHECK(o.termination == Termination::repetition_loss);
    CHECK(o.result() == "1-0");
  }
  SECTION("the same board with the other side to move is not a repetition") {
    // Kings only, White to move; then the same board with Black to move after a triangle.
    Position pos = from_fen("7k/8/8/8/8/8/8/K7 w - - 0 1");
    std::vector<std::uint64_t> keys;
    for (const char* m : {"Kb1", "Kg8", "Kb2", "Kh8", "Ka1"}) {
      keys.push_back(pos.key());
      pos = play_san(pos, m);
    }
    CHECK(pos.fen() == "7k/8/8/8/8/8/8/K7 b - - 5 3");
    CHECK(judge(pos, keys).termination == Termination::none);
  }
  SECTION("no 50-move rule and no insufficient material") {
    const Position bare = from_fen("7k/8/8/8/8/8/8/K7 w - - 300 200");
    CHECK(judge(bare, {}).termination == Termination::none);
    CHECK_FALSE(judge(bare, {}).decided());
    const Position kings_and_knight = from_fen("7k/8/8/8/8/8/8/KN6 w - - 120 100");
    CHECK(judge(kings_and_knight, {}).termination == Termination::none);
    const Position nothing = from_fen("8/8/8/8/8/8/8/8 w - - 0 1");
    // No pieces at all: White cannot move and loses.
    CHECK(judge(nothing, {}).termination == Termination::no_legal_moves);
    CHECK(judge(nothing, {}).result() == "0-1");
    CHECK_FALSE(botk().allows_draws());
    std::vector<std::string> rules;
    for (const auto& rule : botk().end_rules) rules.emplace_back(rule->name());
    CHECK(rules == std::vector<std::string>{"no legal move loses", "repetition loses", "no draws"});
  }
}

TEST_CASE("battle of the kings: game records", "[rules][battle]") {
  SECTION("a drawn result is invalid") {
    bool valid = true;
    const std::string out = check_pgn("1. e4 e5 1/2-1/2", valid);
    INFO(out);
    CHECK_FALSE(valid);
    CHECK(out.find("draw") != std::string::npos);
    check_pgn("1. e4 e5 *", valid);  // the same game, unfinished, is fine
    CHECK(valid);
  }
  SECTION("a repetition ends the game; a move after it is an error") {
    const std::string head =
        "[Event \"T\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"A\"]\n"
        "[Black \"B\"]\n[Result \"1-0\"]\n[Variant \"Battle of the Kings\"]\n[SetUp \"1\"]\n"
        "[FEN \"7k/8/8/8/8/8/8/K7 w - - 0 1\"]\n\n";
    auto report = record::check_text(head + "1. Ka2 Kh7 2. Ka1 Kh8 1-0\n", "t.pgn");
    CHECK(report.valid == 1);
    report = record::check_text(head + "1. Ka2 Kh7 2. Ka1 Kh8 3. Kb1 1-0\n", "t.pgn");
    CHECK(report.invalid == 1);
    // Black repeated, so White won: 0-1 contradicts the final position.
    report = record::check_text(head + "1. Ka2 Kh7 2. Ka1 Kh8 0-1\n", "t.pgn");
    CHECK(report.invalid == 1);
    // In a variation: its line repeats the start (ply 4, before the branch); the main line
    // goes on without repeating. (The replayer's key filter follows each line's own keys.)
    report = record::check_text(
        head + "1. Ka2 Kh7 2. Kb2 (2. Ka1 Kh8 3. Kb1) 2... Kh8 3. Kb1 Kh7 1-0\n", "t.pgn");
    REQUIRE(report.diagnostics.size() == 1);
    CHECK(report.diagnostics[0].message.find("repetition_loss at ply 4") != std::string::npos);
    CHECK(report.diagnostics[0].pos.column == 34);
    // After a longer game of other positions in the same input, the repetition is still seen.
    std::string other = head;
    other.replace(other.find("K7 w"), 4, "1K6 w");
    report = record::check_text(other + "1. Kc1 Kh7 2. Kc2 Kh6 3. Kc3 Kh5 *\n\n" + head +
                                    "1. Ka2 Kh7 2. Ka1 Kh8 3. Kb1 1-0\n",
                                "t.pgn");
    CHECK(report.valid == 1);
    CHECK(report.invalid == 1);
  }
  SECTION("a mate of two kings at once") {
    const std::string head =
        "[Event \"T\"]\n[Site \"?\"]\n[Date \"2024.01.01\"]\n[Round \"1\"]\n[White \"A\"]\n"
        "[Black \"B\"]\n[Result \"0-1\"]\n[Variant \"Battle of the Kings\"]\n[SetUp \"1\"]\n"
        "[FEN \"3r4/8/8/8/8/8/8/K6K b - - 0 1\"]\n\n";
    auto report = record::check_text(head + "1... Rd1# 0-1\n", "t.pgn");
    CHECK(report.valid == 1);
    report = record::check_text(head + "1... Rd1# 1-0\n", "t.pgn");
    CHECK(report.invalid == 1);
  }
}

// ---- perft -------------------------------------------------------------------------------------

TEST_CASE("battle of the kings perft: hand-checked small counts", "[rules][battle][perft]") {
  const Position start = Position::start(botk());
  // Eight pawns, each one or two squares.
  CHECK(perft(start, 1) == 16);
  // No white move on move 1 reaches or blocks a black pawn.
  CHECK(perft(start, 2) == 16 * 16);
  // 1. a3: after any black reply White has the a-pawn's step, 14 other pawn moves and the a2
  // knight's b4, c3 and c1: 18, and no black reply changes that.
  CHECK(perft(play_san(start, "a3"), 2) == 16 * 18);
  // 1. b4: 19 (a3 a4 b5, six other pawns x 2, knight a4 c4 d3 d1); ...b5 blocks the pawn (-1),
  // ...a5 and ...c5 offer a capture (+1 each): 16 * 19 + 1.
  CHECK(perft(play_san(start, "b4"), 2) == 16 * 19 + 1);
}

TEST_CASE("battle of the kings perft: regression table", "[rules][battle][perft]") {
  // Made with xpgn itself (regression data, not an independent reference).
  CHECK(test::check_perft_file("battle.txt", botk()) >= 5);
}

// ---- samples -----------------------------------------------------------------------------------

TEST_CASE("battle of the kings samples: every game replays without a diagnostic",
          "[rules][battle]") {
  int files = 0;
  for (const auto& path : test::sample_files("battle-of-the-kings")) {
    INFO(path.string());
    const record::CheckReport report = record::check_file(path.string());
    std::string text;
    for (const auto& d : report.diagnostics) text += record::format_diagnostic(d) + "\n";
    INFO(text);
    CHECK(report.games == 1);
    CHECK(report.valid == 1);
    CHECK(report.diagnostics.empty());
    ++files;
  }
  CHECK(files >= 3);
}
