"""Positions from Python: FENs round-trip, every replayed move can be played again by SAN and by
UCI to the same position, perft and legal moves agree with the command line, diagrams parse."""

import xml.etree.ElementTree as ET

import pytest

import xpgn
from conftest import SAMPLES, run_cli

SVG = "{http://www.w3.org/2000/svg}svg"


def game_position(game, fen):
    """A Position of `fen` in the game's variant with its options."""
    return xpgn.Position(fen, variant=game.variant, options=",".join(game.variant_options))


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_replayed_moves_round_trip(path):
    plies = 0
    for game in xpgn.read(path):
        for move in game.mainline():
            before = game_position(game, move.fen_before)
            assert before.fen() == move.fen_before
            legal = before.legal_moves()
            if ",^" not in move.san:  # Maxim's portal declaration is a choice on top of a move
                assert move.san in [m.san for m in legal]
            assert move.uci in [m.uci for m in legal]
            by_san = before.play(move.san)
            assert by_san.fen() == move.fen_after
            sharing = [m.san for m in legal if m.uci == move.uci]
            if len(sharing) == 1:
                by_uci = before.play(move.uci)
                if ",^" in move.san:  # UCI cannot declare portals: the move without them
                    assert by_uci.fen() == before.play(move.san.split(",^")[0]).fen()
                else:
                    assert by_uci.fen() == move.fen_after
            else:  # a push or birth chosen by the SAN: the coordinates alone do not say which
                try:
                    by_uci = before.play(move.uci)  # the text may read as SAN too
                except xpgn.MoveError:
                    by_uci = None
                if by_uci is not None:
                    assert by_uci.fen() in {before.play(san).fen() for san in sharing}
                by_uci = by_san
            assert by_san.last_move == move.san
            assert [(e.kind, e.square) for e in by_san.effects] == \
                [(e.kind, e.square) for e in move.effects]
            assert by_san == move.position_after()
            plies += 1
        end = game.end_position()
        if game.plies and game.complete and game.outcome.termination == "checkmate":
            assert end.is_check() and end.legal_moves() == []
            assert end.outcome().termination == "checkmate"
            assert end.outcome().winner == game.outcome.winner
    assert plies > 0


def test_start_positions_of_every_variant():
    ids = [v.id for v in xpgn.variants()]
    assert ids[0] == "chess" and "maxim" in ids and len(ids) >= 15
    for variant in ids:
        start = xpgn.Position(variant=variant)
        assert start.variant == variant
        again = xpgn.Position(start.fen(), variant=variant)
        assert again.fen() == start.fen() and again == start
        assert start.turn == "white"
        assert not start.outcome().decided


@pytest.mark.parametrize("variant,depth", [("chess", 3), ("maxim", 2), ("reservists", 2),
                                           ("crazyhouse", 2), ("atomic", 3)])
def test_perft_and_legal_moves_equal_cli(cli, variant, depth):
    pos = xpgn.Position(variant=variant)
    code, out = run_cli(cli, "perft", "--variant", variant, depth)
    assert code == 0 and pos.perft(depth) == int(out)
    code, out = run_cli(cli, "perft", "--variant", variant, "--divide", 1)
    divide = out.decode().splitlines()[:-1]
    assert sorted(f"{m.san}: 1" for m in pos.legal_moves()) == sorted(divide)
    assert pos.perft(1) == len(pos.legal_moves()) and pos.perft(0) == 1


def test_known_chess_counts():
    kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    assert xpgn.Position(kiwipete).perft(2) == 2039
    assert xpgn.Position().perft(4) == 197281


def test_play_returns_a_new_position():
    start = xpgn.Position()
    after = start.play("e4").play("e7e5").play("Nf3")
    assert start.fen() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    assert after.fen() == "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    assert after.turn == "black" and start.last_move is None and after.last_move == "Nf3"
    mate = start.play("f3").play("e5").play("g4").play("Qh4")
    assert mate.is_check() and mate.legal_moves() == []
    assert (mate.outcome().termination, mate.outcome().winner, mate.outcome().result) == \
        ("checkmate", "black", "0-1")


def test_svg_parses_with_options():
    pos = xpgn.Position(variant="maxim").play("e4")
    for svg in (pos.svg(), pos._repr_svg_(),
                pos.svg(size=240, flipped=True, coordinates=False, theme="blue",
                        arrows=["e2e4:red", "d1h5"], squares=["e4:yellow"], last_move=False)):
        root = ET.fromstring(svg)
        assert root.tag == SVG
    small = ET.fromstring(pos.svg(size=240))
    assert "240" in (small.get("width") or "") + (small.get("viewBox") or "")
    game = xpgn.read_string('[Event "x"]\n\n1. e4 e5 2. Qh5 Nc6 *\n')[0]
    assert ET.fromstring(game.svg()).tag == SVG
    assert ET.fromstring(game.svg(ply=0, theme="print")).tag == SVG
    with pytest.raises(TypeError):
        pos.svg(colour="red")
    with pytest.raises(xpgn.Error):
        pos.svg(theme="no such theme")
    with pytest.raises(xpgn.Error):
        pos.svg(arrows=["z9z10"])


def test_variant_files(tmp_path):
    definition = tmp_path / "tiny.json"
    definition.write_text('{"format": "xpgn-variant", "version": 1, "id": "py-test-tiny", '
                          '"name": "Tiny", "base": "chess", '
                          '"description": "chess under another name"}')
    variant = xpgn.load_variant(definition)
    assert variant.id == "py-test-tiny" and not variant.builtin
    assert variant.source == str(definition)
    assert "py-test-tiny" in [v.id for v in xpgn.variants()]
    pos = xpgn.Position(variant_file=definition)
    assert pos.variant == "py-test-tiny" and pos.perft(2) == 400
    games = xpgn.read_string('[Event "x"]\n[Variant "py-test-tiny"]\n\n1. e4 e5 *\n')
    assert games[0].variant == "py-test-tiny" and games[0].valid
    assert xpgn.load_variant(definition).id == "py-test-tiny"  # again: the same variant
    definition.write_text(definition.read_text().replace("another name", "a new name"))
    with pytest.raises(xpgn.VariantError, match="already names"):
        xpgn.load_variant(definition)  # changed bytes, same id: the catalog keeps the first
