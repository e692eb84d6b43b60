// Entry point: registers the subcommands, parses the command line and reports errors in one
// place.
#include <exception>
#include <iostream>

#include "commands.hpp"
#include "io.hpp"

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
