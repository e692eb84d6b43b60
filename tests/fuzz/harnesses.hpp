// The fuzz harnesses of tests/fuzz, one function per entry point, each taking the raw input.
// fuzz_entry.cpp makes one libFuzzer executable of each; tests/test_fuzz_regressions.cpp runs
// the kept reproducers through the same functions. A broken invariant throws InvariantBroken
// (fuzz_common.hpp); sanitizer findings abort. Header-only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "fuzz_common.hpp"
#include "tag_scan_lines.hpp"
#include "xpgn/catalog/builtin_files.hpp"
#include "xpgn/catalog/catalog.hpp"
#include "xpgn/catalog/fsf_ini.hpp"
#include "xpgn/emit/json.hpp"
#include "xpgn/emit/pgn.hpp"
#include "xpgn/notation/detail.hpp"
#include "xpgn/notation/notation.hpp"
#include "xpgn/record/replayer.hpp"
#include "xpgn/render/html.hpp"
#include "xpgn/render/render.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/outcome.hpp"
#include "xpgn/rules/position.hpp"
#include "xpgn/rules/san.hpp"

namespace xpgn::fuzz {

using Harness = void (*)(const std::uint8_t* data, std::size_t size);

namespace detail {

// Writes every event of the PGN reader as one line of text, positions included.
class Recorder final : public notation::PgnVisitor {
 public:
  std::vector<std::string> events;

  void begin_game(std::uint64_t index, SourcePos pos) override {
    add("game " + std::to_string(index), pos);
  }
  void tag(std::string_view name, std::string_view value, SourcePos pos) override {
    add("tag " + std::string(name) + "=" + std::string(value), pos);
  }
  void move(const SanToken& token, std::string_view text, SourcePos pos) override {
    add("move " + std::string(text) + " " + format_san(token), pos);
  }
  void invalid_move(const notation::SyntaxError& e) override {
    add("invalid " + e.token + " " + e.expected, e.pos);
  }
  void nag(int value, SourcePos pos) override { add("nag " + std::to_string(value), pos); }
  void comment(std::string_view text, SourcePos pos) override {
    add("comment " + std::string(text), pos);
  }
  void begin_variation(SourcePos pos) override { add("(", pos); }
  void end_variation(SourcePos pos) override { add(")", pos); }
  void result(std::string_view text, SourcePos pos) override {
    add("result " + std::string(text), pos);
  }
  void syntax_error(const notation::SyntaxError& e) override {
    add("syntax " + e.token + " " + e.expected, e.pos);
  }
  void warning(SourcePos pos, std::string_view message) override {
    add("warning " + std::string(message), pos);
  }
  void end_game() override { events.push_back("end"); }

