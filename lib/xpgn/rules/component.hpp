// Rule components: small pieces of rules a variant switches on (castling, en passant, promotion,
// and the variants' special rules). Move generation calls them at a few fixed hook points and
// never asks which variant it is playing.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "xpgn/core/san_token.hpp"
#include "xpgn/rules/move.hpp"
#include "xpgn/rules/own_notation.hpp"
#include "xpgn/rules/position.hpp"

namespace xpgn::rules {

// A rule's say on whether a side's royal pieces are threatened (see royal_verdict()).
enum class RoyalVerdict : std::uint8_t {
  usual,       // no say: the usual attack test decides
  safe,        // not threatened, whatever attacks them (e.g. kings that touch)
  threatened,  // threatened, whatever attacks them (e.g. the king has gone)
};

// The hooks of the move cycle a rule may act in (Declaration::hooks).
enum RuleHook : unsigned {
  hook_apply = 1,     // apply()
  hook_finish = 2,    // finish()
  hook_allows = 4,    // allows()
  hook_generate = 8,  // generate(), generate_to() and may_generate()
};

// Which FIDE rule a component is, as it declares it (RuleComponent::declaration()): the FIDE
// fast path (ChessBoard::tables_for) asks this, and then probes the behaviour, never the name.
enum class FideRule : std::uint8_t { none, castling, en_passant, promotion };

// ---- Slot owners ---------------------------------------------------------------------------
// State a rule keeps in the position (Position's generic slots) or in the FEN beside the usual
// fields gets its meaning from the component that owns it. Each kind of slot is a small
// interface here that a component offers by deriving from it and naming itself in its
// Declaration (`.hand = this`); Variant's constructor records each slot's owner once
// (Variant::layer_rule, hand_rule, ...), and the engine asks only that owner, never every
// component. At most one rule of a variant owns each slot; a variant may have several FEN fields
// (one owner each, by name).

// Layer (Position::under): a second piece on a square, "(XY)" in a FEN board cell.
class LayerOwner {
 public:
  // Why the FEN may not put `lower` under `upper` on `s`, or "".
  virtual std::string layer_refuses(Square s, Piece lower, Piece upper) const = 0;
  // Carries out a capture on a square with two pieces (`after`: the mover lifted, not yet
  // landed), with its effects.
  virtual void capture_layered(const Move& move, Position& after, EffectList* effects) const = 0;
  // True when the royal piece on `s`, the upper of two pieces and attacked by `by`, would survive
  // a capture there (pushed aside instead of taken).
  virtual bool royal_survives(const Position& pos, Square s, Color by) const = 0;

 protected:
  ~LayerOwner() = default;
};

// Hand (Position::in_hand): pieces off the board, "[...]" after the FEN board.
class HandOwner {
 public:
  // Reads the letters of the FEN's "[...]" section into `pos`; an error message, or "". The
  // section is written generically (White's, then Black's pieces).
  virtual std::string read_hand(Position& pos, std::string_view letters) const = 0;
  // The label of its box in diagrams ("re-entry"), or "" for no box.
  virtual std::string_view hand_label() const { return {}; }
  // True when each colour holds its own pieces (crazyhouse pockets), drawn as two boxes with a
  // glyph and a count per piece type, and written as SFEN hands; false for one box holding one
  // piece.
  virtual bool hands_per_colour() const { return false; }

 protected:
  ~HandOwner() = default;
};

// Pair (Position::pair): two squares per colour.
class PairOwner {
 public:
  // What a declared pair of squares is called (",^c5^f5" in SAN declares one).
  virtual std::string_view pair_name() const = 0;

