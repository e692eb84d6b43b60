// `--jobs N` for the subcommands: inputs opened by name (files, FIFOs, standard input), with a
// progress line, replayed by the library's ordered parallel pipeline (record::OrderedReplayer):
// the results of one thread, in input order.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "io.hpp"
#include "progress.hpp"
#include "xpgn/record/ordered_replay.hpp"
#include "xpgn/record/replayer.hpp"

namespace xpgn::cli {

using ReplayJob = record::ReplayJob;

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
