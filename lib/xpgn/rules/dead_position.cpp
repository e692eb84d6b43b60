#include "xpgn/rules/dead_position.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <queue>
#include <unordered_set>
#include <utility>

#include "xpgn/rules/component.hpp"
#include "xpgn/rules/end_rule.hpp"
#include "xpgn/rules/movegen.hpp"

namespace xpgn::rules {
namespace {

// True when a rule component of `v` keeps pairs of squares (Maxim's portals).
bool has_portals(const Variant& v) {
  return v.pair_rule != nullptr;
}

// True when a rule component of `v` marks pieces with a meaning of their own (pregnant queens).
bool marks_pieces(const Variant& v) {
  return v.mark_rule != nullptr;
}

// True when the variant's end rules give the side to move of `pos`, which has no legal move,
// a loss (checkmate, or a rule under which a side without moves loses).
bool no_move_is_loss(const Position& pos) {
  for (const auto& rule : pos.variant().end_rules) {
    if (!rule->needs_moves()) continue;
    const Outcome out = rule->judge(pos, {});
    if (out.decided()) return out.winner.has_value();
  }
  return false;
}

// A material: the men on the board, sorted by piece code, and the piece on the re-entry square.
struct Material {
  std::array<Piece, dead_table_max_men> men{};
  int count = 0;  // men on the board
  Piece held;
  int total() const { return count + (held.empty() ? 0 : 1); }
  friend bool operator==(const Material&, const Material&) = default;
  std::string key() const {
    std::string k;
    for (int i = 0; i < count; ++i) k += static_cast<char>(men[i].code);
    k += '|';
    k += static_cast<char>(held.code);
    return k;
  }
};

// A material's men with their board indexes (rank * files + file), in the material's order
// (identical men by ascending index), and the side to move.
struct Placement {
  Material material;
  std::array<int, dead_table_max_men> squares{};
  Color side = Color::white;
};

enum State : std::uint8_t { no_position = 0, dead = 1, alive = 2 };

// Tables of one group hold at most this many slots (3 men on 8x10 need 1,024,000 per material).
constexpr std::uint64_t max_group_slots = 3'100'000;

// Materials with the same number of men, closed under the moves that keep that number
// (promotions; captures whose piece comes back, through a reserve pawn or the re-entry square),
// solved together. A slot is (material, placement, side to move).
struct Group {
  std::vector<Material> materials;
  std::vector<std::uint64_t> offsets;  // first slot of each material
  std::vector<std::uint8_t> state;     // per slot
};

int board_size(const Variant& v) {
  return v.files * v.ranks;
}
Square square_at(const Variant& v, int index) {
  return make_square(index % v.files, index / v.files);
}
std::uint64_t slots_of(const Variant& v, const Material& m) {
  std::uint64_t n = 2;
  for (int i = 0; i < m.count; ++i) n *= static_cast<std::uint64_t>(board_size(v));
  return n;
}

// True when the position carries nothing the tables leave out: castling rights, marks, an en
// passant square the side to move could use, stacks or portals.
bool indexable(const Position& pos) {
  const Variant& v = pos.variant();
  if ((v.layer_rule != nullptr) || has_portals(v) || pos.castling().any()) return false;
  if (pos.en_passant() != no_square && v.pawn_type() != no_piece_type &&
      pos.count(pos.side_to_move(), v.pawn_type()) > 0)
    return false;
  if (marks_pieces(v))
    for (int r = 0; r < v.ranks; ++r)
      for (int f = 0; f < v.files; ++f)
        if (pos.marked(make_square(f, r))) return false;
  return true;
}

// Number of men (board and re-entry square); stops counting past `limit`.
int men_count(const Position& pos, int limit) {
  const Variant& v = pos.variant();
  int n = pos.hand_total();
  for (std::size_t t = 0; t < v.pieces.size() && n <= limit; ++t)
    n += pos.count(Color::white, static_cast<PieceType>(t)) +
         pos.count(Color::black, static_cast<PieceType>(t));
  return n;
}

// Sorts the first `n` entries of `men` (at most dead_table_max_men: an insertion sort, which for
// so few is what std::sort does too, without GCC 12's false -Warray-bounds on its larger path).
void sort_men(std::array<std::pair<std::uint8_t, int>, dead_table_max_men>& men, int n) {
  for (int i = 1; i < n; ++i)
    for (int j = i;
         j > 0 && men[static_cast<std::size_t>(j)] < men[static_cast<std::size_t>(j - 1)]; --j)
      std::swap(men[static_cast<std::size_t>(j)], men[static_cast<std::size_t>(j - 1)]);
}

// Reads the men of `pos` when there are at most dead_table_max_men; false otherwise.
bool read_placement(const Position& pos, Placement& out) {
  const Variant& v = pos.variant();
  std::array<std::pair<std::uint8_t, int>, dead_table_max_men> men{};
  int n = 0;
  if (v.bitboards) {
    // The occupied bits are the board indexes (Variant::bit_of); this runs for every move a
    // table plays, so the men are found bit by bit rather than square by square.
    const Bits128 occupied = pos.wide_occupied();
    const std::array<std::uint64_t, 2> words{occupied.lo, occupied.hi};
    for (int w = 0; w < 2; ++w) {
      for (std::uint64_t bits = words[w]; bits != 0; bits &= bits - 1) {
        if (n == dead_table_max_men) return false;  // more men than counted
        const int i = 64 * w + lowest_bit(bits);
        men[static_cast<std::size_t>(n++)] = {pos.at(v.square_of_bit[i]).code, i};
      }
    }
  } else {
    const int board_men = men_count(pos, dead_table_max_men) - pos.hand_total();
    if (board_men > dead_table_max_men) return false;
    // Rank by rank, and only until every man is found.
    for (int r = 0, i = 0; r < v.ranks && n < board_men; ++r) {
      for (int f = 0; f < v.files; ++f, ++i) {
        const Piece p = pos.at(make_square(f, r));
        if (p.empty()) continue;
        if (n == dead_table_max_men) return false;  // more men than counted: no table's business
        men[static_cast<std::size_t>(n++)] = {p.code, i};
      }
    }
  }
  sort_men(men, n);
  out.material = Material{};
  out.material.count = n;
  for (int i = 0; i < n; ++i) {
    out.material.men[i] = Piece{men[i].first};
    out.squares[i] = men[i].second;
  }
  out.material.held = pos.first_in_hand();
  out.side = pos.side_to_move();
  return out.material.total() <= dead_table_max_men;
}

// Slot of a placement within its material.
std::uint64_t local_slot(const Variant& v, const Placement& p) {
  std::uint64_t local = 0;
  for (int i = 0; i < p.material.count; ++i)
    local = local * static_cast<std::uint64_t>(board_size(v)) + p.squares[i];
  return local * 2 + (p.side == Color::black ? 1 : 0);
}

// The variant's start position with everything taken off the board.
Position empty_position(const Variant& v) {
  Position pos = Position::start(v);
  for (int i = 0; i < board_size(v); ++i)
    if (!pos.at(square_at(v, i)).empty()) pos.remove(square_at(v, i));
  pos.clear_hand();
  pos.castling_rights() = CastlingRights{};
  pos.set_en_passant(no_square);
  pos.set_halfmove_clock(0);
  return pos;
}

// Sets `out` (a copy of the empty position) to slot `local` of material `m`; false when the slot
// is no legal position (two men on a square, identical men out of order, a pawn on its last
// rank, the side not to move in check).
bool set_up(const Variant& v, const Material& m, std::uint64_t local, Position& out) {
  const Color side = (local & 1) ? Color::black : Color::white;
  local >>= 1;
  const std::size_t n = static_cast<std::size_t>(m.count);
  std::array<int, dead_table_max_men> squares{};
  for (std::size_t i = n; i-- > 0;) {
    squares[i] = static_cast<int>(local % static_cast<std::uint64_t>(board_size(v)));
    local /= static_cast<std::uint64_t>(board_size(v));
  }
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j)
      if (squares[i] == squares[j]) return false;
    if (i + 1 < n && m.men[i] == m.men[i + 1] && squares[i] > squares[i + 1]) return false;
    const PieceDef& def = v.pieces[m.men[i].type()];
    if (def.pawn && v.relative_rank(square_at(v, squares[i]), m.men[i].color()) == v.ranks - 1)
      return false;
  }
  for (std::size_t i = 0; i < n; ++i) out.put(square_at(v, squares[i]), m.men[i]);
  out.clear_hand();
  if (!m.held.empty()) out.add_to_hand(m.held);
  out.set_side_to_move(opposite(side));
  const bool illegal = in_check(out);
  out.set_side_to_move(side);
  return !illegal;
}

