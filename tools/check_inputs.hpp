// Checking the inputs of `xpgn check`, on one thread or on several, with the same report either
// way: one thread reads every input in turn as a stream (constant memory); with N > 1 threads
// the inputs are cut into batches that N threads replay (parallel_replay.hpp), the results put
// back in input order.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "io.hpp"
#include "progress.hpp"
#include "xpgn/record/check.hpp"
#include "xpgn/record/replayer.hpp"

namespace xpgn::cli {

// Receives what was found in a stretch of input number `input` (an index into the paths): its
// diagnostics and the summaries of its games. Called on the calling thread, strictly in input
// order, as soon as the stretch is checked; the part is dropped afterwards.
using PartSink = record::PartSink;

// Checks `paths` ("-": standard input; FIFOs work too) with `jobs` threads; `options` are the
// replay options (mode and file name are set here). Reports are in the order of `paths`; an
// input that cannot be read has io_error set and the others are still checked. With a `sink`,
// diagnostics and game summaries go to it as the check goes (memory stays bounded) and the
// reports returned hold only the counts and I/O errors; without one they hold the diagnostics.
// With `range`, only those bytes of the (one) input are read; `progress` is told which input is
// being read.
std::vector<record::CheckReport> check_inputs(const std::vector<std::string>& paths, unsigned jobs,
                                              record::ReplayOptions options = {},
                                              const PartSink& sink = {},
                                              const std::optional<ByteRange>& range = {},
                                              Progress* progress = nullptr);

}  // namespace xpgn::cli
