// Shared by the libFuzzer harnesses of tests/fuzz: the choice of a variant by the first input
// byte, the game text a replay harness reads, and a check that aborts with a message (so that
// libFuzzer keeps the input as a finding). Header-only.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "xpgn/catalog/catalog.hpp"
#include "xpgn/record/game.hpp"
#include "xpgn/record/replayer.hpp"
#include "xpgn/rules/variant.hpp"

namespace xpgn::fuzz {

// A variant id with one set of its options ("" or one option of its recipe).
struct VariantChoice {
  std::string id;
  std::string options;
};

// Every built-in variant with no option, then with each of its options alone, in catalog order.
inline const std::vector<VariantChoice>& variant_choices() {
  static const std::vector<VariantChoice> choices = [] {
    std::vector<VariantChoice> out;
    for (const auto& entry : catalog::entries()) {
      if (!entry.builtin) continue;
      out.push_back({entry.id, ""});
      for (const auto& option : entry.option_names) out.push_back({entry.id, option});
    }
    return out;
  }();
  return choices;
}

// The variant choice a byte selects (byte modulo the number of choices).
inline const VariantChoice& variant_for(std::uint8_t byte) {
  const auto& choices = variant_choices();
  return choices[byte % choices.size()];
}

// The game text of a replay input: the first byte chooses the variant (see variant_for), which
// becomes [Variant]/[VariantOptions] tags in front of the rest of the input. An empty input
// gives an empty text.
inline std::string game_text(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return {};
  const VariantChoice& v = variant_for(data[0]);
  std::string text = "[Variant \"" + v.id + "\"]\n";
  if (!v.options.empty()) text += "[VariantOptions \"" + v.options + "\"]\n";
  text.append(reinterpret_cast<const char*>(data) + 1, size - 1);
  return text;
}

// Every game of a replay input (game_text), fully replayed; at most `max_games` are kept.
inline std::vector<record::Game> replay_games(const std::uint8_t* data, std::size_t size,
                                              std::size_t max_games = 4) {
  std::vector<record::Game> games;
  record::ReplayOptions options;
  options.file_name = "fuzz.pgn";
  record::replay_pgn(game_text(data, size), options, [&](record::Game& g) {
    if (games.size() < max_games) games.push_back(std::move(g));
  });
  return games;
}

// Thrown by require(): under libFuzzer it escapes the entry point, so the input is kept as a
// crash; tests/test_fuzz_regressions.cpp catches it as a failure.
struct InvariantBroken : std::logic_error {
  using std::logic_error::logic_error;
};

// Throws InvariantBroken with `what` when `condition` is false: a broken invariant is a finding.
inline void require(bool condition, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "xpgn fuzz invariant broken: %s\n", what);
  throw InvariantBroken(what);
}

}  // namespace xpgn::fuzz