 protected:
  ~PairOwner() = default;
};

// Counters (Position::counter): small numbers per colour, the FEN's counters field ("3+3").
// The defaults keep them out of the FEN and the diagrams (counters a rule keeps for itself).
class CounterOwner {
 public:
  // Reads the FEN's counters field ("3+3", or "+1+2" written after the clocks) into `pos`; an
  // error message, or "".
  virtual std::string read_counters(Position& pos, std::string_view text) const {
    (void)pos, (void)text;
    return {};
  }
  // The FEN's counters field for `pos` ("2+3"), or "" to leave it out.
  virtual std::string write_counters(const Position& pos) const {
    (void)pos;
    return {};
  }
  // A short caption of colour `c`'s counters for diagrams ("3 checks left"), or "".
  virtual std::string counter_caption(const Position& pos, Color c) const {
    (void)pos, (void)c;
    return {};
  }
  // Reads a count that the FEN writes in place of the en passant square and the halfmove clock
  // (Fairy-Stockfish's makruk count: its limit, then the plies counted) into `pos`. "" when
  // read; else why not (the default: this rule keeps no such count).
  virtual std::string read_clock_count(Position& pos, long limit, long counted) const {
    (void)pos, (void)limit, (void)counted;
    return "a number in the en passant field is a count's limit (Fairy-Stockfish's makruk "
           "family), which this variant does not keep";
  }
  // True when the FEN of `pos` writes a count in place of the en passant square and the
  // halfmove clock (a count runs), given in `limit` and `counted`; false (the default) for the
  // usual fields.
  virtual bool write_clock_count(const Position& pos, int& limit, int& counted) const {
    (void)pos, (void)limit, (void)counted;
    return false;
  }

 protected:
  ~CounterOwner() = default;
};

// Marks (Position::marked) with a meaning to show: a flag per square that travels with its
// piece. (Rules that keep marks for themselves, written through the castling field, offer none.)
class MarkOwner {
 public:
  // What a mark on a square means, for diagrams ("pregnant").
  virtual std::string_view mark_name() const = 0;
  // True when the marks are written in the FEN board as '~' after the piece letter ("Q~", a
  // promoted piece in crazyhouse) rather than in a FEN field of the rule's.
  virtual bool marks_in_board() const { return false; }

 protected:
  ~MarkOwner() = default;
};

// An extra FEN field ("name=value") after the clocks.
class FenFieldOwner {
 public:
  // The field's name ("portals"); not empty, and no other rule of the variant writes it.
  virtual std::string_view fen_field() const = 0;
  // Reads the field's value into `pos`; an error message, or "" when it is fine.
  virtual std::string read_fen_field(Position& pos, std::string_view value) const = 0;
  // The field's value for `pos`, or "" when the field has nothing to say (left out).
  virtual std::string write_fen_field(const Position& pos) const = 0;

 protected:
  ~FenFieldOwner() = default;
};

// Castling rights: the rule that gives them their meaning.
class CastlingRightsOwner {
 public:
  // The rank its castling rights' kings and rooks stand on, counted from each side's first (0),
  // as the FEN's castling field is read.
  virtual int castling_rank() const = 0;

 protected:
  ~CastlingRightsOwner() = default;
};

// Letters of its own in the FEN's castling field besides the castling rights (Seirawan's gating
// files).
class CastlingFieldOwner {
 public:
  // Reads the castling field (without "-") into `pos`, whose board and hand are already read:
  // keeps this rule's letters and appends to `rights` the ones the engine reads as castling
  // rights. An error message, or "".
  virtual std::string read_castling_field(Position& pos, std::string_view field,
                                          std::string& rights) const = 0;
  // The castling field of `pos` (without "-"), given the engine's castling-right letters.
  virtual std::string write_castling_field(const Position& pos, std::string_view rights) const = 0;

