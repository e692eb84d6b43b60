// xpgn._xpgn: the C++ half of the Python package xpgn (docs/python.md). Games are read and
// replayed on threads of their own while Python holds no lock on them, by the replayer in tree
// mode (record::ReplayMode::tree: the whole tree, but no position per move until one is asked
// for); positions, variants and checks go through xpgn/position_api.hpp, writing through the
// facade (xpgn/xpgn.hpp). The Python half (lib/python/xpgn/__init__.py) re-exports these names
// and defines the exceptions raised here.
//
// Rules of this file: bad games are diagnostics, never exceptions; a call that cannot go on
// raises one of xpgn's exceptions (xpgn/_errors.py) with the diagnostic's fields; the GIL is
// released while C++ reads, replays, checks or counts.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cerrno>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <deque>
#include <exception>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <sstream>
#include <streambuf>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "xpgn/catalog/catalog.hpp"
#include "xpgn/notation/notation.hpp"
#include "xpgn/position_api.hpp"
#include "xpgn/record/check.hpp"
#include "xpgn/record/replayer.hpp"
#include "xpgn/text_ranges.hpp"
#include "xpgn/xpgn.hpp"

namespace py = pybind11;

namespace {

using xpgn::Diagnostic;
using xpgn::Game;
using xpgn::MoveNode;

// ---- Errors ----------------------------------------------------------------------------------

// Fields of an exception of xpgn._errors, as a diagnostic has them (None where unknown).
struct ErrorFields {
  std::string file;
  std::uint64_t line = 0;
  std::uint32_t column = 0;
  std::uint64_t game = 0;
  int ply = 0;
  std::string token;
};

// Raises xpgn._errors.<kind>(message, file=..., line=..., ...) as a Python exception.
[[noreturn]] void raise_error(const char* kind, const std::string& message,
                              const ErrorFields& fields = {}) {
  py::object type = py::module_::import("xpgn._errors").attr(kind);
  py::dict kwargs;
  kwargs["file"] = fields.file.empty() ? py::object(py::none()) : py::object(py::str(fields.file));
  kwargs["line"] = fields.line ? py::object(py::int_(fields.line)) : py::object(py::none());
  kwargs["column"] = fields.column ? py::object(py::int_(fields.column)) : py::object(py::none());
  kwargs["game"] = fields.game ? py::object(py::int_(fields.game)) : py::object(py::none());
  kwargs["ply"] = fields.ply ? py::object(py::int_(fields.ply)) : py::object(py::none());
  kwargs["token"] =
      fields.token.empty() ? py::object(py::none()) : py::object(py::str(fields.token));
  py::object error = type(message, **kwargs);
  PyErr_SetObject(type.ptr(), error.ptr());
  throw py::error_already_set();
}

// The text of a Python path argument (str or os.PathLike).
std::string path_text(const py::object& path) {
  return py::str(py::module_::import("os").attr("fspath")(path));
}

// True when `value` is a str or an os.PathLike.
bool is_path(const py::handle& value) {
  return py::isinstance<py::str>(value) || py::hasattr(value, "__fspath__");
}

// Raises ReadError for an input that cannot be read; `error` is the library's text.
[[noreturn]] void raise_read_error(const std::string& name, const std::string& error) {
  ErrorFields fields;
  fields.file = name;
  raise_error("ReadError", error, fields);
}

// ---- Values ----------------------------------------------------------------------------------

// What a game Python dropped leaves (see GameData): the game, whose mainline's room the
// replayer fills again, and the buffers of its packed SAN.
struct Remains {
  Game game;
  std::string san;
  std::vector<std::uint32_t> ends;
};

// The remains of games Python dropped, for the reading threads to take back: the replayer
// destroys the mainline's nodes and fills their room with the next game's mainline (see
// record::GameHandler), make_game() refills the SAN buffers, and the rest (tags, texts,
// diagnostics) is freed there. A mainline's room (a node is about 1 kB) is then neither allocated
// nor faulted in again for every game, and the memory a reading thread allocated is freed on that
// thread rather than on Python's: frees from Python's thread contend with the reading thread for
// its malloc arena's lock, and each time the lock is contended a thread is put to sleep and woken.
// Kept only while a reader is alive, and bounded: at most `max_games` games whose mainline room
// is at most `max_nodes` nodes.
class GameRoom {
 public:
  // Keeps `remains` when a reader is alive and there is space (else it is destroyed as usual).
  void give(Remains&& remains) {
    if (remains.game.moves.capacity() > max_nodes || readers_.load() == 0) return;
    std::lock_guard lock(mutex_);
    if (games_.size() >= max_games) return;
    if (games_.capacity() < max_games) games_.reserve(max_games);
    games_.push_back(std::move(remains));
  }
  // The remains of a dropped game, or empty ones when none is kept.
  Remains take() {
    std::lock_guard lock(mutex_);
    if (games_.empty()) return {};
    Remains remains = std::move(games_.back());
    games_.pop_back();
    return remains;
  }
  // A reader starts; one ends (the last one frees the room kept).
  void reader_started() { ++readers_; }
  void reader_ended() {
    if (--readers_ > 0) return;
    std::lock_guard lock(mutex_);
    games_.clear();
  }

 private:
  static constexpr std::size_t max_games = 32;
  static constexpr std::size_t max_nodes = 256;
  std::mutex mutex_;
  std::vector<Remains> games_;
  std::atomic<int> readers_ = 0;
};
GameRoom game_room;

// The number of verified mainline moves of `game` (a line's moves after its first unverified
// one are unverified too): Game::mainline_plies, which the replayer counts, when the nodes at
// its ends agree (so that the nodes between are not read), else counted.
std::size_t verified_plies(const Game& game) {
  const std::size_t size = game.moves.size();
  std::size_t n = std::min<std::size_t>(std::max(game.mainline_plies, 0), size);
  if ((n == 0 || game.moves[n - 1].verified) && (n == size || !game.moves[n].verified)) return n;
  n = 0;
  while (n < size && game.moves[n].verified) ++n;
  return n;
}

// A game as read, shared by the Game object and its Move objects (which point into its tree).
// It was replayed in tree mode, so its verified nodes hold no position and no effects until
// positions() restores them (record::restore_positions), the first time a move's position, UCI
// or effects, a diagram or a writer needs them: iterating SAN never pays for positions. Only
// touched with the GIL held (calls that release it restore first).
struct GameData {
  Game game;
  bool restored = false;
  // False for a game read with san_only (ReplayOptions::mainline_san): it has no move tree, and
  // what needs one raises (see tree()).
  bool has_tree = true;
  std::optional<xpgn::Position> start;  // set by positions()
  // The SAN of the verified mainline moves, packed: the texts one after another and where each
  // ends, then 16 zero bytes. Made by make_game() on the reading thread, which has just written the
  // nodes: Python's mainline_san() then reads a few bytes a move rather than a node (about 1 kB, on
  // another core's cache) each.
  std::string mainline_san;
  std::vector<std::uint32_t> mainline_san_ends;

  GameData() = default;
  GameData(const GameData&) = delete;
  GameData& operator=(const GameData&) = delete;
  ~GameData() {
    game_room.give({std::move(game), std::move(mainline_san), std::move(mainline_san_ends)});
  }

  // Raises ValueError naming `what` when the game was read with san_only (no tree).
  void need_tree(const char* what) const {
    if (has_tree) return;
    throw py::value_error(std::string("Game.") + what +
                          " needs the move tree, and this game was read with "
                          "xpgn.read(..., san_only=True), which keeps only the mainline's SAN: "
                          "read without san_only for moves, positions and writing");
  }

  // The game with every verified node's position and effects (restored on the first call), its
  // start position in `start` (nullopt when the variant or FEN is bad).
  const Game& positions() {
    if (restored) return game;
    restored = true;
    try {
      xpgn::record::restore_positions(game);
      if (game.variant) start = game.start_position();
    } catch (const std::exception&) {
      start.reset();  // (not expected: the replayer played these moves already)
    }
    return game;
  }
};
using GamePtr = std::shared_ptr<GameData>;

// Wraps a game the replayer produced, moving its contents, and packs its mainline's SAN (into the
// buffers of `spare` when given: the remains of a dropped game, see GameRoom). `san_only`: the
// game was replayed with ReplayOptions::mainline_san, its SAN packed already, and `spare`'s
// buffers are left empty for the replayer to fill (see san_buffers_back()).
GamePtr make_game(Game&& game, bool san_only, Remains* spare = nullptr) {
  auto data = std::make_shared<GameData>();
  data->game = std::move(game);
  if (san_only) {  // the replayer packed the SAN already (ReplayOptions::mainline_san)
    data->has_tree = false;
    data->mainline_san = std::move(data->game.mainline_san);
    data->mainline_san_ends = std::move(data->game.mainline_san_ends);
    data->mainline_san.append(16, '\0');  // (see SanStrings::get)
    if (spare) {  // the buffers go back to the replayer (see Reader's callbacks)
      spare->san.clear();
      spare->ends.clear();
    }
    return data;
  }
  if (spare) {
    data->mainline_san = std::move(spare->san);
    data->mainline_san.clear();
    data->mainline_san_ends = std::move(spare->ends);
    data->mainline_san_ends.clear();
  }
  const std::size_t n = verified_plies(data->game);
  data->mainline_san.reserve(n * 5);
  data->mainline_san_ends.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    data->mainline_san += data->game.moves[i].san;
    data->mainline_san_ends.push_back(static_cast<std::uint32_t>(data->mainline_san.size()));
  }
  data->mainline_san.append(16, '\0');  // (see SanStrings::get)
  return data;
}

