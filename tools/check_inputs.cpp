#include "check_inputs.hpp"

#include <algorithm>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <map>
#include <mutex>
#include <string_view>
#include <thread>
#include <utility>

#include "io.hpp"
#include "part.hpp"
#include "xpgn/notation/notation.hpp"

namespace xpgn::cli {

namespace {

using record::CheckReport;

// Adds what `part` (a later stretch of input number `input`) found to `report`: hands it to
// `sink` first when there is one, and then keeps only its counts.
void merge_part(CheckReport& report, CheckReport&& part, std::size_t input, const PartSink& sink) {
  report.games += part.games;
  report.valid += part.valid;
  report.invalid += part.invalid;
  report.plies += part.plies;
  if (sink) {
    sink(input, part);
    return;
  }
  for (auto& d : part.diagnostics) report.diagnostics.push_back(std::move(d));
}

// The reader's calls for a stretch of input, kept so that they can be made again, in the same
// order and with the same arguments, to a visitor on another thread.
class EventLog {
 public:
  enum class Kind : std::uint8_t {
    begin_game,
    tag,
    move,
    invalid_move,
    nag,
    comment,
    begin_variation,
    end_variation,
    result,
    syntax_error,
    warning,
    end_game,
  };

  // Records one call; `number` is the game index, the NAG value or an index into tokens or
  // errors; `first` and `second` are its texts (tag name and value, move text, comment...).
  void add(Kind kind, SourcePos pos, std::uint64_t number = 0, std::string_view first = {},
           std::string_view second = {}) {
    events_.push_back(Event{kind, pos, number, text_.size(), first.size(), second.size()});
    text_.append(first);
    text_.append(second);
  }
  std::uint64_t add_token(const SanToken& token) {
    tokens_.push_back(token);
    return tokens_.size() - 1;
  }
  std::uint64_t add_error(const notation::SyntaxError& error) {
    errors_.push_back(error);
    return errors_.size() - 1;
  }
  std::size_t size() const { return events_.size(); }

  // Makes every recorded call on `visitor`, in order.
  void replay_into(notation::PgnVisitor& visitor) const {
    for (const Event& e : events_) {
      const std::string_view first(text_.data() + e.text, e.first_size);
      const std::string_view second(text_.data() + e.text + e.first_size, e.second_size);
      switch (e.kind) {
        case Kind::begin_game:
          visitor.begin_game(e.number, e.pos);
          break;
        case Kind::tag:
          visitor.tag(first, second, e.pos);
          break;
        case Kind::move:
          visitor.move(tokens_[e.number], first, e.pos);
          break;
        case Kind::invalid_move:
          visitor.invalid_move(errors_[e.number]);
          break;
        case Kind::nag:
          visitor.nag(static_cast<int>(e.number), e.pos);
          break;
        case Kind::comment:
          visitor.comment(first, e.pos);
          break;
        case Kind::begin_variation:
          visitor.begin_variation(e.pos);
          break;
        case Kind::end_variation:
          visitor.end_variation(e.pos);
          break;
        case Kind::result:
          visitor.result(first, e.pos);
          break;
        case Kind::syntax_error:
          visitor.syntax_error(errors_[e.number]);
          break;
        case Kind::warning:
          visitor.warning(e.pos, first);
          break;
        case Kind::end_game:
          visitor.end_game();
          break;
      }
    }
  }

 private:
  struct Event {
    Kind kind;
    SourcePos pos;
    std::uint64_t number;
    std::size_t text;  // start of `first` in text_; `second` follows it
    std::size_t first_size;
    std::size_t second_size;
  };
  std::vector<Event> events_;
  std::string text_;
  std::vector<SanToken> tokens_;
  std::vector<notation::SyntaxError> errors_;
};

// A visitor that records the reader's calls and hands them on in batches of whole games: after
// a game ends, once the log holds `batch_events` calls, it goes to `on_batch`.
// It must override every callback of notation::PgnVisitor: one it left out would be lost with
// --jobs N > 1 (the test comparing --jobs 1 and 2 on the corpus would then fail).
class EventRecorder final : public notation::PgnVisitor {
 public:
  EventRecorder(std::size_t batch_events, std::function<void(EventLog&&)> on_batch)
      : batch_events_(batch_events), on_batch_(std::move(on_batch)) {}

