// Checking the inputs of `xpgn check`, on one thread or on several, with the same report either
// way: one thread reads every input in turn as a stream (constant memory); with N > 1 threads
// that reader hands batches of whole games, as recorded reader events, to N replay threads
// through a bounded queue, and the results are put back in input order.
#pragma once

#include <string>
#include <vector>

#include "xpgn/record/check.hpp"
#include "xpgn/record/replayer.hpp"

namespace xpgn::cli {

// Checks `paths` ("-": standard input; FIFOs work too) with `jobs` threads; `options` are the
// replay options (mode and file name are set here). Reports are in the order of `paths`; an
// input that cannot be read has io_error set and the others are still checked.
std::vector<record::CheckReport> check_inputs(const std::vector<std::string>& paths, unsigned jobs,
                                              record::ReplayOptions options = {});

}  // namespace xpgn::cli
