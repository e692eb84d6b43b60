// Encoding detection and conversion: the decision per input, legacy encodings to UTF-8 (ICU).
// Internal to the PGN reader: only pgn_reader.cpp includes it (its definitions are in an
// anonymous namespace, one translation unit, as when they were one file: the same code).
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <unicode/ucnv.h>
#include <unicode/ucsdet.h>

namespace xpgn::notation {
namespace {

// Bytes of input, from the game that is not UTF-8 on, that the encoding decision looks at.
constexpr std::size_t encoding_sample_bytes = std::size_t{1} << 20;

// ---- Encodings ----------------------------------------------------------------------------------
// True when `s` is all ASCII: sixteen or eight bytes at a time, or byte by byte when `plain`
// (grammar-only mode).
bool is_ascii(std::string_view s, bool plain) {
  if (plain) {
    for (const char c : s)
      if (static_cast<unsigned char>(c) >= 0x80) return false;
    return true;
  }
  const char* p = s.data();
  std::size_t n = s.size();
  std::uint64_t acc = 0;
#if defined(__SSE2__)
  __m128i wide = _mm_setzero_si128();
  for (; n >= 16; p += 16, n -= 16)
    wide = _mm_or_si128(wide, _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
  if (_mm_movemask_epi8(wide) != 0) return false;
#endif
  while (n >= 8) {
    std::uint64_t w;
    std::memcpy(&w, p, 8);
    acc |= w;
    p += 8;
    n -= 8;
  }
  while (n > 0) {
    acc |= static_cast<unsigned char>(*p++);
    --n;
  }
  return (acc & 0x8080808080808080ULL) == 0;
}

bool is_valid_utf8(std::string_view s) {
  const auto* p = reinterpret_cast<const unsigned char*>(s.data());
  const auto* const e = p + s.size();
  while (p < e) {
    const unsigned char c = *p;
    if (c < 0x80) {
      ++p;
      continue;
    }
    int n = 0;
    std::uint32_t cp = 0;
    if (c >= 0xC2 && c <= 0xDF) {
      n = 1;
      cp = c & 0x1Fu;
    } else if (c >= 0xE0 && c <= 0xEF) {
      n = 2;
      cp = c & 0x0Fu;
    } else if (c >= 0xF0 && c <= 0xF4) {
      n = 3;
      cp = c & 0x07u;
    } else {
      return false;
    }
    if (e - p <= n) return false;
    for (int i = 1; i <= n; ++i) {
      if ((p[i] & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (p[i] & 0x3Fu);
    }
    if ((n == 2 && cp < 0x800) || (n == 3 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF))
      return false;
    p += n + 1;
  }
  return true;
}

// The legacy encoding of a text that is not UTF-8: CP437 when it uses bytes 0x80-0x9F that
// windows-1252 leaves undefined, or uses 0x80-0x9F and nothing from 0xA0 up (CP437 has its
// accented letters at 0x80-0xA5, windows-1252 mostly from 0xC0 up); windows-1252 (a superset of
// Latin-1) otherwise.
bool looks_like_cp437(std::string_view s) {
  bool c1 = false;
  bool high = false;
  for (char ch : s) {
    const auto b = static_cast<unsigned char>(ch);
    if (b < 0x80) continue;
    if (b >= 0xA0) {
      high = true;
    } else {
      c1 = true;
      if (b == 0x81 || b == 0x8D || b == 0x8F || b == 0x90 || b == 0x9D) return true;
    }
  }
  return c1 && !high;
}

// Counts, in a text that is not valid UTF-8, the well-formed multi-byte UTF-8 sequences and the
// bytes that are no part of one: a text of the first kind with a few of the second is UTF-8
// with damage, not a legacy encoding.
struct Utf8Census {
  std::size_t sequences = 0;
  std::size_t stray_bytes = 0;
};
Utf8Census utf8_census(std::string_view s) {
  Utf8Census census;
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c < 0x80) {
      ++i;
      continue;
    }
    const std::size_t n = c >= 0xC2 && c <= 0xDF   ? 2
                          : c >= 0xE0 && c <= 0xEF ? 3
                          : c >= 0xF0 && c <= 0xF4 ? 4
                                                   : 0;
    if (n > 0 && i + n <= s.size() && is_valid_utf8(s.substr(i, n))) {
      ++census.sequences;
      i += n;
    } else {
      ++census.stray_bytes;
      ++i;
    }
  }
  return census;
}

// True when `text`, up to its last line end, decodes from the encoding ICU names `name` without
// a single byte sequence that encoding does not define.
bool decodes_cleanly(const std::string& name, std::string_view text) {
  if (const auto end = text.rfind('\n'); end != std::string_view::npos) text = text.substr(0, end);
  UErrorCode err = U_ZERO_ERROR;
  UConverter* converter = ucnv_open(name.c_str(), &err);
  if (U_FAILURE(err) || converter == nullptr) return false;
  ucnv_setToUCallBack(converter, UCNV_TO_U_CALLBACK_STOP, nullptr, nullptr, nullptr, &err);
  std::vector<UChar> out(text.size() + 1);
  if (U_SUCCESS(err))
    ucnv_toUChars(converter, out.data(), static_cast<int32_t>(out.size()), text.data(),
                  static_cast<int32_t>(text.size()), &err);
  ucnv_close(converter);
  return U_SUCCESS(err);
}

// ICU's charset detection's most likely encoding for up to 1 MiB of `text` (its ICU name, ""
// when it has none) and how sure it is (0 to 100).
struct EncodingGuess {
  std::string name;
  int32_t confidence = 0;
};
EncodingGuess guess_encoding(std::string_view text) {
  EncodingGuess guess;
  UErrorCode err = U_ZERO_ERROR;
  UCharsetDetector* detector = ucsdet_open(&err);
  if (U_FAILURE(err)) return guess;
  text = text.substr(0, std::min<std::size_t>(text.size(), 1u << 20));
  ucsdet_setText(detector, text.data(), static_cast<int32_t>(text.size()), &err);
  const UCharsetMatch* match = ucsdet_detect(detector, &err);
  if (U_SUCCESS(err) && match != nullptr) {
    const char* found = ucsdet_getName(match, &err);
    if (U_SUCCESS(err) && found != nullptr) guess.name = found;
    guess.confidence = ucsdet_getConfidence(match, &err);
    if (U_FAILURE(err)) guess.confidence = 0;
  }
  ucsdet_close(detector);
  return guess;
}

// True when `guess` is an East Asian multi-byte encoding archives use (Korean janggi records in
// EUC-KR, Chinese xiangqi records in GB2312/GBK, Japanese shogi records in Shift_JIS or EUC-JP,
// Big5) that the detection is sure of (confidence 90 of 100 or more) and in which every byte
// sequence of `text` is defined: a multi-byte guess on a short or mixed sample is not trusted.
bool sure_multibyte(const EncodingGuess& guess, std::string_view text) {
  constexpr int32_t sure = 90;
  for (const char* known : {"EUC-KR", "GB18030", "Shift_JIS", "EUC-JP", "Big5"})
    if (guess.name == known)
      return guess.confidence >= sure &&
             decodes_cleanly(guess.name,
                             text.substr(0, std::min<std::size_t>(text.size(), 1u << 20)));
  return false;
}

// True when `guess` is one of the single-byte Latin encodings archives use.
bool latin_encoding(const EncodingGuess& guess) {
  for (const char* known : {"ISO-8859-1", "windows-1252", "ISO-8859-2", "windows-1250",
                            "ISO-8859-15", "ISO-8859-9", "windows-1254"})
    if (guess.name == known) return true;
  return false;
}

// Converts text from one named encoding to UTF-8 with ICU, keeping the converter open.
class Converter {
 public:
  Converter() = default;
  Converter(const Converter&) = delete;
  Converter& operator=(const Converter&) = delete;
  ~Converter() {
    for (UConverter* c : {utf8_, source_})
      if (c != nullptr) ucnv_close(c);
  }
  // Selects the source encoding (an ICU converter name); false if ICU does not know it.
  bool open(const std::string& name) {
    UErrorCode err = U_ZERO_ERROR;
    UConverter* c = ucnv_open(name.c_str(), &err);
    if (U_FAILURE(err) || c == nullptr) return false;
    if (source_ != nullptr) ucnv_close(source_);
    source_ = c;
    return true;
  }
  // Converts `in` to UTF-8 into `out` (unmappable bytes become U+FFFD). False if ICU failed.
  bool to_utf8(std::string_view in, std::string& out) {
    UErrorCode err = U_ZERO_ERROR;
    if (utf8_ == nullptr) utf8_ = ucnv_open("UTF-8", &err);
    if (U_FAILURE(err) || utf8_ == nullptr || source_ == nullptr) return false;
    ucnv_reset(source_);
    out.resize(in.size() * 3 + 16);
    char* target = out.data();
    const char* source = in.data();
    UChar pivot[1024];
    UChar* pivot_source = pivot;
    UChar* pivot_target = pivot;
    ucnv_convertEx(utf8_, source_, &target, out.data() + out.size(), &source, in.data() + in.size(),
                   pivot, &pivot_source, &pivot_target, pivot + 1024, true, true, &err);
    if (U_FAILURE(err)) return false;
    out.resize(static_cast<std::size_t>(target - out.data()));
    return true;
  }

 private:
  UConverter* utf8_ = nullptr;
  UConverter* source_ = nullptr;
};

// The encoding of one input, decided once (docs/notation.md, "Encodings"): UTF-8 as long as
// every game is; at the first game that is not, either UTF-8 with damage (its non-ASCII bytes
// are mostly well-formed UTF-8, or earlier games used UTF-8) or a legacy encoding (CP437 by
// its tell-tale bytes, else ICU's detection, else windows-1252) for every game that is not
// valid UTF-8 from then on. A forced encoding (--encoding) decodes every game.
class EncodingDecision {
 public:
  // `plain`: tests for ASCII byte by byte (grammar-only mode).
  explicit EncodingDecision(bool plain = false) : plain_(plain) {}
  // Forces `name` for every game; false when ICU does not know it.
  bool force(const std::string& name) {
    forced_ = true;
    utf8_ = is_utf8_name(name);
    return utf8_ || converter_.open(name);
  }
  // True when decoding `text` would make the decision now (it is the first game that is
  // neither ASCII nor UTF-8): the caller should then offer encoding_sample_bytes of input ahead.
  bool decides_on(std::string_view text) const {
    return !forced_ && !decided_ && !is_ascii(text, plain_) && !is_valid_utf8(text);
  }
  // The decision so far, as GameStart::encoding_state ("" when forced).
  std::string state() const {
    if (forced_) return "";
    if (!decided_) return saw_utf8_ ? "utf-8-seen" : "";
    return utf8_ ? "utf-8" : name_;
  }
  // Takes up a decision made on an earlier part of the input (a state() value, optionally
  // followed by ">FINAL": the decision the whole input makes later, which this part then makes
  // at its first game that is neither ASCII nor UTF-8, whatever it can see ahead).
  void restore(std::string state) {
    if (forced_) return;
    if (const auto arrow = state.find('>'); arrow != std::string::npos) {
      preset_ = state.substr(arrow + 1);
      state.resize(arrow);
    }
    if (state.empty()) return;
    saw_utf8_ = true;
    if (state == "utf-8-seen") return;
    saw_utf8_ = false;
    decided_ = true;
    utf8_ = state == "utf-8";
    if (utf8_) return;
    name_ = state;
    if (!converter_.open(name_)) {
      name_ = "windows-1252";
      converter_.open(name_);
    }
  }
  // Updates the decision as decode() would for `text` (with `ahead` as in decode()), without
  // converting it.
  void observe(std::string_view text, std::string_view ahead) {
    if (forced_ || is_ascii(text, plain_)) return;
    if (is_valid_utf8(text)) {
      saw_utf8_ = true;
      return;
    }
    std::string note;
    if (!decided_)
      decide(text, ahead.size() > text.size() ? ahead.substr(0, encoding_sample_bytes) : text,
             note);
  }
  // The text of a game in UTF-8: `text` itself or its conversion in `buffer`; `note` gets the
  // warning to give about this game ("" for none). `ahead` is the input from the game's start
  // to as far as it has been read (the game and what follows it): the decision, when this game
  // makes it, looks at up to 1 MiB of it rather than at one game's few names.
  std::string_view decode(std::string_view text, std::string_view ahead, std::string& buffer,
                          std::string& note) {
    note.clear();
    if (is_ascii(text, plain_)) return text;
    if (!forced_) {
      if (is_valid_utf8(text)) {
        saw_utf8_ = true;
        return text;
      }
      if (!decided_)
        decide(text, ahead.size() > text.size() ? ahead.substr(0, encoding_sample_bytes) : text,
               note);
    }
    if (utf8_) return text;  // damaged bytes are replaced and reported by the replayer
    if (converter_.to_utf8(text, buffer)) return buffer;
    note = "the game's text could not be converted from " + name_;
    return text;
  }

 private:
  static bool is_utf8_name(std::string name) {
    for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return name == "utf-8" || name == "utf8";
  }
  // Decides on the first game that is neither ASCII nor UTF-8: `game` is its text, `sample` the
  // input from its start on (up to encoding_sample_bytes) for telling legacy encodings apart.
  void decide(std::string_view game, std::string_view sample, std::string& note) {
    decided_ = true;
    const std::string choice = preset_.empty() ? choose(game, sample) : preset_;
    if (choice == "utf-8") {
      utf8_ = true;
      note =
          "input is UTF-8 with bytes that are not UTF-8: they are replaced by U+FFFD (the "
          "encoding is decided once per input; --encoding NAME overrides)";
      return;
    }
    name_ = choice;
    if (!converter_.open(name_)) {
      name_ = "windows-1252";
      converter_.open(name_);
    }
    note = "input is not UTF-8: decoded as " + std::string(name_ == "IBM437" ? "CP437" : name_) +
           " from this game on (the encoding is decided once per input; --encoding NAME "
           "overrides)";
  }
  // What the first game that is neither ASCII nor UTF-8 decides: "utf-8" (UTF-8 with damage)
  // or the ICU name of a legacy encoding.
  std::string choose(std::string_view game, std::string_view sample) const {
    const Utf8Census census = utf8_census(game);
    if (saw_utf8_ || census.sequences >= census.stray_bytes) return "utf-8";
    // A sure multi-byte guess first: Shift_JIS and GBK use the bytes CP437 is told by.
    const EncodingGuess guess = guess_encoding(sample);
    if (sure_multibyte(guess, sample)) return guess.name;
    if (looks_like_cp437(sample)) return "IBM437";
    return latin_encoding(guess) ? guess.name : "windows-1252";
  }

  Converter converter_;
  std::string name_;
  std::string preset_;  // the decision a part of the input takes over ("STATE>FINAL" states)
  bool forced_ = false, decided_ = false, utf8_ = false, saw_utf8_ = false;
  bool plain_ = false;
};

}  // namespace
}  // namespace xpgn::notation
