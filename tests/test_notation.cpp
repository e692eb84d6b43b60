// notation: SAN tokens and extended FEN, text -> fields -> canonical text.
#include <catch2/catch.hpp>

#include <string>

#include "xpgn/core/fen_setup.hpp"
#include "xpgn/core/san_token.hpp"
#include "xpgn/core/types.hpp"
#include "xpgn/notation/notation.hpp"

using namespace xpgn;

namespace {

SanToken san(const std::string& text) {
  notation::SyntaxError error;
  auto token = notation::parse_san(text, &error);
  INFO(text << ": column " << error.pos.column << ", expected " << error.expected);
  REQUIRE(token.has_value());
  return *token;
}

notation::SyntaxError san_error(const std::string& text) {
  notation::SyntaxError error;
  auto token = notation::parse_san(text, &error);
  INFO(text);
  REQUIRE_FALSE(token.has_value());
  return error;
}

constexpr Coord sq(char file, int rank) {
  return Coord{file - 'a', rank - 1};
}
constexpr Coord file_only(char file) {
  return Coord{file - 'a', -1};
}
constexpr Coord rank_only(int rank) {
  return Coord{-1, rank - 1};
}

FenSetup fen(const std::string& text) {
  notation::SyntaxError error;
  auto setup = notation::parse_fen(text, &error);
  INFO(text << ": column " << error.pos.column << ", expected " << error.expected);
  REQUIRE(setup.has_value());
  return *setup;
}

notation::SyntaxError fen_error(const std::string& text) {
  notation::SyntaxError error;
  auto setup = notation::parse_fen(text, &error);
  INFO(text);
  REQUIRE_FALSE(setup.has_value());
  return error;
}

}  // namespace

// ---- SAN ---------------------------------------------------------------------------------------

TEST_CASE("parse_san: pawn and piece moves", "[notation][san]") {
  SanToken t = san("e4");
  CHECK(t.kind == TokenKind::move);
  CHECK(t.piece == 0);
  CHECK(t.to == sq('e', 4));
  CHECK(t.from == Coord{});
  CHECK_FALSE(t.capture);
  CHECK_FALSE(t.long_algebraic);

  t = san("exd6");
  CHECK(t.piece == 0);
  CHECK(t.from == file_only('e'));
  CHECK(t.capture);
  CHECK(t.to == sq('d', 6));

  t = san("e:d6");
  CHECK(t.capture);
  CHECK(t.from == file_only('e'));

  t = san("Nbd7");
  CHECK(t.piece == 'N');
  CHECK(t.from == file_only('b'));
  CHECK(t.to == sq('d', 7));
  CHECK_FALSE(t.capture);

  t = san("N1d2");
  CHECK(t.from == rank_only(1));
  CHECK(t.to == sq('d', 2));

  t = san("Nb1d2");  // full-square disambiguation
  CHECK(t.piece == 'N');
  CHECK(t.from == sq('b', 1));
  CHECK(t.to == sq('d', 2));
  CHECK(t.long_algebraic);

  t = san("Nbxd7");
  CHECK(t.from == file_only('b'));
  CHECK(t.capture);

  t = san("Ixa8");
  CHECK(t.piece == 'I');
  CHECK(t.capture);
  CHECK(t.from == Coord{});
  CHECK(t.to == sq('a', 8));

  t = san("Bxb4");
  CHECK(t.piece == 'B');
  CHECK(t.capture);
  CHECK(t.to == sq('b', 4));

  t = san("b4");
  CHECK(t.piece == 0);
  CHECK(t.to == sq('b', 4));

  t = san("Ae10");  // multi-digit rank
  CHECK(t.piece == 'A');
  CHECK(t.to == sq('e', 10));

  t = san("Qz99");
  CHECK(t.to == sq('z', 99));

  t = san("Nxx5");  // 'x' before a digit is the x-file
  CHECK(t.capture);
  CHECK(t.to == sq('x', 5));
}

