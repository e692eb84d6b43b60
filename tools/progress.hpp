// The progress line of long runs of `check` and `convert`: on standard error, when it is a
// terminal (or when asked), one line redrawn a few times a second and erased at the end.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "io.hpp"

namespace xpgn::cli {

class Progress {
 public:
  // `forced`: --progress (true) or --no-progress (false); unset: shown when standard error is a
  // terminal. `sizes` are the bytes of every input to read (0: unknown, a pipe).
  Progress(std::optional<bool> forced, std::vector<std::uint64_t> sizes);
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  bool enabled() const { return enabled_; }

  // While it lives, input number `index` is being read through `input` (nullptr: it could not
  // be opened), which must outlive it; when it ends, the input's bytes read count as done and
  // `input` is not looked at again (the final line is drawn after the inputs are closed).
  class Reading {
   public:
    Reading(Progress* progress, std::size_t index, const Input* input);
    ~Reading();
    Reading(const Reading&) = delete;
    Reading& operator=(const Reading&) = delete;

   private:
    Progress* progress_;
  };
  // `games` more games are done; redraws the line when it is time.
  void games_done(std::uint64_t games);
  // Erases the line (before something else is written to the terminal); the next update
  // draws it again.
  void clear();
  // Erases the line for good: when forced on, it is drawn once more first, so that even a short
  // run shows it.
  void finish();

 private:
  // Input number `index` is being read through `input` (see Reading).
  void reading(std::size_t index, const Input* input);
  // The current input is closed: its bytes count as done (see Reading).
  void input_done();
  // The bytes of the current input read so far.
  std::uint64_t current_bytes() const;
  std::uint64_t bytes_now() const;
  void draw();

  bool enabled_ = false;
  bool forced_on_ = false;
  bool shown_ = false;
  bool finished_ = false;
  std::vector<std::uint64_t> sizes_;
  std::uint64_t total_ = 0;  // sum of sizes_, 0 when one is unknown
  std::uint64_t done_ = 0;   // bytes of the inputs read before the current one
  std::size_t current_ = 0;
  const Input* input_ = nullptr;  // while a Reading lives, else nullptr
  std::uint64_t games_ = 0;
  std::chrono::steady_clock::time_point start_, next_;
};

// The bytes `path` holds to read ("-" and anything but a regular file: 0, unknown), or those of
// `range` of it.
std::uint64_t input_size(const std::string& path, const std::optional<ByteRange>& range = {});

}  // namespace xpgn::cli