// One move of a game's tree: the game it belongs to, its node, the node whose position it is
// played from (null: the start position) and whether it was replayed as legal.
struct MoveRef {
  GamePtr data;
  const MoveNode* node = nullptr;
  const MoveNode* previous = nullptr;
  bool verified = false;
};

// The position a verified move is played from, the game's positions restored; null when the
// move is unverified.
const xpgn::Position* before_of(const MoveRef& r) {
  if (!r.verified) return nullptr;
  r.data->positions();
  const xpgn::Position* before = nullptr;
  if (r.previous)
    before = r.previous->after ? &*r.previous->after : nullptr;
  else
    before = r.data->start ? &*r.data->start : nullptr;
  return before && r.node->after ? before : nullptr;
}

// The moves of `line` as MoveRefs, the first played from the position after `previous` (null:
// the start position); `verified` false when the line hangs from an unverified move.
std::vector<MoveRef> line_moves(const GamePtr& data, const xpgn::record::Line& line,
                                const MoveNode* previous, bool verified) {
  std::vector<MoveRef> out;
  out.reserve(line.size());
  for (const auto& node : line) {
    verified = verified && node.verified;  // (a line's moves after an unverified one are too)
    out.push_back({data, &node, previous, verified});
    previous = &node;
  }
  return out;
}

// The outcome object handed to Python.
using Outcome = xpgn::OutcomeText;

// A position with the move that led to it (for the diagram's highlight).
struct PyPosition {
  xpgn::Position pos;
  std::optional<xpgn::rules::Move> last;
  std::vector<xpgn::Effect> effects;
  std::string last_san;
};

// The SVG options and marks of keyword arguments size, flipped, coordinates, last_move, check,
// theme, arrows, squares; raises TypeError for any other keyword.
struct SvgRequest {
  xpgn::SvgOptions options;
  std::vector<std::string> arrows;
  std::vector<std::string> squares;
};
SvgRequest svg_request(const py::kwargs& kwargs) {
  SvgRequest r;
  for (auto item : kwargs) {
    const std::string key = py::str(item.first);
    py::handle value = item.second;
    if (key == "size") {
      r.options.size = value.cast<int>();
    } else if (key == "flipped" || key == "flip") {
      r.options.flipped = value.cast<bool>();
    } else if (key == "coordinates") {
      r.options.coordinates = value.cast<bool>();
    } else if (key == "last_move") {
      r.options.last_move = value.cast<bool>();
    } else if (key == "check") {
      r.options.check = value.cast<bool>();
    } else if (key == "theme") {
      r.options.theme = value.cast<std::string>();
    } else if (key == "arrows") {
      r.arrows = value.cast<std::vector<std::string>>();
    } else if (key == "squares") {
      r.squares = value.cast<std::vector<std::string>>();
    } else {
      throw py::type_error("svg() got an unexpected keyword argument '" + key +
                           "' (size, flipped, coordinates, last_move, check, theme, arrows, "
                           "squares)");
    }
  }
  return r;
}

// ---- Reading ---------------------------------------------------------------------------------

// A stream buffer over a Python file object's read(): bytes as they are, str encoded as UTF-8.
// It takes the GIL for each read, so it may be used from the reader's thread.
class PyFileBuffer final : public std::streambuf {
 public:
  explicit PyFileBuffer(py::object file) : file_(std::move(file)) {}
  ~PyFileBuffer() override {
    py::gil_scoped_acquire gil;
    file_ = py::object();
  }
  // The Python exception a read raised ("" when none), to report at the end.
  const std::string& failure() const { return failure_; }

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    if (done_) return traits_type::eof();
    {
      py::gil_scoped_acquire gil;
      try {
        py::object chunk = file_.attr("read")(1 << 16);
        if (py::isinstance<py::bytes>(chunk)) {
          buffer_ = chunk.cast<std::string>();
        } else if (py::isinstance<py::str>(chunk)) {
          buffer_ = chunk.cast<std::string>();  // UTF-8
        } else if (chunk.is_none()) {
          buffer_.clear();
        } else {
          failure_ = "read() returned neither bytes nor str";
          buffer_.clear();
        }
      } catch (py::error_already_set& e) {
        failure_ = e.what();
        buffer_.clear();
      }
    }
    if (buffer_.empty()) {
      done_ = true;
      return traits_type::eof();
    }
    setg(buffer_.data(), buffer_.data(), buffer_.data() + buffer_.size());
    return traits_type::to_int_type(*gptr());
  }

 private:
  py::object file_;
  std::string buffer_;
  std::string failure_;
  bool done_ = false;
};

// A stream buffer over a text it does not own.
class TextBuffer final : public std::streambuf {
 public:
  explicit TextBuffer(std::string& text) {
    setg(text.data(), text.data(), text.data() + text.size());
  }
};

// The replay options of a read: tree mode (see GameData), or with `san_only` check mode keeping
// the tags, start position and mainline SAN (ReplayOptions::mainline_san: no tree); the input's
// name, strictness and encoding, and where the text given starts in the whole input (`start`,
// for ranges).
xpgn::record::ReplayOptions tree_options(const xpgn::ReadOptions& options,
                                         const xpgn::notation::ReadStart& start = {},
                                         bool san_only = false) {
  xpgn::record::ReplayOptions replay;
  replay.mode = xpgn::record::ReplayMode::tree;
  if (san_only) {  // check mode keeping all but the tree, and the mainline's SAN packed
    replay.mode = xpgn::record::ReplayMode::check;
    replay.mainline_san = true;
  }
  replay.file_name = options.name;
  replay.strict = options.strict;
  replay.reader.encoding = options.encoding;
  replay.reader.start = start;
  return replay;
}

class Reader;
// Readers alive, closed at interpreter exit so that no thread outlives Python.
std::mutex live_mutex;
std::set<Reader*> live_readers;

// Games of one input replayed on threads of the reader's own and handed to Python in input
// order. One thread reads a stream game by game, at most `capacity` finished games waiting.
// With jobs > 1 a file is read into memory and cut into ranges of about range_bytes at game
// starts (xpgn::cut_text: they read as in the whole input, numbers and encoding decision
// included), and `jobs` threads replay ranges, at most jobs + 2 ranges ahead of the one Python
// takes from. close() (or the object's end) stops the threads after the game at hand.
class Reader {
 public:
  // Reads the file at `path` or the Python file object `file` (exactly one is set) with `jobs`
  // threads (a file object: one); `san_only`: games without a tree, their SAN packed by the
  // replayer (xpgn.read's san_only).
  Reader(std::string path, py::object file, xpgn::ReadOptions options, unsigned jobs, bool san_only)
      : options_(std::move(options)), san_only_(san_only) {
    if (file) {
      file_buffer_ = std::make_unique<PyFileBuffer>(std::move(file));
      stream_ = std::make_unique<std::istream>(file_buffer_.get());
      jobs = 1;
    } else {
      std::error_code ec;
      if (std::filesystem::is_directory(path, ec))
        raise_read_error(path, path + ": is a directory");
      auto in = std::make_unique<std::ifstream>(path, std::ios::binary);
      if (!*in) raise_read_error(path, path + ": " + std::strerror(errno));
      if (jobs > 1) {
        std::string error;
        {
          py::gil_scoped_release release;
          std::ostringstream all;
          all << in->rdbuf();
          if (in->bad()) error = path + ": read error";
          text_ = std::move(all).str();
          if (!cut_ranges()) {  // read as one stream after all
            text_buffer_ = std::make_unique<TextBuffer>(text_);
            stream_ = std::make_unique<std::istream>(text_buffer_.get());
          }
        }
        if (!error.empty()) raise_read_error(path, error);
      } else {
        stream_ = std::move(in);
      }
    }
    {
      std::lock_guard lock(live_mutex);
      live_readers.insert(this);
      game_room.reader_started();
    }
    if (stream_) {
      workers_.emplace_back([this] { run_stream(); });
    } else {
      running_ = std::min<std::size_t>(jobs, ranges_.size());
      window_ = running_ + 2;
      for (std::size_t t = 0; t < running_; ++t) workers_.emplace_back([this] { run_ranges(); });
    }
  }
  ~Reader() {
    close();
    std::lock_guard lock(live_mutex);
    live_readers.erase(this);
    game_room.reader_ended();
  }
  Reader(const Reader&) = delete;
  Reader& operator=(const Reader&) = delete;

  // The next game; raises StopIteration after the last one, ReadError when reading failed.
  // Games are taken from the threads in batches (take_batch()), so that most calls touch no
  // lock and release no GIL.
  GamePtr next() {
    if (taken_.empty()) take_batch();
    if (!taken_.empty()) {
      GamePtr game = std::move(taken_.front());
      taken_.pop_front();
      return game;
    }
    if (!reported_) {
      reported_ = true;
      std::string error;
      {
        std::lock_guard lock(mutex_);
        error = error_;
      }
      if (error.empty() && file_buffer_ && !file_buffer_->failure().empty())
        error = options_.name + ": " + file_buffer_->failure();
      if (!error.empty()) raise_read_error(options_.name, error);
    }
    throw py::stop_iteration();
  }

