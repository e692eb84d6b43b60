// The variant catalog: variant definitions as JSON data (docs/variant-files.md), the built-in
// ones compiled in, user files loaded at run time, and the forgiving lookup by name that every
// reader of games uses. Depends on rules (and nlohmann_json); never on notation or record.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "xpgn/rules/variant.hpp"

namespace xpgn::catalog {

// Where a problem in a definition file is: the file (or "builtin:ID.json"), the JSON pointer
// of the value ("/pieces/3/betza"; "" is the whole document) and its 1-based line and column.
struct Location {
  std::string source;
  std::string pointer;
  std::uint64_t line = 0;
  std::uint32_t column = 0;
};

// A problem in a definition: "FILE:LINE:COL: error: /pointer: message" as text().
struct DefinitionError {
  Location where;
  std::string message;
  std::string text() const;
};

// ---- Lookup ------------------------------------------------------------------------------
// Looks a variant up by the forgiving name rules of notation.md (case, spaces, hyphens,
// apostrophes and a trailing "chess" ignored), among the variant ids, their aliases and the
// archive names of aliases.json, built-in and loaded alike, and turns on the comma-separated
// options. Returns nullptr and sets `error` when the name or an option is unknown (or a loaded
// definition does not build). Results are cached and live for the whole program; thread-safe.
const rules::Variant* find_variant(std::string_view name, std::string_view options,
                                   std::string& error);

// Every catalog variant (built-in first, in catalog order, then loaded files) with default
// options.
std::vector<const rules::Variant*> all_variants();

// The names of the notations of their own (rules/own_notation.hpp) that the built-in variants
// have ("wxf"), sorted, each once. Notations come from components, which are all built in, so
// a loaded variant adds none.
std::vector<std::string> own_notation_names();

// One catalog entry as listed: id, names, options and where the definition came from.
struct Entry {
  std::string id;
  std::string name;
  std::string description;
  std::vector<std::string> aliases;
  std::vector<std::string> option_names;
  std::vector<std::string> component_names;  // as written in definitions, in order
  std::vector<std::string> end_rule_names;
  std::string source;  // "builtin:chess.json" or the file's path
  bool builtin = false;
};

// The catalog's entries, built-in first in catalog order, then loaded files in load order.
std::vector<Entry> entries();

// The definition text of the catalog entry named `name` (forgiving lookup, like
// find_variant), as it was written; with `resolved`, the definition after inheritance
// (base merged in, no options applied) as indented JSON. Empty and `error` set if unknown.
std::string definition_text(std::string_view name, bool resolved, std::string& error);

// ---- Definition files --------------------------------------------------------------------
// Reads definition files, adds them to the catalog and builds each one's variant to validate
// it. A file may name as its base a built-in variant or one of the other files. Returns every
// problem found (empty when all files are fine); files with problems are not added. The ids of
// the files' variants go to `ids` (in file order) when given. A file may also be a
// Fairy-Stockfish variants.ini (fsf_ini.hpp): each of its sections is a variant, or only those
// `sections` names when it names any (forgiving match; their parents are read, not added, and
// the other sections' problems are not reported).
std::vector<DefinitionError> load_files(const std::vector<std::string>& paths,
                                        std::vector<std::string>* ids,
                                        const std::vector<std::string>& sections);
// The same with at most one section name (none when `section` is empty).
std::vector<DefinitionError> load_files(const std::vector<std::string>& paths,
                                        std::vector<std::string>* ids = nullptr,
                                        std::string_view section = {});

// Like load_files for one definition given as text (`source` names it in messages). The id of
// the variant it defines is stored in `id` when it parses that far. A Fairy-Stockfish ini text
// adds all its sections (`id`: the last one's).
std::vector<DefinitionError> load_text(std::string_view text, const std::string& source,
                                       std::string* id = nullptr);

// Builds the definition `text` (`source` names it in messages) as load_text() would, its base
// looked up in the catalog and every option built alone, but adds nothing to the catalog:
// returns the problems found and, when there are none, hands the variant with default options
// to `variant` (when given). For untrusted definitions (the variant-file fuzz harness). While
// it builds, the definition is visible to lookups of other threads by its names. A
// Fairy-Stockfish ini text builds every section; the variant handed back is the last one's.
std::vector<DefinitionError> try_text(std::string_view text, const std::string& source,
                                      std::unique_ptr<rules::Variant>* variant = nullptr);

}  // namespace xpgn::catalog