TEST_CASE("parse_san: promotions", "[notation][san]") {
  CHECK(san("a8=Q").promotion == 'Q');
  CHECK(san("a8Q").promotion == 'Q');
  CHECK(san("a8=q").promotion == 'Q');
  SanToken t = san("exd8=N#");
  CHECK(t.promotion == 'N');
  CHECK(t.check == '#');
  CHECK(t.from == file_only('e'));
  t = san("e7e8q");
  CHECK(t.long_algebraic);
  CHECK(t.from == sq('e', 7));
  CHECK(t.to == sq('e', 8));
  CHECK(t.promotion == 'Q');
  CHECK(san("e7e8=R").promotion == 'R');
}

TEST_CASE("parse_san: long algebraic", "[notation][san]") {
  for (const char* text : {"e2e4", "e2-e4"}) {
    SanToken t = san(text);
    CHECK(t.long_algebraic);
    CHECK(t.piece == 0);
    CHECK(t.from == sq('e', 2));
    CHECK(t.to == sq('e', 4));
    CHECK_FALSE(t.capture);
  }
  SanToken t = san("Ng1-f3");
  CHECK(t.piece == 'N');
  CHECK(t.from == sq('g', 1));
  CHECK(t.to == sq('f', 3));
  CHECK(t.long_algebraic);
  t = san("e2xe4");
  CHECK(t.capture);
  CHECK(t.long_algebraic);
  t = san("a10b12");
  CHECK(t.from == sq('a', 10));
  CHECK(t.to == sq('b', 12));
}

TEST_CASE("parse_san: castling, placement, pass", "[notation][san]") {
  CHECK(san("O-O").kind == TokenKind::castle_short);
  CHECK(san("0-0").kind == TokenKind::castle_short);
  CHECK(san("O-O-O").kind == TokenKind::castle_long);
  CHECK(san("0-0-0").kind == TokenKind::castle_long);
  CHECK(san("O-O-O+").check == '+');
  CHECK(san("O-O").piece == 0);  // not the 'O' of a piece letter tried first

  SanToken t = san("P@e4");
  CHECK(t.kind == TokenKind::placement);
  CHECK(t.piece == 'P');
  CHECK(t.to == sq('e', 4));
  t = san("N@c3");
  CHECK(t.piece == 'N');
  CHECK(t.to == sq('c', 3));
  t = san("@e4");
  CHECK(t.kind == TokenKind::placement);
  CHECK(t.piece == 'P');
  t = san("P@e7=I");
  CHECK(t.kind == TokenKind::placement);
  CHECK(t.promotion == 'I');

  for (const char* text : {"--", "Z0", "0000", "@@@@", "pass"}) {
    t = san(text);
    CHECK(t.kind == TokenKind::pass);
    CHECK(t.piece == 0);
    CHECK(t.pass_queen == Coord{});
  }
  t = san("--d1");
  CHECK(t.kind == TokenKind::pass);
  CHECK(t.pass_queen == sq('d', 1));
}

TEST_CASE("parse_san: second actions and check marks", "[notation][san]") {
  SanToken t = san("Qd4,P@d5");
  CHECK(t.piece == 'Q');
  CHECK(t.to == sq('d', 4));
  CHECK(t.birth_piece == 'P');
  CHECK(t.birth_square == sq('d', 5));
  CHECK(t.birth_promotion == 0);

  t = san("Qxf7,P@e7=I+");
  CHECK(t.capture);
  CHECK(t.birth_piece == 'P');
  CHECK(t.birth_square == sq('e', 7));
  CHECK(t.birth_promotion == 'I');
  CHECK(t.check == '+');

  t = san("Qxf7,P@e7+");
  CHECK(t.birth_square == sq('e', 7));
  CHECK(t.check == '+');

  t = san("Qd4,@d5");
  CHECK(t.birth_piece == 'P');

  t = san("Bc5~c4");
  CHECK(t.piece == 'B');
  CHECK(t.to == sq('c', 5));
  CHECK(t.relocation == sq('c', 4));

  t = san("Rxd5>d6");
  CHECK(t.capture);
  CHECK(t.to == sq('d', 5));
  CHECK(t.push == sq('d', 6));

  t = san("Nd4,^c5^f5");
  CHECK(t.to == sq('d', 4));
  CHECK(t.pair_a == sq('c', 5));
  CHECK(t.pair_b == sq('f', 5));

  t = san("Rxd5>d6,^a3^h3#");
  CHECK(t.push == sq('d', 6));
  CHECK(t.pair_a == sq('a', 3));
  CHECK(t.pair_b == sq('h', 3));
  CHECK(t.check == '#');
}

