// The game tree that replaying builds: tags, start position, moves with their annotations and
// variations, the result as written and the outcome the rules reach, and the diagnostics.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "xpgn/core/fen_setup.hpp"
#include "xpgn/record/diagnostic.hpp"
#include "xpgn/rules/move.hpp"
#include "xpgn/rules/outcome.hpp"
#include "xpgn/rules/position.hpp"
#include "xpgn/rules/variant.hpp"

namespace xpgn::record {

// A tag pair as read (order and duplicates are kept).
struct Tag {
  std::string name;
  std::string value;
  SourcePos pos;
};

// Commands embedded in comments ("[%clk 1:02:03]", "[%emt 0:00:05]", "[%eval -0.5]",
// "[%csl Ga1]", "[%cal Re2e4]"), parsed out for structured output. The comment text itself is
// kept verbatim, commands included.
struct Commands {
  std::optional<double> clock;       // [%clk H:MM:SS(.f)], in seconds, 0 to 999:59:59
  std::optional<double> elapsed;     // [%emt H:MM:SS(.f)], in seconds, 0 to 999:59:59
  std::optional<double> eval;        // [%eval 0.31], in pawns from White's side
  std::optional<int> eval_mate;      // [%eval #-3], mate in N (negative: Black mates)
  std::vector<std::string> squares;  // [%csl Ga1,Rb2]: colour letter + square, as written
  std::vector<std::string> arrows;   // [%cal Ge2e4]: colour letter + from + to, as written

  bool empty() const {
    return !clock && !elapsed && !eval && !eval_mate && squares.empty() && arrows.empty();
  }
};

// Adds the commands found in `comment` to `commands`; unknown commands are ignored. A %clk or
// %emt value that is no time from 0 to 999:59:59 is not stored; when `problems` is given, a
// sentence naming it is appended there. A comment holding text the reader did not read after a
// syntax error (notation::unread_note_prefix) has no commands.
void parse_commands(std::string_view comment, Commands& commands,
                    std::vector<std::string>* problems = nullptr);

// The position after a move (MoveNode::after): none, or one position kept on the heap, used as a
// std::optional<rules::Position> is. A position is about 660 bytes; kept in the node it would make
// up two thirds of it, where tree and check replays (which keep no positions) would construct,
// destroy and walk over that room for every move, and a growing line would move it.
class PositionSlot {
 public:
  PositionSlot() = default;
  PositionSlot(std::nullopt_t) {}
  PositionSlot(const rules::Position& p) : p_(std::make_unique<rules::Position>(p)) {}
  PositionSlot(const PositionSlot& other)
      : p_(other.p_ ? std::make_unique<rules::Position>(*other.p_) : nullptr) {}
  PositionSlot(PositionSlot&&) noexcept = default;
  ~PositionSlot() = default;
  // Copies `other`'s position (none when it has none).
  PositionSlot& operator=(const PositionSlot& other) {
    if (this == &other) return *this;
    if (other.p_) return *this = *other.p_;
    p_.reset();
    return *this;
  }
  PositionSlot& operator=(PositionSlot&&) noexcept = default;
  // Holds a copy of `p` (assigned into the position held, if any).
  PositionSlot& operator=(const rules::Position& p) {
    if (p_)
      *p_ = p;
    else
      p_ = std::make_unique<rules::Position>(p);
    return *this;
  }
  PositionSlot& operator=(std::nullopt_t) {
    p_.reset();
    return *this;
  }
  // Holds a position made from `args` and returns it.
  template <class... Args>
  rules::Position& emplace(Args&&... args) {
    p_ = std::make_unique<rules::Position>(std::forward<Args>(args)...);
    return *p_;
  }
  // Holds no position.
  void reset() { p_.reset(); }
  bool has_value() const { return p_ != nullptr; }
  explicit operator bool() const { return p_ != nullptr; }
  // The position held (there must be one).
  rules::Position& operator*() { return *p_; }
  const rules::Position& operator*() const { return *p_; }
  rules::Position* operator->() { return p_.get(); }
  const rules::Position* operator->() const { return p_.get(); }

