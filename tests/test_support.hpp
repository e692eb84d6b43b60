// Helpers shared by the rules tests (tests/test_rules_*.cpp): variant lookup, FEN and SAN
// plumbing that fails the running Catch2 test on bad input, legal-move listings, effect counts
// and perft tables. Header-only; include after <catch2/catch.hpp>.
#pragma once

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <istream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "xpgn/catalog/catalog.hpp"
#include "xpgn/emit/json.hpp"
#include "xpgn/emit/pgn.hpp"
#include "xpgn/notation/notation.hpp"
#include "xpgn/record/game.hpp"
#include "xpgn/record/replayer.hpp"
#include "xpgn/rules/move_reader.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/outcome.hpp"
#include "xpgn/rules/san.hpp"

namespace xpgn::test {

// Every game of `pgn`, fully replayed with the file name "t.pgn", strict or not.
inline std::vector<record::Game> replay(const std::string& pgn, bool strict = false) {
  record::ReplayOptions options;
  options.file_name = "t.pgn";
  options.strict = strict;
  return record::read_games(pgn, options);
}

// Every diagnostic of `game` with `severity`.
inline std::vector<record::Diagnostic> of(const record::Game& game, record::Severity severity) {
  std::vector<record::Diagnostic> out;
  for (const auto& d : game.diagnostics)
    if (d.severity == severity) out.push_back(d);
  return out;
}

// All diagnostics of a game, formatted, one per line (for failure messages).
inline std::string dump(const record::Game& game) {
  std::string out;
  for (const auto& d : game.diagnostics) out += record::format_diagnostic(d) + "\n";
  return out;
}

// The variant `id` with `options`; fails the test (with the lookup's error) if there is none.
inline const rules::Variant& variant(const std::string& id, const std::string& options = "") {
  std::string error;
  const rules::Variant* v = catalog::find_variant(id, options, error);
  INFO("variant " << id << " [" << options << "]: " << error);
  REQUIRE(v != nullptr);
  return *v;
}

// A variant made for a test: FIDE chess with the definition fields `fields` (JSON members
// without braces, such as a "pieces" array), loaded into the catalog under `id`; fails the
// test if it does not load.
inline const rules::Variant& made_variant(const std::string& id, const std::string& fields) {
  const std::string text = R"({"format": "xpgn-variant", "version": 1, "id": ")" + id +
                           R"(", "base": "chess", )" + fields + "}";
  INFO(text);
  REQUIRE(catalog::load_text(text, id + ".json").empty());
  return variant(id);
}

// The FEN placement field of an 8x8 board given as 64 letters, a1 first ('.' for empty).
inline std::string placement_of(std::string_view board) {
  std::string fen;
  for (int rank = 7; rank >= 0; --rank) {
    int gap = 0;
    for (int file = 0; file < 8; ++file) {
      const char c = board[rank * 8 + file];
      if (c == '.') {
        ++gap;
        continue;
      }
      if (gap) fen += std::to_string(gap), gap = 0;
      fen += c;
    }
    if (gap) fen += std::to_string(gap);
    if (rank) fen += '/';
  }
  return fen;
}

// Position from FEN text under `v`; fails the test with the parser's or validator's message.
inline rules::Position from_fen(const std::string& fen, const rules::Variant& v) {
  notation::SyntaxError syntax;
  auto setup = notation::parse_fen(fen, &syntax);
  INFO("FEN: " << fen << " / " << syntax.expected);
  REQUIRE(setup.has_value());
  std::string error;
  auto pos = rules::Position::from_setup(v, *setup, error);
  INFO("FEN: " << fen << " / error: " << error);
  REQUIRE(pos.has_value());
  return *pos;
}

// The validator's message for a FEN that must parse ("" if `v` accepts it).
inline std::string fen_error(const std::string& fen, const rules::Variant& v) {
  auto setup = notation::parse_fen(fen);
  REQUIRE(setup.has_value());
  std::string error;
  auto pos = rules::Position::from_setup(v, *setup, error);
  return pos ? std::string() : error;
}

// The validator's message for a FEN that must parse and that `v` must refuse (checked).
inline std::string refused_fen_error(const std::string& fen, const rules::Variant& v) {
  auto setup = notation::parse_fen(fen);
  REQUIRE(setup.has_value());
  std::string error;
  auto pos = rules::Position::from_setup(v, *setup, error);
  CHECK_FALSE(pos.has_value());
  return error;
}

// "e10" -> square (file letter, then a rank number of one or more digits).
inline Square sq(const std::string& name) {
  REQUIRE(name.size() >= 2);
  return make_square(name[0] - 'a', std::stoi(name.substr(1)) - 1);
}

