// The piece glyphs. Each is a list of shapes in a 100 x 100 box, drawn in order; a shape is a
// body (filled with the piece's colour, outlined), a line (a detail stroke: dark on white pieces,
// light on black ones) or a dot (a filled detail).
#include "xpgn/render/glyphs.hpp"

#include <array>
#include <cctype>
#include <string>
#include <string_view>

namespace xpgn::render::detail {
namespace {

enum class Role : char { body, line, dot };

struct Shape {
  Role role = Role::body;
  std::string_view element;    // an SVG element without paint attributes; empty: unused
  std::string_view transform;  // placed in a <g transform="..."> when not empty
};

struct Glyph {
  std::string_view name;
  std::array<Shape, 12> shapes;  // unused entries have an empty element
};

constexpr Shape body(std::string_view element, std::string_view transform = {}) {
  return {Role::body, element, transform};
}
constexpr Shape line(std::string_view element) {
  return {Role::line, element, {}};
}
constexpr Shape dot(std::string_view element) {
  return {Role::dot, element, {}};
}

// The base every standing piece shares.
constexpr std::string_view base = "<rect x=\"20\" y=\"79\" width=\"60\" height=\"10\" rx=\"4\"/>";
// The knight's head, also drawn (smaller) for the nightrider.
constexpr std::string_view knight_head =
    "<path d=\"M32 79C32 71 38 64 43 58C37 61 29 62 23 59C17 56 14 51 17 45C21 37 28 30 33 "
    "22L37 11L45 18C62 19 77 35 77 57C77 66 75 73 74 79Z\"/>";

const std::array<Glyph, 12> glyphs = {{
    {"king",
     {{body("<path d=\"M27 79C15 63 19 43 35 43C42 43 47 49 50 55C53 49 58 43 65 43C81 43 85 63 "
            "73 79Z\"/>"),
       body("<path d=\"M46 12h8v8h8v8h-8v16h-8v-16h-8v-8h8z\"/>"), body(base),
       line("<path d=\"M29 70C43 65 57 65 71 70M50 57V67\"/>")}}},
    {"queen",
     {{body("<path d=\"M25 79L16 37L30 57L33 29L42 53L50 23L58 53L67 29L70 57L84 37L75 79Z\"/>"),
       body("<circle cx=\"16\" cy=\"34\" r=\"5\"/>"), body("<circle cx=\"33\" cy=\"26\" r=\"5\"/>"),
       body("<circle cx=\"50\" cy=\"19\" r=\"5\"/>"), body("<circle cx=\"67\" cy=\"26\" r=\"5\"/>"),
       body("<circle cx=\"84\" cy=\"34\" r=\"5\"/>"), body(base),
       line("<path d=\"M27 69C42 64 58 64 73 69\"/>")}}},
    {"rook",
     {{body("<path d=\"M32 71L34 38H66L68 71Z\"/>"),
       body("<path d=\"M27 38V16H37V23H45V16H55V23H63V16H73V38Z\"/>"),
       body("<rect x=\"26\" y=\"70\" width=\"48\" height=\"9\" rx=\"2\"/>"), body(base),
       line("<path d=\"M35 45H65\"/>")}}},
    {"bishop",
     {{body("<path d=\"M33 79C38 74 40 70 40 66H60C60 70 62 74 67 79Z\"/>"),
       body("<path d=\"M50 17C66 29 70 45 62 61H38C30 45 34 29 50 17Z\"/>"),
       body("<circle cx=\"50\" cy=\"13\" r=\"5\"/>"),
       body("<rect x=\"34\" y=\"60\" width=\"32\" height=\"7\" rx=\"3\"/>"), body(base),
       line("<path d=\"M58 31L47 43\"/>")}}},
    {"knight",
     {{body(knight_head), body(base), line("<path d=\"M53 23C65 31 71 45 71 64\"/>"),
       dot("<circle cx=\"36\" cy=\"31\" r=\"3.5\"/>"),
       dot("<circle cx=\"21\" cy=\"48\" r=\"2.5\"/>")}}},
    {"pawn",
     {{body("<path d=\"M30 79C30 65 40 57 44 51H56C60 57 70 65 70 79Z\"/>"),
       body("<rect x=\"37\" y=\"45\" width=\"26\" height=\"7\" rx=\"3.5\"/>"),
       body("<circle cx=\"50\" cy=\"32\" r=\"13\"/>"), body(base)}}},
    {"cannon",
     {{body("<circle cx=\"22\" cy=\"58\" r=\"9\"/>"),
       body("<path d=\"M20 52.8L77.7 19.3L86.3 32.7L32 71.3Z\"/>"),
       body("<path d=\"M63.8 24.7L69.4 21.1L81.3 39.6L75.7 43.2Z\"/>"),
       body("<circle cx=\"43\" cy=\"62\" r=\"17\"/>"), line("<path d=\"M43 48V76M29 62H57\"/>"),
       dot("<circle cx=\"43\" cy=\"62\" r=\"5\"/>"), body(base)}}},
    {"commoner",
     {{body("<path d=\"M26 79C26 64 36 56 50 56C64 56 74 64 74 79Z\"/>"),
       body("<circle cx=\"50\" cy=\"42\" r=\"13\"/>"),
       body("<rect x=\"38\" y=\"11\" width=\"24\" height=\"21\" rx=\"3\"/>"),
       body("<rect x=\"28\" y=\"28\" width=\"44\" height=\"6\" rx=\"3\"/>"), body(base),
       line("<path d=\"M42 59L50 68L58 59\"/>")}}},
    {"nightrider",
     {{body("<path d=\"M76 9A14 14 0 1 0 90 27A11 11 0 0 1 76 9Z\"/>"),
       body(knight_head, "translate(4 12) scale(0.86)"), body(base),
       line("<path d=\"M50 32C60 39 65 51 65 67\"/>"),
       dot("<circle cx=\"35\" cy=\"39\" r=\"3.2\"/>"),
       dot("<circle cx=\"22\" cy=\"53\" r=\"2.3\"/>")}}},
    {"paladin",
     {{body("<path d=\"M21 15H79V45C79 66 65 79 50 89C35 79 21 66 21 45Z\"/>"),
       line("<path d=\"M50 25V73M34 40H66\" stroke-width=\"7\"/>")}}},
    {"marshall",
     {{body("<path d=\"M48 32C44 16 56 6 72 7C81 8 87 15 86 25C80 19 71 18 65 23C61 26 59 30 58 "
            "33Z\"/>"),
       body("<path d=\"M26 79C24 50 34 31 50 31C66 31 76 50 74 79Z\"/>"),
       body("<rect x=\"27\" y=\"46\" width=\"46\" height=\"13\" rx=\"3\"/>"), body(base),
       line("<path d=\"M35 52.5H65M50 63V74\"/>")}}},
    {"prince",
     {{body("<path d=\"M27 79C27 63 37 55 42 49H58C63 55 73 63 73 79Z\"/>"),
       body("<rect x=\"35\" y=\"43\" width=\"30\" height=\"8\" rx=\"4\"/>"),
       body("<circle cx=\"50\" cy=\"33\" r=\"12\"/>"),
       body("<path d=\"M32 27V5L41 14L50 2L59 14L68 5V27Z\"/>"), body(base),
       line("<path d=\"M38 21H62\"/>")}}},
}};

struct Paint {
  std::string_view fill, outline, detail;
};
constexpr Paint white_paint{"#fbfbf8", "#1c1c1c", "#1c1c1c"};
constexpr Paint black_paint{"#2b2b2b", "#0b0b0b", "#ececec"};

// The colour of a token's ink (rules::diagram_inks), black for any other name.
std::string_view ink_color(std::string_view ink) {
  if (ink == "red") return "#b42318";
  if (ink == "blue") return "#1f4e96";
  if (ink == "green") return "#1d6b3b";
  return "#1c1c1c";
}

// The letter of a disc's `label`, upper case ('?' when none).
char label_letter(std::string_view label) {
  const auto u = static_cast<unsigned char>(label.empty() ? '?' : label.back());
  return std::isalnum(u) ? static_cast<char>(std::toupper(u)) : '?';
}

}  // namespace

std::string token_id(std::string_view name, std::string_view ink) {
  std::string id = "token-" + std::string(ink) + '-';
  for (char c : name) {
    const auto u = static_cast<unsigned char>(c);
    id += std::isalnum(u) ? static_cast<char>(std::tolower(u)) : '-';
  }
  return id;
}

std::string token_definition(std::string_view id, std::string_view label, std::string_view prefix) {
  const std::string_view rest = id.substr(6);  // after "token-"
  const std::string ink(ink_color(rest.substr(0, rest.find('-'))));
  const bool plus = label.size() == 2 && label[0] == '+';
  std::string out = "<g id=\"";
  out += prefix;
  out += id;
  out += "\"><circle cx=\"50\" cy=\"50\" r=\"43\" fill=\"#f6e9cc\" stroke=\"" + ink +
         "\" stroke-width=\"4\"/><circle cx=\"50\" cy=\"50\" r=\"35\" fill=\"none\" stroke=\"" +
         ink + "\" stroke-width=\"2\"/><text x=\"50\" y=\"";
  out += plus ? "62" : "66";
  out += "\" font-family=\"sans-serif\" font-size=\"";
  out += plus ? "34" : "46";
  out += "\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"" + ink + "\">";
  if (plus) out += '+';
  out += label_letter(label);
  out += "</text></g>";
  return out;
}

std::string glyph_id(std::string_view name, Color color) {
  std::string id = color == Color::white ? "white-" : "black-";
  for (char c : name) {
    const auto u = static_cast<unsigned char>(c);
    id += std::isalnum(u) ? static_cast<char>(std::tolower(u)) : '-';
  }
  return id;
}

std::string glyph_definition(std::string_view name, std::string_view label, Color color,
                             std::string_view prefix) {
  const Paint& paint = color == Color::white ? white_paint : black_paint;
  std::string out = "<g id=\"";
  out += prefix;
  out += glyph_id(name, color);
  out += "\" fill=\"";
  out += paint.fill;
  out += "\" stroke=\"";
  out += paint.outline;
  out += "\" stroke-width=\"3\" stroke-linecap=\"round\" stroke-linejoin=\"round\">";
  const Glyph* glyph = nullptr;
  for (const auto& g : glyphs)
    if (g.name == name) glyph = &g;
  if (!glyph) {
    // One letter, or a promoted piece's '+' and letter ("+N", the shogi family) a size smaller.
    const bool plus = label.size() == 2 && label[0] == '+';
    out += "<circle cx=\"50\" cy=\"50\" r=\"34\"/><text x=\"50\" y=\"";
    out += plus ? "62" : "64";
    out += "\" font-family=\"sans-serif\" font-size=\"";
    out += plus ? "34" : "42";
    out += "\" font-weight=\"bold\" text-anchor=\"middle\" stroke=\"none\" fill=\"";
    out += paint.detail;
    out += "\">";
    if (plus) out += '+';
    out += label_letter(label);
    out += "</text></g>";
    return out;
  }
  for (const Shape& s : glyph->shapes) {
    if (s.element.empty()) continue;
    if (!s.transform.empty()) {
      out += "<g transform=\"";
      out += s.transform;
      out += "\">";
    }
    if (s.role == Role::body) {
      out += s.element;
    } else {
      // Paint attributes go right after the element name.
      const std::size_t space = s.element.find_first_of(" >");
      out += s.element.substr(0, space);
      out += s.role == Role::line ? " fill=\"none\" stroke=\"" : " stroke=\"none\" fill=\"";
      out += paint.detail;
      out += '"';
      out += s.element.substr(space);
    }
    if (!s.transform.empty()) out += "</g>";
  }
  out += "</g>";
  return out;
}

}  // namespace xpgn::render::detail
