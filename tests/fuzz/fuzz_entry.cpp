// The libFuzzer entry point of one harness of harnesses.hpp, chosen at build time by
// XPGN_FUZZ_HARNESS (run_pgn, run_san, ...; see CMakeLists.txt).
#include <cstddef>
#include <cstdint>

#include "harnesses.hpp"

// Runs the input through the harness; findings abort (sanitizers) or throw (invariants).
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  xpgn::fuzz::XPGN_FUZZ_HARNESS(data, size);
  return 0;
}
