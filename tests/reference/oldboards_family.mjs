// Random games of shatar, shako and placement (issue 39's old-board variants that came last)
// from Fairy-Stockfish's WebAssembly build (npm package `ffish`, see README.md), for the replay
// test (tests/test_rules_oldboards_family.cpp) and the bench (bench/ffish-family.sh oldboards);
// nothing here uses xpgn code.
//
// Regenerate (from the repository root):
//
//   npm install --prefix /tmp/ffish ffish@0.7.10
//   NODE_PATH=/tmp/ffish/node_modules node tests/reference/oldboards_family.mjs games > tests/data/history/oldboards-family-ffish.txt
//
// One game per line, `variant;FEN;SAN moves;result;UCI moves`, FEN `-` for the start position:
// twelve games from the start per variant, the first six of random moves, the others preferring
// captures, each played until ffish's isGameOver(true) says the game is over or 600 plies were
// played (printFamilyGames in ffish_common.mjs). The variants are played in the order below
// with one PRNG, so that a variant added at the end leaves the lines of the others as they were.

import { loadFfish, printFamilyGames, runMode } from './ffish_common.mjs';

const ffish = loadFfish();
const variants = ['shatar', 'shako', 'placement'];

runMode(ffish, 'oldboards_family.mjs', {
  games: () => printFamilyGames(ffish, variants, {}, 3939),
});
