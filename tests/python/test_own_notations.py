"""Moves in a family's own notation (WXF, USI) read by Position.play (docs/notation.md, 3.7)."""
import pytest

import xpgn


def test_play_reads_wxf_and_usi():
    start = xpgn.Position(variant="xiangqi")
    # WXF's sideways cannon, with '.' or '=', either case: the same move as SAN's Che3.
    fens = {start.play(text).fen() for text in ("C2.5", "C2=5", "c2.5", "Che3")}
    assert fens == {"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"}
    assert start.play("C2.5").play("H8+7").last_move == "Hg8"
    shogi = xpgn.Position(variant="shogi")
    assert shogi.play("7g7f").fen() == shogi.play("Pc4").fen()
    with pytest.raises(xpgn.MoveError, match=r"'C2\+9' \(WXF\) names no legal move here"):
        start.play("C2+9")
    with pytest.raises(xpgn.MoveError, match="FIDE chess does not read"):
        xpgn.Position().play("7g7f")
