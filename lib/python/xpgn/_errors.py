"""The exceptions of xpgn: raised only by calls that cannot go on (a file that cannot be read,
a bad FEN or variant given to Position, an illegal move given to Position.play). Bad games are
never exceptions: they are games with diagnostics.

Every exception carries the fields of a diagnostic (None where they do not apply)."""

from __future__ import annotations

from typing import Optional


class Error(Exception):
    """An xpgn call could not go on. Fields as xpgn.Diagnostic: file, line, column, game, ply,
    token, message; severity is always 'error'."""

    severity = "error"

    def __init__(self, message: str, *, file: Optional[str] = None,
                 line: Optional[int] = None, column: Optional[int] = None,
                 game: Optional[int] = None, ply: Optional[int] = None,
                 token: Optional[str] = None) -> None:
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.game = game
        self.ply = ply
        self.token = token

    def __str__(self) -> str:
        """The message, after the position when one is known ('FILE:LINE:COL: message')."""
        where = ""
        if self.file:
            where = self.file
            if self.line:
                where += f":{self.line}"
                if self.column:
                    where += f":{self.column}"
        return f"{where}: {self.message}" if where and not self.message.startswith(where) \
            else self.message


class ReadError(Error, OSError):
    """An input could not be read (missing file, a directory, an I/O error) or a file could not
    be written."""


class FenError(Error, ValueError):
    """A FEN that does not parse or does not describe a position of the variant; column is the
    character at fault when the syntax is wrong, token the FEN."""


class VariantError(Error, ValueError):
    """An unknown variant or option, or a variant definition file with problems (message: one
    line per problem, 'FILE:LINE:COL: error: /pointer: message')."""


class MoveError(Error, ValueError):
    """A move given to Position.play that is malformed, illegal or ambiguous; token is the move
    as given."""
