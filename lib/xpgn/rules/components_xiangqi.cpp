// The xiangqi family's rules (components_xiangqi.hpp).
#include "xpgn/rules/components_xiangqi.hpp"

#include <algorithm>
#include <array>
#include <bitset>

#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/position.hpp"
#include "xpgn/rules/refusal.hpp"

namespace xpgn::rules {
namespace {

constexpr int max_types = 32;

// Regions and sideways steps (make_mobility()).
class Mobility final : public RuleComponent {
 public:
  explicit Mobility(MobilitySpec spec) : spec_(std::move(spec)) {
    sideways_from_.fill(-1);
    for (const auto& r : spec_.regions) {
      confined_ |= 1u << r.piece;
      has_region_ |= 1u << r.piece;
      for (int c = 0; c < 2; ++c)
        for (Square s : r.squares[c]) regions_[r.piece][c].set(s);
    }
    for (const auto& s : spec_.sideways) {
      sideways_from_[s.piece] = static_cast<std::int8_t>(s.rank);
      confined_ |= 1u << s.piece;
    }
  }
  std::string_view name() const override { return "mobility"; }
  Declaration declaration() const override { return {.hooks = 0, .refines_moves = true}; }

  // Drops a move that ends outside the mover's region, or a sideways step short of its rank.
  bool refine_move(const Position& pos, Move& move, bool, MoveList&) const override {
    if (!((confined_ >> move.piece) & 1u) || move.kind != MoveKind::normal) return false;
    const Color c = pos.at(move.from).color();
    return !allowed(pos.variant(), move.piece, c, move.from, move.to);
  }

  // Why a token of a confined piece found no move: its target lies outside the region, or it is
  // a sideways step short of the rank.
  std::string why_no_move(const Position& pos, const SanToken& token) const override {
    const Variant& v = pos.variant();
    if (token.kind != TokenKind::move || !token.to.complete() || token.to.file >= v.files ||
        token.to.rank >= v.ranks)
      return {};
    const Square to = make_square(token.to.file, token.to.rank);
    const Color us = pos.side_to_move();
    PieceType type = no_piece_type;
    if (token.piece) {
      type = v.piece_by_san_letter(token.piece);
    } else if (token.from.complete()) {
      const Piece p = pos.at(make_square(token.from.file, token.from.rank));
      if (!p.empty() && p.color() == us) type = p.type();
    }
    if (type == no_piece_type || !((confined_ >> type) & 1u)) return {};
    const std::string piece = v.pieces[type].name;
    for (const auto& r : spec_.regions)
      if (r.piece == type && !regions_[type][index_of(us)][to])
        return "the " + piece + " stays " + (r.name.starts_with("side") ? "on" : "in") + " its " +
               r.name + " (" + square_name(to) + " is not in it)";
    if (sideways_from_[type] >= 0)
      for (int df : {-1, 1}) {
        const int f = token.to.file + df;
        if (f < 0 || f >= v.files) continue;
        const Square from = make_square(f, token.to.rank);
        if (pos.at(from) == make_piece(us, type) &&
            v.relative_rank(from, us) < sideways_from_[type])
          return "a " + piece + " steps sideways only from its rank " +
                 std::to_string(sideways_from_[type] + 1) + " on (once across the river)";
      }
    return {};
  }

  std::string validate(const Variant& v) const override {
    for (const auto& r : spec_.regions) {
      if (r.piece >= v.pieces.size()) return "a region names no piece of the variant";
      for (const auto& squares : r.squares)
        for (Square s : squares)
          if (!v.on_board(s)) return "region square " + square_name(s) + " lies off the board";
    }
    for (const auto& s : spec_.sideways)
      if (s.piece >= v.pieces.size() || s.rank < 0 || s.rank >= v.ranks)
        return "a sideways rule names no piece or a rank off the board";
    return {};
  }