// How far a table reaches. exact: moves to every material the tables can hold are followed
// (the figures of `xpgn variants --dead-material`). quick: a promotion to a material not yet in
// the group counts as alive instead of pulling in that material's table (a K+P v K table would
// otherwise need K+Q, K+R, K+B and K+N too); sound, and what a game replay uses.
enum class Reach : std::uint8_t { exact, quick };

State lookup(const Position& pos, Reach reach);

// Builds and solves the group that starts with one material (see Group).
class GroupBuilder {
 public:
  GroupBuilder(const Variant& v, Material first, Reach reach)
      : v_(v), empty_(empty_position(v)), reach_(reach) {
    men_ = first.total();
    add_material(std::move(first));
  }

  std::shared_ptr<Group> build() {
    first_edge_.push_back(0);
    for (std::size_t mi = 0; mi < group_->materials.size(); ++mi) {
      const Material m = group_->materials[mi];
      const std::uint64_t count = slots_of(v_, m);
      for (std::uint64_t local = 0; local < count; ++local)
        expand(m, group_->offsets[mi] + local, local);
    }
    solve();
    return group_;
  }

 private:
  static constexpr std::uint32_t to_alive = 0xFFFFFFFF, to_dead = 0xFFFFFFFE;

  // Adds a material to the group when the slot budget allows; its index or -1.
  int add_material(Material m) {
    const std::uint64_t needed = slots_of(v_, m);
    if (group_->state.size() + needed > max_group_slots) return -1;
    group_->offsets.push_back(group_->state.size());
    group_->materials.push_back(std::move(m));
    group_->state.resize(group_->state.size() + needed, no_position);
    return static_cast<int>(group_->materials.size()) - 1;
  }

