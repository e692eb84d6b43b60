#include "xpgn/record/ordered_replay.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <exception>
#include <istream>
#include <map>
#include <mutex>
#include <string_view>
#include <thread>
#include <utility>

#include "xpgn/notation/notation.hpp"
#include "xpgn/record/select.hpp"

namespace xpgn::record {

namespace {

// ---- Reading a stretch of an input as the whole input is read -----------------------------------
// A worker reads a batch, the bytes from one game start to the next batch's, with the games the
// reading thread's scan located in them (read_located_games(): the splitter does not run twice)
// and the ReadStart of `xpgn split` parts (game numbers, encoding decision). The scan cuts the
// input as read_pgn() of the whole input does, too long games included. When a stretch without a
// place to cut grows too long to hold (a game of megabytes), the reading thread reads the rest of
// the input itself from the last batch start on, with read_pgn() (read_stretch()). Two details
// must come out the same as in the whole input:
//  - whether a game is too long (--max-game-size) is decided when the reader refills its buffer,
//    every reader_chunk bytes from the start of the input, counting from where the previous game
//    ended; so a stretch longer than that limit is read from the chunk boundary before it, with
//    blanks up to its first game and a stand-in game "*" ending right before it, the stand-in not
//    being reported (in a batch, the scan has found the games too long already);
//  - the encoding decision looks up to encoding_sample bytes ahead of the first game that is
//    neither ASCII nor UTF-8; the batch or stretch holding that game is told the decision the
//    whole input makes there (the "STATE>FINAL" state of split parts), and no batch starts
//    within the stretch over which that look-ahead held the whole input's reader back.

// The reader's refill size and encoding look-ahead (pgn_reader.cpp: default_chunk_size and
// encoding_sample_bytes); the tests comparing --jobs 1 and 3 with small batches check them.
constexpr std::uint64_t reader_chunk = std::uint64_t{1} << 20;
constexpr std::uint64_t encoding_sample = std::uint64_t{1} << 20;

// True for an encoding state before any decision ("" or "utf-8-seen").
bool undecided(const std::string& state) {
  return state.empty() || state == "utf-8-seen";
}

// How to read, in an input whose reader started at offset `base`, the stretch that starts at the
// game start `at`: where the reader starts and the bytes it reads before the stretch.
struct AlignedStart {
  notation::ReadStart read;
  std::string padding;    // blanks, then the stand-in game "*\n" when there is one
  bool stand_in = false;  // the first game read is the stand-in
};

// The chunk boundary of the reader at or before `offset`.
std::uint64_t chunk_boundary(std::uint64_t offset, std::uint64_t base) {
  return base + (offset - base) / reader_chunk * reader_chunk;
}

// How to read the stretch at `at` (a ReadStart at a game start) of an input read from `base`.
// Requires can_start_batch() to have accepted `at` unless it is on a chunk boundary.
AlignedStart align(const notation::ReadStart& at, std::uint64_t base) {
  const std::uint64_t from = chunk_boundary(at.offset, base);
  if (from == at.offset) return {at, "", false};
  // Read from offset 0 the reader ignores ReadStart::line: the padding then has the newlines.
  const std::uint64_t newlines = from == 0 ? at.line - 2 : 0;
  AlignedStart a{{from, at.line - 1 - newlines, at.games - 1, at.encoding}, {}, true};
  a.padding.assign(newlines, '\n');
  a.padding.append(at.offset - from - newlines - 2, ' ');
  a.padding += "*\n";
  return a;
}

// True when a batch may start at the game `game` of an input read from `base`, given `text`, the
// input's bytes from offset `text_offset` on as far as they were scanned: it starts a line (after
// the first), and there is room before it for the stand-in, which the reader must see end before
// its next refill (else it could find the stand-in, blanks included, too long).
bool can_start_batch(const notation::GameStart& game, std::uint64_t base, std::string_view text,
                     std::uint64_t text_offset) {
  const std::uint64_t at = game.pos.offset;
  if (!game.can_start_read || game.pos.line < 2 || game.game < 2 || at < text_offset) return false;
  const std::uint64_t from = chunk_boundary(at, base);
  if (from == at) return true;
  if (at - from < 2 || (from == 0 && at < game.pos.line)) return false;
  const std::string_view line = text.substr(at - text_offset, from + reader_chunk - at);
  return line.find('\n') != std::string_view::npos;
}

// Hands the reader's calls on to `to`, but for those of the first game when `skip_first` (the
// stand-in of align()). It must override every callback of notation::PgnVisitor: one left out
// would be lost in batches read as align() says.
class SkipStandIn final : public notation::PgnVisitor {
 public:
  SkipStandIn(notation::PgnVisitor& to, bool skip_first) : to_(to), skipping_(skip_first) {}
  void begin_game(std::uint64_t index, SourcePos pos) override {
    if (!skipping_) to_.begin_game(index, pos);
  }
  void tag(std::string_view name, std::string_view value, SourcePos pos) override {
    if (!skipping_) to_.tag(name, value, pos);
  }
  void move(const SanToken& token, std::string_view text, SourcePos pos) override {
    if (!skipping_) to_.move(token, text, pos);
  }
  void invalid_move(const notation::SyntaxError& error) override {
    if (!skipping_) to_.invalid_move(error);
  }
  void nag(int value, SourcePos pos) override {
    if (!skipping_) to_.nag(value, pos);
  }
  void comment(std::string_view text, SourcePos pos) override {
    if (!skipping_) to_.comment(text, pos);
  }
  void begin_variation(SourcePos pos) override {
    if (!skipping_) to_.begin_variation(pos);
  }
  void end_variation(SourcePos pos) override {
    if (!skipping_) to_.end_variation(pos);
  }
  void result(std::string_view text, SourcePos pos) override {
    if (!skipping_) to_.result(text, pos);
  }
  void syntax_error(const notation::SyntaxError& error) override {
    if (!skipping_) to_.syntax_error(error);
  }
  void warning(SourcePos pos, std::string_view message) override {
    if (!skipping_) to_.warning(pos, message);
  }
  void game_text(std::string_view raw) override {
    if (!skipping_) to_.game_text(raw);
  }
  void end_game() override {
    if (skipping_)
      skipping_ = false;
    else
      to_.end_game();
  }
  bool wants_movetext() override { return skipping_ || to_.wants_movetext(); }

