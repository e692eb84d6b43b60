// The quick paths of the rule components (components*.cpp) against plain references: the answer
// a component gives from bit sets, or by looking at fewer squares, is the one a square-by-square
// look at the whole board gives, on many random positions of every catalog variant.
#include <catch2/catch.hpp>

#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>

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

namespace {

// Compares the full-file ban's answers on `v` (with and without bit boards) with the plain
// rule, on boards filled at random until whole files are full.
void check_full_file_ban(const Variant& v, test::Random& random) {
  const auto ban = make_full_file_ban();
  const Move no_move;
  INFO(v.id << " " << v.files << "x" << v.ranks);
  const Variant slow_variant(v.spec(), Variant::Geometry::squares_only);
  int allowed = 0, refused = 0;
  for (int board = 0; board < 40; ++board) {
    Position fast = Position::start(v);
    Position slow = Position::start(slow_variant);
    for (int edit = 0; edit < 3 * v.files * v.ranks; ++edit) {
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

// FIDE chess on a board of `files` x `ranks` squares, two kings to start with.
Variant chess_on(int files, int ranks) {
  VariantSpec v = test::variant("chess").spec();
  v.id = "chess-" + std::to_string(files) + "x" + std::to_string(ranks);
  v.files = files;
  v.ranks = ranks;
  std::string placement = "k" + std::to_string(files - 1);
  for (int r = 1; r < ranks - 1; ++r) placement += "/" + std::to_string(files);
  v.start_fen = placement + "/K" + std::to_string(files - 1) + " w - - 0 1";
  return Variant(std::move(v));
}

}  // namespace

TEST_CASE("full-file ban: the answer from bit sets is the square-by-square answer",
          "[rules][components]") {
  test::Random random{20261126};
  for (const Variant* v : catalog::all_variants())
    if (!v->layer_rule) check_full_file_ban(*v, random);  // put() and remove() are enough
  // Boards whose ranks fill the 64-bit words differently: less than a word, a word and a half,
  // two words, ranks of 4 and 16 squares.
  for (const auto& [files, ranks] : {std::pair{8, 6}, {4, 8}, {4, 5}, {16, 8}, {16, 6}, {8, 16}})
    check_full_file_ban(chess_on(files, ranks), random);
}

namespace {

// The component of `v` called `name` (which must exist).
const RuleComponent& component_named(const Variant& v, std::string_view name) {
  for (const auto& c : v.components)
    if (c->name() == name) return *c;
  FAIL("no component " << name << " in " << v.id);
  throw std::logic_error("unreachable");
}

// Reproduction's may_generate(), square by square: whether a move of `piece` to `to` may be a
// birth (a pregnant queen of the side to move that moves, or a pawn placed beside one).
bool may_be_birth(const Position& pos, PieceType piece, Square to, bool vacated_only) {
  const Variant& v = pos.variant();
  const Color us = pos.side_to_move();
  const PieceType queen = v.piece_by_san_letter('Q'), pawn = v.pawn_type();
  if (pos.count(us, queen) == 0 || pos.count(us, pawn) >= 8) return false;
  auto pregnant_queen_on = [&](int f, int r) {
    if (f < 0 || f >= v.files || r < 0 || r >= v.ranks) return false;
    return pos.at(make_square(f, r)) == make_piece(us, queen) && pos.marked(make_square(f, r));
  };
  bool found = false;
  if (piece == queen) {
    for (int r = 0; r < v.ranks; ++r)
      for (int f = 0; f < v.files; ++f) found = found || pregnant_queen_on(f, r);
  } else if (piece == pawn && !vacated_only && pos.at(to).empty()) {
    const int f = file_of(to), r = rank_of(to);
    found = pregnant_queen_on(f + 1, r) || pregnant_queen_on(f - 1, r) ||
            pregnant_queen_on(f, r + 1) || pregnant_queen_on(f, r - 1);
  }
  return found;
}

// The first difference between two move lists, or "".
std::string list_difference(const MoveList& a, const MoveList& b) {
  if (a.size() != b.size())
    return std::to_string(a.size()) + " moves instead of " + std::to_string(b.size());
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!(a[i] == b[i])) return "move " + std::to_string(i) + " differs";
  return "";
}

}  // namespace

TEST_CASE("reproduction: births and passes from bit sets are those found square by square",
          "[rules][components]") {
  for (const std::string id : {"reproduction", "reproduction-vacated"}) {
    const Variant& v = test::variant(id);
    INFO(id);
    const RuleComponent& births = component_named(v, "reproduction");
    std::size_t pregnant = 0, maybe = 0;
    test::compare_without_bitboards(
        v, 11, 12, 120, [&](const Position& fast, const Position& slow, std::size_t& compared) {
          MoveList fast_moves, slow_moves;
          births.generate(fast, fast_moves);
          births.generate(slow, slow_moves);
          if (std::string d = list_difference(fast_moves, slow_moves); !d.empty())
            return "generate(): " + d;
          for (int r = 0; r < v.ranks; ++r) {
            for (int f = 0; f < v.files; ++f) {
              const Square to = make_square(f, r);
              pregnant += fast.marked(to);
              MoveList fast_to, slow_to;
              births.generate_to(fast, to, fast_to);
              births.generate_to(slow, to, slow_to);
              if (std::string d = list_difference(fast_to, slow_to); !d.empty())
                return "generate_to(" + square_name(to) + "): " + d;
              for (PieceType t = 0; t < v.pieces.size(); ++t) {
                const bool want = may_be_birth(fast, t, to, id == "reproduction-vacated");
                ++compared;
                maybe += want;
                if (births.may_generate(fast, t, to) != want ||
                    births.may_generate(slow, t, to) != want)
                  return "may_generate(" + v.pieces[t].name + ", " + square_name(to) + ")";
              }
            }
          }
          return std::string();
        });
    CHECK(pregnant > 0);
    CHECK(maybe > 0);
  }
}

TEST_CASE("chain births: a piece leaves the one after the first place of its letter",
          "[rules][components]") {
  const Variant& v = test::variant("chess");
  const auto chain = make_chain_births("NBNR");  // N leaves B (not R), B leaves N, R nothing
  const Position start = Position::start(v);
  auto left_behind = [&](const std::string& from, const std::string& to) {
    Move m;
    m.from = test::sq(from);
    m.to = test::sq(to);
    m.piece = start.at(m.from).type();
    Position after = start;
    const Piece mover = after.at(m.from);
    after.remove(m.from);
    after.put(m.to, mover);
    chain->apply(start, m, after, nullptr);
    const Piece born = after.at(m.from);
    return born.empty() ? '-' : v.pieces[born.type()].letter;
  };
  // Only the rule is asked: the pieces are moved by hand, paths are not looked at.
  CHECK(left_behind("g1", "f3") == 'B');
  CHECK(left_behind("c1", "e3") == 'N');
  CHECK(left_behind("a1", "a3") == '-');  // R is the last letter
  CHECK(left_behind("e2", "e4") == '-');  // no P in the chain
}

namespace {

// The catacomb moves, square by square (the catacombs' generate() before it asked
// find_origins()): for each bishop of the side to move in board order, its move from one
// catacomb square to the other, then its moves onto `a` or `b` that go on to the other, free one.
MoveList catacomb_moves(const Position& pos, Square a, Square b) {
  const Variant& v = pos.variant();
  const Piece own = make_piece(pos.side_to_move(), v.piece_by_san_letter('B'));
  MoveList out;
  for (int r = 0; r < v.ranks; ++r) {
    for (int f = 0; f < v.files; ++f) {
      const Square from = make_square(f, r);
      if (pos.at(from) != own) continue;
      const Square across = from == a ? b : a;
      if ((from == a || from == b) && pos.at(across).empty()) {
        Move m;
        m.from = from;
        m.to = across;
        m.piece = own.type();
        out.push_back(m);
      }
      for (Square target : {a, b}) {
        const Square exit = target == a ? b : a;
        MoveList reach;
        generate_piece_moves_to(pos, from, target, reach);
        if (!pos.at(exit).empty() && exit != from) continue;
        for (Move m : reach) {
          m.relocation = exit;
          out.push_back(m);
        }
      }
    }
  }
  return out;
}

}  // namespace

TEST_CASE("reenterent catacombs: the moves of the bishops that may reach them are all the moves",
          "[rules][components]") {
  const Variant& v = test::variant("reenterent");
  const RuleComponent& catacombs = component_named(v, "catacombs");
  const Square c4 = test::sq("c4"), c5 = test::sq("c5");
  std::size_t moves_seen = 0;
  auto difference = [&](const Position& fast, const Position& slow) {
    const MoveList want = catacomb_moves(fast, c4, c5);
    moves_seen += want.size();
    MoveList fast_moves, slow_moves;
    catacombs.generate(fast, fast_moves);
    catacombs.generate(slow, slow_moves);
    if (std::string d = list_difference(fast_moves, want); !d.empty()) return "bit sets: " + d;
    if (std::string d = list_difference(slow_moves, want); !d.empty()) return "squares: " + d;
    return std::string();
  };
  // Random games (some bishops), then random boards (many, on and around c4 and c5).
  test::compare_without_bitboards(
      v, 5, 12, 120, [&](const Position& fast, const Position& slow, std::size_t& compared) {
        ++compared;
        return difference(fast, slow);
      });
  CHECK(moves_seen > 0);
  const Variant slow_variant(v.spec(), Variant::Geometry::squares_only);
  test::Random random{4711};
  for (int board = 0; board < 200; ++board) {
    Position fast = Position::start(v), slow = Position::start(slow_variant);
    for (int edit = 0; edit < 60; ++edit) {
      edit_at_random(fast, slow, random);
      const Color side = random.below(2) ? Color::white : Color::black;
      fast.set_side_to_move(side);
      slow.set_side_to_move(side);
      INFO("position " << fast.fen());
      REQUIRE(difference(fast, slow) == "");
    }
  }
  CHECK(moves_seen > 1000);
}

TEST_CASE("reenterent re-entry: the re-entry square never holds more than one piece",
          "[rules][components]") {
  // Re-entry's apply() empties the square by taking off first_in_hand() alone.
  const Variant& v = test::variant("reenterent");
  std::size_t waiting = 0;
  test::compare_without_bitboards(
      v, 3, 30, 150, [&](const Position& fast, const Position&, std::size_t& compared) {
        ++compared;
        waiting += fast.hand_total();
        return fast.hand_total() <= 1 ? std::string() : "more than one piece waits";
      });
  CHECK(waiting > 0);
}

TEST_CASE("maxim portals: regions walled off found from bit sets are those found square by square",
          "[rules][components]") {
  for (const std::string options : {"", "portal-diagonal-fill"}) {
    const Variant& v = test::variant("maxim", options);
    INFO("maxim [" << options << "]");
    const RuleComponent& portals = component_named(v, "portals");
    test::Random random{99};
    std::size_t allowed = 0, refused = 0;
    test::compare_without_bitboards(
        v, 17, 10, 160, [&](const Position& fast, const Position& slow, std::size_t& compared) {
          for (int pair = 0; pair < 40; ++pair) {
            Move m;  // a declaration of portals on two empty squares
            m.pair_a =
                make_square(static_cast<int>(random.below(8)), static_cast<int>(random.below(8)));
            m.pair_b =
                make_square(static_cast<int>(random.below(8)), static_cast<int>(random.below(8)));
            if (m.pair_a == m.pair_b || !fast.at(m.pair_a).empty() || !fast.at(m.pair_b).empty())
              continue;
            const bool want = portals.allows(slow, m, slow);
            ++compared;
            ++(want ? allowed : refused);
            if (portals.allows(fast, m, fast) != want)
              return "portals on " + square_name(m.pair_a) + " and " + square_name(m.pair_b);
          }
          return std::string();
        });
    CHECK(allowed > 0);
    CHECK(refused > 0);
  }
}