  // Moves every queued game to taken_, first waiting without the GIL until a batch is queued
  // (stream) or a range's games are (ranges), or reading ended. Called with the GIL held.
  void take_batch() {
    py::gil_scoped_release release;
    std::unique_lock lock(mutex_);
    consumer_waiting_ = true;
    ready_.wait(lock, [&] {
      return queue_.size() >= batch || (!stream_ && !queue_.empty()) || finished_ || stopping_;
    });
    consumer_waiting_ = false;
    if (stopping_) return;
    while (!queue_.empty()) {
      taken_.push_back(std::move(queue_.front()));
      queue_.pop_front();
      if (!range_games_left_.empty() && --range_games_left_.front() == 0) {
        range_games_left_.pop_front();
        ++taken_ranges_;
      }
    }
    room_.notify_all();
  }

  // Stops the threads (after the game or range they are replaying) and waits for them; games
  // not yet taken are dropped. Safe to call more than once.
  void close() {
    {
      std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    room_.notify_all();
    ready_.notify_all();
    for (auto& worker : workers_) {
      if (!worker.joinable()) continue;
      if (PyGILState_Check()) {
        py::gil_scoped_release release;  // a thread may wait for the GIL in a file read
        worker.join();
      } else {
        worker.join();
      }
    }
    std::lock_guard lock(mutex_);
    queue_.clear();
    done_ranges_.clear();
    taken_.clear();
  }

  // True once close() ran or every game was taken.
  bool closed() {
    std::lock_guard lock(mutex_);
    return stopping_ || (finished_ && queue_.empty() && taken_.empty());
  }

  // Diagnostics outside any game (text after the last game), known once reading is done.
  std::vector<Diagnostic> problems() {
    std::lock_guard lock(mutex_);
    return problems_;
  }

 private:
  static constexpr std::size_t capacity = 64;          // games queued ahead (one thread)
  static constexpr std::size_t batch = 16;             // games Python takes at once (one thread)
  static constexpr std::size_t range_bytes = 1 << 13;  // the size ranges are cut to (jobs > 1)

  // The games and problems of one range, before they are numbered in the whole input.
  struct RangeGames {
    std::vector<std::shared_ptr<GameData>> games;
    std::vector<Diagnostic> problems;
    std::string error;
  };

  // Cuts text_ into ranges of about range_bytes where the whole input's reader finds game
  // starts (xpgn::cut_text, which hands each the whole input's encoding decision). False when
  // there is one range, or when a range is longer than a game may be (whether a game is too
  // long depends on where the whole input's reader refills its buffer): the text is then read
  // as one stream.
  bool cut_ranges() {
    std::string error;
    ranges_ = xpgn::cut_text(text_, options_, range_bytes, error);
    const std::uint64_t game_limit = xpgn::notation::ReaderOptions{}.max_game_bytes;
    for (const auto& range : ranges_)
      if (range.end - range.begin >= game_limit / 4) return false;
    return ranges_.size() > 1;
  }

  // Leaves the room of a dropped game's mainline (tree mode) or packed SAN (san_only) in the
  // replayer's `game`, for its next game (see record::GameHandler).
  void give_back(Game& game, Remains& spare) const {
    if (san_only_) {
      game.mainline_san = std::move(spare.san);
      game.mainline_san_ends = std::move(spare.ends);
    } else {
      game.moves = std::move(spare.game.moves);
    }
  }

  // One thread's work on a stream: every game into the queue, waiting while it is full.
  void run_stream() {
    std::vector<Diagnostic> problems;
    std::string error;
    try {
      error = xpgn::record::replay_pgn_while(
          *stream_, tree_options(options_, {}, san_only_),
          [&](Game& game) {
            Remains spare = game_room.take();
            GamePtr data = make_game(std::move(game), san_only_, &spare);
            give_back(game, spare);
            std::unique_lock lock(mutex_);
            room_.wait(lock, [&] { return queue_.size() < capacity || stopping_; });
            if (stopping_) return false;
            queue_.push_back(std::move(data));
            if (consumer_waiting_ && queue_.size() >= batch) ready_.notify_one();
            return true;
          },
          &problems);
    } catch (const std::exception& e) {
      error = options_.name + ": " + e.what();
    }
    std::lock_guard lock(mutex_);
    error_ = error;
    problems_ = std::move(problems);
    finished_ = true;
    ready_.notify_all();
  }

  // One thread's work on ranges: takes the next range while few enough games wait, replays it
  // and hands the ranges finished in order to the queue.
  void run_ranges() {
    for (;;) {
      std::size_t i;
      {
        std::unique_lock lock(mutex_);
        room_.wait(lock, [&] {
          return stopping_ || next_range_ >= ranges_.size() ||
                 next_range_ < taken_ranges_ + window_;
        });
        if (stopping_ || next_range_ >= ranges_.size()) break;
        i = next_range_++;
      }
      RangeGames part;
      try {
        const xpgn::TextRange& range = ranges_[i];
        const std::string_view text =
            std::string_view(text_).substr(range.begin, range.end - range.begin);
        part.error = xpgn::record::replay_pgn_while(
            text,
            tree_options(options_, {range.begin, range.line, range.games, range.encoding_state},
                         san_only_),
            [&](Game& game) {
              Remains spare = game_room.take();
              part.games.push_back(make_game(std::move(game), san_only_, &spare));
              give_back(game, spare);
              return !stopping_.load();
            },
            &part.problems);
      } catch (const std::exception& e) {
        part.error = options_.name + ": " + e.what();
      }
      std::lock_guard lock(mutex_);
      done_ranges_[i] = std::move(part);
      queue_finished_ranges();
    }
    std::lock_guard lock(mutex_);
    if (--running_ == 0) {
      finished_ = true;
      ready_.notify_all();
    }
  }

  // Moves the ranges finished in input order into the queue (mutex_ held).
  void queue_finished_ranges() {
    for (auto it = done_ranges_.find(queued_ranges_); it != done_ranges_.end();
         it = done_ranges_.find(queued_ranges_)) {
      RangeGames& part = it->second;
      for (auto& data : part.games) queue_.push_back(std::move(data));
      for (auto& d : part.problems) problems_.push_back(std::move(d));
      if (part.games.empty()) {
        ++taken_ranges_;
      } else {
        range_games_left_.push_back(part.games.size());
      }
      if (error_.empty()) error_ = part.error;
      done_ranges_.erase(it);
      ++queued_ranges_;
    }
    ready_.notify_all();
  }

  xpgn::ReadOptions options_;
  bool san_only_ = false;  // games without a tree (ReplayOptions::mainline_san)
  std::unique_ptr<PyFileBuffer> file_buffer_;
  std::unique_ptr<TextBuffer> text_buffer_;
  std::unique_ptr<std::istream> stream_;  // one thread; else text_ in ranges
  std::string text_;
  std::vector<xpgn::TextRange> ranges_;
  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable ready_;  // games were queued, or the threads finished
  std::condition_variable room_;   // games were taken, or stopping
  std::deque<GamePtr> queue_;
  std::deque<GamePtr> taken_;      // taken from queue_, handed to Python one by one (GIL held)
  bool consumer_waiting_ = false;  // Python waits in take_batch()
  std::map<std::size_t, RangeGames> done_ranges_;  // finished, waiting for earlier ranges
  std::size_t next_range_ = 0;                     // the next range a thread takes
  std::size_t queued_ranges_ = 0;                  // ranges whose games went to the queue
  std::size_t running_ = 0;                        // range threads still working
  std::size_t window_ = 1;        // ranges replayed or waiting ahead of the one Python takes from
  std::size_t taken_ranges_ = 0;  // ranges whose games were all taken
  std::deque<std::size_t> range_games_left_;  // of each queued range not yet all taken
  std::vector<Diagnostic> problems_;
  std::string error_;
  bool finished_ = false;
  std::atomic<bool> stopping_ = false;
  bool reported_ = false;
};

// Checks the file at `path` as `xpgn check` does, the report byte for byte that of one thread
// whatever `jobs`: with jobs > 1 the file is read into memory and cut into ranges of about
// `range_bytes` (0: about a 16th of the text per thread, at least 1 MiB) where the whole input's
// reader finds game starts (xpgn::cut_text, each range told the whole input's line, game count
// and encoding decision), and `jobs` threads check the ranges; one range, or a range so long that
// whether a game in it is too long could depend on where a stream read refills its buffer, and
// the file is checked as one stream instead. An unreadable file gives a report with io_error.
xpgn::CheckReport check_in_ranges(const std::string& path, unsigned jobs, bool strict,
                                  std::size_t range_bytes) {
  if (jobs <= 1) return xpgn::check_path(path, 1, strict);
  xpgn::CheckReport report;
  report.name = path;
  std::string text, error;
  if (!xpgn::record::read_file(path, text, error)) {
    report.io_error = error;
    return report;
  }
  const std::uint64_t game_limit = xpgn::notation::ReaderOptions{}.max_game_bytes;
  if (range_bytes == 0)
    range_bytes =
        std::clamp<std::size_t>(text.size() / (std::size_t{jobs} * 16), 1 << 20, game_limit / 8);
  xpgn::ReadOptions options;
  options.name = path;
  options.strict = strict;
  const auto ranges = xpgn::cut_text(text, options, range_bytes, error);
  bool one_stream = ranges.size() <= 1;
  for (const auto& range : ranges)
    if (range.end - range.begin >= game_limit / 4) one_stream = true;
  if (one_stream) return xpgn::check_path(path, 1, strict);
  std::vector<xpgn::CheckReport> parts(ranges.size());
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t i = next++; i < ranges.size(); i = next++) {
      const xpgn::TextRange& range = ranges[i];
      xpgn::record::ReplayOptions replay;
      replay.mode = xpgn::record::ReplayMode::check;
      replay.file_name = path;
      replay.strict = strict;
      replay.reader.start = {range.begin, range.line, range.games, range.encoding_state};
      xpgn::CheckReport& part = parts[i];
      std::vector<Diagnostic> orphans;
      try {
        xpgn::record::replay_pgn(
            std::string_view(text).substr(range.begin, range.end - range.begin), replay,
            [&](Game& game) { xpgn::record::add_game(part, game); }, &orphans);
      } catch (const std::exception& e) {
        part.io_error = e.what();  // (not expected: the replayer turns bad input into diagnostics)
      }
      for (auto& d : orphans) part.diagnostics.push_back(std::move(d));
    }
  };
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < std::min<std::size_t>(jobs, ranges.size()); ++t)
    threads.emplace_back(work);
  for (auto& t : threads) t.join();
  for (auto& part : parts) {
    for (auto& d : part.diagnostics) report.diagnostics.push_back(std::move(d));
    report.games += part.games;
    report.valid += part.valid;
    report.invalid += part.invalid;
    report.plies += part.plies;
    if (part.io_error && !report.io_error) report.io_error = part.io_error;
  }
  return report;
}