  // Where a move leads: a slot of this group, or a known verdict (to_alive, to_dead). A
  // position the tables cannot hold counts as alive, so that nothing is called dead wrongly.
  std::uint32_t successor(const Position& after, const Move& move) {
    Placement p;
    if (!indexable(after) || !read_placement(after, p) || p.material.total() > men_)
      return to_alive;
    if (p.material.total() < men_) return lookup(after, reach_) == dead ? to_dead : to_alive;
    const auto& ms = group_->materials;
    int index = static_cast<int>(std::find(ms.begin(), ms.end(), p.material) - ms.begin());
    if (index == static_cast<int>(ms.size())) {
      if (reach_ == Reach::quick && move.promotion != no_piece_type) return to_alive;
      index = add_material(p.material);
    }
    if (index < 0) return to_alive;
    return static_cast<std::uint32_t>(group_->offsets[index] + local_slot(v_, p));
  }

  // Sets up one slot, records whether it is terminal, and its moves into the group.
  void expand(const Material& m, std::uint64_t slot, std::uint64_t local) {
    Position pos = empty_;
    std::uint8_t state = no_position;
    if (set_up(v_, m, local, pos)) {
      MoveList moves;
      generate_pseudo_legal(pos, moves);
      state = dead;
      bool any_legal = false;
      const std::size_t mark = edges_.size();
      for (const Move& move : moves) {
        const Position after = play(pos, move);
        if (!is_legal_after(pos, move, after)) continue;
        any_legal = true;
        const std::uint32_t to = successor(after, move);
        if (to == to_dead) continue;
        if (to == to_alive) {
          state = alive;
          edges_.resize(mark);
          break;
        }
        edges_.push_back(to);
      }
      // No move: mate, or a side without moves that loses, is a win; stalemate is not.
      if (!any_legal && no_move_is_loss(pos)) state = alive;
    }
    group_->state[slot] = state;
    first_edge_.push_back(static_cast<std::uint32_t>(edges_.size()));
  }

  // Spreads "alive" backwards along the moves until nothing changes.
  void solve() {
    auto& state = group_->state;
    for (bool changed = true; changed;) {
      changed = false;
      for (std::size_t s = state.size(); s-- > 0;) {
        if (state[s] != dead) continue;
        for (std::uint32_t e = first_edge_[s]; e < first_edge_[s + 1]; ++e) {
          if (state[edges_[e]] == alive) {
            state[s] = alive;
            changed = true;
            break;
          }
        }
      }
    }
  }

  const Variant& v_;
  Position empty_;
  int men_ = 0;
  std::shared_ptr<Group> group_ = std::make_shared<Group>();
  std::vector<std::uint32_t> edges_;
  std::vector<std::uint32_t> first_edge_;
  Reach reach_;
};

// "K+N vs K", a piece on the re-entry square as " [N]" (FEN letters: one per piece).
std::string material_name(const Variant& v, const Material& m) {
  std::string side[2];
  // Royal pieces first, then the others in the variant's piece order.
  for (const bool royal : {true, false}) {
    for (int i = 0; i < m.count; ++i) {
      const Piece p = m.men[i];
      if (v.pieces[p.type()].royal != royal) continue;
      std::string& s = side[index_of(p.color())];
      if (!s.empty()) s += '+';
      s += v.pieces[p.type()].fen();  // FEN letters: one per piece
    }
  }
  std::string out = side[0] + " vs " + side[1];
  if (!m.held.empty()) out += std::string(" [") + v.pieces[m.held.type()].fen() + "]";
  return out;
}

// The cache: per variant (by Variant::serial: a dead variant's address may be a new one's) and
// material, its group and the material's index in it.
struct TableCache {
  std::recursive_mutex mutex;
  std::map<std::pair<std::uint64_t, std::string>, std::pair<std::shared_ptr<Group>, int>> groups;
  std::map<std::uint64_t, bool> symmetric;  // see colour_symmetric()
  // Per variant and material, the searches for an alive line made before its table was built
  // (see lookup()).
  struct Searches {
    int failed = 0;               // searches that found no line
    std::uint64_t positions = 0;  // positions they expanded, found or not
  };
  std::map<std::pair<std::uint64_t, std::string>, Searches> searches;
  // Keys of positions from which a search found a line, mixed with their variant's serial (see
  // alive_line_found()).
  std::unordered_set<std::uint64_t> alive_keys;
  // The starts of the latest searches that found a line, all variants together (see
  // alive_line_found()): a game's position is mostly two plies from one of them.
  std::array<std::pair<std::uint64_t, Placement>, 8> recent_starts{};
  std::size_t next_start = 0;
};
TableCache& cache() {
  static TableCache c;
  return c;
}

