// Building diagrams: marks from text and [%cal]/[%csl] commands, positions from a FEN and a SAN
// move, and the positions of a game's mainline.
#include <cstdio>
#include <string>
#include <string_view>

#include "xpgn/catalog/catalog.hpp"
#include "xpgn/notation/notation.hpp"
#include "xpgn/render/render.hpp"
#include "xpgn/rules/move_reader.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/san.hpp"
#include "xpgn/rules/usi.hpp"

namespace xpgn::render {
namespace {

bool is_hex(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

// Splits "e2e4:red" into the squares part and the colour (default green).
bool split_color(std::string_view text, std::string_view& squares, std::string& color,
                 std::string& error) {
  const auto colon = text.find(':');
  squares = text.substr(0, colon);
  const std::string_view name = colon == std::string_view::npos ? "green" : text.substr(colon + 1);
  auto css = mark_color(name);
  if (!css) {
    error = "unknown colour '" + std::string(name) +
            "' (use G R Y B, green red yellow blue orange purple, or #rrggbb)";
    return false;
  }
  color = *css;
  return true;
}

}  // namespace

std::optional<std::string> mark_color(std::string_view name) {
  struct Named {
    std::string_view letter, name, css;
  };
  static constexpr Named named[] = {
      {"G", "green", "#15a33a"}, {"R", "red", "#d42a2a"},    {"Y", "yellow", "#e8b400"},
      {"B", "blue", "#1f6fd1"},  {"O", "orange", "#e8710a"}, {"P", "purple", "#8c3cc8"},
  };
  for (const auto& n : named)
    if (name == n.letter || name == n.name) return std::string(n.css);
  if ((name.size() == 4 || name.size() == 7) && name[0] == '#') {
    for (std::size_t i = 1; i < name.size(); ++i)
      if (!is_hex(name[i])) return std::nullopt;
    return std::string(name);
  }
  return std::nullopt;
}

bool parse_arrow(std::string_view text, const rules::Variant& variant, Arrow& out,
                 std::string& error) {
  std::string_view squares;
  if (!split_color(text, squares, out.color, error)) return false;
  out.from = rules::take_square(squares, variant);
  out.to = rules::take_square(squares, variant);
  if (out.from == no_square || out.to == no_square || !squares.empty()) {
    error = "bad arrow '" + std::string(text) + "' (expected two squares of the board, e.g. e2e4)";
    return false;
  }
  return true;
}

bool parse_square_mark(std::string_view text, const rules::Variant& variant, SquareMark& out,
                       std::string& error) {
  std::string_view squares;
  if (!split_color(text, squares, out.color, error)) return false;
  out.square = rules::parse_square(squares, variant);
  if (out.square == no_square) {
    error = "bad square '" + std::string(text) + "' (expected a square of the board, e.g. e4)";
    return false;
  }
  return true;
}

void add_commands(const record::Commands& commands, const rules::Variant& variant,
                  std::vector<Arrow>& arrows, std::vector<SquareMark>& squares) {
  for (const auto& item : commands.arrows) {
    if (item.empty()) continue;
    auto color = mark_color(item.substr(0, 1));
    std::string_view rest = std::string_view(item).substr(1);
    const Square from = take_square(rest, variant);
    const Square to = take_square(rest, variant);
    if (!color || from == no_square || to == no_square || !rest.empty()) continue;
    arrows.push_back({from, to, *color});
  }
  for (const auto& item : commands.squares) {
    if (item.empty()) continue;
    auto color = mark_color(item.substr(0, 1));
    const Square s = rules::parse_square(std::string_view(item).substr(1), variant);
    if (!color || s == no_square) continue;
    squares.push_back({s, *color});
  }
}

std::optional<Diagram> diagram_from_fen(std::string_view variant_name,
                                        std::string_view variant_options, std::string_view fen,
                                        std::string_view move, std::string& error) {
  const rules::Variant* variant = catalog::find_variant(variant_name, variant_options, error);
  if (!variant) return std::nullopt;
  std::optional<rules::Position> pos;
  if (fen.empty()) {
    pos.emplace(rules::Position::start(*variant));
  } else {
    notation::SyntaxError syntax;
    // SFEN (the shogi family, rules/usi.hpp) or FEN.
    auto setup = rules::writes_sfen(*variant) ? rules::parse_sfen(fen) : std::nullopt;
    if (!setup) setup = notation::parse_fen(fen, &syntax);
    if (!setup) {
      error = "bad FEN: expected " + syntax.expected + " at character " +
              std::to_string(syntax.pos.column);
      return std::nullopt;
    }
    std::string why;
    pos = rules::Position::from_setup(*variant, *setup, why);
    if (!pos) {
      error = "bad FEN: " + why;
      return std::nullopt;
    }
  }
  if (move.empty()) return Diagram{*pos, std::nullopt, {}, {}, {}, {}};
  notation::SyntaxError syntax;
  auto token = notation::parse_san(move, &syntax);
  if (!token) {
    error = "bad move '" + std::string(move) + "': expected " + syntax.expected;
    return std::nullopt;
  }
  rules::Position after = *pos;
  rules::EffectList effects;
  // A move reader of its own: ICCS coordinates read as in a game's first move.
  rules::MoveReader reader;
  rules::Resolution r = reader.read(*pos, *token, &after, &effects);
  if (r.error != rules::MoveError::none) {
    error = "move '" + std::string(move) + "': " + r.message;
    return std::nullopt;
  }
  const std::string san = rules::to_san(*pos, r.move);
  const std::string number = std::to_string(pos->fullmove_number()) +
                             (pos->side_to_move() == Color::white ? ". " : "... ");
  return Diagram{after,   r.move,
                 effects, {},
                 {},      variant->name + ": " + after.fen() + " (after " + number + san + ")"};
}

std::vector<Diagram> game_diagrams(const record::Game& game) {
  std::vector<Diagram> out;
  auto start = game.start_position();
  if (!start) return out;
  const rules::Variant& variant = start->variant();
  std::string players;
  const std::string* white = game.tag("White");
  const std::string* black = game.tag("Black");
  if (white && black && (*white != "?" || *black != "?"))
    players = " (" + *white + " - " + *black + ")";
  const std::string name = "Game " + std::to_string(game.index) + players;

  Diagram first{*start, std::nullopt, {}, {}, {}, name + ", start position"};
  record::Commands commands;
  for (const auto& c : game.comments) record::parse_commands(c, commands);
  add_commands(commands, variant, first.arrows, first.squares);
  out.push_back(std::move(first));

  const rules::Position* before = &*start;
  for (const auto& node : game.moves) {
    if (!node.verified || !node.after) break;  // kept as read: no position after it
    const std::string number = std::to_string(before->fullmove_number()) +
                               (before->side_to_move() == Color::white ? ". " : "... ");
    before = &*node.after;  // stored by the replayer: nothing is played again
    rules::EffectList effects;
    for (const auto& e : node.effects) effects.push_back(e);
    Diagram d{*node.after, node.move,
              effects,     {},
              {},          name + ", ply " + std::to_string(node.ply) + ": " + number + node.san};
    add_commands(node.commands, variant, d.arrows, d.squares);
    out.push_back(std::move(d));
  }
  return out;
}

std::string ply_file_name(std::uint64_t game, int ply) {
  char digits[16];
  std::snprintf(digits, sizeof digits, "%03d", ply);
  return "game" + std::to_string(game) + "-ply" + digits + ".svg";
}

}  // namespace xpgn::render
