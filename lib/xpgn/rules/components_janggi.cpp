// Janggi's rules (components_janggi.hpp).
#include "xpgn/rules/components_janggi.hpp"

#include <bitset>

#include "xpgn/rules/components_xiangqi.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/position.hpp"

namespace xpgn::rules {
namespace {

constexpr std::array<std::array<int, 2>, 4> diagonals{{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}};
constexpr std::array<std::array<int, 2>, 4> orthogonals{{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}};

inline bool has(std::uint32_t mask, PieceType t) {
  return (mask >> t) & 1u;
}

// Moves along the palace lines, exclusive hoppers (make_palace_lines()).
class PalaceLines final : public RuleComponent {
 public:
  explicit PalaceLines(PalaceLinesSpec spec) : spec_(std::move(spec)) {
    for (Square s : spec_.points) points_.set(s);
    movers_ = spec_.steps | spec_.forward_steps | spec_.slides | spec_.hops;
    for (PieceType t = 0; t < 32; ++t)
      if (has(spec_.exclusive_hoppers, t)) exclusive_types_.push_back(t);
    // The next point along each diagonal, and each square's orthogonal rays as bit sets
    // (bit = rank * files + file, as Variant::bit_of on a board of at most 128 squares).
    for (auto& n : next_) n.fill(no_square);
    for (Square s : spec_.points)
      for (std::size_t d = 0; d < diagonals.size(); ++d) {
        const int f = file_of(s) + diagonals[d][0], r = rank_of(s) + diagonals[d][1];
        if (f >= 0 && f < spec_.files && r >= 0 && r < spec_.ranks && points_[make_square(f, r)])
          next_[s][d] = make_square(f, r);
      }
    if (spec_.files * spec_.ranks <= 128) {
      // The points joined to each point by lines (its palace's), as bits.
      joined_.resize(static_cast<std::size_t>(spec_.files * spec_.ranks));
      for (Square s : spec_.points) {
        std::vector<Square> todo{s};
        std::bitset<square_count> seen;
        seen.set(s);
        while (!todo.empty()) {
          const Square at = todo.back();
          todo.pop_back();
          add_bit(joined_[bit(s)], static_cast<int>(bit(at)));
          for (Square n : next_[at])
            if (n != no_square && !seen[n]) seen.set(n), todo.push_back(n);
        }
      }
      rays_.resize(static_cast<std::size_t>(spec_.files * spec_.ranks));
      for (int bit = 0; bit < spec_.files * spec_.ranks; ++bit)
        for (std::size_t d = 0; d < orthogonals.size(); ++d)
          for (int f = bit % spec_.files + orthogonals[d][0],
                   r = bit / spec_.files + orthogonals[d][1];
               f >= 0 && f < spec_.files && r >= 0 && r < spec_.ranks;
               f += orthogonals[d][0], r += orthogonals[d][1])
            add_bit(rays_[bit][d], r * spec_.files + f);
    }
  }
  std::string_view name() const override { return "palace lines"; }
  Declaration declaration() const override {
    return {.hooks = hook_generate,
            .refines_moves = spec_.exclusive_hoppers != 0,
            .judges_royals = true,
            .verdict_rests_on_squares = !joined_.empty()};
  }

  // A line attack on a royal piece on a point rests on the points joined to it; the usual
  // attack the verdict also asks for is watched by the engine (and a hop's screen, being on the
  // royal piece's file or rank, with it).
  Bits128 royal_verdict_squares(const Position& pos, Square royal) const override {
    if (royal >= square_count || !points_[royal] || joined_.empty()) return {};
    return joined_[static_cast<std::size_t>(pos.variant().bit_of[royal])];
  }

  // Drops a hop of an exclusive hopper over or onto another exclusive hopper.
  bool refine_move(const Position& pos, Move& move, bool, MoveList&) const override {
    if (!has(spec_.exclusive_hoppers, move.piece) || move.kind != MoveKind::normal) return false;
    return crosses_exclusive(pos, move.from, move.to);
  }

