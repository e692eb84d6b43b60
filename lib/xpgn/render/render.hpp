// Board diagrams as SVG: a pure function of what to draw (a Diagram: position, last move and its
// forced effects, arrows, coloured squares, title) and how (SvgOptions: size, orientation,
// coordinates, highlights, theme). Piece glyphs are drawn once per file in <defs>, only those
// used, and placed with <use>. The same input always gives the same bytes.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "xpgn/core/types.hpp"
#include "xpgn/record/game.hpp"
#include "xpgn/rules/move.hpp"
#include "xpgn/rules/position.hpp"

namespace xpgn::render {

// `text` with & < > " replaced by character references and every character XML 1.0 forbids
// (C0 controls but tab, LF and CR; U+FFFE, U+FFFF; invalid UTF-8) replaced by U+FFFD, for SVG
// and HTML output.
std::string escape_markup(std::string_view text);

// ---- What to draw --------------------------------------------------------------------------

// An arrow from one square to another (the same square twice: a ring), and a coloured square.
// `color` is a CSS colour: "#rrggbb" or one of the named mark colours (see mark_color).
struct Arrow {
  Square from = no_square;
  Square to = no_square;
  std::string color;
};
struct SquareMark {
  Square square = no_square;
  std::string color;
};

struct Diagram {
  rules::Position position;
  std::optional<rules::Move> last_move;  // highlighted with its effects
  rules::EffectList effects;             // forced effects of last_move
  std::vector<Arrow> arrows;
  std::vector<SquareMark> squares;
  std::string title;  // the SVG <title>; empty: "<variant name>: <FEN>"
};

// ---- How to draw it ------------------------------------------------------------------------

struct SvgOptions {
  int size = 400;           // pixels of the image's longer side
  bool flipped = false;     // Black at the bottom
  bool coordinates = true;  // file letters and rank numbers in the margin
  bool last_move = true;    // highlight the last move and its forced effects
  bool check = true;        // highlight royal pieces of the side to move that are attacked
  std::string theme = "brown";
};

// The theme names, in a stable order ("brown", "blue", "green", "print").
std::vector<std::string> theme_names();
bool is_theme(std::string_view name);

// The CSS colour of a mark colour: a [%cal]/[%csl] letter (G R Y B) or a name (green, red,
// yellow, blue, orange, purple), or "#rgb"/"#rrggbb" as given. nullopt for anything else.
std::optional<std::string> mark_color(std::string_view name);

// Parses "e2e4[:color]" (colour default green) into an arrow; false and `error` if bad.
bool parse_arrow(std::string_view text, const rules::Variant& variant, Arrow& out,
                 std::string& error);
// Parses "e4[:color]" (colour default green) into a coloured square; false and `error` if bad.
bool parse_square_mark(std::string_view text, const rules::Variant& variant, SquareMark& out,
                       std::string& error);
// Appends the arrows of [%cal] and the squares of [%csl] commands ("Ge2e4", "Rd5"); items that
// are not squares of the board are skipped.
void add_commands(const record::Commands& commands, const rules::Variant& variant,
                  std::vector<Arrow>& arrows, std::vector<SquareMark>& squares);

// A standalone SVG document of `diagram`.
std::string to_svg(const Diagram& diagram, const SvgOptions& options);

namespace detail {
// What a page's boards (SharedDefs) remember of the boards drawn before: each board's pieces
// layer, square by square, so that the next board of the same line draws only what changed.
struct PageLayers {
  struct Layer {
    std::vector<int> squares;  // per square (rank * files + file): its drawing's number, 0 empty
    int depth = 0;             // layers it builds on (0: drawn whole)
    std::string root;          // the layer drawn whole that its line starts from
    std::string base;          // the layer it builds on ("" when drawn whole)
  };
  std::map<std::string, Layer> layers;            // by the layer's id
  std::unordered_map<std::string, int> drawings;  // a square's drawing -> its number (from 1)
  std::map<std::string, std::string> glyphs;      // a glyph's key -> its short id ("wN", "bP")
};
}  // namespace detail

// Many diagrams on one page (HTML): each board() is an <svg> element that refers to shared
// definitions, and defs() is a hidden <svg> element defining everything the boards used. All
// boards share the options (and so the theme).
class SharedDefs {
 public:
  explicit SharedDefs(SvgOptions options, std::string id_prefix = "xpgn-");
  // An <svg> element drawing `diagram`; its squares and coordinates are shared by every board of
  // the same shape (a definition of its own), its glyphs too. With a `layer` id (unique on the
  // page) the pieces are drawn in a <g id="layer">; when `previous` names the layer of an earlier
  // board of the same variant (the position before this one), that group shows the earlier one
  // (<use>) and draws only the squares that changed, over the old ones. Highlighted squares are
  // tinted over the pieces and their pieces drawn again, so a layer holds no highlight.
  std::string board(const Diagram& diagram, const std::string& layer = {},
                    const std::string& previous = {});
  // Forgets the layers drawn so far (later boards draw theirs whole); frees their memory.
  // (The short glyph ids stay: the definitions keep them.)
  void forget_layers() {
    layers_.layers = {};
    layers_.drawings = {};
  }
  // An <svg> element of `size` pixels showing the glyph of piece `type` of `variant` in `color`
  // (a legend's entry), referring to the shared definitions.
  std::string glyph(const rules::Variant& variant, PieceType type, Color color, int size);
  // The hidden <svg> element defining everything the boards and glyphs used.
  std::string defs() const;

 private:
  SvgOptions options_;
  std::string prefix_;
  std::set<std::string> used_;
  detail::PageLayers layers_;
};

// ---- Diagrams from FEN and games -----------------------------------------------------------

// The variant `name` with `options`, the position `fen` (empty: the start position) and,
// when `move` is not empty, the position after that SAN move, highlighted with its effects.
// nullopt and `error` on a bad variant, FEN or move.
std::optional<Diagram> diagram_from_fen(std::string_view variant_name,
                                        std::string_view variant_options, std::string_view fen,
                                        std::string_view move, std::string& error);

// The diagrams of a game's mainline: index 0 is the start position, index k the position after
// ply k, with its move, effects, [%cal]/[%csl] marks and a title naming game, ply and SAN. Empty
// when the game has no start position (unknown variant or bad FEN); it stops before the first
// unverified move.
std::vector<Diagram> game_diagrams(const record::Game& game);

// The file name of one ply's diagram: "game3-ply012.svg" (at least 3 digits for the ply).
std::string ply_file_name(std::uint64_t game, int ply);

}  // namespace xpgn::render
