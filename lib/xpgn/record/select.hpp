// Archive curation: which games a selection keeps (tags, length, validity), the keys that tell
// duplicate games apart, a compact set of such keys, and a reader of tags alone for selections
// that need no replay. `xpgn select` is built on it; docs/cli.md describes the criteria.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <regex>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "xpgn/notation/notation.hpp"
#include "xpgn/record/game.hpp"
#include "xpgn/record/replayer.hpp"

namespace xpgn::record {

// A 128-bit hash that stands for a game's moves (or a position): equal games give equal keys,
// different ones equal keys with a probability of about 2^-128 per pair. Never all zero.
struct GameKey {
  std::uint64_t high = 0;
  std::uint64_t low = 0;
  friend bool operator==(const GameKey&, const GameKey&) = default;
};

// The duplicate key of a replayed game (ReplayMode::full, or tree: its moves are then played
// again): its variant and options, its start position and its main-line moves. Tags, comments,
// variations, NAGs, move numbers, line breaks and check marks do not enter it. A verified move
// counts by the position it makes (Zobrist key: board, side, castling, hands, en passant when a
// capture is possible) and, in variants other than those the FIDE fast path (rules::FideLine)
// plays, by the move itself (squares, pieces, kind: two moves may make one position there); the
// tokens after a line's first unverified one count as written, without check marks and
// annotation suffixes. A game whose variant or start position is unknown uses its [Variant],
// [VariantOptions] and [FEN] tags as written instead. The key of a game replayed in check mode
// with a SelectWatch made with `unique` is watched_duplicate_key(), the same.
GameKey duplicate_key(const Game& game);

// duplicate_key() of a game replayed (in any mode, check mode included) with a SelectWatch made
// with `unique`, from what the watch put in Game::marks; its tags must have been kept
// (ReplayOptions::keep_tags in check mode) for a game whose start position is unknown.
GameKey watched_duplicate_key(const Game& game);
// The key of the position at the ply a SelectWatch with same_position_at was given, as it saw
// it (the same as position_key_at() of the fully replayed game); nullopt when the main line
// did not reach that ply with verified moves.
std::optional<GameKey> watched_position_key(const Game& game);

// The key of the main-line position after `ply` moves of a game replayed with ReplayMode::full
// (or tree, then restore_positions(); positions left out count as unknown) (0: the start): its
// variant and options and the position's FEN without the move counters. nullopt when the game
// has fewer verified main-line moves, or no start position.
std::optional<GameKey> position_key_at(const Game& game, int ply);

// The same key of `position`, a position of `variant` with the options `variant_options`.
GameKey position_key(const rules::Variant& variant, std::string_view variant_options,
                     const rules::Position& position);

// A set of GameKeys in one open-addressed table of 16-byte slots, kept between half and three
// quarters full once it holds more than a few keys: at most 32 bytes per key. Not thread-safe.
class KeySet {
 public:
  // Adds `key`; true when it was not there yet.
  bool insert(const GameKey& key);
  std::size_t size() const { return size_; }
  // The bytes the table holds.
  std::size_t bytes() const { return slots_.size() * sizeof(GameKey); }

 private:
  // Moves every key into a table of `capacity` slots.
  void rehash(std::size_t capacity);
  std::vector<GameKey> slots_;
  std::size_t size_ = 0;
};

// A PGN date as a range of days: "1990.??.??" is 1990.01.01 to 1990.12.31. Days are numbered
// year * 10000 + month * 100 + day, which orders them (day 31 is allowed in every month).
struct DateRange {
  std::uint32_t first = 0;
  std::uint32_t last = 0;
};

// The range a PGN date stands for: "YYYY.MM.DD" with any part "??" (or "????"), or "YYYY" and
// "YYYY.MM" alone; nullopt for an unknown year or a malformed date.
std::optional<DateRange> parse_pgn_date(std::string_view text);

// An ECO code range: "B20", "A00-B99", "C6" (C60 to C69), "E" (E00 to E99).
struct EcoRange {
  std::string first;  // three characters
  std::string last;
};

// The range `text` writes; nullopt and `error` when it is none.
std::optional<EcoRange> parse_eco_range(std::string_view text, std::string& error);

// The criteria of a selection as written (the command line's options); Selector::make checks
// them. Empty fields select everything.
struct SelectOptions {
  std::string white, black, player, event, site;  // case-insensitive substrings (ASCII letters)
  std::vector<std::string> tags;                  // "NAME~REGEX" (ECMAScript, case-insensitive)
  std::vector<std::string> results;               // "1-0", "0-1", "1/2-1/2", "*"
  std::vector<std::string> variants;              // names as find_variant takes them
  std::vector<std::string> eco;                   // ranges, see parse_eco_range
  std::string date_from, date_to;                 // PGN dates, "??" parts allowed
  std::optional<int> min_plies, max_plies;        // main-line moves replayed
  bool valid = false;                             // only games without errors
  bool invalid = false;                           // only games with errors
  std::vector<std::string> positions;  // FEN board fields, or patterns with ? and *; each must be
                                       // seen at some main-line position
  std::vector<std::string> materials;  // "KRP-KR": exact material of both sides (either colour)
                                       // at some main-line position; each must be seen
  std::vector<std::string> ends_in;    // how the main line ends (see ending_names()); any of them
};

// The names --ends-in takes, each with what it stands for, in a stable order.
std::vector<std::pair<std::string_view, std::string_view>> ending_names();

// A FEN board (its placement field; a holding "[...]" and what follows are ignored) or a pattern
// of one: rows top rank first, each square a piece letter (with "~" for promoted pieces, "(XY)"
// a stack), a count of empty squares, "?" any one square (empty or not) or "*" any number of
// squares (none included) of that row. Matches boards of the same number of rows whose every
// row the pattern's row matches.
class BoardPattern {
 public:
  // The pattern of `text`; nullopt and `error` when it is malformed.
  static std::optional<BoardPattern> parse(std::string_view text, std::string& error);
  // True when the board of `placement` (a FEN's first field) matches.
  bool matches(std::string_view placement) const;
  // The pieces the pattern names, White's and Black's FEN letters (upper case), and whether it
  // names every square (no ? or *): a board it matches has at least (exactly) these.
  const std::string& white_letters() const { return white_; }
  const std::string& black_letters() const { return black_; }
  bool exact() const { return exact_; }

