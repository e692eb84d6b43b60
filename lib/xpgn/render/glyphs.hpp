// Piece glyphs drawn for xpgn, in one style: a 100 x 100 box, the piece standing on a base line
// near the bottom, a thick outline, light details on dark pieces. Looked up by the piece's name
// ("cannon"), so every variant that has a piece of that name reuses its glyph. (Internal to the
// render module.)
#pragma once

#include <string>
#include <string_view>

#include "xpgn/core/types.hpp"

namespace xpgn::render::detail {

// The id of the glyph of a piece name and colour: "white-cannon", "black-sea-serpent" (letters
// and digits kept, anything else becomes '-').
std::string glyph_id(std::string_view name, Color color);

// The <g id="..."> definition of the glyph of `name` in `color`, with `prefix` before the id.
// A piece without a drawing of its own gets a disc with its `label`: its letter, or for a piece
// spelled "+X" in FEN (the shogi family's promoted pieces) that spelling, "+N".
std::string glyph_definition(std::string_view name, std::string_view label, Color color,
                             std::string_view prefix);

// The id of a token, the piece of a points board (xiangqi, janggi): "token-red-general" for the
// piece `name` lettered in `ink` (one of rules::diagram_inks).
std::string token_id(std::string_view name, std::string_view ink);

// The <g id="..."> definition of the token `id` (from token_id): a light disc ringed and lettered
// with `label` (a letter, or "+X") in its ink, with `prefix` before the id.
std::string token_definition(std::string_view id, std::string_view label, std::string_view prefix);

}  // namespace xpgn::render::detail