// The group holding a material, built on first use.
std::pair<std::shared_ptr<Group>, int> group_of(const Variant& v, const Material& m, Reach reach) {
  TableCache& c = cache();
  std::lock_guard lock(c.mutex);
  const std::string mode = reach == Reach::exact ? "exact" : "quick";
  const auto key = std::pair(v.serial, mode + m.key());
  if (auto it = c.groups.find(key); it != c.groups.end()) return it->second;
  const auto start = std::chrono::steady_clock::now();
  auto group = GroupBuilder(v, m, reach).build();
  // XPGN_DEAD_TRACE=1 reports each table group built, for measurements.
  if (std::getenv("XPGN_DEAD_TRACE"))
    std::cerr << "dead-position tables: " << v.id << " " << mode << " " << group->materials.size()
              << " material(s) from " << material_name(v, m) << ", " << group->state.size()
              << " slots, "
              << std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()
              << " s\n";
  for (std::size_t i = 0; i < group->materials.size(); ++i)
    c.groups.emplace(std::pair(v.serial, mode + group->materials[i].key()),
                     std::pair(group, static_cast<int>(i)));
  return {group, 0};
}

// The mirror of square index `i` across the middle rank.
int mirrored(const Variant& v, int i) {
  return (v.ranks - 1 - i / v.files) * v.files + i % v.files;
}
Piece recoloured(Piece p) {
  return p.empty() ? p : make_piece(opposite(p.color()), p.type());
}

// True when the variant's start position is its own mirror with the colours swapped (every
// built-in variant: its rules treat both colours alike, mirrored). Cached per variant.
bool colour_symmetric(const Variant& v) {
  TableCache& c = cache();
  std::lock_guard lock(c.mutex);
  if (auto it = c.symmetric.find(v.serial); it != c.symmetric.end()) return it->second;
  const Position start = Position::start(v);
  bool same = start.hand_total() == 0;
  for (int i = 0; i < board_size(v) && same; ++i)
    same = start.at(square_at(v, i)) == recoloured(start.at(square_at(v, mirrored(v, i))));
  return c.symmetric[v.serial] = same;
}

// The piece types of one colour's men (and held piece), sorted: which side is "stronger".
std::vector<int> types_of(const Placement& p, Color c) {
  std::vector<int> types;
  for (int i = 0; i < p.material.count; ++i)
    if (p.material.men[i].color() == c) types.push_back(p.material.men[i].type());
  if (!p.material.held.empty() && p.material.held.color() == c)
    types.push_back(p.material.held.type());
  std::sort(types.begin(), types.end());
  return types;
}

// In a colour-symmetric variant, a placement where Black has the more material is looked up
// as its mirror with the colours swapped, so one table serves both (K v K+P is K+P v K).
void prefer_white(const Variant& v, Placement& p) {
  if (!(types_of(p, Color::white) < types_of(p, Color::black)) || !colour_symmetric(v)) return;
  std::array<std::pair<std::uint8_t, int>, dead_table_max_men> men{};
  for (int i = 0; i < p.material.count; ++i)
    men[i] = {recoloured(p.material.men[i]).code, mirrored(v, p.squares[i])};
  sort_men(men, p.material.count);
  for (int i = 0; i < p.material.count; ++i) {
    p.material.men[i] = Piece{men[i].first};
    p.squares[i] = men[i].second;
  }
  p.material.held = recoloured(p.material.held);
  p.side = opposite(p.side);
}

// Notes one more search for an alive line in material `m`, which expanded `positions` and
// found a line or not; returns the record of the material's searches so far.
TableCache::Searches note_search(const Variant& v, const Material& m, bool found,
                                 std::uint64_t positions) {
  TableCache& c = cache();
  std::lock_guard lock(c.mutex);
  auto& record = c.searches[std::pair(v.serial, m.key())];
  record.failed += found ? 0 : 1;
  record.positions += positions;
  return record;
}

// Positions searched for alive lines in material `m` so far.
std::uint64_t positions_searched(const Variant& v, const Material& m) {
  TableCache& c = cache();
  std::lock_guard lock(c.mutex);
  const auto it = c.searches.find(std::pair(v.serial, m.key()));
  return it == c.searches.end() ? 0 : it->second.positions;
}

// Alive positions kept for all variants together (some 10 MB): past this many, the set starts
// again empty.
constexpr std::size_t max_alive_keys = 1 << 18;

// A position's key in TableCache::alive_keys.
std::uint64_t alive_key(const Variant& v, std::uint64_t position_key) {
  return position_key ^ (v.serial * 0x9E3779B97F4A7C15u);
}

// True when a search found a line from the position of `v` with key `key` (alive_line_found()).
bool known_alive(const Variant& v, std::uint64_t key) {
  TableCache& c = cache();
  std::lock_guard lock(c.mutex);
  return c.alive_keys.count(alive_key(v, key)) > 0;
}

// Notes `p`, a placement of `v` from which a search found a line, among the recent starts.
void note_start(const Variant& v, const Placement& p) {
  TableCache& c = cache();
  std::lock_guard lock(c.mutex);
  c.recent_starts[c.next_start++ % c.recent_starts.size()] = {v.serial, p};
}