TEST_CASE("has_second_actions: any one second action, even a half-written square",
          "[notation][san]") {
  CHECK_FALSE(san("Nxe5+").has_second_actions());
  CHECK_FALSE(san("e8=Q").has_second_actions());
  CHECK_FALSE(san("O-O-O").has_second_actions());
  for (const char* text :
       {"Nf3,P@d5", "e4~c4", "Nxd5>d6", "e4,^c5^f5", "--d1", "Nf3/H", "O-O/Ee1"}) {
    INFO(text);
    CHECK(san(text).has_second_actions());
  }
  // Every field alone, and each coordinate with only its file or only its rank.
  auto with = [](auto set) {
    SanToken token;
    set(token);
    return token.has_second_actions();
  };
  CHECK(with([](SanToken& t) { t.birth_piece = 'P'; }));
  CHECK(with([](SanToken& t) { t.birth_promotion = 'Q'; }));
  CHECK(with([](SanToken& t) { t.gate_piece = 'H'; }));
  for (Coord SanToken::*field :
       {&SanToken::birth_square, &SanToken::relocation, &SanToken::push, &SanToken::pair_a,
        &SanToken::pair_b, &SanToken::pass_queen, &SanToken::gate_square}) {
    CHECK(with([&](SanToken& t) { (t.*field).file = 0; }));
    CHECK(with([&](SanToken& t) { (t.*field).rank = 0; }));
    CHECK(with([&](SanToken& t) { t.*field = Coord{25, 98}; }));
  }
  CHECK_FALSE(with([](SanToken& t) { t.from = Coord{4, 1}; }));
}

TEST_CASE("parse_san: errors give the column and what was expected", "[notation][san]") {
  notation::SyntaxError e = san_error("N");
  CHECK(e.pos.column == 2);
  CHECK(e.token.empty());
  CHECK(e.expected == "a square such as e4");

  e = san_error("Nf");
  CHECK(e.pos.column == 3);
  CHECK(e.expected == "a rank number (1-99)");

  e = san_error("Nf3)");
  CHECK(e.pos.column == 4);
  CHECK(e.token == ")");
  CHECK(e.expected == "the end of the move");

  e = san_error("Nf3z");  // could be the start of Nf3z4
  CHECK(e.pos.column == 5);
  CHECK(e.expected == "a rank number (1-99)");

  e = san_error("Qd4,P@");
  CHECK(e.pos.column == 7);
  CHECK(e.expected == "a square such as e4");

  e = san_error("Qd4,P");
  CHECK(e.pos.column == 6);
  CHECK(e.expected == "'@' of a birth such as ,P@d5");

  e = san_error("Bc5~");
  CHECK(e.pos.column == 5);
  CHECK(e.expected == "a square such as e4");

  e = san_error("$x");
  CHECK(e.pos.column == 1);
  CHECK(e.token == "$x");
  CHECK(e.expected == "a move such as e4, Nf3, exd5, O-O, P@e4 or --");

  e = san_error("");
  CHECK(e.pos.column == 1);

  e = san_error("e4!");  // suffix annotations are not part of the token
  CHECK(e.pos.column == 3);
  CHECK(e.expected == "the end of the move");

  e = san_error("e100");
  CHECK(e.pos.column == 4);

  CHECK_FALSE(notation::parse_san("xd5").has_value());
  CHECK_FALSE(notation::parse_san("e8q").has_value());  // bare lower case only in e7e8q
}

