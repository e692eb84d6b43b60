#include "progress.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iostream>

namespace xpgn::cli {

namespace {

using Clock = std::chrono::steady_clock;
constexpr auto refresh = std::chrono::milliseconds(250);      // between two drawings
constexpr auto first_delay = std::chrono::milliseconds(500);  // short runs show nothing

// `bytes` as "12.3 MB" (decimal units).
std::string size_text(std::uint64_t bytes) {
  char text[32];
  const double b = static_cast<double>(bytes);
  if (bytes < 1000)
    std::snprintf(text, sizeof text, "%llu B", static_cast<unsigned long long>(bytes));
  else if (bytes < 1000000)
    std::snprintf(text, sizeof text, "%.1f kB", b / 1e3);
  else if (bytes < 1000000000)
    std::snprintf(text, sizeof text, "%.1f MB", b / 1e6);
  else
    std::snprintf(text, sizeof text, "%.2f GB", b / 1e9);
  return text;
}

// `seconds` as "M:SS" or "H:MM:SS".
std::string duration_text(double seconds) {
  const auto s = static_cast<unsigned long long>(std::max(0.0, seconds) + 0.5);
  char text[32];
  if (s >= 3600)
    std::snprintf(text, sizeof text, "%llu:%02llu:%02llu", s / 3600, s / 60 % 60, s % 60);
  else
    std::snprintf(text, sizeof text, "%llu:%02llu", s / 60, s % 60);
  return text;
}

}  // namespace

std::uint64_t input_size(const std::string& path, const std::optional<ByteRange>& range) {
  struct stat st = {};
  if (path == "-" || stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return 0;
  const auto size = static_cast<std::uint64_t>(st.st_size);
  if (!range) return size;
  const std::uint64_t end = std::min(range->end, size);
  return range->start < end ? end - range->start : 0;
}

Progress::Progress(std::optional<bool> forced, std::vector<std::uint64_t> sizes)
    : sizes_(std::move(sizes)) {
  enabled_ = forced ? *forced : isatty(STDERR_FILENO) != 0;
  forced_on_ = forced.value_or(false);
  for (auto s : sizes_) {
    if (s == 0) {
      total_ = 0;
      break;
    }
    total_ += s;
  }
  start_ = Clock::now();
  next_ = start_ + (forced_on_ ? std::chrono::milliseconds(0) : first_delay);
}

Progress::~Progress() {
  finish();
}

Progress::Reading::Reading(Progress* progress, std::size_t index, const Input* input)
    : progress_(progress) {
  if (progress_) progress_->reading(index, input);
}

Progress::Reading::~Reading() {
  if (progress_) progress_->input_done();
}

void Progress::reading(std::size_t index, const Input* input) {
  done_ = 0;
  for (std::size_t i = 0; i < index && i < sizes_.size(); ++i) done_ += sizes_[i];
  current_ = index;
  input_ = input;
}

void Progress::input_done() {
  done_ += current_bytes();
  input_ = nullptr;
}

std::uint64_t Progress::current_bytes() const {
  return input_ ? input_->bytes_read() : 0;
}

void Progress::games_done(std::uint64_t games) {
  games_ += games;
  if (!enabled_ || finished_) return;
  const auto now = Clock::now();
  if (now < next_) return;
  next_ = now + refresh;
  draw();
}

std::uint64_t Progress::bytes_now() const {
  return done_ + current_bytes();
}

void Progress::draw() {
  const double seconds = std::chrono::duration<double>(Clock::now() - start_).count();
  const std::uint64_t bytes = bytes_now();
  std::string line = "xpgn: " + size_text(bytes);
  if (total_ > 0) {
    const double fraction = std::min(1.0, static_cast<double>(bytes) / static_cast<double>(total_));
    line +=
        " of " + size_text(total_) + " (" + std::to_string(static_cast<int>(fraction * 100)) + "%)";
  }
  line += ", " + std::to_string(games_) + " games";
  if (seconds > 0) {
    line += ", " +
            std::to_string(static_cast<unsigned long long>(static_cast<double>(games_) / seconds)) +
            " games/s";
    if (total_ > 0 && bytes > 0 && bytes < total_)
      line += ", ETA " + duration_text(seconds * static_cast<double>(total_ - bytes) /
                                       static_cast<double>(bytes));
  }
  std::cerr << '\r' << line << "\033[K" << std::flush;
  shown_ = true;
}

void Progress::clear() {
  if (!shown_) return;
  std::cerr << "\r\033[K" << std::flush;
  shown_ = false;
}

void Progress::finish() {
  if (!enabled_ || finished_) return;
  if (forced_on_) draw();
  clear();
  finished_ = true;
}

}  // namespace xpgn::cli