 private:
  // One square of a pattern: a piece ("P", "Q~" read as "Q", "(PN)"), empty, any, or a run.
  struct Cell {
    enum Kind : std::uint8_t { piece, empty, any, run } kind = empty;
    std::string piece_text;
  };
  std::vector<std::vector<Cell>> rows_;
  std::string white_, black_;
  bool exact_ = true;
};

// Material of both sides: "KRP-KR" is a king, a rook and a pawn against a king and a rook.
class Material {
 public:
  // The material of `text` ("SIDE-SIDE", each side upper-case piece letters in any order);
  // nullopt and `error` when malformed.
  static std::optional<Material> parse(std::string_view text, std::string& error);
  // True when the board of `placement` holds exactly this material, either side White.
  bool matches(std::string_view placement) const;
  // The two sides' letters, sorted.
  const std::string& first() const { return first_; }
  const std::string& second() const { return second_; }

 private:
  std::string first_, second_;  // sorted letters
};

// Sets tags in the text of a game as read: the header's lines that hold nothing but a tag of one
// of the names given are dropped, and a line per tag is added after the header's last tag line
// (at the start when it has none), with the text's line ends. Every other byte is kept.
std::string set_tags_in_text(std::string_view text,
                             const std::vector<std::pair<std::string, std::string>>& tags);

// Sets tags in a game (full mode): the tags of those names are removed and the new ones added
// at the end.
void set_tags(Game& game, const std::vector<std::pair<std::string, std::string>>& tags);

// A checked selection. Thread-safe once made (matches() may run on several threads at once).
class Selector {
 public:
  // The selector of `options`; nullopt and `error` (naming the option) when one is malformed.
  static std::optional<Selector> make(const SelectOptions& options, std::string& error);

  // True when some criterion needs the moves replayed (plies, validity, positions, material,
  // endings): otherwise the tags of
  // a game (TagReader) are all matches() reads.
  bool needs_replay() const { return needs_replay_; }
  // True when matches() reads the positions of the main line (--position, --material, FEN
  // patterns): the game must then have been replayed with ReplayMode::full, or have had
  // restore_positions(). Otherwise ReplayMode::tree is enough: matches() reads tags, the
  // main line's length, the diagnostics and the outcome, which tree mode gives as full does.
  bool needs_positions() const { return !positions_.empty() || !materials_.empty(); }
  // The names of the tags matches() reads (for TagReader's filter); "Result" is among them
  // when a result is asked for, "Variant" and "VariantOptions" when a variant is.
  std::vector<std::string> tag_names() const;
  // True when `game` meets every criterion. Its tags must be there (ReplayMode::full or tree,
  // or TagReader); when needs_replay(), it must have been replayed, and in full when
  // needs_positions().
  bool matches(const Game& game) const;
  // For a selector that does not need_replay(): matches() of the game take_tagged_game() makes
  // of the tag pairs `tags` and termination marker `result_marker` (of notation::scan_tags()),
  // read on the views themselves.
  bool matches_tags(std::span<const notation::TagText> tags, std::string_view result_marker) const;

  // The number of position criteria (--position and --material), at most 64 for a watch.
  std::size_t position_criteria() const { return positions_.size() + materials_.size(); }