// Closes every reader still alive (at interpreter exit).
void close_live_readers() {
  std::vector<Reader*> readers;
  {
    std::lock_guard lock(live_mutex);
    readers.assign(live_readers.begin(), live_readers.end());
  }
  for (Reader* r : readers) r->close();
}

// Read options from keyword values; raises ValueError for an unknown encoding.
xpgn::ReadOptions read_options(const std::string& name, bool strict,
                               const std::optional<std::string>& encoding) {
  xpgn::ReadOptions options;
  options.name = name;
  options.strict = strict;
  if (encoding) options.encoding = *encoding;
  return options;
}

// ---- Small conversions -----------------------------------------------------------------------

// `value` as a Python int, or None when it is 0 (not known).
template <typename Int>
py::object positive_or_none(Int value) {
  return value > 0 ? py::object(py::int_(value)) : py::object(py::none());
}

// `text` as a Python str, or None when empty.
py::object text_or_none(const std::string& text) {
  return text.empty() ? py::object(py::none()) : py::object(py::str(text));
}

// Text that may hold invalid UTF-8 (the replayer warned about it) as a str, bad bytes replaced.
py::str safe_str(const std::string& text) {
  PyObject* s = PyUnicode_DecodeUTF8(text.data(), static_cast<Py_ssize_t>(text.size()), "replace");
  if (!s) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(s);
}

// The verified mainline of a game as MoveRefs (stops at the first unverified move).
std::vector<MoveRef> mainline(const GamePtr& data) {
  std::vector<MoveRef> out;
  const std::size_t n = verified_plies(data->game);
  out.reserve(n);
  const MoveNode* previous = nullptr;
  for (std::size_t i = 0; i < n; ++i) {
    out.push_back({data, &data->game.moves[i], previous, true});
    previous = &data->game.moves[i];
  }
  return out;
}

// Python str objects of the SAN texts handed out lately, by their bytes: a few thousand texts
// make most of the moves of any archive, and a str taken from here costs neither its making
// nor, later, its freeing. Direct-mapped (a text replaces the one at its slot); texts of at most
// 16 bytes (longer ones get a new str each time). Used with the GIL held; never freed (the
// interpreter may be gone when static objects die).
class SanStrings {
 public:
  // A new reference to a str of `san`; nullptr with a Python error set when it is no UTF-8.
  // `readable`: 16 bytes may be read from san.data() (GameData's packed texts are followed by
  // 16 zero bytes), so that the key is loaded at once rather than byte by byte.
  PyObject* get(std::string_view san, bool readable = false) {
    const std::size_t n = san.size();
    if (n > 16) return PyUnicode_FromStringAndSize(san.data(), static_cast<Py_ssize_t>(n));
    std::uint64_t key[2] = {0, 0};
    if (std::endian::native == std::endian::little && readable) {
      std::memcpy(key, san.data(), 16);  // then only the text's own n bytes are kept
      if (n <= 8) {
        key[0] &= n == 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * n)) - 1;
        key[1] = 0;
      } else if (n < 16) {
        key[1] &= (std::uint64_t{1} << (8 * (n - 8))) - 1;
      }
    } else {
      std::memcpy(key, san.data(), n);
    }
    const std::uint64_t mix =
        (key[0] * 0x9E3779B97F4A7C15ull) ^ (key[1] * 0xC2B2AE3D27D4EB4Full) ^ n;
    Slot& slot = slots_[mix >> (64 - slot_bits)];
    if (slot.str && slot.size == n && slot.key[0] == key[0] && slot.key[1] == key[1]) {
      Py_INCREF(slot.str);
      return slot.str;
    }
    PyObject* str = PyUnicode_FromStringAndSize(san.data(), static_cast<Py_ssize_t>(n));
    if (!str) return nullptr;
    Py_XDECREF(slot.str);
    Py_INCREF(str);
    slot = {{key[0], key[1]}, n, str};
    return str;
  }

 private:
  static constexpr int slot_bits = 12;
  struct Slot {
    std::uint64_t key[2];
    std::size_t size;
    PyObject* str;  // a reference of the table's own; nullptr: free
  };
  std::array<Slot, std::size_t{1} << slot_bits> slots_{};
};
SanStrings& san_strings = *new SanStrings;

// The str of a SAN text (see SanStrings).
py::str san_str(const std::string& san) {
  PyObject* str = san_strings.get(san);
  if (!str) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(str);
}

// The SAN of the verified mainline moves as a list of str, built directly from the packed texts.
py::list mainline_san_list(const GameData& data) {
  const std::size_t n = data.mainline_san_ends.size();
  PyObject* list = PyList_New(static_cast<Py_ssize_t>(n));
  if (!list) throw py::error_already_set();
  py::list out = py::reinterpret_steal<py::list>(list);
  const std::string_view all = data.mainline_san;
  std::size_t begin = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t end = data.mainline_san_ends[i];
    PyObject* text = san_strings.get(all.substr(begin, end - begin), true);
    begin = end;
    if (!text) throw py::error_already_set();
    PyList_SET_ITEM(list, static_cast<Py_ssize_t>(i), text);  // (steals the reference)
  }
  return out;
}

// The commands of a move's comments ([%clk], [%eval], ...) as a dict of those present.
py::dict commands_dict(const xpgn::record::Commands& c) {
  py::dict d;
  if (c.clock) d["clock"] = *c.clock;
  if (c.elapsed) d["elapsed"] = *c.elapsed;
  if (c.eval) d["eval"] = *c.eval;
  if (c.eval_mate) d["eval_mate"] = *c.eval_mate;
  if (!c.squares.empty()) d["squares"] = c.squares;
  if (!c.arrows.empty()) d["arrows"] = c.arrows;
  return d;
}

// PGN writing options from keyword arguments style, language, max_line, comments, nags,
// variations.
xpgn::PgnOptions pgn_options(const py::kwargs& kwargs) {
  xpgn::PgnOptions o;
  for (auto item : kwargs) {
    const std::string key = py::str(item.first);
    py::handle value = item.second;
    if (key == "style") {
      const std::string style = value.cast<std::string>();
      if (style == "san") {
        o.style = xpgn::emit::MoveStyle::san;
      } else if (style == "lan") {
        o.style = xpgn::emit::MoveStyle::long_algebraic;
      } else if (style == "uci") {
        o.style = xpgn::emit::MoveStyle::uci;
      } else if (style == "figurine") {
        o.style = xpgn::emit::MoveStyle::figurine;
      } else if (style == "usi") {
        o.style = xpgn::emit::MoveStyle::usi;
      } else if (xpgn::emit::parse_format(style) == xpgn::emit::Format::notation) {
        o.style = xpgn::emit::MoveStyle::notation;  // a variant's own, such as "wxf"
        o.notation = style;
      } else {
        std::string known = "san, lan, uci, figurine, usi";
        for (const auto& own : xpgn::catalog::own_notation_names()) known += ", " + own;
        throw py::value_error("style must be one of " + known + ", not '" + style + "'");
      }
    } else if (key == "language") {
      o.language = value.cast<std::string>();
      if (!xpgn::emit::is_language(o.language))
        throw py::value_error("unknown language '" + o.language + "'");
    } else if (key == "max_line") {
      const long n = value.cast<long>();
      if (n < 1) throw py::value_error("max_line must be at least 1");
      o.max_line = static_cast<std::size_t>(n);
    } else if (key == "comments") {
      o.comments = value.cast<bool>();
    } else if (key == "nags") {
      o.nags = value.cast<bool>();
    } else if (key == "variations") {
      o.variations = value.cast<bool>();
    } else {
      throw py::type_error("to_pgn() got an unexpected keyword argument '" + key +
                           "' (style, language, max_line, comments, nags, variations)");
    }
  }
  return o;
}

