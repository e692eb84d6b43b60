// `xpgn variants`: every built-in variant id with its one-line description.
#include <algorithm>
#include <iostream>

#include "commands.hpp"
#include "xpgn/rules/variant.hpp"

namespace xpgn::cli {

namespace {

// Prints one line per variant, ids aligned; returns the status.
int run_variants() {
  auto variants = rules::all_variants();
  std::size_t width = 0;
  for (const auto* v : variants) width = std::max(width, v->id.size());
  for (const auto* v : variants)
    std::cout << v->id << std::string(width + 2 - v->id.size(), ' ') << v->description << '\n';
  return exit_ok;
}

}  // namespace

void setup_variants(CLI::App& app, int& exit_code) {
  auto* sub = app.add_subcommand("variants", "List the built-in variants");
  sub->callback([&exit_code] { exit_code = run_variants(); });
}

}  // namespace xpgn::cli