// The recent starts of `v` with material `m`.
std::vector<Placement> recent_starts(const Variant& v, const Material& m) {
  TableCache& c = cache();
  std::lock_guard lock(c.mutex);
  std::vector<Placement> out;
  for (const auto& [serial, p] : c.recent_starts)
    if (serial == v.serial && p.material == m) out.push_back(p);
  return out;
}

// The fewest men of `p` that stand elsewhere than in one of `starts` (men of one kind matched
// in order), or dead_table_max_men + 1 when there are none.
int men_moved_from(const Placement& p, const std::vector<Placement>& starts) {
  int best = dead_table_max_men + 1;
  for (const Placement& s : starts) {
    int moved = 0;
    for (int i = 0; i < p.material.count; ++i) moved += p.squares[i] != s.squares[i] ? 1 : 0;
    best = std::min(best, moved);
  }
  return best;
}

// Notes the keys of positions of `v` from which a line to an alive position exists.
void note_alive(const Variant& v, const std::vector<std::uint64_t>& keys) {
  TableCache& c = cache();
  std::lock_guard lock(c.mutex);
  if (c.alive_keys.size() + keys.size() > max_alive_keys) c.alive_keys.clear();
  for (const std::uint64_t key : keys) c.alive_keys.insert(alive_key(v, key));
}

// True when the table group holding `m` for `reach` is already built.
bool group_built(const Variant& v, const Material& m, Reach reach) {
  TableCache& c = cache();
  std::lock_guard lock(c.mutex);
  return c.groups.count(
             std::pair(v.serial, (reach == Reach::exact ? "exact" : "quick") + m.key())) > 0;
}

// How far the pawns of `pos` are from promoting: for the nearest pawn, the plies its pushes
// need plus two for each man standing on the squares ahead of it; no_pawn_left without pawns.
// The search below expands the positions with the smallest value first.
constexpr int no_pawn_left = 1 << 20;
int promotion_distance(const Position& pos) {
  const Variant& v = pos.variant();
  int best = no_pawn_left;
  for (int i = 0; i < board_size(v); ++i) {
    const Square s = square_at(v, i);
    const Piece p = pos.at(s);
    if (p.empty() || !v.pieces[p.type()].pawn) continue;
    const int step = p.color() == Color::white ? 1 : -1;
    int cost = p.color() == pos.side_to_move() ? -1 : 0;
    for (int r = rank_of(s) + step; r >= 0 && r < v.ranks; r += step)
      cost += pos.at(make_square(file_of(s), r)).empty() ? 2 : 4;
    best = std::min(best, cost);
  }
  return best;
}

// How far `pos` looks from a mate of a lone royal piece (that of the side with fewer men on
// the board; White's when they have as many): its distance to the nearest edge plus that to
// the nearest corner, plus the distance between the kings, plus one when it is not in check
// (no_pawn_left when a side has more than one royal piece). The search below expands the
// smallest value first. (Helpmates of a lone king come on an edge, with the kings close: on
// the old boards' games this expands a tenth of the positions that the corner distance of the
// nearer king plus twice the kings' distance did.)
int mate_distance(const Position& pos) {
  const Variant& v = pos.variant();
  if (pos.royal_count(Color::white) != 1 || pos.royal_count(Color::black) != 1) return no_pawn_left;
  const Square kings[2] = {pos.royal_square(Color::white, 0), pos.royal_square(Color::black, 0)};
  int men[2] = {0, 0};
  for (std::size_t t = 0; t < v.pieces.size(); ++t) {
    men[0] += pos.count(Color::white, static_cast<PieceType>(t));
    men[1] += pos.count(Color::black, static_cast<PieceType>(t));
  }
  const Square lone = kings[men[0] <= men[1] ? 0 : 1];
  const int to_file_edge = std::min<int>(file_of(lone), v.files - 1 - file_of(lone));
  const int to_rank_edge = std::min<int>(rank_of(lone), v.ranks - 1 - rank_of(lone));
  const int apart = std::max(std::abs(file_of(kings[0]) - file_of(kings[1])),
                             std::abs(rank_of(kings[0]) - rank_of(kings[1])));
  return std::min(to_file_edge, to_rank_edge) + std::max(to_file_edge, to_rank_edge) + apart +
         (in_check(pos) ? 0 : 1);
}