 private:
  notation::PgnVisitor& to_;
  bool skipping_;
};

// A stream buffer that serves `padding`, then `text`, then what `rest` holds (nothing when it is
// null).
class StretchBuffer final : public std::streambuf {
 public:
  StretchBuffer(std::string_view padding, std::string_view text, std::streambuf* rest)
      : parts_{padding, text}, rest_(rest) {}

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    while (next_ < parts_.size()) {
      const std::string_view part = parts_[next_++];
      if (part.empty()) continue;
      char* p = const_cast<char*>(part.data());  // only read: the get area of a streambuf
      setg(p, p, p + part.size());
      return traits_type::to_int_type(*gptr());
    }
    if (rest_ == nullptr) return traits_type::eof();
    window_.resize(std::size_t{1} << 16);
    const std::streamsize got = rest_->sgetn(window_.data(), std::ssize(window_));
    if (got <= 0) return traits_type::eof();
    setg(window_.data(), window_.data(), window_.data() + got);
    return traits_type::to_int_type(*gptr());
  }

 private:
  std::array<std::string_view, 2> parts_;
  std::size_t next_ = 0;  // the part to serve next
  std::streambuf* rest_;
  std::vector<char> window_;
};

// Reads with `visitor` the games of the stretch of an input (read from offset `base`) that starts
// as `start` says and whose bytes are `text` followed by what `rest` holds (if anything); `reader`
// as for the whole input. A stretch of at most max_game_bytes holds no game the reader could find
// too long: it is read from memory as it is; a longer one is read as align() says.
void read_stretch(const notation::ReadStart& start, std::uint64_t base, std::string_view text,
                  std::streambuf* rest, notation::PgnVisitor& visitor,
                  notation::ReaderOptions reader) {
  if (rest == nullptr && text.size() <= reader.max_game_bytes) {
    reader.start = start;
    notation::read_pgn(text, visitor, reader);
    return;
  }
  const AlignedStart aligned = align(start, base);
  reader.start = aligned.read;
  StretchBuffer buffer(aligned.padding, text, rest);
  std::istream in(&buffer);
  SkipStandIn skip(visitor, aligned.stand_in);
  notation::read_pgn(in, skip, reader);
}

// ---- Batches ------------------------------------------------------------------------------------
// Whole games of one input, as raw bytes, to be replayed by a worker.
struct Batch {
  std::size_t input = 0;                  // the input's number
  std::string name;                       // the input's name (ReplayOptions::file_name)
  notation::ReadStart start;              // where the bytes start, as a part of the input
  std::string bytes;                      // up to the next batch's start
  std::vector<notation::GameSpan> games;  // the games in `bytes`, as the reading thread's scan
                                          // located them
};

// Replays `batch` as part of the input `name`; returns what `job` made of it. The games are read
// where the scan of the whole input located them (read_located_games), not looked for again.
std::unique_ptr<ReplayJob::Part> replay_batch(const Batch& batch, record::ReplayOptions options,
                                              const std::string& name, const ReplayJob& job) {
  std::unique_ptr<ReplayJob::Part> part = job.new_part();
  options.file_name = name;
  std::size_t next = 0;  // the first span that may be the next game's
  auto handler = [&](record::Game& game) {
    while (next < batch.games.size() && batch.games[next].start.offset < game.pos.offset) ++next;
    std::string_view text;
    if (next < batch.games.size() && batch.games[next].start.offset == game.pos.offset) {
      const notation::GameSpan& span = batch.games[next];
      // The input's first game takes what comes before it too (a byte order mark, say).
      const std::uint64_t from =
          next == 0 && batch.start.games == 0 ? batch.start.offset : span.start.offset;
      if (!span.oversized)
        text = std::string_view(batch.bytes).substr(from - batch.start.offset, span.end - from);
    }
    job.add_game_text(*part, game, text);
  };
  notation::ReaderOptions reader = options.reader;
  reader.start = batch.start;
  if (job.tags_only()) {
    record::TagReader tags(handler, job.tag_names());
    notation::read_located_games(batch.bytes, batch.start.offset, batch.games, tags, reader);
    return part;
  }
  record::Replayer replayer(options, handler);
  notation::read_located_games(batch.bytes, batch.start.offset, batch.games, replayer, reader);
  job.add_orphans(*part, replayer.finish());
  return part;
}

// Worker threads that replay batches and a consumer (the reading thread) that hands their parts
// to the job strictly in the order the batches were submitted. At most `max_pending` batches are
// queued, being replayed or waiting to be taken at any time.
class OrderedReplay {
 public:
  OrderedReplay(unsigned jobs, record::ReplayOptions options, ReplayJob& job)
      : options_(std::move(options)), job_(job), jobs_(jobs), max_pending_(2 * jobs + 2) {}
  // Stops the workers without handing parts over (after an exception on the reading thread).
  ~OrderedReplay() {
    std::unique_lock lock(mutex_);
    closing_ = true;
    queue_.clear();
    work_ready_.notify_all();
    lock.unlock();
    for (auto& t : threads_) t.join();
  }
  OrderedReplay(const OrderedReplay&) = delete;
  OrderedReplay& operator=(const OrderedReplay&) = delete;

