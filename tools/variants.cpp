// `xpgn variants`: every built-in variant id with its one-line description, or with
// `--dead-material VARIANT` the table of which material is dead in that variant.
#include <algorithm>
#include <chrono>
#include <iostream>
#include <string>

#include "commands.hpp"
#include "xpgn/rules/dead_position.hpp"
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

// The verdict column of one material: "dead", "not dead", or how many placements are dead.
std::string verdict_text(const rules::MaterialVerdict& m, bool tables) {
  if (!m.decided) return "not dead (no table; only proven rules call a position dead)";
  if (!tables) return "dead (rule: kings alone never give check)";
  if (m.dead == 0) return "not dead";
  if (m.dead == m.positions) return "dead";
  return "dead in " + std::to_string(m.dead) + " placements, not dead in the others";
}

// Prints the dead-material table of one variant (name and options as `check --variant`).
int run_dead_material(const std::string& name, const std::string& options) {
  std::string error;
  const rules::Variant* v = rules::find_variant(name, options, error);
  if (!v) {
    std::cerr << "xpgn variants: " << error << '\n';
    return exit_usage;
  }
  const auto start = std::chrono::steady_clock::now();
  const auto table = rules::dead_material_table(*v);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (table.empty()) {
    std::cout << v->id << ": no dead positions (the variant has no dead-position draw)\n";
    return exit_ok;
  }
  const bool tables = rules::dead_tables_apply(*v);
  std::size_t width = 8;
  for (const auto& m : table) width = std::max(width, m.material.size());
  std::cout << "material" << std::string(width + 2 - 8, ' ') << "placements  verdict\n";
  for (const auto& m : table) {
    std::string count = tables ? std::to_string(m.positions) : "-";
    std::cout << m.material << std::string(width + 2 - m.material.size(), ' ')
              << std::string(count.size() < 10 ? 10 - count.size() : 0, ' ') << count << "  "
              << verdict_text(m, tables) << '\n';
  }
  std::cerr << "(" << v->id << ": tables built in " << static_cast<int>(seconds * 1000) << " ms)\n";
  return exit_ok;
}

}  // namespace

void setup_variants(CLI::App& app, int& exit_code) {
  auto* sub = app.add_subcommand("variants", "List the built-in variants");
  auto dead = std::make_shared<std::string>();
  auto options = std::make_shared<std::string>();
  sub->add_option("--dead-material", *dead,
                  "Print which material is dead in VARIANT (king and at most one piece "
                  "against a king)")
      ->option_text("VARIANT");
  sub->add_option("--options", *options, "Comma-separated variant options for --dead-material");
  sub->callback([&exit_code, dead, options] {
    exit_code = dead->empty() ? run_variants() : run_dead_material(*dead, *options);
  });
}

}  // namespace xpgn::cli