  void generate(const Position& pos, MoveList& out) const override {
    const Color us = pos.side_to_move();
    for (Square s : spec_.points) {
      const Piece p = pos.at(s);
      if (p.empty() || p.color() != us || !has(movers_, p.type())) continue;
      line_moves(pos, s, p, no_square, out);
    }
  }
  void generate_to(const Position& pos, Square to, MoveList& out) const override {
    if (to >= square_count || !points_[to]) return;
    const Color us = pos.side_to_move();
    for (Square s : spec_.points) {
      const Piece p = pos.at(s);
      if (p.empty() || p.color() != us || !has(movers_, p.type())) continue;
      line_moves(pos, s, p, to, out);
    }
  }
  bool may_generate(const Position&, PieceType piece, Square to) const override {
    return has(movers_, piece) && to < square_count && points_[to];
  }
  bool may_generate_type(const Variant&, PieceType piece) const override {
    return has(movers_, piece);
  }

  // Threatened when a piece attacks along a line, or by the usual test unless every attack it
  // sees is the hop of an exclusive hopper over an exclusive screen.
  RoyalVerdict royal_verdict(const Position& pos, Color side) const override {
    const Color by = opposite(side);
    const Variant& v = pos.variant();
    for (int i = 0; i < pos.royal_count(side); ++i) {
      const Square s = pos.royal_square(side, i);
      if (points_[s] && may_attack_on_lines(pos, v, s, by) && line_attacked(pos, s, by))
        return RoyalVerdict::threatened;
    }
    if (!usual_royal_threat(pos, side)) return RoyalVerdict::safe;
    return spec_.exclusive_hoppers ? verdict_past_false_hops(pos, side) : RoyalVerdict::threatened;
  }

  std::string validate(const Variant& v) const override {
    for (Square s : spec_.points)
      if (!v.on_board(s)) return "line point " + square_name(s) + " lies off the board";
    if (v.pieces.size() < 32 && ((movers_ | spec_.exclusive_hoppers) >> v.pieces.size()) != 0)
      return "a line rule names no piece of the variant";
    return {};
  }

 private:
  // The verdict on `side`'s royal pieces, which the usual test finds attacked: safe when every
  // attack it sees is the hop of an exclusive hopper over an exclusive screen. Kept out of
  // royal_verdict(), whose every call would otherwise pay for the frame of its copy.
  [[gnu::noinline]] RoyalVerdict verdict_past_false_hops(const Position& pos, Color side) const {
    const Color by = opposite(side);
    bool false_hops = false;
    for (int i = 0; i < pos.royal_count(side) && !false_hops; ++i)
      false_hops = false_hop_attacker(pos, pos.royal_square(side, i), by) != no_square;
    if (!false_hops) return RoyalVerdict::threatened;
    // Rare: take the hoppers that attack over an exclusive screen off a copy (no other attack
    // runs through their squares: they stand on a file or rank of the royal piece, behind a
    // screen) and ask the usual test there.
    Position copy = pos;
    for (int i = 0; i < copy.royal_count(side); ++i) {
      const Square s = copy.royal_square(side, i);
      for (Square x; (x = false_hop_attacker(copy, s, by)) != no_square;) copy.remove(x);
      if (is_attacked(copy, s, by)) return RoyalVerdict::threatened;
    }
    return RoyalVerdict::safe;
  }

  // True when a piece stands between `from` and `to` (on a file or rank) of an exclusive type,
  // or `to` holds one.
  bool crosses_exclusive(const Position& pos, Square from, Square to) const {
    const Piece target = pos.at(to);
    if (!target.empty() && has(spec_.exclusive_hoppers, target.type())) return true;
    const int df = file_of(to) - file_of(from), dr = rank_of(to) - rank_of(from);
    if (df != 0 && dr != 0) return false;
    const int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
    for (int f = file_of(from) + sf, r = rank_of(from) + sr; f != file_of(to) || r != rank_of(to);
         f += sf, r += sr) {
      const Piece p = pos.at(make_square(f, r));
      if (!p.empty() && has(spec_.exclusive_hoppers, p.type())) return true;
    }
    return false;
  }

