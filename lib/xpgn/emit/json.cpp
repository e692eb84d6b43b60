#include "xpgn/emit/json.hpp"

#include <cctype>
#include <optional>
#include <sstream>

#include "xpgn/record/utf8.hpp"

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
    case rules::EffectKind::exploded:
      return "exploded";
    case rules::EffectKind::to_hand:
      return "to_hand";
    case rules::EffectKind::check_counted:
      return "check_counted";
    case rules::EffectKind::gated:
      return "gated";
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

// `s` as a JSON string; invalid UTF-8 (the replayer warned about it) becomes U+FFFD.
json text_json(std::string_view s) {
  if (record::is_valid_utf8(s)) return std::string(s);
  return record::replace_invalid_utf8(s);
}

// A list of texts as a JSON array of strings.
json texts_json(const std::vector<std::string>& list) {
  json out = json::array();
  for (const auto& s : list) out.push_back(text_json(s));
  return out;
}

// Compact text of `value`; never throws (strings are valid UTF-8, the handler is a safeguard).
std::string dump(const json& value) {
  return value.dump(-1, ' ', false, json::error_handler_t::replace);
}

json commands_json(const record::Commands& c) {
  json out = json::object();
  out["clock"] = c.clock ? json(*c.clock) : json(nullptr);
  out["emt"] = c.elapsed ? json(*c.elapsed) : json(nullptr);
  out["eval"] = c.eval ? json(*c.eval) : json(nullptr);
  out["eval_mate"] = c.eval_mate ? json(*c.eval_mate) : json(nullptr);
  out["csl"] = texts_json(c.squares);
  out["cal"] = texts_json(c.arrows);
  return out;
}

// The fields every move object has, whether verified or not (variations and "verified" aside).
json node_fields(const record::MoveNode& node) {
  json out = json::object();
  out["ply"] = node.ply;
  out["text"] = text_json(node.text);
  out["line"] = node.pos.line;
  out["column"] = node.pos.column;
  out["comments_before"] = texts_json(node.comments_before);
  out["comments_after"] = texts_json(node.comments_after);
  out["nags"] = node.nags;
  out["commands"] = commands_json(node.commands);
  out["unverified_reason"] =
      node.unverified_reason.empty() ? json(nullptr) : text_json(node.unverified_reason);
  return out;
}

// A move kept as read after its line stopped being verified: what the rules would compute is
// null.
json unverified_move_json(const record::MoveNode& node) {
  json out = node_fields(node);
  for (const char* key : {"move_number", "color", "san", "long", "uci", "kind", "from", "to",
                          "piece", "captured", "promotion", "fen_after"})
    out[key] = nullptr;
  out["effects"] = json::array();
  return out;
}

// One verified move object without its variations; `before` is the position the move is
// played from.
json move_json(const rules::Variant& variant, const record::MoveNode& node,
               const rules::Position& before, const rules::Position& after) {
  const rules::Move& m = node.move;
  json out = node_fields(node);
  out["move_number"] = before.fullmove_number();
  out["color"] = before.side_to_move() == Color::white ? "white" : "black";
  out["san"] = node.san;
  out["long"] = node.null_move ? "--" : rules::to_long_algebraic(before, m, &after);
  out["uci"] = node.null_move ? "0000" : rules::to_uci(before, m);
  out["kind"] = node.null_move ? "null" : move_kind_name(m.kind);
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
  return out;
}

// Writes the moves of a line played from `start` (null: no position, every move unverified) as
// a JSON array, one move object at a time: memory stays that of one move per nesting level.
// The text is what nlohmann's dump() gives for the same value (keys in sorted order:
// "variations" and "verified" come last).
void write_line(std::ostream& out, const rules::Variant* variant, const record::Line& line,
                const rules::Position* start) {
  out << '[';
  const rules::Position* pos = start;  // before the move; the replayer stored the one after it
  bool first = true;
  for (const auto& node : line) {
    if (!first) out << ',';
    first = false;
    const bool verified = node.verified && pos && variant && node.after;
    json fields;
    if (verified) {
      fields = move_json(*variant, node, *pos, *node.after);
    } else {
      fields = unverified_move_json(node);
    }
    std::string text = dump(fields);
    text.pop_back();  // the closing brace
    out << text << ",\"variations\":[";
    bool first_variation = true;
    for (const auto& v : node.variations) {
      if (!first_variation) out << ',';
      first_variation = false;
      write_line(out, variant, v, verified ? pos : nullptr);
    }
    out << "],\"verified\":" << (verified ? "true" : "false") << '}';
    pos = verified ? &*node.after : nullptr;
  }
  out << ']';
}

}  // namespace

json diagnostic_to_json(const record::Diagnostic& d) {
  json out = json::object();
  out["severity"] = record::severity_name(d.severity);
  out["file"] = text_json(d.file);
  out["line"] = d.pos.line > 0 ? json(d.pos.line) : json(nullptr);
  out["column"] = d.pos.line > 0 ? json(d.pos.column) : json(nullptr);
  out["game"] = d.game > 0 ? json(d.game) : json(nullptr);
  out["ply"] = d.ply > 0 ? json(d.ply) : json(nullptr);
  out["token"] = d.token.empty() ? json(nullptr) : text_json(d.token);
  out["message"] = text_json(d.message);
  return out;
}

void write_game_json(std::ostream& out, const record::Game& game) {
  // Keys before "moves" (sorted order, as dump() writes them), then the moves, then the rest.
  json head = json::object();
  head["format"] = "xpgn-game";
  head["game"] = game.index;
  head["line"] = game.pos.line;
  head["comments"] = texts_json(game.comments);
  head["complete"] = game.mainline_complete;
  json diagnostics = json::array();
  for (const auto& d : game.diagnostics) diagnostics.push_back(diagnostic_to_json(d));
  head["diagnostics"] = std::move(diagnostics);
  json tail = json::object();
  json tags = json::array();
  for (const auto& t : game.tags)
    tags.push_back(json::array({text_json(t.name), text_json(t.value)}));
  tail["tags"] = std::move(tags);
  tail["variant"] = game.variant ? json(game.variant->id) : json(nullptr);
  tail["options"] = game.variant ? json(game.variant->options) : json::array();
  tail["start_fen"] = game.start_fen.empty() ? json(nullptr) : json(game.start_fen);
  tail["result"] = {
      {"tag", game.result_tag.empty() ? json(nullptr) : text_json(game.result_tag)},
      {"marker", game.result_marker.empty() ? json(nullptr) : text_json(game.result_marker)}};
  json winner = nullptr;
  if (game.outcome.winner) winner = *game.outcome.winner == Color::white ? "white" : "black";
  tail["outcome"] = {{"termination", rules::termination_name(game.outcome.termination)},
                     {"decided", game.outcome.decided()},
                     {"winner", winner},
                     {"result", game.outcome.result()}};
  tail["valid"] = game.valid();
  tail["version"] = game_format_version;
  std::string head_text = dump(head);
  head_text.pop_back();
  out << head_text << ",\"moves\":";
  std::optional<rules::Position> start;
  if (game.variant) start = game.start_position();
  write_line(out, game.variant, game.moves, start ? &*start : nullptr);
  out << ',' << std::string_view(dump(tail)).substr(1);
}

json game_to_json(const record::Game& game) {
  std::ostringstream out;
  write_game_json(out, game);
  return json::parse(out.str());
}

}  // namespace xpgn::emit
