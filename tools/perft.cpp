// `xpgn perft --variant V [--fen FEN] [--divide] DEPTH`: count the leaf nodes of the legal move
// tree, as a move generator test.
#include <iostream>
#include <memory>
#include <string>

#include "commands.hpp"
#include "xpgn/catalog/catalog.hpp"
#include "xpgn/notation/notation.hpp"
#include "xpgn/rules/chess_board.hpp"
#include "xpgn/rules/movegen.hpp"
#include "xpgn/rules/san.hpp"
#include "xpgn/rules/variant.hpp"

namespace xpgn::cli {

namespace {

struct PerftOptions {
  std::string variant = "chess";
  std::string variant_options;
  std::string fen;
  bool divide = false;
  int depth = 1;
  std::vector<std::string> variant_files;
  bool variant_given = false;  // --variant was on the command line
};

// perft() of `pos`, on a ChessBoard when the variant is FIDE chess and the position fits one
// (the same counts, several times faster), else by the generic rules.
std::uint64_t count_leaves(const rules::Position& pos, int depth) {
  rules::ChessBoard board;
  if (const rules::ChessTables* tables = rules::ChessBoard::tables_for(pos.variant());
      tables && board.load(pos, *tables))
    return board.perft(depth);
  return rules::perft(pos, depth);
}

// Runs perft and prints the count (per root move first with --divide); returns the status.
int run_perft(const PerftOptions& options) {
  std::vector<std::string> ids;
  if (!load_variant_files(
          options.variant_files, &ids,
          options.variant_given ? std::vector{options.variant} : std::vector<std::string>{}))
    return exit_usage;
  std::string error;
  const std::string& name = !options.variant_given && !ids.empty() ? ids.back() : options.variant;
  const rules::Variant* variant = catalog::find_variant(name, options.variant_options, error);
  if (!variant) {
    std::cerr << "xpgn: " << error << '\n';
    return exit_usage;
  }
  std::optional<rules::Position> pos;
  if (options.fen.empty()) {
    pos.emplace(rules::Position::start(*variant));
  } else {
    notation::SyntaxError syntax;
    auto setup = notation::parse_fen(options.fen, &syntax);
    if (!setup) {
      std::cerr << "xpgn: bad FEN: expected " << syntax.expected << " at character "
                << syntax.pos.column << '\n';
      return exit_usage;
    }
    pos = rules::Position::from_setup(*variant, *setup, error);
    if (!pos) {
      std::cerr << "xpgn: bad FEN: " << error << '\n';
      return exit_usage;
    }
  }
  if (!options.divide || options.depth < 1) {
    std::cout << count_leaves(*pos, options.depth) << '\n';
    return exit_ok;
  }
  rules::MoveList moves;
  rules::generate_legal(*pos, moves);
  std::uint64_t total = 0;
  std::string out;
  for (const auto& m : moves) {
    std::uint64_t n = count_leaves(rules::play(*pos, m), options.depth - 1);
    total += n;
    out += rules::to_san(*pos, m) + ": " + std::to_string(n) + '\n';
  }
  std::cout << out << total << '\n';
  return exit_ok;
}

}  // namespace

void setup_perft(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<PerftOptions>();
  auto* sub = app.add_subcommand("perft", "Count the leaf nodes of the legal move tree");
  auto* variant = sub->add_option("--variant", options->variant,
                                  "Variant id or name (default: the last --variant-file's)")
                      ->capture_default_str();
  add_variant_file_option(*sub, options->variant_files);
  sub->add_option("--options", options->variant_options, "Variant options, comma-separated");
  sub->add_option("--fen", options->fen, "Start position (default: the variant's)");
  sub->add_flag("--divide", options->divide, "Print the count below each root move first");
  sub->add_option("depth", options->depth, "Depth in plies")->required()->check(CLI::Range(0, 64));
  sub->callback([options, variant, &exit_code] {
    options->variant_given = variant->count() > 0;
    exit_code = run_perft(*options);
  });
}

}  // namespace xpgn::cli