  // Queues `batch`, first handing over finished parts while too many batches are pending.
  void submit(Batch batch) {
    std::unique_lock lock(mutex_);
    merge_ready(lock, max_pending_ - 1);
    queue_.push_back({submitted_++, std::move(batch)});
    // A worker per batch up to `jobs`: a small input does not start threads it cannot use.
    if (threads_.size() < jobs_ && threads_.size() < submitted_)
      threads_.emplace_back([this] { work(); });
    work_ready_.notify_one();
  }

  // An empty batch of input number `input` (named `name`) starting at `start`: with the buffers
  // of one a worker is done with (so that the batches' big buffers are allocated once, not once
  // per batch).
  Batch spare(std::size_t input, const std::string& name, const notation::ReadStart& start) {
    Batch batch;
    {
      std::lock_guard lock(mutex_);
      if (!spare_.empty()) {
        batch = std::move(spare_.back());
        spare_.pop_back();
      }
    }
    batch.input = input;
    batch.name = name;
    batch.start = start;
    batch.bytes.clear();
    batch.games.clear();
    return batch;
  }

  // Waits for every batch submitted so far and hands over the rest (more may be submitted after).
  void finish() {
    std::unique_lock lock(mutex_);
    merge_ready(lock, 0);
  }

 private:
  struct Done {
    std::size_t input;
    std::unique_ptr<ReplayJob::Part> part;
    std::exception_ptr failure;  // what the replay threw, rethrown here as one thread would
  };