 private:
  friend class SelectWatch;
  struct TagPattern {
    std::string name;
    std::regex pattern;
  };
  std::string white_, black_, player_, event_, site_;  // lower case
  std::vector<TagPattern> tags_;
  std::vector<std::string> results_;
  std::vector<const rules::Variant*> variants_;
  std::vector<EcoRange> eco_;
  std::optional<std::uint32_t> date_from_, date_to_;
  std::optional<int> min_plies_, max_plies_;
  bool valid_ = false, invalid_ = false;
  std::vector<BoardPattern> positions_;
  std::vector<Material> materials_;
  std::vector<rules::Termination> endings_;
  bool needs_replay_ = false;
  std::uint64_t id_ = 0;  // distinct per make() (look_at()'s cache tells selectors apart by it)
  // True when every position pattern and material is seen at some main-line position.
  bool positions_seen(const Game& game) const;
  // The criteria on tags, read through `tag` (the value of the last tag of a name, or nullopt),
  // with the game's termination marker and its variant when it was replayed (else nullptr).
  template <typename Tags>
  bool tags_match(const Tags& tag, std::string_view result_marker,
                  const rules::Variant* variant) const;
  // Looks at one main-line position of `game` for the position criteria (SelectWatch): sets in
  // game.marks.seen the bits of those it meets, in game.marks.fit those whose piece counts it
  // fits; with `same_counts` (the piece counts are those of the last position looked at) only the
  // patterns of marks.fit are looked at. False (nothing looked at) when some criterion names a
  // piece the position's variant does not have: none can then be met.
  bool look_at(const rules::Position& position, bool same_counts, Game& game) const;
};

// The watch of a selection (ReplayOptions::watch), so that --position, --material, --classify
// and --unique run in check mode: the selector's position criteria, met at some main-line
// position, end up in Game::marks.seen (Selector::matches() reads them there for a game that
// was `watched`), with `classify` the entry classify_opening() would give in
// Game::marks.value (its index in openings(); see marked_opening()), and with `unique` what
// watched_duplicate_key() makes the game's duplicate key of, and with `same_position_at` >= 0
// the key position_key_at() would give at that ply (watched_position_key()).
class SelectWatch final : public MainLineWatch {
 public:
  // `selector` must outlive the watch and have at most 64 position criteria.
  SelectWatch(const Selector& selector, bool classify, bool unique = false,
              int same_position_at = -1);
  void see(const rules::Position& position, int ply, const rules::Move* move,
           Game& game) const override;
  void see(const rules::FideLine& line, int ply, const rules::Move* move, Game& game,
           rules::Position& scratch) const override;
  void unverified(std::string_view token, Game& game) const override;
  // Only the position criteria follow the board's moves.
  bool wants_fast_moves() const override { return selector_.position_criteria() > 0; }

 private:
  // Sets marks.settled when neither the criteria (all met, or not `possible`) nor the
  // classification (past its deepest ply, or not FIDE chess) want more positions, and then
  // marks.done unless the duplicate key wants the rest of the main line.
  void settle(int ply, bool possible, Game& game) const;
  // The classification's look at `position` (at `ply`, from 1).
  void classify_at(const rules::Position& position, int ply, Game& game) const;
  const Selector& selector_;
  // At `ply`: with same_position_at_ == ply, the key of `position` into game.marks.
  void key_at(const rules::Position& position, int ply, Game& game) const;
  bool classify_ = false;
  bool unique_ = false;
  int same_position_at_ = -1;
  int opening_plies_ = 0;  // with classify_: opening_max_plies()
  std::uint64_t all_ = 0;  // a bit per position criterion
};

// The variant a game's tags ask for ([Variant], default chess, with [VariantOptions]), from the
// catalog; nullptr when unknown. For games that were not replayed (TagReader).
const rules::Variant* variant_of_tags(const Game& game);

// Sets `game` to what TagReader hands its handler for the game `tagged` (of
// notation::scan_tags()): its index, position, the tags of `names` (every tag when empty),
// Result tag and termination marker; the other fields as in a new Game. Its buffers are reused.
void take_tagged_game(const notation::TaggedGame& tagged, const std::vector<std::string>& names,
                      Game& game);

// A visitor that reads games' tags alone (their movetext is skipped, the fast path of the
// reader) and hands each game to `handler` with its index, position, tags and termination
// marker; nothing is replayed, so the game has no moves, variant or diagnostics. With `names`,
// only the tags of those names are kept (Game::result_tag is set in any case).
class TagReader final : public notation::PgnVisitor {
 public:
  explicit TagReader(std::function<void(Game&)> handler, std::vector<std::string> names = {})
      : handler_(std::move(handler)), names_(std::move(names)) {}
  void begin_game(std::uint64_t index, SourcePos pos) override;
  void tag(std::string_view name, std::string_view value, SourcePos pos) override;
  void result(std::string_view text, SourcePos pos) override;
  void game_text(std::string_view raw) override { text_ = raw; }
  void end_game() override;
  bool wants_movetext() override { return false; }
  // While `handler` runs: the game's text as the reader saw it (PgnVisitor::game_text), empty
  // when it gave none (a game too long to be read).
  std::string_view text() const { return text_; }

 private:
  std::function<void(Game&)> handler_;
  std::string_view text_;
  std::vector<std::string> names_;  // the tags kept; empty: all
  Game game_;
  bool open_ = false;
};

}  // namespace xpgn::record
