#include "parallel_replay.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <thread>

#include "part.hpp"

namespace xpgn::cli {

std::size_t batch_bytes(std::size_t usual) {
  if (const char* text = std::getenv("XPGN_CHECK_BATCH_BYTES")) {
    std::uint64_t value = 0;
    const auto [end, error] = std::from_chars(text, text + std::strlen(text), value);
    if (error == std::errc() && *end == '\0' && value > 0) return static_cast<std::size_t>(value);
  }
  return usual;
}

unsigned threads_for_jobs(unsigned jobs) {
  return jobs == 0 ? std::max(1u, std::thread::hardware_concurrency()) : jobs;
}

void replay_in_parallel(const std::vector<std::string>& paths, unsigned jobs,
                        const record::ReplayOptions& options, ReplayJob& job, std::size_t batch,
                        const std::optional<ByteRange>& range, Progress* progress) {
  record::OrderedReplayer workers(jobs, options, job, batch_bytes(batch));
  for (std::size_t i = 0; i < paths.size(); ++i) {
    const auto opened = open_input(paths[i], range);
    Input& input = *opened;
    const Progress::Reading reading(progress, i, &input);
    if (!input.error().empty()) {
      workers.finish();
      job.input_failed(i, input.error());
      continue;
    }
    workers.replay(i, input.stream(), paths[i]);
    if (auto error = input.read_error(); !error.empty()) {
      workers.finish();
      job.input_failed(i, error);
    }
  }
  workers.finish();
}

}  // namespace xpgn::cli
