"""The bitboard solver through the package: `engine="bitboard"` or
`config="fastest"`, with the command line's records and rows."""

import csv
import io
import subprocess

import pandas as pd
import pytest

import sudoku_csp as sc
from conftest import INKALA, ROOT, TOP95, cli_error, cli_json, sudoku_bin

SERG = ROOT / "puzzles" / "serg-multi-solution-100.txt"


def test_solve_and_count_give_the_command_lines_records():
    for kwargs, flags in [
        ({"engine": "bitboard"}, ["--engine", "bitboard"]),
        ({"config": "fastest"}, ["--config", "fastest"]),
    ]:
        got = sc.solve(INKALA, unique=True, **kwargs).to_dict()
        want = cli_json("solve", *flags, "--unique", "docs/examples/inkala.txt")[0]
        for key in ("status", "solution", "uniqueness", "unique", "strategy"):
            assert got[key] == want[key], key
        assert got["stats"]["placements"] == want["stats"]["placements"]
        assert got["stats"]["iterations"] is None
    counted = sc.count(INKALA, engine="bitboard")
    assert (counted.status, counted.solutions, counted.stats["placements"]) == ("unique", 1, 122)


def test_count_many_is_the_command_lines_csv():
    for path in (TOP95, SERG):
        frame = sc.count_many(str(path), engine="bitboard", jobs=2)
        out = subprocess.run(
            [str(sudoku_bin()), "count", "--engine", "bitboard", "--format", "csv", str(path)],
            capture_output=True, text=True, cwd=ROOT,
        ).stdout
        rows = list(csv.DictReader(io.StringIO(out)))
        assert list(frame.columns) == list(rows[0].keys())
        assert len(frame) == len(rows) == (95 if path == TOP95 else 100)
        for column in ("status", "solutions", "placements", "guesses", "engine"):
            got = ["" if pd.isna(v) else str(v) for v in frame[column]]
            assert got == [r[column] for r in rows], column
        assert set(frame.engine) == {"bitboard"}
    solved = sc.solve_many(str(TOP95), config="fastest", jobs=1)
    assert list(solved.status) == ["solved"] * 95
    engine = sc.solve_many(str(TOP95), level_needed=False, jobs=2)
    assert list(solved.solution) == list(engine.solution)


def test_the_engines_keywords_and_trace_are_refused():
    expected = cli_error("solve", "--config", "fastest", "--cells", "E", str(TOP95)).strip()
    assert "(--cells)" in expected
    with pytest.raises(sc.InvalidStrategy) as e:
        sc.solve(INKALA, config="fastest", cells="E")
    assert "takes no strategy or limit (cells)" in str(e.value)
    with pytest.raises(sc.InvalidStrategy, match=r"\(config, propagation\)"):
        sc.count(INKALA, engine="bitboard", config="norvig", propagation="fc")
    with pytest.raises(sc.InvalidStrategy, match="invalid engine"):
        sc.count(INKALA, engine="fast")
    with pytest.raises(sc.InvalidStrategy, match="no trace"):
        list(sc.trace(INKALA, engine="bitboard"))
    # A killer cage is no house: that puzzle's error, as in the command.
    killer = ROOT / "puzzles" / "variants" / "killer" / "killer-janko-021.json"
    with pytest.raises(sc.InvalidPuzzle, match="houses only"):
        sc.count(sc.Puzzle.from_file(str(killer)), engine="bitboard")
