#!/usr/bin/env bash
# Draws the diagrams of docs/: the start position of every built-in variant and one position for
# each special rule. Run from anywhere after building:
#   docs/diagrams/make.sh            (uses build/xpgn, or $XPGN if set)
# Writes docs/diagrams/*.svg; the same xpgn gives the same bytes, so unchanged diagrams stay
# unchanged in git. See docs/render.md.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
xpgn="${XPGN:-$root/build/xpgn}"
if [ ! -x "$xpgn" ]; then
  echo "no xpgn at $xpgn: build first (bash .ci/build) or set XPGN" >&2
  exit 2
fi

# draw NAME ARGS...: one diagram, docs/diagrams/NAME.svg
draw() {
  local name="$1"
  shift
  "$xpgn" render --size 360 "$@" -o "$here/$name.svg"
  echo "$name.svg"
}

# The start position of every variant.
while read -r id _; do
  draw "$id-start" --variant "$id"
done < <("$xpgn" variants)

# Xiangqi on its points: the central cannon, and where it aims.
draw xiangqi-central-cannon --variant xiangqi --move Che3 --arrow e3e7:red

# Reservists' doublechess: a captured major comes back as a reserve pawn on its file; the cannon
# checks through a screen.
draw reservists-reserve-pawn --variant reservists \
  --fen "4k3/8/8/8/r7/8/8/8/8/Q3K3 w - - 0 1" --move Qxa6
draw reservists-cannon-check --variant reservists \
  --fen "k7/8/8/8/8/P7/8/8/8/1A2K3 w - - 0 1" --move Aa1 --arrow a1a10:red --square a5:yellow

# Reproduction Chess: a pass makes the queen pregnant; she gives birth to a pawn while moving;
# a pawn born on the 7th rank is a prince at once.
draw reproduction-pregnant --variant reproduction \
  --fen "4k3/8/8/8/8/8/3P4/3QK3 w - - 0 1" --move=--d1
draw reproduction-birth --variant reproduction \
  --fen "4k3/8/8/8/3Q4/8/8/4K3 w - - 0 1 pregnant=d4" --move "Qd6,P@d5"
draw reproduction-prince --variant reproduction \
  --fen "4k3/8/1Q6/8/8/8/8/4K3 w - - 0 1 pregnant=b6" --move "Qb7,P@a7"

# Battle of the Kings: a moving piece leaves the next piece of the chain behind.
draw battle-of-the-kings-birth --variant battle-of-the-kings \
  --fen "8/pppppppp/8/8/4P3/8/PPPPNPPP/8 b - - 0 1" --move d5

# Reenterent Chess: a captured piece goes to the re-entry square, and comes back from it; the
# bishop's catacombs.
draw reenterent-to-reentry --variant reenterent \
  --fen "kqbnr/1pppp/5/5/1p3/P4/1PPPP/KQBNR[n] w Kk - 0 1" --move axb4
draw reenterent-reentry --variant reenterent \
  --fen "kqbnr/ppppp/5/5/5/5/PPPPP/KQB1R[N] w Kk - 0 1" --move N@c3
draw reenterent-catacombs --variant reenterent \
  --fen "k4/5/5/5/5/5/B4/4K[] w - - 0 1" --move "Bc4~c5"

# Maxim chess: two friendly pieces on one square (numbered in the order they came), portals
# (rings in the owner's colour), a teleport, a push out of a captured stack, a pawn removed on
# the last rank.
draw maxim-stack --variant maxim --move Nb2
draw maxim-portals --variant maxim \
  --fen "rnpqkpnr/bppppppb/8/8/4P3/8/BPPP1PPB/RNPQKPNR b - - 0 1 portals=c5,f5/-" \
  --move "e5,^c4^f4"
draw maxim-teleport --variant maxim \
  --fen "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 portals=a5,h5/c6,f6" --move Ra5
draw maxim-push --variant maxim --fen "4k3/8/8/(pn)7/8/8/8/R3K3 w - - 0 1" --move "Rxa5>b5"
draw maxim-pawn-removed --variant maxim --fen "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1" --move b8

# Atomic chess: a capture explodes: the captured piece, the capturer and every piece but pawns
# around the capture square leave the board. King of the hill: a king on a centre square wins.
draw atomic-explosion --variant atomic \
  --fen "r1bqkb1r/pppp1ppp/2n2n2/4p1N1/2B1P3/8/PPPP1PPP/RNBQK2R w KQkq - 0 1" --move Nxf7
draw king-of-the-hill-goal --variant king-of-the-hill \
  --fen "4k3/8/8/8/8/3K4/8/8 w - - 0 1" --move Ke4 --square d4:yellow --square e4:yellow \
  --square d5:yellow --square e5:yellow
# Crazyhouse: a captured promoted queen goes to the capturer's pocket as a pawn; a drop.
draw crazyhouse-demotion --variant crazyhouse \
  --fen "k3Q~3/8/8/8/8/8/K7/4r3[NNPbp] b - - 0 1" --move Rxe8
draw crazyhouse-drop --variant crazyhouse \
  --fen "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pp] b KQkq - 0 3" --move "P@d5"

# Three-check: a check is counted; each side's checks left beside its edge of the board.
draw three-check-counted --variant three-check \
  --fen "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/8/PPPP1PPP/RNBQK1NR w KQkq - 3+3 2 3" --move "Bxf7+"