TEST_CASE("format_san writes the canonical form", "[notation][san][format]") {
  for (const char* text :
       {"e4",    "exd5",     "Nbd7",         "N1d2",   "Nb1d2",   "Ixa8",       "Ae10",
        "a8=Q",  "O-O",      "O-O-O#",       "P@e4",   "N@c3",    "P@e7=I",     "--",
        "--d1",  "Qd4,P@d5", "Qxf7,P@e7=I+", "Bc5~c4", "Rxd5>d6", "Nd4,^c5^f5", "e2e4",
        "e4xd5", "Ng1f3",    "e7e8=Q",       "Qz99+"}) {
    CHECK(format_san(san(text)) == text);
  }
  CHECK(format_san(san("a8Q")) == "a8=Q");
  CHECK(format_san(san("e7e8q")) == "e7e8=Q");
  CHECK(format_san(san("e2-e4")) == "e2e4");
  CHECK(format_san(san("Ng1-f3")) == "Ng1f3");
  CHECK(format_san(san("0-0-0")) == "O-O-O");
  CHECK(format_san(san("@e4")) == "P@e4");
  CHECK(format_san(san("Z0")) == "--");
  CHECK(format_san(san("e:d5")) == "exd5");

  SanToken t;
  t.piece = 'R';
  t.from = rank_only(1);
  t.to = sq('a', 3);
  CHECK(format_san(t) == "R1a3");
}

TEST_CASE("format_coord and square_name", "[notation][format]") {
  CHECK(format_coord(sq('e', 4)) == "e4");
  CHECK(format_coord(file_only('e')) == "e");
  CHECK(format_coord(rank_only(10)) == "10");
  CHECK(format_coord(Coord{}) == "");
  CHECK(square_name(make_square(0, 0)) == "a1");
  CHECK(square_name(make_square(4, 9)) == "e10");
  CHECK(square_name(make_square(15, 15)) == "p16");
  CHECK(square_name(no_square) == "-");
}

// ---- FEN ---------------------------------------------------------------------------------------

TEST_CASE("parse_fen: the standard start position", "[notation][fen]") {
  FenSetup s = fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  CHECK(s.files == 8);
  CHECK(s.ranks == 8);
  REQUIRE(s.squares.size() == 64);
  CHECK(s.squares[0] == "R");    // a1: rank 0 is the last row of the text
  CHECK(s.squares[4] == "K");    // e1
  CHECK(s.squares[8] == "P");    // a2
  CHECK(s.squares[20].empty());  // e3
  CHECK(s.squares[60] == "k");   // e8
  CHECK(s.side_to_move == 'w');
  CHECK(s.castling == "KQkq");
  CHECK(s.en_passant == "-");
  CHECK(s.halfmove_clock == 0);
  CHECK(s.fullmove_number == 1);
  CHECK_FALSE(s.has_hand);
  CHECK(s.extra_fields.empty());
}

TEST_CASE("parse_fen: extensions", "[notation][fen]") {
  FenSetup s = fen("rnbqkbnrrr/10/10/10/10/10/10/RNBQKBNRRR b - e3 5 40");
  CHECK(s.files == 10);
  CHECK(s.ranks == 8);
  CHECK(s.squares[9] == "R");
  CHECK(s.side_to_move == 'b');
  CHECK(s.en_passant == "e3");
  CHECK(s.halfmove_clock == 5);
  CHECK(s.fullmove_number == 40);

  s = fen("12/a11/12 w - - 0 1");
  CHECK(s.files == 12);
  CHECK(s.ranks == 3);
  CHECK(s.squares[12] == "a");

  s = fen("(NP)7/8 w - - 0 1");
  CHECK(s.squares[8] == "NP");  // a2 holds a stack, N arrived first

  s = fen("qkbnr/ppppp/5/5/5/5/PPPPP/QKBNR[N] w - - 0 1");
  CHECK(s.files == 5);
  CHECK(s.has_hand);
  CHECK(s.hand == "N");
  s = fen("qkbnr/ppppp/5/5/5/5/PPPPP/QKBNR[] w - - 0 1");
  CHECK(s.has_hand);
  CHECK(s.hand.empty());

  s = fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1 pregnant=d1,e8 portals=c5");
  CHECK(s.castling == "HAha");
  REQUIRE(s.extra_fields.size() == 2);
  CHECK(s.extra_fields[0] == std::pair<std::string, std::string>{"pregnant", "d1,e8"});
  CHECK(s.extra_fields[1] == std::pair<std::string, std::string>{"portals", "c5"});
}

