"""Puzzle: every input the command line reads, and its pictures."""

import xml.etree.ElementTree as ET

import pytest

import sudoku_csp as sc
from conftest import INKALA, PUZZLES, ROOT, TOP95, cli_json


def test_a_line_and_a_grid():
    p = sc.Puzzle.parse(INKALA)
    assert (p.side, p.givens, p.text, p.line, p.source) == (9, 21, INKALA, 1, "<text>")
    assert p.cells[0] == 8 and p.cells[1] == 0
    assert repr(p) == f'Puzzle("{INKALA}", 9x9, 21 givens)'
    grid = "\n".join(INKALA[i : i + 9] for i in range(0, 81, 9))
    assert sc.Puzzle.parse(grid).text == INKALA
    assert str(p).startswith("+-------+")


def test_variants_documents_and_options():
    x = sc.Puzzle.parse("." * 81, variant="x")
    assert x.rules == ["diagonal+", "diagonal-"] or x.rules
    path = next((PUZZLES / "variants" / "killer").glob("*.json"))
    killer = sc.Puzzle.from_file(path)
    assert "killer-cage" in killer.rules
    assert killer.source == str(path)
    r = sc.solve(killer)
    assert r.status == "solved"
    assert r.rules == killer.rules
    text = path.read_text()
    assert sc.Puzzle.parse(text).rules == killer.rules
    six = sc.Puzzle.parse("." * 36, box="3x2")
    assert six.side == 6
    hexa = sc.Puzzle.parse("0" + "." * 255, symbols="0-F")
    assert hexa.side == 16 and hexa.cells[0] == 1


def test_a_file_of_many_and_read_puzzles():
    with pytest.raises(sc.InvalidPuzzle, match="holds 95 puzzles"):
        sc.Puzzle.from_file(TOP95)
    puzzles = sc.read_puzzles(str(TOP95))
    assert len(puzzles) == 95
    assert puzzles[94].line == 95
    with pytest.raises(sc.InvalidPuzzle, match="<list>:2: .*not a grid size"):
        sc.read_puzzles([INKALA, "123"])


def test_pictures_are_svg():
    p = sc.Puzzle.parse(INKALA)
    for svg in (p._repr_svg_(), p.svg(candidates="singles", solution=True)):
        root = ET.fromstring(svg)
        assert root.tag.endswith("svg")
    assert len(p.svg(solution=True)) > len(p.svg())
    with pytest.raises(sc.InvalidStrategy):
        p.svg(candidates="lots")


def test_bad_options():
    with pytest.raises(sc.InvalidPuzzle, match="invalid variant"):
        sc.Puzzle.parse(INKALA, variant="nonsense")
    with pytest.raises(sc.InvalidPuzzle, match="box= `"):
        sc.Puzzle.parse(INKALA, box="3y3")


def test_true_candidates_equal_the_commands(tmp_path):
    # Three solutions: each candidate counted exactly; the record is the
    # one `sudoku candidates --true --format json` prints.
    puzzle = sc.Puzzle.parse("1.......2.....3.")
    got = puzzle.true_candidates(limit=3)
    path = tmp_path / "p.txt"
    path.write_text("1.......2.....3.\n")
    want = cli_json("candidates", "--true", "--limit", "3", str(path))[0]
    for key in ("status", "candidates", "counts", "solutions", "limit", "propagation"):
        assert got[key] == want[key], key
    assert got["solutions"] == 3
    assert got["counts"][1] == [1, 2]
    # By default the portfolio's turns make the searches; a named preset
    # alone finds the same counts.
    named = puzzle.true_candidates(limit=3, config="default")
    assert [named[k] for k in ("candidates", "counts")] == [got[k] for k in ("candidates", "counts")]
    # A puzzle with no solution, and a bad limit.
    assert sc.Puzzle.parse("123............4").true_candidates()["status"] == "contradiction"
    with pytest.raises(ValueError):
        puzzle.true_candidates(limit=0)