 protected:
  ~CastlingFieldOwner() = default;
};

// What a component says about itself, once (RuleComponent::declaration()): what it is, where
// the engine acts through it, which Position slots it owns and what it may do to a game. The
// engine reads it when a variant is built (Variant's constructor derives its lists from it) and
// never recognises a rule by its name string. The defaults describe a rule that may act in
// every hook of the move cycle and nothing else.
struct Declaration {
  FideRule fide = FideRule::none;
  // Its moves include passes (MoveKind::pass): a pass token is then a move of the game, not a
  // null move.
  bool makes_passes = false;
  // A pass may be legal although it leaves the passer's royal piece threatened: is_legal_after()
  // asks its allows_attacked_pass() then, and only then (Variant::attacked_pass_judges), so that
  // no other move pays for the rule.
  bool passes_despite_attack = false;
  // The hooks among apply(), finish(), allows() and the move generation (generate(),
  // generate_to(), may_generate()) it acts in (RuleHook bits), so that playing and finding
  // moves calls only the rules that act there (Variant::appliers, finishers, allowers and
  // generators). A rule that leaves a hook at its default leaves it out.
  unsigned hooks = hook_apply | hook_finish | hook_allows | hook_generate;
  // The slots it owns (see "Slot owners" above): the component itself as the interface it
  // offers (`.hand = this`), nullptr for a slot it leaves alone. Variant's constructor records
  // them (layer_rule, hand_rule, pair_rule, counter_rule, mark_rule, fen_fields) and refuses a
  // slot two rules claim.
  const LayerOwner* layer = nullptr;
  const HandOwner* hand = nullptr;
  const PairOwner* pair = nullptr;
  const CounterOwner* counters = nullptr;
  const MarkOwner* marks = nullptr;
  const FenFieldOwner* fen_field = nullptr;
  // It completes basic moves through refine_move() (Variant::move_refiners).
  bool refines_moves = false;
  // It replaces pawn moves through expand_pawn_move() (Variant::pawn_expanders).
  bool expands_pawn_moves = false;
  // It overrules the attack test through royal_verdict() (Variant::royal_judges).
  bool judges_royals = false;
  // (With judges_royals.) Its "threatened" verdict for a royal piece stands as long as the
  // squares the usual attack rests on and those royal_verdict_squares() names keep their pieces,
  // so the search for a way out of check may still skip moves that edit none of them. Without it,
  // that filter is off in the variant.
  bool verdict_rests_on_squares = false;
  // apply() or finish() may, for a move of kind normal or placement, change the piece on a
  // square the move does not name (from, to, aux, birth, relocation, push, gate), or the mark
  // there in a variant whose marked pieces are disarmed: a reserve pawn put on the file of a
  // capture, an explosion (Variant::far_editors; may_edit_unnamed_squares() narrows it per
  // move). The search for a way out of check relies on it.
  bool edits_unnamed_squares = false;
  // It gives castling rights their meaning: itself as a CastlingRightsOwner, or nullptr
  // (Variant::castling_rule).
  const CastlingRightsOwner* castling_rights = nullptr;
  // It reads and writes letters of the castling field besides the castling rights (Seirawan's
  // gating files): itself as a CastlingFieldOwner, or nullptr (Variant::castling_field_rule).
  const CastlingFieldOwner* castling_field = nullptr;
  // A marked piece neither captures nor attacks (Variant::marked_disarmed).
  bool disarms_marked_pieces = false;
  // It may add pieces to the game (births), so that a capture that leaves fewer pieces (on
  // the board and waiting beside it) does not make earlier positions unreachable.
  bool may_add_pieces = false;
  // A pawn may come to stand behind where pawns stood before (re-entry, births, reserve pawns,
  // teleports), so that a pawn move does not make earlier positions unreachable.
  bool may_move_pawns_back = false;
  // It owns move text forms of its own: it reads tokens the usual reading finds no move for
  // (reread_token()), writes its moves' SAN tokens in its forms (spell_token()) and their UCI
  // text (write_uci()) (Variant::spellers).
  bool spells_moves = false;
  // It offers a notation of the family's own (own_notation(): WXF written, ICCS read), which
  // the variant records (Variant::own_notation; at most one rule of a variant offers one).
  bool has_own_notation = false;
  // (For the rule that owns the counters.) Its counters are left out of Position::key():
  // positions that differ only in them are the same position for the repetition rules
  // (Fairy-Stockfish's count of the makruk family's end, which its position key ignores).
  bool counters_outside_key = false;
  // Marks (Position::marked) are left out of Position::key(): positions that differ only in
  // them are the same position for the repetition rules (Fairy-Stockfish's gates, which its
  // position key ignores: cambodian's first-move rights).
  bool marks_outside_key = false;
  // A pawn may end a move on its last rank without promoting and stay there (sittuyin's
  // promotion is a move of its own), so that a FEN may show one (Variant::pawns_stay_on_last_rank).
  bool pawns_stay_on_last_rank = false;
};

class RuleComponent {
 public:
  virtual ~RuleComponent() = default;
  // Short name for messages ("castling"); never used to recognise the rule (declaration()).
  virtual std::string_view name() const = 0;