 private:
  std::unique_ptr<rules::Position> p_;
};

struct MoveNode;
// A line of play: moves in order, the first one played from the line's start position.
using Line = std::vector<MoveNode>;

// One replayed move and what was written around it. After a line's first move that could not
// be verified (illegal, invalid, after the end of the game, or the game has no usable start
// position) the rest of the line is kept as read: such nodes have `verified` false, no move and
// no SAN, only the token as written, its annotations and variations (all unverified too).
struct MoveNode {
  rules::Move move;                          // the legal move the token resolved to
  std::string san;                           // canonical SAN from the rules ("--": null move)
  std::string text;                          // the token as written
  bool verified = true;                      // false: kept as read, not replayed
  bool null_move = false;                    // "--"/"Z0" in a variant without passes
  std::string unverified_reason;             // on a line's first unverified node: why
  SourcePos pos;                             // where the token starts
  int ply = 0;                               // 1-based half-move count from the game's start
  std::vector<int> nags;                     // $n and suffix annotations, in order
  std::vector<std::string> comments_before;  // comments between the previous move and this one
  std::vector<std::string> comments_after;   // comments following this move
  Commands commands;                         // parsed from comments_after
  std::vector<rules::Effect> effects;        // what the move did besides moving its piece
                                             // (a vector: most moves have none)
  // The position after the move, stored once by the replayer (on verified nodes; nullopt on
  // the others), so that writers and diagrams walk the tree without playing moves again.
  PositionSlot after;
  std::vector<Line> variations;  // alternatives to this move, from the position before it
};

// A game as read and replayed.
struct Game {
  std::uint64_t index = 0;                  // 1-based number of the game in its input
  SourcePos pos;                            // where the game starts
  std::vector<Tag> tags;                    // every tag pair in input order (full mode only)
  const rules::Variant* variant = nullptr;  // nullptr when the variant is unknown
  std::string variant_options;              // the [VariantOptions] text
  std::optional<FenSetup> setup;            // the start position when [FEN] gave one
  std::string start_fen;                    // canonical FEN of the start position ("" if unknown)
  std::vector<std::string> comments;        // comments before the first mainline move
  Line moves;                               // the mainline (full mode only)
  std::string result_tag;                   // value of [Result], "" when absent
  std::string result_marker;                // the termination marker, "" when absent
  rules::Outcome outcome;                   // what the rules say about the final mainline position
  bool mainline_complete = true;            // false when the mainline could not be replayed fully
  int mainline_plies = 0;                   // number of mainline moves replayed
  std::vector<Diagnostic> diagnostics;
  // ReplayOptions::mainline_san only: the canonical SAN of the verified mainline moves, one
  // after another, and where each ends in that text ("--" for a null move). Empty otherwise.
  std::string mainline_san;
  std::vector<std::uint32_t> mainline_san_ends;
  // What a ReplayOptions::watch (replayer.hpp) found in the main line's positions; its meaning is
  // the watch's. All zero (and `watched` false) when the game was replayed without one.
  struct WatchMarks {
    bool watched = false;    // a watch looked at this game's main line
    bool done = false;       // the watch wants no more of its positions
    std::uint64_t seen = 0;  // criteria met so far (one bit each)
    std::uint64_t fit = 0;   // criteria whose piece counts the last position looked at fit
    int value = -1;          // a finding (an opening's index), -1 for none
    int value_ply = 0;       // the ply it was found at
    int board_ply = -1;      // the ply whose board the watch's scratch position holds (-1: none)
    bool settled = false;    // the criteria and the classification want no more positions
    // The duplicate key under way (select's --unique): two hash lanes over the main line, the
    // items added, the start position's key (when `started`), and whether moves count besides
    // positions.
    std::uint64_t key_high = 0, key_low = 0, key_items = 0, start_key = 0;
    bool started = false, key_moves = false;
    // The position key at one ply (select's --same-position-at), once the watch saw that ply.
    std::uint64_t at_high = 0, at_low = 0;
    bool at_found = false;
  } marks;

  // True when no diagnostic is an error.
  bool valid() const;
  // Value of the last tag named `name` (a repeated tag's later value wins), nullptr when absent.
  const std::string* tag(std::string_view name) const;
  // The start position (variant start or [FEN]); nullopt when the variant or FEN is bad.
  std::optional<rules::Position> start_position() const;
};

}  // namespace xpgn::record
