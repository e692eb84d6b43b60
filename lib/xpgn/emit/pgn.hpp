// Canonical PGN (export format) and the other move notations of `xpgn convert`.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "xpgn/record/game.hpp"

namespace xpgn::emit {

// How moves are written in the movetext.
enum class MoveStyle : std::uint8_t {
  san,             // canonical SAN from the rules (optionally with another language's letters)
  long_algebraic,  // "Ng1-f3", "e7xd8=Q"
  uci,             // "g1f3", "e7d8q"
  figurine,        // SAN with Unicode figurines for K Q R B N (and P in placements)
  usi,             // "7g7f", "P*5e" (the shogi family; rules/usi.hpp), the FEN tag as SFEN
  notation,        // a notation of the game's variant's own, PgnOptions::notation names it
                   // ("wxf": "C2.5", "H8+7"; rules/own_notation.hpp); SAN where it has no form
};

struct PgnOptions {
  MoveStyle style = MoveStyle::san;
  std::string language = "en";  // piece letters for MoveStyle::san, see languages()
  std::size_t max_line = 80;    // movetext lines are at most this many bytes (long words aside)
  bool comments = true;
  bool nags = true;
  bool variations = true;
  std::string notation;  // MoveStyle::notation: the name of the variant's own notation ("wxf")
};

// Codes accepted as PgnOptions::language ("en", "de", ...).
std::vector<std::string_view> languages();
// True when `code` is one of languages().
bool is_language(std::string_view code);

// Writes `game` in the PGN export format: seven-tag roster first (missing ones with their
// defaults), the other tags in input order, a blank line, the movetext wrapped at
// `max_line` columns, the result, and a blank line.
void write_pgn(std::ostream& out, const record::Game& game, const PgnOptions& options = {});

// The same as a string.
std::string to_pgn(const record::Game& game, const PgnOptions& options = {});

// `san` with the piece letters of K Q R B N P replaced by `language`'s letters, or by figurines
// when `figurine` is set. Letters of other pieces are left as they are.
std::string translate_san(std::string_view san, std::string_view language, bool figurine = false);

}  // namespace xpgn::emit