  // What this rule is and does (see Declaration), said once.
  virtual Declaration declaration() const { return {}; }

  // Appends moves this rule creates (castling, en passant, placements, passes).
  virtual void generate(const Position& pos, MoveList& out) const { (void)pos, (void)out; }
  // Appends the moves of generate() that end on `to`, at least (SAN resolution filters them
  // further); a rule whose moves are many overrides it to make only those. The default is
  // generate().
  virtual void generate_to(const Position& pos, Square to, MoveList& out) const {
    (void)to;
    generate(pos, out);
  }

  // False when generate() cannot make a move of a `piece` that ends on `to` (a quick filter
  // for SAN resolution; the default is always true).
  virtual bool may_generate(const Position& pos, PieceType piece, Square to) const {
    (void)pos, (void)piece, (void)to;
    return true;
  }
  // False when may_generate() is false for a `piece` in every position of variant `v`: the
  // component is then not even asked for that piece type (Variant::generators_for_type). The
  // default is true.
  virtual bool may_generate_type(const Variant& v, PieceType piece) const {
    (void)v, (void)piece;
    return true;
  }

  // Called (for a rule that declares expands_pawn_moves) for each basic move of a pawn; returns
  // true if it appended replacement moves for it (e.g. one per promotion choice) so the basic move
  // itself is dropped.
  virtual bool expand_pawn_move(const Position& pos, const Move& move, MoveList& out) const {
    (void)pos, (void)move, (void)out;
    return false;
  }

  // Completes `after` (the basic move already applied, side to move not yet switched) with this
  // rule's effects: rook of a castling, captured en passant pawn, promotion, rights, births...
  virtual void apply(const Position& before, const Move& move, Position& after,
                     EffectList* effects) const {
    (void)before, (void)move, (void)after, (void)effects;
  }

  // Last touch on a finished position (opponent to move), after every component's apply; also
  // run on positions read from FEN. En passant uses it to drop a square no capture can use.
  virtual void finish(Position& pos) const { (void)pos; }

  // ---- Completing basic moves ---------------------------------------------------------------
  // Called (for a rule that declares refines_moves) for each basic move of a piece (before pawn
  // expansion), in the variant's order of components: may complete `move` in place (a teleport sets
  // its relocation), or append the moves that replace it (one per push square) and return true.
  // `mover_alone`: the mover does not share its square.
  virtual bool refine_move(const Position& pos, Move& move, bool mover_alone, MoveList& out) const {
    (void)pos, (void)move, (void)mover_alone, (void)out;
    return false;
  }

  // Why allows() forbids this move, in plain words, or "" (used in error messages).
  virtual std::string why_forbidden(const Position& before, const Move& move,
                                    const Position& after) const {
    (void)before, (void)move, (void)after;
    return {};
  }

  // Why no move of this rule matches `token` in `pos` (a castling through an attacked square,
  // a pass without a queen, a promotion to a piece the rule does not offer), or "" when the
  // token is none of this rule's business. Used only to explain a refusal.
  virtual std::string why_no_move(const Position& pos, const SanToken& token) const {
    (void)pos, (void)token;
    return {};
  }