// Games from a Python iterable of Game objects, their positions restored for the writers.
std::vector<GamePtr> games_of(const py::iterable& games) {
  std::vector<GamePtr> out;
  for (auto g : games) {
    out.push_back(g.cast<GamePtr>());
    out.back()->need_tree("writing (write(), dumps())");
    out.back()->positions();
  }
  return out;
}

// The games written in format `format` (named `name`) as the command line writes them (all
// games, JSON's array) to `out`. Returns "" or why a game cannot be written in it
// (GameWriter::refusal(): "game 2: wxf is written for ..."); `out` is then incomplete.
std::string render_games(const std::vector<GamePtr>& games, xpgn::emit::Format format,
                         const std::string& name, std::ostream& out) {
  xpgn::emit::PgnOptions options;
  if (format == xpgn::emit::Format::notation) options.notation = name;
  xpgn::emit::GameWriter writer(out, format, options);
  for (std::size_t i = 0; i < games.size(); ++i)
    if (!writer.write(games[i]->game))
      return "game " + std::to_string(i + 1) + ": " + writer.refusal(games[i]->game);
  writer.finish();
  return {};
}

// The format named `name`, or ValueError.
xpgn::emit::Format format_named(const std::string& name) {
  auto format = xpgn::emit::parse_format(name);
  if (!format) {
    std::string known;
    for (const auto& n : xpgn::emit::format_names()) known += (known.empty() ? "" : ", ") + n;
    throw py::value_error("unknown format '" + name + "' (" + known + ")");
  }
  return *format;
}

// Loads the variant definition file at `path` and returns the ids of the variants it defines, in
// its order (one for JSON, one per section for a Fairy-Stockfish ini file); raises VariantError
// with every problem. A file loaded before with the same bytes gives the same ids again (the
// catalog keeps one definition per id), so that notebook cells can run twice.
std::vector<std::string> load_variant_file(const std::string& path) {
  static std::mutex mutex;
  static std::map<std::string, std::pair<std::string, std::vector<std::string>>> loaded;
  std::error_code ec;
  std::string key = std::filesystem::weakly_canonical(path, ec).string();
  if (ec) key = path;
  std::string bytes;
  {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    bytes = text.str();
  }
  std::lock_guard lock(mutex);
  if (auto it = loaded.find(key); it != loaded.end() && it->second.first == bytes)
    return it->second.second;
  std::vector<std::string> ids;
  auto problems = xpgn::load_variants(path, ids);
  if (problems.empty() && ids.empty()) problems.push_back(path + ": it defines no variant");
  if (!problems.empty()) {
    std::string message;
    for (const auto& p : problems) message += (message.empty() ? "" : "\n") + p;
    ErrorFields fields;
    fields.file = path;
    raise_error("VariantError", message, fields);
  }
  loaded[key] = {std::move(bytes), ids};
  return ids;
}

// The ids `ids` joined with ", ".
std::string id_list(const std::vector<std::string>& ids) {
  std::string out;
  for (const auto& id : ids) out += (out.empty() ? "" : ", ") + id;
  return out;
}

// The one of `ids` (the variants the file at `path` defines) that `name` names, by id or by
// name; without a name, the file's only variant. Raises VariantError when `name` names none of
// them, or when no name is given and the file defines several.
std::string pick_variant(const std::vector<std::string>& ids, const std::string& path,
                         const std::optional<std::string>& name) {
  ErrorFields fields;
  fields.file = path;
  if (!name) {
    if (ids.size() == 1) return ids.front();
    raise_error("VariantError",
                path + " defines " + std::to_string(ids.size()) + " variants (" + id_list(ids) +
                    "): say which with name=..., or take them all with xpgn.load_variants() "
                    "(all are in the catalog now)",
                fields);
  }
  for (const auto& id : ids)
    if (id == *name) return id;
  for (const auto& v : xpgn::variants())
    if (v.name == *name && std::find(ids.begin(), ids.end(), v.id) != ids.end()) return v.id;
  fields.token = *name;
  raise_error("VariantError",
              path + ": no variant named '" + *name + "' in it; it defines " + id_list(ids),
              fields);
}

// The catalog's entries of `ids`, in that order.
std::vector<xpgn::VariantInfo> variant_infos(const std::vector<std::string>& ids,
                                             const std::string& path) {
  std::vector<xpgn::VariantInfo> all = xpgn::variants();
  std::vector<xpgn::VariantInfo> out;
  for (const auto& id : ids) {
    auto it = std::find_if(all.begin(), all.end(), [&](const auto& v) { return v.id == id; });
    if (it == all.end())
      raise_error("VariantError",
                  path + ": the variant " + id + " it defines is not in the catalog");
    out.push_back(*it);
  }
  return out;
}

// A Position from the constructor's arguments; raises VariantError or FenError.
PyPosition make_py_position(const std::optional<std::string>& fen, const std::string& variant,
                            const std::optional<py::object>& variant_file,
                            const std::string& options) {
  std::string name = variant;
  if (variant_file && !variant_file->is_none()) {
    const std::string path = path_text(*variant_file);
    const std::vector<std::string> ids = load_variant_file(path);
    if (variant == "chess")
      name = pick_variant(ids, path, std::nullopt);  // the default: the file's
  }
  std::string error;
  int column = 0;
  auto pos = xpgn::make_position(name, options, fen.value_or(""), error, &column);
  if (!pos) {
    ErrorFields fields;
    if (error.rfind("bad FEN", 0) == 0) {
      fields.column = static_cast<std::uint32_t>(column);
      fields.token = fen.value_or("");
      raise_error("FenError", error, fields);
    }
    fields.token = name;
    raise_error("VariantError", error, fields);
  }
  return PyPosition{std::move(*pos), std::nullopt, {}, {}};
}

// Variant info as a dict-like object.
using VariantInfo = xpgn::VariantInfo;

}  // namespace

