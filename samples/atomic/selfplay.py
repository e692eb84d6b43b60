#!/usr/bin/env python3
"""Plays a game of atomic chess with xpgn as the only rules engine, for samples/atomic/.

Each turn asks `xpgn perft --divide 1` for the legal moves (in SAN), plays every one of them
and every reply with `xpgn convert --to jsonl` (one game per line, with the FEN after the move
and the outcome), and picks the move whose worst reply leaves the best material count (a
two-ply search; a blown-up king counts as a won or lost game; a check earns a bonus). Ties are broken by a seeded
random number, so a seed gives the same game again. The moves are printed as PGN movetext; the
comments of the sample were written by hand afterwards.

    samples/atomic/selfplay.py [--seed N] [--max-moves N] [--xpgn build/xpgn]
"""
import argparse
import json
import random
import subprocess
import sys

VALUES = {"p": 1, "n": 3, "b": 3, "r": 5, "q": 9, "k": 0}
WIN = 1000


def legal_moves(xpgn, fen):
    """The legal moves in `fen`, in SAN."""
    out = subprocess.run([xpgn, "perft", "--variant", "atomic", "--fen", fen, "--divide", "1"],
                         capture_output=True, text=True, check=True).stdout
    return [line.split(":")[0] for line in out.splitlines() if ":" in line]


def play_each(xpgn, fen, moves):
    """The JSON game of each one-move game `fen` + move (same order as `moves`)."""
    if not moves:
        return []
    pgn = "".join('[Variant "Atomic"]\n[SetUp "1"]\n[FEN "%s"]\n\n%s *\n\n' % (fen, m)
                  for m in moves)
    out = subprocess.run([xpgn, "convert", "--to", "jsonl", "-"], input=pgn,
                         capture_output=True, text=True, check=True).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def material(fen, white):
    """Material of the side (white or not) minus the other side's, from the FEN's board, with a
    tenth of a pawn for each knight, bishop or queen off its first rank and each pawn on the
    d- or e-file that has advanced, and up to a sixth of a pawn for a central knight or bishop
    (a little development)."""
    score = 0
    for rank_index, row in enumerate(fen.split()[0].split("/")):
        rank = 8 - rank_index
        file = 0
        for c in row:
            if c.isdigit():
                file += int(c)
                continue
            if c.lower() in VALUES:
                value = VALUES[c.lower()]
                home = 1 if c.isupper() else 8
                if c.lower() in "nbq" and rank != home:
                    value += 0.1
                if c.lower() in "nb":  # a little more for a central knight or bishop
                    value += 0.05 * (3.5 - max(abs(file - 3.5), abs(rank - 4.5)))
                if c.lower() == "p" and file in (3, 4) and rank not in (2, 7):
                    value += 0.1
                score += value if c.isupper() == white else -value
            file += 1
    return score


def judge(game, white):
    """Score of the position after `game`'s move, for the side (white or not)."""
    outcome = game["outcome"]
    if outcome["decided"]:
        if outcome["winner"] is None:
            return 0
        return WIN if (outcome["winner"] == "white") == white else -WIN
    return material(game["moves"][-1]["fen_after"], white)


def choose(xpgn, fen, white, rng):
    """The move to play in `fen` (two plies deep), or None when there is none."""
    moves = legal_moves(xpgn, fen)
    best, best_score = None, None
    for move, game in zip(moves, play_each(xpgn, fen, moves)):
        score = judge(game, white)
        if abs(score) < WIN:
            after = game["moves"][-1]["fen_after"]
            replies = play_each(xpgn, after, legal_moves(xpgn, after))
            if replies:
                score = min(judge(r, white) for r in replies)
        if move.endswith("+"):  # a check threatens to blow up the king: worth a little
            score += 0.3
        score += rng.random() * 0.5
        if best_score is None or score > best_score:
            best, best_score = move, score
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-moves", type=int, default=60)
    parser.add_argument("--xpgn", default="build/xpgn")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    sans, result = [], "*"
    for ply in range(2 * args.max_moves):
        move = choose(args.xpgn, fen, ply % 2 == 0, rng)
        if move is None:
            break
        sans.append(move)
        game = play_each(args.xpgn, fen, [move])[0]
        fen = game["moves"][-1]["fen_after"]
        if game["outcome"]["decided"]:
            result = game["outcome"]["result"]
            break
    text = " ".join(("%d. " % (i // 2 + 1) if i % 2 == 0 else "") + m for i, m in enumerate(sans))
    print(text, result)
    print(fen, file=sys.stderr)


if __name__ == "__main__":
    main()
