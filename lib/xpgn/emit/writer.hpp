// Streams converted games to an output in one of the output formats of `xpgn convert`, and
// writes files whole or not at all.
#pragma once

#include <cstdint>
#include <fstream>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "xpgn/emit/pgn.hpp"
#include "xpgn/record/game.hpp"

namespace xpgn::emit {

enum class Format : std::uint8_t { pgn, json, jsonl, lan, uci, figurine };

// The format named `name` ("pgn", "json", "jsonl", "lan", "uci", "figurine"), nullopt if none.
std::optional<Format> parse_format(std::string_view name);

// Writes games one after the other: PGN games separated by blank lines, a JSON array, or one
// JSON object per line.
class GameWriter {
 public:
  // A writer to `out`; `options` apply to the PGN formats (its style is set from `format`).
  GameWriter(std::ostream& out, Format format, PgnOptions options = {});
  // Writes one game.
  void write(const record::Game& game);
  // Closes the JSON array (if any); call once after the last game.
  void finish();

 private:
  std::ostream& out_;
  Format format_;
  PgnOptions options_;
  std::uint64_t count_ = 0;
  bool finished_ = false;
};

// A file written under a temporary name in the target's directory and renamed over the target
// by commit(); without commit() the temporary file is removed and the target left untouched.
class AtomicFile {
 public:
  // Opens the temporary file; check ok() and error().
  explicit AtomicFile(std::string target);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  bool ok() const { return ok_; }
  const std::string& error() const { return error_; }
  std::ostream& stream() { return stream_; }
  // Flushes, closes and renames onto the target; false and error() on failure.
  bool commit();

 private:
  std::string target_;
  std::string temp_;
  std::ofstream stream_;
  std::string error_;
  bool ok_ = false;
  bool committed_ = false;
};

}  // namespace xpgn::emit