 private:
  // True when a piece of `type` and colour `c` may move from `from` to `to` by this rule.
  bool allowed(const Variant& v, PieceType type, Color c, Square from, Square to) const {
    if (((has_region_ >> type) & 1u) && !regions_[type][index_of(c)][to]) return false;
    const int rank = sideways_from_[type];
    return rank < 0 || rank_of(from) != rank_of(to) || v.relative_rank(from, c) >= rank;
  }

  MobilitySpec spec_;
  std::uint32_t confined_ = 0;
  std::array<std::int8_t, max_types> sideways_from_{};
  std::uint32_t has_region_ = 0;
  std::array<std::array<std::bitset<square_count>, 2>, max_types> regions_{};
};

// The flying general (make_flying_general()); its facing test is facing_royals_file().
class FlyingGeneral final : public RuleComponent {
 public:
  std::string_view name() const override { return "flying general"; }
  Declaration declaration() const override { return {.hooks = hook_allows}; }

  bool allows(const Position&, const Move&, const Position& after) const override {
    return facing_royals_file(after) < 0;
  }
  std::string why_forbidden(const Position&, const Move&, const Position& after) const override {
    const int file = facing_royals_file(after);
    if (file < 0) return {};
    return std::string("the generals would face each other on the ") +
           static_cast<char>('a' + file) + "-file";
  }
  std::string validate(const Variant& v) const override {
    return v.royal_types != 0 ? "" : "the variant has no royal piece";
  }
};

// No attackers left on either side (make_no_attackers_draw()).
class NoAttackersDraw final : public EndRule {
 public:
  explicit NoAttackersDraw(std::string attackers) : attackers_(std::move(attackers)) {}
  std::string_view name() const override { return "insufficient material"; }
  Outcome judge(const Position& pos, const History&) const override {
    Outcome out;
    const Variant& v = pos.variant();
    for (char letter : attackers_) {
      const PieceType t = v.piece_by_san_letter(letter);
      if (t == no_piece_type) continue;
      if (pos.count(Color::white, t) + pos.count(Color::black, t) > 0) return out;
    }
    if (pos.hand_total() == 0) out.termination = Termination::insufficient_material;
    return out;
  }

 private:
  std::string attackers_;
};

}  // namespace

int facing_royals_file(const Position& pos) {
  if (pos.royal_count(Color::white) != 1 || pos.royal_count(Color::black) != 1) return -1;
  const Square a = pos.royal_square(Color::white, 0);
  const Square b = pos.royal_square(Color::black, 0);
  if (file_of(a) != file_of(b)) return -1;
  const int lo = std::min(rank_of(a), rank_of(b)), hi = std::max(rank_of(a), rank_of(b));
  for (int r = lo + 1; r < hi; ++r)
    if (!pos.at(make_square(file_of(a), r)).empty()) return -1;
  return file_of(a);
}

std::shared_ptr<const RuleComponent> make_mobility(MobilitySpec spec) {
  return std::make_shared<Mobility>(std::move(spec));
}

std::shared_ptr<const RuleComponent> make_flying_general() {
  return std::make_shared<FlyingGeneral>();
}

std::shared_ptr<const EndRule> make_no_attackers_draw(std::string attackers) {
  return std::make_shared<NoAttackersDraw>(std::move(attackers));
}

}  // namespace xpgn::rules

// ---- The chasing rule (make_axf_chasing) ----------------------------------------------------
namespace xpgn::rules {
namespace {

using SquareSet = std::bitset<square_count>;

class AxfChasing final : public ChaseRule {
 public:
  explicit AxfChasing(ChaseSpec spec) : spec_(std::move(spec)) {
    for (const auto& r : spec_.regions)
      for (int c = 0; c < 2; ++c) {
        SquareSet& set = regions_[r.piece][c];
        for (Square s : r.squares[c]) set.set(s);
        confined_ |= 1u << r.piece;
      }
  }

