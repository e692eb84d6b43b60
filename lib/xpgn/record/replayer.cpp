#include "xpgn/record/replayer.hpp"

#include <optional>
#include <utility>

#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/san.hpp"

namespace xpgn::record {

namespace {

// One line of play being replayed: the mainline or a variation.
struct Frame {
  // Two position slots used in turn: the current position and the one before the last move
  // (where variations start), so that playing a move copies one position, not two.
  std::optional<rules::Position> slots[2];
  std::size_t cur = 0;
  std::vector<std::uint64_t> keys;        // keys of the line's earlier positions, oldest first
  std::optional<rules::Outcome> outcome;  // judgement of `pos`, computed on demand
  int ply = 0;                            // plies from the game's start to `pos`
  bool has_move = false;                  // a move of this line was played
  bool dead = false;                      // the rest of this line is skipped
  bool after_move = false;                // the last thing read was a move (comments attach to it)
  Line* line = nullptr;                   // full mode: where this line's nodes go
  std::vector<std::string> pending;       // full mode: comments waiting for the next move

  // True once the line has a position to play from.
  bool has_pos() const { return slots[cur].has_value(); }
  // The position after the line's last move.
  rules::Position& pos() { return *slots[cur]; }
  // The position before the line's last move (valid once a move was played).
  const rules::Position& before() const { return *slots[1 - cur]; }
  // Makes `p` the line's current position.
  void set_pos(const rules::Position& p) {
    if (slots[cur])
      *slots[cur] = p;
    else
      slots[cur].emplace(p);
  }
  // The slot that will hold the position after the next move (created on first use).
  rules::Position& next_slot() {
    const std::size_t next = 1 - cur;
    if (!slots[next]) slots[next].emplace(*slots[cur]);
    return *slots[next];
  }
  // Makes the next slot (filled by resolve) the current position.
  void commit() { cur = 1 - cur; }
};

// Name of a resolution error for messages.
std::string_view error_kind(rules::MoveError error) {
  switch (error) {
    case rules::MoveError::invalid:
      return "invalid move";
    case rules::MoveError::illegal:
      return "illegal move";
    case rules::MoveError::ambiguous:
      return "ambiguous move";
    case rules::MoveError::none:
      break;
  }
  return "move";
}

// True for the four PGN game termination markers.
bool is_result_text(std::string_view s) {
  return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*";
}

}  // namespace

struct Replayer::State {
  ReplayOptions options;
  GameHandler handler;
  Game game;
  bool in_game = false;
  bool started = false;  // the movetext began: variant and start position are set up
  std::vector<Frame> frames;
  std::size_t depth = 0;  // frames[0..depth) are open
  std::vector<Diagnostic> orphans;

  // Tags the replay needs, kept in both modes (buffers reused between games).
  std::string variant_name, variant_options, fen, setup_flag, result_tag;
  SourcePos variant_pos, fen_pos, result_pos;
  bool has_variant = false, has_fen = false, has_setup = false, has_result = false;
  std::string result_marker;
  SourcePos marker_pos;
  bool has_marker = false;

  // Cache of the last variant lookup.
  std::string cached_name, cached_options;
  const rules::Variant* cached_variant = nullptr;
  std::string cached_error;
  bool has_cache = false;
  std::optional<rules::Position> cached_start;  // start position of the last variant used

  bool full() const { return options.mode == ReplayMode::full; }

  // Records a diagnostic for the current game.
  void report(Severity severity, SourcePos pos, int ply, std::string_view token,
              std::string message) {
    Diagnostic d;
    d.severity = severity;
    d.file = options.file_name;
    d.pos = pos;
    d.game = in_game ? game.index : 0;
    d.ply = ply;
    d.token = std::string(token);
    d.message = std::move(message);
    if (in_game)
      game.diagnostics.push_back(std::move(d));
    else
      orphans.push_back(std::move(d));
  }

