// The libFuzzer entry point of one harness of harnesses.hpp, chosen at build time by
// XPGN_FUZZ_HARNESS, its name as a string ("pgn", "san", ...; see CMakeLists.txt). The harnesses
// themselves are compiled once, in harness_set.cpp.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "harness_set.hpp"

namespace {

// The harness this executable runs; stops the program when the name is unknown (a build error).
xpgn::fuzz::HarnessFunction chosen_harness() {
  xpgn::fuzz::HarnessFunction harness = xpgn::fuzz::harness_named(XPGN_FUZZ_HARNESS);
  if (harness == nullptr) {
    std::fprintf(stderr, "fuzz_entry: no harness named %s\n", XPGN_FUZZ_HARNESS);
    std::abort();
  }
  return harness;
}

}  // namespace

// Runs the input through the harness; findings abort (sanitizers) or throw (invariants).
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const xpgn::fuzz::HarnessFunction harness = chosen_harness();
  harness(data, size);
  return 0;
}