  // Follows Fairy-Stockfish's Position::chased() (position.cpp): direct attacks of the moved
  // piece, attacks it unmasks, protectors it pins, attackers it unmasks against the general.
  SquareSet chased(const Position& before, const Move& move, const Position& after) const override {
    SquareSet b;
    if (move.from == no_square || move.to == no_square || after.at(move.to).empty()) return b;
    const Color mover = before.side_to_move();
    const Color victim = opposite(mover);
    const Square from = move.from, to = move.to;
    const Square victim_king = king_of(after, victim);
    const Square mover_king = king_of(after, mover);
    const SquareSet occ = occupancy(after);
    const SquareSet victims = pieces_of(after, victim);
    SquareSet exempt;  // the general and the soldiers on their own side of the river
    for (std::size_t i = 0; i < victims.size(); ++i)
      if (victims.test(i)) {
        const Role r = role(after, after.at(static_cast<Square>(i)));
        if (r == Role::king ||
            (r == Role::soldier && !across(after, static_cast<Square>(i), victim)))
          exempt.set(i);
      }
    SquareSet pins = blockers(after, victim);
    if (spec_.flying_general && mover_king != no_square && victim_king != no_square &&
        file_of(victim_king) == file_of(mover_king)) {
      SquareSet on_file;
      for (std::size_t i = 0; i < victims.size(); ++i)
        if (victims.test(i) && file_of(static_cast<Square>(i)) == file_of(mover_king) &&
            static_cast<Square>(i) != victim_king)
          on_file.set(i);
      if (on_file.count() == 1) pins |= on_file;
    }

    // The pieces of `attacks` (the victim's, attacked from `at` by a piece of `type`) chased.
    auto add_chased = [&](Square at, PieceType type, SquareSet attacks) {
      if ((attacks & ~b).none()) return;
      attacks &= ~exempt;
      const Role r = role_of_type(after, type);
      if (r == Role::horse || r == Role::cannon)
        b |= attacks & of_type(after, victims, spec_.chariot);
      if (r == Role::elephant || r == Role::advisor)
        b |= attacks &
             (of_type(after, victims, spec_.chariot) | of_type(after, victims, spec_.cannon) |
              of_type(after, victims, spec_.horse));
      if (r == Role::horse && any_diagonal_neighbour(after, at, occ)) {
        // A horse whose legs differ may attack a horse that cannot attack it back.
        const SquareSet horses = attacks & of_type(after, victims, type);
        for (std::size_t i = 0; i < horses.size(); ++i)
          if (horses.test(i) && attacks_of(after, static_cast<Square>(i), occ).test(at))
            attacks.reset(i);
      } else {
        attacks &= ~of_type(after, victims, type) | pins;
      }
      SquareSet without = occ;
      without.reset(at);
      for (std::size_t i = 0; i < attacks.size(); ++i) {
        if (!attacks.test(i)) continue;
        const Square s = static_cast<Square>(i);
        SquareSet roots = attackers_to(after, s, without, victim) & ~pins;
        SquareSet king_only;
        if (victim_king != no_square) king_only.set(victim_king);
        if (roots.none() ||
            (spec_.flying_general && roots == king_only && mover_king != no_square &&
             line_attacks(after, mover_king, without, false).test(s)))
          b.set(i);
      }
    };

    // Direct attacks: only new ones (a chariot or cannon: not along the line it moved on).
    const Piece moved = after.at(to);
    const Role moved_role = role(after, moved);
    if (moved_role != Role::king && moved_role != Role::soldier) {
      SquareSet direct = attacks_of(after, to, occ) & victims;
      if (moved_role == Role::chariot || moved_role == Role::cannon)
        for (std::size_t i = 0; i < direct.size(); ++i)
          if (direct.test(i) && on_line(static_cast<Square>(i), from, to)) direct.reset(i);
      add_chased(to, moved.type(), direct);
    }

    // Attacks unmasked (or, for a cannon, made by a new screen): horses beside `from`,
    // elephants diagonally beside it, chariots and cannons on its lines, cannons on `to`'s.
    SquareSet was = occ;
    was.set(from);
    if (before.at(to).empty()) was.reset(to);
    const Variant& v = after.variant();
    for (int r = 0; r < v.ranks; ++r)
      for (int f = 0; f < v.files; ++f) {
        const Square s = make_square(f, r);
        const Piece p = after.at(s);
        if (p.empty() || p.color() != mover) continue;
        const Role pr = role(after, p);
        const int df = std::abs(f - file_of(from)), dr = std::abs(r - rank_of(from));
        const bool line_from = (f == file_of(from)) != (r == rank_of(from));
        const bool line_to = (f == file_of(to)) != (r == rank_of(to));
        const bool candidate = (pr == Role::horse && df + dr == 1) ||
                               (pr == Role::elephant && df == 1 && dr == 1) ||
                               ((pr == Role::chariot || pr == Role::cannon) && line_from) ||
                               (pr == Role::cannon && line_to);
        if (!candidate) continue;
        add_chased(s, p.type(), victims & attacks_of(after, s, occ) & ~attacks_of(after, s, was));
      }

    // Protectors newly pinned, and attackers newly unmasked against the general.
    const SquareSet fresh = blockers(after, victim) & ~blockers(before, victim);
    if (fresh.none()) return b;
    const SquareSet mover_blockers = blockers(after, mover);
    SquareSet king_zone;
    if (victim_king != no_square) king_zone = step_attacks(after, victim_king, Role::king, victim);
    for (std::size_t i = 0; i < fresh.size(); ++i) {
      if (!fresh.test(i)) continue;
      const Square s = static_cast<Square>(i);
      const Piece p = after.at(s);
      if (p.empty()) continue;
      if (p.color() == victim) {
        const SquareSet fake = victims & ~exempt & attacks_of(after, s, occ);
        for (std::size_t j = 0; j < fake.size(); ++j)
          if (fake.test(j) &&
              (attackers_to(after, static_cast<Square>(j), occ, mover) & ~mover_blockers).any())
            b.set(j);
      } else {
        const SquareSet hit = attacks_of(after, s, occ) & victims;
        b |= hit & ~king_zone;
        SquareSet without = occ;
        without.reset(s);
        if (victim_king != no_square) without.reset(victim_king);
        for (std::size_t j = 0; j < hit.size(); ++j) {
          if (!hit.test(j) || !king_zone.test(j)) continue;
          SquareSet others = attackers_to(after, static_cast<Square>(j), without, mover);
          others.reset(s);
          if (others.any()) b.set(j);
        }
      }
    }
    return b;
  }

