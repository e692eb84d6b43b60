// Drawing a diagram as SVG. Layers, bottom to top: margin, squares, highlights (last move,
// coloured squares, check), coordinates, the re-entry square, portals, pieces (stacks as two
// overlapping glyphs), marks, forced effects, arrows. Coordinates are integers in a box where a
// square is 100 units wide; arrow corners are rounded to a tenth of a unit.
#include <algorithm>
#include <array>
#include <cmath>
#include <set>
#include <string>
#include <vector>

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
  std::string_view holding;      // fill of the re-entry square
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

// How each forced effect is marked: colour of the square's outline, dashed or not, and whether
// a dashed connector joins `square` to `to` (or to the re-entry square).
struct EffectStyle {
  std::string_view color;
  bool dashed;
  bool connector;
};

EffectStyle effect_style(rules::EffectKind kind) {
  using K = rules::EffectKind;
  switch (kind) {
    case K::capture:
      return {"#d42a2a", true, false};
    case K::rook_castled:
      return {"", false, false};  // part of the last move
    case K::promotion:
      return {"#7d3cc8", false, false};
    case K::birth:
      return {"#1e9e4a", false, false};
    case K::reserve_pawn:
      return {"#1f6fd1", false, false};
    case K::to_reentry:
      return {"#e8710a", false, true};
    case K::reentry_lost:
      return {"#d42a2a", true, false};
    case K::pushed:
      return {"#e8710a", false, true};
    case K::teleported:
      return {"#0f9bb0", false, true};
    case K::portal_declared:
      return {"#0f9bb0", true, false};
    case K::portal_vanished:
      return {"#8a8a8a", true, false};
    case K::piece_removed:
      return {"#d42a2a", true, false};
    case K::pregnant:
      return {"#d63384", false, false};
    case K::catacomb_switch:
      return {"", false, false};  // drawn as the last move's relocation
    case K::exploded:
      return {"#d42a2a", true, false};
  }
  return {"#000000", false, false};
}

// Everything the layers need to place things.
class Canvas {
 public:
  Canvas(const Diagram& d, const SvgOptions& o, std::string prefix, std::set<std::string>& used)
      : diagram_(d),
        pos_(d.position),
        variant_(d.position.variant()),
        options_(o),
        theme_(theme_of(o.theme)),
        prefix_(std::move(prefix)),
        used_(used) {
    margin_ = o.coordinates ? 40 : 6;
    board_w_ = variant_.files * unit;
    board_h_ = variant_.ranks * unit;
    width_ = 2 * margin_ + board_w_ + (variant_.has_holding ? 30 + unit : 0);
    height_ = 2 * margin_ + board_h_;
  }

  // The <svg> element; `defs` is inserted after the title.
  std::string draw(bool standalone) {
    const int longer = std::max(width_, height_);
    const int size = std::max(options_.size, 1);
    const long px_w = std::max(1L, std::lround(static_cast<double>(size) * width_ / longer));
    const long px_h = std::max(1L, std::lround(static_cast<double>(size) * height_ / longer));
    std::string out;
    out += "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\"";
    out += " version=\"1.1\" viewBox=\"0 0 " + std::to_string(width_) + ' ' +
           std::to_string(height_) + "\" width=\"" + std::to_string(px_w) + "\" height=\"" +
           std::to_string(px_h) + "\">\n";
    out += "<title>" + escape(title()) + "</title>\n";
    std::string body;
    draw_board(body);
    draw_highlights(body);
    draw_coordinates(body);
    draw_holding(body);
    draw_portals(body);
    draw_pieces(body);
    draw_marks(body);
    draw_effects(body);
    draw_arrows(body);
    if (standalone) out += defs_of(used_, prefix_, theme_) + '\n';
    out += body;
    out += "</svg>\n";
    return out;
  }

