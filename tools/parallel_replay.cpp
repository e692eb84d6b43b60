#include "parallel_replay.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

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

namespace {

// A regular file mapped into memory, read-only; empty when it is not a regular file or cannot be
// mapped (the caller then reads it as a stream).
class MappedFile {
 public:
  explicit MappedFile(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return;
    struct stat st {};
    if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0) {
      size_ = static_cast<std::size_t>(st.st_size);
      void* at = ::mmap(nullptr, size_, PROT_READ, MAP_PRIVATE, fd, 0);
      if (at == MAP_FAILED) {
        size_ = 0;
      } else {
        data_ = static_cast<const char*>(at);
        ::madvise(at, size_, MADV_SEQUENTIAL);
      }
    }
    ::close(fd);
  }
  ~MappedFile() {
    if (data_ != nullptr) ::munmap(const_cast<char*>(data_), size_);
  }
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  bool mapped() const { return data_ != nullptr; }
  std::string_view text() const { return {data_, size_}; }

 private:
  const char* data_ = nullptr;
  std::size_t size_ = 0;
};

}  // namespace

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
    // A job that reads tags alone reads a regular file in memory, in one pass on this thread.
    if (job.tags_only() && !range && paths[i] != "-") {
      const MappedFile file(paths[i]);
      if (file.mapped()) {
        workers.replay_text(i, file.text(), paths[i], [&](std::uint64_t bytes) {
          if (progress) progress->read_in_memory(bytes);
        });
        continue;
      }
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
