"""Calls that cannot go on raise xpgn's exceptions with the diagnostic's fields."""

import pytest

import xpgn


def test_unreadable_inputs_raise_read_error(tmp_path):
    missing = tmp_path / "missing.pgn"
    for call in (xpgn.read, xpgn.check):
        with pytest.raises(xpgn.ReadError) as caught:
            call(missing)
        error = caught.value
        assert isinstance(error, OSError) and isinstance(error, xpgn.Error)
        assert error.file == str(missing) and "No such file" in error.message
        assert error.line is None and error.game is None and error.severity == "error"
    with pytest.raises(xpgn.ReadError) as caught:
        xpgn.read(tmp_path)
    assert "directory" in caught.value.message
    with pytest.raises(xpgn.ReadError):
        xpgn.write(tmp_path / "no" / "such" / "dir.pgn", [], "pgn")


def test_bad_fen_raises_fen_error_with_column():
    fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"
    with pytest.raises(xpgn.FenError) as caught:
        xpgn.Position(fen)
    error = caught.value
    assert isinstance(error, ValueError)
    assert error.column == fen.index(" x ") + 2 and error.token == fen  # 1-based: the 'x'
    assert "bad FEN" in error.message and "side to move" in error.message
    with pytest.raises(xpgn.FenError) as caught:
        xpgn.Position(fen.replace(" x ", " w ").replace("KQkq", "KQkq").replace("R w", "X w"))
    assert caught.value.column is None and "'X'" in caught.value.message
    with pytest.raises(xpgn.FenError) as caught:
        xpgn.Position("8/8/8/8/8/8/8/8 w - - 0 1")  # no kings
    assert caught.value.column is None and "bad FEN" in str(caught.value)


def test_unknown_variant_and_bad_definition_raise_variant_error(tmp_path):
    with pytest.raises(xpgn.VariantError) as caught:
        xpgn.Position(variant="no such variant")
    assert caught.value.token == "no such variant"
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "xpgn-variant", "version": 1, "id": "py-bad", "base": "chess",'
                   '\n "pieces": 3}')
    with pytest.raises(xpgn.VariantError) as caught:
        xpgn.load_variant(bad)
    assert caught.value.file == str(bad)
    assert caught.value.message.startswith(str(bad) + ":2:")  # the line of "pieces"
    assert "py-bad" not in [v.id for v in xpgn.variants()]
    with pytest.raises(xpgn.VariantError):
        xpgn.Position(variant_file=bad)


def test_illegal_moves_raise_move_error():
    pos = xpgn.Position()
    for move in ("e5", "Ke2", "e2e5", "Zz9", ""):
        with pytest.raises(xpgn.MoveError) as caught:
            pos.play(move)
        assert caught.value.token == (move or None)
    ambiguous = xpgn.Position("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1")
    assert ambiguous.play("Nbd2").fen() == ambiguous.play("b1d2").fen()
    with pytest.raises(xpgn.MoveError) as caught:
        ambiguous.play("Nd2")
    assert "ambiguous" in caught.value.message or "several" in caught.value.message


def test_bad_arguments_raise_python_errors():
    with pytest.raises(xpgn.Error):
        xpgn.read("x.pgn", encoding="no-such-encoding")
    with pytest.raises(ValueError):
        xpgn.dumps([], "docx")
    with pytest.raises(ValueError):
        xpgn.Position().perft(-1)
    with pytest.raises(TypeError):
        xpgn.read(42)
    game = xpgn.read_string('[Event "x"]\n\n1. e4 *\n')[0]
    with pytest.raises(ValueError):
        game.to_pgn(style="morse")
    with pytest.raises(xpgn.Error) as caught:
        game.svg(ply=5)
    assert caught.value.game == 1 and caught.value.ply == 5


def test_own_notation_refuses_a_game_of_another_variant(tmp_path):
    """WXF is the xiangqi family's own notation: another variant's game is a ValueError, and
    a file is then not written (whole or not at all)."""
    xiangqi = xpgn.read_string('[Event "x"]\n[Variant "xiangqi"]\n\n1. Che3 Hg8 *\n')[0]
    chess = xpgn.read_string('[Event "c"]\n\n1. e4 e5 *\n')[0]
    assert "1. C2.5 H8+7 *" in xiangqi.to_pgn(style="wxf")
    assert b"1. C2.5 H8+7 *" in xpgn.dumps([xiangqi], "wxf")
    with pytest.raises(ValueError) as caught:
        chess.to_pgn(style="wxf")
    assert "not for FIDE chess" in str(caught.value)
    with pytest.raises(ValueError) as caught:
        xpgn.dumps([xiangqi, chess], "wxf")
    assert "game 2: wxf is written for" in str(caught.value)
    target = tmp_path / "out.pgn"
    with pytest.raises(ValueError):
        xpgn.write(target, [xiangqi, chess], "wxf")
    assert not target.exists()
    xpgn.write(target, [xiangqi], "wxf")
    assert "C2.5" in target.read_text()
    # ICCS read by Position.play as by a game: h0g2 only ICCS has.
    assert xpgn.Position(variant="xiangqi").play("h0g2").fen() == \
        xpgn.Position(variant="xiangqi").play("Hg3").fen()