  // The next point from `s` along diagonal `d` (an index into `diagonals`), or no_square.
  Square next_point(Square s, std::size_t d) const { return next_[s][d]; }

  // Appends the line moves of `p` on `from` (those ending on `only` when it is a square).
  void line_moves(const Position& pos, Square from, Piece p, Square only, MoveList& out) const {
    const PieceType t = p.type();
    const Color us = p.color();
    auto add = [&](Square to) {
      if (only != no_square && to != only) return;
      Move m;
      m.from = from, m.to = to, m.piece = t;
      out.push_back(m);
    };
    auto open = [&](Square to) {
      const Piece q = pos.at(to);
      return q.empty() || q.color() != us;
    };
    const int forward = us == Color::white ? 1 : -1;
    for (std::size_t i = 0; i < diagonals.size(); ++i) {
      const auto& d = diagonals[i];
      const Square n = next_point(from, i);
      if (n == no_square) continue;
      if ((has(spec_.steps, t) || (has(spec_.forward_steps, t) && d[1] == forward)) && open(n))
        add(n);
      if (has(spec_.slides, t))
        for (Square s = n; s != no_square; s = next_point(s, i)) {
          if (open(s)) add(s);
          if (!pos.at(s).empty()) break;
        }
      if (has(spec_.hops, t)) {
        Square s = n;
        while (s != no_square && pos.at(s).empty()) s = next_point(s, i);
        if (s == no_square) continue;
        const bool exclusive = has(spec_.exclusive_hoppers, t);
        if (exclusive && has(spec_.exclusive_hoppers, pos.at(s).type())) continue;
        for (s = next_point(s, i); s != no_square; s = next_point(s, i)) {
          const Piece q = pos.at(s);
          if (q.empty()) {
            add(s);
            continue;
          }
          if (q.color() != us && !(exclusive && has(spec_.exclusive_hoppers, q.type()))) add(s);
          break;
        }
      }
    }
  }

  // False when no piece of `by` stands on the lines through `s` (a point): every attacker
  // along a line stands on one of its points.
  bool may_attack_on_lines(const Position& pos, const Variant& v, Square s, Color by) const {
    if (!v.bitboards || joined_.empty()) return true;
    return static_cast<bool>(pos.wide_occupied(by) & joined_[v.bit_of[s]]);
  }

  // True when a piece of `by` reaches `s` (a point) along a line.
  bool line_attacked(const Position& pos, Square s, Color by) const {
    const int forward = by == Color::white ? 1 : -1;
    for (std::size_t i = 0; i < diagonals.size(); ++i) {
      // Walk from `s` away along the line; an attacker comes back the other way.
      Square n = next_point(s, i);
      if (n == no_square) continue;
      Piece q = pos.at(n);
      if (!q.empty() && q.color() == by &&
          (has(spec_.steps, q.type()) || has(spec_.slides, q.type()) ||
           (has(spec_.forward_steps, q.type()) && -diagonals[i][1] == forward)))
        return true;
      while (n != no_square && pos.at(n).empty()) n = next_point(n, i);
      if (n == no_square) continue;
      q = pos.at(n);
      if (q.color() == by && has(spec_.slides, q.type())) return true;
      // `n` is the screen of a hop towards `s`.
      const bool screen_exclusive = has(spec_.exclusive_hoppers, q.type());
      Square h = next_point(n, i);
      while (h != no_square && pos.at(h).empty()) h = next_point(h, i);
      if (h == no_square) continue;
      q = pos.at(h);
      if (q.color() == by && has(spec_.hops, q.type()) &&
          !(screen_exclusive && has(spec_.exclusive_hoppers, q.type())))
        return true;
    }
    return false;
  }

