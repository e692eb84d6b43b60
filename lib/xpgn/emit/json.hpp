// JSON output: one object per game, documented field by field in docs/json.md.
#pragma once

#include <ostream>

#include <nlohmann/json.hpp>

#include "xpgn/record/diagnostic.hpp"
#include "xpgn/record/game.hpp"

namespace xpgn::emit {

// The version of the game object ("format": "xpgn-game"), raised on any incompatible change
// (docs/schema/game.schema.json).
inline constexpr int game_format_version = 1;

// Machine name of an effect kind, as the "effects" of a move object give it ("capture",
// "birth", ...; "unknown" for a value outside the enumeration).
std::string_view effect_name(rules::EffectKind kind);

// {"severity", "file", "line", "column", "game", "ply", "token", "message"}; absent parts are
// null (line/column/game/ply 0 become null, an empty token null).
nlohmann::json diagnostic_to_json(const record::Diagnostic& diagnostic);

// Writes the JSON object of `game` (the text of game_to_json(game).dump()) one move at a time,
// so that memory stays bounded by the game tree however many moves and variations it holds.
// Every string is valid UTF-8 (invalid bytes become U+FFFD); never throws for a game the
// replayer produced.
void write_game_json(std::ostream& out, const record::Game& game);

// The whole game: tags, variant, options, start FEN, moves (with long/UCI forms, squares,
// pieces, effects, FEN after, comments, NAGs, commands, variations), result, outcome, validity
// and diagnostics. Replays the stored moves to compute positions; never throws for a game the
// replayer produced.
nlohmann::json game_to_json(const record::Game& game);

}  // namespace xpgn::emit
