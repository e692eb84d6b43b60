// Replaying inputs on several threads with the results of one thread: the reading thread only
// finds where games start (notation::scan_games) and hands batches of raw bytes, cut at game
// starts with what a reader needs to start there, to N worker threads that read and replay them,
// through a bounded queue; what the workers make of the games comes back to the reading thread
// strictly in input order. `check --jobs N` and `convert --jobs N` are built on it.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "io.hpp"
#include "progress.hpp"
#include "xpgn/record/replayer.hpp"

namespace xpgn::cli {

// What a parallel replay makes of the games: workers collect the games of a batch into a part,
// which the reading thread takes in input order.
class ReplayJob {
 public:
  // What was made of a stretch of one input's games.
  struct Part {
    virtual ~Part() = default;
  };
  virtual ~ReplayJob() = default;
  // An empty part. Called on any thread.
  virtual std::unique_ptr<Part> new_part() const = 0;
  // Adds the replayed `game` to `part`. Called on any thread, one call per part at a time.
  virtual void add_game(Part& part, record::Game& game) const = 0;
  // The same with the game's text as it was read (raw bytes, from its first byte up to the next
  // game's; the first game of an input from the input's first byte); `text` is empty when the game
  // was read from a stretch too long to hold (a game of megabytes, read on the reading thread). By
  // default add_game().
  virtual void add_game_text(Part& part, record::Game& game, std::string_view text) const {
    (void)text;
    add_game(part, game);
  }
  // True when the games need no replay: workers read their tags alone (record::TagReader), and
  // the games handed over have tags but no moves or diagnostics.
  virtual bool tags_only() const { return false; }
  // With tags_only(): the names of the tags the games handed over must have (the others are
  // not kept, which saves time); empty (the default): every tag.
  virtual std::vector<std::string> tag_names() const { return {}; }
  // Adds what the replay found outside any game (Replayer::finish()) to `part`.
  virtual void add_orphans(Part& part, std::vector<record::Diagnostic>&& diagnostics) const = 0;
  // Takes the next part of input number `input` (an index into the paths). Called on the
  // reading thread, in input order.
  virtual void take(std::size_t input, std::unique_ptr<Part> part) = 0;
  // Input number `input` could not be opened or read to its end (`error`); called on the
  // reading thread once every part of the input before it was taken.
  virtual void input_failed(std::size_t input, const std::string& error) = 0;
};

// The bytes per batch: `usual`, unless XPGN_CHECK_BATCH_BYTES says otherwise (for the tests,
// which cut small files into many batches).
std::size_t batch_bytes(std::size_t usual);

// The threads `--jobs N` asks for: N, or one per core (at least one) for 0.
unsigned threads_for_jobs(unsigned jobs);

// Replays `paths` ("-": standard input; FIFOs work too) with `jobs` worker threads and
// `options` (the file name set per input), the inputs cut into batches of about `batch` bytes;
// `job` makes parts of the games and takes them in input order. With `range`, only those bytes
// of the (one) input are read; `progress` (if any) is told which input is being read.
void replay_in_parallel(const std::vector<std::string>& paths, unsigned jobs,
                        const record::ReplayOptions& options, ReplayJob& job, std::size_t batch,
                        const std::optional<ByteRange>& range, Progress* progress);

}  // namespace xpgn::cli