// A bounded best-first search for a line of legal moves from `pos` to what a quick table calls
// alive: a position without moves whose side to move loses, a promotion, or a position from
// which an earlier search found such a line. `distance` orders the positions (smallest first;
// no_pawn_left: not followed), after those with all men but one or two where a recent start had
// them; positions with fewer men than `pos` are not followed. True when found (the quick table then
// says alive too): the positions of the line are noted for later searches, and `pos` among the
// recent starts (a game's next plies mostly search from near the same line). False when
// not found within `budget` positions, which proves nothing. `expanded` counts the positions
// expanded.
bool alive_line_found(const Position& pos, int budget, int (*distance)(const Position&),
                      std::uint64_t& expanded) {
  const Variant& v = pos.variant();
  expanded = 0;
  if (known_alive(v, pos.key())) return true;
  // Positions whose men stand where they stood in a recent start but for one or two (as the
  // position two plies before, whose line is known, once each side takes its move back) go
  // first: most searches of a game then end within a few positions.
  Placement start;
  const bool placed = read_placement(pos, start);
  const std::vector<Placement> starts =
      placed ? recent_starts(v, start.material) : std::vector<Placement>{};
  const auto priority_of = [&](const Position& p) {
    const int d = distance(p);
    Placement here;
    if (d == no_pawn_left || starts.empty() || !read_placement(p, here) ||
        !(here.material == start.material))
      return d;
    const int moved = men_moved_from(here, starts);
    return moved <= 2 ? moved - 10 : d;
  };
  const int men = men_count(pos, dead_table_max_men + 1);
  struct Entry {
    int priority;
    std::uint64_t order;
    int node;  // in `nodes`
    Position position;
    bool operator<(const Entry& o) const {
      // Among equals the newest first: the search dives along one line instead of widening
      // over the many moves that leave the distance as it is (a tenth of the positions).
      return priority != o.priority ? priority > o.priority : order < o.order;
    }
  };
  // The positions reached, each with the index of the one it was reached from (-1: `pos`'s).
  struct Node {
    std::uint64_t key;
    int parent;
  };
  std::vector<Node> nodes{{pos.key(), -1}};
  // Notes the line that reaches node `last` as alive; returns true.
  const auto found = [&](int last) {
    std::vector<std::uint64_t> line;
    for (int n = last; n >= 0; n = nodes[static_cast<std::size_t>(n)].parent)
      line.push_back(nodes[static_cast<std::size_t>(n)].key);
    note_alive(v, line);
    if (placed) note_start(v, start);
    return true;
  };
  std::priority_queue<Entry> open;
  std::unordered_set<std::uint64_t> seen{pos.key()};
  std::uint64_t order = 0;
  open.push({priority_of(pos), order++, 0, pos});
  MoveList moves;
  while (!open.empty() && budget-- > 0) {
    ++expanded;
    const int here_node = open.top().node;
    const Position here = open.top().position;
    open.pop();
    moves.clear();
    generate_legal(here, moves);
    if (moves.empty() && no_move_is_loss(here)) return found(here_node);
    for (const Move& m : moves) {
      if (m.promotion != no_piece_type) return found(here_node);
      Position next = play(here, m);
      if (men_count(next, men) < men) continue;
      const int priority = priority_of(next);
      if (priority == no_pawn_left || !seen.insert(next.key()).second) continue;
      if (known_alive(v, next.key())) return found(here_node);
      nodes.push_back({next.key(), here_node});
      open.push({priority, order++, static_cast<int>(nodes.size()) - 1, std::move(next)});
    }
  }
  return false;
}

// True when some man of `m` is a pawn (a promotion may be near).
bool has_pawn(const Variant& v, const Material& m) {
  for (int i = 0; i < m.count; ++i)
    if (v.pieces[m.men[i].type()].pawn) return true;
  return !m.held.empty() && v.pieces[m.held.type()].pawn;
}

bool bare_kings(const Position& pos);

// True when `pos` has legal moves and each of them leaves nothing but kings (a lone piece that
// must be taken): the position is dead, as bare kings are.
bool every_move_bares_the_kings(const Position& pos) {
  MoveList moves;
  generate_legal(pos, moves);
  for (const Move& m : moves)
    if (!bare_kings(play(pos, m))) return false;
  return !moves.empty();
}

// The table's verdict on a position, no_position when the tables do not hold it.
State lookup(const Position& pos, Reach reach) {
  const Variant& v = pos.variant();
  Placement p;
  if (!dead_tables_apply(v) || !indexable(pos) || !read_placement(pos, p)) return no_position;
  if (bare_kings(pos)) return dead;  // proven without a table
  prefer_white(v, p);
  // Before building a quick table, look for a running pawn or a helpmate.
  // When there is none, a capture every legal move must make that leaves bare kings also
  // answers (dead, as the table would say) without the table, which costs about a second
  // to build; a few times per material, as a failed search costs time too. Once the searches
  // of a material have expanded a quarter as many positions as its table has slots (each
  // costs about twice a slot), the table is built: a material's cost stays within a small
  // multiple of its table's, however many plies ask.
  if (reach == Reach::quick && !group_built(v, p.material, reach) &&
      positions_searched(v, p.material) < slots_of(v, p.material) / 4) {
    std::uint64_t expanded = 0;
    const bool found = alive_line_found(
        pos, 20000, has_pawn(v, p.material) ? promotion_distance : mate_distance, expanded);
    const auto searches = note_search(v, p.material, found, expanded);
    // XPGN_DEAD_TRACE=1 reports each search, for measurements.
    if (std::getenv("XPGN_DEAD_TRACE"))
      std::cerr << "dead-position search: " << v.id << " " << material_name(v, p.material) << ", "
                << (found ? "alive" : "nothing") << " after " << expanded << " positions\n";
    if (found) return alive;
    if (searches.failed <= 8 && every_move_bares_the_kings(pos)) return dead;
  }
  const auto [group, index] = group_of(v, p.material, reach);
  return static_cast<State>(group->state[group->offsets[index] + local_slot(v, p)]);
}

