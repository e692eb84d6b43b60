// JSON output: one object per game, documented field by field in docs/json.md.
#pragma once

#include <nlohmann/json.hpp>

#include "xpgn/record/diagnostic.hpp"
#include "xpgn/record/game.hpp"

namespace xpgn::emit {

// {"severity", "file", "line", "column", "game", "ply", "token", "message"}; absent parts are
// null (line/column/game/ply 0 become null, an empty token null).
nlohmann::json diagnostic_to_json(const record::Diagnostic& diagnostic);

// The whole game: tags, variant, options, start FEN, moves (with long/UCI forms, squares,
// pieces, effects, FEN after, comments, NAGs, commands, variations), result, outcome, validity
// and diagnostics. Replays the stored moves to compute positions; never throws for a game the
// replayer produced.
nlohmann::json game_to_json(const record::Game& game);

}  // namespace xpgn::emit