  // Resets per-game state for game `index` starting at `pos`.
  void open_game(std::uint64_t index, SourcePos pos) {
    if (full()) {
      game = Game{};
    } else {
      game.diagnostics.clear();
      game.comments.clear();
      game.tags.clear();
      game.moves.clear();
      game.setup.reset();
      game.start_fen.clear();
      game.variant = nullptr;
      game.outcome = rules::Outcome{};
      game.mainline_complete = true;
      game.mainline_plies = 0;
    }
    game.index = index;
    game.pos = pos;
    in_game = true;
    started = false;
    depth = 0;
    has_variant = has_fen = has_setup = has_result = has_marker = false;
    variant_name.clear();
    variant_options.clear();
    fen.clear();
    result_tag.clear();
    result_marker.clear();
    // Diagnostics that arrived before the game (encoding notes) belong to it.
    for (auto& d : orphans) {
      d.game = index;
      game.diagnostics.push_back(std::move(d));
    }
    orphans.clear();
  }

  // Opens a new frame on top of the stack and returns it.
  Frame& push_frame() {
    if (frames.size() <= depth) frames.emplace_back();
    Frame& f = frames[depth++];
    f.slots[0].reset();
    f.slots[1].reset();
    f.cur = 0;
    f.keys.clear();
    f.outcome.reset();
    f.ply = 0;
    f.has_move = false;
    f.dead = false;
    f.after_move = false;
    f.line = nullptr;
    f.pending.clear();
    return f;
  }

  // Finds the game's variant (cached) and reports an unknown one.
  const rules::Variant* lookup_variant() {
    std::string_view name = has_variant ? std::string_view(variant_name) : "chess";
    if (!has_cache || cached_name != name || cached_options != variant_options) {
      cached_name.assign(name);
      cached_options = variant_options;
      cached_error.clear();
      cached_variant = rules::find_variant(name, variant_options, cached_error);
      has_cache = true;
    }
    if (!cached_variant) {
      report(Severity::error, variant_pos, 0, name,
             cached_error.empty() ? "unknown variant" : cached_error);
    }
    return cached_variant;
  }

  // Sets up variant and start position when the movetext begins.
  void start() {
    if (started) return;
    started = true;
    Frame& main = push_frame();
    main.line = full() ? &game.moves : nullptr;
    game.variant_options = variant_options;
    if (has_result) game.result_tag = result_tag;
    const rules::Variant* variant = lookup_variant();
    game.variant = variant;
    if (!variant) {
      main.dead = true;
      game.mainline_complete = false;
      return;
    }
    if (has_setup && !has_fen && setup_flag == "1") {
      report(Severity::error, game.pos, 0, "", "[SetUp \"1\"] without a [FEN] tag");
      main.dead = true;
      game.mainline_complete = false;
      return;
    }
    if (has_fen) {
      notation::SyntaxError syntax;
      auto setup = notation::parse_fen(fen, &syntax);
      if (!setup) {
        std::string message = "bad FEN";
        if (!syntax.expected.empty()) message += ": expected " + syntax.expected;
        if (syntax.pos.column > 0) message += " at character " + std::to_string(syntax.pos.column);
        report(Severity::error, fen_pos, 0, fen, std::move(message));
        main.dead = true;
        game.mainline_complete = false;
        return;
      }
      std::string error;
      auto position = rules::Position::from_setup(*variant, *setup, error);
      if (!position && setup->fullmove_number <= 0) {
        // Many exporters write a move number of 0; read it as 1 rather than reject the game.
        FenSetup fixed = *setup;
        fixed.fullmove_number = 1;
        std::string second_error;
        position = rules::Position::from_setup(*variant, fixed, second_error);
        if (position) {
          report(Severity::warning, fen_pos, 0, fen, "FEN move number 0 read as 1");
          *setup = fixed;
        }
      }
      if (!position) {
        report(Severity::error, fen_pos, 0, fen, "bad FEN: " + error);
        main.dead = true;
        game.mainline_complete = false;
        return;
      }
      main.set_pos(*position);
      if (full()) game.setup = std::move(*setup);
    } else {
      if (!cached_start || &cached_start->variant() != variant)
        cached_start.emplace(rules::Position::start(*variant));
      main.set_pos(*cached_start);
    }
    if (full()) game.start_fen = main.pos().fen();
  }

  // Judgement of the frame's current position (cached until the next move).
  const rules::Outcome& outcome_of(Frame& f) {
    if (!f.outcome) f.outcome = rules::judge(f.pos(), f.keys);
    return *f.outcome;
  }

