// UTF-8 checks for text that flows into JSON and XML output: find invalid bytes, replace them
// by U+FFFD, and cut text on character boundaries.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace xpgn::record {

// Offset of the first byte of `text` that does not start or continue a valid UTF-8 sequence
// (overlong forms, surrogates and values above U+10FFFF are invalid); npos when all is valid.
std::size_t first_invalid_utf8(std::string_view text);

// True when every byte of `text` is ASCII (below 0x80), looked at eight bytes at a time.
inline bool is_ascii(std::string_view text) {
  const std::size_t n = text.size();
  if (n - 1 < 3) {  // one to three bytes (e4, Nf3): the first, middle and last cover them all
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    return ((byte(0) | byte(n / 2) | byte(n - 1)) & 0x80) == 0;
  }
  if (n >= 4 && n <= 8) {  // most other tokens: two overlapping four-byte words
    std::uint32_t first, last;
    std::memcpy(&first, text.data(), 4);
    std::memcpy(&last, text.data() + n - 4, 4);
    return ((first | last) & 0x80808080u) == 0;
  }
  std::uint64_t high = 0;
  std::size_t i = 0;
  for (; i + 8 <= text.size(); i += 8) {
    std::uint64_t word;
    std::memcpy(&word, text.data() + i, 8);
    high |= word;
  }
  for (; i < text.size(); ++i) high |= static_cast<unsigned char>(text[i]);
  return (high & 0x8080808080808080u) == 0;
}

// True when `text` is valid UTF-8.
inline bool is_valid_utf8(std::string_view text) {
  return first_invalid_utf8(text) == std::string_view::npos;
}

// `text` with every byte that is not part of a valid sequence replaced by U+FFFD.
std::string replace_invalid_utf8(std::string_view text);

// `text` without an incomplete multibyte sequence at its end (what a cut inside a character
// leaves); other bytes are kept.
std::string_view trim_partial_utf8(std::string_view text);

}  // namespace xpgn::record
