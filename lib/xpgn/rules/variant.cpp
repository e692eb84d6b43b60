#include "xpgn/rules/variant.hpp"

#include <algorithm>
#include <atomic>
#include <limits>
#include <stdexcept>

#include "xpgn/rules/component.hpp"
#include "xpgn/rules/end_rule.hpp"
#include "xpgn/rules/position.hpp"

namespace xpgn::rules {

namespace {

// take_square() on a board of `files` x `ranks`.
Square take_square_on(std::string_view& text, int files, int ranks) {
  if (text.size() < 2 || text[0] < 'a' || text[0] > 'z' || text[1] < '1' || text[1] > '9')
    return no_square;
  const int file = text[0] - 'a';
  int rank = text[1] - '0';
  std::size_t used = 2;
  if (text.size() > 2 && text[2] >= '0' && text[2] <= '9') {
    rank = rank * 10 + (text[2] - '0');
    used = 3;
  }
  if (file >= files || rank > ranks) return no_square;
  text.remove_prefix(used);
  return make_square(file, rank - 1);
}

}  // namespace

Square take_square(std::string_view& text, const Variant& variant) {
  return take_square_on(text, variant.files, variant.ranks);
}

Square parse_square(std::string_view text, const VariantSpec& spec) {
  const Square s = take_square_on(text, spec.files, spec.ranks);
  return text.empty() ? s : no_square;
}

Square parse_square(std::string_view text, const Variant& variant) {
  const Square s = take_square(text, variant);
  return text.empty() ? s : no_square;
}

bool Variant::allows_draws() const {
  return std::all_of(end_rules.begin(), end_rules.end(),
                     [](const auto& rule) { return rule->allows_draws(); });
}

namespace {

// PieceDef::reaching_atom_alone (or _stacked) of one colour, for `atoms`: each atom's steps
// within its range (a hop or an unlimited ride up to the largest board).
std::array<std::uint8_t, 32 * 32> reaching_atoms(const std::vector<Atom>& atoms) {
  std::array<std::uint8_t, 32 * 32> reaching{};
  for (std::size_t i = 0; i < atoms.size(); ++i) {
    const Atom& a = atoms[i];
    const int limit = a.hop || a.range == 0 ? 15 : a.range;
    // (An atom whose number does not fit below several_atoms counts as several.)
    const bool numbered = i + 1 < PieceDef::several_atoms;
    for (int k = 1; k <= limit; ++k) {
      const int dx = k * a.file_step, dy = k * a.rank_step;
      if (dx < -15 || dx > 15 || dy < -15 || dy > 15) break;
      std::uint8_t& at = reaching[static_cast<std::size_t>((dy + 15) * 32 + dx + 15)];
      at = at == 0 && numbered ? static_cast<std::uint8_t>(i + 1) : PieceDef::several_atoms;
    }
  }
  return reaching;
}

// Adds `atom`'s capture reach, seen from the attacked square, to the probe list of one colour.
// `layering`: 0 the piece always moves so, 1 only when alone, 2 only in a stack.
void add_probe(std::vector<AttackProbe>& probes, const Atom& atom, PieceType type,
               std::uint8_t layering) {
  const auto df = static_cast<std::int8_t>(-atom.file_step);
  const auto dr = static_cast<std::int8_t>(-atom.rank_step);
  const std::uint32_t bit = 1u << type;
  const bool simple = !atom.hop && !atom.lame && !atom.jump_first && !atom.jump_any &&
                      (atom.range == 0 || atom.range == 1);
  if (simple) {
    for (auto& p : probes) {
      if (p.file_step == df && p.rank_step == dr && !p.hop && !p.lame && !p.jump_first &&
          !p.jump_any && p.range == 0 && p.layering == layering) {
        (atom.range == 0 ? p.far_types : p.near_types) |= bit;
        if (atom.range == 0) p.ride = true;
        return;
      }
    }
    AttackProbe p;
    p.file_step = df, p.rank_step = dr, p.range = 0;
    p.layering = layering;
    p.ride = atom.range == 0;
    (atom.range == 0 ? p.far_types : p.near_types) |= bit;
    probes.push_back(p);
    return;
  }
  AttackProbe p;
  p.file_step = df, p.rank_step = dr;
  p.ride = atom.range != 1 || atom.hop;
  p.hop = atom.hop;
  p.lame = atom.lame;
  p.jump_first = atom.jump_first;
  p.jump_any = atom.jump_any;
  p.layering = layering;
  p.range = atom.range;
  p.far_types = bit;
  probes.push_back(p);
}

// True when `p` has no condition on its path: a ride to the first piece, or a plain leap.
bool plain_probe(const AttackProbe& p) {
  return !p.hop && !p.lame && !p.jump_first && !p.jump_any;
}

// The squares a plain ride probe looks along from (f, r), within its range, as a Set.
template <class Set>
Set ride_ray(const Variant& v, const AttackProbe& p, int f, int r) {
  Set ray{};
  const int limit = p.range == 0 ? 255 : p.range;
  f += p.file_step, r += p.rank_step;
  for (int step = 1; step <= limit && f >= 0 && f < v.files && r >= 0 && r < v.ranks;
       ++step, f += p.file_step, r += p.rank_step)
    add_bit(ray, r * v.files + f);
  return ray;
}

// The per-atom origin rays of `def` in sets of type Set (PieceDef::origin_rays or
// wide_origin_rays), per colour.
std::vector<std::uint64_t>& origin_rays_of(PieceDef& def, int c, std::uint64_t) {
  return def.origin_rays[c];
}
std::vector<Bits128>& origin_rays_of(PieceDef& def, int c, Bits128) {
  return def.wide_origin_rays[c];
}
// The attack tables of `v` in sets of type Set (Variant::attack_bits or wide_attack_bits).
Variant::AttackBitsOf<std::uint64_t>& attack_tables(Variant& v, int c, std::uint64_t) {
  return v.attack_bits[c];
}
Variant::AttackBitsOf<Bits128>& attack_tables(Variant& v, int c, Bits128) {
  return v.wide_attack_bits[c];
}

// Appends the tables of the leap probe `p` (lame or jumping, not a hop) to `bits`
// (Variant::AttackBitsOf::leap_from and the others): from each target, the attacker's square
// and the path squares between them, as movegen's leap_path_ok() reads the leap from the
// attacker towards the target.
template <class Set>
void add_leap_tables(const Variant& v, const AttackProbe& p, Variant::AttackBitsOf<Set>& bits) {
  constexpr int width = bits_in<Set>;
  const std::size_t base = bits.leap_from.size();
  for (auto* table : {&bits.leap_from, &bits.leap_clear, &bits.leap_hit})
    table->resize(base + width, Set{});
  bits.leap_types.push_back(p.far_types);
  bits.leap_layering.push_back(p.layering);
  // The leap from the attacker: (df, dr), n steps of (sf, sr) when it is straight.
  const int df = -p.file_step, dr = -p.rank_step;
  const int ad = df < 0 ? -df : df, ar = dr < 0 ? -dr : dr;
  const int n = std::max(ad, ar);
  const bool straight = n > 1 && df % n == 0 && dr % n == 0;
  const int sf = straight ? df / n : 0, sr = straight ? dr / n : 0;
  for (int bit = 0; bit < v.files * v.ranks; ++bit) {
    const int af = bit % v.files + p.file_step, ar_ = bit / v.files + p.rank_step;
    if (af < 0 || af >= v.files || ar_ < 0 || ar_ >= v.ranks) continue;
    if ((p.jump_first || p.jump_any) && !straight) continue;  // nothing to jump over
    const std::size_t at = base + static_cast<std::size_t>(bit);
    add_bit(bits.leap_from[at], ar_ * v.files + af);
    add_bit(bits.leap_reach[bit], ar_ * v.files + af);
    auto path_bit = [&](int k) { return (ar_ + sr * k) * v.files + af + sf * k; };
    if (p.lame) {
      if (straight) {
        for (int k = 1; k < n; ++k) add_bit(bits.leap_clear[at], path_bit(k));
      } else if (n > 1 && ad != ar && ad != 0 && ar != 0) {
        // A lame non-straight leap: the path of movegen's path_clear() (nN: its first
        // orthogonal step; nZ: that and a diagonal one).
        const int of = df > 0 ? 1 : -1, orr = dr > 0 ? 1 : -1;
        for (int cf = 0, cr = 0;;) {
          const int left_f = (df - cf) * of, left_r = (dr - cr) * orr;
          if (left_f >= left_r) cf += of;
          if (left_r >= left_f) cr += orr;
          if (cf == df && cr == dr) break;
          add_bit(bits.leap_clear[at], (ar_ + cr) * v.files + af + cf);
        }
      }
    }
    if (p.jump_first)
      add_bit(bits.leap_hit[at], path_bit(1));
    else if (p.jump_any)
      for (int k = 1; k < n; ++k) add_bit(bits.leap_hit[at], path_bit(k));
    // The offsets from the target of the attacker's square (leaps_by_origin) and of the
    // squares the leap reads (leaps_through).
    const std::size_t index = base / width;
    if (index >= 64) continue;
    bits.leaps_by_origin[static_cast<std::size_t>((p.rank_step + 15) * 32 + p.file_step + 15)] |=
        std::uint64_t{1} << index;
    for (Set read = bits.leap_from[at] | bits.leap_clear[at] | bits.leap_hit[at]; read;
         read = without_lowest(read)) {
      const int b = lowest_bit(read);
      const int offset = (b / v.files - bit / v.files + 15) * 32 + b % v.files - bit % v.files + 15;
      bits.leaps_through[static_cast<std::size_t>(offset)] |= std::uint64_t{1} << index;
    }
  }
}

// Sets bit `index` of through[offset] for every offset (rank * 32 + file, each + 15) at which
// probe `p`, walked from a target, looks: k steps of it, k from 1 to its range (or the line).
void add_offsets_through(std::vector<std::uint64_t>& through, const AttackProbe& p, int range,
                         std::size_t index) {
  if (index >= 64) return;
  for (int k = 1; range == 0 || k <= range; ++k) {
    const int df = k * p.file_step, dr = k * p.rank_step;
    if (df < -15 || df > 15 || dr < -15 || dr > 15) break;
    through[static_cast<std::size_t>((dr + 15) * 32 + df + 15)] |= std::uint64_t{1} << index;
  }
}

// Fills bits.lines and bits.leap_lines (Variant::AttackBitsOf) from the other tables of `bits`
// (the attack tables of colour index `colour`), which must be complete; the hops with path
// conditions (bits.irregular) add their whole line.
template <class Set>
void add_attack_lines(const Variant& v, int colour, Variant::AttackBitsOf<Set>& bits) {
  constexpr int width = bits_in<Set>;
  const int squares = v.files * v.ranks;
  for (int bit = 0; bit < squares; ++bit) {
    Set lines = bits.near[bit];
    const auto at = static_cast<std::size_t>(bit);
    for (std::size_t i = 0; i < bits.ride_types.size(); ++i)
      lines = lines | bits.rays[i * width + at];
    for (std::size_t i = 0; i < bits.hop_types.size(); ++i)
      lines = lines | bits.hop_rays[i * width + at];
    Set leap_lines{};
    for (std::size_t i = 0; i < bits.leap_types.size(); ++i)
      leap_lines = leap_lines | bits.leap_from[i * width + at] | bits.leap_clear[i * width + at] |
                   bits.leap_hit[i * width + at];
    for (std::uint16_t i : bits.irregular) {
      AttackProbe line = v.attack_probes[colour][i];  // the whole line the hop looks along
      line.range = 0;
      leap_lines = leap_lines | ride_ray<Set>(v, line, bit % v.files, bit / v.files);
    }
    bits.lines[at] = lines | leap_lines;
    bits.leap_lines[at] = leap_lines;
  }
}

// Fills def's capture tables of colour index c (PieceDef::capture_plain and the others) on the
// 64-bit board of `v`.
void build_capture_tables(const Variant& v, PieceDef& def, int c) {
  def.capture_near[c].clear();
  def.capture_rays[c].clear();
  def.capture_rises[c].clear();
  const auto& atoms = def.atoms_for[c];
  def.capture_plain[c] = std::none_of(atoms.begin(), atoms.end(), [](const Atom& a) {
    return a.mode != MoveMode::move && (a.hop || a.lame || a.jump_first || a.jump_any);
  });
  if (!def.capture_plain[c]) return;
  const int squares = v.files * v.ranks;
  def.capture_near[c].assign(64, 0);
  for (const Atom& a : atoms) {
    if (a.mode == MoveMode::move) continue;
    AttackProbe forward;  // the atom walked forwards, as a plain ride of its range
    forward.file_step = a.file_step;
    forward.rank_step = a.rank_step;
    forward.range = a.range;
    if (a.range == 1) {
      for (int bit = 0; bit < squares; ++bit)
        def.capture_near[c][static_cast<std::size_t>(bit)] |=
            ride_ray<std::uint64_t>(v, forward, bit % v.files, bit / v.files);
      continue;
    }
    def.capture_rises[c].push_back(a.rank_step * v.files + a.file_step > 0);
    const std::size_t base = def.capture_rays[c].size();
    def.capture_rays[c].resize(base + 64, 0);
    for (int bit = 0; bit < squares; ++bit)
      def.capture_rays[c][base + static_cast<std::size_t>(bit)] =
          ride_ray<std::uint64_t>(v, forward, bit % v.files, bit / v.files);
  }
}

// Fills the tables of `v` that use sets of type Set: the pieces' origin rays (and on 64-bit
// boards their capture tables) and, when v.fast_attacks, the attack tables
// (Variant::attack_bits_of<Set>).
template <class Set>
void build_bit_tables(Variant& v) {
  constexpr int width = bits_in<Set>;
  for (PieceDef& def : v.pieces) {
    for (int c = 0; c < 2; ++c) {
      if constexpr (std::is_same_v<Set, std::uint64_t>) build_capture_tables(v, def, c);
      const auto& atoms = def.atoms_for[c];
      std::vector<Set>& rays = origin_rays_of(def, c, Set{});
      rays.assign(atoms.size() * width, Set{});
      def.origin_rises[c].assign(atoms.size(), 0);
      for (std::size_t i = 0; i < atoms.size(); ++i) {
        AttackProbe back;  // the atom walked backwards, as a plain ride of its range
        back.file_step = static_cast<std::int8_t>(-atoms[i].file_step);
        back.rank_step = static_cast<std::int8_t>(-atoms[i].rank_step);
        back.range = atoms[i].range;
        def.origin_rises[c][i] = back.rank_step * v.files + back.file_step > 0;
        for (int bit = 0; bit < v.files * v.ranks; ++bit)
          rays[i * width + static_cast<std::size_t>(bit)] =
              ride_ray<Set>(v, back, bit % v.files, bit / v.files);
      }
    }
  }
  if (!v.fast_attacks) return;
  for (int c = 0; c < 2; ++c) {
    const auto& probes = v.attack_probes[c];
    Variant::AttackBitsOf<Set>& bits = attack_tables(v, c, Set{});
    bits.layered_near_types.assign(3 * 32 * 32, 0);
    bits.rides_through.assign(32 * 32, 0);
    bits.hops_through.assign(32 * 32, 0);
    bits.leaps_through.assign(32 * 32, 0);
    bits.leaps_by_origin.assign(32 * 32, 0);
    for (std::size_t i = 0; i < probes.size(); ++i) {
      const AttackProbe& p = probes[i];
      if (p.hop && !p.lame && !p.jump_first && !p.jump_any) {
        AttackProbe line = p;  // a hop looks along the whole line, whatever its range
        line.range = 0;
        add_offsets_through(bits.hops_through, p, 0, bits.hop_types.size());
        bits.hop_types.push_back(p.far_types);
        bits.hop_layering.push_back(p.layering);
        bits.hop_rises.push_back(p.rank_step * v.files + p.file_step > 0);
        for (int bit = 0; bit < width; ++bit)
          bits.hop_rays.push_back(bit < v.files * v.ranks
                                      ? ride_ray<Set>(v, line, bit % v.files, bit / v.files)
                                      : Set{});
        continue;
      }
      if (!p.hop && !plain_probe(p)) {
        add_leap_tables(v, p, bits);
        continue;
      }
      if (!plain_probe(p)) {
        bits.irregular.push_back(static_cast<std::uint16_t>(i));
        continue;
      }
      const int offset = (p.rank_step + 15) * 32 + p.file_step + 15;
      bits.near_types[offset] |= p.near_types | p.far_types;
      bits.layered_near_types[p.layering * 32 * 32 + offset] |= p.near_types | p.far_types;
      const bool rides = p.ride && p.far_types != 0;
      if (rides) {
        add_offsets_through(bits.rides_through, p, p.range, bits.ride_types.size());
        bits.ride_types.push_back(p.far_types);
        bits.ride_layering.push_back(p.layering);
        bits.rises.push_back(p.rank_step * v.files + p.file_step > 0);
        bits.rays.resize(bits.rays.size() + width, Set{});
      }
      for (int bit = 0; bit < v.files * v.ranks; ++bit) {
        const int f = bit % v.files, r = bit / v.files;
        const int nf = f + p.file_step, nr = r + p.rank_step;
        if (nf < 0 || nf >= v.files || nr < 0 || nr >= v.ranks) continue;
        add_bit(bits.near[bit], nr * v.files + nf);
        if (rides) bits.rays[bits.rays.size() - width + bit] = ride_ray<Set>(v, p, f, r);
      }
    }
    add_attack_lines(v, c, bits);
    // Picking lines by offset pays where there are many of them (Reservists: 16 rides, 4
    // hops; janggi: 4 rides, 4 hops and 16 lame leaps); with the 8 of a queen, looking at
    // each costs less.
    const std::size_t rides = bits.ride_types.size(), hops = bits.hop_types.size(),
                      leaps = bits.leap_types.size();
    bits.pick_lines = rides <= 64 && hops <= 64 && leaps <= 64 && rides + hops + leaps >= 12;
  }
}

// Empties the tables of both set types (attack tables, origin rays).
void clear_bit_tables(Variant& v) {
  for (auto& bits : v.attack_bits) bits = {};
  for (auto& bits : v.wide_attack_bits) bits = {};
  for (PieceDef& def : v.pieces) {
    for (int c = 0; c < 2; ++c) {
      def.origin_rays[c].clear(), def.wide_origin_rays[c].clear();
      def.origin_rises[c].clear();
      def.capture_plain[c] = false;
      def.capture_near[c].clear(), def.capture_rays[c].clear(), def.capture_rises[c].clear();
    }
  }
}

// Fills the bit-board geometry of `v` (see Variant::bitboards and Variant::attack_bits).
void build_bitboards(Variant& v) {
  const int squares = v.files * v.ranks;
  v.bitboards = squares <= 128;
  v.wide_bits = squares > 64 && v.bitboards;
  v.fast_attacks = v.bitboards;
  v.plain_attackers = !v.layer_rule && !v.marked_disarmed;
  clear_bit_tables(v);
  if (!v.bitboards) return;
  v.bit_of.fill(0);
  for (int r = 0; r < v.ranks; ++r) {
    for (int f = 0; f < v.files; ++f) {
      const int bit = r * v.files + f;
      v.bit_of[make_square(f, r)] = static_cast<std::uint8_t>(bit);
      v.square_of_bit[bit] = make_square(f, r);
    }
  }
  if (v.wide_bits)
    build_bit_tables<Bits128>(v);
  else
    build_bit_tables<std::uint64_t>(v);
}

// Derives v.undecided_screen from the bounds of the rules in v.asking_order[0]: each rule is
// covered by its need of a repeated position (a key filter answers that for most positions of a
// game, however long since the last irreversible move), else its reversible window, else its
// halfmove clock, else its pawn bound; a rule with none of these leaves the screen unusable.
void derive_undecided_screen(Variant& v) {
  Variant::UndecidedScreen screen;
  screen.halfmove_clock = std::numeric_limits<int>::max();
  screen.reversible_window = std::numeric_limits<std::size_t>::max();
  screen.usable = true;
  for (const EndRule* rule : v.asking_order[0]) {
    if (rule->needs_repeated_position()) {
      screen.repeated_position = true;
    } else if (rule->decided_reversible_window() > 0) {
      screen.reversible_window =
          std::min(screen.reversible_window, rule->decided_reversible_window());
    } else if (rule->decided_halfmove_clock() > 0) {
      screen.halfmove_clock = std::min(screen.halfmove_clock, rule->decided_halfmove_clock());
    } else if (rule->pawns_and_hand_at_most() >= 0) {
      screen.pawns_and_hand_at_most =
          std::max(screen.pawns_and_hand_at_most, rule->pawns_and_hand_at_most());
    } else {
      screen.usable = false;
    }
  }
  v.undecided_screen = screen;
}

// A SpecProblem with the fields given (the others as SpecProblem leaves them).
SpecProblem spec_problem(std::string message, int piece = -1, std::string field = {},
                         int other = -1, std::string letter = {}, bool san_letter = false) {
  return {std::move(message), piece, std::move(field), other, std::move(letter), san_letter};
}

}  // namespace

std::optional<SpecProblem> check_spec(const VariantSpec& spec) {
  if (spec.files < 2 || spec.files > max_files || spec.ranks < 2 || spec.ranks > max_ranks)
    return spec_problem("board size out of range (" + std::to_string(spec.files) + "x" +
                        std::to_string(spec.ranks) + "; at most " + std::to_string(max_files) +
                        "x" + std::to_string(max_ranks) + ", at least 2x2)");
  if (spec.pieces.empty()) return spec_problem("a variant needs at least one piece");
  if (spec.pieces.size() > 30)
    return spec_problem("more than 30 piece types (xpgn supports at most 30)", 30);
  // Per letter, the first piece that uses it: as a FEN letter, a '+' FEN letter, in SAN.
  std::array<int, 26> fen_user, plus_user, san_user;
  fen_user.fill(-1), plus_user.fill(-1), san_user.fill(-1);
  for (std::size_t i = 0; i < spec.pieces.size(); ++i) {
    const PieceSpec& def = spec.pieces[i];
    const int at = static_cast<int>(i);
    auto bad = [&](char c) { return c < 'A' || c > 'Z'; };
    if (bad(def.letter))
      return spec_problem("bad letter for the " + def.name + ": a SAN letter is one of A..Z", at,
                          "letter");
    if (def.fen_letter && bad(def.fen_letter))
      return spec_problem("bad FEN letter for the " + def.name + ": one of A..Z", at, "fen_letter");
    for (char c : def.san_aliases)
      if (bad(c))
        return spec_problem("bad SAN alias for the " + def.name + ": one of A..Z", at,
                            "san_aliases");
    for (char c : def.fen_aliases)
      if (bad(c))
        return spec_problem("bad FEN alias for the " + def.name + ": one of A..Z", at,
                            "fen_aliases");
    auto& fen_table = def.fen_plus ? plus_user : fen_user;
    int& fen_first = fen_table[def.fen() - 'A'];
    if (fen_first >= 0) {
      const std::string spelled = (def.fen_plus ? "+" : "") + std::string(1, def.fen());
      return spec_problem("FEN letter '" + spelled + "' is already used by the " +
                              spec.pieces[static_cast<std::size_t>(fen_first)].name,
                          at, def.fen_letter ? "fen_letter" : "letter", fen_first, spelled, false);
    }
    fen_first = at;
    // FEN aliases are plain letters, unique among the plain FEN letters and aliases.
    for (char c : def.fen_aliases) {
      int& alias_first = fen_user[c - 'A'];
      if (alias_first >= 0 && !(alias_first == at && !def.fen_plus && c != def.fen()))
        return spec_problem("FEN letter '" + std::string(1, c) + "' is already used by the " +
                                spec.pieces[static_cast<std::size_t>(alias_first)].name,
                            at, "fen_aliases", alias_first, std::string(1, c), false);
      alias_first = at;
    }
    // A pawn's letter is never written in SAN moves, so another piece may use it (Paladin 'P').
    std::string sans = def.pawn ? "" : std::string(1, def.letter);
    sans += def.san_aliases;
    for (std::size_t k = 0; k < sans.size(); ++k) {
      int& san_first = san_user[sans[k] - 'A'];
      if (san_first >= 0 && san_first != at) {
        const bool alias = def.pawn || k > 0;
        return spec_problem(std::string("SAN letter '") + sans[k] + "' is already used by the " +
                                spec.pieces[static_cast<std::size_t>(san_first)].name,
                            at, alias ? "san_aliases" : "letter", san_first,
                            std::string(1, sans[k]), true);
      }
      san_first = at;
    }
  }
  return std::nullopt;
}

namespace {

// The next Variant::serial.
std::uint64_t next_serial() {
  static std::atomic<std::uint64_t> last{0};
  return ++last;
}

}  // namespace

Variant::Variant(VariantSpec spec, Geometry geometry)
    : id(std::move(spec.id)),
      name(std::move(spec.name)),
      description(std::move(spec.description)),
      files(spec.files),
      ranks(spec.ranks),
      start_fen(std::move(spec.start_fen)),
      components(std::move(spec.components)),
      end_rules(std::move(spec.end_rules)),
      options(std::move(spec.options)),
      diagram(std::move(spec.diagram)),
      serial(next_serial()) {
  {
    VariantSpec shape;  // check_spec() reads the board and the pieces alone
    shape.files = files, shape.ranks = ranks, shape.pieces = std::move(spec.pieces);
    if (const auto problem = check_spec(shape))
      throw std::invalid_argument("variant " + id + ": " + problem->message);
    for (PieceSpec& piece : shape.pieces) pieces.emplace_back(std::move(piece));
  }
  compile_pieces();
  compile_components();
  build_bitboards(*this);
  if (geometry == Geometry::squares_only) {
    bitboards = wide_bits = fast_attacks = false;
    clear_bit_tables(*this);
  }
  for (int search = 0; search < 2; ++search) {
    auto& order = asking_order[search];
    for (bool stopping : {true, false}) {
      for (const auto& rule : end_rules)
        if (rule->stops_play() == stopping && (search || !rule->needs_moves()))
          order.push_back(rule.get());
      if (stopping) stopping_rules[search] = order.size();
    }
  }
  derive_undecided_screen(*this);
  keeps_ply_history = std::any_of(end_rules.begin(), end_rules.end(),
                                  [](const auto& rule) { return rule->needs_ply_history(); });
  try {
    start_position = std::make_shared<const Position>(Position::start(*this));
  } catch (const std::exception& e) {
    throw BadStartPosition(e.what());
  }
}

VariantSpec Variant::spec() const {
  VariantSpec spec;
  spec.id = id, spec.name = name, spec.description = description;
  spec.files = files, spec.ranks = ranks;
  for (const PieceDef& piece : pieces) spec.pieces.push_back(static_cast<const PieceSpec&>(piece));
  spec.start_fen = start_fen;
  spec.components = components;
  spec.end_rules = end_rules;
  spec.options = options;
  spec.diagram = diagram;
  return spec;
}

void Variant::compile_pieces() {
  for (std::size_t t = 0; t < pieces.size(); ++t) {
    PieceDef& def = pieces[t];
    const auto type = static_cast<PieceType>(t);
    fen_letters[make_piece(Color::white, type).code] = def.fen();
    fen_letters[make_piece(Color::black, type).code] =
        static_cast<char>(std::tolower(static_cast<unsigned char>(def.fen())));
    def.movement = parse_betza(def.betza);
    const Movement stacked =
        def.stacked_betza.empty() ? Movement{} : parse_betza(def.stacked_betza);
    def.hops = std::any_of(def.movement.atoms.begin(), def.movement.atoms.end(),
                           [](const Atom& a) { return a.hop; });
    auto initial = [](const Atom& a) { return a.initial; };
    def.initial_atoms =
        std::any_of(def.movement.atoms.begin(), def.movement.atoms.end(), initial) ||
        std::any_of(stacked.atoms.begin(), stacked.atoms.end(), initial);
    if (def.initial_atoms && (!def.pawn || def.double_step_ranks == 0))
      throw std::invalid_argument("variant " + id + ": piece " + std::string(1, def.letter) +
                                  ": 'i' (first move only) is for pawns with double_step_ranks, "
                                  "the ranks a first move starts from");
    def.reach_overlap =
        !reach_overlap(def.movement.atoms, def.pawn && def.double_step_ranks != 0, files, ranks)
             .empty() ||
        !reach_overlap(stacked.atoms, false, files, ranks).empty();
    for (int c = 0; c < 2; ++c) {
      def.atoms_for[c] = def.movement.atoms;
      def.layered_atoms_for[c] = stacked.atoms;
      if (c == 1) {
        for (Atom& a : def.atoms_for[c]) a.rank_step = static_cast<std::int8_t>(-a.rank_step);
        for (Atom& a : def.layered_atoms_for[c])
          a.rank_step = static_cast<std::int8_t>(-a.rank_step);
      }
      const auto& layered = def.layered_atoms_for[c];
      def.reaching_atom_alone[c] = reaching_atoms(def.atoms_for[c]);
      def.reaching_atom_stacked[c] = reaching_atoms(layered.empty() ? def.atoms_for[c] : layered);
    }
    // (check_spec() has made sure the letters are A..Z and unique where they must be.)
    const auto index_of = static_cast<PieceType>(type + 1);
    if (!def.pawn) san_index_[static_cast<unsigned char>(def.letter)] = index_of;
    for (char alias : def.san_aliases) san_index_[static_cast<unsigned char>(alias)] = index_of;
    (def.fen_plus ? plus_fen_index_ : fen_index_)[static_cast<unsigned char>(def.fen())] = index_of;
    for (char alias : def.fen_aliases) fen_index_[static_cast<unsigned char>(alias)] = index_of;
    plus_fen_letters |= def.fen_plus;
    if (def.royal) royal_types |= 1u << t;
    if (def.pawn && pawn_ == no_piece_type) pawn_ = type;
    const bool has_stacked = !def.stacked_betza.empty();
    for (int c = 0; c < 2; ++c) {
      for (const Atom& a : def.atoms_for[c])
        if (a.mode != MoveMode::move)
          add_probe(attack_probes[c], a, type, static_cast<std::uint8_t>(has_stacked ? 1 : 0));
      for (const Atom& a : def.layered_atoms_for[c])
        if (a.mode != MoveMode::move) add_probe(attack_probes[c], a, type, 2);
    }
  }
}

void Variant::compile_components() {
  std::array<const RuleComponent*, 7> claimants{};  // (see claim_slots())
  for (const auto& c : components) {
    const std::string problem = c->validate(*this);
    if (!problem.empty())
      throw std::invalid_argument("variant " + id + ", rule " + std::string(c->name()) + ": " +
                                  problem);
    const Declaration d = c->declaration();
    pieces_may_grow |= d.may_add_pieces;
    pawn_moves_reversible |= d.may_move_pawns_back;
    marked_disarmed |= d.disarms_marked_pieces;
    marks_outside_key |= d.marks_outside_key;
    pawns_stay_on_last_rank |= d.pawns_stay_on_last_rank;
    if (d.refines_moves) move_refiners.push_back(c.get());
    if (d.expands_pawn_moves) pawn_expanders.push_back(c.get());
    if (d.judges_royals) royal_judges.push_back(c.get());
    royal_judges_opaque |= d.judges_royals && !d.verdict_rests_on_squares;
    if (d.passes_despite_attack) attacked_pass_judges.push_back(c.get());
    if (d.edits_unnamed_squares) far_editors.push_back(c.get());
    if (d.spells_moves) spellers.push_back(c.get());
    if (d.has_own_notation) {
      if (own_notation)
        throw std::invalid_argument("variant " + id + ": rule " + std::string(c->name()) +
                                    " offers a second notation of the variant's own");
      own_notation = c->own_notation();
    }
    const unsigned hooks = d.hooks;
    if (hooks & hook_apply) appliers.push_back(c.get());
    if (hooks & hook_finish) finishers.push_back(c.get());
    if (hooks & hook_allows) allowers.push_back(c.get());
    if (hooks & hook_generate) generators.push_back(c.get());
    claim_slots(*c, d, claimants);
  }
  generators_for_type.assign(pieces.size(), {});
  for (std::size_t t = 0; t < pieces.size(); ++t)
    for (const RuleComponent* c : generators)
      if (c->may_generate_type(*this, static_cast<PieceType>(t)))
        generators_for_type[t].push_back(c);
}

void Variant::claim_slots(const RuleComponent& c, const Declaration& d,
                          std::array<const RuleComponent*, 7>& claimants) {
  std::size_t index = 0;
  // Records `owner` (the declaration's pointer, nullptr: not claimed) in `slot`, the slot
  // called `what`.
  auto claim = [&](auto& slot, auto* owner, const char* what) {
    const RuleComponent*& claimant = claimants[index++];
    if (owner == nullptr) return;
    if (claimant != nullptr)
      throw std::invalid_argument("variant " + id + ": rules " + std::string(claimant->name()) +
                                  " and " + std::string(c.name()) + " both claim the " + what);
    claimant = &c;
    slot = owner;
  };
  claim(layer_rule, d.layer, "layer (two pieces on a square)");
  claim(hand_rule, d.hand, "pieces in hand");
  claim(pair_rule, d.pair, "pair of squares");
  claim(counter_rule, d.counters, "counters");
  claim(mark_rule, d.marks, "marks on squares");
  claim(castling_rule, d.castling_rights, "castling rights");
  claim(castling_field_rule, d.castling_field, "castling field's own letters");
  if (d.counters) counters_outside_key = d.counters_outside_key;
  if (d.fen_field) {
    for (const FenFieldOwner* other : fen_fields)
      if (other->fen_field() == d.fen_field->fen_field())
        throw std::invalid_argument("variant " + id + ": rule " + std::string(c.name()) +
                                    " writes FEN field '" + std::string(d.fen_field->fen_field()) +
                                    "', which another rule writes");
    fen_fields.push_back(d.fen_field);
  }
}

}  // namespace xpgn::rules