  // Marks the frame dead; the mainline's death makes the game's mainline incomplete.
  void kill(Frame& f) {
    f.dead = true;
    if (&f == &frames[0]) game.mainline_complete = false;
  }

  void on_move(const SanToken& token, std::string_view text, SourcePos pos) {
    start();
    Frame& f = frames[depth - 1];
    if (f.dead) return;
    const int ply = f.ply + 1;
    // The rules that need no move search come first; mate and stalemate show up as a token that
    // does not resolve, and only then is the full judgement worth its cost.
    const rules::Outcome cheap = rules::judge_without_search(f.pos(), f.keys);
    if (cheap.decided()) {
      report_after_end(f, cheap, text, pos, ply);
      return;
    }
    // resolve() plays the move while checking it: its result goes straight into the next slot.
    rules::EffectList effects;
    rules::Resolution res =
        rules::resolve(f.pos(), token, &f.next_slot(), full() ? &effects : nullptr);
    if (res.error != rules::MoveError::none) {
      if (res.error == rules::MoveError::illegal) {
        const rules::Outcome& full = outcome_of(f);
        if (full.decided()) {
          report_after_end(f, full, text, pos, ply);
          return;
        }
      }
      std::string message(error_kind(res.error));
      std::string_view why = res.message;
      constexpr std::string_view redundant = "no legal move: ";
      if (why.substr(0, redundant.size()) == redundant) why.remove_prefix(redundant.size());
      if (!why.empty()) {
        message += ": ";
        message += why;
      }
      report(Severity::error, pos, ply, text, std::move(message));
      kill(f);
      return;
    }
    if (res.check_mark_wrong) {
      report(Severity::warning, pos, ply, text,
             "wrong check mark: the move is " + rules::to_san(f.pos(), res.move));
    }
    MoveNode* node = nullptr;
    if (full()) {
      node = &f.line->emplace_back();
      node->move = res.move;
      node->san = rules::to_san(f.pos(), res.move);
      node->text.assign(text);
      node->pos = pos;
      node->ply = ply;
      node->comments_before = std::move(f.pending);
      node->effects = effects;
      f.pending.clear();
    }
    f.keys.push_back(f.pos().key());
    f.commit();
    f.outcome.reset();
    f.ply = ply;
    f.has_move = true;
    f.after_move = true;
    if (depth == 1) game.mainline_plies = ply;
  }

  // Reports a move played after the game ended and stops replaying its line.
  void report_after_end(Frame& f, const rules::Outcome& outcome, std::string_view text,
                        SourcePos pos, int ply) {
    std::string message = "move after the end of the game (";
    message += rules::termination_name(outcome.termination);
    message += ')';
    report(Severity::error, pos, ply, text, std::move(message));
    kill(f);
  }

  void on_invalid(const notation::SyntaxError& error) {
    start();
    Frame& f = frames[depth - 1];
    if (f.dead) return;
    std::string message = "invalid move";
    if (!error.expected.empty()) message += ": expected " + error.expected;
    report(Severity::error, error.pos, f.ply + 1, error.token, std::move(message));
    kill(f);
  }

  void on_nag(int value, SourcePos pos) {
    start();
    Frame& f = frames[depth - 1];
    if (f.dead || !full()) return;
    if (!f.has_move || f.line->empty()) {
      report(Severity::warning, pos, 0, "$" + std::to_string(value),
             "annotation without a move is ignored");
      return;
    }
    f.line->back().nags.push_back(value);
  }

  void on_comment(std::string_view text) {
    start();
    if (!full()) return;
    Frame& f = frames[depth - 1];
    if (f.dead) return;
    if (f.after_move && !f.line->empty()) {
      MoveNode& node = f.line->back();
      node.comments_after.emplace_back(text);
      parse_commands(text, node.commands);
    } else if (depth == 1 && !f.has_move) {
      game.comments.emplace_back(text);
    } else {
      f.pending.emplace_back(text);
    }
  }