 private:
  enum class Role : std::uint8_t { none, king, advisor, elephant, horse, chariot, cannon, soldier };

  Role role_of_type(const Position& pos, PieceType t) const {
    if (t == no_piece_type) return Role::none;
    if (pos.variant().pieces[t].royal) return Role::king;
    if (t == spec_.chariot) return Role::chariot;
    if (t == spec_.cannon) return Role::cannon;
    if (t == spec_.horse) return Role::horse;
    if (t == spec_.elephant) return Role::elephant;
    if (t == spec_.advisor) return Role::advisor;
    if (t == spec_.soldier) return Role::soldier;
    return Role::none;
  }
  Role role(const Position& pos, Piece p) const {
    return p.empty() ? Role::none : role_of_type(pos, p.type());
  }

  static SquareSet occupancy(const Position& pos) {
    SquareSet out;
    const Variant& v = pos.variant();
    for (int r = 0; r < v.ranks; ++r)
      for (int f = 0; f < v.files; ++f)
        if (!pos.at(make_square(f, r)).empty()) out.set(make_square(f, r));
    return out;
  }
  static SquareSet pieces_of(const Position& pos, Color c) {
    SquareSet out;
    const Variant& v = pos.variant();
    for (int r = 0; r < v.ranks; ++r)
      for (int f = 0; f < v.files; ++f) {
        const Piece p = pos.at(make_square(f, r));
        if (!p.empty() && p.color() == c) out.set(make_square(f, r));
      }
    return out;
  }
  // The squares of `among` holding a piece of type `t`.
  static SquareSet of_type(const Position& pos, const SquareSet& among, PieceType t) {
    SquareSet out;
    if (t == no_piece_type) return out;
    for (std::size_t i = 0; i < among.size(); ++i)
      if (among.test(i) && pos.at(static_cast<Square>(i)).type() == t) out.set(i);
    return out;
  }
  static Square king_of(const Position& pos, Color c) {
    return pos.royal_count(c) == 1 ? pos.royal_square(c, 0) : no_square;
  }
  // True when `s` is on a line (file or rank) through both `a` and `b`.
  static bool on_line(Square s, Square a, Square b) {
    if (file_of(a) == file_of(b)) return file_of(s) == file_of(a);
    if (rank_of(a) == rank_of(b)) return rank_of(s) == rank_of(a);
    return false;
  }
  // True when a soldier of `c` on `s` has crossed the river.
  bool across(const Position& pos, Square s, Color c) const {
    const int rel = c == Color::white ? rank_of(s) : pos.variant().ranks - 1 - rank_of(s);
    return rel >= spec_.soldier_across_rank;
  }
  static bool inside(const Position& pos, int f, int r) {
    return f >= 0 && r >= 0 && f < pos.variant().files && r < pos.variant().ranks;
  }
  static bool any_diagonal_neighbour(const Position& pos, Square s, const SquareSet& occ) {
    for (int df : {-1, 1})
      for (int dr : {-1, 1})
        if (inside(pos, file_of(s) + df, rank_of(s) + dr) &&
            occ.test(make_square(file_of(s) + df, rank_of(s) + dr)))
          return true;
    return false;
  }

