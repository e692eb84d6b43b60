// The xpgn library in a few calls: read games from a file, a stream or a text (every move
// replayed and validated), walk a game's moves with the positions before and after each and its
// forced effects, and write games as PGN, JSON or SVG. A thin layer over record, emit and render
// (whose headers stay available for everything else); see docs/library.md.
//
// Errors: bad input never throws; it becomes diagnostics on the games (or ReadResult::problems).
// I/O errors are returned as text. No function here lets an exception of the library escape;
// the only exceptions that leave it are those thrown by your own callbacks (passed on unchanged)
// and std::bad_alloc.
#pragma once

#include <cstdint>
#include <functional>
#include <istream>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "xpgn/emit/pgn.hpp"
#include "xpgn/emit/writer.hpp"
#include "xpgn/record/diagnostic.hpp"
#include "xpgn/record/game.hpp"
#include "xpgn/record/select.hpp"
#include "xpgn/render/render.hpp"
#include "xpgn/rules/move.hpp"
#include "xpgn/rules/position.hpp"

namespace xpgn {

// The vocabulary, under short names.
using Game = record::Game;              // tags, variant, moves (a tree), result, diagnostics
using MoveNode = record::MoveNode;      // one move: SAN, token, comments, NAGs, effects, variations
using Diagnostic = record::Diagnostic;  // one problem with file, line, column, game, ply, token
using Position = rules::Position;       // a position: pieces, side to move, FEN via fen()
using Effect = rules::Effect;           // what a move did besides moving its piece
using PgnOptions = emit::PgnOptions;    // move style, language, line length, what to keep
using SvgOptions = render::SvgOptions;  // size, orientation, coordinates, highlights, theme

// Version of the library, "MAJOR.MINOR.PATCH".
std::string_view version();

// The ids of the built-in variants ("chess", "reservists", ...), in a stable order.
std::vector<std::string> variant_ids();

// How games are read.
struct ReadOptions {
  std::string name = "-";  // the input's name in diagnostics (read_file sets it to the path)
  bool strict = false;     // moves after fivefold/75 moves/dead position are errors (see docs)
  std::string encoding;    // an ICU encoding name for every game; empty: decided per input
  // Threads that read and replay (1: the calling thread alone). With more, the input is cut into
  // batches at game starts that worker threads replay (record::OrderedReplayer); the games still
  // come in input order, the same games as with one thread, and memory stays bounded.
  unsigned jobs = 1;
};

// Games read from one input.
struct ReadResult {
  std::vector<Game> games;           // in input order, each fully replayed
  std::vector<Diagnostic> problems;  // diagnostics outside any game (text after the last one)
  std::string error;                 // an I/O error or an unknown encoding; "" when none

  // True when the input was read and every game is valid.
  bool ok() const;
};

// Reads and replays every game of the file at `path` ("-": standard input). An unreadable file
// gives a result with `error` set and no games.
ReadResult read_file(const std::string& path, ReadOptions options = {});
// The same for a stream (read in constant memory per game) and for a text in memory.
ReadResult read_stream(std::istream& in, const ReadOptions& options = {});
ReadResult read_text(std::string_view text, const ReadOptions& options = {});

// Streams the games of `in` to `handler` one at a time, so memory stays bounded by one game
// whatever the input's size (with options.jobs > 1, by a few batches of games). `handler` may
// move the game's contents out; returning false stops the reading after that game. It is always
// called on the calling thread, in input order. Diagnostics outside any game go to `problems`
// when given. Returns "" or the error (I/O, unknown encoding); the handler's own exceptions are
// passed on.
std::string for_each_game(std::istream& in, const ReadOptions& options,
                          const std::function<bool(Game&)>& handler,
                          std::vector<Diagnostic>* problems = nullptr);

// One mainline move with its surroundings, as walk_mainline presents it.
struct Step {
  int ply = 0;                     // 1 for the first move
  const MoveNode* node = nullptr;  // the move: node->san, node->move, node->comments_after, ...
  const Position* before = nullptr;
  const Position* after = nullptr;
  const std::vector<Effect>* effects = nullptr;  // births, relocations, pushes, ... (often none)
};

// Calls `visit` for every verified mainline move of `game`, in order. Returns the number of
// moves visited; 0 also when the game has no start position (unknown variant, bad FEN).
// Variations are in step.node->variations.
int walk_mainline(const Game& game, const std::function<void(const Step&)>& visit);

// The game in canonical PGN (export format), ending with a blank line.
std::string to_pgn(const Game& game, const PgnOptions& options = {});

// The game as a JSON object (docs/json.md); `indent` < 0: on one line.
std::string to_json(const Game& game, int indent = -1);

// An SVG diagram of the game's position after `ply` mainline moves (0: the start; -1: the
// last verified one). nullopt and `error` when the game has no such position.
std::optional<std::string> to_svg(const Game& game, int ply, const SvgOptions& options,
                                  std::string& error);

// An SVG diagram of a FEN position of a variant (empty FEN: its start position). nullopt and
// `error` on a bad variant or FEN.
std::optional<std::string> position_svg(std::string_view variant, std::string_view fen,
                                        const SvgOptions& options, std::string& error);

// Writes `games` to the file `path` in a format of `xpgn convert --to` ("pgn", "json", "jsonl",
// "lan", "uci", "figurine", "usi", or a variant's own notation such as "wxf":
// emit::format_names()), whole or not at all (a temporary file renamed on success). Returns "" or
// the error: an unknown format, a failed write, or a game the format refuses (a chess game in
// "wxf").
std::string write_games(const std::string& path, const std::vector<Game>& games,
                        std::string_view format);

// "FILE:LINE:COL: error|warning: game N, ply K 'TOKEN': message", as the command line prints.
std::string format(const Diagnostic& diagnostic);

// ---- Curation (xpgn select) ---------------------------------------------------------------------
// The criteria of a selection: tags (white, black, player, event, site as case-insensitive
// substrings; tags "NAME~REGEX"; results, variants, eco ranges, date_from/date_to), play
// (min_plies, max_plies, valid, invalid, ends_in) and positions (positions: FEN boards or patterns
// with ? and *; materials: "KRP-KR"). docs/cli.md, `xpgn select`, says what each selects.
using SelectOptions = record::SelectOptions;

// The indices of the games of `games` that meet every criterion of `criteria`, in order, in
// `chosen`. Returns "" or the error of a malformed criterion (then `chosen` is empty).
std::string select_games(const std::vector<Game>& games, const SelectOptions& criteria,
                         std::vector<std::size_t>& chosen);

// The indices of the first game of each group of duplicates among `games` (same variant, start
// position and main-line moves: tags, comments, variations, NAGs and check marks aside), in
// order; with `same_position_at` >= 0, duplicates are games whose main-line positions after that
// many plies are the same (shorter games are all kept).
std::vector<std::size_t> unique_games(const std::vector<Game>& games, int same_position_at = -1);

// An opening name from the lichess opening data set (built in).
struct OpeningName {
  std::string eco;   // "B44"
  std::string name;  // "Sicilian Defense: Taimanov Variation"
  int ply = 0;       // the main-line position named
};

// The opening of a FIDE chess game: the deepest main-line position the data set names, compared
// by position (transpositions count); nullopt for other variants or when none is named.
std::optional<OpeningName> classify(const Game& game);

// Sets [ECO] and [Opening] of `game` from classify() (replacing those tags); false, and the game
// unchanged, when it has no opening name.
bool set_opening_tags(Game& game);

}  // namespace xpgn
