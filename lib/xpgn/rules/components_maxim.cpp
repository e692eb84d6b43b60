// Maxim chess: stacks (two friendly pieces on a square, pushes), portals, pawns leaving the game
// on the last rank.
#include <algorithm>

#include "xpgn/rules/components.hpp"
#include "xpgn/rules/movegen.hpp"

namespace xpgn::rules {
namespace {

class LastRankRemoval final : public RuleComponent {
 public:
  std::string_view name() const override { return "last-rank removal"; }
  Declaration declaration() const override { return {.hooks = hook_apply}; }

  void apply(const Position& before, const Move& move, Position& after,
             EffectList* effects) const override {
    if (move.kind != MoveKind::normal && move.kind != MoveKind::en_passant) return;
    const Variant& v = before.variant();
    const Color us = before.side_to_move();
    const Square end = move.relocation != no_square ? move.relocation : move.to;
    remove_if_last_rank(v, after, end, make_piece(us, move.piece), effects);
    if (move.push != no_square) {
      const Piece pushed = after.at(move.push);
      if (!pushed.empty()) remove_if_last_rank(v, after, move.push, pushed, effects);
    }
  }

 private:
  // Takes `p` off `s` (and out of the game) when it is a pawn on its last rank.
  static void remove_if_last_rank(const Variant& v, Position& after, Square s, Piece p,
                                  EffectList* effects) {
    if (!v.pieces[p.type()].pawn || v.relative_rank(s, p.color()) != v.ranks - 1) return;
    remove_from_game(after, s, p, effects);
  }

  // Takes `p` off `s`, if it stands there. Kept out of apply(), so that the other moves need
  // no registers saved for it.
  [[gnu::noinline]] static void remove_from_game(Position& after, Square s, Piece p,
                                                 EffectList* effects) {
    if (after.at(s) != p && after.under(s) != p) return;
    after.lift(s, p);
    if (effects) effects->push_back({EffectKind::piece_removed, s, no_square, p});
  }
};

class Portals final : public RuleComponent, public PairOwner, public FenFieldOwner {
 public:
  explicit Portals(bool diagonal_fill) : diagonal_fill_(diagonal_fill) {}
  std::string_view name() const override { return "portals"; }
  // A colour's portals are its Position::pair. A teleport may bring a pawn back towards its
  // first rank.
  Declaration declaration() const override {
    return {.hooks = hook_apply | hook_allows,
            .pair = this,
            .fen_field = this,
            .refines_moves = true,
            .may_move_pawns_back = true};
  }
  std::string_view pair_name() const override { return "portal"; }
  // A move ending on a portal goes on to its partner (no portals in the position: no partner).
  bool refine_move(const Position& pos, Move& move, bool, MoveList&) const override {
    const Square partner = pos.pair_partner(move.to);
    if (partner != no_square) move.relocation = partner;
    return false;
  }
  // The pairs, in the FEN field "portals=": White's and Black's, "c5,f5/-".
  std::string_view fen_field() const override { return "portals"; }

  std::string read_fen_field(Position& pos, std::string_view text) const override {
    const std::size_t slash = text.find('/');
    const std::string_view sides[2] = {
        text.substr(0, slash), slash == std::string_view::npos ? "-" : text.substr(slash + 1)};
    for (int c = 0; c < 2; ++c) {
      const std::string_view side = sides[c];
      if (side == "-" || side.empty()) continue;
      const std::size_t comma = side.find(',');
      const Square a = parse_square(side.substr(0, comma), pos.variant());
      const Square b = comma == std::string_view::npos
                           ? no_square
                           : parse_square(side.substr(comma + 1), pos.variant());
      if (a == no_square || b == no_square || a == b || !pos.at(a).empty() || !pos.at(b).empty())
        return "portals: '" + std::string(side) + "' must name two different empty squares";
      for (Square s : pos.pair(Color::white))
        if (c == 1 && (s == a || s == b))
          return "portals: White and Black cannot share a portal square";
      pos.set_pair(c == 0 ? Color::white : Color::black, std::min(a, b), std::max(a, b));
    }
    return {};
  }

