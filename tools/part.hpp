// Reading one part of an input, as `xpgn split` lists them, with positions and game numbers as
// in the whole file: the options --range START:END, --first-game N, --first-line L and
// --start-encoding S of `check` and `convert`.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "io.hpp"
#include "xpgn/notation/notation.hpp"

namespace xpgn::cli {

struct PartOptions {
  std::string range;             // "START:END" or "START:" (to the end); "" for the whole input
  std::uint64_t first_game = 0;  // number of the game at START; 0: found by scanning to START
  std::uint64_t first_line = 0;  // line of START
  std::string start_encoding;    // the encoding decision at START (xpgn split's "encoding")
};

// Adds the part options to `sub`, storing them in `options` (which must outlive the parse).
void add_part_options(CLI::App& sub, PartOptions& options);

// Resolves `options` for `files`: without --range, nothing; with it (exactly one file), sets
// `range` and `reader.start` (scanning the file up to START when --first-game is not given,
// which must then be the start of a game at the start of a line). Returns the error message, ""
// when all is well.
std::string resolve_part(const PartOptions& options, const std::vector<std::string>& files,
                         notation::ReaderOptions& reader, std::optional<ByteRange>& range);

// Opens `path`, or only `range` of it.
std::unique_ptr<Input> open_input(const std::string& path, const std::optional<ByteRange>& range);

}  // namespace xpgn::cli
