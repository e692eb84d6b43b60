// Variant definitions as data: board, pieces, start position, rule components, end rules.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "xpgn/core/types.hpp"
#include "xpgn/rules/movement.hpp"

namespace xpgn::rules {

class RuleComponent;
struct Declaration;
class LayerOwner;
class HandOwner;
class PairOwner;
class CounterOwner;
class MarkOwner;
class FenFieldOwner;
class CastlingRightsOwner;
class CastlingFieldOwner;
class EndRule;
class OwnNotation;
class Position;

// ---- Square sets as bits ------------------------------------------------------------------
// A bit board holds a set of squares as bits, bit i for square Variant::square_of_bit[i]: a
// std::uint64_t on boards of at most 64 squares, a Bits128 on boards of up to 128 squares.
// Code that works on either is a template on the set type (see movegen.cpp).

// A set of up to 128 squares: two 64-bit words, bits 0..63 in `lo`, 64..127 in `hi`.
struct Bits128 {
  std::uint64_t lo = 0, hi = 0;

  explicit operator bool() const { return (lo | hi) != 0; }
  friend Bits128 operator&(Bits128 a, Bits128 b) { return {a.lo & b.lo, a.hi & b.hi}; }
  friend Bits128 operator|(Bits128 a, Bits128 b) { return {a.lo | b.lo, a.hi | b.hi}; }
  friend bool operator==(const Bits128&, const Bits128&) = default;
};

// Number of squares a set of type Set can hold (64 or 128).
template <class Set>
inline constexpr int bits_in = static_cast<int>(sizeof(Set) * 8);

// Adds bit i (0 <= i < bits_in<Set>) to `set`.
inline void add_bit(std::uint64_t& set, int i) {
  set |= std::uint64_t{1} << i;
}
inline void add_bit(Bits128& set, int i) {
  (i < 64 ? set.lo : set.hi) |= std::uint64_t{1} << (i & 63);
}
// The index of the lowest, or highest, bit of a set that is not empty.
inline int lowest_bit(std::uint64_t set) {
  return std::countr_zero(set);
}
inline int lowest_bit(Bits128 set) {
  return set.lo ? std::countr_zero(set.lo) : 64 + std::countr_zero(set.hi);
}
inline int highest_bit(std::uint64_t set) {
  return 63 - std::countl_zero(set);
}
inline int highest_bit(Bits128 set) {
  return set.hi ? 127 - std::countl_zero(set.hi) : 63 - std::countl_zero(set.lo);
}
// A set that is not empty without its lowest bit.
inline std::uint64_t without_lowest(std::uint64_t set) {
  return set & (set - 1);
}
inline Bits128 without_lowest(Bits128 set) {
  if (set.lo) return {set.lo & (set.lo - 1), set.hi};
  return {0, set.hi & (set.hi - 1)};
}

// What a variant file says about one piece (VariantSpec::pieces).
struct PieceSpec {
  char letter = '?';    // SAN letter and (unless fen_letter is set) FEN letter, upper case
  char fen_letter = 0;  // FEN letter when it differs from the SAN letter (Paladin: 'L')
  // FEN writes '+' before its FEN letter ("+P": a promoted piece spelled as a mark on the piece
  // it came from, as shogi FENs write it); such a letter may repeat another piece's.
  bool fen_plus = false;
  std::string name;         // "knight"
  std::string betza;        // movement, Betza-like (see movement.hpp)
  std::string san_aliases;  // further letters accepted in SAN input
  // Further letters accepted in FEN input (never written): Fairy-Stockfish's synonyms, such as
  // xiangqi's H and E beside its N and B. Plain letters, never '+' ones.
  std::string fen_aliases;
  bool royal = false;                   // may never be left attacked (king)
  bool pawn = false;                    // SAN writes no letter; promotion and en passant apply
  std::uint32_t double_step_ranks = 0;  // pawns: bit r set = may step two from relative rank r
  // Movement while sharing a square with a friendly piece (Maxim pawns); empty = as usual.
  std::string stacked_betza;

  char fen() const { return fen_letter ? fen_letter : letter; }
};

// A piece of a compiled Variant: its spec and what the Variant's constructor derives from it.
struct PieceDef : PieceSpec {
  PieceDef() = default;
  explicit PieceDef(PieceSpec spec) : PieceSpec(std::move(spec)) {}

