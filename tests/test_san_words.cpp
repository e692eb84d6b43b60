// resolve() writes a placement's or a castling's words ("placing a pawn on e4", "castling king
// side") only when a message needs them: these are the messages that use them.
#include <catch2/catch.hpp>

#include <string>

#include "test_support.hpp"

using namespace xpgn;
using namespace xpgn::rules;

TEST_CASE("an ambiguous or refused placement is named in words", "[rules][san]") {
  const Variant& v = test::variant("reproduction");
  const Position two = test::from_fen("4k3/8/8/8/3Q1Q2/8/8/4K3 w - - 0 1 pregnant=d4,f4", v);
  const Resolution r = test::resolve_text(two, "P@e4");
  CHECK(r.error == MoveError::ambiguous);
  CHECK(r.message == "placing a pawn on e4 is ambiguous: pieces on d4 f4 can make it");
  // The same placement made by one queen resolves, and its words are not needed.
  const Position one = test::from_fen("4k3/8/8/8/3Q1Q2/8/8/4K3 w - - 0 1 pregnant=d4", v);
  CHECK(test::resolve_text(one, "P@e4").error == MoveError::none);
  CHECK(test::resolve_text(one, "P@e4").message.empty());
}

TEST_CASE("an ambiguous castling gating is named in words", "[rules][san]") {
  const Variant& v = test::variant("seirawan");
  const Position pos =
      test::from_fen("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[EHeh] w KQkq - 0 1", v);
  const Resolution r = test::resolve_text(pos, "O-O-O/H");
  CHECK(r.error == MoveError::ambiguous);
  CHECK(r.message ==
        "castling queen side is ambiguous: the piece may be gated on e1 a1; write the square "
        "(such as /He1)");
}