// The piece of colour `c` whose FEN letter in `v` is `fen_letter` (which must exist).
inline Piece piece_by_fen(const rules::Variant& v, Color c, char fen_letter) {
  const PieceType t = v.piece_by_fen_letter(fen_letter);
  REQUIRE(t != no_piece_type);
  return make_piece(c, t);
}

// The piece of colour `c` whose SAN letter in `v` is `letter` ('P' is the pawn; must exist).
inline Piece piece_by_san(const rules::Variant& v, Color c, char letter) {
  const PieceType t = letter == 'P' ? v.pawn_type() : v.piece_by_san_letter(letter);
  REQUIRE(t != no_piece_type);
  return make_piece(c, t);
}

// Resolves SAN text (which must parse) in `pos`; `after`/`effects` as for rules::resolve.
inline rules::Resolution resolve_text(const rules::Position& pos, const std::string& text,
                                      rules::Position* after = nullptr,
                                      rules::EffectList* effects = nullptr) {
  auto token = notation::parse_san(text);
  INFO("SAN " << text << " must parse");
  REQUIRE(token.has_value());
  return rules::resolve(pos, *token, after, effects);
}

// Reads `text` (which must parse) as a move of `pos` the way moves are read everywhere
// (notation::parse_san, then rules::MoveReader: SAN, coordinates and a family's own notation).
inline rules::Resolution read_text(const rules::Position& pos, const std::string& text) {
  notation::SyntaxError error;
  const auto token = notation::parse_san(text, &error);
  INFO(text << " must parse: " << error.expected);
  REQUIRE(token.has_value());
  rules::MoveReader reader;
  return reader.read(pos, *token);
}

// Plays one SAN move that must be legal; returns the position after it.
inline rules::Position play_san(const rules::Position& pos, const std::string& text,
                                rules::EffectList* effects = nullptr) {
  rules::Position after = pos;
  rules::Resolution r = resolve_text(pos, text, &after, effects);
  INFO("position " << pos.fen() << ", move " << text << ": " << r.message);
  REQUIRE(r.error == rules::MoveError::none);
  return after;
}

// Plays SAN moves from `pos` in turn, each of which must be legal; returns the last position.
inline rules::Position play_all(rules::Position pos, const std::vector<std::string>& moves) {
  for (const auto& m : moves) pos = play_san(pos, m);
  return pos;
}

// Whether SAN text (which must parse) names a legal move in `pos`.
inline bool is_legal(const rules::Position& pos, const std::string& text) {
  return resolve_text(pos, text).error == rules::MoveError::none;
}

// The message of a refused move (checked to be refused).
inline std::string refusal(const rules::Position& pos, const std::string& text) {
  rules::Resolution r = resolve_text(pos, text);
  INFO("position " << pos.fen() << ", move " << text);
  CHECK(r.error != rules::MoveError::none);
  return r.message;
}

// Canonical SAN of every legal move in `pos`, sorted.
inline std::vector<std::string> legal_sans(const rules::Position& pos) {
  rules::MoveList moves;
  rules::generate_legal(pos, moves);
  std::vector<std::string> out;
  for (const rules::Move& m : moves) out.push_back(rules::to_san(pos, m));
  std::sort(out.begin(), out.end());
  return out;
}

// How many effects of `kind` the list holds.
inline int count_effects(const rules::EffectList& effects, rules::EffectKind kind) {
  int n = 0;
  for (const rules::Effect& e : effects) n += e.kind == kind;
  return n;
}

// The one effect of `kind` (fails the test if there is not exactly one).
inline rules::Effect the_effect(const rules::EffectList& effects, rules::EffectKind kind) {
  REQUIRE(count_effects(effects, kind) == 1);
  for (const rules::Effect& e : effects)
    if (e.kind == kind) return e;
  return {};
}

// Checks each `FEN;depth;nodes` line of `in` (blank and '#' lines skipped): perft under `v`
// gives `nodes` and, if `check_fen`, the FEN reads back unchanged. Returns the lines compared.
inline int check_perft_lines(std::istream& in, const rules::Variant& v, bool check_fen) {
  std::string line;
  int compared = 0;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string fen, depth, nodes;
    std::getline(fields, fen, ';');
    std::getline(fields, depth, ';');
    std::getline(fields, nodes, ';');
    INFO(line);
    const rules::Position pos = from_fen(fen, v);
    if (check_fen) CHECK(pos.fen() == fen);
    CHECK(rules::perft(pos, std::stoi(depth)) == std::stoull(nodes));
    ++compared;
  }
  return compared;
}

