#include "xpgn/emit/writer.hpp"

#include <fcntl.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <random>

#include "xpgn/catalog/catalog.hpp"
#include "xpgn/emit/json.hpp"
#include "xpgn/rules/own_notation.hpp"

namespace xpgn::emit {

std::optional<Format> parse_format(std::string_view name) {
  if (name == "pgn") return Format::pgn;
  if (name == "json") return Format::json;
  if (name == "jsonl") return Format::jsonl;
  if (name == "lan") return Format::lan;
  if (name == "uci") return Format::uci;
  if (name == "figurine") return Format::figurine;
  if (name == "usi") return Format::usi;
  for (const auto& own : catalog::own_notation_names())
    if (own == name) return Format::notation;
  return std::nullopt;
}

std::vector<std::string> format_names() {
  std::vector<std::string> names = {"pgn", "json", "jsonl", "lan", "uci", "figurine", "usi"};
  for (const auto& own : catalog::own_notation_names()) names.push_back(own);
  return names;
}

namespace {

// The names of the catalog's variants that have the notation `notation`, comma-separated.
std::string variants_with_notation(std::string_view notation) {
  std::string names;
  for (const rules::Variant* v : catalog::all_variants())
    if (v->own_notation && v->own_notation->name() == notation)
      names += (names.empty() ? "" : ", ") + v->name;
  return names;
}

// notation_refusal() with the variants that have the notation given (`writers`).
std::string refusal_given(const record::Game& game, std::string_view notation,
                          const std::string& writers) {
  if (!game.variant) return {};
  const rules::OwnNotation* own = game.variant->own_notation;
  if (own && own->name() == notation) return {};
  return std::string(notation) + " is written for " + (writers.empty() ? "no variant" : writers) +
         ", not for " + game.variant->name;
}

}  // namespace

GameWriter::GameWriter(std::ostream& out, Format format, PgnOptions options)
    : out_(out), format_(format), options_(std::move(options)) {
  switch (format) {
    case Format::lan:
      options_.style = MoveStyle::long_algebraic;
      break;
    case Format::uci:
      options_.style = MoveStyle::uci;
      break;
    case Format::figurine:
      options_.style = MoveStyle::figurine;
      break;
    case Format::usi:
      options_.style = MoveStyle::usi;
      break;
    case Format::notation:
      options_.style = MoveStyle::notation;
      // Once, not per refused game: the catalog's lock would serialise the threads of -j.
      writers_ = variants_with_notation(options_.notation);
      break;
    case Format::pgn:
      options_.style = MoveStyle::san;
      break;
    case Format::json:
    case Format::jsonl:
      break;
  }
}

std::string notation_refusal(const record::Game& game, std::string_view notation) {
  if (!game.variant) return {};
  const rules::OwnNotation* own = game.variant->own_notation;
  if (own && own->name() == notation) return {};
  return refusal_given(game, notation, variants_with_notation(notation));
}

std::string GameWriter::refusal(const record::Game& game) const {
  return format_ == Format::notation ? refusal_given(game, options_.notation, writers_)
                                     : std::string();
}

bool GameWriter::write(const record::Game& game) {
  if (format_ == Format::notation && !refusal(game).empty()) return false;
  switch (format_) {
    case Format::json:
      out_ << (count_ == 0 ? "[\n" : ",\n");
      write_game_json(out_, game);
      break;
    case Format::jsonl:
      write_game_json(out_, game);
      out_ << '\n';
      break;
    default:
      out_ << to_pgn(game, options_);
      break;
  }
  ++count_;
  return true;
}

namespace {

// A stream buffer that appends what is written to a string.
class AppendToString final : public std::streambuf {
 public:
  explicit AppendToString(std::string& text) : text_(text) {}

 protected:
  int_type overflow(int_type c) override {
    if (!traits_type::eq_int_type(c, traits_type::eof()))
      text_.push_back(traits_type::to_char_type(c));
    return traits_type::not_eof(c);
  }
  std::streamsize xsputn(const char* data, std::streamsize size) override {
    text_.append(data, static_cast<std::size_t>(size));
    return size;
  }

