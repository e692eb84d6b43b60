// Builds games while the PGN reader streams: every token is resolved against the current
// position by the rules, variations are replayed from the position before the move they replace,
// and every problem becomes a Diagnostic with file, line, column, game, ply and token.
#pragma once

#include <cstdint>
#include <functional>
#include <istream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "xpgn/notation/notation.hpp"
#include "xpgn/record/game.hpp"
#include "xpgn/rules/move.hpp"

namespace xpgn::rules {
class FideLine;
}  // namespace xpgn::rules

namespace xpgn::record {

// Looks at the positions of each game's main line while it is replayed (ReplayOptions::watch),
// in any mode, so that a reader that needs them (select's --position, --material, --classify,
// --unique) may run in check mode: the start position (ply 0) and the position after each
// verified main-line move, in order, then the main line's tokens that were not verified, until
// the line stops or Game::marks.done is set. A position comes as a rules::Position or, on the
// FIDE fast path, as the current position of a rules::FideLine. What it finds goes into
// Game::marks, which the replayer clears (setting `watched`) when the game begins. One watch serves
// every thread at once: its functions must be safe to call concurrently.
class MainLineWatch {
 public:
  virtual ~MainLineWatch() = default;
  // The main line's position at `ply`, on the generic rules; `move` is the move that made it
  // (a null move's is of MoveKind::pass), nullptr at ply 0.
  virtual void see(const rules::Position& position, int ply, const rules::Move* move,
                   Game& game) const = 0;
  // The same on the fast path: the position is `line`'s current one (its key(); its
  // store_current() writes it out). `move`: the move that made this position from the one shown
  // before, when that was this line's position at ply - 1 (else nullptr). `scratch`, a position
  // of the game's variant that is the watch's alone (per replayer; left as the watch left it
  // between calls, also from game to game), may be overwritten to look at the position in full
  // (line.store_current()), or kept up to date by playing `move` into it.
  virtual void see(const rules::FideLine& line, int ply, const rules::Move* move, Game& game,
                   rules::Position& scratch) const = 0;
  // A main-line token after the line's first move that could not be verified (full mode keeps
  // it as an unverified MoveNode), in order, as written.
  virtual void unverified(std::string_view /*token*/, Game& /*game*/) const {}
  // True when the fast path's see() wants its `move` (which costs the board a recording play);
  // false: `move` may always be nullptr.
  virtual bool wants_fast_moves() const { return true; }
};

enum class ReplayMode : std::uint8_t {
  full,   // keep the whole tree: tags, moves, canonical SAN, comments, NAGs, variations, effects
  check,  // validate only: moves and variations are replayed, but no tree, tag or comment is kept
  // as full, but verified nodes keep no position and no effects (MoveNode::after stays nullopt,
  // MoveNode::effects empty) until restore_positions() plays the moves again: for readers that
  // mostly want the moves' SAN (the Python module). Diagnostics are those of full mode.
  tree,
};

struct ReplayOptions {
  ReplayMode mode = ReplayMode::full;
  std::string file_name = "-";  // the input's name, used in diagnostics
  // Archive-era rules and null moves: when false (the default), moves after an automatic end
  // (fivefold repetition, 75 moves, dead position) and null moves in a main line are warnings;
  // when true they are errors (for fivefold and 75 moves only in games dated from 1 July 2014
  // or undated). See docs/decisions.md.
  bool strict = false;
  // Check mode: replay FIDE chess games on the FIDE fast path (rules::FideLine, bit boards),
  // handing a move to the generic rules only when the line is unsure. The verdicts and messages are
  // the same either way; false forces the generic rules (for comparisons).
  bool fast_chess = true;
  // How the input is read: the bound on one game and the encoding (--encoding).
  notation::ReaderOptions reader;
  // Check mode: keep the tags (Game::tags) too, as full mode does.
  bool keep_tags = false;
  // Check mode: keep what full mode keeps of a game but its tree (no node, no comment): the tags,
  // start position (Game::setup, start_fen), result texts, and the canonical SAN of every
  // verified main-line move, packed in Game::mainline_san (for readers that want the moves'
  // SAN only: the Python module's read(san_only=True)).
  bool mainline_san = false;
  // Shown every main-line position (see MainLineWatch); not owned, outlives the replay.
  const MainLineWatch* watch = nullptr;
};

// Receives each finished game; it may move the game's contents out, and may leave in
// game.moves a line of its own (one a game it was given earlier had, say): the replayer
// destroys its nodes when the next game begins and fills its room with that game's mainline,
// without allocating (likewise buffers left in game.mainline_san and mainline_san_ends).
using GameHandler = std::function<void(Game&)>;

class Replayer final : public notation::PgnVisitor {
 public:
  // A replayer that hands every finished game to `handler`.
  Replayer(ReplayOptions options, GameHandler handler);
  ~Replayer() override;
  Replayer(const Replayer&) = delete;
  Replayer& operator=(const Replayer&) = delete;

  void begin_game(std::uint64_t index, SourcePos pos) override;
  void tag(std::string_view name, std::string_view value, SourcePos pos) override;
  void move(const SanToken& token, std::string_view text, SourcePos pos) override;
  void invalid_move(const notation::SyntaxError& error) override;
  void nag(int value, SourcePos pos) override;
  void comment(std::string_view text, SourcePos pos) override;
  void begin_variation(SourcePos pos) override;
  void end_variation(SourcePos pos) override;
  void result(std::string_view text, SourcePos pos) override;
  void syntax_error(const notation::SyntaxError& error) override;
  void warning(SourcePos pos, std::string_view message) override;
  void end_game() override;

  // Completes a game the input left open and returns diagnostics that belonged to no game.
  std::vector<Diagnostic> finish();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// Reads every game of `text`, replays it and hands it to `handler`. Diagnostics outside any
// game are appended to `orphans` when given. Returns the number of games. Never throws on bad
// input.
std::uint64_t replay_pgn(std::string_view text, const ReplayOptions& options,
                         const GameHandler& handler, std::vector<Diagnostic>* orphans = nullptr);

// Same for a stream, read in constant memory.
std::uint64_t replay_pgn(std::istream& in, const ReplayOptions& options, const GameHandler& handler,
                         std::vector<Diagnostic>* orphans = nullptr);

// Receives each finished game as a GameHandler does; returning false stops the reading after it.
using StoppableHandler = std::function<bool(Game&)>;

// Replays the games of `text` as replay_pgn does, handing each to `handler` until it returns
// false (the rest of the input is then not read). Returns "" or the error the reader threw (an
// unknown encoding, a game span outside the text); std::bad_alloc and the handler's own
// exceptions are passed on unchanged.
std::string replay_pgn_while(std::string_view text, const ReplayOptions& options,
                             const StoppableHandler& handler,
                             std::vector<Diagnostic>* orphans = nullptr);

// Same for a stream; a stream that went bad gives "<options.file_name>: read error".
std::string replay_pgn_while(std::istream& in, const ReplayOptions& options,
                             const StoppableHandler& handler,
                             std::vector<Diagnostic>* orphans = nullptr);

// Fills in the positions and effects a ReplayMode::tree replay left out: every verified node of
// `game`'s tree gets MoveNode::after and MoveNode::effects as a full replay gives them, by
// playing the nodes' moves from the start position. Nodes that have a position already are left
// as they are, so that it may be called on any game, more than once. Returns false (nothing
// changed) when the game has no start position.
bool restore_positions(Game& game);

// Every game of `text`, fully replayed (convenience for tests and small inputs).
std::vector<Game> read_games(std::string_view text, const ReplayOptions& options = {});

}  // namespace xpgn::record
