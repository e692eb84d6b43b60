// The FIDE chess fast path against the generic rules, at its seam (rules::FideLine, the line
// player the replayer holds per line) token by token, and on its board (rules::ChessBoard): the
// same keys, the same positions after every move, the same perft counts, and "unsure" wherever
// the generic rules refuse a token or would correct its check mark.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "test_size.hpp"
#include "test_support.hpp"
#include "xpgn/notation/notation.hpp"
#include "xpgn/rules/chess_board.hpp"
#include "xpgn/rules/fide_line.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/outcome.hpp"
#include "xpgn/rules/san.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

const Variant& chess() {
  return test::variant("chess");
}

const ChessTables& tables() {
  const ChessTables* t = ChessBoard::tables_for(chess());
  REQUIRE(t != nullptr);
  return *t;
}

// The board of `pos`, which must load.
ChessBoard board_of(const Position& pos) {
  ChessBoard board;
  REQUIRE(board.load(pos, tables()));
  return board;
}

// The board written back into a Position.
Position position_of(const ChessBoard& board) {
  Position pos = Position::start(chess());
  board.store(pos);
  return pos;
}

// A line player at `pos` (which must fit), with `before` (nullptr: none) the position before
// its last move.
FideLine line_at(const Position& pos, const Position* before = nullptr) {
  FideLine line;
  REQUIRE(line.load(pos, before, tables()));
  REQUIRE(line.on_board());
  return line;
}

// The line player's current position, as it hands it back to the generic rules.
Position current_of(const FideLine& line) {
  Position pos = Position::start(chess());
  line.store_current(pos);
  return pos;
}

// The line player's position before its last move.
Position before_of(const FideLine& line) {
  REQUIRE(line.has_before());
  Position pos = Position::start(chess());
  line.store_before(pos);
  return pos;
}

// Every plain token a player could write for moves of `pos`: piece letters, targets and
// origin hints over the whole board, captures, promotions, check marks and castling.
std::vector<SanToken> token_family(const Position& pos) {
  std::vector<SanToken> tokens;
  MoveList legal;
  generate_legal(pos, legal);
  for (const Move& m : legal) {
    SanToken canonical = to_token(pos, m);
    for (char mark : {char(0), '+', '#'}) {
      SanToken t = canonical;
      t.check = mark;
      tokens.push_back(t);
      // Without disambiguation, and with a full origin square as a hint.
      t.from = {};
      tokens.push_back(t);
      if (m.from != no_square && t.kind == TokenKind::move) {
        t.from = {file_of(m.from), rank_of(m.from)};
        tokens.push_back(t);
        t.from = {file_of(m.from), -1};
        t.capture = !t.capture;
        tokens.push_back(t);
      }
    }
  }
  return tokens;
}

// A random legal game of at most `plies` from `pos`: its positions in order, and in `moves` (when
// given) the moves between them.
std::vector<Position> random_line(Position pos, int plies, std::mt19937& rng,
                                  std::vector<Move>* moves = nullptr) {
  std::vector<Position> line{pos};
  for (int i = 0; i < plies; ++i) {
    MoveList legal;
    generate_legal(pos, legal);
    if (legal.empty()) break;
    const Move m = legal[rng() % legal.size()];
    if (moves) moves->push_back(m);
    pos = play(pos, m);
    line.push_back(pos);
  }
  return line;
}

// Compares a line player at `pos` (`before`: the position before, or nullptr) and the generic
// rules on every token of the family in `pos`, the end rules waived (their screen is tested on
// its own).
void compare_tokens(const Position& pos, const Position* before, int& played, int& unsure) {
  const FideLine line = line_at(pos, before);
  CHECK(line.key() == pos.key());
  CHECK(line.board().in_check() == in_check(pos));
  CHECK(line.board().has_legal_move() == has_legal_move(pos));
  CHECK(line.has_before() == (before != nullptr));
  const std::vector<std::uint64_t> no_keys;
  for (const SanToken& token : token_family(pos)) {
    INFO(pos.fen() << " token " << format_san(token));
    FideLine after = line;
    const bool sure = after.play(token, no_keys, true);
    Position generic_after = pos;
    const Resolution res = resolve(pos, token, &generic_after);
    const bool generic_clean = res.error == MoveError::none && !res.check_mark_wrong;
    if (sure) {
      // Sure means the generic rules accept the token as it is, and reach the same position;
      // the position played from becomes the one before.
      REQUIRE(generic_clean);
      CHECK(current_of(after).fen() == generic_after.fen());
      CHECK(after.key() == generic_after.key());
      CHECK(after.board().reversible_plies() == generic_after.reversible_plies());
      CHECK(after.key_before() == pos.key());
      CHECK(before_of(after).fen() == pos.fen());
      // The recording play gives the generic rules' move and its canonical SAN.
      FideLine recorded = line;
      Move move;
      FideLine::SanText san;
      REQUIRE(recorded.play(token, no_keys, true, move, san));
      CHECK(recorded.key() == after.key());
      CHECK(move == res.move);
      CHECK(san.view() == to_san(pos, res.move, &generic_after));
      // The board's token-making overload agrees (the canonical token, formatted).
      ChessBoard board_after;
      Move token_move;
      SanToken canonical;
      REQUIRE(line.board().play_san(token, board_after, token_move, canonical));
      CHECK(token_move == res.move);
      CHECK(format_san(canonical) == san.view());
      ++played;
    } else {
      // Unsure changes nothing: the line hands back the position it was asked in.
      CHECK(after.key() == pos.key());
      CHECK(current_of(after).fen() == pos.fen());
      CHECK(after.has_before() == (before != nullptr));
      ++unsure;
      // Unsure is allowed only where the generic rules refuse or correct the token, or for
      // forms the board leaves to them.
      const bool left_to_rules = token.piece == 'P' || token.long_algebraic;
      CHECK((!generic_clean || left_to_rules));
    }
  }
}

}  // namespace