  Movement movement;                           // parsed from betza
  std::array<std::vector<Atom>, 2> atoms_for;  // per colour, rank steps mirrored for Black
  bool hops = false;                           // some atom of atoms_for is a hop (derived)
  // Some move could be made by two of its atoms (or an atom and the double step), alone or
  // sharing its square (reach_overlap() in movement.hpp, derived): move generation then makes
  // each destination once.
  bool reach_overlap = false;
  // Some atom is for the first move only (Atom::initial; derived).
  bool initial_atoms = false;
  // Parsed from stacked_betza by the Variant's constructor (empty when it is): the atoms of the
  // piece while it shares its square (Position::under), per colour.
  std::array<std::vector<Atom>, 2> layered_atoms_for;
  // Per colour and offset (dx, dy) of a move, at (dy + 15) * 32 + dx + 15: which of the piece's
  // atoms spans it within its range, whatever stands on the board (reaching_atom_alone: of
  // atoms_for; reaching_atom_stacked: of the atoms it moves by while sharing its square).
  // 0 none, i + 1 atom i only, several_atoms more than one. (A pawn's double step is no atom.)
  // Derived by the Variant's constructor, for generate_piece_moves_to().
  static constexpr std::uint8_t several_atoms = 255;
  std::array<std::array<std::uint8_t, 32 * 32>, 2> reaching_atom_alone, reaching_atom_stacked;
  // On a bit board (Variant::bitboards), per colour and atom of atoms_for: the squares a piece
  // moving by that atom may come from to reach each square, backwards within its range
  // (origin_rays[c][atom * 64 + bit], or wide_origin_rays[c][atom * 128 + bit] when
  // Variant::wide_bits), and whether that ray runs to higher bits (see find_origins()). Empty
  // where unused.
  std::array<std::vector<std::uint64_t>, 2> origin_rays;
  std::array<std::vector<Bits128>, 2> wide_origin_rays;
  std::array<std::vector<std::uint8_t>, 2> origin_rises;
  // On a 64-bit board (Variant::bitboards, not wide_bits), per colour, what a piece alone on its
  // square may capture by the atoms of atoms_for that may capture: capture_near[c][bit], the
  // squares its one-step atoms reach from square `bit`; for the k-th longer atom, the squares
  // along it from each square (capture_rays[c][k * 64 + bit], within its range), the nearest
  // occupied one of which it may take, and whether they run to higher bits
  // (capture_rises[c][k]; one entry per longer atom). capture_plain[c] is false (the tables
  // empty) when some atom that may capture is a hop or has a path condition.
  std::array<bool, 2> capture_plain{};
  std::array<std::vector<std::uint64_t>, 2> capture_near;
  std::array<std::vector<std::uint64_t>, 2> capture_rays;
  std::array<std::vector<std::uint8_t>, 2> capture_rises;
};

struct ChessTables;  // chess_board.hpp

// The FIDE board's tables of one Variant object (ChessBoard::tables_for()): worked out on first
// use and owned by that object, so that they live exactly as long as it (a Variant is never
// copied, moved or changed).
class FideTablesSlot {
 public:
  // The tables, made by `build` (nullptr: not FIDE chess) on the first call; thread-safe.
  template <class Build>
  const ChessTables* get(Build&& build) {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (!known_) tables_ = build(), known_ = true;
    return tables_.get();
  }

