// The quick paths of the rule components (components*.cpp) against plain references: the answer
// a component gives from bit sets, or by looking at fewer squares, is the one a square-by-square
// look at the whole board gives, on many random positions of every catalog variant.
#include <catch2/catch.hpp>

#include <string>

#include "test_support.hpp"
#include "xpgn/catalog/catalog.hpp"
#include "xpgn/rules/component.hpp"
#include "xpgn/rules/components.hpp"
#include "xpgn/rules/movegen.hpp"

using namespace xpgn;
using namespace xpgn::rules;

namespace {

// The full-file ban's rule, square by square: true when every file has an empty square.
bool every_file_has_an_empty_square(const Position& pos) {
  const Variant& v = pos.variant();
  for (int f = 0; f < v.files; ++f) {
    bool empty = false;
    for (int r = 0; r < v.ranks; ++r) empty = empty || pos.at(make_square(f, r)).empty();
    if (!empty) return false;
  }
  return true;
}

// Edits `fast` and `slow` (the same position of a variant with and without bit boards) alike:
// a random square of the board is emptied (now and then) or given a random piece (mostly), so
// that the board fills up until whole files are full.
void edit_at_random(Position& fast, Position& slow, test::Random& random) {
  const Variant& v = fast.variant();
  const Square s = make_square(static_cast<int>(random.below(static_cast<std::size_t>(v.files))),
                               static_cast<int>(random.below(static_cast<std::size_t>(v.ranks))));
  if (!fast.at(s).empty()) {
    if (random.below(4) != 0) return;
    fast.remove(s);
    slow.remove(s);
    return;
  }
  const Piece p = make_piece(random.below(2) ? Color::white : Color::black,
                             static_cast<PieceType>(random.below(v.pieces.size())));
  fast.put(s, p);
  slow.put(s, p);
}

}  // namespace

TEST_CASE("full-file ban: the answer from bit sets is the square-by-square answer",
          "[rules][components]") {
  const auto ban = make_full_file_ban();
  const Move no_move;
  test::Random random{20261126};
  for (const Variant* v : catalog::all_variants()) {
    if (v->layer_rule) continue;  // one piece a square: put() and remove() are enough
    INFO(v->id << " " << v->files << "x" << v->ranks);
    Variant slow_variant = *v;
    slow_variant.drop_bitboards();
    int allowed = 0, refused = 0;
    for (int board = 0; board < 40; ++board) {
      Position fast = Position::start(*v);
      Position slow = Position::start(slow_variant);
      for (int edit = 0; edit < 3 * v->files * v->ranks; ++edit) {
        edit_at_random(fast, slow, random);
        const bool want = every_file_has_an_empty_square(fast);
        INFO("position " << fast.fen());
        REQUIRE(ban->allows(fast, no_move, fast) == want);
        REQUIRE(ban->allows(slow, no_move, slow) == want);
        ++(want ? allowed : refused);
      }
    }
    CHECK(allowed > 100);
    CHECK(refused > 100);
  }
}
