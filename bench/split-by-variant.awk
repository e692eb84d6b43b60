# Splits a PGN file of games with a [Variant "..."] tag each (as `xpgn --generate-random-games`
# writes them: [Event first, [Variant second) into one file per variant, DIR/VARIANT.pgn.
# Usage: awk -v dir=DIR -f bench/split-by-variant.awk GAMES.pgn
/^\[Event / { event = $0; next }
/^\[Variant / {
  match($0, /"[^"]*"/)
  v = substr($0, RSTART + 1, RLENGTH - 2)
  print event > (dir "/" v ".pgn")
}
{ print > (dir "/" v ".pgn") }
