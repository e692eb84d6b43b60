// The harnesses of harnesses.hpp by name, compiled once (harness_set.cpp) for the nine fuzz
// executables, whose entry files (fuzz_entry.cpp) include only this.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace xpgn::fuzz {

using HarnessFunction = void (*)(const std::uint8_t* data, std::size_t size);

// The function run_<name> of harnesses.hpp ("pgn", "san", ...); nullptr for an unknown name.
HarnessFunction harness_named(std::string_view name);

}  // namespace xpgn::fuzz