bool plain_king(const PieceDef& def) {
  return def.royal && def.betza == "K";
}
bool plain_knight(const PieceDef& def) {
  return def.betza == "N" && !def.royal && !def.pawn;
}
bool plain_bishop(const PieceDef& def) {
  return def.letter == 'B' && def.betza == "B" && !def.royal;
}

// Proven for every variant whose wins are mates: kings alone can never give check (a king may
// not step next to the other), so no mate can come. Portals and stacks change nothing here.
bool bare_kings(const Position& pos) {
  const Variant& v = pos.variant();
  if (pos.hand_total() != 0 || wins_without_mate(v)) return false;
  for (std::size_t t = 0; t < v.pieces.size(); ++t) {
    const int n = pos.count(Color::white, static_cast<PieceType>(t)) +
                  pos.count(Color::black, static_cast<PieceType>(t));
    if (n > 0 && !plain_king(v.pieces[t])) return false;
  }
  return pos.royal_count(Color::white) <= 1 && pos.royal_count(Color::black) <= 1;
}

// True when every man on the board is a plain king or passes `other` (by piece counts: cheap
// enough to ask on every ply).
bool only_kings_and(const Position& pos, bool (*other)(const PieceDef&)) {
  const Variant& v = pos.variant();
  for (std::size_t t = 0; t < v.pieces.size(); ++t) {
    const auto type = static_cast<PieceType>(t);
    if (plain_king(v.pieces[t]) || other(v.pieces[t])) continue;
    if (pos.count(Color::white, type) + pos.count(Color::black, type) > 0) return false;
  }
  return true;
}

// FIDE's rule, proven where bishops keep their square colour and nothing else moves them:
// kings and bishops only, all bishops on squares of one colour. A mated king would need its
// neighbours of the other colour covered, which no piece can do.
bool bishops_of_one_colour(const Position& pos, const DeadPositionRule& rule) {
  const Variant& v = pos.variant();
  // Pawns (on most plies of most games) rule it out at once.
  if (v.pawn_type() != no_piece_type &&
      (pos.count(Color::white, v.pawn_type()) != 0 || pos.count(Color::black, v.pawn_type()) != 0))
    return false;
  if (!rule.bishops_keep_colour || !only_kings_and(pos, plain_bishop) ||
      (v.layer_rule != nullptr) || has_portals(v) || pos.hand_total() != 0 || wins_without_mate(v))
    return false;
  bool light = false, dark = false;
  for (int i = 0; i < board_size(v); ++i) {
    const Square s = square_at(v, i);
    const Piece p = pos.at(s);
    if (p.empty()) continue;
    const PieceDef& def = v.pieces[p.type()];
    if (plain_king(def)) continue;
    if (!plain_bishop(def)) return false;
    ((file_of(s) + rank_of(s)) % 2 ? light : dark) = true;
  }
  return !(light && dark) && pos.royal_count(Color::white) == 1 &&
         pos.royal_count(Color::black) == 1;
}

// Kings and one plain knight (Betza N), where pieces move on a plain board (bishops keep their
// colour) and nothing adds pieces: dead on any board. A king mated on an edge or in a corner
// has at least three flight squares, of which the other king, which may not stand next to it,
// covers at most two; the checking knight covers none of them.
bool lone_knight(const Position& pos, const DeadPositionRule& rule) {
  const Variant& v = pos.variant();
  if (!rule.bishops_keep_colour || !only_kings_and(pos, plain_knight) ||
      (v.layer_rule != nullptr) || has_portals(v) || pos.hand_total() != 0 ||
      wins_without_mate(v) || v.files < 3 || v.ranks < 3)
    return false;
  for (const auto& c : v.components)
    if (c->declaration().may_add_pieces) return false;
  int knights = 0;
  for (int i = 0; i < board_size(v); ++i) {
    const Piece p = pos.at(square_at(v, i));
    if (p.empty()) continue;
    const PieceDef& def = v.pieces[p.type()];
    if (plain_king(def)) continue;
    if (!plain_knight(def) || ++knights > 1) return false;
  }
  return knights == 1 && pos.royal_count(Color::white) == 1 && pos.royal_count(Color::black) == 1;
}

// True when every square piece `def` may take on (for `side`) has one colour, on a plain board:
// its own (every capturing atom spans an even number of files plus ranks, whatever its range)
// or the other one (single leaps of an odd span, as a knight's).
bool captures_on_one_colour(const PieceDef& def, Color side) {
  bool even = false, odd = false;
  for (const Atom& a : def.atoms_for[index_of(side)]) {
    if (a.mode == MoveMode::move) continue;
    if ((a.file_step + a.rank_step) % 2 == 0) {
      even = true;
    } else {
      if (a.range != 1 || a.hop) return false;  // a ride of two odd steps spans an even one
      odd = true;
    }
  }
  return !(even && odd);
}

