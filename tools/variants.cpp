// `xpgn variants`: every catalog variant id with its one-line description; `--show ID` prints
// a definition, `--check FILE` validates a definition file, and `--dead-material VARIANT`
// prints the table of which material is dead in that variant.
#include <algorithm>
#include <chrono>
#include <iostream>
#include <string>
#include <vector>

#include "commands.hpp"
#include "xpgn/catalog/catalog.hpp"
#include "xpgn/rules/dead_position.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/variant.hpp"

namespace xpgn::cli {

namespace {

struct VariantsOptions {
  std::string dead;
  std::string options;
  std::string show;
  std::string format = "json";
  bool resolved = false;
  std::string check;
  std::vector<std::string> variant_files;
};

// Prints one line per variant, ids aligned (a loaded file's variant names its file); returns
// the status.
int run_variants() {
  const auto entries = catalog::entries();
  std::size_t width = 0;
  for (const auto& e : entries) width = std::max(width, e.id.size());
  for (const auto& e : entries)
    std::cout << e.id << std::string(width + 2 - e.id.size(), ' ') << e.description
              << (e.builtin ? "" : " (" + e.source + ")") << '\n';
  return exit_ok;
}

// Prints the definition of `name` (as written, or `resolved`); returns the status.
int run_show(const std::string& name, bool resolved) {
  std::string error;
  const std::string text = catalog::definition_text(name, resolved, error);
  if (text.empty()) {
    std::cerr << "xpgn variants: " << error << '\n';
    return exit_usage;
  }
  std::cout << text;
  if (!text.ends_with('\n')) std::cout << '\n';
  return exit_ok;
}

// A comma-separated list of names.
template <typename List, typename Name>
std::string names_of(const List& list, Name name) {
  std::string out;
  for (const auto& item : list) out += (out.empty() ? "" : ", ") + std::string(name(item));
  return out.empty() ? "none" : out;
}

// Validates one definition file: its problems, or a summary of the variant with perft 1-3 from
// the start position. Returns 0 (valid), 1 (problems) or 2 (unreadable).
int run_check_file(const std::string& path) {
  std::vector<std::string> ids;
  const auto errors = catalog::load_files({path}, &ids);
  for (const auto& e : errors) std::cout << e.text() << '\n';
  if (!errors.empty()) {
    std::cout << path << ": invalid variant definition (" << errors.size() << " problem"
              << (errors.size() == 1 ? "" : "s") << ")\n";
    return errors.front().where.line == 0 ? exit_usage : exit_invalid;
  }
  std::string error;
  const rules::Variant* v = catalog::find_variant(ids.front(), "", error);
  if (!v) {
    std::cout << path << ": " << error << '\n';
    return exit_invalid;
  }
  std::cout << path << ": variant " << v->id << " (" << v->name << ")\n";
  std::cout << "board: " << v->files << " files x " << v->ranks << " ranks\n";
  std::cout << "pieces:\n";
  for (const auto& p : v->pieces) {
    std::cout << "  " << p.letter;
    if (p.fen_letter) std::cout << " (FEN " << (p.fen_plus ? "+" : "") << p.fen_letter << ")";
    std::cout << "  " << p.name << "  " << p.betza;
    if (!p.stacked_betza.empty()) std::cout << ", stacked " << p.stacked_betza;
    if (p.royal) std::cout << ", royal";
    if (p.pawn) std::cout << ", pawn";
    std::cout << '\n';
  }
  // Two ways to one move are one move (generated once), but the definition likely meant
  // something else: say so.
  for (const auto& p : v->pieces) {
    std::string overlap = rules::reach_overlap(p.movement.atoms, p.pawn && p.double_step_ranks != 0,
                                               v->files, v->ranks);
    if (overlap.empty() && !p.stacked_betza.empty())
      overlap = rules::reach_overlap(rules::parse_betza(p.stacked_betza).atoms, false, v->files,
                                     v->ranks);
    if (!overlap.empty())
      std::cout << "warning: piece " << p.letter << " (" << p.name << "): " << overlap
                << "; it counts as one move\n";
  }
  for (const auto& e : catalog::entries()) {
    if (e.id != v->id) continue;
    auto same = [](const std::string& n) { return n; };
    std::cout << "components: " << names_of(e.component_names, same) << '\n';
    std::cout << "end rules: " << names_of(e.end_rule_names, same) << '\n';
    std::cout << "options: " << names_of(e.option_names, same) << '\n';
  }
  std::cout << "start: " << v->start_fen << '\n';
  const rules::Position start = rules::Position::start(*v);
  std::cout << "perft:";
  for (int depth = 1; depth <= 3; ++depth) std::cout << ' ' << rules::perft(start, depth);
  std::cout << "\n" << path << ": valid\n";
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
  const rules::Variant* v = catalog::find_variant(name, options, error);
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
  auto* sub = app.add_subcommand("variants", "List the variants of the catalog");
  auto o = std::make_shared<VariantsOptions>();
  sub->add_option("--dead-material", o->dead,
                  "Print which material is dead in VARIANT (king and at most one piece "
                  "against a king)")
      ->option_text("VARIANT");
  sub->add_option("--options", o->options, "Comma-separated variant options for --dead-material");
  sub->add_option("--show", o->show,
                  "Print the definition (JSON) of VARIANT (of a Fairy-Stockfish variants.ini "
                  "given with --variant-file: the section, imported as xpgn's JSON)")
      ->option_text("VARIANT");
  sub->add_option("--format", o->format, "With --show: the format of the definition (json)")
      ->check(CLI::IsMember({"json"}));
  sub->add_flag("--resolved", o->resolved, "With --show: the definition with its base merged in");
  sub->add_option("--check", o->check,
                  "Validate a variant definition file: its problems, or a summary with perft "
                  "1-3")
      ->option_text("FILE");
  add_variant_file_option(*sub, o->variant_files);
  sub->callback([&exit_code, o] {
    if (!load_variant_files(
            o->variant_files, nullptr,
            o->show.empty() ? std::vector<std::string>{} : std::vector<std::string>{o->show})) {
      exit_code = exit_usage;
    } else if (!o->check.empty()) {
      exit_code = run_check_file(o->check);
    } else if (!o->show.empty()) {
      exit_code = run_show(o->show, o->resolved);
    } else {
      exit_code = o->dead.empty() ? run_variants() : run_dead_material(o->dead, o->options);
    }
  });
}

}  // namespace xpgn::cli