  std::string write_fen_field(const Position& pos) const override {
    if (pos.pair(Color::white)[0] == no_square && pos.pair(Color::black)[0] == no_square) return {};
    std::string text;
    for (Color c : {Color::white, Color::black}) {
      if (c == Color::black) text += '/';
      const auto& pair = pos.pair(c);
      text += pair[0] == no_square ? "-" : square_name(pair[0]) + "," + square_name(pair[1]);
    }
    return text;
  }

  void apply(const Position& before, const Move& move, Position& after,
             EffectList* effects) const override {
    const Color us = before.side_to_move();
    // A teleport: the move ended on a portal and generation sent the piece to its partner.
    if (move.relocation != no_square && before.pair_partner(move.to) == move.relocation) {
      const Color owner = before.pair_owner(move.to);
      if (effects) {
        effects->push_back(
            {EffectKind::teleported, move.to, move.relocation, make_piece(us, move.piece)});
        effects->push_back({EffectKind::portal_vanished, move.to, no_square, no_piece});
        effects->push_back({EffectKind::portal_vanished, move.relocation, no_square, no_piece});
      }
      after.set_pair(owner, no_square, no_square);
    }
    if (move.pair_a != no_square) {
      // The mover's earlier pair (if a teleport did not already use it up) is replaced.
      for (Square old : after.pair(us))
        if (effects && old != no_square)
          effects->push_back({EffectKind::portal_vanished, old, no_square, no_piece});
      // Stored in square order, so that a pair has one FEN however the token listed it.
      after.set_pair(us, std::min(move.pair_a, move.pair_b), std::max(move.pair_a, move.pair_b));
      if (effects) {
        effects->push_back({EffectKind::portal_declared, move.pair_a, no_square, no_piece});
        effects->push_back({EffectKind::portal_declared, move.pair_b, no_square, no_piece});
      }
    }
  }

  bool allows(const Position& before, const Move& move, const Position& after) const override {
    Square where = no_square;
    return refusal(before, move, after, where) == Refusal::none;
  }

  std::string why_forbidden(const Position& before, const Move& move,
                            const Position& after) const override {
    Square s = no_square;
    switch (refusal(before, move, after, s)) {
      case Refusal::none:
        return {};
      case Refusal::not_two_squares:
        return "portals must be two different squares of the board";
      case Refusal::not_empty:
        return "portal square " + square_name(s) + " is not empty";
      case Refusal::opponents_portal:
        return "portal square " + square_name(s) + " is the opponent's portal";
      case Refusal::walled_off:
        return "portal square " + square_name(s) +
               " lies in a region walled off by the opponent's pieces";
    }
    return {};
  }

 private:
  // Why a portal declaration may not be made (see why_forbidden()).
  enum class Refusal : std::uint8_t {
    none,
    not_two_squares,
    not_empty,
    opponents_portal,
    walled_off
  };

  // Whether the portals `move` declares (if any) may be declared, and if not, why; `where` is
  // set to the portal square refused.
  Refusal refusal(const Position& before, const Move& move, const Position& after,
                  Square& where) const {
    if (move.pair_a == no_square) return Refusal::none;
    const Color us = before.side_to_move();
    const Variant& v = before.variant();
    if (move.pair_a == move.pair_b || !v.on_board(move.pair_a) || !v.on_board(move.pair_b))
      return Refusal::not_two_squares;
    for (Square s : {move.pair_a, move.pair_b}) {
      where = s;
      if (!after.at(s).empty()) return Refusal::not_empty;
      for (Square theirs : after.pair(opposite(us)))
        if (theirs == s) return Refusal::opponents_portal;
      if (!region_has_own_piece(after, s, us)) return Refusal::walled_off;
    }
    return Refusal::none;
  }

  // True when a piece of `us` can be reached from `start` through squares without enemy
  // pieces (in four directions, or eight with diagonal_fill_).
  bool region_has_own_piece(const Position& pos, Square start, Color us) const {
    const Variant& v = pos.variant();
    if (v.bitboards && !v.wide_bits && v.files * v.ranks <= 64)
      return region_has_own_piece_bits(pos, start, us);
    return region_has_own_piece_squares(pos, start, us);
  }