 private:
  std::string& text_;
};

}  // namespace

bool GameWriter::render(const record::Game& game, std::string& text) const {
  if (format_ == Format::notation && !refusal(game).empty()) return false;
  switch (format_) {
    case Format::json:
    case Format::jsonl: {
      AppendToString buffer(text);
      std::ostream out(&buffer);
      write_game_json(out, game);
      break;
    }
    default:
      text += to_pgn(game, options_);
      break;
  }
  return true;
}

void GameWriter::write_rendered(std::string_view text) {
  if (format_ == Format::json) out_ << (count_ == 0 ? "[\n" : ",\n");
  out_ << text;
  if (format_ == Format::jsonl) out_ << '\n';
  ++count_;
}

void GameWriter::finish() {
  if (finished_) return;
  finished_ = true;
  if (format_ == Format::json) out_ << (count_ == 0 ? "[]\n" : "\n]\n");
  out_.flush();
}

namespace {

// Temporary files to remove when a signal ends the process. A slot is claimed, its path
// written, then armed; the signal handler reads armed slots only. Lock-free atomics are
// async-signal-safe.
constexpr int temp_slot_count = 16;
constexpr std::size_t temp_path_capacity = 4096;
struct TempSlot {
  std::atomic<bool> claimed{false};
  std::atomic<bool> armed{false};
  char path[temp_path_capacity] = {};
};
TempSlot temp_slots[temp_slot_count];
static_assert(std::atomic<bool>::is_always_lock_free);

// The signals after which temporary files are removed.
constexpr int terminating_signals[] = {SIGINT, SIGTERM, SIGHUP};

// Removes every armed temporary file, with async-signal-safe calls only.
void remove_registered_temporaries() {
  for (auto& slot : temp_slots)
    if (slot.armed.load()) unlink(slot.path);
}

// Removes the temporary files, then ends the process by the same signal (SA_RESETHAND has
// restored its default action; it is delivered once the handler returns).
extern "C" void on_terminating_signal(int signal_number) {
  const int saved_errno = errno;
  remove_registered_temporaries();
  raise(signal_number);
  errno = saved_errno;
}

// Installs on_terminating_signal once, except for signals the process was told to ignore.
void install_signal_handlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    for (int signal_number : terminating_signals) {
      struct sigaction old = {};
      if (sigaction(signal_number, nullptr, &old) != 0 || old.sa_handler == SIG_IGN) continue;
      struct sigaction action = {};
      action.sa_handler = on_terminating_signal;
      sigemptyset(&action.sa_mask);
      action.sa_flags = SA_RESETHAND;
      sigaction(signal_number, &action, nullptr);
    }
  });
}

// Records `path` for removal on a signal; the slot number, or -1 when none is free (then the
// file is still removed on every other path, only not on a signal).
int register_temporary(const std::string& path) {
  if (path.size() >= temp_path_capacity) return -1;
  for (int i = 0; i < temp_slot_count; ++i) {
    TempSlot& slot = temp_slots[i];
    if (slot.claimed.exchange(true)) continue;
    std::memcpy(slot.path, path.c_str(), path.size() + 1);
    slot.armed.store(true);
    return i;
  }
  return -1;
}

// Forgets the slot of register_temporary() (-1: nothing to do).
void unregister_temporary(int slot) {
  if (slot < 0) return;
  temp_slots[slot].armed.store(false);
  temp_slots[slot].claimed.store(false);
}

// Blocks the terminating signals for the lifetime of the object (on this thread).
class SignalBlock {
 public:
  SignalBlock() {
    sigset_t set;
    sigemptyset(&set);
    for (int signal_number : terminating_signals) sigaddset(&set, signal_number);
    pthread_sigmask(SIG_BLOCK, &set, &old_);
  }
  ~SignalBlock() { pthread_sigmask(SIG_SETMASK, &old_, nullptr); }
  SignalBlock(const SignalBlock&) = delete;
  SignalBlock& operator=(const SignalBlock&) = delete;

 private:
  sigset_t old_;
};

constexpr std::size_t output_buffer_size = std::size_t{1} << 16;

}  // namespace

std::string error_text(int error_number) {
  std::string text = std::strerror(error_number);
  if (text.size() >= 2 && text[0] >= 'A' && text[0] <= 'Z' && !(text[1] >= 'A' && text[1] <= 'Z'))
    text[0] = static_cast<char>(text[0] - 'A' + 'a');
  return text;
}

void end_on_broken_pipe() {
  remove_registered_temporaries();
  std::signal(SIGPIPE, SIG_DFL);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGPIPE);
  pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
  raise(SIGPIPE);
  _exit(128 + SIGPIPE);  // not reached unless the signal could not be delivered
}

FdOutputBuffer::FdOutputBuffer(int fd, bool quit_on_broken_pipe)
    : fd_(fd), quit_on_broken_pipe_(quit_on_broken_pipe), buffer_(new char[output_buffer_size]) {
  setp(buffer_.get(), buffer_.get() + output_buffer_size);
}