  // <defs> with everything in `used`, in a stable (sorted) order.
  static std::string defs_of(const std::set<std::string>& used, const std::string& prefix,
                             const Theme& theme) {
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
      } else {
        // "glyph id \t name \t letter"
        const auto tab1 = key.find('\t');
        const auto tab2 = key.find('\t', tab1 + 1);
        const std::string id = key.substr(0, tab1);
        const std::string name = key.substr(tab1 + 1, tab2 - tab1 - 1);
        const Color color = id.rfind("white-", 0) == 0 ? Color::white : Color::black;
        out += '\n';
        out += detail::glyph_definition(name, key[tab2 + 1], color, prefix);
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
  int holding_x() const { return margin_ + board_w_ + 30; }
  int holding_y() const { return margin_ + (board_h_ - unit) / 2; }
  bool on_board(Square s) const { return variant_.on_board(s); }

  static std::string rect(int x, int y, int w, int h) {
    return "<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\" width=\"" +
           std::to_string(w) + "\" height=\"" + std::to_string(h) + "\"/>";
  }

  void draw_board(std::string& out) {
    out += "<rect width=\"" + std::to_string(width_) + "\" height=\"" + std::to_string(height_) +
           "\" fill=\"" + std::string(theme_.frame) + "\"/>\n";
    out += "<rect x=\"" + std::to_string(margin_) + "\" y=\"" + std::to_string(margin_) +
           "\" width=\"" + std::to_string(board_w_) + "\" height=\"" + std::to_string(board_h_) +
           "\" fill=\"" + std::string(theme_.light) + "\"/>\n";
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
    out += "<rect x=\"" + std::to_string(margin_) + "\" y=\"" + std::to_string(margin_) +
           "\" width=\"" + std::to_string(board_w_) + "\" height=\"" + std::to_string(board_h_) +
           "\" fill=\"none\" stroke=\"" + std::string(theme_.border) + "\" stroke-width=\"3\"/>\n";
  }

  // A translucent fill over a square.
  void fill_square(std::string& out, Square s, std::string_view color, std::string_view opacity) {
    if (!on_board(s)) return;
    out += "<rect x=\"" + std::to_string(x_of(s)) + "\" y=\"" + std::to_string(y_of(s)) +
           "\" width=\"100\" height=\"100\" fill=\"" + std::string(color) + "\" fill-opacity=\"" +
           std::string(opacity) + "\"/>\n";
  }

  void draw_highlights(std::string& out) {
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
        fill_square(out, s, theme_.last_move, "0.55");
      }
    }
    for (const auto& mark : diagram_.squares) fill_square(out, mark.square, mark.color, "0.6");
    if (options_.check) {
      const Color us = pos_.side_to_move();
      for (int i = 0; i < pos_.royal_count(us); ++i) {
        const Square s = pos_.royal_square(us, i);
        if (!on_board(s) || !rules::is_attacked(pos_, s, opposite(us))) continue;
        used_.insert("~check");
        out += "<rect x=\"" + std::to_string(x_of(s)) + "\" y=\"" + std::to_string(y_of(s)) +
               "\" width=\"100\" height=\"100\" fill=\"url(#" + prefix_ + "check)\"/>\n";
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
    const std::string id = detail::glyph_id(def.name, p.color());
    used_.insert(id + '\t' + def.name + '\t' + def.letter);
    out += "<use xlink:href=\"#" + prefix_ + id + "\"";
    if (scale == 1.0) {
      out += " x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) + "\"/>\n";
    } else {
      out += " transform=\"translate(" + std::to_string(x) + ' ' + std::to_string(y) + ") scale(" +
             num(scale, 2) + ")\"/>\n";
    }
  }

  void draw_holding(std::string& out) {
    if (!variant_.has_holding) return;
    const int x = holding_x(), y = holding_y();
    out += "<rect x=\"" + std::to_string(x) + "\" y=\"" + std::to_string(y) +
           "\" width=\"100\" height=\"100\" fill=\"" + std::string(theme_.holding) +
           "\" stroke=\"" + std::string(theme_.coordinates) +
           "\" stroke-width=\"3\" stroke-dasharray=\"10 6\"/>\n";
    out += "<text x=\"" + std::to_string(x + unit / 2) + "\" y=\"" + std::to_string(y + unit + 26) +
           "\" font-family=\"sans-serif\" font-size=\"18\" text-anchor=\"middle\" fill=\"" +
           std::string(theme_.coordinates) + "\">re-entry</text>\n";
    if (!pos_.holding().empty()) use_glyph(out, pos_.holding(), x, y);
  }

  void draw_portals(std::string& out) {
    for (Color c : {Color::white, Color::black}) {
      const bool white = c == Color::white;
      for (Square s : pos_.portals(c)) {
        if (!on_board(s)) continue;
        const std::string cx = std::to_string(x_of(s) + unit / 2);
        const std::string cy = std::to_string(y_of(s) + unit / 2);
        // A ring in the owner's colour between two thin rings of the other colour.
        out += "<g fill=\"none\"><circle cx=\"" + cx + "\" cy=\"" + cy + "\" r=\"41\" stroke=\"" +
               (white ? "#1c1c1c" : "#f4f4f4") + "\" stroke-width=\"12\"/><circle cx=\"" + cx +
               "\" cy=\"" + cy + "\" r=\"41\" stroke=\"" + (white ? "#fbfbf8" : "#2b2b2b") +
               "\" stroke-width=\"7\"/></g>\n";
      }
    }
  }

  void draw_pieces(std::string& out) {
    for (int r = 0; r < variant_.ranks; ++r) {
      for (int f = 0; f < variant_.files; ++f) {
        const Square s = make_square(f, r);
        const Piece top = pos_.at(s);
        if (top.empty()) continue;
        const Piece bottom = variant_.has_stacks ? pos_.stack_bottom(s) : no_piece;
        if (bottom.empty()) {
          use_glyph(out, top, x_of(s), y_of(s));
          continue;
        }
        // A stack: the piece that came first stands behind (upper left), the later one in
        // front (lower right); a small number gives the order.
        use_glyph(out, bottom, x_of(s) + 1, y_of(s) + 1, 0.62);
        use_glyph(out, top, x_of(s) + 37, y_of(s) + 37, 0.62);
        out +=
            "<g font-family=\"sans-serif\" font-size=\"20\" font-weight=\"bold\" "
            "text-anchor=\"middle\" fill=\"#ffffff\" stroke=\"#1c1c1c\" stroke-width=\"4\" "
            "paint-order=\"stroke\"><text x=\"" +
            std::to_string(x_of(s) + 84) + "\" y=\"" + std::to_string(y_of(s) + 26) +
            "\">1</text><text x=\"" + std::to_string(x_of(s) + 16) + "\" y=\"" +
            std::to_string(y_of(s) + 92) + "\">2</text></g>\n";
      }
    }
  }

  void draw_marks(std::string& out) {
    std::string_view mark;  // what a mark means, from the rule that keeps it
    for (const auto& c : variant_.components)
      if (!c->mark_name().empty()) mark = c->mark_name();
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

  void outline(std::string& out, int x, int y, std::string_view color, bool dashed) {
    out += "<rect x=\"" + std::to_string(x + 5) + "\" y=\"" + std::to_string(y + 5) +
           "\" width=\"90\" height=\"90\" rx=\"8\" fill=\"none\" stroke=\"" + std::string(color) +
           "\" stroke-width=\"6\"" + (dashed ? " stroke-dasharray=\"14 8\"" : "") + "/>\n";
  }

  void draw_effects(std::string& out) {
    if (!options_.last_move || !diagram_.last_move) return;
    const rules::Move& m = *diagram_.last_move;
    // A piece that ended elsewhere than where it arrived (catacombs): a connector, unless an
    // effect (a teleport) already shows it.
    bool relocation_shown = false;
    for (const auto& e : diagram_.effects)
      if (e.kind == rules::EffectKind::teleported) relocation_shown = true;
    if (!relocation_shown && m.kind == rules::MoveKind::normal && on_board(m.to) &&
        on_board(m.relocation) && m.relocation != m.to)
      connector(out, x_of(m.to), y_of(m.to), x_of(m.relocation), y_of(m.relocation),
                effect_style(rules::EffectKind::teleported).color);
    for (const auto& e : diagram_.effects) {
      const EffectStyle style = effect_style(e.kind);
      if (style.color.empty()) continue;
      if (e.kind == rules::EffectKind::capture && e.square == m.to) continue;  // plain capture
      const bool to_holding =
          e.kind == rules::EffectKind::to_reentry || e.kind == rules::EffectKind::reentry_lost;
      if (to_holding && !variant_.has_holding) continue;
      int x = 0, y = 0;  // the square marked
      if (to_holding) {
        x = holding_x();
        y = holding_y();
      } else {
        const Square s = style.connector && on_board(e.to) ? e.to : e.square;
        if (!on_board(s)) continue;
        x = x_of(s);
        y = y_of(s);
      }
      outline(out, x, y, style.color, style.dashed);
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

  const Diagram& diagram_;
  const rules::Position& pos_;
  const rules::Variant& variant_;
  const SvgOptions& options_;
  const Theme& theme_;
  std::string prefix_;
  std::set<std::string>& used_;
  int margin_ = 0, board_w_ = 0, board_h_ = 0, width_ = 0, height_ = 0;
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

std::string SharedDefs::board(const Diagram& diagram) {
  Canvas canvas(diagram, options_, prefix_, used_);
  return canvas.draw(false);
}

std::string SharedDefs::defs() const {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
         "width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\">" +
         Canvas::defs_of(used_, prefix_, theme_of(options_.theme)) + "</svg>\n";
}

}  // namespace xpgn::render
