#include "xpgn/record/replayer.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <exception>
#include <new>
#include <optional>
#include <string>
#include <type_traits>
#include <unordered_set>
#include <utility>

#include "xpgn/catalog/catalog.hpp"
#include "xpgn/record/utf8.hpp"
#include "xpgn/rules/component.hpp"
#include "xpgn/rules/fide_line.hpp"
#include "xpgn/rules/move_reader.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/san.hpp"
#include "xpgn/rules/usi.hpp"

namespace xpgn::record {

namespace {

// A '+' whose mate test resolve() left for later (rules::MarkTest::as_written): the warning it
// gives when the position after the move has no legal reply, and where that warning goes among the
// game's diagnostics (so that it comes out where an immediate test would have put it).
struct UntestedMark {
  bool pending = false;
  int ply = 0;
  SourcePos pos;
  std::string text;  // the token as written
  rules::Move move;
  std::size_t diagnostic_index = 0;
};

// Makes a MoveNode in place in a line (`line.emplace_back(NewNode{...})`) holding `move`, its
// SAN, the token's text, where it stands and its ply, the other members as their initialisers
// set them: emplace_back() without arguments would value-initialise the node, zeroing all of its
// some 400 bytes first (its strings, vectors and move; the position is a PositionSlot, a pointer
// that tree and check modes leave empty), and assigning the strings afterwards costs more than
// making them.
struct NewNode {
  const rules::Move& move;
  std::string_view san;
  std::string_view text;
  SourcePos pos;
  int ply = 0;
  operator MoveNode() const {
    // (Member by member, returned in place: no zeroing.)
    return MoveNode{.move = move,
                    .san = std::string(san),
                    .text = std::string(text),
                    .unverified_reason = {},
                    .pos = pos,
                    .ply = ply,
                    .nags = {},
                    .comments_before = {},
                    .comments_after = {},
                    .commands = {},
                    .effects = {},
                    .after = {},
                    .variations = {}};
  }
};

// The warning for a check mark that does not fit the move from `before` to `after`.
std::string wrong_mark_message(const rules::Position& before, const rules::Move& move,
                               const rules::Position& after) {
  return "wrong check mark: the move is " + rules::to_san(before, move, &after);
}

// One line of play being replayed: the mainline or a variation.
struct Frame {
  // Three position slots used in turn: the current position, the one before the last move
  // (where variations start) and the one the next move is played into, so that playing a move
  // copies one position, and a move that turns out illegal leaves the other two intact.
  std::optional<rules::Position> slots[3];
  std::size_t cur = 0;
  std::size_t prev = 1;
  std::vector<std::uint64_t> keys;  // keys of the line's earlier positions, oldest first
  rules::KeyFilter earlier;         // `keys` as a filter (they only grow after push_frame())
  // When the variant keeps them (Variant::keeps_ply_history): per earlier position, the move
  // made in it and whether its side to move was in check (one per key; else empty).
  std::vector<rules::EarlierPly> plies;
  // The game before `pos` as the end rules see it.
  rules::History history() const { return {keys, plies}; }
  std::optional<rules::Outcome> outcome;  // judgement of `pos`, computed on demand
  int ply = 0;                            // plies from the game's start to `pos`
  bool has_move = false;                  // a move of this line was played
  bool dead = false;                      // the rest of this line is skipped
  bool after_move = false;                // the last thing read was a move (comments attach to it)
  bool end_noted = false;                 // an automatic end was passed with a warning
  std::string stop_reason;                // why the line died, for its first unverified node
  Line* line = nullptr;                   // full mode: where this line's nodes go
  std::vector<std::string> pending;       // full mode: comments waiting for the next move
  UntestedMark untested_mark;             // check mode: the last move's '+' awaiting its test
  // FIDE chess: while fide.on_board(), the line's positions are the line player's (the fast
  // path). In check and tree modes `slots` are then stale; in full mode every fast move is also
  // played into them (the nodes keep the positions), so they stay current.
  rules::FideLine fide;