// Checks the perft table tests/data/perft/`file` (which must exist) under `v`, FENs included.
// Returns the lines compared.
inline int check_perft_file(const std::string& file, const rules::Variant& v) {
  std::ifstream in(std::string(XPGN_TEST_DATA) + "/perft/" + file);
  INFO(file);
  REQUIRE(in);
  return check_perft_lines(in, v, true);
}

// The fields after the first of each line of tests/data/`file` (which must exist) whose first
// field is `variant`: the reference tables of tests/reference/ ("variant;field;..."), an empty
// last field kept.
inline std::vector<std::vector<std::string>> reference_lines(const std::string& file,
                                                             const std::string& variant) {
  std::ifstream in(std::string(XPGN_TEST_DATA) + "/" + file);
  INFO(file);
  REQUIRE(in.good());
  std::vector<std::vector<std::string>> out;
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> fields;
    std::istringstream parts(line);
    for (std::string f; std::getline(parts, f, ';');) fields.push_back(f);
    if (!line.empty() && line.back() == ';') fields.emplace_back();
    if (fields.size() < 2 || fields[0] != variant) continue;
    out.emplace_back(fields.begin() + 1, fields.end());
  }
  return out;
}

// The words of `text`, split at white space.
inline std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// Checks the `variant;FEN;depth;nodes` lines of tests/data/`file` for `variant` under `v`: each
// FEN reads and writes back unchanged, and perft gives `nodes`. Returns the lines compared.
inline int check_reference_perft(const std::string& file, const std::string& variant,
                                 const rules::Variant& v) {
  int compared = 0;
  for (const auto& f : reference_lines(file, variant)) {
    REQUIRE(f.size() == 3);
    INFO(f[0] << " depth " << f[1]);
    const rules::Position pos = from_fen(f[0], v);
    CHECK(pos.fen() == f[0]);
    CHECK(rules::perft(pos, std::stoi(f[1])) == std::stoull(f[2]));
    ++compared;
  }
  return compared;
}

// The .pgn files of samples/<folder>, sorted by name (the folder must exist).
inline std::vector<std::filesystem::path> sample_files(const std::string& folder) {
  const std::filesystem::path dir =
      std::filesystem::path(XPGN_TEST_DATA) / ".." / ".." / "samples" / folder;
  REQUIRE(std::filesystem::is_directory(dir));
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(dir))
    if (entry.path().extension() == ".pgn") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

