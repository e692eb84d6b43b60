// Streams converted games to an output in one of the output formats of `xpgn convert`, checks
// every write, and writes files whole or not at all.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

#include "xpgn/emit/pgn.hpp"
#include "xpgn/record/game.hpp"

namespace xpgn::emit {

// The output formats. Format::notation is a notation of a variant's own (rules/own_notation.hpp:
// "wxf"), which PgnOptions::notation names.
enum class Format : std::uint8_t { pgn, json, jsonl, lan, uci, figurine, usi, notation };

// The format named `name`: a built-in one ("pgn", "json", "jsonl", "lan", "uci", "figurine",
// "usi"), or Format::notation when a catalog variant has a notation of its own of that name
// (catalog::own_notation_names(): "wxf"); nullopt if none.
std::optional<Format> parse_format(std::string_view name);

// The names parse_format() takes, built-in formats first, for messages and help.
std::vector<std::string> format_names();

// Why `game` cannot be written in the variant's own notation named `notation` ("wxf"), empty
// when it can (or when its variant is unknown: its moves are then written as they stand): "wxf
// is written for Xiangqi, Manchu chess, Minixiangqi, not for Chess".
std::string notation_refusal(const record::Game& game, std::string_view notation);

// Writes games one after the other: PGN games separated by blank lines, a JSON array, or one
// JSON object per line.
class GameWriter {
 public:
  // A writer to `out`; `options` apply to the PGN formats (its style is set from `format`;
  // with Format::notation, options.notation names the notation).
  GameWriter(std::ostream& out, Format format, PgnOptions options = {});
  // Why this writer cannot write `game`, empty when it can: in Format::notation,
  // notation_refusal().
  std::string refusal(const record::Game& game) const;
  // Writes one game and returns true; a game refusal() refuses is not written (false).
  bool write(const record::Game& game);
  // Appends to `text` the game as write() writes it, less what goes between games (JSON's
  // array punctuation, JSON Lines' newline), and returns true; false, with `text` untouched,
  // for a game refusal() refuses. Changes nothing in the writer: games may be rendered on
  // several threads at once and written in order with write_rendered().
  bool render(const record::Game& game, std::string& text) const;
  // Writes one game that render() gave as `text`, as write() would have written it.
  void write_rendered(std::string_view text);
  // Closes the JSON array (if any); call once after the last game.
  void finish();

 private:
  std::ostream& out_;
  Format format_;
  PgnOptions options_;
  std::uint64_t count_ = 0;
  bool finished_ = false;
  std::string writers_;  // Format::notation: the variants that have the notation, for refusal()
};

// A stream buffer that writes to a file descriptor it does not own. Every write is checked:
// the first failure is kept (error()) and later output is dropped, so that the caller reports
// it once, naming the output. With `quit_on_broken_pipe`, a write to a closed pipe (EPIPE)
// instead ends the process quietly (see end_on_broken_pipe()).
class FdOutputBuffer final : public std::streambuf {
 public:
  explicit FdOutputBuffer(int fd, bool quit_on_broken_pipe = false);
  FdOutputBuffer(const FdOutputBuffer&) = delete;
  FdOutputBuffer& operator=(const FdOutputBuffer&) = delete;
  // errno of the first failed write, 0 while every write succeeded.
  int error() const { return error_; }

 protected:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* data, std::streamsize size) override;
  int sync() override;

 private:
  // Writes out the buffered bytes; false once a write failed.
  bool drain();
  // Writes `size` bytes straight to the descriptor (retrying short writes and EINTR).
  bool write_all(const char* data, std::size_t size);

  int fd_;
  bool quit_on_broken_pipe_;
  int error_ = 0;
  std::unique_ptr<char[]> buffer_;
};

// The text of errno value `error_number` with a lower-case first letter, to follow "NAME: "
// ("no space left on device").
std::string error_text(int error_number);

// Removes every temporary file of a live AtomicFile, restores the default action of SIGPIPE and
// raises it: the conventional quiet end of a program whose reader went away (status 128+13).
[[noreturn]] void end_on_broken_pipe();

// A file written whole or not at all. Output goes to a new temporary file beside the target
// (".NAME.tmpNNNNNN", created with O_EXCL and O_NOFOLLOW, mode 0666 less the umask) that commit()
// renames over the target. Without commit() - on failure, on an exception, or when the process
// ends on SIGINT, SIGTERM or SIGHUP (a handler removes it) - the temporary file is removed and
// the target left untouched. A symbolic link as target is kept: the file it points to is
// replaced. A target that exists and is not a regular file (a device such as /dev/null, a FIFO)
// is written directly, since it cannot be replaced.
class AtomicFile {
 public:
  // Opens the temporary file; check ok() and error().
  explicit AtomicFile(std::string target);
  ~AtomicFile();
  AtomicFile(const AtomicFile&) = delete;
  AtomicFile& operator=(const AtomicFile&) = delete;

  bool ok() const { return ok_; }
  // What went wrong, starting with the target's name.
  const std::string& error() const { return error_; }
  std::ostream& stream() { return stream_; }
  // Flushes, checks every write, syncs, closes and renames onto the target; false and error()
  // on failure (the temporary file is then removed).
  bool commit();

 private:
  // Creates the temporary file beside `final_path_`; false and error_ on failure.
  bool create_temporary();
  // Closes and removes the temporary file (if any).
  void discard();

  std::string target_;      // as given, for messages
  std::string final_path_;  // the file to replace (the target, symbolic links resolved)
  std::string temp_;        // the temporary file, empty when writing directly
  int fd_ = -1;
  int temp_slot_ = -1;  // registration for removal on a signal, -1 if none
  std::unique_ptr<FdOutputBuffer> buffer_;
  std::ostream stream_{nullptr};
  std::string error_;
  bool ok_ = false;
};

}  // namespace xpgn::emit
