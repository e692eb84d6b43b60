#include "io.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <iostream>
#include <optional>
#include <string_view>
#include <utility>

#include "commands.hpp"
#include "xpgn/emit/writer.hpp"

namespace xpgn::cli {

// A stream buffer reading a file descriptor it does not own; keeps the first read error.
class FdInputBuffer final : public std::streambuf {
 public:
  explicit FdInputBuffer(int fd) : fd_(fd), buffer_(new char[size]) {
    setg(buffer_.get(), buffer_.get(), buffer_.get());
  }
  // errno of the read that failed, 0 if none did.
  int error() const { return error_; }
  // Reads no more than `bytes` from now on.
  void limit(std::uint64_t bytes) { left_ = bytes; }
  // Bytes handed out or buffered so far.
  std::uint64_t bytes_read() const { return read_; }
  // For a regular file: `bytes` are expected (its size when opened, or of its range), so that
  // reaching its end before them means it was cut short while it was read (shrunk()). `hook`, if
  // any, runs once after the first read (the tests' XPGN_TEST_TRUNCATE_INPUT).
  void expect(std::uint64_t bytes, std::function<void()> hook) {
    expected_ = bytes;
    after_first_read_ = std::move(hook);
  }
  // The file's size when its end came before the bytes expected; nullopt when it did not.
  std::optional<std::uint64_t> shrunk() const { return shrunk_; }

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    const std::size_t got = read_some(buffer_.get(), size);
    if (got == 0) return traits_type::eof();
    setg(buffer_.get(), buffer_.get(), buffer_.get() + got);
    return traits_type::to_int_type(*gptr());
  }
  // Large reads (the reader's chunks) go straight into the caller's memory, not through the
  // buffer (one copy less).
  std::streamsize xsgetn(char* s, std::streamsize n) override {
    std::streamsize done = std::min<std::streamsize>(n, egptr() - gptr());
    if (done > 0) {
      std::memcpy(s, gptr(), static_cast<std::size_t>(done));
      gbump(static_cast<int>(done));
    }
    while (done < n) {
      const auto want = static_cast<std::size_t>(n - done);
      if (want < size) {  // a small rest: through the buffer
        if (traits_type::eq_int_type(underflow(), traits_type::eof())) break;
        const std::streamsize more = std::min<std::streamsize>(n - done, egptr() - gptr());
        std::memcpy(s + done, gptr(), static_cast<std::size_t>(more));
        gbump(static_cast<int>(more));
        done += more;
        continue;
      }
      const std::size_t got = read_some(s + done, want);
      if (got == 0) break;
      done += static_cast<std::streamsize>(got);
    }
    return done;
  }

 private:
  // Reads up to `n` bytes (within the limit) to `to`; 0 at the end of the input or after an
  // error (kept), noting whether the end came before the bytes expected.
  std::size_t read_some(char* to, std::size_t n) {
    while (error_ == 0 && left_ > 0) {
      const ssize_t got =
          ::read(fd_, to, static_cast<std::size_t>(std::min<std::uint64_t>(n, left_)));
      if (got < 0 && errno == EINTR) continue;
      if (got < 0) error_ = errno;
      if (got == 0 && read_ < expected_) {
        struct stat st = {};
        shrunk_ = fstat(fd_, &st) == 0 ? static_cast<std::uint64_t>(st.st_size) : 0;
      }
      if (got <= 0) break;
      read_ += static_cast<std::uint64_t>(got);
      left_ -= static_cast<std::uint64_t>(got);
      if (after_first_read_) std::exchange(after_first_read_, nullptr)();
      return static_cast<std::size_t>(got);
    }
    return 0;
  }

  static constexpr std::size_t size = std::size_t{1} << 16;
  int fd_;
  int error_ = 0;
  std::uint64_t left_ = ~std::uint64_t{0};
  std::uint64_t read_ = 0;
  std::uint64_t expected_ = 0;
  std::optional<std::uint64_t> shrunk_;
  std::function<void()> after_first_read_;
  std::unique_ptr<char[]> buffer_;
};

namespace {

// Why a file of this type cannot be read as PGN, "" when it can (`named`: given by path).
std::string refusal(const struct stat& st, bool named) {
  if (S_ISDIR(st.st_mode)) return "is a directory";
  if (named && (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)))
    return "is a device, not a file (use '-' for standard input)";
  return "";
}

// Device and inode of the regular file `path` ("-": standard input), nullopt for anything else.
std::optional<std::pair<dev_t, ino_t>> regular_file_id(const std::string& path) {
  struct stat st = {};
  const int result = path == "-" ? fstat(STDIN_FILENO, &st) : stat(path.c_str(), &st);
  if (result != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  return std::make_pair(st.st_dev, st.st_ino);
}

// For the tests: with XPGN_TEST_TRUNCATE_INPUT=N (decimal digits only), a named input that is
// a regular file whose name starts with "xpgn-cut-test-" is truncated to N bytes right after
// its first read (a file cut by another program while it is read, deterministically);
// otherwise nothing. The name test keeps a stray variable from ever cutting a user's file.
std::function<void()> truncate_hook(const std::string& path) {
  const char* text = std::getenv("XPGN_TEST_TRUNCATE_INPUT");
  if (text == nullptr || path == "-") return nullptr;
  const std::string_view digits = text;
  if (digits.empty() || digits.size() > 18 ||
      digits.find_first_not_of("0123456789") != std::string_view::npos)
    return nullptr;
  const std::string base = std::filesystem::path(path).filename().string();
  if (base.rfind("xpgn-cut-test-", 0) != 0) return nullptr;
  const off_t bytes = static_cast<off_t>(std::strtoull(text, nullptr, 10));
  return [path, bytes] {
    if (::truncate(path.c_str(), bytes) != 0) std::perror("XPGN_TEST_TRUNCATE_INPUT");
  };
}

}  // namespace