 private:
  // Appends `what` with the position it was reported at.
  void add(std::string what, SourcePos pos) {
    what += " @" + std::to_string(pos.line) + ":" + std::to_string(pos.column) + "+" +
            std::to_string(pos.offset);
    events.push_back(std::move(what));
  }
};

// The variant a choice names (built-in, so never null).
inline const rules::Variant& variant_of(const VariantChoice& choice) {
  std::string error;
  const rules::Variant* v = catalog::find_variant(choice.id, choice.options, error);
  require(v != nullptr, "a built-in variant choice is unknown");
  return *v;
}

// Plays every legal move of `pos` through canonical SAN and back.
inline void check_moves(const rules::Position& pos) {
  rules::MoveList moves;
  rules::generate_legal(pos, moves);
  require((moves.size() > 0) == rules::has_legal_move(pos),
          "has_legal_move disagrees with generate_legal");
  for (const rules::Move& move : moves) {
    const std::string san = rules::to_san(pos, move);
    (void)rules::to_long_algebraic(pos, move);
    (void)rules::to_uci(pos, move);
    const auto token = notation::parse_san(san);
    require(token.has_value(), "canonical SAN of a legal move does not parse");
    rules::Position after = pos;
    const rules::Resolution r = rules::resolve(pos, *token, &after);
    require(r.error == rules::MoveError::none, "canonical SAN does not resolve");
    require(r.move == move, "canonical SAN resolves to another move");
    require(!r.check_mark_wrong && !r.check_mark_missing, "canonical SAN has a wrong check mark");
    require(after.fen() == rules::play(pos, move).fen(), "resolve and play disagree");
  }
  (void)rules::judge(pos, {});
}

// Every diagnostic of every game of `text` replayed in `mode` (with the FIDE chess fast path or
// without it), formatted, with a summary line per game.
inline std::vector<std::string> diagnostics(const std::string& text, record::ReplayMode mode,
                                            bool fast_chess) {
  std::vector<std::string> out;
  record::ReplayOptions options;
  options.file_name = "fuzz.pgn";
  options.mode = mode;
  options.fast_chess = fast_chess;
  std::vector<record::Diagnostic> orphans;
  record::replay_pgn(
      text, options,
      [&](record::Game& g) {
        for (const auto& d : g.diagnostics) out.push_back(record::format_diagnostic(d));
        out.push_back("game " + std::to_string(g.index) + " plies " +
                      std::to_string(g.mainline_plies) + (g.valid() ? " valid" : " invalid"));
        if (mode == record::ReplayMode::full && g.valid())
          require(g.mainline_complete, "a valid game with an incomplete mainline");
      },
      &orphans);
  for (const auto& d : orphans) out.push_back(record::format_diagnostic(d));
  return out;
}

// The JSON of every game of `text` replayed in full mode, with the FIDE chess fast path or
// without it.
inline std::vector<std::string> game_json(const std::string& text, bool fast_chess) {
  std::vector<std::string> out;
  record::ReplayOptions options;
  options.file_name = "fuzz.pgn";
  options.mode = record::ReplayMode::full;
  options.fast_chess = fast_chess;
  record::replay_pgn(text, options, [&](record::Game& g) {
    std::ostringstream json;
    emit::write_game_json(json, g);
    out.push_back(json.str());
  });
  return out;
}

// The canonical PGN writer options a byte selects.
inline emit::PgnOptions pgn_options_for(std::uint8_t byte) {
  emit::PgnOptions options;
  const auto languages = emit::languages();
  switch (byte % 4) {
    case 0:
      options.style = emit::MoveStyle::san;
      break;
    case 1:
      options.style = emit::MoveStyle::long_algebraic;
      break;
    case 2:
      options.style = emit::MoveStyle::uci;
      break;
    default:
      options.style = emit::MoveStyle::figurine;
      break;
  }
  options.language = std::string(languages[(byte / 4) % languages.size()]);
  options.max_line = (byte & 0x80) ? 255 : 20 + byte % 60;
  options.comments = (byte & 0x40) == 0;
  options.variations = (byte & 0x20) == 0;
  return options;
}

// The input without its second byte (the options byte of emit_pgn and render).
inline std::vector<std::uint8_t> without_second_byte(const std::uint8_t* data, std::size_t size) {
  std::vector<std::uint8_t> rest(data, data + size);
  rest.erase(rest.begin() + 1);
  return rest;
}

}  // namespace detail

// pgn: the first byte chooses a chunk size (1 to 64 bytes), the rest is read as one text, as a
// stream in chunks of that size, and as the games scan_games() locates in such chunks read by
// read_located_games() (as `check --jobs N` reads them); all must report the same events at the
// same positions. The tag scan of tag-only selections, of the text and of a stream, must hand
// over what the reader reports without movetext.
inline void run_pgn(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return;
  const std::size_t chunk = 1 + data[0] % 64;
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  detail::Recorder whole;
  const std::uint64_t games_whole = notation::read_pgn(text, whole);
  detail::Recorder streamed;
  std::istringstream in{std::string(text)};
  const std::uint64_t games_streamed = notation::detail::read_pgn(in, streamed, chunk);
  require(games_whole == games_streamed, "text and stream count different games");
  require(whole.events == streamed.events, "text and stream report different events");
  std::vector<notation::GameSpan> spans;
  std::istringstream again{std::string(text)};
  notation::detail::scan_games(
      again,
      [&](const notation::GameStart& g) {
        spans.push_back(g.span);
        return true;
      },
      {}, chunk, nullptr);
  detail::Recorder located;
  const std::uint64_t games_located = notation::read_located_games(text, 0, spans, located, {});
  require(games_located == games_whole, "located games are not the games read");
  require(located.events == whole.events, "located games report different events");
  // The tag scan of tag-only selections (notation::scan_tags) hands over what the reader
  // reports without movetext.
  test::ReaderTagLines heads(text);
  const std::uint64_t games_heads = notation::detail::read_pgn_as_stream(text, heads, chunk);
  std::uint64_t games_scanned = 0;
  const std::vector<std::string> scanned = test::scanned_tag_lines(text, chunk, {}, games_scanned);
  require(games_scanned == games_heads && games_heads == games_whole,
          "the tag scan counts different games");
  require(scanned == heads.lines, "the tag scan hands over other games, tags or markers");
  // The scan of a stream (read a chunk at a time into a buffer of its own, as `xpgn select` reads
  // its inputs) hands over the same games, texts, tags and leads as the scan of the text.
  const std::vector<std::string> from_text = test::scanned_tag_contents(
      [&](const auto& on_game) { notation::detail::scan_tags(text, on_game, chunk, {}); });
  const std::vector<std::string> from_stream = test::scanned_tag_contents([&](const auto& on_game) {
    std::istringstream stream{std::string(text)};
    notation::detail::scan_tags(stream, on_game, chunk, {});
  });
  require(from_stream == from_text, "the tag scan of a stream hands over other games or texts");
}

// san: the input is one token. A token that parses is written with format_san, which must parse
// again to the same text; a rejected one gets an error column inside the token (or just after
// it) and a description of what was expected.
inline void run_san(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  notation::SyntaxError error;
  const auto token = notation::parse_san(text, &error);
  if (!token) {
    require(error.pos.column >= 1 && error.pos.column <= size + 1,
            "SAN error column outside the token");
    require(!error.expected.empty(), "SAN error without an expectation");
    return;
  }
  const std::string canonical = format_san(*token);
  const auto again = notation::parse_san(canonical);
  require(again.has_value(), "format_san wrote a token parse_san rejects");
  require(format_san(*again) == canonical, "format_san is not stable");
}

// fen: the first byte chooses the variant, the rest is a FEN. A FEN that parses is written with
// format_fen and must parse to the same text; a position the variant accepts must give a FEN it
// accepts again unchanged, and every legal move must go through canonical SAN and back.
inline void run_fen(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return;
  const rules::Variant& variant = detail::variant_of(variant_for(data[0]));
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  notation::SyntaxError error;
  const auto setup = notation::parse_fen(text, &error);
  if (!setup) {
    require(error.pos.column >= 1 && error.pos.column <= text.size() + 1,
            "FEN error column outside the text");
    return;
  }
  const std::string written = format_fen(*setup);
  const auto reparsed = notation::parse_fen(written);
  require(reparsed.has_value(), "format_fen wrote a FEN parse_fen rejects");
  require(format_fen(*reparsed) == written, "format_fen is not stable");
  std::string problem;
  const auto pos = rules::Position::from_setup(variant, *setup, problem);
  if (!pos) {
    require(!problem.empty(), "a rejected FEN without a message");
    return;
  }
  const std::string fen = pos->fen();
  const auto again_setup = notation::parse_fen(fen);
  require(again_setup.has_value(), "Position::fen wrote a FEN parse_fen rejects");
  const auto again = rules::Position::from_setup(variant, *again_setup, problem);
  require(again.has_value(), "Position::fen wrote a FEN the variant rejects");
  require(again->fen() == fen, "Position::fen is not stable");
  detail::check_moves(*pos);
}

// replay: the first byte chooses the variant, the rest is PGN (game_text). Check mode on the
// FIDE chess fast path must find exactly the diagnostics of full mode on the generic rules, a
// valid game must have its whole mainline replayed, and full mode must give the same JSON with
// the fast path and without it.
inline void run_replay(const std::uint8_t* data, std::size_t size) {
  const std::string text = game_text(data, size);
  const auto full = detail::diagnostics(text, record::ReplayMode::full, false);
  const auto check = detail::diagnostics(text, record::ReplayMode::check, true);
  require(full == check, "check mode and full mode find different diagnostics");
  require(detail::game_json(text, true) == detail::game_json(text, false),
          "full mode gives different JSON with and without the chess fast path");
}

// emit_pgn: the first byte chooses the variant, the second the notation and layout
// (pgn_options_for), the rest is PGN. Every game is written; a valid one, read back from its
// canonical PGN, must be valid and give the same canonical PGN.
inline void run_emit_pgn(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return;
  const emit::PgnOptions options = detail::pgn_options_for(data[1]);
  const auto rest = detail::without_second_byte(data, size);
  for (const record::Game& game : replay_games(rest.data(), rest.size())) {
    (void)emit::to_pgn(game, options);
    if (!game.valid()) continue;
    const std::string canonical = emit::to_pgn(game);
    const auto again = record::read_games(canonical);
    require(again.size() == 1, "canonical PGN of a game reads as another number of games");
    require(again[0].valid(), "canonical PGN of a valid game is not valid");
    require(emit::to_pgn(again[0]) == canonical, "canonical PGN is not stable");
  }
}

// emit_json: the first byte chooses the variant, the rest is PGN. The streamed JSON of every
// game must be exactly game_to_json().dump() and parse as JSON.
inline void run_emit_json(const std::uint8_t* data, std::size_t size) {
  for (const record::Game& game : replay_games(data, size)) {
    const std::string whole = emit::game_to_json(game).dump();
    std::ostringstream streamed;
    emit::write_game_json(streamed, game);
    require(streamed.str() == whole, "write_game_json differs from game_to_json");
    require(nlohmann::json::accept(whole), "game JSON does not parse");
  }
}

// render: the first byte chooses the variant, the second the drawing options, the rest is PGN.
// Every mainline diagram is drawn as SVG (at most 64 per game) and all games go on one HTML page.
inline void run_render(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return;
  render::SvgOptions svg;
  const auto themes = render::theme_names();
  svg.theme = themes[data[1] % themes.size()];
  svg.flipped = (data[1] & 0x10) != 0;
  svg.coordinates = (data[1] & 0x20) == 0;
  svg.size = (data[1] & 0x40) ? 97 : 400;
  const auto rest = detail::without_second_byte(data, size);
  const auto games = replay_games(rest.data(), rest.size());
  for (const record::Game& game : games) {
    const auto diagrams = render::game_diagrams(game);
    for (std::size_t i = 0; i < diagrams.size() && i < 64; ++i) {
      const std::string doc = render::to_svg(diagrams[i], svg);
      require(doc.find("</svg>") != std::string::npos, "an SVG document without </svg>");
    }
  }
  std::ostringstream page;
  render::HtmlOptions options;
  options.svg = svg;
  render::HtmlWriter html(page, options);
  for (const record::Game& game : games) html.write(game);
  html.finish();
}

// Every harness by name (the name of its executable without "fuzz_").
// variant_file: the input is a variant definition file (JSON, docs/variant-files.md), built as
// `--variant-file` would build it (its base from the catalog, every option alone) but not added
// to the catalog (catalog::try_text). A refused definition has problems, each with a message and
// a place inside the text; an accepted one gives a variant whose start position is read back
// from its FEN, whose moves go through canonical SAN and back (check_moves) and whose perft to
// depth 2 agrees with the moves played.
inline void run_variant_file(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::unique_ptr<rules::Variant> variant;
  const auto errors = catalog::try_text(text, "fuzz.json", &variant);
  if (!errors.empty()) {
    require(variant == nullptr, "a refused definition gave a variant");
    // A problem is placed in this text or in a built-in file it inherits from, and inside it.
    const auto lines_of = [&](const std::string& source) -> std::uint64_t {
      std::string_view named;
      bool known = source == "fuzz.json";
      if (known) named = text;
      for (const auto& file : catalog::detail::builtin_files())
        if (source == std::string("builtin:") + file.name) named = file.text, known = true;
      std::uint64_t lines = known ? 1 : 0;
      for (char c : named) lines += c == '\n';
      return lines;
    };
    for (const auto& e : errors) {
      require(!e.message.empty(), "a definition problem without a message");
      const std::uint64_t lines = lines_of(e.where.source);
      require(lines > 0, "a definition problem placed in an unknown file");
      require(e.where.line <= lines, "a definition problem placed after the last line");
    }
    return;
  }
  require(variant != nullptr, "an accepted definition gave no variant");
  const rules::Position start = rules::Position::start(*variant);
  const std::string fen = start.fen();
  const auto setup = notation::parse_fen(fen);
  require(setup.has_value(), "the start FEN does not parse");
  std::string problem;
  const auto again = rules::Position::from_setup(*variant, *setup, problem);
  require(again.has_value(), "the start FEN is refused by its own variant");
  require(again->fen() == fen, "the start FEN does not read back unchanged");
  detail::check_moves(start);
  rules::MoveList moves;
  rules::generate_legal(start, moves);
  std::uint64_t leaves = 0;
  for (const rules::Move& m : moves) leaves += rules::perft(rules::play(start, m), 1);
  require(leaves == rules::perft(start, 2), "perft 2 disagrees with the moves played");
}

// fsf_ini: the input is a Fairy-Stockfish variants.ini (a text that does not start with a
// section gets "[fuzz-ini:chess]" before it), imported as `--variant-file` would import it
// (catalog::try_text: every section built, nothing added). Every problem is placed in the file
// or in the built-in parents, on a line that exists; an accepted file gives the last section's
// variant, whose start FEN reads back unchanged, whose moves go through canonical SAN and back
// and whose perft to depth 2 agrees with the moves played.
inline void run_fsf_ini(const std::uint8_t* data, std::size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  if (!catalog::fsf::looks_like_ini(text)) text.insert(0, "[fuzz-ini:chess]\n");
  std::uint64_t lines = 1;
  for (char c : text) lines += c == '\n';
  std::unique_ptr<rules::Variant> variant;
  const auto errors = catalog::try_text(text, "fuzz.ini", &variant);
  if (!errors.empty()) {
    require(variant == nullptr, "a refused ini file gave a variant");
    for (const auto& e : errors) {
      require(!e.message.empty(), "an ini problem without a message");
      require(e.where.source == "fuzz.ini" || e.where.source.starts_with("builtin:"),
              "an ini problem placed in an unknown file");
      require(e.where.source != "fuzz.ini" || (e.where.line >= 1 && e.where.line <= lines),
              "an ini problem placed on a line that does not exist");
    }
    return;
  }
  require(variant != nullptr, "an accepted ini file gave no variant");
  const rules::Position start = rules::Position::start(*variant);
  const std::string fen = start.fen();
  const auto setup = notation::parse_fen(fen);
  require(setup.has_value(), "the start FEN does not parse");
  std::string problem;
  const auto again = rules::Position::from_setup(*variant, *setup, problem);
  require(again.has_value(), "the start FEN is refused by its own variant");
  require(again->fen() == fen, "the start FEN does not read back unchanged");
  detail::check_moves(start);
  rules::MoveList moves;
  rules::generate_legal(start, moves);
  std::uint64_t leaves = 0;
  for (const rules::Move& m : moves) leaves += rules::perft(rules::play(start, m), 1);
  require(leaves == rules::perft(start, 2), "perft 2 disagrees with the moves played");
}

inline const std::vector<std::pair<std::string, Harness>>& harnesses() {
  static const std::vector<std::pair<std::string, Harness>> all = {
      {"pgn", &run_pgn},           {"san", &run_san},
      {"fen", &run_fen},           {"replay", &run_replay},
      {"emit_pgn", &run_emit_pgn}, {"emit_json", &run_emit_json},
      {"render", &run_render},     {"variant_file", &run_variant_file},
      {"fsf_ini", &run_fsf_ini},
  };
  return all;
}

}  // namespace xpgn::fuzz
