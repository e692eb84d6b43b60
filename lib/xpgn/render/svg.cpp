// Drawing a diagram as SVG. Layers, bottom to top: margin, squares, highlights (last move,
// coloured squares, check), coordinates, the hand box, pairs of squares, pieces (two on a
// square as two overlapping glyphs), marks, forced effects, arrows. Coordinates are integers in a
// box where a square is 100 units wide; arrow corners are rounded to a tenth of a unit.
#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "xpgn/render/effect_style.hpp"
#include "xpgn/render/glyphs.hpp"
#include "xpgn/render/render.hpp"
#include "xpgn/rules/component.hpp"
#include "xpgn/rules/movegen.hpp"

namespace xpgn::render {
namespace {

constexpr int unit = 100;  // one square

struct Theme {
  std::string_view name;
  std::string_view light, dark;  // squares
  std::string_view frame;        // the margin
  std::string_view coordinates;  // text in the margin
  std::string_view border;       // line around the board
  std::string_view last_move;    // fill of the last move's squares
  std::string_view hand;         // fill of the hand box beside the board
  bool hatched;                  // dark squares hatched (print) instead of filled
};

constexpr std::array<Theme, 4> themes = {{
    {"brown", "#f0dab5", "#b58762", "#4b3727", "#f0dab5", "#2e2016", "#dcc43c", "#e6d3b0", false},
    {"blue", "#dfe6ea", "#819db1", "#2e3f4d", "#dfe6ea", "#1d2a34", "#e9d54f", "#d3dde3", false},
    {"green", "#eeeed4", "#789656", "#3a4a2c", "#eeeed4", "#26321c", "#e8d84a", "#e2e2c6", false},
    {"print", "#ffffff", "#000000", "#ffffff", "#000000", "#000000", "#9a9a9a", "#ffffff", true},
}};

const Theme& theme_of(std::string_view name) {
  for (const auto& t : themes)
    if (t.name == name) return t;
  return themes[0];
}

// A number with at most `decimals` (1 or 2) decimals ("12", "12.5", "-3.2", "0.62").
std::string num(double v, int decimals = 1) {
  const long scale = decimals == 2 ? 100 : 10;
  long fraction = std::lround(v * static_cast<double>(scale));
  std::string out;
  if (fraction < 0) {
    out += '-';
    fraction = -fraction;
  }
  out += std::to_string(fraction / scale);
  std::string digits = std::to_string(fraction % scale + scale).substr(1);
  while (!digits.empty() && digits.back() == '0') digits.pop_back();
  if (!digits.empty()) out += '.' + digits;
  return out;
}

// Text made safe for XML/HTML content and attribute values (see escape_markup).
std::string escape(std::string_view text) {
  return escape_markup(text);
}

// On a page of boards (SharedDefs), each glyph and coordinate is turned by the CSS variable
// --xpgn-turn, inherited from the board: a page turning a board round sets it to
// rotate(180deg) to keep them upright (html.cpp, `f`).
constexpr std::string_view shared_turn = "transform:var(--xpgn-turn,none)";

// Replaces every `from` in `text` by `to`.
void replace_all(std::string& text, std::string_view from, const std::string& to) {
  for (auto at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
}

// The short id of the glyph `key` ("white-knight \t knight \t N") on a page: the colour's
// initial and the piece's letter ("wN"), numbered when another glyph of the page has it ("wN2").
std::string page_glyph_id(detail::PageLayers& page, const std::string& key, Color color,
                          char letter) {
  const auto found = page.glyphs.find(key);
  if (found != page.glyphs.end()) return found->second;
  const bool plain = (letter >= 'a' && letter <= 'z') || (letter >= 'A' && letter <= 'Z') ||
                     (letter >= '0' && letter <= '9');
  const std::string base =
      std::string(1, color == Color::white ? 'w' : 'b') + (plain ? letter : 'x');
  std::string id = base;
  const auto taken = [&](const std::string& candidate) {
    for (const auto& entry : page.glyphs)
      if (entry.second == candidate) return true;
    return false;
  };
  for (int n = 2; taken(id); ++n) id = base + std::to_string(n);
  page.glyphs.emplace(key, id);
  return id;
}

// The id of the glyph of piece `def` of colour `color` in `variant`'s diagrams: a token in the
// side's ink on a board of points, the piece's glyph otherwise.
std::string piece_glyph_id(const rules::Variant& variant, const rules::PieceDef& def, Color color) {
  if (!variant.diagram.points) return detail::glyph_id(def.name, color);
  return detail::token_id(def.name, variant.diagram.inks[color == Color::white ? 0 : 1]);
}

// Everything the layers need to place things.
class Canvas {
 public:
  // `layers` (a page's boards, SharedDefs; null for a standalone SVG): what the page's earlier
  // boards drew; `layer` and `previous`: see SharedDefs::board.
  Canvas(const Diagram& d, const SvgOptions& o, std::string prefix, std::set<std::string>& used,
         detail::PageLayers* layers = nullptr, std::string layer = {}, std::string previous = {})
      : layers_(layers),
        layer_(std::move(layer)),
        previous_(std::move(previous)),
        diagram_(d),
        pos_(d.position),
        variant_(d.position.variant()),
        options_(o),
        theme_(theme_of(o.theme)),
        prefix_(std::move(prefix)),
        used_(used) {
    margin_ = o.coordinates ? 40 : 6;
    board_w_ = variant_.files * unit;
    board_h_ = variant_.ranks * unit;
    const bool side_column = !hand_label().empty() || !counter_caption(Color::white).empty();
    width_ = 2 * margin_ + board_w_ + (side_column ? 30 + unit : 0);
    height_ = 2 * margin_ + board_h_;
    board_id_ = "b" + std::to_string(variant_.files) + "x" + std::to_string(variant_.ranks) + "w" +
                std::to_string(width_) + points_key();
  }

  // The <svg> element; `defs` is inserted after the title.
  std::string draw(bool standalone) {
    const int longer = std::max(width_, height_);
    const int size = std::max(options_.size, 1);
    const long px_w = std::max(1L, std::lround(static_cast<double>(size) * width_ / longer));
    const long px_h = std::max(1L, std::lround(static_cast<double>(size) * height_ / longer));
    std::string out;
    // (On a page, the HTML parser gives the elements their namespaces, and the page says what
    // the diagram shows: no title.)
    if (standalone)
      out +=
          "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\""
          " version=\"1.1\"";
    else
      out += "<svg";
    out += " viewBox=\"0 0 " + std::to_string(width_) + ' ' + std::to_string(height_) + "\"";
    if (standalone)  // (a page sizes its boards with CSS)
      out += " width=\"" + std::to_string(px_w) + "\" height=\"" + std::to_string(px_h) + "\"";
    out += ">\n";
    if (standalone) out += "<title>" + escape(title()) + "</title>\n";
    std::string body;
    if (standalone) {
      draw_board(body);
      draw_highlights(body);
      draw_coordinates(body);
    } else {
      // Boards of one page share their squares and coordinates (in the margin: nothing drawn
      // later covers them), defined once and placed with <use>.
      const std::string& id = board_id_;
      const std::string key = "~board\t" + id + '\t';
      const auto defined = used_.lower_bound(key);
      if (defined == used_.end() || defined->compare(0, key.size(), key) != 0) {
        // (The same for every board of this shape on the page: drawn once.)
        std::string background;
        draw_board(background);
        draw_coordinates(background);
        turn_texts(background);
        used_.insert(key + background);
      }
      // The pieces (a layer that may build on the previous board's), then the highlights over
      // them, and the pieces of the highlighted squares again over those.
      std::vector<std::string> drawings(static_cast<std::size_t>(variant_.files * variant_.ranks));
      for (int r = 0; r < variant_.ranks; ++r)
        for (int f = 0; f < variant_.files; ++f) {
          std::string& drawing = drawings[static_cast<std::size_t>(r * variant_.files + f)];
          draw_square(drawing, make_square(f, r), true);
          turn_texts(drawing);
        }
      draw_layer(body, "<use href=\"#" + prefix_ + id + "\"/>\n", drawings);
      std::vector<Square> tinted;
      draw_highlights(body, &tinted);
      for (Square s : tinted)
        body += drawings[static_cast<std::size_t>(rank_of(s) * variant_.files + file_of(s))];
    }
    draw_hand(body);
    draw_counters(body);
    if (standalone) {
      draw_pairs(body);
      draw_pieces(body);
    }
    draw_marks(body);
    draw_effects(body);
    draw_arrows(body);
    if (standalone) out += defs_of(used_, prefix_, theme_) + '\n';
    out += body;
    out += "</svg>\n";
    return out;
  }

  // <defs> with everything in `used`, in a stable (sorted) order.
  // (`shared`: the definitions of a page's boards, whose glyphs and coordinates turn round
  // on their own centre by --xpgn-turn.)
  // (`glyph_ids`: a page's short glyph ids, see page_glyph_id.)
  static std::string defs_of(const std::set<std::string>& used, const std::string& prefix,
                             const Theme& theme, bool shared = false,
                             const std::map<std::string, std::string>* glyph_ids = nullptr) {
    std::string out = "<defs>";
    for (const auto& key : used) {
      if (key == "~check") {
        out += "\n<radialGradient id=\"" + prefix +
               "check\"><stop offset=\"0\" stop-color=\"#ff3030\" stop-opacity=\"1\"/>"
               "<stop offset=\"0.5\" stop-color=\"#e01818\" stop-opacity=\"0.6\"/>"
               "<stop offset=\"1\" stop-color=\"#b00000\" stop-opacity=\"0\"/></radialGradient>";
      } else if (key == "~hatch") {
        out += "\n<pattern id=\"" + prefix +
               "hatch\" patternUnits=\"userSpaceOnUse\" width=\"12\" height=\"12\">"
               "<rect width=\"12\" height=\"12\" fill=\"#ffffff\"/><path d=\"M-3 3L3 -3M0 12L12 "
               "0M9 15L15 9\" stroke=\"";
        out += theme.dark;
        out += "\" stroke-width=\"2\"/></pattern>";
      } else if (key == "~lastmove") {
        out += "\n<rect id=\"" + prefix + "lm\" width=\"100\" height=\"100\" fill=\"";
        out += theme.last_move;
        out += "\" fill-opacity=\"0.55\"/>";
      } else if (key == "~lastmove-point") {
        out += "\n<circle id=\"" + prefix + "lmp\" cx=\"50\" cy=\"50\" r=\"49\" fill=\"";
        out += theme.last_move;
        out += "\" fill-opacity=\"0.55\"/>";
      } else if (key == "~cell") {
        out +=
            "\n<clipPath id=\"" + prefix + "cell\"><rect width=\"100\" height=\"100\"/></clipPath>";
      } else if (key == "~cover") {
        out += "\n<rect id=\"" + prefix + "d\" width=\"100\" height=\"100\" fill=\"";
        out += theme.dark;
        out += "\"/><rect id=\"" + prefix + "l\" width=\"100\" height=\"100\" fill=\"";
        out += theme.light;
        out += "\"/>";
      } else if (key.rfind("~def\t", 0) == 0) {  // "~def \t definition", as it is
        out += '\n' + key.substr(5);
      } else if (key.rfind("~board\t", 0) == 0) {
        // "~board \t id \t drawing": a board's squares and coordinates
        const auto tab = key.find('\t', 7);
        out +=
            "\n<g id=\"" + prefix + key.substr(7, tab - 7) + "\">" + key.substr(tab + 1) + "</g>";
      } else {
        // "glyph id \t name \t label" (label: the letter, or "+X")
        const auto tab1 = key.find('\t');
        const auto tab2 = key.find('\t', tab1 + 1);
        const std::string id = key.substr(0, tab1);
        const std::string name = key.substr(tab1 + 1, tab2 - tab1 - 1);
        const Color color = id.rfind("white-", 0) == 0 ? Color::white : Color::black;
        out += '\n';
        std::string glyph =
            id.rfind("token-", 0) == 0
                ? detail::token_definition(id, key.substr(tab2 + 1), prefix)
                : detail::glyph_definition(name, key.substr(tab2 + 1), color, prefix);
        if (glyph_ids && glyph_ids->count(key))
          replace_all(glyph, "id=\"" + prefix + id + "\"",
                      "id=\"" + prefix + glyph_ids->at(key) + "\"");
        if (shared)
          glyph.insert(2, " style=\"" + std::string(shared_turn) + ";transform-origin:50px 50px\"");
        out += glyph;
      }
    }
    out += "\n</defs>";
    return out;
  }

 private:
  std::string title() const {
    if (!diagram_.title.empty()) return diagram_.title;
    return variant_.name + ": " + pos_.fen();
  }

  int x_of(Square s) const {
    const int f = file_of(s);
    return margin_ + (options_.flipped ? variant_.files - 1 - f : f) * unit;
  }
  int y_of(Square s) const {
    const int r = rank_of(s);
    return margin_ + (options_.flipped ? r : variant_.ranks - 1 - r) * unit;
  }
  int hand_x() const { return margin_ + board_w_ + 30; }
  int hand_y() const { return margin_ + (board_h_ - unit) / 2; }
  bool on_board(Square s) const { return variant_.on_board(s); }

  static std::string rect(int x, int y, int w, int h) {
    return "<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" width=\"" +
           std::to_string(w) + "\" height=\"" + std::to_string(h) + "\"/>";
  }

  // "" for a board of squares; for a board of points "p" and a fingerprint of its lines (river,
  // palaces, marks), so that a page's boards of one shape but other lines get backgrounds of
  // their own.
  std::string points_key() const {
    if (!points()) return {};
    const rules::DiagramSpec& d = variant_.diagram;
    std::uint32_t hash = 2166136261u;  // FNV-1a
    const auto add = [&](unsigned value) { hash = (hash ^ value) * 16777619u; };
    add(d.river ? 1 : 0);
    for (const auto& palace : d.palaces) add(palace[0]), add(palace[1]);
    add(0xFFFFu);
    for (Square s : d.marks) add(s);
    static const char hex[] = "0123456789abcdef";
    std::string out = "p";
    for (int shift = 28; shift >= 0; shift -= 4) out += hex[(hash >> shift) & 15u];
    return out;
  }

  // True when the pieces stand on the points of a grid of lines (the variant's diagram).
  bool points() const { return variant_.diagram.points; }

  // The centre of `s`'s place: a square's middle, or its point.
  int cx_of(Square s) const { return x_of(s) + unit / 2; }
  int cy_of(Square s) const { return y_of(s) + unit / 2; }

  // A line from the point of `a` to the point of `b` (its stroke given by the enclosing group).
  void point_line(std::string& out, Square a, Square b) const {
    out += "<path d=\"M" + std::to_string(cx_of(a)) + ' ' + std::to_string(cy_of(a)) + 'L' +
           std::to_string(cx_of(b)) + ' ' + std::to_string(cy_of(b)) + "\"/>";
  }

  // A board of points: the grid of lines (the inner files broken by a river), a frame round it,
  // the palaces' diagonals and the position marks, in the theme's border colour on its light
  // colour.
  void draw_points_board(std::string& out) {
    const rules::DiagramSpec& d = variant_.diagram;
    const int files = variant_.files, ranks = variant_.ranks;
    out += "<rect width=\"" + std::to_string(width_) + "\" height=\"" + std::to_string(height_) +
           "\" fill=\"" + std::string(theme_.frame) + "\"/>\n";
    out += "<rect x=\"" + std::to_string(margin_) + "\" y=\"" + std::to_string(margin_) +
           "\" width=\"" + std::to_string(board_w_) + "\" height=\"" + std::to_string(board_h_) +
           "\" fill=\"" + std::string(theme_.light) + "\"/>\n";
    // A frame a little outside the outer lines.
    constexpr int frame = 14;
    out += "<rect x=\"" + std::to_string(margin_ + unit / 2 - frame) + "\" y=\"" +
           std::to_string(margin_ + unit / 2 - frame) + "\" width=\"" +
           std::to_string(board_w_ - unit + 2 * frame) + "\" height=\"" +
           std::to_string(board_h_ - unit + 2 * frame) + "\" fill=\"none\" stroke=\"" +
           std::string(theme_.border) + "\" stroke-width=\"5\"/>\n";
    out += "<g class=\"points\" stroke=\"" + std::string(theme_.border) +
           "\" stroke-width=\"3\" stroke-linecap=\"square\" fill=\"none\">";
    for (int r = 0; r < ranks; ++r) point_line(out, make_square(0, r), make_square(files - 1, r));
    const int river = d.river ? ranks / 2 : -1;  // the first rank beyond the river
    for (int f = 0; f < files; ++f) {
      if (river < 0 || f == 0 || f == files - 1) {
        point_line(out, make_square(f, 0), make_square(f, ranks - 1));
      } else {
        point_line(out, make_square(f, 0), make_square(f, river - 1));
        point_line(out, make_square(f, river), make_square(f, ranks - 1));
      }
    }
    out += "</g>\n";
    if (!d.palaces.empty()) {
      out += "<g class=\"palace\" stroke=\"" + std::string(theme_.border) +
             "\" stroke-width=\"3\" fill=\"none\">";
      for (const auto& palace : d.palaces) {
        const Square a = palace[0], b = palace[1];
        point_line(out, a, b);
        point_line(out, make_square(file_of(a), rank_of(b)), make_square(file_of(b), rank_of(a)));
      }
      out += "</g>\n";
    }
    if (!d.marks.empty()) {
      // Four small corners round each mark's point, those beyond the board's edge left out.
      out += "<path class=\"marks\" stroke=\"" + std::string(theme_.border) +
             "\" stroke-width=\"3\" fill=\"none\" d=\"";
      constexpr int gap = 8, arm = 16;
      for (Square s : d.marks) {
        for (int dx : {-1, 1})
          for (int dy : {-1, 1}) {
            const int edge_file = dx * (options_.flipped ? -1 : 1) < 0 ? 0 : files - 1;
            if (file_of(s) == edge_file) continue;
            const int x = cx_of(s) + dx * gap, y = cy_of(s) + dy * gap;
            out += 'M' + std::to_string(x + dx * arm) + ' ' + std::to_string(y) + 'H' +
                   std::to_string(x) + 'V' + std::to_string(y + dy * arm);
          }
      }
      out += "\"/>\n";
    }
  }

  void draw_board(std::string& out) {
    if (points()) {
      draw_points_board(out);
      return;
    }
    out += "<rect width=\"" + std::to_string(width_) + "\" height=\"" + std::to_string(height_) +
           "\" fill=\"" + std::string(theme_.frame) + "\"/>\n";
    out += "<rect x=\"" + std::to_string(margin_) + "\" y=\"" + std::to_string(margin_) +
           "\" width=\"" + std::to_string(board_w_) + "\" height=\"" + std::to_string(board_h_) +
           "\" fill=\"" + std::string(theme_.light) + "\"/>\n";
    if (layers_ && !theme_.hatched) {
      // On a page: the dark squares as a pattern of two squares (which two: the colour of the
      // top left square).
      const int f = options_.flipped ? variant_.files - 1 : 0;
      const int r = options_.flipped ? 0 : variant_.ranks - 1;
      const bool dark = (f + r) % 2 == 0;
      const std::string id = prefix_ + "sq" + (dark ? "d" : "l") + std::to_string(margin_);
      used_.insert("~def\t<pattern id=\"" + id + "\" patternUnits=\"userSpaceOnUse\" x=\"" +
                   std::to_string(margin_) + "\" y=\"" + std::to_string(margin_) +
                   "\" width=\"200\" height=\"200\" fill=\"" + std::string(theme_.dark) + "\">" +
                   rect(dark ? 0 : unit, 0, unit, unit) + rect(dark ? unit : 0, unit, unit, unit) +
                   "</pattern>");
      out += "<rect x=\"" + std::to_string(margin_) + "\" y=\"" + std::to_string(margin_) +
             "\" width=\"" + std::to_string(board_w_) + "\" height=\"" + std::to_string(board_h_) +
             "\" fill=\"url(#" + id + ")\"/>\n";
    } else {
      if (theme_.hatched) {
        used_.insert("~hatch");
        out += "<g fill=\"url(#" + prefix_ + "hatch)\">";
      } else {
        out += "<g fill=\"" + std::string(theme_.dark) + "\">";
      }
      for (int r = 0; r < variant_.ranks; ++r)
        for (int f = 0; f < variant_.files; ++f)
          if ((f + r) % 2 == 0) {
            const Square s = make_square(f, r);
            out += rect(x_of(s), y_of(s), unit, unit);
          }
      out += "</g>\n";
    }
    // (On a page the border lies just outside the squares, which a board's layer may cover.)
    const double inset = layers_ ? -1.5 : 0;
    out += "<rect x=\"" + num(margin_ + inset) + "\" y=\"" + num(margin_ + inset) + "\" width=\"" +
           num(board_w_ - 2 * inset) + "\" height=\"" + num(board_h_ - 2 * inset) +
           "\" fill=\"none\" stroke=\"" + std::string(theme_.border) + "\" stroke-width=\"3\"/>\n";
  }

  // On a page: a square's drawing turned upright by --xpgn-turn (see shared_turn).
  static void turn_texts(std::string& drawing) {
    if (drawing.find("<text ") == std::string::npos) return;
    replace_all(drawing, "<text ",
                "<text style=\"" + std::string(shared_turn) +
                    ";transform-box:fill-box;transform-origin:center\" ");
  }

  // The square `s` painted over in its own colour (hiding what an earlier layer drew there).
  void cover(std::string& out, Square s) {
    if (points()) {
      // The board's own background (lines, palace, marks), moved so that the place's cell lies
      // at the origin, clipped to the cell and moved back.
      used_.insert("~cell");
      const std::string x = std::to_string(x_of(s)), y = std::to_string(y_of(s));
      out += "<g transform=\"translate(" + x + ' ' + y + ")\" clip-path=\"url(#" + prefix_ +
             "cell)\"><use href=\"#" + prefix_ + board_id_ + "\" x=\"-" + x + "\" y=\"-" + y +
             "\"/></g>\n";
      return;
    }
    const bool dark = (file_of(s) + rank_of(s)) % 2 == 0;
    if (dark && theme_.hatched) {  // (a pattern of its own would not line up with the board's)
      used_.insert("~hatch");
      out += "<rect x=\"" + std::to_string(x_of(s)) + "\" y=\"" + std::to_string(y_of(s)) +
             "\" width=\"100\" height=\"100\" fill=\"url(#" + prefix_ + "hatch)\"/>\n";
      return;
    }
    used_.insert("~cover");
    out += "<use href=\"#" + prefix_ + (dark ? "d" : "l") + "\" x=\"" + std::to_string(x_of(s)) +
           "\" y=\"" + std::to_string(y_of(s)) + "\"/>\n";
  }

  // The squares of a page's board: its `background` (squares and coordinates) and its pieces,
  // `drawings` per square (rank * files + file); in a group of its own when it has a layer id,
  // which shows the previous layer and draws over the squares that changed when there is one to
  // build on (the same board, not too deep, not too different).
  void draw_layer(std::string& out, const std::string& background,
                  const std::vector<std::string>& drawings) {
    constexpr int deepest = 16;  // layers built on one another, at most
    std::vector<int> numbers(drawings.size(), 0);
    for (std::size_t i = 0; i < drawings.size(); ++i)
      if (!drawings[i].empty())
        numbers[i] = layers_->drawings
                         .try_emplace(drawings[i], static_cast<int>(layers_->drawings.size()) + 1)
                         .first->second;
    // What to build on: the previous layer, or when that is too deep the first of its line
    // (drawn whole), the cheaper that is cheaper than drawing the pieces whole.
    std::size_t best = background.size();
    for (const auto& d : drawings) best += d.size();
    const detail::PageLayers::Layer* before = nullptr;
    std::string base;  // its id
    const auto consider = [&](const std::string& id) {
      const auto found = layers_->layers.find(id);
      if (found == layers_->layers.end() || found->second.squares.size() != numbers.size() ||
          found->second.depth >= deepest)
        return;
      std::size_t cost = id.size() + 16;
      for (std::size_t i = 0; i < numbers.size(); ++i)
        if (numbers[i] != found->second.squares[i])
          cost += drawings[i].size() + (found->second.squares[i] != 0 ? 34 : 0);
      if (cost >= best) return;
      best = cost;
      before = &found->second;
      base = id;
    };
    if (!layer_.empty() && !previous_.empty()) {
      consider(previous_);
      const auto found = layers_->layers.find(previous_);
      if (found != layers_->layers.end()) consider(std::string(found->second.root));
    }
    if (!layer_.empty()) out += "<g id=\"" + layer_ + "\">";
    out += before ? "<use href=\"#" + base + "\"/>\n" : background;
    for (std::size_t i = 0; i < numbers.size(); ++i) {
      if (before && numbers[i] == before->squares[i]) continue;
      const int files = variant_.files;
      if (before && before->squares[i] != 0)
        cover(out, make_square(static_cast<int>(i) % files, static_cast<int>(i) / files));
      out += drawings[i];
    }
    if (layer_.empty()) return;
    out += "</g>\n";
    const int depth = before ? before->depth + 1 : 0;
    const std::string root = before ? before->root : layer_;
    layers_->layers[layer_] = {std::move(numbers), depth, root, base};
  }

  // The open tag of the shape covering `s`'s place, to be given a fill and closed: its square,
  // or on a board of points a disc round the point.
  std::string place_shape(Square s) const {
    if (points())
      return "<circle cx=\"" + std::to_string(cx_of(s)) + "\" cy=\"" + std::to_string(cy_of(s)) +
             "\" r=\"49\"";
    return "<rect x=\"" + std::to_string(x_of(s)) + "\" y=\"" + std::to_string(y_of(s)) +
           "\" width=\"100\" height=\"100\"";
  }

  // A translucent fill over a square.
  void fill_square(std::string& out, Square s, std::string_view color, std::string_view opacity) {
    if (!on_board(s)) return;
    out += place_shape(s) + " fill=\"" + std::string(color) + "\" fill-opacity=\"" +
           std::string(opacity) + "\"/>\n";
  }

  // (`tinted`: where to add the squares drawn over, once each; null for none.)
  void draw_highlights(std::string& out, std::vector<Square>* tinted = nullptr) {
    const auto tint = [&](Square s) {
      if (tinted && on_board(s) && std::find(tinted->begin(), tinted->end(), s) == tinted->end())
        tinted->push_back(s);
    };
    if (options_.last_move && diagram_.last_move) {
      const rules::Move& m = *diagram_.last_move;
      std::vector<Square> squares;
      switch (m.kind) {
        case rules::MoveKind::pass:
          squares = {m.aux};
          break;
        case rules::MoveKind::placement:
          squares = {m.to};
          break;
        case rules::MoveKind::castle:
          squares = {m.from, m.to, m.aux};
          break;
        default:
          squares = {m.from, m.to, m.relocation};
      }
      for (const auto& e : diagram_.effects)
        if (e.kind == rules::EffectKind::rook_castled) {
          squares.push_back(e.square);
          squares.push_back(e.to);
        }
      std::vector<Square> done;
      for (Square s : squares) {
        if (s == no_square || std::find(done.begin(), done.end(), s) != done.end()) continue;
        done.push_back(s);
        tint(s);
        if (layers_ && on_board(s)) {  // a page's boards share the tinted square
          used_.insert(points() ? "~lastmove-point" : "~lastmove");
          out += "<use href=\"#" + prefix_ + (points() ? "lmp" : "lm") + "\" x=\"" +
                 std::to_string(x_of(s)) + "\" y=\"" + std::to_string(y_of(s)) + "\"/>\n";
        } else {
          fill_square(out, s, theme_.last_move, "0.55");
        }
      }
    }
    for (const auto& mark : diagram_.squares) {
      fill_square(out, mark.square, mark.color, "0.6");
      tint(mark.square);
    }
    if (options_.check) {
      const Color us = pos_.side_to_move();
      for (int i = 0; i < pos_.royal_count(us); ++i) {
        const Square s = pos_.royal_square(us, i);
        if (!on_board(s) || !rules::is_attacked(pos_, s, opposite(us))) continue;
        used_.insert("~check");
        tint(s);
        // (On a point the disc hides most of the glow: a red ring round it too.)
        out += place_shape(s) + " fill=\"url(#" + prefix_ + "check)\"" +
               (points() ? " stroke=\"#e01818\" stroke-width=\"5\"" : "") + "/>\n";
      }
    }
  }

  void draw_coordinates(std::string& out) {
    if (!options_.coordinates) return;
    out += "<g font-family=\"sans-serif\" font-size=\"24\" text-anchor=\"middle\" fill=\"" +
           std::string(theme_.coordinates) + "\">";
    for (int f = 0; f < variant_.files; ++f) {
      const Square s = make_square(f, 0);
      out += "<text x=\"" + std::to_string(x_of(s) + unit / 2) + "\" y=\"" +
             std::to_string(margin_ + board_h_ + margin_ / 2 + 8) + "\">" + file_letter(f) +
             "</text>";
    }
    for (int r = 0; r < variant_.ranks; ++r) {
      const Square s = make_square(0, r);
      out += "<text x=\"" + std::to_string(margin_ / 2) + "\" y=\"" +
             std::to_string(y_of(s) + unit / 2 + 8) + "\">" + std::to_string(r + 1) + "</text>";
    }
    out += "</g>\n";
  }

  // The glyph of `p` placed at (x, y) with `scale` (1 = a full square).
  void use_glyph(std::string& out, Piece p, int x, int y, double scale = 1.0) {
    const rules::PieceDef& def = variant_.pieces[p.type()];
    // The disc's label: the letter, or a promoted piece's FEN spelling ("+N").
    const std::string label =
        def.fen_plus ? std::string("+") + def.fen() : std::string(1, def.letter);
    std::string id = piece_glyph_id(variant_, def, p.color());
    const std::string key = id + '\t' + def.name + '\t' + label;
    used_.insert(key);
    if (layers_) id = page_glyph_id(*layers_, key, p.color(), def.letter);
    out += (layers_ ? "<use href=\"#" : "<use xlink:href=\"#") + prefix_ + id + "\"";
    if (scale == 1.0) {
      out += " x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\"/>\n";
    } else {
      out += " transform=\"translate(" + std::to_string(x) + ' ' + std::to_string(y) + ") scale(" +
             num(scale, 2) + ")\"/>\n";
    }
  }

  // The label of the hand box, from the rule that keeps pieces in hand; "" for no box.
  std::string_view hand_label() const {
    return variant_.hand_rule ? variant_.hand_rule->hand_label() : std::string_view();
  }

  // True when each colour has a hand of its own (pockets): two boxes beside the board, Black's
  // at the top of the board's side (White's when flipped), with a glyph and a count per type.
  bool pockets() const { return variant_.hand_rule && variant_.hand_rule->hands_per_colour(); }
  // Height of one piece type's place in a pocket: every type fits in half the board.
  int pocket_slot() const {
    const int types = std::max<int>(1, static_cast<int>(variant_.pieces.size()) - 1);
    return std::min(unit, (board_h_ / 2 - 40) / types);
  }
  // Top of colour `c`'s pocket box.
  int pocket_y(Color c) const {
    const bool top = (c == Color::black) != options_.flipped;
    return top ? margin_ : margin_ + board_h_ - pocket_box_height();
  }
  int pocket_box_height() const {
    const int types = std::max<int>(1, static_cast<int>(variant_.pieces.size()) - 1);
    return types * pocket_slot();
  }
  // Index of piece type `t` among the types colour `c` holds (its place in the pocket), or -1.
  int pocket_index(Color c, PieceType t) const {
    int i = 0;
    for (std::size_t u = 0; u < variant_.pieces.size(); ++u) {
      if (pos_.in_hand(c, static_cast<PieceType>(u)) == 0) continue;
      if (u == t) return i;
      ++i;
    }
    return -1;
  }

  // The caption of colour `c`'s counters, from the rule that keeps them; "" for none.
  std::string counter_caption(Color c) const {
    return variant_.counter_rule ? variant_.counter_rule->counter_caption(pos_, c) : std::string();
  }

  // Each side's counters as a caption beside its own edge of the board (three-check's checks).
  void draw_counters(std::string& out) {
    if (pockets() || counter_caption(Color::white).empty()) return;
    for (Color c : {Color::white, Color::black}) {
      const bool top = (c == Color::black) != options_.flipped;
      const int y = top ? margin_ + 30 : margin_ + board_h_ - 12;
      out += "<text x=\"" + std::to_string(hand_x() + unit / 2) + "\" y=\"" + std::to_string(y) +
             "\" font-family=\"sans-serif\" font-size=\"17\" text-anchor=\"middle\" fill=\"" +
             std::string(theme_.coordinates) + "\">" + escape(counter_caption(c)) + "</text>\n";
    }
  }

  // Pockets: a dashed box per colour, one glyph per piece type held and its count.
  void draw_pockets(std::string& out) {
    const int x = hand_x(), slot = pocket_slot(), h = pocket_box_height();
    const double scale = static_cast<double>(slot) / unit;
    for (Color c : {Color::white, Color::black}) {
      const int y = pocket_y(c);
      out += "<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" width=\"" +
             std::to_string(unit) + "\" height=\"" + std::to_string(h) + "\" fill=\"" +
             std::string(theme_.hand) + "\" stroke=\"" + std::string(theme_.coordinates) +
             "\" stroke-width=\"3\" stroke-dasharray=\"10 6\"/>\n";
      int i = 0;
      for (std::size_t t = 0; t < variant_.pieces.size(); ++t) {
        const int n = pos_.in_hand(c, static_cast<PieceType>(t));
        if (n == 0) continue;
        const int gy = y + i * slot;
        use_glyph(out, make_piece(c, static_cast<PieceType>(t)), x, gy, scale);
        out +=
            "<g font-family=\"sans-serif\" font-size=\"20\" font-weight=\"bold\" "
            "text-anchor=\"middle\"><circle cx=\"" +
            std::to_string(x + unit - 16) + "\" cy=\"" + std::to_string(gy + slot - 16) +
            "\" r=\"14\" fill=\"#1c1c1c\"/><text x=\"" + std::to_string(x + unit - 16) + "\" y=\"" +
            std::to_string(gy + slot - 9) + "\" fill=\"#ffffff\">" + std::to_string(n) +
            "</text></g>\n";
        ++i;
      }
    }
    out += "<text x=\"" + std::to_string(x + unit / 2) + "\" y=\"" +
           std::to_string(margin_ + board_h_ / 2 + 6) +
           "\" font-family=\"sans-serif\" font-size=\"18\" text-anchor=\"middle\" fill=\"" +
           std::string(theme_.coordinates) + "\">" + escape(hand_label()) + "</text>\n";
  }
  void draw_hand(std::string& out) {
    if (hand_label().empty()) return;
    if (pockets()) {
      draw_pockets(out);
      return;
    }
    const int x = hand_x(), y = hand_y();
    out += "<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) +
           "\" width=\"100\" height=\"100\" fill=\"" + std::string(theme_.hand) + "\" stroke=\"" +
           std::string(theme_.coordinates) + "\" stroke-width=\"3\" stroke-dasharray=\"10 6\"/>\n";
    out += "<text x=\"" + std::to_string(x + unit / 2) + "\" y=\"" + std::to_string(y + unit + 26) +
           "\" font-family=\"sans-serif\" font-size=\"18\" text-anchor=\"middle\" fill=\"" +
           std::string(theme_.coordinates) + "\">" + escape(hand_label()) + "</text>\n";
    if (pos_.hand_total() != 0) use_glyph(out, pos_.first_in_hand(), x, y);
  }

  // The rings of pair squares, all of them.
  void draw_pairs(std::string& out) {
    for (Color c : {Color::white, Color::black})
      for (Square s : pos_.pair(c))
        if (on_board(s)) pair_ring(out, s, c);
  }

  // The ring of `s`, a pair square of colour `c`: a ring in the owner's colour between two thin
  // rings of the other colour.
  void pair_ring(std::string& out, Square s, Color c) {
    const bool white = c == Color::white;
    const std::string cx = std::to_string(x_of(s) + unit / 2);
    const std::string cy = std::to_string(y_of(s) + unit / 2);
    out += "<g fill=\"none\"><circle cx=\"" + cx + "\" cy=\"" + cy + "\" r=\"41\" stroke=\"" +
           (white ? "#1c1c1c" : "#f4f4f4") + "\" stroke-width=\"12\"/><circle cx=\"" + cx +
           "\" cy=\"" + cy + "\" r=\"41\" stroke=\"" + (white ? "#fbfbf8" : "#2b2b2b") +
           "\" stroke-width=\"7\"/></g>\n";
  }

  // Every piece, rank by rank from the first, left to right.
  void draw_pieces(std::string& out) {
    for (int r = 0; r < variant_.ranks; ++r)
      for (int f = 0; f < variant_.files; ++f) draw_square(out, make_square(f, r), false);
  }

  // What stands on `s`: its piece, or two (a layered square); `rings`: first the ring of a pair
  // square (a page's boards draw a square whole).
  void draw_square(std::string& out, Square s, bool rings) {
    if (rings)
      for (Color c : {Color::white, Color::black}) {
        const auto& pair = pos_.pair(c);
        if (std::find(pair.begin(), pair.end(), s) != pair.end()) pair_ring(out, s, c);
      }
    const Piece top = pos_.at(s);
    if (top.empty()) return;
    const Piece lower = variant_.layer_rule ? pos_.under(s) : no_piece;
    if (lower.empty()) {
      use_glyph(out, top, x_of(s), y_of(s));
      return;
    }
    // Two pieces: the one that came first stands behind (upper left), the later one in front
    // (lower right); a small number gives the order.
    use_glyph(out, lower, x_of(s) + 1, y_of(s) + 1, 0.62);
    use_glyph(out, top, x_of(s) + 37, y_of(s) + 37, 0.62);
    out +=
        "<g font-family=\"sans-serif\" font-size=\"20\" font-weight=\"bold\" "
        "text-anchor=\"middle\" fill=\"#ffffff\" stroke=\"#1c1c1c\" stroke-width=\"4\" "
        "paint-order=\"stroke\"><text x=\"" +
        std::to_string(x_of(s) + 84) + "\" y=\"" + std::to_string(y_of(s) + 26) +
        "\">1</text><text x=\"" + std::to_string(x_of(s) + 16) + "\" y=\"" +
        std::to_string(y_of(s) + 92) + "\">2</text></g>\n";
  }

  void draw_marks(std::string& out) {
    // What a mark means, from the rule that keeps it.
    if (variant_.mark_rule == nullptr) return;
    const std::string_view mark = variant_.mark_rule->mark_name();
    if (mark.empty()) return;
    for (int r = 0; r < variant_.ranks; ++r) {
      for (int f = 0; f < variant_.files; ++f) {
        const Square s = make_square(f, r);
        if (!pos_.marked(s) || pos_.at(s).empty()) continue;
        const std::string cx = std::to_string(x_of(s) + 80);
        const std::string cy = std::to_string(y_of(s) + 20);
        out += "<g><title>" + escape(std::string(mark)) + "</title><circle cx=\"" + cx +
               "\" cy=\"" + cy +
               "\" r=\"15\" fill=\"#d63384\" stroke=\"#ffffff\" stroke-width=\"3\"/><circle cx=\"" +
               cx + "\" cy=\"" + cy + "\" r=\"6\" fill=\"#ffffff\"/></g>\n";
      }
    }
  }

  // A rounded outline inside the `size` square at (x, y); a ring when `ring` (a point's place).
  void outline(std::string& out, int x, int y, std::string_view color, bool dashed, int size = unit,
               bool ring = false) {
    if (ring) {
      out += "<circle cx=\"" + std::to_string(x + size / 2) + "\" cy=\"" +
             std::to_string(y + size / 2) + "\" r=\"" + std::to_string(size / 2 - 4) +
             "\" fill=\"none\" stroke=\"" + std::string(color) + "\" stroke-width=\"6\"" +
             (dashed ? " stroke-dasharray=\"14 8\"" : "") + "/>\n";
      return;
    }
    const std::string inner = std::to_string(size - 10);
    out += "<rect x=\"" + std::to_string(x + 5) + "\" y=\"" + std::to_string(y + 5) +
           "\" width=\"" + inner + "\" height=\"" + inner + "\" rx=\"8\" fill=\"none\" stroke=\"" +
           std::string(color) + "\" stroke-width=\"6\"" +
           (dashed ? " stroke-dasharray=\"14 8\"" : "") + "/>\n";
  }

  void draw_effects(std::string& out) {
    if (!options_.last_move || !diagram_.last_move) return;
    const rules::Move& m = *diagram_.last_move;
    // A piece that ended elsewhere than where it arrived: a connector, unless an effect
    // already shows it.
    bool relocation_shown = false;
    for (const auto& e : diagram_.effects)
      if (detail::effect_style(e.kind).relocation) relocation_shown = true;
    if (!relocation_shown && m.kind == rules::MoveKind::normal && on_board(m.to) &&
        on_board(m.relocation) && m.relocation != m.to)
      connector(out, x_of(m.to), y_of(m.to), x_of(m.relocation), y_of(m.relocation),
                detail::relocation_style().color);
    for (const auto& e : diagram_.effects) {
      const detail::EffectStyle style = detail::effect_style(e.kind);
      if (style.color.empty()) continue;
      if (e.kind == rules::EffectKind::capture && e.square == m.to) continue;  // plain capture
      if (style.at_hand && hand_label().empty()) continue;
      int x = 0, y = 0, size = unit;  // the square marked
      bool ring = false;              // (a point of the board)
      if (style.at_hand && pockets()) {
        // The piece's place in its owner's pocket after the move.
        const int i = pocket_index(e.piece.color(), e.piece.type());
        if (i < 0) continue;
        x = hand_x();
        y = pocket_y(e.piece.color()) + i * pocket_slot();
        size = pocket_slot();
      } else if (style.at_hand) {
        x = hand_x();
        y = hand_y();
      } else {
        const Square s = style.connector && on_board(e.to) ? e.to : e.square;
        if (!on_board(s)) continue;
        x = x_of(s);
        y = y_of(s);
        ring = points();
      }
      outline(out, x, y, style.color, style.dashed, size, ring);
      if (!style.connector || !on_board(e.square)) continue;
      connector(out, x_of(e.square), y_of(e.square), x, y, style.color);
    }
  }

  // A dashed arrow from the centre of the square at (x1, y1) to the near side of the square at
  // (x2, y2) (top left corners).
  void connector(std::string& out, int x1, int y1, int x2, int y2, std::string_view color) {
    const double ax = x1 + unit / 2.0, ay = y1 + unit / 2.0;
    const double bx = x2 + unit / 2.0, by = y2 + unit / 2.0;
    const double length = std::hypot(bx - ax, by - ay);
    if (length < 1) return;
    arrow(out, ax, ay, bx - (bx - ax) * 34 / length, by - (by - ay) * 34 / length, color, 6, 22, 26,
          true);
  }

  // An arrow from (x1, y1) whose tip is at (x2, y2).
  void arrow(std::string& out, double x1, double y1, double x2, double y2, std::string_view color,
             double shaft, double head_length, double head_width, bool dashed) {
    const double dx = x2 - x1, dy = y2 - y1;
    const double length = std::sqrt(dx * dx + dy * dy);
    if (length < 1) return;
    const double ux = dx / length, uy = dy / length;  // along
    const double px = -uy, py = ux;                   // across
    const double bx = x2 - ux * head_length, by = y2 - uy * head_length;
    if (dashed) {
      out += "<g stroke=\"" + std::string(color) + "\" fill=\"" + std::string(color) +
             "\"><path d=\"M" + num(x1) + ' ' + num(y1) + 'L' + num(bx) + ' ' + num(by) +
             "\" stroke-width=\"" + num(shaft) + "\" stroke-dasharray=\"10 7\" fill=\"none\"/>";
      out += "<path d=\"M" + num(x2) + ' ' + num(y2) + 'L' + num(bx + px * head_width / 2) + ' ' +
             num(by + py * head_width / 2) + 'L' + num(bx - px * head_width / 2) + ' ' +
             num(by - py * head_width / 2) + "Z\" stroke=\"none\"/></g>\n";
      return;
    }
    const double h = shaft / 2, w = head_width / 2;
    out += "<path d=\"M" + num(x1 + px * h) + ' ' + num(y1 + py * h) + 'L' + num(bx + px * h) +
           ' ' + num(by + py * h) + 'L' + num(bx + px * w) + ' ' + num(by + py * w) + 'L' +
           num(x2) + ' ' + num(y2) + 'L' + num(bx - px * w) + ' ' + num(by - py * w) + 'L' +
           num(bx - px * h) + ' ' + num(by - py * h) + 'L' + num(x1 - px * h) + ' ' +
           num(y1 - py * h) + "Z\" fill=\"" + std::string(color) + "\" fill-opacity=\"0.8\"/>\n";
  }

  void draw_arrows(std::string& out) {
    for (const auto& a : diagram_.arrows) {
      if (!on_board(a.from) || !on_board(a.to)) continue;
      const double x1 = x_of(a.from) + unit / 2.0, y1 = y_of(a.from) + unit / 2.0;
      const double x2 = x_of(a.to) + unit / 2.0, y2 = y_of(a.to) + unit / 2.0;
      if (a.from == a.to) {
        out += "<circle cx=\"" + num(x1) + "\" cy=\"" + num(y1) +
               "\" r=\"44\" fill=\"none\" stroke=\"" + a.color +
               "\" stroke-width=\"7\" stroke-opacity=\"0.8\"/>\n";
        continue;
      }
      arrow(out, x1, y1, x2, y2, a.color, 18, 44, 52, false);
    }
  }

  detail::PageLayers* layers_;
  std::string layer_, previous_;
  const Diagram& diagram_;
  const rules::Position& pos_;
  const rules::Variant& variant_;
  const SvgOptions& options_;
  const Theme& theme_;
  std::string prefix_;
  std::set<std::string>& used_;
  int margin_ = 0, board_w_ = 0, board_h_ = 0, width_ = 0, height_ = 0;
  std::string board_id_;  // on a page: the id of the board's background (see draw())
};

}  // namespace

std::vector<std::string> theme_names() {
  std::vector<std::string> names;
  for (const auto& t : themes) names.emplace_back(t.name);
  return names;
}

bool is_theme(std::string_view name) {
  for (const auto& t : themes)
    if (t.name == name) return true;
  return false;
}

std::string to_svg(const Diagram& diagram, const SvgOptions& options) {
  std::set<std::string> used;
  Canvas canvas(diagram, options, "", used);
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + canvas.draw(true);
}

SharedDefs::SharedDefs(SvgOptions options, std::string id_prefix)
    : options_(std::move(options)), prefix_(std::move(id_prefix)) {}

std::string SharedDefs::board(const Diagram& diagram, const std::string& layer,
                              const std::string& previous) {
  Canvas canvas(diagram, options_, prefix_, used_, &layers_, layer, previous);
  std::string svg = canvas.draw(false);
  // (One line: a page holds many boards.)
  std::replace(svg.begin(), svg.end() - 1, '\n', ' ');
  replace_all(svg, "> <", "><");
  return svg;
}

std::string SharedDefs::glyph(const rules::Variant& variant, PieceType type, Color color,
                              int size) {
  const rules::PieceDef& def = variant.pieces[type];
  const std::string key = piece_glyph_id(variant, def, color) + '\t' + def.name + '\t' + def.letter;
  used_.insert(key);
  const std::string id = page_glyph_id(layers_, key, color, def.letter);
  return "<svg viewBox=\"0 0 100 100\" width=\"" + std::to_string(size) + "\" height=\"" +
         std::to_string(size) + "\"><use href=\"#" + prefix_ + id + "\"/></svg>";
}

std::string SharedDefs::defs() const {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
         "width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\">" +
         Canvas::defs_of(used_, prefix_, theme_of(options_.theme), true, &layers_.glyphs) +
         "</svg>\n";
}

}  // namespace xpgn::render
