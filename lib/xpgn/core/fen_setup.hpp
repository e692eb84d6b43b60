// An extended FEN as written: the fields, unvalidated. Produced by notation (parse_fen) and by
// rules (to_setup); interpreted by rules (position_from_setup); written by format_fen.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace xpgn {

struct FenSetup {
  int files = 0;  // board width as counted from the placement field
  int ranks = 0;  // board height (number of '/'-separated rows)
  // Piece letters per square, index = rank * files + file, rank 0 being the first (White's)
  // rank. An empty string is an empty square; two letters are a stack, earlier arrival first;
  // a letter followed by '~' is a promoted piece ("Q~", crazyhouse).
  std::vector<std::string> squares;
  // A "[...]" part followed the board: pieces in hand (Reenterent's re-entry square; later
  // crazyhouse pockets "[Nn]", Seirawan hands "[HEhe]"), as FEN letters, possibly none.
  bool has_hand = false;
  std::string hand;
  // The placement's last row when it cannot be a rank of the board (a width unlike row 1's, all
  // plain piece letters, or empty after a closing '/'): its letters as written, then not among
  // `squares` nor counted in `ranks`. Lichess writes a crazyhouse pocket so ("RNBQKBNR/Qn");
  // the rules decide what it is for their variant (Position::from_setup).
  bool has_extra_rank = false;
  std::string extra_rank;
  char side_to_move = 'w';     // 'w' or 'b'
  std::string castling = "-";  // as written: "KQkq", "-", X-FEN/Shredder letters
  // "-", a square name, or digits: the limit of a running count (Fairy-Stockfish's makruk
  // family, whose halfmove field then holds the plies counted).
  std::string en_passant = "-";
  // The counters field as written ("3+3": three-check's checks remaining, White's first; or
  // "+1+2": checks given, written after the clocks), "" when absent.
  std::string counters;
  int halfmove_clock = 0;
  int fullmove_number = 1;
  // Extra named fields after the six standard ones, written "name=value" (e.g. pregnant=d1).
  std::vector<std::pair<std::string, std::string>> extra_fields;
};

// Writes the canonical text: placement with run-length counts (multi-digit when needed), "(XY)"
// for stacks, "~" after promoted pieces, "[..]" when has_hand, then side, castling, en passant,
// the counters "3+3" (when so written), clocks, the counters "+1+2" (when so written), extra
// fields.
std::string format_fen(const FenSetup& setup);

}  // namespace xpgn