  // An exclusive hopper of `by` that the usual test would see attack `s` over an exclusive
  // screen on a file or rank, or no_square.
  Square false_hop_attacker(const Position& pos, Square s, Color by) const {
    const Variant& v = pos.variant();
    int hoppers = 0;
    for (PieceType t : exclusive_types_) hoppers += pos.count(by, t);
    if (hoppers == 0) return no_square;
    if (!v.bitboards || rays_.empty()) return false_hop_attacker_by_squares(pos, s, by);
    const Bits128 occupied = pos.wide_occupied();
    const int bit = v.bit_of[s];
    for (std::size_t d = 0; d < orthogonals.size(); ++d) {
      // Directions 0 and 2 go up the bit order, 1 and 3 down.
      const bool up = d % 2 == 0;
      const Bits128 ray = rays_[static_cast<std::size_t>(bit)][d] & occupied;
      if (!ray) continue;
      const int screen = up ? lowest_bit(ray) : highest_bit(ray);
      if (!has(spec_.exclusive_hoppers, pos.at(v.square_of_bit[screen]).type())) continue;
      const Bits128 beyond = rays_[static_cast<std::size_t>(screen)][d] & occupied;
      if (!beyond) continue;
      const Square at = v.square_of_bit[up ? lowest_bit(beyond) : highest_bit(beyond)];
      const Piece q = pos.at(at);
      if (q.color() == by && has(spec_.exclusive_hoppers, q.type())) return at;
    }
    return no_square;
  }

  // false_hop_attacker() square by square (a board of more than 128 squares).
  Square false_hop_attacker_by_squares(const Position& pos, Square s, Color by) const {
    const Variant& v = pos.variant();
    for (const auto& d : orthogonals) {
      int f = file_of(s) + d[0], r = rank_of(s) + d[1];
      auto inside = [&] { return f >= 0 && f < v.files && r >= 0 && r < v.ranks; };
      while (inside() && pos.at(make_square(f, r)).empty()) f += d[0], r += d[1];
      if (!inside() || !has(spec_.exclusive_hoppers, pos.at(make_square(f, r)).type())) continue;
      f += d[0], r += d[1];
      while (inside() && pos.at(make_square(f, r)).empty()) f += d[0], r += d[1];
      if (!inside()) continue;
      const Piece q = pos.at(make_square(f, r));
      if (q.color() == by && has(spec_.exclusive_hoppers, q.type())) return make_square(f, r);
    }
    return no_square;
  }

  PalaceLinesSpec spec_;
  std::bitset<square_count> points_;
  std::uint32_t movers_ = 0;
  std::vector<PieceType> exclusive_types_;
  std::array<std::array<Square, 4>, square_count> next_{};
  std::vector<std::array<Bits128, 4>> rays_;  // per bit, per orthogonal direction
  std::vector<Bits128> joined_;               // per bit of a point: the points of its lines

  // The bit of `s` (rank * files + file).
  std::size_t bit(Square s) const {
    return static_cast<std::size_t>(rank_of(s) * spec_.files + file_of(s));
  }
};

// The pass of the royal piece (make_royal_pass()).
class RoyalPass final : public RuleComponent, public CounterOwner {
 public:
  explicit RoyalPass(bool bikjang_pass) : bikjang_pass_(bikjang_pass) {}
  std::string_view name() const override { return "pass"; }
  Declaration declaration() const override {
    return {.makes_passes = true,
            .passes_despite_attack = bikjang_pass_,
            .hooks = hook_generate | hook_apply,
            .counters = this,
            .spells_moves = true,
            .counters_outside_key = true};
  }

  // With bikjang_pass: a pass that leaves the general attacked is legal while the generals
  // face each other.
  bool allows_attacked_pass(const Position&, const Move&, const Position& after) const override {
    return bikjang_pass_ && facing_royals_file(after) >= 0;
  }