// Kings and one other piece that takes only on squares of one colour (a bishop, a ferz, an
// alfil, a knight, or Hoppel-Poppel's knibis and biskni, whatever their moves), on a plain
// board whose rules are FIDE's (every rule component declares a FIDE rule: castling, en
// passant, pawn promotion) and whose only win is mate: dead in every placement, so the table
// of the material says dead wherever it holds the position (the caller checks indexable()).
// The lone king cannot give check. A lone king K in check has two or more orthogonal
// neighbours (the board has two files and two ranks at least), all of the colour K lacks; the
// piece attacks K, so it attacks only squares of K's colour: none of those neighbours, nor the
// one it may stand on, which K may then take. So every one of them must be covered by the other
// king, which may not touch K and so covers at most one of them (a square within one step of
// two of them touches K or is K). One is a flight square, and no mate exists. The material changes
// only when the king takes the piece (bare kings: dead); no move adds a man, promotes (the piece is
// no pawn) or leaves the tables.
bool lone_piece_on_one_colour(const Position& pos) {
  const Variant& v = pos.variant();
  if (v.files < 2 || v.ranks < 2 || pos.hand_total() != 0 || marks_pieces(v) ||
      wins_without_mate(v) || !dead_tables_apply(v) || pos.royal_count(Color::white) != 1 ||
      pos.royal_count(Color::black) != 1)
    return false;
  for (const auto& c : v.components)
    if (c->declaration().fide == FideRule::none) return false;
  int others = 0;
  for (std::size_t t = 0; t < v.pieces.size(); ++t) {
    const auto type = static_cast<PieceType>(t);
    const PieceDef& def = v.pieces[t];
    for (const Color side : {Color::white, Color::black}) {
      const int n = pos.count(side, type);
      if (n == 0 || plain_king(def)) continue;
      if (def.royal || def.pawn || (others += n) > 1 || !captures_on_one_colour(def, side))
        return false;
    }
  }
  return others == 1;
}
}  // namespace

bool dead_tables_apply(const Variant& v) {
  return dead_position_rule(v) && !(v.layer_rule != nullptr) && !has_portals(v);
}

bool is_dead_position(const Position& pos) {
  const auto rule = dead_position_rule(pos.variant());
  return rule && is_dead_position(pos, *rule);
}

bool is_dead_position(const Position& pos, const DeadPositionRule& rule) {
  // The usual position first: pawns on the board, and with the hands more men than the tables
  // hold, so that only bishops_of_one_colour() could call it dead, and a pawn rules that out.
  // (The dead-position rule declares this bound in its VerdictNeeds, end_rules.cpp, so that the
  // replay skips the call; keep the two alike.)
  const PieceType pawn = pos.variant().pawn_type();
  if (pawn != no_piece_type) {
    const int pawns = pos.count(Color::white, pawn) + pos.count(Color::black, pawn);
    if (pawns != 0 && pawns + pos.hand_total() > dead_table_max_men) return false;
  }
  // Beyond the tables only bishops of one colour are proven dead; the piece counts rule the
  // usual position out at once.
  if (men_count(pos, dead_table_max_men) > dead_table_max_men)
    return bishops_of_one_colour(pos, rule);
  // Proven rules first: they need no table.
  if (bare_kings(pos) || bishops_of_one_colour(pos, rule) || lone_knight(pos, rule)) return true;
  if (lone_piece_on_one_colour(pos) && indexable(pos)) return true;
  const State s = lookup(pos, Reach::quick);
  return s == dead;
}

std::vector<MaterialVerdict> dead_material_table(const Variant& v) {
  std::vector<MaterialVerdict> out;
  if (!dead_position_rule(v)) return out;
  PieceType king = no_piece_type;
  for (std::size_t t = 0; t < v.pieces.size() && king == no_piece_type; ++t)
    if (plain_king(v.pieces[t])) king = static_cast<PieceType>(t);
  if (king == no_piece_type) return out;
  std::vector<Material> materials;
  materials.push_back(
      {{make_piece(Color::white, king), make_piece(Color::black, king)}, 2, no_piece});
  for (std::size_t t = 0; t < v.pieces.size(); ++t) {
    if (static_cast<PieceType>(t) == king) continue;
    Material m{{make_piece(Color::white, king), make_piece(Color::white, static_cast<PieceType>(t)),
                make_piece(Color::black, king)},
               3,
               no_piece};
    std::sort(m.men.begin(), m.men.begin() + m.count,
              [](Piece a, Piece b) { return a.code < b.code; });
    materials.push_back(m);
  }
  for (const Material& m : materials) {
    MaterialVerdict verdict;
    verdict.material = material_name(v, m);
    if (!dead_tables_apply(v)) {
      verdict.decided = m.count == 2;  // bare kings: the rule
      verdict.dead = verdict.decided ? 1 : 0;
      verdict.positions = verdict.decided ? 1 : 0;
      out.push_back(verdict);
      continue;
    }
    const auto [group, index] = group_of(v, m, Reach::exact);
    const std::uint64_t begin = group->offsets[index];
    const std::uint64_t end = begin + slots_of(v, m);
    for (std::uint64_t s = begin; s < end; ++s) {
      verdict.positions += group->state[s] != no_position;
      verdict.dead += group->state[s] == dead;
    }
    out.push_back(verdict);
  }
  return out;
}

}  // namespace xpgn::rules