  void on_begin_variation(SourcePos pos) {
    start();
    Frame& parent = frames[depth - 1];
    const bool parent_dead = parent.dead;
    const bool parent_has_move = parent.has_move;
    if (full() && !parent_dead) flush_pending(parent);
    Frame& child = push_frame();
    Frame& p = frames[depth - 2];  // push_frame may have moved frames
    if (parent_dead) {
      child.dead = true;
      return;
    }
    if (!parent_has_move) {
      report(Severity::error, pos, 0, "(", "variation without a move to replace");
      child.dead = true;
      return;
    }
    child.set_pos(p.before());
    child.keys.assign(p.keys.begin(), p.keys.end() - 1);
    child.ply = p.ply - 1;
    if (full()) {
      child.line = &p.line->back().variations.emplace_back();
    }
    p.after_move = false;
  }

  // Attaches a line's waiting comments to its last move (end of line or before a variation).
  void flush_pending(Frame& f) {
    if (f.pending.empty()) return;
    if (f.line && !f.line->empty()) {
      MoveNode& node = f.line->back();
      for (auto& c : f.pending) {
        parse_commands(c, node.commands);
        node.comments_after.push_back(std::move(c));
      }
    } else if (&f == &frames[0]) {
      for (auto& c : f.pending) game.comments.push_back(std::move(c));
    }
    f.pending.clear();
  }

  void on_end_variation(SourcePos pos) {
    start();
    if (depth <= 1) {
      report(Severity::error, pos, 0, ")", "')' without a matching '('");
      return;
    }
    Frame& f = frames[depth - 1];
    if (full() && !f.dead) flush_pending(f);
    --depth;
    frames[depth - 1].after_move = false;
  }

  void on_result(std::string_view text, SourcePos pos) {
    start();
    result_marker.assign(text);
    marker_pos = pos;
    has_marker = true;
  }

  // Checks the result against the final position and hands the game over.
  void close_game() {
    if (!in_game) return;
    start();
    while (depth > 1) {
      Frame& f = frames[depth - 1];
      if (full() && !f.dead) flush_pending(f);
      --depth;
    }
    Frame& main = frames[0];
    if (full() && !main.dead) flush_pending(main);
    if (has_marker) game.result_marker = result_marker;
    if (!main.dead && main.has_pos()) {
      game.outcome = outcome_of(main);
      check_result();
    } else if (has_marker && has_result && result_marker != result_tag) {
      report(Severity::warning, marker_pos, 0, result_marker,
             "result does not match the Result tag \"" + result_tag + "\"");
    }
    in_game = false;
    depth = 0;
    handler(game);
  }