  // Chariot (hop false) or cannon (hop true) attacks from `s` over `occ`.
  static SquareSet line_attacks(const Position& pos, Square s, const SquareSet& occ, bool hop) {
    SquareSet out;
    constexpr int dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
    for (const auto& d : dirs) {
      bool screen = false;
      for (int f = file_of(s) + d[0], r = rank_of(s) + d[1]; inside(pos, f, r);
           f += d[0], r += d[1]) {
        const Square t = make_square(f, r);
        if (!occ.test(t)) continue;
        if (!hop || screen) {
          out.set(t);
          break;
        }
        screen = true;
      }
    }
    return out;
  }

  // The attacks of a stepping or leaping role of colour `c` from `s` (no regions: a piece's
  // reach, as Fairy-Stockfish's attacks_bb()).
  SquareSet step_attacks(const Position& pos, Square s, Role r, Color c,
                         const SquareSet* occ = nullptr) const {
    SquareSet out;
    const int f0 = file_of(s), r0 = rank_of(s);
    auto add = [&](int f, int rank) {
      if (inside(pos, f, rank)) out.set(make_square(f, rank));
    };
    auto empty = [&](int f, int rank) {
      return inside(pos, f, rank) && !occ->test(make_square(f, rank));
    };
    switch (r) {
      case Role::king:
        add(f0 + 1, r0), add(f0 - 1, r0), add(f0, r0 + 1), add(f0, r0 - 1);
        break;
      case Role::advisor:
        add(f0 + 1, r0 + 1), add(f0 - 1, r0 + 1), add(f0 + 1, r0 - 1), add(f0 - 1, r0 - 1);
        break;
      case Role::elephant:
        for (int df : {-1, 1})
          for (int dr : {-1, 1})
            if (empty(f0 + df, r0 + dr)) add(f0 + 2 * df, r0 + 2 * dr);
        break;
      case Role::horse:
        for (int d : {-1, 1}) {
          if (empty(f0 + d, r0)) add(f0 + 2 * d, r0 + 1), add(f0 + 2 * d, r0 - 1);
          if (empty(f0, r0 + d)) add(f0 + 1, r0 + 2 * d), add(f0 - 1, r0 + 2 * d);
        }
        break;
      case Role::soldier: {
        add(f0, c == Color::white ? r0 + 1 : r0 - 1);
        if (across(pos, s, c)) add(f0 + 1, r0), add(f0 - 1, r0);
        break;
      }
      default:
        break;
    }
    return out;
  }