  // ---- Move text of its own forms (for a rule that declares spells_moves) ------------------
  // When `token`, as the SAN grammar read it, names no legal move in `pos`, a rule may read it
  // in a form of its own (Seirawan: a UCI move "e1g1h" whose last letter is a gating, not a
  // promotion). It then appends the pseudo-legal moves the token means to `candidates`, sets
  // `meant` to the token as its form means it (for the check mark and messages) and returns
  // true; false when the token is in none of its forms. The engine keeps the reading only when
  // exactly one legal move results.
  virtual bool reread_token(const Position& pos, const SanToken& token, MoveList& candidates,
                            SanToken& meant) const {
    (void)pos, (void)token, (void)candidates, (void)meant;
    return false;
  }
  // True when `token` is in a form of this rule's own that the usual reading would take for
  // another move (shogi's UCI "d3b1+", whose '+' is a promotion, not a check mark): resolve()
  // then asks reread_token() first and reads the token the usual way only when that names no
  // single legal move.
  virtual bool reads_first(const SanToken& token) const {
    (void)token;
    return false;
  }
  // Rewrites `token`, the canonical SAN token the engine made for `move` (legal in `pos`; its
  // check mark not yet set), in this rule's form where it has one (the letter a promoted piece
  // is written with, a mark of its own). What it writes must read back as the same move.
  virtual void spell_token(const Position& pos, const Move& move, SanToken& token) const {
    (void)pos, (void)move, (void)token;
  }
  // Writes the UCI text of `move` (pseudo-legal in `pos`) to `out` and returns true when this
  // rule spells that move; false leaves it to the usual spelling (to_uci()).
  virtual bool write_uci(const Position& pos, const Move& move, std::string& out) const {
    (void)pos, (void)move, (void)out;
    return false;
  }

  // ---- A notation of its own (for a rule that declares has_own_notation) -------------------
  // The notation; it lives as long as the rule.
  virtual const OwnNotation* own_notation() const { return nullptr; }

  // ---- What a move edits (the search for a way out of check relies on it) ------------------
  // For a rule that declares edits_unnamed_squares: false when it surely edits no unnamed square
  // for `move` (pseudo-legal in `pos`). The default is true.
  virtual bool may_edit_unnamed_squares(const Position& pos, const Move& move) const {
    (void)pos, (void)move;
    return true;
  }

  // Returns false when this rule forbids the finished move (`after` has the opponent to move).
  virtual bool allows(const Position& before, const Move& move, const Position& after) const {
    (void)before, (void)move, (void)after;
    return true;
  }

  // True when allows() surely refuses every move from `before` (the game is over): the search
  // for a legal move then stops at once. The default is false (ask allows() move by move).
  virtual bool forbids_every_move(const Position& before) const {
    (void)before;
    return false;
  }

  // (For a rule that declares judges_royals.) Whether `side`'s royal pieces are threatened in `pos`
  // (in check, or left attacked by the move that made `pos`), overriding the usual attack test; the
  // first component with a say decides. Called by royal_threatened() (movegen.hpp); the default has
  // no say.
  virtual RoyalVerdict royal_verdict(const Position& pos, Color side) const {
    (void)pos, (void)side;
    return RoyalVerdict::usual;
  }

  // (For a rule that declares passes_despite_attack.) True when `pass` (MoveKind::pass, played
  // from `before` into `after`) is legal although the royal test finds the passer's royal pieces
  // threatened in `after`; the first such rule that says so decides. The default is false.
  virtual bool allows_attacked_pass(const Position& before, const Move& pass,
                                    const Position& after) const {
    (void)before, (void)pass, (void)after;
    return false;
  }

  // (For a rule that declares verdict_rests_on_squares.) The squares beyond the usual attack's on
  // which a "threatened" verdict for the royal piece on `royal` rests (bit = Variant::bit_of), so
  // that while a move edits none of them the verdict stands. The default names none.
  virtual Bits128 royal_verdict_squares(const Position& pos, Square royal) const {
    (void)pos, (void)royal;
    return {};
  }

  // Checks this rule's parameters against the variant (letters it names exist, squares lie on
  // the board); an error message, or "" when they fit. Called by Variant's constructor.
  virtual std::string validate(const Variant& variant) const {
    (void)variant;
    return {};
  }
};

}  // namespace xpgn::rules