 private:
  std::mutex mutex_;
  bool known_ = false;
  std::shared_ptr<const ChessTables> tables_;
};

// How diagrams draw a variant's board (a variant file's "diagram"): by default checkered squares
// the pieces stand in; with `points`, a grid of lines whose intersections the pieces stand on
// (xiangqi, janggi), with each palace (the rectangle between two opposite corner points) marked
// by its two diagonals, a river (a gap in the inner file lines between the two middle ranks)
// and small position marks around some points. On points, pieces are drawn as discs lettered in
// each side's ink (`inks`: White's, then Black's; one of diagram_inks).
inline constexpr std::array<std::string_view, 4> diagram_inks = {"red", "black", "blue", "green"};
struct DiagramSpec {
  bool points = false;
  std::array<std::string, 2> inks = {"red", "black"};
  bool river = false;  // (only with an even number of ranks)
  std::vector<std::array<Square, 2>> palaces;
  std::vector<Square> marks;
};

// What a variant definition says (a variant file, built by the catalog, or a test's C++): the
// board, the pieces, the start position, the rule components and end rules. A plain value,
// compiled into a Variant by Variant's constructor.
struct VariantSpec {
  std::string id;           // "chess"
  std::string name;         // "FIDE chess"
  std::string description;  // one line
  int files = 8;
  int ranks = 8;
  std::vector<PieceSpec> pieces;
  std::string start_fen;
  std::vector<std::shared_ptr<const RuleComponent>> components;
  // What ends a game, in order of precedence (see end_rule.hpp).
  std::vector<std::shared_ptr<const EndRule>> end_rules;
  std::vector<std::string> options;  // options that were switched on
  DiagramSpec diagram;               // how diagrams draw the board
};

// A problem of a spec's board or pieces (check_spec()): the message, and the piece it was found
// at (an index into VariantSpec::pieces; -1 for the board or the pieces as a whole) with the
// field ("letter", "fen_letter", "fen_aliases", "san_aliases" or ""). For a letter used twice, also
// the earlier piece that uses it (`other`, else -1), the letter as written ("N", "+P") and whether
// it is a SAN letter (else a FEN letter).
struct SpecProblem {
  std::string message;
  int piece = -1;
  std::string field;
  int other = -1;
  std::string letter;
  bool san_letter = false;
};
// The first problem of `spec`'s board size, piece count and letters (every letter A..Z; FEN
// letters unique, '+' letters among themselves; SAN letters and aliases unique, a pawn's letter
// not counting), or nullopt. The one place these are checked: the catalog asks it to locate a
// problem in a file, and Variant's constructor to refuse one.
std::optional<SpecProblem> check_spec(const VariantSpec& spec);

// Thrown by Variant's constructor when the start position cannot be set up (the message says
// why); any other problem of the definition throws std::invalid_argument.
struct BadStartPosition : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// A compiled variant: the spec's fields, with everything derived from them (atoms, reach and
// attack tables, the components' lists, the end rules' order, the start position, the FIDE
// board's tables). Built by its one constructor and never changed afterwards (handed out as
// const; not copyable or movable, since positions and tables name the object they belong to).
// To vary a variant, change its spec() and build another.
struct Variant {
  // How the constructor lays out the board: with bit boards where it fits 128 squares, or
  // square by square alone (the fallback of larger boards; for tests comparing both).
  enum class Geometry { bit_boards, squares_only };

  // Compiles `spec`: parses the piece movements, indexes letters, validates the definition
  // (check_spec() and each component's validate()), derives the tables and lists below and
  // sets up the start position. Throws BadStartPosition or std::invalid_argument.
  explicit Variant(VariantSpec spec, Geometry geometry = Geometry::bit_boards);
  Variant(const Variant&) = delete;
  Variant& operator=(const Variant&) = delete;

  // The definition this variant was compiled from.
  VariantSpec spec() const;

  // ---- The spec's fields (see VariantSpec) ---------------------------------------------------
  std::string id;
  std::string name;
  std::string description;
  int files = 8;
  int ranks = 8;
  std::vector<PieceDef> pieces;
  std::string start_fen;
  std::vector<std::shared_ptr<const RuleComponent>> components;
  std::vector<std::shared_ptr<const EndRule>> end_rules;
  std::vector<std::string> options;
  DiagramSpec diagram;