  // region_has_own_piece() on 64-bit sets: the region grows by a step in every direction at
  // a time, never onto an enemy piece, until it holds a piece of `us` or stops growing.
  bool region_has_own_piece_bits(const Position& pos, Square start, Color us) const {
    const Variant& v = pos.variant();
    const int files = v.files, squares = v.files * v.ranks;
    const std::uint64_t board =
        squares == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << squares) - 1;
    // The first file: bit 0 copied a rank up, then two ranks, four... (squares <= 64, so every
    // shift is below 64), cut to the board.
    std::uint64_t first_file = 1;
    for (int width = files; width < squares; width *= 2) first_file |= first_file << width;
    first_file &= board;
    const std::uint64_t last_file = first_file << (files - 1);
    const std::uint64_t not_first = ~first_file, not_last = ~last_file;
    const std::uint64_t open = board & ~pos.occupied(opposite(us));
    const std::uint64_t own = pos.occupied(us);
    std::uint64_t region = std::uint64_t{1} << v.bit_of[start];
    for (;;) {
      if (region & own) return true;
      std::uint64_t grown = region | ((region << 1) & not_first) | ((region >> 1) & not_last) |
                            (region << files) | (region >> files);
      if (diagonal_fill_)
        grown |= ((region << (files + 1)) & not_first) | ((region << (files - 1)) & not_last) |
                 ((region >> (files - 1)) & not_first) | ((region >> (files + 1)) & not_last);
      grown = region | (grown & open);
      if (grown == region) return false;
      region = grown;
    }
  }

