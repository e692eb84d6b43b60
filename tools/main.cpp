// Entry point: registers the subcommands, parses the command line and reports errors in one
// place.
#include <algorithm>
#include <exception>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include "commands.hpp"
#include "io.hpp"

namespace {

// The number of single-character insertions, deletions and substitutions that turn `a` into
// `b` (Levenshtein distance).
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// When the first argument is a word that names no command of `app`, the message for it: the
// word and the command nearest to it. "" when it is a command or an option.
std::string unknown_command(const CLI::App& app, int argc, char** argv) {
  if (argc < 2 || argv[1][0] == '-' || argv[1][0] == '\0') return {};
  const std::string word = argv[1];
  std::string nearest;
  std::size_t best = 0;
  for (const CLI::App* sub : app.get_subcommands({})) {
    if (sub->get_name() == word) return {};
    const std::size_t d = edit_distance(word, sub->get_name());
    if (nearest.empty() || d < best) {
      nearest = sub->get_name();
      best = d;
    }
  }
  std::string message = "xpgn: unknown command '" + word + "'";
  if (!nearest.empty() && best <= std::max<std::size_t>(2, word.size() / 2))
    message += "; did you mean '" + nearest + "'?";
  return message + " (xpgn --help lists the commands)";
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"xpgn: read, validate and convert extended PGN for chess variants"};
  app.set_version_flag("--version", XPGN_VERSION);
  app.require_subcommand(1);
  xpgn::cli::StandardOutput standard_output;
  int exit_code = xpgn::cli::exit_ok;
  xpgn::cli::setup_check(app, exit_code);
  xpgn::cli::setup_convert(app, exit_code);
  xpgn::cli::setup_perft(app, exit_code);
  xpgn::cli::setup_render(app, exit_code);
  xpgn::cli::setup_select(app, exit_code);
  xpgn::cli::setup_split(app, exit_code);
  xpgn::cli::setup_variants(app, exit_code);
  if (auto generated = xpgn::cli::run_generator(app, argc, argv))
    return standard_output.finish(*generated);
  if (auto unknown = unknown_command(app, argc, argv); !unknown.empty()) {
    std::cerr << unknown << '\n';
    return standard_output.finish(xpgn::cli::exit_usage);
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return standard_output.finish(code == 0 ? xpgn::cli::exit_ok : xpgn::cli::exit_usage);
  } catch (const std::exception& e) {
    std::cerr << "xpgn: " << e.what() << '\n';
    return standard_output.finish(xpgn::cli::exit_usage);
  }
  return standard_output.finish(exit_code);
}