PYBIND11_MODULE(_xpgn, m) {
  m.doc() = "The C++ half of xpgn: reading, replaying, checking, positions (see docs/python.md).";
  py::module_::import("atexit").attr("register")(py::cpp_function(&close_live_readers));

  // ---- Diagnostic ----
  py::class_<Diagnostic>(m, "Diagnostic",
                         "One problem: where it is (file, line, column, game, ply, token), its "
                         "severity and message. Fields not known are None.")
      .def_property_readonly(
          "severity",
          [](const Diagnostic& d) { return std::string(xpgn::record::severity_name(d.severity)); },
          "'error' or 'warning'.")
      .def_property_readonly(
          "file", [](const Diagnostic& d) { return safe_str(d.file); }, "The input's name.")
      .def_property_readonly(
          "line", [](const Diagnostic& d) { return positive_or_none(d.pos.line); },
          "1-based line, None when the problem has no position.")
      .def_property_readonly(
          "column",
          [](const Diagnostic& d) {
            return d.pos.line > 0 ? py::object(py::int_(d.pos.column)) : py::object(py::none());
          },
          "1-based column (bytes), None when the problem has no position.")
      .def_property_readonly(
          "game", [](const Diagnostic& d) { return positive_or_none(d.game); },
          "1-based game number in the input, None when outside any game.")
      .def_property_readonly(
          "ply", [](const Diagnostic& d) { return positive_or_none(d.ply); },
          "1-based half-move in its line, None when not about a move.")
      .def_property_readonly(
          "token",
          [](const Diagnostic& d) {
            return d.token.empty() ? py::object(py::none()) : py::object(safe_str(d.token));
          },
          "The text at fault as written, None when none.")
      .def_property_readonly(
          "message", [](const Diagnostic& d) { return safe_str(d.message); },
          "What is wrong, in plain words.")
      .def_property_readonly(
          "is_error",
          [](const Diagnostic& d) { return d.severity == xpgn::record::Severity::error; },
          "True for an error, False for a warning.")
      .def(
          "__str__", [](const Diagnostic& d) { return safe_str(xpgn::format(d)); },
          "FILE:LINE:COL: severity: game N, ply K 'TOKEN': message, as `xpgn check` prints.")
      .def("__repr__", [](const Diagnostic& d) {
        return "<xpgn.Diagnostic " + py::repr(safe_str(xpgn::format(d))).cast<std::string>() + ">";
      });

  // ---- Outcome ----
  py::class_<Outcome>(m, "Outcome", "How a game or position stands by the rules.")
      .def_readonly("decided", &Outcome::decided,
                    "True when the rules ended the game (mate, stalemate, a variant's end, an "
                    "automatic draw); False when undecided or only a claimable draw.")
      .def_readonly("result", &Outcome::result, "'1-0', '0-1', '1/2-1/2' or '*'.")
      .def_readonly("termination", &Outcome::termination,
                    "'none', 'checkmate', 'stalemate', 'threefold_repetition', ...")
      .def_property_readonly(
          "winner", [](const Outcome& o) { return text_or_none(o.winner); },
          "'white', 'black' or None.")
      .def("__repr__", [](const Outcome& o) {
        return "<xpgn.Outcome " + o.result + " " + o.termination + ">";
      });

  // ---- Effect ----
  py::class_<xpgn::EffectText>(m, "Effect", "What a move did besides moving its piece.")
      .def_readonly("kind", &xpgn::EffectText::kind,
                    "'capture', 'rook_castled', 'promotion', 'birth', 'pushed', ...")
      .def_property_readonly(
          "piece", [](const xpgn::EffectText& e) { return text_or_none(e.piece); },
          "The piece concerned as a FEN letter (lower case: Black), or None.")
      .def_property_readonly(
          "square", [](const xpgn::EffectText& e) { return text_or_none(e.square); },
          "The square concerned, or None.")
      .def_property_readonly(
          "to", [](const xpgn::EffectText& e) { return text_or_none(e.to); },
          "Where the piece went (pushes, relocations), or None.")
      .def("__repr__", [](const xpgn::EffectText& e) {
        std::string r = "<xpgn.Effect " + e.kind;
        if (!e.piece.empty()) r += " " + e.piece;
        if (!e.square.empty()) r += " " + e.square;
        if (!e.to.empty()) r += "->" + e.to;
        return r + ">";
      });

  // ---- Move ----
  py::class_<MoveRef>(m, "Move",
                      "One move of a game as written and replayed. Unverified moves (after a "
                      "line's first illegal one) have text but no san, uci or positions.")
      .def_property_readonly(
          "san",
          [](const MoveRef& r) {
            return r.verified ? py::object(san_str(r.node->san)) : py::object(py::none());
          },
          "Canonical SAN from the rules ('--' for a null move), None when unverified.")
      .def_property_readonly(
          "uci",
          [](const MoveRef& r) {
            const xpgn::Position* before = before_of(r);
            return before ? py::object(py::str(xpgn::node_uci(*before, *r.node)))
                          : py::object(py::none());
          },
          "UCI coordinates ('0000' for a null move), None when unverified.")
      .def_property_readonly(
          "text", [](const MoveRef& r) { return safe_str(r.node->text); }, "The token as written.")
      .def_property_readonly(
          "verified", [](const MoveRef& r) { return r.verified; },
          "True when the move was replayed as legal.")
      .def_property_readonly(
          "unverified_reason",
          [](const MoveRef& r) { return text_or_none(r.node->unverified_reason); },
          "On a line's first unverified move: why; else None.")
      .def_property_readonly(
          "ply", [](const MoveRef& r) { return r.node->ply; }, "1-based half-move count.")
      .def_property_readonly(
          "line", [](const MoveRef& r) { return r.node->pos.line; }, "Line of the token.")
      .def_property_readonly(
          "column", [](const MoveRef& r) { return r.node->pos.column; }, "Column of the token.")
      .def_property_readonly(
          "color",
          [](const MoveRef& r) {
            const xpgn::Position* before = before_of(r);
            if (!before) return py::object(py::none());
            return py::object(
                py::str(before->side_to_move() == xpgn::Color::white ? "white" : "black"));
          },
          "'white' or 'black' (the side that moved), None when unverified.")
      .def_property_readonly(
          "fen_before",
          [](const MoveRef& r) {
            const xpgn::Position* before = before_of(r);
            return before ? py::object(py::str(before->fen())) : py::object(py::none());
          },
          "FEN of the position the move is played from, None when unverified.")
      .def_property_readonly(
          "fen_after",
          [](const MoveRef& r) {
            return before_of(r) ? py::object(py::str(r.node->after->fen()))
                                : py::object(py::none());
          },
          "FEN of the position after the move, None when unverified.")
      .def(
          "position_before",
          [](const MoveRef& r) {
            const xpgn::Position* before = before_of(r);
            if (!before) return py::object(py::none());
            return py::cast(PyPosition{*before, std::nullopt, {}, {}});
          },
          "The position the move is played from as an xpgn.Position (None when unverified).")
      .def(
          "position_after",
          [](const MoveRef& r) {
            if (!before_of(r)) return py::object(py::none());
            std::vector<xpgn::Effect> effects(r.node->effects.begin(), r.node->effects.end());
            return py::cast(PyPosition{*r.node->after, r.node->move, effects, r.node->san});
          },
          "The position after the move as an xpgn.Position, the move highlighted in its "
          "diagram (None when unverified).")
      .def_property_readonly(
          "effects",
          [](const MoveRef& r) {
            std::vector<xpgn::EffectText> out;
            if (before_of(r))
              for (const auto& e : r.node->effects)
                out.push_back(xpgn::effect_text(*r.data->game.variant, e));
            return out;
          },
          "Forced effects: captures, births, pushes, explosions... (a list of xpgn.Effect).")
      .def_property_readonly(
          "comment",
          [](const MoveRef& r) {
            std::string text;
            for (const auto& c : r.node->comments_after) text += (text.empty() ? "" : " ") + c;
            return safe_str(text);
          },
          "The comments after the move joined by spaces ('' when none).")
      .def_property_readonly(
          "comments_before",
          [](const MoveRef& r) {
            py::list out;
            for (const auto& c : r.node->comments_before) out.append(safe_str(c));
            return out;
          },
          "Comments between the previous move and this one.")
      .def_property_readonly(
          "comments_after",
          [](const MoveRef& r) {
            py::list out;
            for (const auto& c : r.node->comments_after) out.append(safe_str(c));
            return out;
          },
          "Comments following the move, each as written.")
      .def_property_readonly(
          "commands", [](const MoveRef& r) { return commands_dict(r.node->commands); },
          "Commands of the comments after it: clock, elapsed, eval, eval_mate (numbers), "
          "squares, arrows (lists); only those present.")
      .def_property_readonly(
          "nags", [](const MoveRef& r) { return r.node->nags; }, "NAG numbers ($1 = 1), in order.")
      .def_property_readonly(
          "variations",
          [](const MoveRef& r) {
            std::vector<std::vector<MoveRef>> out;
            for (const auto& line : r.node->variations)
              out.push_back(line_moves(r.data, line, r.previous, r.verified));
            return out;
          },
          "Alternatives to this move, each a list of moves played from the position before it.")
      .def("__str__",
           [](const MoveRef& r) { return safe_str(r.verified ? r.node->san : r.node->text); })
      .def("__repr__", [](const MoveRef& r) {
        return "<xpgn.Move " + std::to_string(r.node->ply) + " " +
               (r.verified ? r.node->san : r.node->text + " (unverified)") + ">";
      });

  // ---- Game ----
  py::class_<GameData, std::shared_ptr<GameData>>(
      m, "Game",
      "A game as read and replayed: tags, variant, moves (a tree), result, outcome, "
      "diagnostics. Bad games are games with diagnostics, never exceptions.")
      .def_property_readonly(
          "index", [](const GameData& g) { return g.game.index; },
          "1-based number of the game in its input.")
      .def_property_readonly(
          "line", [](const GameData& g) { return g.game.pos.line; }, "Line where the game starts.")
      .def_property_readonly(
          "tags",
          [](const GameData& g) {
            py::dict out;
            for (const auto& t : g.game.tags) out[safe_str(t.name)] = safe_str(t.value);
            return out;
          },
          "The tag pairs as a dict (a repeated tag's later value wins).")
      .def_property_readonly(
          "tag_pairs",
          [](const GameData& g) {
            py::list out;
            for (const auto& t : g.game.tags)
              out.append(py::make_tuple(safe_str(t.name), safe_str(t.value)));
            return out;
          },
          "Every tag pair as read, in order, duplicates kept: a list of (name, value).")
      .def_property_readonly(
          "variant",
          [](const GameData& g) {
            return g.game.variant ? py::object(py::str(g.game.variant->id))
                                  : py::object(py::none());
          },
          "The variant id ('chess', 'maxim', ...), None when the variant is unknown.")
      .def_property_readonly(
          "variant_options",
          [](const GameData& g) {
            return g.game.variant ? g.game.variant->options : std::vector<std::string>{};
          },
          "The variant options in force ([VariantOptions]).")
      .def_property_readonly(
          "start_fen", [](const GameData& g) { return text_or_none(g.game.start_fen); },
          "Canonical FEN of the start position, None when the variant or FEN is bad.")
      .def_property_readonly(
          "valid", [](const GameData& g) { return g.game.valid(); },
          "True when no diagnostic is an error.")
      .def_property_readonly(
          "result",
          [](const GameData& g) {
            const std::string& r =
                g.game.result_tag.empty() ? g.game.result_marker : g.game.result_tag;
            return text_or_none(r);
          },
          "The result as written: the [Result] tag, else the termination marker; None when "
          "neither is there.")
      .def_property_readonly(
          "result_marker", [](const GameData& g) { return text_or_none(g.game.result_marker); },
          "The termination marker after the moves, None when absent.")
      .def_property_readonly(
          "outcome", [](const GameData& g) { return xpgn::outcome_text(g.game.outcome); },
          "What the rules say about the final mainline position (an xpgn.Outcome).")
      .def_property_readonly(
          "diagnostics", [](const GameData& g) { return g.game.diagnostics; },
          "The game's problems (a list of xpgn.Diagnostic), warnings included.")
      .def_property_readonly(
          "complete", [](const GameData& g) { return g.game.mainline_complete; },
          "False when the mainline could not be replayed to its end.")
      .def_property_readonly(
          "plies", [](const GameData& g) { return g.game.mainline_plies; },
          "Mainline moves replayed.")
      .def_property_readonly(
          "comments",
          [](const GameData& g) {
            g.need_tree("comments");
            py::list out;
            for (const auto& c : g.game.comments) out.append(safe_str(c));
            return out;
          },
          "Comments before the first move.")
      .def(
          "mainline",
          [](const std::shared_ptr<GameData>& g) {
            g->need_tree("mainline()");
            return mainline(g);
          },
          "The verified mainline moves in order (a list of xpgn.Move; it stops before the first "
          "move that could not be replayed).")
      .def(
          "mainline_san", [](const GameData& g) { return mainline_san_list(g); },
          "The SAN of the verified mainline moves, a list of str: [m.san for m in mainline()] "
          "without making Move objects (a game that fails at ply N gives its first N - 1 moves; "
          "an unknown variant or a bad FEN none). The only moves a game read with "
          "xpgn.read(..., san_only=True) has.")
      .def(
          "mainline_uci",
          [](GameData& g) {
            g.need_tree("mainline_uci()");
            py::list out(0);
            g.positions();
            const xpgn::Position* before = g.start ? &*g.start : nullptr;
            if (!before || !g.game.variant) return out;
            for (const auto& node : g.game.moves) {
              if (!node.verified || !node.after) break;
              out.append(py::str(xpgn::node_uci(*before, node)));
              before = &*node.after;
            }
            return out;
          },
          "The UCI of the verified mainline moves: [m.uci for m in mainline()], faster.")
      .def_property_readonly(
          "moves",
          [](const std::shared_ptr<GameData>& g) {
            g->need_tree("moves");
            return line_moves(g, g->game.moves, nullptr, true);
          },
          "The whole mainline as written, unverified moves included; each move's variations "
          "hold the rest of the tree.")
      .def(
          "start_position",
          [](GameData& g) {
            g.positions();
            if (!g.start) return py::object(py::none());
            return py::cast(PyPosition{*g.start, std::nullopt, {}, {}});
          },
          "The start position as an xpgn.Position (None when the variant or FEN is bad).")
      .def(
          "end_position",
          [](const std::shared_ptr<GameData>& g) {
            g->need_tree("end_position()");
            g->positions();
            auto moves = mainline(g);
            if (moves.empty()) {
              if (!g->start) return py::object(py::none());
              return py::cast(PyPosition{*g->start, std::nullopt, {}, {}});
            }
            const MoveNode& last = *moves.back().node;
            if (!last.after) return py::object(py::none());
            std::vector<xpgn::Effect> effects(last.effects.begin(), last.effects.end());
            return py::cast(PyPosition{*last.after, last.move, effects, last.san});
          },
          "The position after the last verified mainline move (None without a start "
          "position).")
      .def(
          "to_pgn",
          [](GameData& g, const py::kwargs& kwargs) {
            g.need_tree("to_pgn()");
            auto options = pgn_options(kwargs);
            g.positions();
            if (options.style == xpgn::emit::MoveStyle::notation)
              if (auto why = xpgn::emit::notation_refusal(g.game, options.notation); !why.empty())
                throw py::value_error(why);
            std::string text;
            {
              py::gil_scoped_release release;
              text = xpgn::to_pgn(g.game, options);
            }
            return safe_str(text);
          },
          "The game as canonical PGN, as `xpgn convert --to pgn` writes it. Keywords: style "
          "('san', 'lan', 'uci', 'figurine', 'usi', or a variant's own notation: 'wxf', "
          "ValueError for a game of another variant), language, max_line, comments, nags, "
          "variations.")
      .def(
          "to_json",
          [](GameData& g, std::optional<int> indent) {
            g.need_tree("to_json()");
            g.positions();
            std::string text;
            {
              py::gil_scoped_release release;
              text = xpgn::to_json(g.game, indent.value_or(-1));
            }
            return py::str(text);
          },
          py::arg("indent") = py::none(),
          "The game as a JSON object (docs/json.md); without indent the same bytes as a line of "
          "`xpgn convert --to jsonl`.")
      .def(
          "to_dict",
          [](GameData& g) {
            g.need_tree("to_dict()");
            return py::module_::import("json").attr("loads")(
                py::str(xpgn::to_json(g.positions(), -1)));
          },
          "The JSON object (docs/json.md) as Python dicts and lists.")
      .def(
          "svg",
          [](GameData& g, int ply, const py::kwargs& kwargs) {
            g.need_tree("svg()");
            auto request = svg_request(kwargs);
            g.positions();
            std::string error;
            std::optional<std::string> svg;
            {
              py::gil_scoped_release release;
              svg = xpgn::to_svg(g.game, ply, request.options, error);
            }
            if (!svg) {
              ErrorFields fields;
              fields.game = g.game.index;
              fields.ply = ply > 0 ? ply : 0;
              raise_error("Error", error, fields);
            }
            return *svg;
          },
          py::arg("ply") = -1,
          "An SVG diagram after `ply` mainline moves (0: the start, -1: the last verified one); "
          "keywords as Position.svg().")
      .def("__repr__", [](const GameData& g) {
        std::string white, black;
        if (auto* w = g.game.tag("White")) white = *w;
        if (auto* b = g.game.tag("Black")) black = *b;
        return "<xpgn.Game " + std::to_string(g.game.index) + " " +
               (g.game.variant ? g.game.variant->id : std::string("?")) + " " +
               py::repr(safe_str(white + " - " + black)).cast<std::string>() + " " +
               std::to_string(g.game.mainline_plies) + " plies " +
               (g.game.valid() ? "valid" : "invalid") + ">";
      });

  // ---- Reader ----
  py::class_<Reader>(m, "Reader",
                     "Games of one input, replayed on a thread while Python works on the "
                     "previous ones. Iterate it; close() (or dropping it) stops the thread.")
      .def("__iter__", [](Reader& r) -> Reader& { return r; })
      .def("__next__", &Reader::next)
      .def("close", &Reader::close,
           "Stops reading and frees the thread; the games not yet taken are dropped.")
      .def_property_readonly("closed", &Reader::closed,
                             "True after close() or once every game was taken.")
      .def_property_readonly("problems", &Reader::problems,
                             "Diagnostics outside any game (known when the iteration ended).")
      .def("__enter__", [](Reader& r) -> Reader& { return r; })
      .def("__exit__", [](Reader& r, py::args) {
        r.close();
        return false;
      });

  m.def(
      "_open",
      [](const py::object& source, unsigned jobs, bool strict,
         const std::optional<std::string>& encoding, bool san_only) {
        if (jobs == 0) jobs = std::max(1u, std::thread::hardware_concurrency());
        if (encoding && !xpgn::is_known_encoding(*encoding))
          raise_error("Error", "unknown encoding '" + *encoding + "'");
        if (is_path(source)) {
          std::string path = path_text(source);
          return std::make_unique<Reader>(path, py::object(), read_options(path, strict, encoding),
                                          jobs, san_only);
        }
        if (!py::hasattr(source, "read"))
          throw py::type_error("read() wants a path or a file object with read()");
        std::string name = "-";
        if (py::hasattr(source, "name")) {
          py::object n = source.attr("name");
          if (py::isinstance<py::str>(n)) name = n.cast<std::string>();
        }
        return std::make_unique<Reader>(std::string(), source, read_options(name, strict, encoding),
                                        1, san_only);
      },
      py::arg("source"), py::arg("jobs") = 1, py::arg("strict") = false,
      py::arg("encoding") = py::none(), py::arg("san_only") = false,
      "The Reader of xpgn.read(): a path (str or os.PathLike) read with `jobs` threads, or a "
      "file object read on one; raises ReadError when the file cannot be opened, Error for an "
      "unknown encoding.");

  m.def(
      "read_string",
      [](const std::string& text, bool strict, const std::string& name) {
        xpgn::ReadResult result;
        {
          py::gil_scoped_release release;
          xpgn::ReadOptions options;
          options.name = name;
          options.strict = strict;
          std::string_view input = text;
          result.error = xpgn::record::replay_pgn_while(
              input, tree_options(options),
              [&](Game& game) {
                result.games.push_back(std::move(game));
                return true;
              },
              &result.problems);
        }
        if (!result.error.empty()) raise_read_error(name, result.error);
        std::vector<GamePtr> games;
        games.reserve(result.games.size());
        for (auto& g : result.games) games.push_back(make_game(std::move(g), false));
        return games;
      },
      py::arg("text"), py::arg("strict") = false, py::arg("name") = "-",
      "Every game of a PGN text, replayed: a list of xpgn.Game.");

  py::class_<xpgn::CheckReport>(m, "CheckReport",
                                "What checking one input found, as `xpgn check` reports it.")
      .def_readonly("name", &xpgn::CheckReport::name, "The input's name.")
      .def_readonly("games", &xpgn::CheckReport::games, "Games read.")
      .def_readonly("valid", &xpgn::CheckReport::valid, "Games without errors.")
      .def_readonly("invalid", &xpgn::CheckReport::invalid, "Games with errors.")
      .def_readonly("plies", &xpgn::CheckReport::plies, "Mainline moves replayed, all games.")
      .def_readonly("diagnostics", &xpgn::CheckReport::diagnostics,
                    "Every problem in input order, warnings included.")
      .def_property_readonly(
          "ok", [](const xpgn::CheckReport& r) { return r.invalid == 0; },
          "True when every game is valid.")
      .def("__repr__", [](const xpgn::CheckReport& r) {
        return "<xpgn.CheckReport " + r.name + ": " + std::to_string(r.games) + " games, " +
               std::to_string(r.valid) + " valid, " + std::to_string(r.invalid) + " invalid>";
      });

  m.def(
      "check",
      [](const py::object& path, bool strict, unsigned jobs, std::size_t range_bytes) {
        const std::string name = path_text(path);
        std::error_code ec;
        if (std::filesystem::is_directory(name, ec))
          raise_read_error(name, name + ": is a directory");
        xpgn::CheckReport report;
        {
          py::gil_scoped_release release;
          report = check_in_ranges(
              name, jobs == 0 ? std::max(1u, std::thread::hardware_concurrency()) : jobs, strict,
              range_bytes);
        }
        if (report.io_error) raise_read_error(name, name + ": " + *report.io_error);
        return report;
      },
      py::arg("path"), py::arg("strict") = false, py::arg("jobs") = 1, py::arg("_range_bytes") = 0,
      "Checks a file as `xpgn check` does (same verdicts and diagnostics) and returns the "
      "xpgn.CheckReport; jobs: threads (0: one per core). With jobs > 1 the file is read into "
      "memory, cut into ranges at game starts that read as in the whole file, and the ranges "
      "are checked at once: the report is byte for byte that of one thread. Raises ReadError "
      "when it cannot be read. (_range_bytes: the ranges' size, for tests; 0: automatic.)");

  m.def(
      "write",
      [](const py::object& path, const py::iterable& games, const std::string& format) {
        const auto fmt = format_named(format);
        const std::string name = path_text(path);
        auto list = games_of(games);
        std::string error, refusal;
        {
          py::gil_scoped_release release;
          xpgn::emit::AtomicFile file(name);
          if (!file.ok()) {
            error = file.error();
          } else {
            refusal = render_games(list, fmt, format, file.stream());
            // Whole or not at all: a refused game leaves the file unwritten.
            if (refusal.empty() && !file.commit()) error = file.error();
          }
        }
        if (!refusal.empty()) throw py::value_error(refusal);
        if (!error.empty()) raise_read_error(name, error);
      },
      py::arg("path"), py::arg("games"), py::arg("format") = "pgn",
      "Writes games to a file as `xpgn convert --to FORMAT` does (pgn, json, jsonl, lan, uci, "
      "figurine, usi, or a variant's own notation: wxf), whole or not at all; ValueError for a "
      "game the format cannot write (a chess game in wxf), and the file is then not written.");

  m.def(
      "dumps",
      [](const py::iterable& games, const std::string& format) {
        const auto fmt = format_named(format);
        auto list = games_of(games);
        std::ostringstream out;
        std::string refusal;
        {
          py::gil_scoped_release release;
          refusal = render_games(list, fmt, format, out);
        }
        if (!refusal.empty()) throw py::value_error(refusal);
        return py::bytes(out.str());
      },
      py::arg("games"), py::arg("format") = "pgn",
      "The bytes `xpgn convert --to FORMAT` writes for these games.");

  // ---- Position ----
  py::class_<xpgn::MoveText>(m, "LegalMove", "A legal move written as SAN and as UCI.")
      .def_readonly("san", &xpgn::MoveText::san, "Canonical SAN ('Nf3', 'e8=Q#').")
      .def_readonly("uci", &xpgn::MoveText::uci, "UCI coordinates ('g1f3', 'e7e8q').")
      .def("__str__", [](const xpgn::MoveText& t) { return t.san; })
      .def("__repr__",
           [](const xpgn::MoveText& t) { return "<xpgn.LegalMove " + t.san + " " + t.uci + ">"; });

  py::class_<PyPosition>(m, "Position",
                         "A position of a variant. Immutable: play() returns a new one.")
      .def(py::init(&make_py_position), py::arg("fen") = py::none(), py::arg("variant") = "chess",
           py::arg("variant_file") = py::none(), py::arg("options") = "",
           "The position `fen` (None: the start position) of `variant` (an id or name, "
           "forgiving as [Variant] tags) with comma-separated `options`; `variant_file` loads "
           "a definition first (and is the variant when `variant` is left as 'chess'). Raises "
           "FenError or VariantError.")
      .def_property_readonly(
          "variant", [](const PyPosition& p) { return p.pos.variant().id; }, "The variant id.")
      .def_property_readonly(
          "turn",
          [](const PyPosition& p) {
            return p.pos.side_to_move() == xpgn::Color::white ? "white" : "black";
          },
          "'white' or 'black': the side to move.")
      .def(
          "fen", [](const PyPosition& p) { return p.pos.fen(); }, "The canonical FEN.")
      .def(
          "legal_moves", [](const PyPosition& p) { return xpgn::legal_moves(p.pos); },
          "Every legal move (a list of xpgn.LegalMove with san and uci).")
      .def(
          "play",
          [](const PyPosition& p, const std::string& move) {
            std::string error;
            auto played = xpgn::play_move(p.pos, move, error);
            if (!played) {
              ErrorFields fields;
              fields.token = move;
              raise_error("MoveError", error, fields);
            }
            return PyPosition{std::move(played->after), played->move, std::move(played->effects),
                              std::move(played->text.san)};
          },
          py::arg("move"),
          "The position after `move` (UCI or SAN); raises MoveError when it is malformed, "
          "illegal or ambiguous.")
      .def_property_readonly(
          "last_move", [](const PyPosition& p) { return text_or_none(p.last_san); },
          "SAN of the move that led here when play() made this position, else None.")
      .def_property_readonly(
          "effects",
          [](const PyPosition& p) {
            std::vector<xpgn::EffectText> out;
            for (const auto& e : p.effects) out.push_back(xpgn::effect_text(p.pos.variant(), e));
            return out;
          },
          "The forced effects of the move that led here (a list of xpgn.Effect).")
      .def(
          "is_check", [](const PyPosition& p) { return xpgn::is_check(p.pos); },
          "True when a royal piece of the side to move is attacked.")
      .def(
          "outcome", [](const PyPosition& p) { return xpgn::position_outcome(p.pos); },
          "How the position stands by the rules, seen alone (no repetitions): an xpgn.Outcome.")
      .def(
          "perft",
          [](const PyPosition& p, int depth) {
            if (depth < 0) throw py::value_error("depth must be at least 0");
            py::gil_scoped_release release;
            return xpgn::perft(p.pos, depth);
          },
          py::arg("depth"), "Leaf nodes of the legal move tree `depth` plies deep.")
      .def(
          "svg",
          [](const PyPosition& p, const py::kwargs& kwargs) {
            auto request = svg_request(kwargs);
            std::string error;
            auto svg = xpgn::position_svg(p.pos, p.last ? &*p.last : nullptr, p.effects,
                                          request.arrows, request.squares, request.options, error);
            if (!svg) raise_error("Error", error);
            return *svg;
          },
          "An SVG diagram. Keywords: size (pixels, 16-8192), flipped, coordinates, last_move, "
          "check (bools), theme ('brown', 'blue', 'green', 'print'), arrows (['e2e4:red']), "
          "squares (['e4:yellow']).")
      .def(
          "_repr_svg_",
          [](const PyPosition& p) {
            std::string error;
            auto svg = xpgn::position_svg(p.pos, p.last ? &*p.last : nullptr, p.effects, {}, {},
                                          xpgn::SvgOptions{}, error);
            return svg.value_or(std::string());
          },
          "The diagram a notebook shows.")
      .def("__eq__",
           [](const PyPosition& a, const PyPosition& b) {
             return &a.pos.variant() == &b.pos.variant() && a.pos.fen() == b.pos.fen();
           })
      .def("__hash__", [](const PyPosition& p) { return py::hash(py::str(p.pos.fen())); })
      .def("__str__", [](const PyPosition& p) { return p.pos.fen(); })
      .def("__repr__", [](const PyPosition& p) {
        return "<xpgn.Position " + p.pos.variant().id + " " + p.pos.fen() + ">";
      });

  // ---- Variants ----
  py::class_<VariantInfo>(m, "Variant", "A variant of the catalog.")
      .def_readonly("id", &VariantInfo::id, "The id games and Position name it by.")
      .def_readonly("name", &VariantInfo::name, "Its full name.")
      .def_readonly("description", &VariantInfo::description, "One line.")
      .def_readonly("source", &VariantInfo::source, "'builtin:ID.json' or the file's path.")
      .def_readonly("builtin", &VariantInfo::builtin, "True for the variants xpgn ships.")
      .def("__repr__", [](const VariantInfo& v) { return "<xpgn.Variant " + v.id + ">"; });

  m.def("variants", &xpgn::variants,
        "The catalog's variants (built-in first, then loaded files): a list of xpgn.Variant.");
  m.def(
      "load_variant",
      [](const py::object& path, const std::optional<std::string>& name) {
        const std::string file = path_text(path);
        const std::vector<std::string> ids = load_variant_file(file);
        return variant_infos({pick_variant(ids, file, name)}, file).front();
      },
      py::arg("path"), py::arg("name") = py::none(),
      "Loads a variant definition file into the catalog, for games and positions to name: "
      "JSON (docs/variant-files.md) or a Fairy-Stockfish variants.ini, whose every section is "
      "loaded. Returns the xpgn.Variant `name` names (an id or a name), or without a name the "
      "file's only variant. Loading the same file again (same bytes) returns the same variant. "
      "Raises VariantError with every problem of the file, when `name` names none of its "
      "variants, or when no name is given and the file defines several.");
  m.def(
      "load_variants",
      [](const py::object& path) {
        const std::string file = path_text(path);
        return variant_infos(load_variant_file(file), file);
      },
      py::arg("path"),
      "Loads a variant definition file as load_variant() does and returns every variant it "
      "defines (an ini file: one per section, in its order), a list of xpgn.Variant.");
  m.def(
      "version", []() { return std::string(xpgn::version()); }, "The library's version.");
}
