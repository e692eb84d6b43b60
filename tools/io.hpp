// Inputs and outputs of the subcommands: an input is opened with a clear reason when it cannot be
// read, no output may be one of the inputs, and standard output is written with every write
// checked.
#pragma once

#include <cstdint>
#include <istream>
#include <memory>
#include <string>
#include <vector>

namespace xpgn::cli {

class FdInputBuffer;

// The bytes [start, end) of an input file (`xpgn check --range`); end is clipped to the file.
struct ByteRange {
  std::uint64_t start = 0;
  std::uint64_t end = ~std::uint64_t{0};
};

// One input of a subcommand, opened for streaming: a file, a FIFO, or standard input ("-").
class Input {
 public:
  // Opens only `range` of the file `path`; refused for anything that cannot seek.
  Input(std::string path, const ByteRange& range);
  // Opens `path`. Refused with a reason in error(): a missing or unreadable file ("permission
  // denied"), a directory ("is a directory"), a device given by name ("is a device, not a
  // file"; standard input may be a terminal).
  explicit Input(std::string path);
  ~Input();
  Input(const Input&) = delete;
  Input& operator=(const Input&) = delete;

  const std::string& name() const { return name_; }
  // Why the input cannot be read ("" when it can).
  const std::string& error() const { return error_; }
  // The contents (at end of input at once when error() is set).
  std::istream& stream() { return stream_; }
  // After reading: the read error that cut the input short ("" if none).
  std::string read_error() const;
  // Bytes read so far, and the bytes there are to read (0 when unknown: a pipe, a terminal).
  std::uint64_t bytes_read() const;
  std::uint64_t size() const { return size_; }

 private:
  std::string name_;
  std::string error_;
  int fd_ = -1;
  bool owns_fd_ = false;
  std::uint64_t size_ = 0;
  // Where reading starts in a regular file (a range's start, or where standard input stood),
  // and how many bytes from there are expected (for read_error()'s message).
  std::uint64_t first_byte_ = 0;
  std::uint64_t expected_ = 0;
  std::unique_ptr<FdInputBuffer> buffer_;
  std::istream stream_{nullptr};
};

// Refuses to write `output` ("-" or "": standard output) when it is the same file as one of
// `inputs` ("-": standard input) - same device and inode, so also through a symbolic or a hard
// link. Only regular files are compared. Returns the message to print, "" when there is no clash.
std::string output_over_input(const std::string& output, const std::vector<std::string>& inputs);

// False when the environment turns the FIDE chess fast path off (XPGN_GENERIC_CHESS=1: FIDE
// chess is replayed by the generic rules too; the tests compare the two): the value for
// record::ReplayOptions::fast_chess.
bool fast_chess_wanted();

// Makes std::cout write to file descriptor 1 with every write checked, and a closed pipe end
// the process quietly (SIGPIPE is ignored so that it shows as EPIPE; SIGXFSZ too, so that a
// file over the size limit is a write error). Returns the exit status
// to use once the command is done: `status`, or the usage status after printing the error when
// some write to standard output failed. Construct once in main(), call finish() before returning.
class StandardOutput {
 public:
  StandardOutput();
  ~StandardOutput();
  StandardOutput(const StandardOutput&) = delete;
  StandardOutput& operator=(const StandardOutput&) = delete;
  // Flushes std::cout; `status`, or exit_usage with a message if a write failed.
  int finish(int status);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace xpgn::cli