// The whole text of a file.
inline std::string file_text(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Each game's check-mode result as text: diagnostics, outcome and mainline, one game a line.
inline std::vector<std::string> check_results(const std::string& text, const std::string& name,
                                              bool fast, bool strict) {
  record::ReplayOptions options;
  options.mode = record::ReplayMode::check;
  options.file_name = name;
  options.fast_chess = fast;
  options.strict = strict;
  std::vector<std::string> out;
  std::vector<record::Diagnostic> orphans;
  record::replay_pgn(
      text, options,
      [&](record::Game& g) {
        std::string line = std::to_string(g.index) + " " +
                           std::string(rules::termination_name(g.outcome.termination)) + " " +
                           std::string(g.outcome.result()) + " plies " +
                           std::to_string(g.mainline_plies) +
                           (g.mainline_complete ? " complete" : " incomplete");
        for (const auto& d : g.diagnostics) line += " | " + record::format_diagnostic(d);
        out.push_back(std::move(line));
      },
      &orphans);
  for (const auto& d : orphans) out.push_back("orphan " + record::format_diagnostic(d));
  return out;
}

// Compares the fast path with the generic rules on `text`; returns the games compared.
inline std::size_t compare_fast_and_generic(const std::string& text, const std::string& name) {
  std::size_t games = 0;
  for (bool strict : {false, true}) {
    const auto fast = check_results(text, name, true, strict);
    const auto generic = check_results(text, name, false, strict);
    INFO(name << (strict ? " (strict)" : ""));
    REQUIRE(fast.size() == generic.size());
    for (std::size_t i = 0; i < fast.size(); ++i)
      if (fast[i] != generic[i]) CHECK(fast[i] == generic[i]);
    games = fast.size();
  }
  return games;
}

// Each game's full-mode result as text (what convert writes): its JSON (moves with their SAN,
// long and UCI forms, effects and the FEN after each, the outcome and the diagnostics) and, with
// `pgn`, its canonical PGN; orphan diagnostics after the games.
inline std::vector<std::string> full_results(const std::string& text, const std::string& name,
                                             bool fast, bool pgn) {
  record::ReplayOptions options;
  options.mode = record::ReplayMode::full;
  options.file_name = name;
  options.fast_chess = fast;
  std::vector<std::string> out;
  std::vector<record::Diagnostic> orphans;
  record::replay_pgn(
      text, options,
      [&](record::Game& g) {
        std::ostringstream json;
        emit::write_game_json(json, g);
        out.push_back(json.str());
        if (pgn) out.push_back(emit::to_pgn(g));
      },
      &orphans);
  for (const auto& d : orphans) out.push_back("orphan " + record::format_diagnostic(d));
  return out;
}

// compare_fast_and_generic() in full mode: the same JSON (and, with `pgn`, PGN) for every game
// with the fast path and without it. Returns the games compared.
inline std::size_t compare_full_fast_and_generic(const std::string& text, const std::string& name,
                                                 bool pgn = true) {
  const auto fast = full_results(text, name, true, pgn);
  const auto generic = full_results(text, name, false, pgn);
  INFO(name << " (full mode)");
  REQUIRE(fast.size() == generic.size());
  std::size_t games = 0;
  for (std::size_t i = 0; i < fast.size(); ++i) {
    if (fast[i] != generic[i]) CHECK(fast[i] == generic[i]);
    games += fast[i].rfind("{", 0) == 0;
  }
  return games;
}

// A small deterministic generator (xorshift64), so that failures repeat.
struct Random {
  std::uint64_t state;
  std::uint64_t next() {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  }
  std::size_t below(std::size_t n) { return static_cast<std::size_t>(next() % n); }
};

// Calls `problem(piece, to)` for every piece of `pos`'s variant, of both colours, and every square
// `to` of its board, rank by rank; returns the first answer that is not "", or "".
template <typename Problem>
std::string first_piece_square_problem(const rules::Position& pos, Problem&& problem) {
  const rules::Variant& v = pos.variant();
  for (int tr = 0; tr < v.ranks; ++tr)
    for (int tf = 0; tf < v.files; ++tf)
      for (Color c : {Color::white, Color::black})
        for (std::size_t t = 0; t < v.pieces.size(); ++t) {
          std::string found =
              problem(make_piece(c, static_cast<PieceType>(t)), make_square(tf, tr));
          if (!found.empty()) return found;
        }
  return "";
}

// Plays `games` random games (legal moves drawn from `seed` and the variant's id) of at most
// `plies` plies in `v`, calling `problem(pos)` in every position: it returns "" when all is
// well, else what is wrong (a failure naming the game, ply and FEN).
template <typename Problem>
void in_random_games(const rules::Variant& v, std::uint64_t seed, int games, int plies,
                     Problem&& problem) {
  Random random{seed ^ std::hash<std::string>{}(v.id)};
  for (int game = 0; game < games; ++game) {
    rules::Position pos = rules::Position::start(v);
    for (int ply = 0; ply < plies; ++ply) {
      INFO(v.id << " game " << game << " ply " << ply << ": " << pos.fen());
      REQUIRE(problem(pos) == "");
      rules::MoveList moves;
      rules::generate_legal(pos, moves);
      if (moves.empty()) break;
      pos = rules::play(pos, moves[random.below(moves.size())]);
    }
  }
}

// Plays `games` random games (moves drawn from `seed`) of at most `plies` plies in `v` and the
// same moves in its copy without bit boards, calling `difference(fast, slow, compared)` in every
// position: it returns "" when they agree, else what differs (a failure), and counts its
// comparisons in `compared`. Returns the number of comparisons.
template <typename Difference>
std::size_t compare_without_bitboards(const rules::Variant& v, std::uint64_t seed, int games,
                                      int plies, Difference&& difference) {
  const rules::Variant slow_variant(v.spec(), rules::Variant::Geometry::squares_only);
  REQUIRE_FALSE(slow_variant.bitboards);
  REQUIRE_FALSE(slow_variant.fast_attacks);
  Random random{seed ^ std::hash<std::string>{}(v.id)};
  std::size_t compared = 0;
  for (int game = 0; game < games; ++game) {
    rules::Position fast = rules::Position::start(v);
    rules::Position slow = rules::Position::start(slow_variant);
    for (int ply = 0; ply < plies; ++ply) {
      const std::string problem = difference(fast, slow, compared);
      INFO(v.id << " game " << game << " ply " << ply << ": " << fast.fen());
      REQUIRE(problem == "");
      rules::MoveList moves;
      rules::generate_legal(fast, moves);
      if (moves.empty()) break;
      const rules::Move m = moves[random.below(moves.size())];
      fast = rules::play(fast, m);
      slow = rules::play(slow, m);
    }
  }
  return compared;
}

}  // namespace xpgn::test