  // What the piece on `s` attacks over `occ` (its own pieces' squares included).
  SquareSet attacks_of(const Position& pos, Square s, const SquareSet& occ) const {
    const Piece p = pos.at(s);
    const Role r = role(pos, p);
    if (r == Role::chariot) return line_attacks(pos, s, occ, false);
    if (r == Role::cannon) return line_attacks(pos, s, occ, true);
    if (r == Role::none) return {};
    return step_attacks(pos, s, r, p.color(), &occ);
  }

  // The pieces of `c` that attack `s` over `occ`, each only where its type may stand.
  SquareSet attackers_to(const Position& pos, Square s, const SquareSet& occ, Color c) const {
    SquareSet out;
    const Variant& v = pos.variant();
    for (int r = 0; r < v.ranks; ++r)
      for (int f = 0; f < v.files; ++f) {
        const Square q = make_square(f, r);
        const Piece p = pos.at(q);
        if (p.empty() || p.color() != c || q == s) continue;
        if (((confined_ >> p.type()) & 1u) && !regions_[p.type()][index_of(c)].test(s)) continue;
        if (attacks_of(pos, q, occ).test(s)) out.set(q);
      }
    return out;
  }

  // The pieces (of either side) standing alone between `c`'s general and a chariot of the other
  // side, one or two between it and a cannon, or on the leg of a horse or the eye of an
  // elephant whose attack on the general they block (Fairy-Stockfish's blockers_for_king()).
  SquareSet blockers(const Position& pos, Color c) const {
    SquareSet out;
    const Square k = king_of(pos, c);
    if (k == no_square) return out;
    const SquareSet occ = occupancy(pos);
    const Color them = opposite(c);
    SquareSet snipers, sliding;
    const Variant& v = pos.variant();
    for (int r = 0; r < v.ranks; ++r)
      for (int f = 0; f < v.files; ++f) {
        const Square q = make_square(f, r);
        const Piece p = pos.at(q);
        if (p.empty() || p.color() != them) continue;
        const Role pr = role(pos, p);
        const int df = std::abs(f - file_of(k)), dr = std::abs(r - rank_of(k));
        const bool line = (df == 0) != (dr == 0);
        bool sniper = false;
        if (pr == Role::chariot || pr == Role::cannon) sniper = line;
        if (pr == Role::horse) sniper = (df == 1 && dr == 2) || (df == 2 && dr == 1);
        if (pr == Role::elephant) sniper = df == 2 && dr == 2;
        if (!sniper || attacks_of(pos, q, occ).test(k)) continue;
        snipers.set(q);
        if (pr == Role::chariot) sliding.set(q);
      }
    const SquareSet occupancy_ = occ & ~sliding;
    for (std::size_t i = 0; i < snipers.size(); ++i) {
      if (!snipers.test(i)) continue;
      const Square q = static_cast<Square>(i);
      const Role pr = role(pos, pos.at(q));
      SquareSet between;
      const int df = file_of(q) - file_of(k), dr = rank_of(q) - rank_of(k);
      if (pr == Role::chariot || pr == Role::cannon) {
        const int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
        for (int f = file_of(k) + sf, r = rank_of(k) + sr; make_square(f, r) != q; f += sf, r += sr)
          between.set(make_square(f, r));
      } else if (pr == Role::horse) {
        // The leg: beside the horse, diagonally beside the general.
        if (std::abs(df) == 2)
          between.set(make_square(file_of(q) - df / 2, rank_of(q)));
        else
          between.set(make_square(file_of(q), rank_of(q) - dr / 2));
      } else {
        between.set(make_square(file_of(k) + df / 2, rank_of(k) + dr / 2));
      }
      const bool hop = pr == Role::cannon;
      SquareSet in = between & (hop ? occ : occupancy_);
      if (in.count() == 1 || (hop && in.count() == 2)) out |= in;
    }
    return out;
  }

  ChaseSpec spec_;
  std::array<std::array<SquareSet, 2>, 32> regions_{};
  std::uint32_t confined_ = 0;
};

}  // namespace

std::shared_ptr<const ChaseRule> make_axf_chasing(ChaseSpec spec) {
  return std::make_shared<AxfChasing>(std::move(spec));
}

}  // namespace xpgn::rules
