// Markup escaping shared by the SVG and HTML writers.
#include "xpgn/record/utf8.hpp"
#include "xpgn/render/render.hpp"

namespace xpgn::render {

namespace {

constexpr std::string_view replacement = "\xEF\xBF\xBD";  // U+FFFD

// True for the bytes XML 1.0 forbids in any form (even as character references): the C0
// controls except tab, line feed and carriage return.
bool forbidden_control(unsigned char c) {
  return c < 0x20 && c != '\t' && c != '\n' && c != '\r';
}

}  // namespace

std::string escape_markup(std::string_view raw) {
  // Invalid UTF-8 first becomes U+FFFD, so that the loop below sees whole characters only.
  std::string repaired;
  std::string_view text = raw;
  if (!record::is_valid_utf8(raw)) {
    repaired = record::replace_invalid_utf8(raw);
    text = repaired;
  }
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const auto byte = static_cast<unsigned char>(c);
    if (forbidden_control(byte)) {
      out += replacement;
      continue;
    }
    // U+FFFE and U+FFFF (EF BF BE, EF BF BF) are no XML characters either.
    if (byte == 0xEF && i + 2 < text.size() && text[i + 1] == '\xBF' &&
        (text[i + 2] == '\xBE' || text[i + 2] == '\xBF')) {
      out += replacement;
      i += 2;
      continue;
    }
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

}  // namespace xpgn::render