  // ---- Derived by the constructor ------------------------------------------------------------
  // A number no other Variant object of this process has had (1, 2, ...): what a cache keys a
  // variant by, since a dead variant's address may be a new one's.
  std::uint64_t serial = 0;
  // The position of start_fen, for Position::start() to copy.
  std::shared_ptr<const Position> start_position;
  // The end rules in the order they are asked (derived by the constructor): those that stop play
  // first, then the others; [0] without the rules that need the legal moves, [1] all of them.
  // `stopping_rules[i]` counts the rules of asking_order[i] that stop play.
  std::array<std::vector<const EndRule*>, 2> asking_order;
  std::array<std::size_t, 2> stopping_rules{};
  // One test for all of asking_order[0] (derived by the constructor from the rules' bounds, see
  // EndRule::surely_undecided): when `usable`, every one of those rules surely has no decided
  // verdict while the halfmove clock is below `halfmove_clock`, the reversible window (as
  // surely_undecided() reads it) below `reversible_window`, pawns stand and they and the pieces
  // in hand number more than `pawns_and_hand_at_most` (when it is not negative), and, when
  // `repeated_position`, the position's key is surely new. Each rule is covered by one of
  // these bounds; a rule with none makes the screen unusable.
  struct UndecidedScreen {
    bool usable = false;
    int halfmove_clock = 0;
    std::size_t reversible_window = 0;
    int pawns_and_hand_at_most = -1;
    bool repeated_position = false;
  };
  UndecidedScreen undecided_screen;
  // True when an end rule judges by the moves and checks of earlier positions
  // (EndRule::needs_ply_history(); derived by the constructor): a replay then records
  // History::plies.
  bool keeps_ply_history = false;
  // The owners of Position's generic state slots and of the FEN's extra letters and fields
  // (derived by the constructor from the Declaration's owner pointers, see component.hpp's
  // "Slot owners"; nullptr when no rule uses the slot).
  const LayerOwner* layer_rule = nullptr;      // two pieces on a square, "(XY)" in FEN
  const HandOwner* hand_rule = nullptr;        // pieces in hand, "[...]" in FEN
  const PairOwner* pair_rule = nullptr;        // a pair of squares per colour
  const CounterOwner* counter_rule = nullptr;  // small counters per colour
  const MarkOwner* mark_rule = nullptr;        // what the marks on squares mean
  // The rule that gives castling rights their meaning, and the one with letters of its own in
  // the castling field.
  const CastlingRightsOwner* castling_rule = nullptr;
  const CastlingFieldOwner* castling_field_rule = nullptr;
  // The extra FEN fields ("name=value"), in the order of `components`; their names differ.
  std::vector<const FenFieldOwner*> fen_fields;
  // The counters are not part of Position::key() (Declaration::counters_outside_key of
  // counter_rule's component; derived by the constructor).
  bool counters_outside_key = false;
  // The marks are not part of Position::key() (some component declares
  // Declaration::marks_outside_key; derived by the constructor).
  bool marks_outside_key = false;
  // A pawn may stand on its last rank (some component declares
  // Declaration::pawns_stay_on_last_rank; derived by the constructor): the FEN reader allows one.
  bool pawns_stay_on_last_rank = false;
  // The components whose refine_move() completes basic moves (derived by the constructor).
  std::vector<const RuleComponent*> move_refiners;
  // The components whose expand_pawn_move() may replace a pawn's basic move (derived from
  // Declaration::expands_pawn_moves).
  std::vector<const RuleComponent*> pawn_expanders;
  // The components whose royal_verdict() may overrule the attack test (derived by the constructor).
  std::vector<const RuleComponent*> royal_judges;
  // Whether some royal judge does not say which squares its verdict rests on
  // (Declaration::verdict_rests_on_squares): the search for a way out of check then plays every
  // move (derived by the constructor).
  bool royal_judges_opaque = false;
  // The components whose allows_attacked_pass() may make a pass legal that leaves the royal
  // piece threatened (derived from Declaration::passes_despite_attack).
  std::vector<const RuleComponent*> attacked_pass_judges;
  // The components that may edit squares a move does not name (derived by the constructor from
  // Declaration::edits_unnamed_squares).
  std::vector<const RuleComponent*> far_editors;
  // The components that read or write move text of their own forms (derived by the constructor from
  // Declaration::spells_moves): resolve() asks their reread_token() when the usual reading
  // finds no move, to_token() their spell_token(), to_uci() their write_uci() first.
  std::vector<const RuleComponent*> spellers;
  // The notation of the variant's own that a component offers (Declaration::has_own_notation:
  // the xiangqi family's WXF and ICCS), nullptr when none (derived by the constructor).
  const OwnNotation* own_notation = nullptr;
  // The components whose apply(), finish() or allows() act, and those that generate moves
  // (generate(), generate_to(), may_generate()), in the order of `components` (derived from
  // Declaration::hooks).
  std::vector<const RuleComponent*> appliers, finishers, allowers, generators;
  // Per piece type, the generators whose may_generate_type() says they may make a move of it
  // (derived by the constructor): SAN resolution of a move token asks only those.
  std::vector<std::vector<const RuleComponent*>> generators_for_type;