  // Hands parts over in submission order until at most `pending` batches are left.
  void merge_ready(std::unique_lock<std::mutex>& lock, std::size_t pending) {
    while (submitted_ - merged_ > pending) {
      result_ready_.wait(lock, [&] { return done_.count(merged_) > 0; });
      auto node = done_.extract(merged_++);
      if (node.mapped().failure) std::rethrow_exception(node.mapped().failure);
      lock.unlock();
      job_.take(node.mapped().input, std::move(node.mapped().part));
      lock.lock();
    }
  }

  // A worker: replays queued batches until the destructor.
  void work() {
    std::unique_lock lock(mutex_);
    while (true) {
      work_ready_.wait(lock, [&] { return closing_ || !queue_.empty(); });
      if (queue_.empty()) return;
      auto [sequence, batch] = std::move(queue_.front());
      queue_.pop_front();
      lock.unlock();
      Done done{batch.input, nullptr, nullptr};
      try {
        done.part = replay_batch(batch, options_, batch.name, job_);
      } catch (...) {
        done.failure = std::current_exception();
      }
      lock.lock();
      if (spare_.size() < max_pending_) spare_.push_back(std::move(batch));
      done_.emplace(sequence, std::move(done));
      result_ready_.notify_one();
    }
  }

  record::ReplayOptions options_;
  ReplayJob& job_;
  const std::size_t jobs_;
  const std::size_t max_pending_;
  std::mutex mutex_;
  std::condition_variable work_ready_, result_ready_;
  std::deque<std::pair<std::size_t, Batch>> queue_;
  std::map<std::size_t, Done> done_;
  std::vector<Batch> spare_;  // batches replayed, for their buffers
  std::size_t submitted_ = 0, merged_ = 0;
  bool closing_ = false;
  std::vector<std::thread> threads_;
};

// ---- Cutting an input into batches --------------------------------------------------------------
// The game scanner's input: the bytes of `source`, kept until taken, so that batches are cut from
// what was scanned. Once more than `limit` bytes are kept, it ends the scanner's input early
// (stopped()); `source` then holds the rest of the input.
class TeeBuffer final : public std::streambuf {
 public:
  // `reserve`: the bytes it usually keeps.
  TeeBuffer(std::streambuf& source, std::uint64_t offset, std::size_t limit, std::size_t reserve)
      : source_(source), offset_(offset), limit_(limit) {
    data_.reserve(reserve);
  }

  // The input offset of the first byte kept, and the bytes kept.
  std::uint64_t offset() const { return offset_; }
  std::string_view kept() const { return std::string_view(data_).substr(head_); }
  // Moves the kept bytes before input offset `end` (all of them by default) to `bytes`.
  void take(std::string& bytes, std::uint64_t end = ~std::uint64_t{0}) {
    const auto n = static_cast<std::size_t>(std::min<std::uint64_t>(end - offset_, kept().size()));
    bytes.assign(kept().substr(0, n));
    head_ += n;
    offset_ += n;
    if (head_ > data_.size() / 2) {
      data_.erase(0, head_);
      head_ = 0;
    }
  }
  bool stopped() const { return stopped_; }
  std::streambuf& source() { return source_; }