TEST_CASE("chess board: FIDE chess qualifies, other variants do not", "[rules][fast]") {
  CHECK(ChessBoard::tables_for(chess()) != nullptr);
  for (const char* id : {"crazyhouse", "atomic", "three-check", "king-of-the-hill", "capablanca",
                         "reservists", "maxim", "horde", "antichess"}) {
    std::string error;
    const Variant* v = xpgn::catalog::find_variant(id, "", error);
    if (!v) continue;  // not in the catalog under that name
    INFO(id);
    CHECK(ChessBoard::tables_for(*v) == nullptr);
  }
}

TEST_CASE("chess board: load and store keep every field and the key", "[rules][fast]") {
  for (const char* fen : {
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
           "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
           "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
           "r3k3/8/8/8/8/8/8/4K2R b Kq - 17 40",
       }) {
    INFO(fen);
    const Position pos = test::from_fen(fen, chess());
    const ChessBoard board = board_of(pos);
    CHECK(board.key() == pos.key());
    const Position back = position_of(board);
    CHECK(back.fen() == pos.fen());
    CHECK(back.key() == pos.key());
    CHECK(back.reversible_plies() == pos.reversible_plies());
  }
  // Chess960 castling rights are not the board's: it declines them.
  ChessBoard board;
  CHECK_FALSE(board.load(
      test::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", chess()),
      tables()));
}

TEST_CASE("chess board: perft equals the published counts", "[rules][fast][perft]") {
  struct Case {
    const char* fen;
    int depth;
    std::uint64_t nodes;
  };
  // Chess Programming Wiki "Perft Results", positions 1-6 (as in test_rules_chess.cpp).
  const Case cases[] = {
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4865609},
      {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4085603},
      {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 6, 11030083},
      {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5, 15833292},
      {"r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 4, 422333},
      {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, 2103487},
      {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 4, 3894594},
  };
  for (const Case& c : cases) {
    INFO(c.fen);
    CHECK(board_of(test::from_fen(c.fen, chess())).perft(c.depth) == c.nodes);
  }
}

TEST_CASE("chess board: every token on random games agrees with the generic rules",
          "[rules][fast]") {
  std::mt19937 rng(20261125);
  int played = 0, unsure = 0, positions = 0;
  const char* starts[] = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "4k3/1P6/8/8/8/8/6p1/4K2R w K - 0 1",
  };
  // Under the sanitizers four games from each start, not six (test_size.hpp).
  const int games = test::sanitized_run() ? 4 : 6;
  for (const char* fen : starts) {
    for (int game = 0; game < games; ++game) {
      const std::vector<Position> line = random_line(test::from_fen(fen, chess()), 80, rng);
      for (std::size_t i = 0; i < line.size(); ++i) {
        compare_tokens(line[i], i > 0 ? &line[i - 1] : nullptr, played, unsure);
        ++positions;
      }
    }
  }
  INFO("positions " << positions << ", played " << played << ", unsure " << unsure);
  CHECK(positions > 1000);
  CHECK(played > 10000);
}