  // The piece type with this SAN letter (or alias), no_piece_type if none.
  PieceType piece_by_san_letter(char letter) const {
    const auto c = static_cast<unsigned char>(letter);
    return c < 128 ? static_cast<PieceType>(san_index_[c] - 1) : no_piece_type;
  }
  // The piece type with this FEN letter (upper case; a PieceSpec::fen_aliases letter too),
  // no_piece_type if none.
  PieceType piece_by_fen_letter(char letter) const {
    const auto c = static_cast<unsigned char>(letter);
    return c < 128 ? static_cast<PieceType>(fen_index_[c] - 1) : no_piece_type;
  }
  // The piece type FEN writes '+' and this letter (upper case) for (PieceDef::fen_plus),
  // no_piece_type if none.
  PieceType piece_by_plus_fen_letter(char letter) const {
    const auto c = static_cast<unsigned char>(letter);
    return c < 128 ? static_cast<PieceType>(plus_fen_index_[c] - 1) : no_piece_type;
  }
  // The pawn type (first piece with the pawn role), no_piece_type if none.
  PieceType pawn_type() const { return pawn_; }
  // True when the square lies on this variant's board.
  bool on_board(Square s) const {
    return s != no_square && file_of(s) < files && rank_of(s) < ranks;
  }
  // Rank of `s` counted from `c`'s side (0 = c's first rank).
  int relative_rank(Square s, Color c) const {
    return c == Color::white ? rank_of(s) : ranks - 1 - rank_of(s);
  }

  // Attack probes per attacking colour (derived by the constructor).
  std::array<std::vector<AttackProbe>, 2> attack_probes;

  // ---- Bit-board geometry (derived by the constructor) -------------------------------------
  // On a board of at most 128 squares (`bitboards`), square s has bit index
  // bit_of[s] = rank * files + file and Position keeps a bit set of the occupied squares per
  // colour. The sets are std::uint64_t on boards of at most 64 squares and Bits128 on larger
  // ones (`wide_bits`). Boards above 128 squares use the square-by-square code alone.
  bool bitboards = false;
  bool wide_bits = false;
  std::array<std::uint8_t, square_count> bit_of{};
  std::array<Square, 128> square_of_bit{};
  // Set (by the constructor) when attacks are found with bit sets: on every bit board. Then, per
  // attacking colour, in attack_bits (64-bit sets) or wide_attack_bits (when wide_bits):
  template <class Set>
  struct AttackBitsOf {
    // near[bit]: the squares next to the target (first squares of every plain probe) from
    // which some piece type attacks it; near_types[offset] the types that do, by the offset
    // (rank * 32 + file, each + 15) from the target to the attacker.
    std::array<Set, bits_in<Set>> near{};
    std::vector<std::uint32_t> near_types = std::vector<std::uint32_t>(32 * 32, 0);
    // Straight rides beyond the first square: per ride, the squares looked along from each
    // target (rays[ride * bits_in<Set> + bit], range applied), whether the ray runs to higher
    // bits (its nearest square is then its lowest bit), and the types that attack from its
    // first occupied square.
    std::vector<Set> rays;
    std::vector<std::uint8_t> rises;
    std::vector<std::uint32_t> ride_types;
    // Per ride, the probe's AttackProbe::layering (read when !plain_attackers).
    std::vector<std::uint8_t> ride_layering;
    // When !plain_attackers: near_types split by the probes' layering (AttackProbe::layering
    // 0, 1, 2: entries [layering * 32 * 32 + offset]).
    std::vector<std::uint32_t> layered_near_types;
    // Plain hops (hop probes without further path conditions): per hop, the squares looked
    // along from each target (hop_rays[hop * bits_in<Set> + bit], the whole line), whether the
    // ray runs to higher bits, the attacking types (beyond the first occupied square, the
    // screen, the next occupied one) and the probe's layering.
    std::vector<Set> hop_rays;
    std::vector<std::uint8_t> hop_rises;
    std::vector<std::uint32_t> hop_types;
    std::vector<std::uint8_t> hop_layering;
    // Leaps with conditions on their path (lame or jumping leaps, not hops): per leap, from
    // each target bit, the attacker's square (leap_from, empty when off the board or when the
    // leap has no path to jump over), the path squares that must be empty (leap_clear) and
    // those of which one must be occupied (leap_hit, empty for no such condition); the
    // attacking types and layering. leap_reach[bit]: the union of leap_from over the leaps.
    std::vector<Set> leap_from, leap_clear, leap_hit;
    std::vector<std::uint32_t> leap_types;
    std::vector<std::uint8_t> leap_layering;
    std::array<Set, bits_in<Set>> leap_reach{};
    // Hops with path conditions: indices into attack_probes, looked at square by square.
    std::vector<std::uint16_t> irregular;
    // lines[bit]: every square whose contents may decide whether the target is attacked (the
    // union of all the above: first squares, rays, hop lines, leap squares and paths). While
    // none of them and not the target itself changes, the answer of the attack test stays.
    std::array<Set, bits_in<Set>> lines{};
    // leap_lines[bit]: the part of lines[bit] that the leaps with path conditions and the
    // irregular hops read (their squares and paths, the whole line of each irregular hop).
    std::array<Set, bits_in<Set>> leap_lines{};
    // rides_through[offset], hops_through[offset], leaps_through[offset]: bit i set when ride
    // i (hop i, leap i) may look at a square at that offset from the target (rank * 32 + file,
    // each + 15), for the first 64 of each. pick_lines: the partial attack test picks its
    // lines by these tables (there are many lines, and at most 64 of each kind).
    std::vector<std::uint64_t> rides_through, hops_through, leaps_through;
    // leaps_by_origin[offset]: bit i set when leap i's attacker stands at that offset from the
    // target (the first 64 leaps; read where pick_lines).
    std::vector<std::uint64_t> leaps_by_origin;
    bool pick_lines = false;
  };
  using AttackBits = AttackBitsOf<std::uint64_t>;
  bool fast_attacks = false;
  // True (set by the constructor) when an attacker is simply a piece of the attacking colour on top
  // of its square: no layer rule and no disarming marks. Otherwise every square the attack
  // tables find is judged as the probes would judge it (two pieces, layering, marks).
  bool plain_attackers = true;
  std::array<AttackBitsOf<std::uint64_t>, 2> attack_bits;
  std::array<AttackBitsOf<Bits128>, 2> wide_attack_bits;
  // The attack tables for sets of type Set, per attacking colour index.
  template <class Set>
  const AttackBitsOf<Set>& attack_bits_of(int c) const {
    if constexpr (std::is_same_v<Set, Bits128>)
      return wide_attack_bits[c];
    else
      return attack_bits[c];
  }
  std::uint32_t royal_types = 0;  // bit t: type t is royal (derived by the constructor)
  // The FEN letter of each piece by Piece::code (1 + 2 * type + colour), lower case for Black
  // (derived by the constructor).
  std::array<char, 1 + 2 * 32> fen_letters{};
  // Whether some piece is written with a '+' before its FEN letter (PieceDef::fen_plus;
  // derived by the constructor).
  bool plus_fen_letters = false;
  // Whether some rule component may add pieces, or move pawns back (derived by the constructor);
  // captures, or pawn moves, then do not cut the history the repetition rules look at.
  bool pieces_may_grow = false;
  bool pawn_moves_reversible = false;
  // Whether a marked piece neither captures nor attacks (derived by the constructor from the
  // components' Declaration::disarms_marked_pieces).
  bool marked_disarmed = false;

