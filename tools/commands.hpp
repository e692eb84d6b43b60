// The subcommands of the xpgn tool. Each registers itself with CLI11 and, when chosen, stores
// its exit status in `exit_code`.
#pragma once

#include <optional>

#include <CLI/CLI.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "xpgn/notation/notation.hpp"

namespace xpgn::cli {

// Exit statuses shared by all subcommands.
inline constexpr int exit_ok = 0;
inline constexpr int exit_invalid = 1;  // some game is invalid
inline constexpr int exit_usage = 2;    // bad arguments or an input/output error

// Adds the options that say how inputs are read (--encoding, --max-game-size) to `sub`,
// storing them in `options` (which must outlive the parse).
void add_reader_options(CLI::App& sub, notation::ReaderOptions& options);
// Adds `--lang CODE` (the SAN piece letters read, default en; an unknown code is a usage
// error) to `sub`, storing it in `options.san_language`.
void add_read_language_option(CLI::App& sub, notation::ReaderOptions& options);

// Adds `--variant-file FILE` (repeatable) to `sub`, storing the paths in `files`.
void add_variant_file_option(CLI::App& sub, std::vector<std::string>& files);
// Adds `--variant NAME` (repeatable) to `sub` for the subcommands that read games: the sections
// of a Fairy-Stockfish variants.ini to read, stored in `sections`.
void add_ini_section_option(CLI::App& sub, std::vector<std::string>& sections);
// Loads the variant files into the catalog, printing every problem on standard error; false
// when there was one. The ids the files define go to `ids` when given. Of a Fairy-Stockfish
// variants.ini only the sections `sections` names are read when it names any (--variant NAME).
bool load_variant_files(const std::vector<std::string>& files,
                        std::vector<std::string>* ids = nullptr,
                        const std::vector<std::string>& sections = {});
// Adds --progress/--no-progress to `sub`, storing the choice in `forced` (unset: automatic).
void add_progress_options(CLI::App& sub, std::optional<bool>& forced);

// `xpgn check`: validate games.
void setup_check(CLI::App& app, int& exit_code);
// `xpgn convert`: write games in another format.
void setup_convert(CLI::App& app, int& exit_code);
// `xpgn perft`: count leaf nodes of the legal move tree.
void setup_perft(CLI::App& app, int& exit_code);
// `xpgn render`: draw a position as an SVG diagram.
void setup_render(CLI::App& app, int& exit_code);
// `xpgn select`: write the games that meet criteria, as they were read, without duplicates.
void setup_select(CLI::App& app, int& exit_code);
// `xpgn split`: where to cut files into parts at game starts.
void setup_split(CLI::App& app, int& exit_code);
// `xpgn variants`: list the built-in variants.
void setup_variants(CLI::App& app, int& exit_code);

// The hidden build-time generators (`--generate-man DIR`, `--generate-completions SHELL [FILE]`,
// `--generate-random-games N [SEED]`, as the only arguments): their exit status, or nullopt when
// the arguments are something else.
std::optional<int> run_generator(CLI::App& app, int argc, char** argv);

}  // namespace xpgn::cli
