#include "xpgn/emit/json.hpp"

#include <cctype>
#include <optional>

#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/san.hpp"

namespace xpgn::emit {

namespace {

using nlohmann::json;

// FEN letter of a piece, lower case for Black; null for no piece.
json piece_json(const rules::Variant& variant, Piece piece) {
  if (piece.empty() || piece.type() >= variant.pieces.size()) return nullptr;
  char c = variant.pieces[piece.type()].fen();
  if (piece.color() == Color::black)
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return std::string(1, c);
}

// Square name or null.
json square_json(Square s) {
  if (s == no_square) return nullptr;
  return square_name(s);
}

// Machine name of an effect kind.
std::string_view effect_name(rules::EffectKind kind) {
  switch (kind) {
    case rules::EffectKind::capture:
      return "capture";
    case rules::EffectKind::rook_castled:
      return "rook_castled";
    case rules::EffectKind::promotion:
      return "promotion";
    case rules::EffectKind::birth:
      return "birth";
    case rules::EffectKind::reserve_pawn:
      return "reserve_pawn";
    case rules::EffectKind::to_reentry:
      return "to_reentry";
    case rules::EffectKind::reentry_lost:
      return "reentry_lost";
    case rules::EffectKind::pushed:
      return "pushed";
    case rules::EffectKind::teleported:
      return "teleported";
    case rules::EffectKind::portal_declared:
      return "portal_declared";
    case rules::EffectKind::portal_vanished:
      return "portal_vanished";
    case rules::EffectKind::piece_removed:
      return "piece_removed";
    case rules::EffectKind::pregnant:
      return "pregnant";
    case rules::EffectKind::catacomb_switch:
      return "catacomb_switch";
  }
  return "unknown";
}

// Machine name of a move kind.
std::string_view move_kind_name(rules::MoveKind kind) {
  switch (kind) {
    case rules::MoveKind::normal:
      return "normal";
    case rules::MoveKind::en_passant:
      return "en_passant";
    case rules::MoveKind::castle:
      return "castle";
    case rules::MoveKind::placement:
      return "placement";
    case rules::MoveKind::pass:
      return "pass";
  }
  return "unknown";
}

// The piece the move captured, from its effects or else from the board.
Piece captured_piece(const rules::Position& before, const record::MoveNode& node) {
  for (const auto& e : node.effects)
    if (e.kind == rules::EffectKind::capture) return e.piece;
  const rules::Move& m = node.move;
  if (m.kind == rules::MoveKind::normal && m.to != no_square) {
    Piece p = before.at(m.to);
    if (!p.empty() && p.color() != before.side_to_move()) return p;
  }
  return no_piece;
}

json commands_json(const record::Commands& c) {
  json out = json::object();
  out["clock"] = c.clock ? json(*c.clock) : json(nullptr);
  out["eval"] = c.eval ? json(*c.eval) : json(nullptr);
  out["eval_mate"] = c.eval_mate ? json(*c.eval_mate) : json(nullptr);
  out["csl"] = c.squares;
  out["cal"] = c.arrows;
  return out;
}

json line_json(const rules::Variant& variant, const record::Line& line,
               const rules::Position& start);

// One move object; `before` is the position the move is played from.
json move_json(const rules::Variant& variant, const record::MoveNode& node,
               const rules::Position& before, const rules::Position& after) {
  const rules::Move& m = node.move;
  json out = json::object();
  out["ply"] = node.ply;
  out["move_number"] = before.fullmove_number();
  out["color"] = before.side_to_move() == Color::white ? "white" : "black";
  out["san"] = node.san;
  out["text"] = node.text;
  out["line"] = node.pos.line;
  out["column"] = node.pos.column;
  out["long"] = rules::to_long_algebraic(before, m);
  out["uci"] = rules::to_uci(before, m);
  out["kind"] = move_kind_name(m.kind);
  out["from"] = square_json(m.kind == rules::MoveKind::placement ? no_square : m.from);
  out["to"] = square_json(m.to);
  json piece = nullptr;
  if (m.piece != no_piece_type)
    piece = piece_json(variant, make_piece(before.side_to_move(), m.piece));
  out["piece"] = piece;
  out["captured"] = piece_json(variant, captured_piece(before, node));
  out["promotion"] = m.promotion == no_piece_type
                         ? json(nullptr)
                         : piece_json(variant, make_piece(before.side_to_move(), m.promotion));
  json effects = json::array();
  for (const auto& e : node.effects) {
    effects.push_back({{"kind", effect_name(e.kind)},
                       {"square", square_json(e.square)},
                       {"to", square_json(e.to)},
                       {"piece", piece_json(variant, e.piece)}});
  }
  out["effects"] = std::move(effects);
  out["fen_after"] = after.fen();
  out["comments_before"] = node.comments_before;
  out["comments_after"] = node.comments_after;
  out["nags"] = node.nags;
  out["commands"] = commands_json(node.commands);
  json variations = json::array();
  for (const auto& v : node.variations) variations.push_back(line_json(variant, v, before));
  out["variations"] = std::move(variations);
  return out;
}

// The moves of a line played from `start`.
json line_json(const rules::Variant& variant, const record::Line& line,
               const rules::Position& start) {
  json out = json::array();
  rules::Position pos = start;
  for (const auto& node : line) {
    rules::Position after = rules::play(pos, node.move);
    out.push_back(move_json(variant, node, pos, after));
    pos = after;
  }
  return out;
}

}  // namespace

json diagnostic_to_json(const record::Diagnostic& d) {
  json out = json::object();
  out["severity"] = record::severity_name(d.severity);
  out["file"] = d.file;
  out["line"] = d.pos.line > 0 ? json(d.pos.line) : json(nullptr);
  out["column"] = d.pos.line > 0 ? json(d.pos.column) : json(nullptr);
  out["game"] = d.game > 0 ? json(d.game) : json(nullptr);
  out["ply"] = d.ply > 0 ? json(d.ply) : json(nullptr);
  out["token"] = d.token.empty() ? json(nullptr) : json(d.token);
  out["message"] = d.message;
  return out;
}

json game_to_json(const record::Game& game) {
  json out = json::object();
  out["game"] = game.index;
  out["line"] = game.pos.line;
  json tags = json::array();
  for (const auto& t : game.tags) tags.push_back(json::array({t.name, t.value}));
  out["tags"] = std::move(tags);
  out["variant"] = game.variant ? json(game.variant->id) : json(nullptr);
  out["options"] = game.variant ? json(game.variant->options) : json::array();
  out["start_fen"] = game.start_fen.empty() ? json(nullptr) : json(game.start_fen);
  out["comments"] = game.comments;
  json moves = json::array();
  if (game.variant) {
    if (auto start = game.start_position()) moves = line_json(*game.variant, game.moves, *start);
  }
  out["moves"] = std::move(moves);
  out["result"] = {
      {"tag", game.result_tag.empty() ? json(nullptr) : json(game.result_tag)},
      {"marker", game.result_marker.empty() ? json(nullptr) : json(game.result_marker)}};
  json winner = nullptr;
  if (game.outcome.winner) winner = *game.outcome.winner == Color::white ? "white" : "black";
  out["outcome"] = {{"termination", rules::termination_name(game.outcome.termination)},
                    {"decided", game.outcome.decided()},
                    {"winner", winner},
                    {"result", game.outcome.result()}};
  out["complete"] = game.mainline_complete;
  out["valid"] = game.valid();
  json diagnostics = json::array();
  for (const auto& d : game.diagnostics) diagnostics.push_back(diagnostic_to_json(d));
  out["diagnostics"] = std::move(diagnostics);
  return out;
}

}  // namespace xpgn::emit
