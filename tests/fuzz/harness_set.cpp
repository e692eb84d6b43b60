// Every harness of harnesses.hpp in one object, shared by the fuzz executables: the header and
// the harness bodies are compiled once per build instead of once per harness.
#include "harness_set.hpp"

#include "harnesses.hpp"

namespace xpgn::fuzz {

HarnessFunction harness_named(std::string_view name) {
  for (const auto& [n, harness] : harnesses())
    if (n == name) return harness;
  return nullptr;
}

}  // namespace xpgn::fuzz