  // region_has_own_piece() square by square: a flood fill from `start` through squares without
  // enemy pieces; true once a square with a piece of `us` is reached.
  bool region_has_own_piece_squares(const Position& pos, Square start, Color us) const {
    const Variant& v = pos.variant();
    std::array<bool, square_count> seen{};
    std::array<Square, square_count> queue{};
    int head = 0, tail = 0;
    queue[tail++] = start;
    seen[start] = true;
    static constexpr int dirs[8][2] = {{1, 0}, {-1, 0}, {0, 1},  {0, -1},
                                       {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    const int directions = diagonal_fill_ ? 8 : 4;
    while (head < tail) {
      const Square s = queue[head++];
      const Piece p = pos.at(s);
      if (!p.empty() && p.color() == us) return true;
      for (int d = 0; d < directions; ++d) {
        const int f = file_of(s) + dirs[d][0], r = rank_of(s) + dirs[d][1];
        if (f < 0 || f >= v.files || r < 0 || r >= v.ranks) continue;
        const Square t = make_square(f, r);
        if (seen[t]) continue;
        const Piece q = pos.at(t);
        if (!q.empty() && q.color() != us) continue;  // enemy pieces wall the region
        seen[t] = true;
        queue[tail++] = t;
      }
    }
    return false;
  }

  bool diagonal_fill_;
};

// Stacks: a piece may move onto one friendly piece and share its square (Position::under holds
// the earlier arrival). Capturing a stack takes the lower piece and pushes the upper one to an
// empty orthogonal neighbour that is no portal, or takes it too when there is none.
class Stacks final : public RuleComponent, public LayerOwner {
 public:
  std::string_view name() const override { return "stacks"; }
  Declaration declaration() const override {
    return {.hooks = 0, .layer = this, .refines_moves = true};
  }

  std::string layer_refuses(Square s, Piece lower, Piece upper) const override {
    if (lower.color() == upper.color()) return {};
    return "square " + square_name(s) + ": a stack holds two pieces of one side";
  }

  // Capturing a stack: one move per push square (none: the plain move takes both).
  bool refine_move(const Position& pos, Move& move, bool mover_alone,
                   MoveList& out) const override {
    return !pos.under(move.to).empty() && add_pushes(pos, move, mover_alone, out);
  }

  // The piece that came first is taken, the other pushed to the move's push square or taken.
  void capture_layered(const Move& move, Position& after, EffectList* effects) const override {
    const Piece lower = after.under(move.to);
    const Piece upper = after.at(move.to);
    after.lift(move.to, lower);
    after.lift(move.to, upper);
    if (effects) effects->push_back({EffectKind::capture, move.to, no_square, lower});
    if (move.push != no_square) {
      after.land(move.push, upper);
      if (effects) effects->push_back({EffectKind::pushed, move.to, move.push, upper});
    } else if (effects) {
      effects->push_back({EffectKind::capture, move.to, no_square, upper});
    }
  }

  // A king on top of a stack is pushed aside, and lost only when there is nowhere to go.
  bool royal_survives(const Position& pos, Square s, Color by) const override {
    const Variant& v = pos.variant();
    if ((v.royal_types >> pos.under(s).type()) & 1u) return false;  // the lower piece is taken
    int index = 0;
    if (next_push_square(pos, s, no_square, index) != no_square) return true;
    // Boxed in: a lone attacker on an orthogonal neighbour leaves its square free for the push.
    // The king is lost only to an attacker from elsewhere, so those neighbours are replaced by
    // inert pieces of the king's side (which still block lines through them) and looked again.
    Position probe = pos;
    const Color own = pos.at(s).color();
    bool replaced = false;
    for (const auto& d : dirs) {
      const Square n = neighbour(v, s, d);
      if (n == no_square) continue;
      const Piece q = pos.at(n);
      if (q.empty() || q.color() != by || !pos.under(n).empty()) continue;
      if (pos.pair_partner(n) != no_square) continue;
      probe.remove(n);
      probe.put(n, make_piece(own, v.pawn_type() != no_piece_type ? v.pawn_type() : q.type()));
      replaced = true;
    }
    return replaced && !is_attacked(probe, s, by);
  }

 private:
  static constexpr int dirs[4][2] = {{0, 1}, {1, 0}, {0, -1}, {-1, 0}};

  // The moves of refine_move() for a move onto a square with two pieces (none when they are
  // the mover's own). Kept out of refine_move(), so that the moves onto other squares need no
  // registers saved for it.
  [[gnu::noinline]] static bool add_pushes(const Position& pos, const Move& move, bool mover_alone,
                                           MoveList& out) {
    if (pos.at(move.to).color() == pos.at(move.from).color()) return false;
    const Square vacated = mover_alone ? move.from : no_square;
    int index = 0;
    bool any = false;
    for (Square p = next_push_square(pos, move.to, vacated, index); p != no_square;
         p = next_push_square(pos, move.to, vacated, index)) {
      Move pushed = move;
      pushed.push = p;
      out.push_back(pushed);
      any = true;
    }
    return any;
  }

  // The square one step from `s` in direction `d`, or no_square off the board.
  static Square neighbour(const Variant& v, Square s, const int (&d)[2]) {
    const int f = file_of(s) + d[0], r = rank_of(s) + d[1];
    return f < 0 || r < 0 || f >= v.files || r >= v.ranks ? no_square : make_square(f, r);
  }

  // The next square (from direction `index` on) the upper piece of the stack on `s` may be
  // pushed to: an empty orthogonal neighbour that is no portal (`vacated` counts as empty: the
  // capturer just left it); no_square when there is none.
  static Square next_push_square(const Position& pos, Square s, Square vacated, int& index) {
    for (; index < 4; ++index) {
      const Square t = neighbour(pos.variant(), s, dirs[index]);
      if (t == no_square) continue;
      if ((pos.at(t).empty() || t == vacated) && pos.pair_partner(t) == no_square) {
        ++index;
        return t;
      }
    }
    return no_square;
  }
};

}  // namespace

std::shared_ptr<const RuleComponent> make_stacks() {
  return std::make_shared<Stacks>();
}

std::shared_ptr<const RuleComponent> make_last_rank_removal() {
  return std::make_shared<LastRankRemoval>();
}

std::shared_ptr<const RuleComponent> make_portals(bool diagonal_fill) {
  return std::make_shared<Portals>(diagonal_fill);
}

}  // namespace xpgn::rules
