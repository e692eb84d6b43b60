// Replaying inputs on several threads with the results of one thread: the reading thread only
// finds where games start (notation::scan_games) and hands batches of raw bytes, cut at game
// starts with what a reader needs to start there, to N worker threads that read and replay them,
// through a bounded queue; what the workers make of the games comes back to the reading thread
// strictly in input order. `check`, `convert` and `select --jobs N` are built on it, and so is
// check_text() with more than one job.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <istream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "xpgn/notation/notation.hpp"
#include "xpgn/record/replayer.hpp"

namespace xpgn::record {

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
  virtual void add_game(Part& part, Game& game) const = 0;
  // The same with the game's text as it was read (raw bytes, from its first byte up to the next
  // game's; the first game of an input from the input's first byte); `text` is empty when the game
  // was read from a stretch too long to hold (a game of megabytes, read on the reading thread). By
  // default add_game().
  virtual void add_game_text(Part& part, Game& game, std::string_view text) const {
    (void)text;
    add_game(part, game);
  }
  // True when the games need no replay: workers read their tags alone (TagReader), and
  // the games handed over have tags but no moves or diagnostics.
  virtual bool tags_only() const { return false; }
  // With tags_only(): the names of the tags the games handed over must have (the others are
  // not kept, which saves time); empty (the default): every tag.
  virtual std::vector<std::string> tag_names() const { return {}; }
  // With tags_only(): true when `tagged`'s tags alone show that add_game_text() would add
  // nothing of the game to `part` but that it was read; it is then counted in `part` and not
  // handed to add_game_text(). False (the default): it is handed over.
  virtual bool skip_tagged(Part& part, const notation::TaggedGame& tagged) const {
    (void)part;
    (void)tagged;
    return false;
  }
  // Adds what the replay found outside any game (Replayer::finish()) to `part`.
  virtual void add_orphans(Part& part, std::vector<Diagnostic>&& diagnostics) const = 0;
  // Takes the next part of input number `input` (an index into the paths). Called on the
  // reading thread, in input order.
  virtual void take(std::size_t input, std::unique_ptr<Part> part) = 0;
  // Input number `input` could not be opened or read to its end (`error`); called on the
  // reading thread once every part of the input before it was taken.
  virtual void input_failed(std::size_t input, const std::string& error) = 0;
};

// Replays inputs, one after the other, with worker threads, handing what `job` makes of the games
// to job.take() on the calling thread in input order: the same parts, in the same order, as one
// thread would make (whatever `jobs`), in memory bounded by about 2 * jobs + 3 batches.
class OrderedReplayer {
 public:
  // `jobs` worker threads (at least one; they start as batches come), `options` for every game
  // (the file name is set per input), inputs cut into batches of about `batch_bytes` bytes.
  OrderedReplayer(unsigned jobs, const ReplayOptions& options, ReplayJob& job,
                  std::size_t batch_bytes = std::size_t{1} << 18);
  // Stops the workers; parts not taken yet are dropped (call finish() first to have them).
  ~OrderedReplayer();
  OrderedReplayer(const OrderedReplayer&) = delete;
  OrderedReplayer& operator=(const OrderedReplayer&) = delete;

  // Reads `in` to its end as input number `index` (inputs numbered in the order they are
  // given), named `name` in its diagnostics. Parts may still be pending when it returns. A job
  // that needs only tags (ReplayJob::tags_only()) has it read on the calling thread in one pass
  // (notation::scan_tags), a chunk at a time: memory bounded by the largest game.
  void replay(std::size_t index, std::istream& in, const std::string& name);
  // Waits for every game given so far and hands the remaining parts over; more inputs may follow.
  void finish();

 private:
  // A tag-only job's input number `index` read by `scan` (notation::scan_tags of a text or a
  // stream, handing its games to the function it is given), parts handed to the job every few
  // hundred games.
  void scan_tags(
      std::size_t index,
      const std::function<void(const std::function<void(const notation::TaggedGame&)>&)>& scan);

  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace xpgn::record