TEST_CASE("parse_fen: missing fields take their defaults", "[notation][fen]") {
  FenSetup s = fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3");
  CHECK(s.side_to_move == 'b');
  CHECK(s.castling == "KQkq");
  CHECK(s.en_passant == "e3");
  CHECK(s.halfmove_clock == 0);
  CHECK(s.fullmove_number == 1);
  s = fen("8/8/8/8/8/8/8/8 w");
  CHECK(s.castling == "-");
  CHECK(s.en_passant == "-");
  s = fen("8/8/8/8/8/8/8/8 w pregnant=d1");
  CHECK(s.castling == "-");
  REQUIRE(s.extra_fields.size() == 1);
}

TEST_CASE("parse_fen: errors", "[notation][fen]") {
  notation::SyntaxError e = fen_error("rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  CHECK(e.pos.column == 19);
  CHECK(e.token.substr(0, 2) == "7/");
  CHECK(e.expected == "row 3 to have 8 squares like row 1 (row 3 has 7)");

  e = fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1");
  CHECK(e.pos.column == 45);
  CHECK(e.token == "x");
  CHECK(e.expected == "the side to move ('w' or 'b')");

  e = fen_error("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN$ w KQkq - 0 1");
  CHECK(e.pos.column == 43);

  e = fen_error("(N)7/8 w - - 0 1");
  CHECK(e.pos.column == 3);
  CHECK(e.expected == "a piece letter");

  e = fen_error("8/8 w - - 0 1 Bad=1");
  CHECK(e.pos.column == 15);

  e = fen_error("27/27 w");
  CHECK(e.pos.column == 1);
  CHECK(e.expected.find("26 files") != std::string::npos);

  e = fen_error("999999999999999999/8 w");  // absurd counts do not allocate or overflow
  CHECK(e.pos.column == 1);

  e = fen_error("");
  CHECK(e.pos.column == 1);
}

TEST_CASE("format_fen: canonical FENs survive parse_fen + format_fen byte for byte",
          "[notation][fen][format]") {
  for (const char* text : {
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
           "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
           "rnbqkbnrrr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBQKBNRRR w - - 0 1",
           "rikmqlir/nabccban/pppppppp/8/8/8/8/PPPPPPPP/NABCCBAN/RILQMKIR w - - 0 1",
           "12/5k6/12/6K5 b - - 10 77",
           "rnpqkpnr/bppppppb/8/3(NP)4/8/8/BPPPPPPB/RNPQKPNR b - - 0 1",
           "(NP)(np)(Bb)5/8 w - - 0 1",
           "qkbnr/ppppp/5/5/5/5/PPPPP/QKBNR[] w - - 0 1",
           "qkbnr/ppppp/5/5/5/5/PPP1P/QKBNR[N] b - - 0 1",
           "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b HAha e3 0 1 pregnant=d1",
           "8/8/8/8/8/8/8/8 w - - 0 1 pregnant=d1,d8 portals=c5,f5",
       }) {
    CHECK(format_fen(fen(text)) == text);
  }
  // Non-canonical input becomes canonical.
  CHECK(format_fen(fen("  8/8/8/8/8/8/8/8   w  ")) == "8/8/8/8/8/8/8/8 w - - 0 1");
  CHECK(format_fen(fen("8/8 b - - 00 01")) == "8/8 b - - 0 1");
}
