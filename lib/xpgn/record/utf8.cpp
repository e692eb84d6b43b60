#include "xpgn/record/utf8.hpp"

namespace xpgn::record {

namespace {

// Length of the valid UTF-8 sequence starting at `text[i]`, 0 when none starts there.
std::size_t sequence_length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char b = byte(i);
  if (b < 0x80) return 1;
  std::size_t length = 0;
  unsigned char low = 0x80, high = 0xBF;  // allowed range of the second byte
  if (b >= 0xC2 && b <= 0xDF) {
    length = 2;
  } else if (b >= 0xE0 && b <= 0xEF) {
    length = 3;
    if (b == 0xE0) low = 0xA0;   // no overlong forms
    if (b == 0xED) high = 0x9F;  // no surrogates
  } else if (b >= 0xF0 && b <= 0xF4) {
    length = 4;
    if (b == 0xF0) low = 0x90;   // no overlong forms
    if (b == 0xF4) high = 0x8F;  // nothing above U+10FFFF
  } else {
    return 0;
  }
  if (i + length > text.size()) return 0;
  if (byte(i + 1) < low || byte(i + 1) > high) return 0;
  for (std::size_t k = 2; k < length; ++k)
    if ((byte(i + k) & 0xC0) != 0x80) return 0;
  return length;
}

}  // namespace

std::size_t first_invalid_utf8(std::string_view text) {
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t length = sequence_length(text, i);
    if (length == 0) return i;
    i += length;
  }
  return std::string_view::npos;
}

std::string replace_invalid_utf8(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 8);
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t length = sequence_length(text, i);
    if (length == 0) {
      out += "\xEF\xBF\xBD";
      ++i;
    } else {
      out.append(text.substr(i, length));
      i += length;
    }
  }
  return out;
}

std::string_view trim_partial_utf8(std::string_view text) {
  // A character is at most four bytes: look back over at most three continuation bytes.
  std::size_t start = text.size();
  for (std::size_t back = 0; back < 4 && start > 0; ++back) {
    --start;
    const auto b = static_cast<unsigned char>(text[start]);
    if ((b & 0xC0) != 0x80) break;
  }
  if (start >= text.size()) return text;
  const auto lead = static_cast<unsigned char>(text[start]);
  std::size_t needed = 0;
  if (lead >= 0xC2 && lead <= 0xDF)
    needed = 2;
  else if (lead >= 0xE0 && lead <= 0xEF)
    needed = 3;
  else if (lead >= 0xF0 && lead <= 0xF4)
    needed = 4;
  const std::size_t present = text.size() - start;
  if (needed > present) return text.substr(0, start);
  return text;
}

}  // namespace xpgn::record