 protected:
  std::streamsize xsgetn(char* s, std::streamsize n) override {
    std::streamsize done = 0;
    if (n > 0 && gptr() < egptr()) {  // the byte underflow() looked at
      *s++ = *gptr();
      gbump(1);
      done = 1;
    }
    if (data_.size() - head_ > limit_) stopped_ = true;
    if (stopped_ || done == n) return done;
    const std::streamsize got = source_.sgetn(s, n - done);
    if (got > 0) data_.append(s, static_cast<std::size_t>(got));
    return done + std::max<std::streamsize>(got, 0);
  }
  int_type underflow() override {  // one byte at a time (the scanner reads chunks with xsgetn)
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    if (xsgetn(&byte_, 1) != 1) return traits_type::eof();
    setg(&byte_, &byte_, &byte_ + 1);
    return traits_type::to_int_type(byte_);
  }

 private:
  std::streambuf& source_;
  std::uint64_t offset_;  // of data_[head_] in the input
  std::size_t limit_;
  std::string data_;
  std::size_t head_ = 0;
  bool stopped_ = false;
  char byte_ = 0;
};
// Scans input number `index` for game starts and queues its bytes to `workers` in batches of
// about `target` bytes. When a stretch without a place to cut grows longer than can be held (a
// game of megabytes), waits for the queued batches and replays the rest of the input on this
// thread instead, handing `job` a part per game.
void replay_in_batches(std::istream& input, std::size_t index, const record::ReplayOptions& options,
                       const std::string& name, std::size_t target, OrderedReplay& workers,
                       ReplayJob& job) {
  const notation::ReaderOptions& reader = options.reader;
  const std::uint64_t base = reader.start.offset;
  const std::size_t limit = 4 * target + 8 * reader_chunk;
  TeeBuffer tee(*input.rdbuf(), base, limit, target + 2 * reader_chunk);
  std::istream in(&tee);
  // A batch is at most limit + reader_chunk bytes long. Any batch start may become the start of
  // the stretch this thread reads itself when the tee stops (read_stretch()), so batches start
  // only where such a stretch can: when a game may be shorter than that (a small
  // --max-game-size), the stretch is read as align() says, and no batch starts where the whole
  // input's reader held its buffer back for the encoding look-ahead: it did not look for too
  // long games there, and a reader starting there would.
  const bool long_batches = reader.max_game_bytes < limit + reader_chunk;
  Batch batch = workers.spare(index, name, reader.start);
  // Queues the batch up to `end`, where the encoding decision is `end_state`.
  auto submit = [&](std::uint64_t end, const std::string& end_state) {
    std::string& encoding = batch.start.encoding;
    if (encoding.find('>') == std::string::npos && undecided(encoding) && !undecided(end_state))
      encoding += ">" + end_state;  // the decision is made in this batch
    tee.take(batch.bytes, end);
    workers.submit(std::move(batch));
  };
  std::string previous_state = reader.start.encoding;
  std::uint64_t previous_offset = base, no_cut_before = 0;
  std::string final_state;
  notation::scan_games(
      in,
      [&](const notation::GameStart& game) {
        if (tee.stopped()) return false;  // what follows was scanned without its look-ahead
        if (long_batches && undecided(previous_state) && !undecided(game.encoding_state))
          no_cut_before = previous_offset + encoding_sample + reader_chunk;
        previous_state = game.encoding_state;
        previous_offset = game.pos.offset;
        if (game.pos.offset >= no_cut_before && game.pos.offset - tee.offset() >= target &&
            can_start_batch(game, base, tee.kept(), tee.offset())) {
          submit(game.pos.offset, game.encoding_state);
          batch = workers.spare(
              index, name, {game.pos.offset, game.pos.line, game.game - 1, game.encoding_state});
        }
        batch.games.push_back(game.span);
        return true;
      },
      reader, &final_state);
  if (!tee.stopped()) {
    submit(~std::uint64_t{0}, final_state);
    return;
  }
  workers.finish();
  record::ReplayOptions replay = options;
  replay.file_name = name;
  auto handler = [&](record::Game& game) {
    std::unique_ptr<ReplayJob::Part> part = job.new_part();
    job.add_game_text(*part, game, {});
    job.take(index, std::move(part));
  };
  tee.take(batch.bytes);
  if (job.tags_only()) {
    record::TagReader tags(handler, job.tag_names());
    read_stretch(batch.start, base, batch.bytes, &tee.source(), tags, reader);
    return;
  }
  record::Replayer replayer(replay, handler);
  read_stretch(batch.start, base, batch.bytes, &tee.source(), replayer, reader);
  std::unique_ptr<ReplayJob::Part> rest = job.new_part();
  job.add_orphans(*rest, replayer.finish());
  job.take(index, std::move(rest));
}

}  // namespace

