// The PEGTL grammars on their own (no actions): well-formedness and what they accept.
#include <catch2/catch.hpp>

#include <string>
#include <tao/pegtl.hpp>
#include <tao/pegtl/contrib/analyze.hpp>

#include "xpgn/grammars/fen.hpp"
#include "xpgn/grammars/pgn.hpp"
#include "xpgn/grammars/san.hpp"

namespace pg = tao::pegtl;
namespace grammars = xpgn::grammars;

namespace {

template <typename Grammar>
bool matches(const std::string& text) {
  pg::memory_input<> in(text, "test");
  return pg::parse<Grammar>(in);
}

}  // namespace

TEST_CASE("grammars have no left recursion and no empty loops", "[grammars]") {
  // analyze() prints the problems it finds and returns their number.
  CHECK(pg::analyze<grammars::san::grammar>() == 0);
  CHECK(pg::analyze<grammars::fen::grammar>() == 0);
  CHECK(pg::analyze<grammars::pgn::game>() == 0);
  CHECK(pg::analyze<grammars::pgn::database>() == 0);
}

TEST_CASE("san grammar accepts every extended SAN form", "[grammars][san]") {
  for (const char* text :
       {"e4",      "exd5",     "e:d5",         "a8=Q",   "a8Q",     "a8=q",       "Nf3",
        "Nxf3",    "Nbd7",     "N1d2",         "Nb1d2",  "Nbxd7",   "Ixa8",       "Ae10",
        "e2e4",    "e2-e4",    "e2xe4",        "Ng1f3",  "Ng1-f3",  "e7e8q",      "e7e8=Q",
        "O-O",     "O-O-O",    "0-0",          "0-0-0",  "O-O+",    "P@e4",       "N@c3",
        "@e4",     "P@e7=I",   "--",           "--d1",   "Z0",      "0000",       "@@@@",
        "pass",    "Qd4,P@d5", "Qxf7,P@e7=I+", "Bc5~c4", "Rxd5>d6", "Nd4,^c5^f5", "Qxf7,P@e7+",
        "exd8=Q#", "x5",       "z99",          "Kxx5",   "Qd4,@d5"}) {
    INFO(text);
    CHECK(matches<grammars::san::grammar>(text));
  }
}

TEST_CASE("san grammar rejects what is not one token", "[grammars][san]") {
  for (const char* text : {"",      "e",   "e0",      "e100", "N",      "Nf",   "xd5",   "ed5",
                           "e4+e5", "e8q", "O-O-O-O", "Qd4,", "Qd4,P@", "Bc5~", "Rxd5>", "Nd4,^c5",
                           "e4 ",   "1-0", "e4!",     "N@",   "--d",    "P@e4x"}) {
    INFO(text);
    CHECK_FALSE(matches<grammars::san::grammar>(text));
  }
}

TEST_CASE("fen grammar accepts extended FENs", "[grammars][fen]") {
  for (const char* text : {
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
           "8/8/8/8/8/8/8/8 b",
           "rnbqkbnrrr/10/10/10/10/10/10/10 w - - 0 1",
           "12/12 w - - 0 1",
           "(NP)7/8 w - - 0 1",
           "qkbnr/ppppp/5/5/5/5/PPPPP/QKBNR[] w - - 0 1",
           "qkbnr/ppppp/5/5/5/5/PPPPP/QKBNR[N] b - - 3 20",
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha e3 0 1 pregnant=d1 portals=c5,f5",
           "8/8 w pregnant=d1",
           "  8/8 w - - 0 1  ",
       }) {
    INFO(text);
    CHECK(matches<grammars::fen::grammar>(text));
  }
  for (const char* text : {"", "8/8", "8/8 x", "8//8 w", "(N)7/8 w", "(NPB)6/8 w", "0/8 w",
                           "8/8 w - - x", "8/8 w - - 0 1 Pregnant=d1"}) {
    INFO(text);
    CHECK_FALSE(matches<grammars::fen::grammar>(text));
  }
}

TEST_CASE("pgn grammar reads games in import format", "[grammars][pgn]") {
  for (const char* text : {
           "",
           "[Event \"x\"]\n[Site \"y\"]\n\n1. e4 e5 2. Nf3 *",
           "1.e4 e5 2.Nf3 Nc6 1-0",
           "1. e4 (1. d4 d5 (1... Nf6) 2. c4) 1... e5 $1 !? {comment} ; rest\n 2. Nf3 1/2-1/2",
           "12. ... Nf6 13.\nc4 0-1",
           "[Site \"It \\'Lloyds Bank\\' London\"]\n1. e4 *",
           "[White \"a \\\"b\\\" c\"] *",
           "{ before } [Event \"x\"] 1. e4 *",
           "1. e4 1-0 ; trailing\n{ and another }",
           "\xEF\xBB\xBF[Event \"bom\"] *",
           "[Event \"x\"]\r\n\r\n1. e4 e5\r\n*\r\n",
           "[Event \"x\"]\n%escaped line\n1. e4 *",
           "1. e4 { a { is text } *",
       }) {
    INFO(text);
    CHECK(matches<grammars::pgn::game>(text));
  }
  for (const char* text : {"1. e4 {unclosed", "1. e4 (1. d4", "1. e4 )", "[Event \"x]\n",
                           "[Event x]", "1. e4 $ 2. d4", "1. e4 * e5", "1. e4 %x"}) {
    INFO(text);
    CHECK_THROWS_AS(matches<grammars::pgn::game>(text), pg::parse_error);
  }
  // "1. e4 %x": '%' is only an escape at the start of a line.
}

TEST_CASE("pgn database grammar requires termination markers", "[grammars][pgn]") {
  CHECK(matches<grammars::pgn::database>("[Event \"a\"] 1. e4 * [Event \"b\"] 1. d4 1-0\n"));
  CHECK_FALSE(matches<grammars::pgn::database>("[Event \"a\"] 1. e4"));
}