  // Counter 0 of the mover: 1 when its last move was a pass (the FEN does not say it, as in
  // Fairy-Stockfish's).
  void apply(const Position& before, const Move& move, Position& after,
             EffectList*) const override {
    const Color us = before.side_to_move();
    const int passed = move.kind == MoveKind::pass ? 1 : 0;
    if (after.counter(us, 0) != passed) after.set_counter(us, 0, passed);
  }

  void generate(const Position& pos, MoveList& out) const override {
    const Color us = pos.side_to_move();
    if (pos.royal_count(us) != 1) return;
    const Square k = pos.royal_square(us, 0);
    Move pass;
    pass.kind = MoveKind::pass;
    pass.aux = k;
    pass.piece = pos.at(k).type();
    out.push_back(pass);
  }
  void generate_to(const Position&, Square, MoveList&) const override {}
  bool may_generate(const Position&, PieceType, Square) const override { return false; }
  bool may_generate_type(const Variant&, PieceType) const override { return false; }

  // "Ke2" or "e2e2" for the general on e2: its pass.
  bool reread_token(const Position& pos, const SanToken& token, MoveList& candidates,
                    SanToken& meant) const override {
    const Variant& v = pos.variant();
    const Color us = pos.side_to_move();
    if (token.kind != TokenKind::move || pos.royal_count(us) != 1 || !token.to.complete() ||
        token.capture || token.promotion || token.to.file >= v.files || token.to.rank >= v.ranks)
      return false;
    const Square k = pos.royal_square(us, 0);
    if (make_square(token.to.file, token.to.rank) != k) return false;
    const Piece king = pos.at(k);
    // A letter naming the general ("Ke2"), or a UCI move from its square to it ("e2e2"); any
    // origin hint names its square.
    if (token.piece ? v.piece_by_san_letter(token.piece) != king.type() : !token.from.complete())
      return false;
    if ((token.from.has_file() && token.from.file != token.to.file) ||
        (token.from.has_rank() && token.from.rank != token.to.rank))
      return false;
    MoveList own;
    generate(pos, own);
    for (const Move& m : own) candidates.push_back(m);
    meant = token;
    return !own.empty();
  }

  // Fairy-Stockfish's SAN of a pass: the general "moving" to its own square.
  void spell_token(const Position& pos, const Move& move, SanToken& token) const override {
    if (move.kind != MoveKind::pass || move.aux == no_square) return;
    const Variant& v = pos.variant();
    token = SanToken{};
    token.kind = TokenKind::move;
    token.piece = v.pieces[pos.at(move.aux).type()].letter;
    token.to = {file_of(move.aux), rank_of(move.aux)};
  }
  bool write_uci(const Position&, const Move& move, std::string& out) const override {
    if (move.kind != MoveKind::pass || move.aux == no_square) return false;
    append_square_name(out, move.aux);
    append_square_name(out, move.aux);
    return true;
  }
  std::string why_no_move(const Position& pos, const SanToken& token) const override {
    if (token.kind == TokenKind::pass && in_check(pos))
      return bikjang_pass_ ? "a general in check cannot pass, unless the generals face each other"
                           : "a general in check cannot pass";
    return {};
  }

