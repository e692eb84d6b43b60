// Positions, moves and variants through the facade, as plain values and texts: set up a position
// from a FEN, list and play its legal moves (SAN or UCI), ask for check, outcome and perft, draw
// it; describe a game's outcome and a move's effects in words; list and load variants; check a
// file as `xpgn check` does. It is what the Python module (docs/python.md) binds, so that it
// needs no header of the rules beyond the types xpgn.hpp already names.
//
// Errors: as in xpgn.hpp, bad input never throws; it comes back as text (an `error` argument or
// a list of problems).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "xpgn/record/check.hpp"
#include "xpgn/xpgn.hpp"

namespace xpgn {

using CheckReport = record::CheckReport;  // counts and diagnostics of one checked input

// A legal move written as canonical SAN ("Nf3", "e8=Q#") and as UCI ("g1f3", "e7e8q").
struct MoveText {
  std::string san;
  std::string uci;
};

// An outcome in words, as docs/json.md writes it: "decided", "result" ("1-0", "0-1",
// "1/2-1/2", "*"), "termination" ("checkmate", "none", ...), "winner" ("white", "black", "").
struct OutcomeText {
  bool decided = false;
  std::string result = "*";
  std::string termination = "none";
  std::string winner;
};

// A move's forced effect in words: kind ("capture", "birth", ...), the piece as a FEN letter
// ("" when none), the square and the square it went to (names, "" when none).
struct EffectText {
  std::string kind;
  std::string piece;
  std::string square;
  std::string to;
};

// One catalog variant: its id, name, one-line description and where it comes from.
struct VariantInfo {
  std::string id;
  std::string name;
  std::string description;
  std::string source;  // "builtin:chess.json" or a loaded file's path
  bool builtin = false;
};

// A played move: the position after it, the move written both ways and its forced effects.
struct Played {
  Position after;
  rules::Move move;
  MoveText text;
  std::vector<Effect> effects;
};

// The position `fen` (empty: the start position) of the variant named `variant` (forgiving
// names, as [Variant] tags) with the comma-separated `options`. nullopt and `error` ("unknown
// variant ...", "bad FEN: ...") when it cannot be set up; `column`, when given, receives the
// 1-based character of a FEN syntax error (0 otherwise).
std::optional<Position> make_position(std::string_view variant, std::string_view options,
                                      std::string_view fen, std::string& error,
                                      int* column = nullptr);

// Every legal move of `pos` in generation order.
std::vector<MoveText> legal_moves(const Position& pos);

// Plays the legal move `text` denotes, UCI ("e2e4") or SAN ("e4", "Nxf7+"); nullopt and
// `error` when it is malformed, illegal or ambiguous. UCI coordinates that several legal moves
// share (a Maxim push, a Reproduction birth) are ambiguous unless they also read as SAN.
std::optional<Played> play_move(const Position& pos, std::string_view text, std::string& error);

// True when a royal piece of the side to move is attacked.
bool is_check(const Position& pos);

// How `pos` stands by the rules seen alone (no earlier positions, so no repetition).
OutcomeText position_outcome(const Position& pos);

// The outcome of a game or a position in words.
OutcomeText outcome_text(const rules::Outcome& outcome);

// The number of leaf nodes of the legal move tree `depth` plies deep (0: 1).
std::uint64_t perft(const Position& pos, int depth);

// An SVG diagram of `pos`, with `last` (and its effects) highlighted when given, and arrows
// ("e2e4[:colour]") and coloured squares ("e4[:colour]"). nullopt and `error` on a bad arrow,
// square or theme.
std::optional<std::string> position_svg(const Position& pos, const rules::Move* last,
                                        const std::vector<Effect>& effects,
                                        const std::vector<std::string>& arrows,
                                        const std::vector<std::string>& squares,
                                        const SvgOptions& options, std::string& error);

// The UCI text of a verified mainline or variation node played from `before` ("0000": null
// move).
std::string node_uci(const Position& before, const MoveNode& node);

// `effect` in words, piece letters taken from `variant`.
EffectText effect_text(const rules::Variant& variant, const Effect& effect);

// The catalog's variants, built-in first in catalog order, then loaded files in load order.
std::vector<VariantInfo> variants();

// Loads the variant definition file at `path` into the catalog (docs/variant-files.md). Returns
// its problems as "FILE:LINE:COL: error: /pointer: message" texts, empty on success; `id` then
// holds the id of the variant it defines.
std::vector<std::string> load_variant(const std::string& path, std::string& id);

// Same, for a file that may define several variants (a Fairy-Stockfish variants.ini: one per
// section): `ids` then holds the id of each, in the file's order.
std::vector<std::string> load_variants(const std::string& path, std::vector<std::string>& ids);

// True when `name` is an ICU encoding name ReadOptions::encoding accepts ("CP437", "UTF-8").
bool is_known_encoding(std::string_view name);

// Checks the file at `path` as `xpgn check` does, with up to `jobs` threads; an unreadable file
// gives a report whose io_error is set.
CheckReport check_path(const std::string& path, unsigned jobs = 1, bool strict = false);

}  // namespace xpgn