  // The calls recorded since the last batch (the end of the input).
  EventLog take() { return std::exchange(log_, EventLog{}); }

  void begin_game(std::uint64_t index, SourcePos pos) override {
    log_.add(Kind::begin_game, pos, index);
  }
  void tag(std::string_view name, std::string_view value, SourcePos pos) override {
    log_.add(Kind::tag, pos, 0, name, value);
  }
  void move(const SanToken& token, std::string_view text, SourcePos pos) override {
    log_.add(Kind::move, pos, log_.add_token(token), text);
  }
  void invalid_move(const notation::SyntaxError& error) override {
    log_.add(Kind::invalid_move, error.pos, log_.add_error(error));
  }
  void nag(int value, SourcePos pos) override {
    log_.add(Kind::nag, pos, static_cast<std::uint64_t>(value));
  }
  void comment(std::string_view text, SourcePos pos) override {
    log_.add(Kind::comment, pos, 0, text);
  }
  void begin_variation(SourcePos pos) override { log_.add(Kind::begin_variation, pos); }
  void end_variation(SourcePos pos) override { log_.add(Kind::end_variation, pos); }
  void result(std::string_view text, SourcePos pos) override {
    log_.add(Kind::result, pos, 0, text);
  }
  void syntax_error(const notation::SyntaxError& error) override {
    log_.add(Kind::syntax_error, error.pos, log_.add_error(error));
  }
  void warning(SourcePos pos, std::string_view message) override {
    log_.add(Kind::warning, pos, 0, message);
  }
  void end_game() override {
    log_.add(Kind::end_game, {});
    if (log_.size() >= batch_events_) on_batch_(take());
  }

 private:
  using Kind = EventLog::Kind;
  std::size_t batch_events_;
  std::function<void(EventLog&&)> on_batch_;
  EventLog log_;
};

// Whole games of one input, to be replayed by a worker.
struct Batch {
  std::size_t input = 0;  // index into the reports
  EventLog log;
};

// Replays `batch` as the input `name` and returns what it found.
CheckReport replay_batch(const Batch& batch, record::ReplayOptions options,
                         const std::string& name) {
  CheckReport part;
  part.summarise_games = true;
  options.file_name = name;
  record::Replayer replayer(options, [&part](record::Game& game) { record::add_game(part, game); });
  batch.log.replay_into(replayer);
  for (auto& d : replayer.finish()) part.diagnostics.push_back(std::move(d));
  return part;
}

// Worker threads that replay batches and a consumer (the reading thread) that merges their
// results into the reports strictly in the order the batches were submitted. At most
// `max_pending` batches are queued, being replayed or waiting to be merged at any time.
class OrderedReplay {
 public:
  OrderedReplay(unsigned jobs, record::ReplayOptions options, std::vector<CheckReport>& reports,
                const PartSink& sink)
      : options_(std::move(options)),
        reports_(reports),
        sink_(sink),
        jobs_(jobs),
        max_pending_(2 * jobs + 2) {}
  // Stops the workers without merging (after an exception on the reading thread).
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

  // Queues `batch`, first merging finished results while too many batches are pending.
  void submit(Batch batch) {
    std::unique_lock lock(mutex_);
    merge_ready(lock, max_pending_ - 1);
    queue_.push_back({submitted_++, std::move(batch)});
    // A worker per batch up to `jobs`: a small input does not start threads it cannot use.
    if (threads_.size() < jobs_ && threads_.size() < submitted_)
      threads_.emplace_back([this] { work(); });
    work_ready_.notify_one();
  }

  // Waits for every batch and merges the rest.
  void finish() {
    std::unique_lock lock(mutex_);
    merge_ready(lock, 0);
  }

 private:
  struct Done {
    std::size_t input;
    CheckReport part;
    std::exception_ptr failure;  // what the replay threw, rethrown here as one thread would
  };

  // Merges results in submission order until at most `pending` batches are left unmerged.
  void merge_ready(std::unique_lock<std::mutex>& lock, std::size_t pending) {
    while (submitted_ - merged_ > pending) {
      result_ready_.wait(lock, [&] { return done_.count(merged_) > 0; });
      auto node = done_.extract(merged_++);
      if (node.mapped().failure) std::rethrow_exception(node.mapped().failure);
      lock.unlock();
      const std::size_t input = node.mapped().input;
      merge_part(reports_[input], std::move(node.mapped().part), input, sink_);
      lock.lock();
    }
  }