struct OrderedReplayer::Impl {
  Impl(unsigned jobs, const ReplayOptions& replay, ReplayJob& to, std::size_t bytes)
      : workers(std::max(1u, jobs), replay, to),
        options(replay),
        batch(std::max<std::size_t>(1, bytes)),
        job(to) {}
  OrderedReplay workers;
  ReplayOptions options;
  std::size_t batch;
  ReplayJob& job;
};

OrderedReplayer::OrderedReplayer(unsigned jobs, const ReplayOptions& options, ReplayJob& job,
                                 std::size_t batch_bytes)
    : impl_(std::make_unique<Impl>(jobs, options, job, batch_bytes)) {}

OrderedReplayer::~OrderedReplayer() = default;

void OrderedReplayer::replay(std::size_t index, std::istream& in, const std::string& name) {
  if (impl_->job.tags_only()) {
    scan_tags(index, [&](const std::function<void(const notation::TaggedGame&)>& on_game) {
      notation::scan_tags(in, on_game, impl_->options.reader);
    });
    return;
  }
  replay_in_batches(in, index, impl_->options, name, impl_->batch, impl_->workers, impl_->job);
}

void OrderedReplayer::scan_tags(
    std::size_t index,
    const std::function<void(const std::function<void(const notation::TaggedGame&)>&)>& scan) {
  ReplayJob& job = impl_->job;
  impl_->workers.finish();  // the parts of earlier inputs go first
  // The games' tags are read on this thread by notation::scan_tags(), which hands over what
  // the workers' TagReader would (take_tagged_game()): the splitter and the tag pairs in one
  // pass; a part is handed over every few hundred games.
  constexpr std::uint64_t games_per_part = 512;
  std::unique_ptr<ReplayJob::Part> part = job.new_part();
  std::uint64_t in_part = 0;
  const std::vector<std::string> names = job.tag_names();
  record::Game game;
  std::string first;  // the input's first game's text with what comes before it
  // Hands a game over with its text.
  const auto add = [&](const notation::TaggedGame& tagged) {
    take_tagged_game(tagged, names, game);
    std::string_view raw = tagged.text;
    // The input's first game takes what comes before it too (a byte order mark, say); lost
    // when there was too much of it: the text is not kept then.
    if (tagged.lead.lost) {
      raw = {};
    } else if (!tagged.lead.empty() && !raw.empty()) {
      if (tagged.lead.dropped.empty() &&
          tagged.lead.held.data() + tagged.lead.held.size() == raw.data()) {
        raw = std::string_view(tagged.lead.held.data(), tagged.lead.held.size() + raw.size());
      } else {
        first.assign(tagged.lead.dropped).append(tagged.lead.held).append(raw);
        raw = first;
      }
    }
    job.add_game_text(*part, game, raw);
  };
  scan([&](const notation::TaggedGame& tagged) {
    if (!job.skip_tagged(*part, tagged)) add(tagged);  // (most games are not selected)
    if (++in_part == games_per_part) {
      job.take(index, std::move(part));
      part = job.new_part();
      in_part = 0;
    }
  });
  if (in_part > 0) job.take(index, std::move(part));
}

void OrderedReplayer::finish() {
  impl_->workers.finish();
}

}  // namespace xpgn::record
