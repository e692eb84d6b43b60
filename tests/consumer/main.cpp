// An out-of-tree program using the installed xpgn library (docs/library.md shows it in full).
// Usage: xpgn_consumer GAMES.pgn OUT.pgn OUT.svg
// Prints one line per game and a summary, the FEN after each game's last verified move, writes
// every game as canonical PGN to OUT.pgn and the final position of the first game to OUT.svg.
#include <fstream>
#include <iostream>

#include <xpgn/xpgn.hpp>

int main(int argc, char** argv) {
  if (argc != 4) {
    std::cerr << "usage: xpgn_consumer GAMES.pgn OUT.pgn OUT.svg\n";
    return 2;
  }
  // Read and replay every game; bad games become diagnostics, never exceptions.
  xpgn::ReadResult input = xpgn::read_file(argv[1]);
  if (!input.error.empty()) {
    std::cerr << "error: " << input.error << '\n';
    return 2;
  }
  int valid = 0;
  for (const xpgn::Game& game : input.games) {
    // Walk the mainline: each step has the move, the positions around it and its effects.
    std::string last_fen = game.start_fen;
    int effects = 0;
    int plies = xpgn::walk_mainline(game, [&](const xpgn::Step& step) {
      effects += static_cast<int>(step.effects->size());
      last_fen = step.after->fen();
    });
    std::cout << "game " << game.index << ": "
              << (game.variant ? game.variant->id : std::string("unknown variant")) << ", " << plies
              << " plies, " << effects << " effects, " << (game.valid() ? "valid" : "invalid")
              << '\n';
    std::cout << "  final: " << last_fen << '\n';
    for (const xpgn::Diagnostic& problem : game.diagnostics)
      std::cout << "  " << xpgn::format(problem) << '\n';
    valid += game.valid() ? 1 : 0;
  }
  std::cout << "read " << input.games.size() << " games: " << valid << " valid\n";

  // Write all games as canonical PGN (whole or not at all) and one diagram.
  if (std::string error = xpgn::write_games(argv[2], input.games, "pgn"); !error.empty()) {
    std::cerr << "error: " << error << '\n';
    return 2;
  }
  if (!input.games.empty()) {
    std::string error;
    xpgn::SvgOptions look;
    look.size = 320;
    auto svg = xpgn::to_svg(input.games.front(), -1, look, error);
    if (!svg) {
      std::cerr << "error: " << error << '\n';
      return 2;
    }
    std::ofstream(argv[3]) << *svg;
  }
  return input.ok() ? 0 : 1;
}
