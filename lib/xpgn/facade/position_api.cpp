// position_api.hpp: positions, moves and variants as values and texts, over rules, catalog,
// notation, emit and render; the library's exceptions become error texts.
#include "xpgn/position_api.hpp"

#include <cctype>
#include <exception>
#include <new>

#include "xpgn/catalog/catalog.hpp"
#include "xpgn/emit/json.hpp"
#include "xpgn/notation/notation.hpp"
#include "xpgn/rules/chess_board.hpp"
#include "xpgn/rules/move_reader.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/outcome.hpp"
#include "xpgn/rules/san.hpp"
#include "xpgn/rules/usi.hpp"
#include "xpgn/rules/variant.hpp"

namespace xpgn {

namespace {

// Runs `body`; an exception of the library (std::bad_alloc aside) becomes `error` and false.
template <typename Body>
bool guard(std::string& error, Body&& body) {
  try {
    body();
    return true;
  } catch (const std::bad_alloc&) {
    throw;
  } catch (const std::exception& e) {
    error = e.what();
  }
  return false;
}

// The FEN letter of `piece` in `variant` (lower case for Black), "" for none.
std::string piece_letter(const rules::Variant& variant, Piece piece) {
  if (piece.empty() || piece.type() >= variant.pieces.size()) return {};
  char c = variant.pieces[piece.type()].fen();
  if (piece.color() == Color::black)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return std::string(1, c);
}

// The name of `s`, "" for no square.
std::string square_text(Square s) {
  return s == no_square ? std::string() : square_name(s);
}

}  // namespace

std::optional<Position> make_position(std::string_view variant, std::string_view options,
                                      std::string_view fen, std::string& error, int* column) {
  if (column) *column = 0;
  std::optional<Position> pos;
  guard(error, [&] {
    const rules::Variant* v = catalog::find_variant(variant, options, error);
    if (!v) return;
    if (fen.empty()) {
      pos.emplace(Position::start(*v));
      return;
    }
    notation::SyntaxError syntax;
    // SFEN (the shogi family, rules/usi.hpp) or FEN.
    auto setup = rules::writes_sfen(*v) ? rules::parse_sfen(fen) : std::nullopt;
    if (!setup) setup = notation::parse_fen(fen, &syntax);
    if (!setup) {
      error = "bad FEN: expected " + syntax.expected + " at character " +
              std::to_string(syntax.pos.column);
      if (column) *column = static_cast<int>(syntax.pos.column);
      return;
    }
    std::string why;
    pos = Position::from_setup(*v, *setup, why);
    if (!pos) error = "bad FEN: " + why;
  });
  return pos;
}

std::vector<MoveText> legal_moves(const Position& pos) {
  rules::MoveList moves;
  rules::generate_legal(pos, moves);
  std::vector<MoveText> out;
  out.reserve(moves.size());
  for (const auto& m : moves) {
    const Position after = rules::play(pos, m);
    out.push_back({rules::to_san(pos, m, &after), rules::to_uci(pos, m)});
  }
  return out;
}

std::optional<Played> play_move(const Position& pos, std::string_view text, std::string& error) {
  std::optional<Played> played;
  guard(error, [&] {
    rules::MoveList moves;
    rules::generate_legal(pos, moves);
    // UCI first; in variants where several moves share coordinates (a push or a birth
    // chosen by the SAN), the text is read as SAN instead, which names them apart.
    std::optional<rules::Move> chosen;
    int matches = 0;
    for (const auto& m : moves)
      if (rules::to_uci(pos, m) == text && matches++ == 0) chosen = m;
    if (matches > 1) chosen.reset();
    if (!chosen) {
      notation::SyntaxError syntax;
      auto token = notation::parse_san(text, &syntax);
      if (!token) {
        if (matches > 1) {
          error = "move '" + std::string(text) + "': ambiguous: " + std::to_string(matches) +
                  " legal moves have these coordinates; give the SAN";
        } else {
          error = "bad move '" + std::string(text) + "': expected " + syntax.expected;
        }
        return;
      }
      // A move reader of its own: ICCS coordinates read as in a game's first move.
      rules::MoveReader reader;
      rules::Resolution r = reader.read(pos, *token);
      if (r.error != rules::MoveError::none) {
        error = "move '" + std::string(text) + "': " + r.message;
        return;
      }
      chosen = r.move;
    }
    rules::EffectList effects;
    Position after = rules::play(pos, *chosen, &effects);
    MoveText written{rules::to_san(pos, *chosen, &after), rules::to_uci(pos, *chosen)};
    played.emplace(Played{std::move(after), *chosen, std::move(written),
                          std::vector<Effect>(effects.begin(), effects.end())});
  });
  return played;
}

bool is_check(const Position& pos) {
  return rules::in_check(pos);
}

OutcomeText outcome_text(const rules::Outcome& outcome) {
  OutcomeText out;
  out.decided = outcome.decided();
  out.result = std::string(outcome.result());
  out.termination = std::string(rules::termination_name(outcome.termination));
  if (outcome.winner) out.winner = *outcome.winner == Color::white ? "white" : "black";
  return out;
}

OutcomeText position_outcome(const Position& pos) {
  return outcome_text(rules::judge(pos, {}));
}

std::uint64_t perft(const Position& pos, int depth) {
  if (depth <= 0) return 1;
  rules::ChessBoard board;
  if (const rules::ChessTables* tables = rules::ChessBoard::tables_for(pos.variant());
      tables && board.load(pos, *tables))
    return board.perft(depth);
  return rules::perft(pos, depth);
}

std::optional<std::string> position_svg(const Position& pos, const rules::Move* last,
                                        const std::vector<Effect>& effects,
                                        const std::vector<std::string>& arrows,
                                        const std::vector<std::string>& squares,
                                        const SvgOptions& options, std::string& error) {
  if (!render::is_theme(options.theme)) {
    error = "unknown theme '" + options.theme + "'";
    return std::nullopt;
  }
  if (options.size < 16 || options.size > 8192) {
    error = "size must be from 16 to 8192 pixels, not " + std::to_string(options.size);
    return std::nullopt;
  }
  std::optional<std::string> svg;
  guard(error, [&] {
    render::Diagram diagram{pos, std::nullopt, {}, {}, {}, {}};
    if (last) {
      diagram.last_move = *last;
      for (const auto& e : effects) diagram.effects.push_back(e);
    }
    for (const auto& text : arrows) {
      render::Arrow arrow;
      if (!render::parse_arrow(text, pos.variant(), arrow, error)) return;
      diagram.arrows.push_back(std::move(arrow));
    }
    for (const auto& text : squares) {
      render::SquareMark mark;
      if (!render::parse_square_mark(text, pos.variant(), mark, error)) return;
      diagram.squares.push_back(std::move(mark));
    }
    svg = render::to_svg(diagram, options);
  });
  return svg;
}

std::string node_uci(const Position& before, const MoveNode& node) {
  if (node.null_move) return "0000";
  return rules::to_uci(before, node.move);
}

EffectText effect_text(const rules::Variant& variant, const Effect& effect) {
  return {std::string(emit::effect_name(effect.kind)), piece_letter(variant, effect.piece),
          square_text(effect.square), square_text(effect.to)};
}

std::vector<VariantInfo> variants() {
  std::vector<VariantInfo> out;
  for (auto& e : catalog::entries())
    out.push_back({std::move(e.id), std::move(e.name), std::move(e.description),
                   std::move(e.source), e.builtin});
  return out;
}

std::vector<std::string> load_variant(const std::string& path, std::string& id) {
  std::vector<std::string> ids;
  auto problems = load_variants(path, ids);
  if (problems.empty() && !ids.empty()) id = ids.front();
  return problems;
}

std::vector<std::string> load_variants(const std::string& path, std::vector<std::string>& ids) {
  std::vector<std::string> problems;
  std::string error;
  const bool ran = guard(error, [&] {
    std::vector<std::string> loaded;
    for (const auto& e : catalog::load_files({path}, &loaded)) problems.push_back(e.text());
    if (problems.empty()) ids = std::move(loaded);
  });
  if (!ran) problems.push_back(path + ": " + error);
  return problems;
}

bool is_known_encoding(std::string_view name) {
  return notation::is_known_encoding(std::string(name));
}

CheckReport check_path(const std::string& path, unsigned jobs, bool strict) {
  return record::check_file(path, jobs, strict);
}

}  // namespace xpgn
