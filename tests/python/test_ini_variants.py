"""Fairy-Stockfish variants.ini files from Python: xpgn.load_variant(path, name=...) picks a
section, xpgn.load_variants(path) returns them all, and the positions of the sections count the
moves Fairy-Stockfish counts (tests/data/fsf-ini/perft-ffish.txt, made by
tests/reference/fsf_ini_perft.mjs with ffish)."""

import pathlib

import pytest
import xpgn

ROOT = pathlib.Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data" / "fsf-ini"
INI = DATA / "inheritance.ini"


def sections(path):
    """The section names of an ini file, in order (the part before a ':' parent)."""
    names = []
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if line.startswith("[") and line.endswith("]"):
            names.append(line[1:-1].split(":")[0].strip())
    return names


def reference(ini_name, max_depth=2):
    """(section, fen, depth, nodes) rows of perft-ffish.txt for `ini_name`, depth <= max_depth."""
    rows = []
    for line in (DATA / "perft-ffish.txt").read_text(encoding="utf-8").splitlines():
        fields = line.split(";")
        if len(fields) == 5 and fields[0] == ini_name and int(fields[3]) <= max_depth:
            rows.append((fields[1], fields[2], int(fields[3]), int(fields[4])))
    return rows


def test_load_variants_returns_every_section_in_file_order():
    variants = xpgn.load_variants(INI)
    assert [v.id for v in variants] == sections(INI)
    assert len(variants) == 9
    # (source: the path the file was first loaded by in this process; the tour loads it too)
    assert all(not v.builtin and v.source.endswith("inheritance.ini") for v in variants)
    catalog = {v.id for v in xpgn.variants()}
    assert set(sections(INI)) <= catalog
    again = xpgn.load_variants(INI)  # the same bytes again: the same variants
    assert [v.id for v in again] == [v.id for v in variants]


@pytest.mark.parametrize("name", sections(INI))
def test_load_variant_picks_the_named_section(name):
    variant = xpgn.load_variant(INI, name=name)
    assert variant.id == name
    assert xpgn.Position(variant_file=INI, variant=name).variant == name


def test_sections_count_moves_as_fairy_stockfish():
    rows = reference("inheritance.ini")
    assert {r[0] for r in rows} == set(sections(INI))  # every section has a depth-2 row
    for section, fen, depth, nodes in rows:
        variant = xpgn.load_variant(INI, name=section)
        assert xpgn.Position(fen, variant=variant.id).perft(depth) == nodes, (section, fen)


def test_unknown_section_name_is_a_variant_error_naming_the_sections():
    with pytest.raises(xpgn.VariantError) as caught:
        xpgn.load_variant(INI, name="gothic")
    error = caught.value
    assert error.file == str(INI) and error.token == "gothic"
    assert "no variant named 'gothic'" in error.message
    assert "gothic-test, gothic-nocastle," in error.message  # the names it has, in order


def test_several_sections_and_no_name_is_a_variant_error():
    with pytest.raises(xpgn.VariantError) as caught:
        xpgn.load_variant(INI)
    message = caught.value.message
    assert "defines 9 variants" in message and "name=" in message
    assert "load_variants" in message
    with pytest.raises(xpgn.VariantError, match="defines 9 variants"):
        xpgn.Position(variant_file=INI)  # which of them is meant is not said either


def test_a_single_section_needs_no_name(tmp_path):
    one = tmp_path / "one.ini"
    one.write_text("[py-one-section:chess]\nstartFen = 4k3/8/8/8/8/8/8/4K2R w K - 0 1\n")
    variant = xpgn.load_variant(one)
    assert variant.id == "py-one-section"
    assert xpgn.load_variant(one, name="py-one-section").id == "py-one-section"
    assert [v.id for v in xpgn.load_variants(one)] == ["py-one-section"]
    pos = xpgn.Position(variant_file=one)
    assert pos.variant == "py-one-section"
    assert pos.fen() == "4k3/8/8/8/8/8/8/4K2R w K - 0 1"


def test_json_definition_by_name(tmp_path):
    definition = tmp_path / "named.json"
    definition.write_text('{"format": "xpgn-variant", "version": 1, "id": "py-named", '
                          '"name": "Named", "base": "chess"}')
    assert xpgn.load_variant(definition, name="py-named").id == "py-named"
    assert [v.id for v in xpgn.load_variants(definition)] == ["py-named"]
    with pytest.raises(xpgn.VariantError, match="no variant named 'chess'"):
        xpgn.load_variant(definition, name="chess")


def test_bad_ini_is_a_variant_error_with_its_file(tmp_path):
    bad = tmp_path / "bad.ini"
    bad.write_text("# no section at all\nmaxRank = 9\n")
    with pytest.raises(xpgn.VariantError) as caught:
        xpgn.load_variants(bad)
    assert caught.value.file == str(bad)