Input::Input(std::string path) : name_(std::move(path)) {
  if (name_ == "-") {
    fd_ = STDIN_FILENO;
  } else {
    fd_ = open(name_.c_str(), O_RDONLY | O_NOCTTY | O_CLOEXEC);
    if (fd_ < 0) {
      error_ = emit::error_text(errno);
      return;
    }
    owns_fd_ = true;
  }
  struct stat st = {};
  if (fstat(fd_, &st) != 0)
    error_ = emit::error_text(errno);
  else
    error_ = refusal(st, name_ != "-");
  if (!error_.empty()) return;
  buffer_ = std::make_unique<FdInputBuffer>(fd_);
  stream_.rdbuf(buffer_.get());
  if (S_ISREG(st.st_mode)) {
    size_ = static_cast<std::uint64_t>(st.st_size);
    // (Standard input may have been read before: what is left from where it stands.)
    const off_t at = name_ == "-" ? lseek(fd_, 0, SEEK_CUR) : 0;
    first_byte_ = static_cast<std::uint64_t>(std::max<off_t>(at, 0));
    expected_ = size_ > first_byte_ ? size_ - first_byte_ : 0;
    buffer_->expect(expected_, truncate_hook(name_));
  }
}

Input::Input(std::string path, const ByteRange& range) : Input(std::move(path)) {
  if (!error_.empty()) return;
  struct stat st = {};
  if (fstat(fd_, &st) != 0 || !S_ISREG(st.st_mode)) {
    error_ = "a byte range can only be read from a regular file";
  } else if (range.start > size_ || range.start > range.end) {
    error_ = "byte range " + std::to_string(range.start) + ":" + std::to_string(range.end) +
             " lies outside the file (" + std::to_string(size_) + " bytes)";
  } else if (lseek(fd_, static_cast<off_t>(range.start), SEEK_SET) < 0) {
    error_ = emit::error_text(errno);
  }
  if (!error_.empty()) {
    stream_.rdbuf(nullptr);
    buffer_.reset();
    size_ = 0;
    return;
  }
  size_ = std::min(range.end, size_) - range.start;
  first_byte_ = range.start;
  expected_ = size_;
  buffer_->limit(size_);
  buffer_->expect(size_, truncate_hook(name_));
}

std::uint64_t Input::bytes_read() const {
  return buffer_ ? buffer_->bytes_read() : 0;
}

Input::~Input() {
  if (owns_fd_) close(fd_);
}

std::string Input::read_error() const {
  if (!buffer_) return "";
  if (buffer_->error() != 0) return "read error: " + emit::error_text(buffer_->error());
  if (const auto now = buffer_->shrunk()) {
    // Offsets are the file's own; a range or a standard input read from further on says where
    // its reading started.
    const std::uint64_t got = buffer_->bytes_read();
    std::string what = "the file was cut short while it was read (by another program?): ";
    if (first_byte_ == 0)
      what += std::to_string(expected_) + " bytes were to be read, its end came after " +
              std::to_string(got);
    else
      what += std::to_string(expected_) + " bytes were to be read from byte " +
              std::to_string(first_byte_) + " on, its end came after " + std::to_string(got) +
              " of them, at byte " + std::to_string(first_byte_ + got);
    return what + " (it now has " + std::to_string(*now) +
           " bytes); the rest was not read, and the last game read may be incomplete";
  }
  return "";
}

bool fast_chess_wanted() {
  const char* generic = std::getenv("XPGN_GENERIC_CHESS");
  return !generic || *generic != '1';
}

std::string output_over_input(const std::string& output, const std::vector<std::string>& inputs) {
  const bool to_stdout = output.empty() || output == "-";
  std::optional<std::pair<dev_t, ino_t>> out_id;
  if (to_stdout) {
    struct stat st = {};
    if (fstat(STDOUT_FILENO, &st) == 0 && S_ISREG(st.st_mode))
      out_id = std::make_pair(st.st_dev, st.st_ino);
  } else {
    out_id = regular_file_id(output);
  }
  if (!out_id) return "";
  for (const auto& input : inputs) {
    if (regular_file_id(input) != out_id) continue;
    const std::string out_name = to_stdout ? "standard output" : output;
    const std::string in_name = input == "-" ? "standard input" : input;
    return out_name + " is the same file as the input " + in_name + "; refusing to write over it";
  }
  return "";
}

struct StandardOutput::Impl {
  emit::FdOutputBuffer buffer{STDOUT_FILENO, true};
  std::streambuf* previous = nullptr;
};

StandardOutput::StandardOutput() : impl_(std::make_unique<Impl>()) {
  std::signal(SIGPIPE, SIG_IGN);
  std::signal(SIGXFSZ, SIG_IGN);  // a file over the size limit: EFBIG, reported like any failure
  impl_->previous = std::cout.rdbuf(&impl_->buffer);
  if (isatty(STDOUT_FILENO)) std::cout << std::unitbuf;  // a person reads as it comes
}

StandardOutput::~StandardOutput() {
  std::cout.flush();
  std::cout.rdbuf(impl_->previous);
}

int StandardOutput::finish(int status) {
  std::cout.flush();
  if (impl_->buffer.error() == 0) return status;
  std::cerr << "xpgn: standard output: write error: " << emit::error_text(impl_->buffer.error())
            << '\n';
  return exit_usage;
}

}  // namespace xpgn::cli
