// `xpgn render`: draw a position as an SVG diagram, from a FEN (and optionally one move played
// from it) or from a game of a PGN file (one ply, or every ply into a folder).
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"
#include "io.hpp"
#include "xpgn/emit/writer.hpp"
#include "xpgn/record/replayer.hpp"
#include "xpgn/render/render.hpp"

namespace xpgn::cli {

namespace {

struct RenderOptions {
  std::string file;
  std::string variant = "chess";
  std::string variant_options;
  std::string fen;
  std::string move;
  std::uint64_t game = 1;
  int ply = -1;  // -1: the last ply of the mainline
  bool all_plies = false;
  std::string output;
  std::vector<std::string> arrows;
  std::vector<std::string> squares;
  render::SvgOptions svg;
  bool no_coordinates = false;
  bool no_last_move = false;
  bool no_check = false;
  notation::ReaderOptions reader;
  std::vector<std::string> variant_files;
  bool variant_given = false;  // --variant was on the command line
};

// Writes `text` to `path` whole or not at all ("-" or empty: standard output), never over the
// input file `input` ("" if none).
bool write_output(const std::string& path, const std::string& text, const std::string& input) {
  if (!input.empty()) {
    if (auto clash = output_over_input(path, {input}); !clash.empty()) {
      std::cerr << "xpgn: " << clash << '\n';
      return false;
    }
  }
  if (path.empty() || path == "-") {
    std::cout << text;
    return true;  // write errors on standard output are reported when the command ends
  }
  emit::AtomicFile file(path);
  if (file.ok()) file.stream() << text;
  if (!file.ok() || !file.commit()) {
    std::cerr << "xpgn: " << file.error() << '\n';
    return false;
  }
  return true;
}

// Adds the --arrow and --square marks to `d`; false after printing the problem.
bool add_marks(const RenderOptions& options, render::Diagram& d) {
  std::string error;
  for (const auto& text : options.arrows) {
    render::Arrow a;
    if (!render::parse_arrow(text, d.position.variant(), a, error)) {
      std::cerr << "xpgn: " << error << '\n';
      return false;
    }
    d.arrows.push_back(a);
  }
  for (const auto& text : options.squares) {
    render::SquareMark m;
    if (!render::parse_square_mark(text, d.position.variant(), m, error)) {
      std::cerr << "xpgn: " << error << '\n';
      return false;
    }
    d.squares.push_back(m);
  }
  return true;
}

// The game numbered `index` of `path`, fully replayed; nullopt after printing the problem.
std::optional<record::Game> load_game(const std::string& path, std::uint64_t index,
                                      const notation::ReaderOptions& reader) {
  Input input(path);
  if (!input.error().empty()) {
    std::cerr << "xpgn: " << path << ": " << input.error() << '\n';
    return std::nullopt;
  }
  std::optional<record::Game> found;
  record::ReplayOptions replay;
  replay.file_name = path;
  replay.reader = reader;
  record::replay_pgn(input.stream(), replay, [&](record::Game& g) {
    if (g.index == index) found = std::move(g);
  });
  if (auto error = input.read_error(); !error.empty()) {
    std::cerr << "xpgn: " << path << ": " << error << '\n';
    return std::nullopt;
  }
  if (!found) std::cerr << "xpgn: " << path << ": no game " << index << '\n';
  return found;
}

int run_render(RenderOptions options) {
  std::vector<std::string> ids;
  if (!load_variant_files(
          options.variant_files, &ids,
          options.variant_given ? std::vector{options.variant} : std::vector<std::string>{}))
    return exit_usage;
  if (!options.variant_given && !ids.empty()) options.variant = ids.back();
  options.svg.coordinates = !options.no_coordinates;
  options.svg.last_move = !options.no_last_move;
  options.svg.check = !options.no_check;
  if (options.all_plies && options.ply >= 0) {
    std::cerr << "xpgn: --ply and --all-plies exclude each other\n";
    return exit_usage;
  }
  if (options.file.empty()) {
    if (options.all_plies || options.ply >= 0) {
      std::cerr << "xpgn: --ply and --all-plies need a PGN file\n";
      return exit_usage;
    }
    std::string error;
    auto d = render::diagram_from_fen(options.variant, options.variant_options, options.fen,
                                      options.move, error);
    if (!d) {
      std::cerr << "xpgn: " << error << '\n';
      return exit_usage;
    }
    if (!add_marks(options, *d)) return exit_usage;
    return write_output(options.output, render::to_svg(*d, options.svg), "") ? exit_ok : exit_usage;
  }
  if (!options.fen.empty() || !options.move.empty()) {
    std::cerr << "xpgn: --fen and --move cannot be combined with a PGN file\n";
    return exit_usage;
  }
  auto game = load_game(options.file, options.game, options.reader);
  if (!game) return exit_usage;
  for (const auto& d : game->diagnostics) std::cerr << record::format_diagnostic(d) << '\n';
  auto diagrams = render::game_diagrams(*game);
  if (diagrams.empty()) {
    std::cerr << "xpgn: game " << options.game << " has no start position\n";
    return exit_usage;
  }
  const int status = game->valid() ? exit_ok : exit_invalid;
  if (options.all_plies) {
    if (options.output.empty()) {
      std::cerr << "xpgn: --all-plies needs -o FOLDER\n";
      return exit_usage;
    }
    std::error_code ec;
    std::filesystem::create_directories(options.output, ec);
    if (ec) {
      std::cerr << "xpgn: " << options.output << ": " << ec.message() << '\n';
      return exit_usage;
    }
    auto path_of = [&](std::size_t ply) {
      return std::filesystem::path(options.output) /
             render::ply_file_name(options.game, static_cast<int>(ply));
    };
    for (std::size_t ply = 0; ply < diagrams.size(); ++ply) {  // no file written over the input
      if (auto clash = output_over_input(path_of(ply).string(), {options.file}); !clash.empty()) {
        std::cerr << "xpgn: " << clash << '\n';
        return exit_usage;
      }
    }
    for (std::size_t ply = 0; ply < diagrams.size(); ++ply) {
      if (!add_marks(options, diagrams[ply])) return exit_usage;
      if (!write_output(path_of(ply).string(), render::to_svg(diagrams[ply], options.svg),
                        options.file))
        return exit_usage;
    }
    return status;
  }
  const int last = static_cast<int>(diagrams.size()) - 1;
  const int ply = options.ply < 0 ? last : options.ply;
  if (ply > last) {
    std::cerr << "xpgn: game " << options.game << " has " << last << " plies, not " << ply << '\n';
    return exit_usage;
  }
  render::Diagram& d = diagrams[static_cast<std::size_t>(ply)];
  if (!add_marks(options, d)) return exit_usage;
  if (!write_output(options.output, render::to_svg(d, options.svg), options.file))
    return exit_usage;
  return status;
}

}  // namespace

void setup_render(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<RenderOptions>();
  auto* sub = app.add_subcommand(
      "render", "Draw a position as an SVG diagram (from a FEN, or a game of a PGN file)");
  sub->add_option("file", options->file, "PGN file ('-': standard input); none: use --fen");
  auto* variant =
      sub->add_option("--variant", options->variant,
                      "Variant id or name (without a file; default: the last --variant-file's)")
          ->capture_default_str();
  sub->add_option("--options", options->variant_options, "Variant options, comma-separated");
  sub->add_option("--fen", options->fen, "Position (default: the variant's start position)");
  sub->add_option("--move", options->move,
                  "A SAN move played from the position; the diagram shows it and its effects");
  // (Values named by option_text: CLI11 would write the checks' names and "Excludes: ..." into
  // the options' column and push the descriptions out of line.)
  sub->add_option("--game", options->game, "Game number in the file (from 1; default 1)")
      ->option_text("N")
      ->check(CLI::PositiveNumber);
  sub->add_option("--ply", options->ply,
                  "Half-moves played from the game's start (default: the final position; not "
                  "with --all-plies)")
      ->option_text("K")
      ->check(CLI::NonNegativeNumber);
  sub->add_flag("--all-plies", options->all_plies,
                "One SVG per ply into the folder -o (game1-ply000.svg, ...)");
  sub->add_option("-o,--output", options->output,
                  "Output file (default: standard output), or folder with --all-plies");
  sub->add_option("--size", options->svg.size,
                  "Pixels of the image's longer side (16 to 8192; default 400)")
      ->option_text("PX")
      ->check(CLI::Range(16, 8192));
  sub->add_flag("--flip", options->svg.flipped, "Black at the bottom");
  sub->add_flag("--no-coordinates", options->no_coordinates, "No file letters or rank numbers");
  sub->add_flag("--no-last-move", options->no_last_move,
                "Do not highlight the last move and its forced effects");
  sub->add_flag("--no-check", options->no_check, "Do not highlight a king in check");
  sub->add_option("--arrow", options->arrows,
                  "Arrow FROMTO[:COLOUR], e.g. e2e4 or g1f3:red (repeatable)")
      ->allow_extra_args(false);
  sub->add_option("--square", options->squares,
                  "Coloured square SQ[:COLOUR], e.g. e4:Y (repeatable)")
      ->allow_extra_args(false);
  sub->add_option("--theme", options->svg.theme,
                  "Colours: brown, blue, green or print (default brown)")
      ->option_text("NAME")
      ->check(CLI::IsMember(render::theme_names()));
  add_reader_options(*sub, options->reader);
  add_variant_file_option(*sub, options->variant_files);
  sub->callback([options, variant, &exit_code] {
    options->variant_given = variant->count() > 0;
    exit_code = run_render(*options);
  });
}

}  // namespace xpgn::cli
