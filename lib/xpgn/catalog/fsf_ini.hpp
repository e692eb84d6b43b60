// Fairy-Stockfish variant configuration files (`variants.ini`) imported as xpgn variant
// definitions (docs/variant-files.md, "Fairy-Stockfish variant files"). Each section becomes one
// JSON definition in xpgn's format, without a base: `[child:parent]` inheritance is resolved as
// Fairy-Stockfish resolves it (the parent's rules, then the child's keys on top). A section
// descending from a Fairy-Stockfish variant xpgn's catalog has as its own definition (xiangqi,
// janggi, shogi, makruk and their kin) is the exception: it imports with that catalog variant as
// its base, and only its startFen is honoured. A key xpgn cannot honour is a problem naming the
// file, line, section and key, never a silent default.
// The text is untrusted: reading it takes time and memory linear in its size.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "xpgn/catalog/catalog.hpp"

namespace xpgn::catalog::fsf {

// True when `text` reads as an ini file rather than JSON: its first line that is neither blank
// nor a comment (`#`, `;`) starts with `[`.
bool looks_like_ini(std::string_view text);

// One imported section.
struct Imported {
  std::string section;          // the section's name as written ("gothic")
  std::string id;               // its xpgn id (lower case, hyphens: "my-gothic")
  nlohmann::ordered_json json;  // the definition in xpgn's format
  // Where each part of the definition was written, by JSON pointer ("/start_fen",
  // "/pieces/3"): the ini file (or "builtin:fairy-stockfish.ini" for a built-in parent), the
  // line and column of the key, and "[section] key" as the pointer.
  std::map<std::string, Location> origins;
};

// The sections of `text` (named `source` in messages) as xpgn definitions. When names of
// `select` name sections (forgiving match, as variant names), only those sections are returned
// and only their problems reported (their parents are read, as they must be, but not returned);
// when none does, every section is. Problems go to `errors`; a section with a problem is not
// returned.
std::vector<Imported> import_ini(std::string_view text, const std::string& source,
                                 const std::vector<std::string>& select,
                                 std::vector<DefinitionError>& errors);
// The same with at most one name (none when `select` is empty).
std::vector<Imported> import_ini(std::string_view text, const std::string& source,
                                 std::string_view select, std::vector<DefinitionError>& errors);

// Fairy-Stockfish Betza (as its piece definitions read it) in xpgn's Betza: the same moves, or
// std::invalid_argument saying what xpgn cannot express (grasshoppers, narrow oblique
// directions, initial moves, unknown letters that Fairy-Stockfish would skip).
std::string translate_betza(std::string_view fsf_betza);

}  // namespace xpgn::catalog::fsf