TEST_CASE("chess board: a line player follows random games token by token as the replayer does",
          "[rules][fast]") {
  // One line player per game, as the replayer holds one per line: each move's token (canonical,
  // or without its check mark) is played with the line's history of keys and the end rules
  // screened. Sure: the position, the one before and the move agree with the generic rules,
  // which find the game going on. Unsure: the position handed back is the current one, the
  // generic rules play the move, and the line is loaded again from their positions. A variation
  // starts from the position before the last move.
  std::mt19937 rng(20261130);
  int sure = 0, unsure = 0, variations = 0;
  for (const char* fen :
       {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "4k3/1P6/8/8/8/8/6p1/4K2R w K - 0 1"}) {
    for (int game = 0; game < 8; ++game) {
      std::vector<Move> moves;
      const std::vector<Position> positions =
          random_line(test::from_fen(fen, chess()), 160, rng, &moves);
      FideLine line = line_at(positions[0]);
      std::vector<std::uint64_t> keys;
      for (std::size_t i = 0; i < moves.size(); ++i) {
        const Position& pos = positions[i];
        const Position& next = positions[i + 1];
        SanToken token = to_token(pos, moves[i]);
        if (i % 3 == 2) token.check = 0;  // a mark left out is no error
        INFO(pos.fen() << " token " << format_san(token));
        REQUIRE(line.on_board());
        REQUIRE(line.key() == pos.key());
        Move move;
        FideLine::SanText san;
        const bool played =
            i % 2 ? line.play(token, keys, false) : line.play(token, keys, false, move, san);
        if (played) {
          ++sure;
          CHECK_FALSE(judge_without_search(pos, keys).decided());
          CHECK(line.key() == next.key());
          CHECK(current_of(line).fen() == next.fen());
          CHECK(line.key_before() == pos.key());
          CHECK(before_of(line).fen() == pos.fen());
          if (i % 2 == 0) {
            CHECK(move == moves[i]);
            CHECK(san.view() == to_san(pos, moves[i], &next));
          }
        } else {
          ++unsure;
          CHECK(line.key() == pos.key());
          CHECK(current_of(line).fen() == pos.fen());
          REQUIRE(line.load(next, &pos, tables()));  // the generic rules played it
        }
        keys.push_back(pos.key());
        if (i % 20 == 19) {
          // A variation from the position before the last move, on a line player of its own.
          FideLine variation;
          variation.start_at_before(line);
          ++variations;
          CHECK(variation.on_board());
          CHECK_FALSE(variation.has_before());
          CHECK(current_of(variation).fen() == pos.fen());
        }
      }
      Outcome outcome;
      if (line.judge(keys, outcome)) {
        const Position& last = positions.back();
        CHECK(outcome.termination == judge(last, History(keys)).termination);
      }
    }
  }
  INFO("sure " << sure << ", unsure " << unsure << ", variations " << variations);
  CHECK(sure > 1500);
  CHECK(variations > 50);
}

TEST_CASE("chess board: the end-rule screen defers whenever a cheap rule decides",
          "[rules][fast]") {
  // Positions where judge_without_search() decides: the line player must leave every move to
  // the generic rules, unless the end rules are waived (an automatic end passed already).
  const std::vector<std::uint64_t> none;
  for (const char* fen : {"8/8/4k3/8/8/3NK3/8/8 b - - 0 1", "8/2b5/4k3/8/8/4K3/5B2/8 b - - 0 1",
                          "8/8/4k3/8/8/4K3/8/R7 w - - 150 80", "8/8/4k3/8/8/4K3/8/8 w - - 0 80"}) {
    INFO(fen);
    const Position pos = test::from_fen(fen, chess());
    REQUIRE(judge_without_search(pos, none).decided());
    CHECK_FALSE(board_of(pos).surely_undecided(none));
    MoveList legal;
    generate_legal(pos, legal);
    REQUIRE(!legal.empty());
    for (const Move& m : legal) {
      FideLine line = line_at(pos);
      CHECK_FALSE(line.play(to_token(pos, m), none, false));
      CHECK(line.key() == pos.key());
      CHECK(line.play(to_token(pos, m), none, true));
    }
  }
  // Fivefold repetition by knight moves: deferred exactly when the generic judgement decides.
  Position pos = Position::start(chess());
  std::vector<std::uint64_t> keys;
  const char* dance[] = {"Nf3", "Nf6", "Ng1", "Ng8"};
  FideLine line = line_at(pos);
  for (int i = 0; i < 24; ++i) {
    INFO("ply " << i);
    const bool decided = judge_without_search(pos, keys).decided();
    CHECK(board_of(pos).surely_undecided(keys) == !decided);
    const SanToken token = *notation::parse_san(dance[i % 4]);
    FideLine tried = line;
    CHECK(tried.play(token, keys, false) == !decided);
    REQUIRE(line.play(token, keys, true));
    keys.push_back(pos.key());
    pos = test::play_all(pos, {dance[i % 4]});
    CHECK(line.key() == pos.key());
  }
}