 private:
  bool bikjang_pass_;
};

// Bikjang (make_bikjang()).
class Bikjang final : public RuleComponent {
 public:
  std::string_view name() const override { return "bikjang"; }
  Declaration declaration() const override { return {.hooks = hook_allows}; }
  bool allows(const Position& before, const Move& move, const Position& after) const override {
    return move.kind == MoveKind::pass || facing_royals_file(after) < 0 ||
           facing_royals_file(before) < 0;
  }
  std::string why_forbidden(const Position& before, const Move& move,
                            const Position& after) const override {
    if (allows(before, move, after)) return {};
    return "in bikjang (the generals face each other) a move must break it, or pass";
  }
  std::string validate(const Variant& v) const override {
    return v.royal_types != 0 ? "" : "the variant has no royal piece";
  }
};

inline constexpr TerminationKind double_pass_kind{"double_pass"};
inline constexpr TerminationKind bikjang_kind{"bikjang"};

// The end by passes or bikjang (make_pass_end()).
class PassEnd final : public EndRule {
 public:
  PassEnd(MaterialCount count, bool bikjang) : count_(std::move(count)), bikjang_(bikjang) {}
  std::string_view name() const override { return "passes"; }
  bool wins_without_mate() const override { return !count_.values.empty(); }
  // Ends play at once, as Fairy-Stockfish's immediate game end: no move follows.
  bool stops_play() const override { return true; }
  // The pass marks are the royal-pass rule's counters (counter 0 of each side).
  Outcome judge(const Position& pos, const History&) const override {
    Outcome out;
    const Color us = pos.side_to_move();
    if (pos.counter(opposite(us), 0) != 1) return out;
    if (pos.counter(us, 0) == 1)
      out.termination = Termination(double_pass_kind);
    else if (bikjang_ && facing_royals_file(pos) >= 0)
      out.termination = Termination(bikjang_kind);
    else
      return out;
    out.winner = count_winner(pos, count_);
    return out;
  }

 private:
  MaterialCount count_;
  bool bikjang_;
};

// Draws scored by counting (make_counted_draws()).
class CountedDraws final : public EndRule {
 public:
  // The inner rule's bounds for a decided verdict are this rule's (its claimable verdicts,
  // below those bounds, stay as they are: no bound skips them).
  CountedDraws(std::shared_ptr<const EndRule> inner, MaterialCount count)
      : EndRule(VerdictNeeds{.decided_halfmove_clock = inner->decided_halfmove_clock(),
                             .decided_reversible_window = inner->decided_reversible_window(),
                             .repeated_position = inner->needs_repeated_position(),
                             .pawns_and_hand_at_most = inner->pawns_and_hand_at_most()}),
        inner_(std::move(inner)),
        count_(std::move(count)) {}
  std::string_view name() const override { return inner_->name(); }
  bool needs_moves() const override { return inner_->needs_moves(); }
  bool needs_ply_history() const override { return inner_->needs_ply_history(); }
  bool wins_without_mate() const override { return true; }
  std::string check_setup(const Position& pos) const override { return inner_->check_setup(pos); }
  Outcome judge(const Position& pos, const History& history) const override {
    Outcome out = inner_->judge(pos, history);
    if (out.decided() && !out.winner) out.winner = count_winner(pos, count_);
    return out;
  }

 private:
  std::shared_ptr<const EndRule> inner_;
  MaterialCount count_;
};

}  // namespace

std::shared_ptr<const EndRule> make_counted_draws(std::shared_ptr<const EndRule> inner,
                                                  MaterialCount count) {
  return std::make_shared<CountedDraws>(std::move(inner), std::move(count));
}

std::optional<Color> count_winner(const Position& pos, const MaterialCount& count) {
  if (count.values.empty()) return std::nullopt;
  int halves = -count.bonus_halves;  // White's count minus Black's, in half points
  for (std::size_t t = 0; t < count.values.size(); ++t) {
    const auto type = static_cast<PieceType>(t);
    halves += 2 * count.values[t] * (pos.count(Color::white, type) - pos.count(Color::black, type));
  }
  return halves > 0 ? Color::white : Color::black;
}

std::shared_ptr<const RuleComponent> make_palace_lines(PalaceLinesSpec spec) {
  return std::make_shared<PalaceLines>(std::move(spec));
}
std::shared_ptr<const RuleComponent> make_royal_pass(bool bikjang_pass) {
  return std::make_shared<RoyalPass>(bikjang_pass);
}
std::shared_ptr<const RuleComponent> make_bikjang() {
  return std::make_shared<Bikjang>();
}
std::shared_ptr<const EndRule> make_pass_end(MaterialCount count, bool bikjang) {
  return std::make_shared<PassEnd>(std::move(count), bikjang);
}

}  // namespace xpgn::rules