  // A worker: replays queued batches until finish().
  void work() {
    std::unique_lock lock(mutex_);
    while (true) {
      work_ready_.wait(lock, [&] { return closing_ || !queue_.empty(); });
      if (queue_.empty()) return;
      auto [sequence, batch] = std::move(queue_.front());
      queue_.pop_front();
      const std::string& name = reports_[batch.input].name;  // never changed after the start
      lock.unlock();
      Done done{batch.input, {}, nullptr};
      try {
        done.part = replay_batch(batch, options_, name);
      } catch (...) {
        done.failure = std::current_exception();
      }
      lock.lock();
      done_.emplace(sequence, std::move(done));
      result_ready_.notify_one();
    }
  }

  record::ReplayOptions options_;
  std::vector<CheckReport>& reports_;
  const PartSink& sink_;
  const std::size_t jobs_;
  const std::size_t max_pending_;
  std::mutex mutex_;
  std::condition_variable work_ready_, result_ready_;
  std::deque<std::pair<std::size_t, Batch>> queue_;
  std::map<std::size_t, Done> done_;
  std::size_t submitted_ = 0, merged_ = 0;
  bool closing_ = false;
  std::vector<std::thread> threads_;
};

// Calls the reader makes per batch: enough for the cost of handing a batch over to vanish, few
// enough to spread a file of a few hundred games over the threads.
constexpr std::size_t batch_events = 4096;

// Reads every input on this thread and replays its games on `jobs` workers.
void check_in_parallel(const std::vector<std::string>& paths, unsigned jobs,
                       const record::ReplayOptions& options, std::vector<CheckReport>& reports,
                       const PartSink& sink, const std::optional<ByteRange>& range,
                       Progress* progress) {
  OrderedReplay workers(jobs, options, reports, sink);
  for (std::size_t i = 0; i < paths.size(); ++i) {
    const auto opened = open_input(paths[i], range);
    Input& input = *opened;
    if (progress) progress->reading(i, &input);
    if (!input.error().empty()) {
      reports[i].io_error = input.error();
      continue;
    }
    EventRecorder recorder(batch_events, [&](EventLog&& log) {
      workers.submit(Batch{i, std::move(log)});
    });
    notation::read_pgn(input.stream(), recorder, options.reader);
    workers.submit(Batch{i, recorder.take()});
    if (auto error = input.read_error(); !error.empty()) reports[i].io_error = error;
  }
  workers.finish();
}

// Reads and replays every input in turn on this thread.
void check_in_turn(const std::vector<std::string>& paths, const record::ReplayOptions& options,
                   std::vector<CheckReport>& reports, const PartSink& sink,
                   const std::optional<ByteRange>& range, Progress* progress) {
  for (std::size_t i = 0; i < paths.size(); ++i) {
    const auto opened = open_input(paths[i], range);
    Input& input = *opened;
    if (progress) progress->reading(i, &input);
    CheckReport& report = reports[i];
    if (!input.error().empty()) {
      report.io_error = input.error();
      continue;
    }
    record::ReplayOptions replay = options;
    replay.file_name = paths[i];
    std::vector<record::Diagnostic> orphans;
    record::replay_pgn(
        input.stream(), replay,
        [&](record::Game& game) {
          CheckReport part;
          part.summarise_games = true;
          record::add_game(part, game);
          merge_part(report, std::move(part), i, sink);
        },
        &orphans);
    CheckReport rest;
    rest.diagnostics = std::move(orphans);
    merge_part(report, std::move(rest), i, sink);
    if (auto error = input.read_error(); !error.empty()) report.io_error = error;
  }
}

}  // namespace

std::vector<CheckReport> check_inputs(const std::vector<std::string>& paths, unsigned jobs,
                                      record::ReplayOptions options, const PartSink& sink,
                                      const std::optional<ByteRange>& range, Progress* progress) {
  options.mode = record::ReplayMode::check;
  std::vector<CheckReport> reports(paths.size());
  for (std::size_t i = 0; i < paths.size(); ++i) reports[i].name = paths[i];
  if (jobs <= 1)
    check_in_turn(paths, options, reports, sink, range, progress);
  else
    check_in_parallel(paths, jobs, options, reports, sink, range, progress);
  return reports;
}

}  // namespace xpgn::cli