TEST_CASE("chess board: replaying the repository's PGN files gives the generic rules' results",
          "[rules][fast]") {
  // Every PGN of tests/data and samples/ (chess, variants, malformed input) and the fuzzing
  // reproducers, checked with the fast path and without it, strict and not: the same
  // diagnostics and outcomes, game by game; and in full mode the same JSON and PGN output.
  namespace fs = std::filesystem;
  const fs::path root = fs::path(XPGN_TEST_DATA) / ".." / "..";
  std::size_t files = 0, games = 0, full_games = 0;
  for (const char* dir : {"tests/data", "samples"})
    for (const auto& entry : fs::recursive_directory_iterator(root / dir)) {
      const auto ext = entry.path().extension();
      if (!entry.is_regular_file() || (ext != ".pgn" && ext != ".bin")) continue;
      const std::string text = test::file_text(entry.path());
      const std::string name = entry.path().filename().string();
      games += test::compare_fast_and_generic(text, name);
      full_games += test::compare_full_fast_and_generic(text, name);
      ++files;
    }
  CHECK(files >= 37);
  CHECK(games >= 50);
  CHECK(full_games >= 50);
}

TEST_CASE("chess board: lines that leave the fast path come back to it unchanged",
          "[rules][fast]") {
  // A null move, a wrong check mark, a long algebraic move and a variation in between: each
  // is handed to the generic rules, and the replay continues with the same verdicts.
  const std::string pgn =
      "[Event \"t\"]\n[Result \"*\"]\n\n"
      "1. e4 e5 2. Nf3+ Nc6 3. g1f3 ( 3. Bb5 a6 4. -- ) Nf6 4. -- Bc5 5. O-O O-O 6. Re1 d6 "
      "7. c3 Bg4 8. h3 Bh5 9. g4 Bg6 10. d4 exd4 11. cxd4 Bb4 12. Nc3 d5 13. e5 Ne4 *\n\n"
      "[Event \"t2\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n[SetUp \"1\"]\n[Result \"*\"]\n\n"
      "1. O-O Kd7 2. Rd1+ Kc6 3. Rd8 Kc5 4. Rc8+ Kd4 5. Rd8+ Ke3 6. Rd1 Ke2 7. Rd8 *\n";
  const auto fast = test::check_results(pgn, "t.pgn", true, false);
  const auto generic = test::check_results(pgn, "t.pgn", false, false);
  CHECK(fast == generic);
  REQUIRE(fast.size() == 2);
  // The wrong check mark was warned about, the line went on to the end.
  CHECK(fast[0].find("wrong check mark") != std::string::npos);
  CHECK(fast[0].find("plies 0") == std::string::npos);
}

TEST_CASE("chess board: the dead-position screen never contradicts the generic rules",
          "[rules][fast]") {
  // Random legal placements of three and four men (kings and one or two of P, N, B, R, Q):
  // whenever the board calls one surely undecided, judge_without_search() finds no end; and
  // most placements with a pawn, rook or queen are proven alive by the board's own search.
  std::mt19937 rng(7);
  const std::string pieces = "PNBRQpnbrq";
  const std::vector<std::uint64_t> none;
  int sure = 0, looked = 0, with_major = 0, major_sure = 0;
  for (int i = 0; i < 2000; ++i) {
    char board[64];
    std::fill(board, board + 64, '.');
    auto place = [&](char p) {
      int sq;
      do sq = static_cast<int>(rng() % 64);
      while (board[sq] != '.' || ((p == 'P' || p == 'p') && (sq < 8 || sq >= 56)));
      board[sq] = p;
    };
    place('K');
    place('k');
    const int extra = 1 + static_cast<int>(rng() % 2);
    bool major = false;
    for (int e = 0; e < extra; ++e) {
      const char p = pieces[rng() % pieces.size()];
      major |= std::string("PRQprq").find(p) != std::string::npos;
      place(p);
    }
    std::string fen = test::placement_of(std::string_view(board, 64));
    fen += i % 2 ? " b - - 0 1" : " w - - 0 1";
    const auto setup = notation::parse_fen(fen);
    std::string error;
    const auto pos = setup ? Position::from_setup(chess(), *setup, error) : std::nullopt;
    if (!pos) continue;  // kings touching, the side not to move in check, ...
    ++looked;
    ChessBoard b;
    REQUIRE(b.load(*pos, tables()));
    const bool surely = b.surely_undecided(none);
    INFO(fen);
    if (surely) CHECK_FALSE(judge_without_search(*pos, none).decided());
    sure += surely;
    with_major += major && extra == 1;
    major_sure += major && extra == 1 && surely;
  }
  INFO("looked at " << looked << ", sure " << sure << "; three men with a major " << with_major
                    << ", sure " << major_sure);
  CHECK(looked > 1000);
  CHECK(major_sure * 10 > with_major * 8);
}