  // Compares the Result tag and the termination marker with each other and with the outcome.
  void check_result() {
    if (has_result && !is_result_text(result_tag))
      report(Severity::warning, result_pos, 0, result_tag, "unknown Result tag value");
    if (!has_marker) {
      report(Severity::warning, game.pos, 0, "", "game text ends without a result");
    } else if (has_result && result_marker != result_tag) {
      report(Severity::warning, marker_pos, 0, result_marker,
             "result does not match the Result tag \"" + result_tag + "\"");
    }
    const rules::Outcome& outcome = game.outcome;
    const bool draws_allowed = game.variant->allows_draws();
    auto judge_one = [&](const std::string& value, SourcePos pos) {
      if (value == "1/2-1/2" && !draws_allowed) {
        report(Severity::error, pos, 0, value, "draws are not possible in " + game.variant->id);
        return;
      }
      if (!outcome.decided()) return;
      std::string_view expected = outcome.result();
      std::string why(rules::termination_name(outcome.termination));
      if (value == "*") {
        report(Severity::warning, pos, 0, value,
               "the game is over (" + why + "), result should be " + std::string(expected));
      } else if (is_result_text(value) && value != expected) {
        report(
            Severity::error, pos, 0, value,
            "result contradicts the final position (" + why + ", " + std::string(expected) + ")");
      }
    };
    if (has_marker) judge_one(result_marker, marker_pos);
    if (has_result && (!has_marker || result_tag != result_marker))
      judge_one(result_tag, result_pos);
  }
};

Replayer::Replayer(ReplayOptions options, GameHandler handler) : state_(std::make_unique<State>()) {
  state_->options = std::move(options);
  state_->handler = std::move(handler);
}

Replayer::~Replayer() = default;

void Replayer::begin_game(std::uint64_t index, SourcePos pos) {
  if (state_->in_game) state_->close_game();
  state_->open_game(index, pos);
}

void Replayer::tag(std::string_view name, std::string_view value, SourcePos pos) {
  State& s = *state_;
  if (!s.in_game) s.open_game(1, pos);
  if (s.full()) s.game.tags.push_back(Tag{std::string(name), std::string(value), pos});
  if (s.started) return;  // a tag inside movetext (after a syntax error): nothing to set up
  if (name == "Variant") {
    s.variant_name.assign(value);
    s.variant_pos = pos;
    s.has_variant = true;
  } else if (name == "VariantOptions") {
    s.variant_options.assign(value);
  } else if (name == "FEN") {
    s.fen.assign(value);
    s.fen_pos = pos;
    s.has_fen = true;
  } else if (name == "SetUp") {
    s.setup_flag.assign(value);
    s.has_setup = true;
  } else if (name == "Result") {
    s.result_tag.assign(value);
    s.result_pos = pos;
    s.has_result = true;
  }
}

void Replayer::move(const SanToken& token, std::string_view text, SourcePos pos) {
  if (!state_->in_game) state_->open_game(1, pos);
  state_->on_move(token, text, pos);
}

void Replayer::invalid_move(const notation::SyntaxError& error) {
  if (!state_->in_game) state_->open_game(1, error.pos);
  state_->on_invalid(error);
}

void Replayer::nag(int value, SourcePos pos) {
  if (!state_->in_game) state_->open_game(1, pos);
  state_->on_nag(value, pos);
}

void Replayer::comment(std::string_view text, SourcePos pos) {
  if (!state_->in_game) state_->open_game(1, pos);
  state_->on_comment(text);
}

void Replayer::begin_variation(SourcePos pos) {
  if (!state_->in_game) state_->open_game(1, pos);
  state_->on_begin_variation(pos);
}

void Replayer::end_variation(SourcePos pos) {
  if (!state_->in_game) state_->open_game(1, pos);
  state_->on_end_variation(pos);
}

void Replayer::result(std::string_view text, SourcePos pos) {
  if (!state_->in_game) state_->open_game(1, pos);
  state_->on_result(text, pos);
}

void Replayer::syntax_error(const notation::SyntaxError& error) {
  std::string message = "syntax error";
  if (!error.expected.empty()) message += ": expected " + error.expected;
  state_->report(Severity::error, error.pos, 0, error.token, std::move(message));
  if (state_->in_game) {
    // The reader skips the rest of the game: what was replayed stays, the rest is unknown.
    state_->start();
    state_->game.mainline_complete = false;
    state_->frames[0].dead = true;
  }
}

void Replayer::warning(SourcePos pos, std::string_view message) {
  state_->report(Severity::warning, pos, 0, "", std::string(message));
}

void Replayer::end_game() {
  state_->close_game();
}

std::vector<Diagnostic> Replayer::finish() {
  state_->close_game();
  return std::exchange(state_->orphans, {});
}

namespace {

// Runs the reader on `input` with a replayer and collects leftover diagnostics.
template <typename Input>
std::uint64_t run_replay(Input& input, const ReplayOptions& options, const GameHandler& handler,
                         std::vector<Diagnostic>* orphans) {
  Replayer replayer(options, handler);
  std::uint64_t games = notation::read_pgn(input, replayer);
  auto rest = replayer.finish();
  if (orphans)
    for (auto& d : rest) orphans->push_back(std::move(d));
  return games;
}

}  // namespace

std::uint64_t replay_pgn(std::string_view text, const ReplayOptions& options,
                         const GameHandler& handler, std::vector<Diagnostic>* orphans) {
  return run_replay(text, options, handler, orphans);
}

std::uint64_t replay_pgn(std::istream& in, const ReplayOptions& options, const GameHandler& handler,
                         std::vector<Diagnostic>* orphans) {
  return run_replay(in, options, handler, orphans);
}

std::vector<Game> read_games(std::string_view text, const ReplayOptions& options) {
  std::vector<Game> games;
  replay_pgn(text, options, [&](Game& g) { games.push_back(std::move(g)); });
  return games;
}

}  // namespace xpgn::record
