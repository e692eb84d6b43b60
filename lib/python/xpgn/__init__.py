"""xpgn for Python: read, validate and convert chess-variant game records, replay every move
through xpgn's rules, and set up, play and draw positions of every variant xpgn knows.

    import xpgn
    for game in xpgn.read("games.pgn"):          # streamed, replayed on a C++ thread
        print(game.tags.get("White"), game.valid, game.mainline_san()[:3])
    report = xpgn.check("games.pgn")              # what `xpgn check` reports
    pos = xpgn.Position(variant="maxim").play("e4")
    pos.svg(size=300)                              # or just `pos` in a notebook

See docs/python.md for a tour."""

from __future__ import annotations

import os
from typing import IO, Optional, Union

from ._errors import Error, FenError, MoveError, ReadError, VariantError
from ._xpgn import (CheckReport, Diagnostic, Effect, Game, LegalMove, Move, Outcome, Position,
                    Reader, Variant, check, dumps, load_variant, load_variants, read_string,
                    variants, version, write)
from . import _xpgn

__all__ = [
    "CheckReport", "Diagnostic", "Effect", "Error", "FenError", "Game", "LegalMove", "Move",
    "MoveError", "Outcome", "Position", "ReadError", "Reader", "Variant", "VariantError",
    "check", "dumps", "load_variant", "load_variants", "read", "read_string", "variants",
    "version", "write",
]

__version__ = version()


def read(path_or_file: Union[str, "os.PathLike[str]", IO[bytes], IO[str]], jobs: int = 1,
         strict: bool = False, encoding: Optional[str] = None, san_only: bool = False) -> Reader:
    """Iterates the games of a file (a path, or a file object opened in binary or text mode),
    each replayed and validated as it is read, in input order.

    The reading and replaying happen on a C++ thread without the GIL while Python works on the
    games already read; memory stays bounded by a few games. Stop early with ``close()``, a
    ``with`` block or by dropping the reader: its thread ends. ``strict`` is ``xpgn check
    --strict``; ``encoding`` an ICU name forcing every game's encoding (default: decided per
    input). ``jobs`` threads replay a file (0: one per core): with more than one, the file is
    read into memory, cut into ranges of about 8 kB at game starts as ``xpgn check --jobs``
    cuts it (each range reads as in the whole file: game numbers, lines, the encoding decision)
    and the ranges are replayed at once; games still come in input order. A file object is read
    on one thread.

    ``san_only=True`` is the fast way through an archive when the moves' SAN is all you want:
    games are replayed as ``xpgn check`` replays them and keep their tags, verdict,
    diagnostics, outcome, ``plies``, ``start_fen`` and ``mainline_san()``, but no move tree, so
    ``mainline()``, ``moves``, ``comments``, ``mainline_uci()``, ``end_position()``, ``to_pgn()``,
    ``to_json()``, ``to_dict()``, ``svg()`` and writing raise ValueError for them.

    Raises ReadError when the file cannot be opened, or at the end of the iteration when
    reading failed on the way; bad games are games with diagnostics, never exceptions."""
    if not isinstance(jobs, int) or jobs < 0:
        raise ValueError("jobs must be an int, 0 or more")
    return _xpgn._open(path_or_file, jobs, strict, encoding, bool(san_only))