FdOutputBuffer::int_type FdOutputBuffer::overflow(int_type c) {
  if (!drain()) return traits_type::eof();
  if (!traits_type::eq_int_type(c, traits_type::eof())) {
    *pptr() = traits_type::to_char_type(c);
    pbump(1);
  }
  return traits_type::not_eof(c);
}

std::streamsize FdOutputBuffer::xsputn(const char* data, std::streamsize size) {
  const auto n = static_cast<std::size_t>(size);
  if (n > static_cast<std::size_t>(epptr() - pptr())) {
    if (!drain()) return 0;
    if (n >= output_buffer_size) return write_all(data, n) ? size : 0;
  }
  std::memcpy(pptr(), data, n);
  pbump(static_cast<int>(n));
  return size;
}

int FdOutputBuffer::sync() {
  return drain() ? 0 : -1;
}

bool FdOutputBuffer::drain() {
  const auto n = static_cast<std::size_t>(pptr() - pbase());
  setp(buffer_.get(), buffer_.get() + output_buffer_size);
  return write_all(buffer_.get(), n);
}

bool FdOutputBuffer::write_all(const char* data, std::size_t size) {
  while (error_ == 0 && size > 0) {
    const ssize_t written = ::write(fd_, data, size);
    if (written < 0) {
      if (errno == EINTR) continue;
      if (errno == EPIPE && quit_on_broken_pipe_) end_on_broken_pipe();
      error_ = errno;
      break;
    }
    data += written;
    size -= static_cast<std::size_t>(written);
  }
  return error_ == 0;
}

AtomicFile::AtomicFile(std::string target) : target_(std::move(target)), final_path_(target_) {
  struct stat st = {};
  if (stat(target_.c_str(), &st) == 0) {
    if (S_ISDIR(st.st_mode)) {
      error_ = target_ + ": is a directory";
      return;
    }
    if (!S_ISREG(st.st_mode)) {  // a device or a FIFO: written directly
      fd_ = open(target_.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
      if (fd_ < 0) {
        error_ = target_ + ": " + error_text(errno);
        return;
      }
    } else if (char* real = realpath(target_.c_str(), nullptr)) {  // keep symbolic links
      final_path_ = real;
      std::free(real);
    }
  }
  if (fd_ < 0 && !create_temporary()) return;
  buffer_ = std::make_unique<FdOutputBuffer>(fd_);
  stream_.rdbuf(buffer_.get());
  ok_ = true;
}

bool AtomicFile::create_temporary() {
  namespace fs = std::filesystem;
  install_signal_handlers();
  const fs::path path(final_path_);
  const fs::path dir = path.has_parent_path() ? path.parent_path() : fs::path(".");
  static std::mt19937 random{std::random_device{}()};
  int error_number = EEXIST;
  for (int attempt = 0; attempt < 100 && error_number == EEXIST; ++attempt) {
    const std::string name =
        "." + path.filename().string() + ".tmp" + std::to_string(100000 + random() % 900000);
    const std::string temp = (dir / name).string();
    // No signal between creating the file and registering it for removal.
    SignalBlock block;
    fd_ = open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd_ >= 0) {
      temp_ = temp;
      temp_slot_ = register_temporary(temp_);
      return true;
    }
    error_number = errno;
  }
  error_ = target_ + ": cannot create a temporary file in " + dir.string() + ": " +
           error_text(error_number);
  return false;
}

AtomicFile::~AtomicFile() {
  discard();
}

void AtomicFile::discard() {
  if (fd_ >= 0) close(fd_);
  fd_ = -1;
  if (temp_.empty()) return;
  unlink(temp_.c_str());
  unregister_temporary(temp_slot_);
  temp_slot_ = -1;
  temp_.clear();
}

bool AtomicFile::commit() {
  if (!ok_) return false;
  ok_ = false;  // once only
  stream_.flush();
  int error_number = buffer_->error();
  if (error_number == 0 && !temp_.empty() && fsync(fd_) != 0) error_number = errno;
  if (close(fd_) != 0 && error_number == 0 && errno != EINTR) error_number = errno;
  fd_ = -1;
  if (error_number != 0) {
    error_ = target_ + ": write error: " + error_text(error_number);
    discard();
    return false;
  }
  if (temp_.empty()) return true;
  if (std::rename(temp_.c_str(), final_path_.c_str()) != 0) {
    error_ = target_ + ": cannot rename " + temp_ + " onto it: " + error_text(errno);
    discard();
    return false;
  }
  unregister_temporary(temp_slot_);
  temp_slot_ = -1;
  temp_.clear();
  return true;
}

}  // namespace xpgn::emit