  // False when an end rule forbids draws (a 1/2-1/2 result is then an error).
  bool allows_draws() const;

  // The FIDE board's tables when this variant is FIDE chess (ChessBoard::tables_for()), owned
  // by this object (built on first use, hence mutable).
  mutable FideTablesSlot fide_tables;

 private:
  // Records `c` as the owner of the slots its declaration `d` names; throws when one is taken
  // (`claimants`: the rule that took each slot so far, in the order claim_slots() keeps them).
  void claim_slots(const RuleComponent& c, const Declaration& d,
                   std::array<const RuleComponent*, 7>& claimants);
  // The constructor's steps: the pieces (movements, letters, probes), then the components.
  void compile_pieces();
  void compile_components();
  PieceType san_index_[128] = {};
  PieceType fen_index_[128] = {};
  PieceType plus_fen_index_[128] = {};
  PieceType pawn_ = no_piece_type;
};

// ---- Square names -------------------------------------------------------------------------
// The one square reader of the rules library: reads a square name of `variant`'s board ("e4",
// "b10") at the start of `text` and advances `text` past it; no_square (text unchanged) if
// it does not start with one. At most two rank digits are read, so long digit runs cannot
// overflow; a leading zero ("a01") is no square.
Square take_square(std::string_view& text, const Variant& variant);
// A whole text that is one square name of `variant`'s board; no_square otherwise.
Square parse_square(std::string_view text, const Variant& variant);
// The same, for the board of a spec.
Square parse_square(std::string_view text, const VariantSpec& spec);

// Variants are looked up by name in the catalog module (xpgn/catalog/catalog.hpp), which builds
// them from their JSON definitions.

}  // namespace xpgn::rules