  // True once the line has a position to play from.
  bool has_pos() const { return fide.on_board() || slots[cur].has_value(); }
  // The position after the line's last move.
  rules::Position& pos() { return *slots[cur]; }
  // The position before the line's last move (valid once a move was played).
  const rules::Position& before() const { return *slots[prev]; }
  // True when before() holds a position.
  bool has_before() const { return slots[prev].has_value(); }
  // Makes `p` the line's current position.
  void set_pos(const rules::Position& p) {
    if (slots[cur])
      *slots[cur] = p;
    else
      slots[cur].emplace(p);
  }
  // The slot that will hold the position after the next move (created on first use).
  rules::Position& next_slot() {
    const std::size_t next = 3 - cur - prev;
    if (!slots[next]) slots[next].emplace(*slots[cur]);
    return *slots[next];
  }
  // Makes the next slot (filled by resolve) the current position, the current one the one before.
  void commit() {
    const std::size_t next = 3 - cur - prev;
    prev = cur;
    cur = next;
  }
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

// True for the automatic ends that FIDE's rules added over time and that archives ignore:
// fivefold repetition and the 75-move rule (from 1 July 2014) and the dead position.
bool is_automatic_end(rules::Termination t) {
  return t == rules::Termination::fivefold_repetition ||
         t == rules::Termination::seventy_five_moves ||
         t == rules::Termination::insufficient_material;
}

// When a game is dated relative to 1 July 2014, the day fivefold and 75 moves became automatic.
enum class Era : std::uint8_t { before_2014_rules, under_2014_rules, unknown };

// The era of a PGN date "YYYY.MM.DD" whose parts may be "??".
Era era_of_date(std::string_view date) {
  auto number = [&](std::size_t at, std::size_t length) {
    int value = 0;
    if (date.size() < at + length) return -1;
    for (std::size_t i = at; i < at + length; ++i) {
      if (date[i] < '0' || date[i] > '9') return -1;
      value = value * 10 + (date[i] - '0');
    }
    return value;
  };
  const int year = number(0, 4);
  if (year < 0) return Era::unknown;
  if (year != 2014) return year < 2014 ? Era::before_2014_rules : Era::under_2014_rules;
  const int month = date.size() > 4 && date[4] == '.' ? number(5, 2) : -1;
  if (month < 0) return Era::unknown;
  return month < 7 ? Era::before_2014_rules : Era::under_2014_rules;
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
  // Reads this game's move tokens, with what the game has shown of its coordinates
  // (rules/move_reader.hpp).
  rules::MoveReader reader;
  // The movetext began: variant and start position are set up (never outside a game).
  bool started = false;
  std::vector<Frame> frames;
  std::size_t depth = 0;  // frames[0..depth) are open
  // &frames[depth - 1] while a game is started (kept by push_frame() and pop_frame()).
  Frame* top = nullptr;
  std::vector<Diagnostic> orphans;

  // Tags the replay needs, kept in both modes (buffers reused between games).
  std::string variant_name, variant_options, fen, setup_flag, result_tag, date;
  // The tag names given so far in this game: the first few in a list (reused from game to game,
  // no allocation) by signature (tag_signature()), with the text of those longer than seven
  // bytes; all of them in a set once there are more.
  static constexpr std::size_t listed_tags = 32;
  std::array<std::uint64_t, listed_tags> tag_signatures{};
  std::array<std::string, listed_tags> tag_list;
  std::size_t tag_count = 0;
  std::unordered_set<std::string> tag_names;
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
  // The fast path's tables for the game's variant (nullptr: not FIDE chess, or off).
  const rules::ChessTables* chess = nullptr;
  const rules::Variant* chess_variant = nullptr;  // the variant chess_of_variant was asked for
  const rules::ChessTables* chess_of_variant = nullptr;
  // A line player at the start position of `start_line_variant` (fast path games without a
  // FEN), and that position's canonical FEN (the modes that keep it).
  rules::FideLine start_line;
  const rules::Variant* start_line_variant = nullptr;
  std::string start_line_fen;
  // The watch's scratch position (of the game's variant), and the ply of the last board it was
  // shown (-2: none in this game).
  std::optional<rules::Position> watch_scratch;
  int watched_board_ply = -2;

  // Shows the watch the main line's generic position at `ply`, made by `move` (nullptr at 0).
  void watch_position(const rules::Position& position, int ply, const rules::Move* move) {
    if (options.watch == nullptr || game.marks.done) return;
    options.watch->see(position, ply, move, game);
  }
  // Shows the watch the main line's position at `ply` on the fast path (`line`'s current one),
  // made by `move` (nullptr: not known) from the position before.
  void watch_line(const rules::FideLine& line, int ply, const rules::Move* move) {
    if (options.watch == nullptr || game.marks.done) return;
    if (!watch_scratch || &watch_scratch->variant() != game.variant)
      watch_scratch.emplace(*cached_variant_start());
    options.watch->see(line, ply, watched_board_ply == ply - 1 ? move : nullptr, game,
                       *watch_scratch);
    watched_board_ply = ply;
  }

  // The tree is recorded (tags, nodes, comments): full and tree modes.
  bool full() const { return options.mode != ReplayMode::check; }
  // The fast path learns the move it made (fast_move_recorded()): full and tree modes, and check
  // mode with a watch that wants to be told the move (set with the options).
  bool records_fast_moves() const { return record_fast_moves; }
  bool record_fast_moves = true;
  // Every verified node keeps its position and effects, and on the fast path the frames'
  // positions are kept current: full mode only.
  bool keeps_positions() const { return options.mode == ReplayMode::full; }
  // Check mode keeping the tags, start position, result texts and mainline SAN of a game
  // (ReplayOptions::mainline_san).
  bool keeps_san() const { return options.mode == ReplayMode::check && options.mainline_san; }
  // The game's start position (Game::setup, start_fen) is kept.
  bool keeps_start() const { return full() || keeps_san(); }

  // keeps_san() only: appends `san`, the canonical SAN of a verified move of frame `f`, to the
  // game's packed mainline SAN when `f` is the main line.
  void note_san(const Frame& f, std::string_view san) {
    if (&f != &frames[0]) return;
    game.mainline_san += san;
    game.mainline_san_ends.push_back(static_cast<std::uint32_t>(game.mainline_san.size()));
  }

  // Records a diagnostic for the current game.
  void report(Severity severity, SourcePos pos, int ply, std::string_view token,
              std::string message) {
    Diagnostic d = diagnostic(severity, pos, ply, token, std::move(message));
    if (in_game)
      game.diagnostics.push_back(std::move(d));
    else
      orphans.push_back(std::move(d));
  }

  // A diagnostic of the current game (of none outside a game).
  Diagnostic diagnostic(Severity severity, SourcePos pos, int ply, std::string_view token,
                        std::string message) const {
    Diagnostic d;
    d.severity = severity;
    d.file = options.file_name;
    d.pos = pos;
    d.game = in_game ? game.index : 0;
    d.ply = ply;
    // A token cut by the reader may end inside a character: keep whole characters only.
    d.token = std::string(trim_partial_utf8(token));
    d.message = std::move(message);
    return d;
  }

  // Notes that the frame's last move (at `ply`, written `text` at `pos`) was marked '+' and
  // checks, and that whether it mates is still to be tested (test_mark() or a next move).
  void defer_mark_test(Frame& f, const rules::Move& move, std::string_view text, SourcePos pos,
                       int ply) {
    UntestedMark& mark = f.untested_mark;
    mark.pending = true;
    mark.ply = ply;
    mark.pos = pos;
    mark.text.assign(text);
    mark.move = move;
    mark.diagnostic_index = game.diagnostics.size();
  }

  // Tests the frame's pending '+' (see UntestedMark) while its positions are those around that
  // move: when the position after it has no legal move, the '+' should have been '#' and the
  // warning goes where the move's other warnings went.
  // Invariant this relies on: while a mark is pending, f.slots[f.cur] and f.slots[f.prev] are the
  // positions after and before the marked move, even when the frame went onto the fast path
  // since (its slots are stale only after a fast move, and every move played, fast or generic,
  // clears the mark first; a refused move writes only the third slot). Anything that changes a
  // line's position without playing a legal move must call test_mark() before it.
  void test_mark(Frame& f) {
    UntestedMark& mark = f.untested_mark;
    if (!mark.pending) return;
    mark.pending = false;
    if (rules::has_legal_move(f.pos())) return;
    Diagnostic d = diagnostic(Severity::warning, mark.pos, mark.ply, mark.text,
                              wrong_mark_message(f.before(), mark.move, f.pos()));
    const std::size_t at = std::min(mark.diagnostic_index, game.diagnostics.size());
    game.diagnostics.insert(game.diagnostics.begin() + static_cast<std::ptrdiff_t>(at),
                            std::move(d));
  }

  // True the first time a game gives the tag `name`.
  // A tag name's signature: its length (up to 255) in the low byte and its first seven bytes
  // above. Names of at most seven bytes are equal exactly when their signatures are.
  static std::uint64_t tag_signature(std::string_view name) {
    std::uint64_t signature = std::min<std::size_t>(name.size(), 255);
    const std::size_t n = std::min<std::size_t>(name.size(), 7);
    for (std::size_t i = 0; i < n; ++i)
      signature |= std::uint64_t{static_cast<unsigned char>(name[i])} << (8 * (i + 1));
    return signature;
  }
  // The name of listed tag `i` (decoded from its signature when short).
  std::string listed_tag_name(std::size_t i) const {
    const std::size_t size = tag_signatures[i] & 0xFF;
    if (size > 7) return tag_list[i];
    std::string name(size, '\0');
    for (std::size_t k = 0; k < size; ++k)
      name[k] = static_cast<char>(tag_signatures[i] >> (8 * (k + 1)));
    return name;
  }

  bool first_time_tag(std::string_view name) {
    if (tag_count < listed_tags) {
      const std::uint64_t signature = tag_signature(name);
      for (std::size_t i = 0; i < tag_count; ++i)
        if (tag_signatures[i] == signature && (name.size() <= 7 || tag_list[i] == name))
          return false;
      tag_signatures[tag_count] = signature;
      if (name.size() > 7) tag_list[tag_count].assign(name);
      ++tag_count;
      return true;
    }
    if (tag_names.empty())
      for (std::size_t i = 0; i < listed_tags; ++i) tag_names.insert(listed_tag_name(i));
    return tag_names.emplace(name).second;
  }

  // Resets per-game state for game `index` starting at `pos`.
  void open_game(std::uint64_t index, SourcePos pos) {
    if (full() || keeps_san()) {
      // A handler that moved the game out may have left a line of its own in game.moves, and
      // buffers in mainline_san(_ends) (see GameHandler): their contents go, their room is kept
      // for this game.
      Line room = std::move(game.moves);
      room.clear();
      std::string san = std::move(game.mainline_san);  // (and the room of packed SAN)
      std::vector<std::uint32_t> san_ends = std::move(game.mainline_san_ends);
      san.clear();
      san_ends.clear();
      game = Game{};
      game.moves = std::move(room);
      game.mainline_san = std::move(san);
      game.mainline_san_ends = std::move(san_ends);
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
    game.marks = {};
    game.marks.watched = options.watch != nullptr;
    watched_board_ply = -2;
    game.index = index;
    game.pos = pos;
    in_game = true;
    reader.reset();
    started = false;
    depth = 0;
    has_variant = has_fen = has_setup = has_result = has_marker = false;
    tag_names.clear();
    tag_count = 0;
    variant_name.clear();
    variant_options.clear();
    fen.clear();
    result_tag.clear();
    date.clear();
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
    top = &f;
    for (auto& slot : f.slots) slot.reset();
    f.cur = 0;
    f.prev = 1;
    f.untested_mark.pending = false;
    f.keys.clear();
    f.plies.clear();
    f.earlier.clear();
    f.outcome.reset();
    f.ply = 0;
    f.has_move = false;
    f.dead = false;
    f.after_move = false;
    f.end_noted = false;
    f.stop_reason.clear();
    f.line = nullptr;
    f.pending.clear();
    f.fide.leave();
    return f;
  }

  // Closes the innermost frame (another one stays open), after the test of its last '+'.
  void pop_frame() {
    test_mark(frames[depth - 1]);
    --depth;
    top = &frames[depth - 1];
  }

  // Finds the game's variant (cached) and reports an unknown one.
  const rules::Variant* lookup_variant() {
    std::string_view name = has_variant ? std::string_view(variant_name) : "chess";
    if (!has_cache || cached_name != name || cached_options != variant_options) {
      cached_name.assign(name);
      cached_options = variant_options;
      cached_error.clear();
      cached_variant = catalog::find_variant(name, variant_options, cached_error);
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
    if (!started) start_game();
  }

  // start() for a game whose movetext begins now.
  void start_game() {
    started = true;
    Frame& main = push_frame();
    main.line = full() ? &game.moves : nullptr;
    game.variant_options = variant_options;
    if (has_result) game.result_tag = result_tag;
    const rules::Variant* variant = lookup_variant();
    game.variant = variant;
    if (variant != chess_variant) {  // tables_for() takes a lock: ask once per variant
      chess_variant = variant;
      chess_of_variant = variant ? rules::FideLine::tables_for(*variant) : nullptr;
    }
    chess = options.fast_chess ? chess_of_variant : nullptr;
    if (!variant) {
      kill(main, "unknown variant");
      return;
    }
    if (has_setup && !has_fen && setup_flag == "1") {
      report(Severity::error, game.pos, 0, "", "[SetUp \"1\"] without a [FEN] tag");
      kill(main, "no start position");
      return;
    }
    if (has_fen) {
      notation::SyntaxError syntax;
      // SFEN (the shogi family, rules/usi.hpp) or FEN.
      auto setup = rules::writes_sfen(*variant) ? rules::parse_sfen(fen) : std::nullopt;
      if (!setup) setup = notation::parse_fen(fen, &syntax);
      if (!setup) {
        std::string message = "bad FEN";
        if (!syntax.expected.empty()) message += ": expected " + syntax.expected;
        if (syntax.pos.column > 0) message += " at character " + std::to_string(syntax.pos.column);
        report(Severity::error, fen_pos, 0, fen, std::move(message));
        kill(main, "bad FEN");
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
        kill(main, "bad FEN");
        return;
      }
      main.set_pos(*position);
      if (keeps_start()) game.setup = std::move(*setup);
    } else if (chess && start_line_variant == variant && !keeps_positions()) {
      main.fide.start_at_current(start_line);  // the start position, kept by a line player
      if (keeps_start()) game.start_fen = start_line_fen;
      watch_line(main.fide, 0, nullptr);
      return;
    } else {
      if (!cached_start || &cached_start->variant() != variant)
        cached_start.emplace(rules::Position::start(*variant));
      main.set_pos(*cached_start);
    }
    if (keeps_start()) game.start_fen = main.pos().fen();
    watch_position(main.pos(), 0, nullptr);
    try_fast(main);
    if (main.fide.on_board() && !has_fen) {
      start_line.start_at_current(main.fide);
      start_line_variant = variant;
      start_line_fen = game.start_fen;
    }
  }

  // Moves the frame onto the fast path when the game is FIDE chess and its positions fit its
  // line player (see fide_line.hpp); otherwise it stays on the generic rules.
  void try_fast(Frame& f) {
    if (!chess || f.fide.on_board() || f.dead || !f.has_pos()) return;
    f.fide.load(f.pos(), f.has_move && f.has_before() ? &f.before() : nullptr, *chess);
  }

  // Moves the frame back onto the generic rules: its boards become Positions (in full mode
  // the positions are current already).
  void to_generic(Frame& f) {
    if (!f.fide.on_board()) return;
    f.fide.leave();
    if (keeps_positions()) return;
    for (std::size_t i : {f.cur, f.prev}) {
      if (i != f.cur && !f.fide.has_before()) break;
      if (!f.slots[i]) f.slots[i].emplace(*cached_variant_start());
      if (i == f.cur)
        f.fide.store_current(*f.slots[i]);
      else
        f.fide.store_before(*f.slots[i]);
    }
  }

  // A position of the current game's variant to overwrite (its start position, kept).
  const rules::Position* cached_variant_start() {
    if (!cached_start || &cached_start->variant() != game.variant)
      cached_start.emplace(rules::Position::start(*game.variant));
    return &*cached_start;
  }

  // Plays `token` on the fast path in check mode: true when the line player was sure (the move
  // is made and recorded), false when the generic rules must judge it (nothing changed). Full
  // mode uses fast_move_recorded(), out of line, so that this path, flattened into
  // Replayer::move(), carries none of its work.
  bool fast_move(Frame& f, const SanToken& token, int ply) {
    if (!f.fide.play(token, f.keys, f.end_noted)) return false;
    moved_fast(f, ply);
    return true;
  }

  // fast_move() when records_fast_moves() (`token` written as `text` at `pos`): the line player
  // plays `token` and gives the move it made, and in full and tree modes its node is
  // appended. In full mode the generic rules also play that move into the frame's positions
  // (which gives the effects and the position the node keeps); in tree and check modes the
  // frame's positions are left stale (to_generic() brings them up to date).
  [[gnu::noinline]] bool fast_move_recorded(Frame& f, const SanToken& token, std::string_view text,
                                            SourcePos pos, int ply) {
    rules::Move move;
    rules::FideLine::SanText san;
    if (!f.fide.play(token, f.keys, f.end_noted, move, san)) return false;
    if (full()) {
      rules::EffectList effects;
      if (keeps_positions()) rules::play_into(f.pos(), move, f.next_slot(), &effects);
      add_node(f, move, san.view(), false, effects, text, pos, ply);
      if (keeps_positions()) f.commit();
    } else if (keeps_san()) {
      note_san(f, san.view());
    }
    moved_fast(f, ply, &move);
    return true;
  }

  // After the line player made the frame's next move (`move`, when known).
  void moved_fast(Frame& f, int ply, const rules::Move* move = nullptr) {
    f.untested_mark.pending = false;  // the position before had a legal move: this one
    f.keys.push_back(f.fide.key_before());
    f.outcome.reset();
    f.ply = ply;
    f.has_move = true;
    f.after_move = true;
    if (depth == 1) {
      game.mainline_plies = ply;
      watch_line(f.fide, ply, move);
    }
  }

  // Judgement of the frame's current position (cached until the next move).
  const rules::Outcome& outcome_of(Frame& f) {
    if (!f.outcome) f.outcome = rules::judge(f.pos(), f.history());
    return *f.outcome;
  }

  // Marks the frame dead because of `reason`; the rest of its line is kept unverified. The
  // mainline's death makes the game's mainline incomplete. A dead frame is never on the fast
  // path.
  void kill(Frame& f, std::string reason) {
    f.dead = true;
    f.fide.leave();
    f.stop_reason = std::move(reason);
    if (&f == &frames[0]) game.mainline_complete = false;
  }

  // Counts a token of a dead line as a move of it, in both modes (a variation may follow it), and
  // in full mode keeps it as read (see MoveNode::verified).
  void keep_unverified(Frame& f, std::string_view text, SourcePos pos) {
    ++f.ply;
    f.has_move = true;
    f.after_move = true;
    if (&f == &frames[0] && options.watch != nullptr && !game.marks.done)
      options.watch->unverified(text, game);
    if (!full() || !f.line) return;
    MoveNode& node = f.line->emplace_back(NewNode{rules::Move{}, {}, text, pos, f.ply});
    node.verified = false;
    node.unverified_reason = std::move(f.stop_reason);
    f.stop_reason.clear();
    node.comments_before = std::move(f.pending);
    f.pending.clear();
  }

  // Kills `f` after `message` was reported for the token `text`, which is kept unverified.
  void stop_at(Frame& f, std::string_view text, SourcePos pos, const std::string& message) {
    kill(f, message);
    keep_unverified(f, text, pos);
  }

  // True when `token` is a null move: a pass in a variant whose rules have no pass.
  static bool is_null_move(const SanToken& token, const rules::Variant& variant) {
    if (token.kind != TokenKind::pass) return false;
    for (const auto& c : variant.components)
      if (c->declaration().makes_passes) return false;  // a pass of the rules (Reproduction)
    return true;
  }

  // Replayer::move() for a move its fast path did not play: `fast_tried` when it asked the line
  // player (a game under way, a live line on the fast path, an ASCII token) and it was unsure.
  [[gnu::noinline]] void on_move(const SanToken& token, std::string_view text, const SourcePos& pos,
                                 bool fast_tried) {
    if (!in_game) open_game(1, pos);
    start();
    Frame& f = frames[depth - 1];
    if (!is_ascii(text)) check_utf8(text, pos, "move");
    if (!fast_tried && !f.dead && f.fide.on_board() &&
        (records_fast_moves() ? fast_move_recorded(f, token, text, pos, f.ply + 1)
                              : fast_move(f, token, f.ply + 1)))
      return;
    move_by_rules(f, token, text, pos);
  }

  // on_move() for a dead line or a move the fast path left to the generic rules.
  [[gnu::noinline]] void move_by_rules(Frame& f, const SanToken& token, std::string_view text,
                                       SourcePos pos) {
    if (f.dead) {
      keep_unverified(f, text, pos);
      return;
    }
    const int ply = f.ply + 1;
    to_generic(f);
    const std::uint64_t key = f.pos().key();  // (f.pos() stays as it is until commit())
    // The rules that need no move search come first; mate and stalemate show up as a token that
    // does not resolve, and only then is the full judgement worth its cost.
    if (!f.end_noted) {
      const rules::Outcome cheap =
          rules::decided_without_search(f.pos(), f.history(), f.earlier, key);
      if (cheap.decided() && !after_end(f, cheap, text, pos, ply)) return;
    }
    const bool null_move = is_null_move(token, f.pos().variant());
    if (null_move) test_mark(f);  // a null move is no legal reply
    if (null_move && !accept_null_move(f, text, pos, ply)) return;
    // resolve() plays the move while checking it: its result goes straight into the next slot.
    // (The resolution is made in place: assigning it would copy its message.) Check mode
    // verifies only written marks, and a '+' against a mate only when the record does not go
    // on with a legal move (test_mark()).
    // The history's check of this position, asked before the move is played from it: its
    // answer is kept in the position's royal memo, which the next position then copies.
    const bool keeps_plies = f.pos().variant().keeps_ply_history;
    const bool checked = keeps_plies && rules::in_check(f.pos());
    rules::EffectList effects;
    const rules::Resolution res =
        null_move ? play_null_move(f)
                  : resolve_token(f, token, keeps_positions() ? &effects : nullptr);
    if (res.error != rules::MoveError::none) {
      refuse_move(f, res, text, pos, ply);
      return;
    }
    f.untested_mark.pending = false;  // the position before had a legal move: this one
    if (res.check_mark_wrong) {
      report(Severity::warning, pos, ply, text,
             wrong_mark_message(f.pos(), res.move, f.next_slot()));
    }
    if (full()) {
      std::string san = null_move ? "--" : rules::to_san(f.pos(), res.move, &f.next_slot());
      add_node(f, res.move, san, null_move, effects, text, pos, ply);
    } else if (keeps_san() && &f == &frames[0]) {
      note_san(f, null_move ? "--" : rules::to_san(f.pos(), res.move, &f.next_slot()));
    }
    f.keys.push_back(key);
    if (keeps_plies) f.plies.push_back({res.move, checked});
    f.commit();
    if (res.mate_untested) defer_mark_test(f, res.move, text, pos, ply);
    f.outcome.reset();
    f.ply = ply;
    f.has_move = true;
    f.after_move = true;
    if (depth == 1) {
      game.mainline_plies = ply;
      watch_position(f.pos(), ply, &res.move);
    }
    try_fast(f);
  }

  // The move `token` names in f.pos(), played into f.next_slot() (`effects` as there): the
  // game's move reader (rules::MoveReader::read()).
  rules::Resolution resolve_token(Frame& f, const SanToken& token, rules::EffectList* effects) {
    const rules::MarkTest test = full() ? rules::MarkTest::full : rules::MarkTest::as_written;
    return reader.read(f.pos(), token, &f.next_slot(), effects, test);
  }

  // The nodes a mainline gets room for with its first move (about a game's plies).
  static constexpr std::size_t mainline_room = 128;

  // Full and tree modes: appends to the frame's line the node of `move` (canonical SAN `san`,
  // written as `text` at `pos`); in full mode it was just played from f.pos() into
  // f.next_slot() with `effects`, which the node keeps.
  void add_node(Frame& f, const rules::Move& move, std::string_view san, bool null_move,
                const rules::EffectList& effects, std::string_view text, SourcePos pos, int ply) {
    // Room for a usual game's mainline at once, rather than moving its nodes as it grows.
    if (f.line->empty() && &f == &frames[0]) f.line->reserve(mainline_room);
    MoveNode& node = f.line->emplace_back(NewNode{move, san, text, pos, ply});
    node.null_move = null_move;
    node.comments_before = std::move(f.pending);
    f.pending.clear();
    if (keeps_positions()) {
      node.effects.assign(effects.begin(), effects.end());
      node.after = f.next_slot();
    }
  }

  // Plays a pass into the frame's next slot; returns it as a resolution without error.
  rules::Resolution play_null_move(Frame& f) {
    rules::Resolution res;
    res.move.kind = rules::MoveKind::pass;
    f.next_slot() = rules::play(f.pos(), res.move);
    return res;
  }

  // A null move is played in a variation without a word; in the main line it is a warning, or
  // an error that stops the line under `strict`. True when it is played.
  bool accept_null_move(Frame& f, std::string_view text, SourcePos pos, int ply) {
    if (depth > 1) return true;
    const Severity severity = options.strict ? Severity::error : Severity::warning;
    std::string message = "null move in the main line";
    message +=
        options.strict ? " (not a move of the game)" : " (played as a pass; not a legal move)";
    report(severity, pos, ply, text, message);
    if (severity == Severity::warning) return true;
    stop_at(f, text, pos, message);
    return false;
  }

  // Reports a token that did not resolve to a legal move and stops its line.
  void refuse_move(Frame& f, const rules::Resolution& res, std::string_view text, SourcePos pos,
                   int ply) {
    if (res.error == rules::MoveError::illegal) {
      const rules::Outcome& judged = outcome_of(f);
      // A move after mate or stalemate; an automatic end already noted is no reason.
      if (judged.decided() && !(f.end_noted && is_automatic_end(judged.termination))) {
        if (!after_end(f, judged, text, pos, ply)) return;
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
    report(Severity::error, pos, ply, text, message);
    stop_at(f, text, pos, message);
  }

  // Severity of a game going on after the automatic end `t`, or of a result that contradicts it.
  Severity automatic_end_severity(rules::Termination t) const {
    if (!options.strict) return Severity::warning;
    if (t == rules::Termination::insufficient_material) return Severity::error;
    return era_of_date(date) == Era::before_2014_rules ? Severity::warning : Severity::error;
  }

  // What the date says about the fivefold and 75-move rules, for messages.
  std::string era_note(rules::Termination t) const {
    if (t == rules::Termination::insufficient_material) return "";
    std::string note = "; this automatic end applies to games from 1 July 2014";
    switch (era_of_date(date)) {
      case Era::before_2014_rules:
        return note + ", and the Date tag \"" + date + "\" is earlier";
      case Era::under_2014_rules:
        return note + ", and the Date tag \"" + date + "\" is not earlier";
      case Era::unknown:
        break;
    }
    return note + ", and the game's date is unknown";
  }

  // A move played after the game ended. After an automatic end (fivefold, 75 moves, dead
  // position) that is not an error the move is noted and true returned: the replay goes on.
  // Otherwise the error is reported, the line stops and false is returned.
  bool after_end(Frame& f, const rules::Outcome& outcome, std::string_view text, SourcePos pos,
                 int ply) {
    std::string message = "move after the end of the game (";
    message += rules::termination_name(outcome.termination);
    message += " at ply " + std::to_string(f.ply) + ')';
    Severity severity = Severity::error;
    if (is_automatic_end(outcome.termination)) {
      severity = automatic_end_severity(outcome.termination);
      message += era_note(outcome.termination);
      if (severity == Severity::warning) message += "; the moves after it are kept and replayed";
    }
    report(severity, pos, ply, text, message);
    if (severity == Severity::warning) {
      f.end_noted = true;
      return true;
    }
    stop_at(f, text, pos, message);
    return false;
  }

  void on_invalid(const notation::SyntaxError& error) {
    start();
    Frame& f = frames[depth - 1];
    if (f.dead) {
      keep_unverified(f, error.token, error.pos);
      return;
    }
    std::string message = "invalid move";
    if (!error.expected.empty()) message += ": expected " + error.expected;
    report(Severity::error, error.pos, f.ply + 1, error.token, message);
    stop_at(f, error.token, error.pos, message);
  }

  void on_nag(int value, SourcePos pos) {
    start();
    Frame& f = frames[depth - 1];
    // Warned in both modes so that check and convert report the same warnings.
    if (!f.has_move) {
      report(Severity::warning, pos, 0, "$" + std::to_string(value),
             "annotation without a move is ignored");
      return;
    }
    if (!full() || !f.line || f.line->empty()) return;
    f.line->back().nags.push_back(value);
  }

  // Warns about invalid UTF-8 in `text` (a tag value, comment or token starting at `pos`).
  void check_utf8(std::string_view text, SourcePos pos, std::string_view what) {
    if (is_ascii(text)) return;  // as nearly every token, tag and comment is
    const std::size_t bad = first_invalid_utf8(text);
    if (bad == std::string_view::npos) return;
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02X",
                  static_cast<unsigned>(static_cast<unsigned char>(text[bad])));
    report(Severity::warning, pos, 0, "",
           std::string(what) + " holds invalid UTF-8 (byte " + hex + " at byte " +
               std::to_string(bad + 1) + "); JSON, SVG and HTML output show U+FFFD instead");
  }

  // Warns about each malformed [%command] of a comment (in both modes, so that check and
  // convert report the same warnings).
  void check_commands(std::string_view text, SourcePos pos) {
    if (text.find("[%") == std::string_view::npos) return;
    Commands scratch;
    std::vector<std::string> problems;
    parse_commands(text, scratch, &problems);
    for (auto& p : problems) report(Severity::warning, pos, 0, "", std::move(p));
  }

  void on_comment(std::string_view text, SourcePos pos) {
    check_utf8(text, pos, "comment");
    if (!started) {
      // Before the movetext (between or before the tags, which may still name the variant, the
      // start position and the result): the game's own comment, and the game not yet set up.
      check_commands(text, pos);
      if (full()) game.comments.emplace_back(text);
      return;
    }
    Frame& f = frames[depth - 1];
    check_commands(text, pos);
    if (!full() || !f.line) return;
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
    if (full()) flush_pending(parent);
    Frame& child = push_frame();
    Frame& p = frames[depth - 2];  // push_frame may have moved frames
    if (!parent_has_move) {
      report(Severity::error, pos, 0, "(", "variation without a move to replace");
      child.dead = true;
      return;
    }
    p.after_move = false;
    if (full() && p.line) child.line = &p.line->back().variations.emplace_back();
    child.ply = p.ply - 1;
    if (parent_dead) {  // inside an unverified line: kept as read
      child.dead = true;
      return;
    }
    child.keys.assign(p.keys.begin(), p.keys.end() - 1);
    if (!p.plies.empty()) child.plies.assign(p.plies.begin(), p.plies.end() - 1);
    if (p.fide.on_board()) {
      child.fide.start_at_before(p.fide);
      if (keeps_positions()) child.set_pos(p.before());  // (current: see Frame::fast)
      return;
    }
    child.set_pos(p.before());
    try_fast(child);
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
    if (full()) flush_pending(f);
    pop_frame();
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
      if (full()) flush_pending(f);
      pop_frame();
    }
    Frame& main = frames[0];
    test_mark(main);
    if (full()) flush_pending(main);
    if (has_marker) game.result_marker = result_marker;
    if (!main.dead && main.has_pos()) {
      if (!main.fide.on_board() || !main.fide.judge(main.keys, game.outcome)) {
        to_generic(main);
        game.outcome = outcome_of(main);
      }
      check_result();
    } else if (has_marker && has_result && result_marker != result_tag) {
      report(Severity::warning, marker_pos, 0, result_marker,
             "result does not match the Result tag \"" + result_tag + "\"");
    }
    in_game = false;
    started = false;
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
        // Mate and stalemate on the board always win over the result; the automatic ends
        // depend on the era and on --strict (see after_end).
        const bool automatic = is_automatic_end(outcome.termination);
        const Severity severity =
            automatic ? automatic_end_severity(outcome.termination) : Severity::error;
        report(severity, pos, 0, value,
               "result contradicts the final position (" + why + ", " + std::string(expected) +
                   ")" + (automatic ? era_note(outcome.termination) : std::string()));
      }
    };
    if (has_marker) judge_one(result_marker, marker_pos);
    if (has_result && (!has_marker || result_tag != result_marker))
      judge_one(result_tag, result_pos);
  }
};

Replayer::Replayer(ReplayOptions options, GameHandler handler) : state_(std::make_unique<State>()) {
  state_->options = std::move(options);
  state_->record_fast_moves =
      state_->options.mode != ReplayMode::check || state_->options.mainline_san ||
      (state_->options.watch != nullptr && state_->options.watch->wants_fast_moves());
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
  if (!is_ascii(name)) s.check_utf8(name, pos, "tag name");
  if (!is_ascii(value)) s.check_utf8(value, pos, "tag " + std::string(name));
  if (!s.first_time_tag(name))
    s.report(Severity::warning, pos, 0, std::string(name),
             "tag " + std::string(name) +
                 " given again in the same game: the later value is used, "
                 "both are kept");
  if (s.full() || s.options.keep_tags || s.keeps_san())
    s.game.tags.push_back(Tag{std::string(name), std::string(value), pos});
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
  } else if (name == "Date") {
    s.date.assign(value);
  } else if (name == "Result") {
    s.result_tag.assign(value);
    s.result_pos = pos;
    s.has_result = true;
  }
}

[[gnu::flatten]] void Replayer::move(const SanToken& token, std::string_view text, SourcePos pos) {
  State& s = *state_;
  // The usual move first: a game under way on the fast path, an ASCII token (no UTF-8 warning
  // to give) that the line player is sure of. Everything else is State::on_move(). (Flattened: GCC
  // would call is_ascii() out of line here.)
  bool fast_tried = false;
  if (s.started) {  // (and so in a game)
    Frame& f = *s.top;
    if (f.fide.on_board() && is_ascii(text)) {  // (a dead frame is never on the fast path)
      if (s.records_fast_moves() ? s.fast_move_recorded(f, token, text, pos, f.ply + 1)
                                 : s.fast_move(f, token, f.ply + 1))
        return;
      fast_tried = true;
    }
  }
  s.on_move(token, text, pos, fast_tried);
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
  state_->on_comment(text, pos);
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
    // The reader skips the rest of the game: what was replayed stays, the rest is unknown. The
    // main line stays complete when the reader knows that nothing it skipped is a main-line move
    // (SyntaxError::cuts_mainline).
    state_->start();
    if (error.cuts_mainline) state_->game.mainline_complete = false;
    state_->frames[0].dead = true;
    state_->frames[0].fide.leave();  // (as kill() does)
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
  std::uint64_t games = notation::read_pgn(input, replayer, options.reader);
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

namespace {

// Thrown through the replayer to stop reading once a handler returned false or threw.
struct StopReplay {};

// replay_pgn_while for a text or a stream.
template <typename Input>
std::string replay_while(Input& input, const ReplayOptions& options,
                         const StoppableHandler& handler, std::vector<Diagnostic>* orphans) {
  std::exception_ptr handler_error;
  std::string error;
  try {
    run_replay(
        input, options,
        [&](Game& game) {
          bool more = true;
          try {
            more = handler(game);
          } catch (...) {
            handler_error = std::current_exception();
          }
          if (handler_error || !more) throw StopReplay{};
        },
        orphans);
  } catch (const StopReplay&) {
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::exception& e) {
    error = e.what();
  }
  if (handler_error) std::rethrow_exception(handler_error);
  if constexpr (std::is_base_of_v<std::istream, Input>) {
    if (error.empty() && input.bad()) error = options.file_name + ": read error";
  }
  return error;
}

}  // namespace

std::string replay_pgn_while(std::string_view text, const ReplayOptions& options,
                             const StoppableHandler& handler, std::vector<Diagnostic>* orphans) {
  return replay_while(text, options, handler, orphans);
}

std::string replay_pgn_while(std::istream& in, const ReplayOptions& options,
                             const StoppableHandler& handler, std::vector<Diagnostic>* orphans) {
  return replay_while(in, options, handler, orphans);
}

bool restore_positions(Game& game) {
  const std::optional<rules::Position> start = game.start_position();
  if (!start) return false;
  // Plays the verified nodes of `line` from `before`; a variation's line from the position
  // before the move it replaces.
  auto restore_line = [](auto& self, Line& line, const rules::Position& first) -> void {
    const rules::Position* before = &first;
    for (MoveNode& node : line) {
      if (!node.verified) break;  // the rest of the line is kept as read
      if (!node.after) {
        rules::EffectList effects;
        node.after.emplace(*before);  // (a position of the variant for play_into to overwrite)
        rules::play_into(*before, node.move, *node.after, &effects);
        node.effects.assign(effects.begin(), effects.end());
      }
      for (Line& variation : node.variations) self(self, variation, *before);
      before = &*node.after;
    }
  };
  restore_line(restore_line, game.moves, *start);
  return true;
}

std::vector<Game> read_games(std::string_view text, const ReplayOptions& options) {
  std::vector<Game> games;
  replay_pgn(text, options, [&](Game& g) { games.push_back(std::move(g)); });
  return games;
}

}  // namespace xpgn::record
