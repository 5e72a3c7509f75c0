"""solve_many and count_many: the command line's CSV rows as a frame."""

import csv
import io
import subprocess

import pandas as pd
import pytest

import sudoku_csp as sc
from conftest import HARDEST11, ROOT, TOP95, lines, sudoku_bin


def without_time(frame):
    return frame.drop(columns=["elapsed_us"])


def test_jobs_do_not_change_the_frame():
    one = sc.solve_many(str(TOP95), jobs=1)
    two = sc.solve_many(str(TOP95), jobs=2)
    assert len(one) == 95
    pd.testing.assert_frame_equal(without_time(one), without_time(two))
    assert list(one.line) == list(range(1, 96))


def test_the_frame_has_the_csv_columns_and_values_of_the_command_line():
    frame = sc.solve_many(str(HARDEST11), cells="K", propagation="fc", jobs=1)
    out = subprocess.run(
        [str(sudoku_bin()), "solve", "--cells", "K", "--propagation", "fc",
         "--format", "csv", str(HARDEST11)],
        capture_output=True, text=True, cwd=ROOT,
    ).stdout
    rows = list(csv.DictReader(io.StringIO(out)))
    assert list(frame.columns) == list(rows[0].keys())
    for (_, got), want in zip(frame.iterrows(), rows):
        for column, text in want.items():
            if column == "elapsed_us":
                continue
            value = got[column]
            shown = "" if pd.isna(value) else str(value)
            if isinstance(value, (bool,)) or str(got[column]) in ("True", "False"):
                shown = shown.lower()
            assert shown == text, column
    assert frame.puzzle.dtype == "string"
    assert frame.placements.dtype == "int64"


def test_a_list_of_strings_and_puzzles_and_invalid_rows():
    top = lines(TOP95)[:3]
    items = [top[0], sc.Puzzle.parse(top[1]), "12345", top[2]]
    frame = sc.solve_many(items, jobs=2)
    assert list(frame.status) == ["solved", "solved", "invalid", "solved"]
    assert list(frame.line) == [1, 2, 3, 4]
    assert frame.error[2].startswith("5 cells is not a grid size")


def test_count_many_and_lists_of_dicts_without_pandas():
    rows = sc.count_many(str(HARDEST11), as_frame=False)
    assert len(rows) == 11
    assert {r["status"] for r in rows} == {"unique"}
    assert rows[0]["solutions"] == 1 and rows[0]["exact"] is True
    assert isinstance(rows[0]["puzzle"], str)
    assert rows[0]["timeout_ms"] is None
    frame = sc.count_many(str(HARDEST11), limit=None)
    assert list(frame.solutions) == [1] * 11


def test_a_missing_file_is_an_error():
    with pytest.raises(FileNotFoundError, match="No such file or directory"):
        sc.solve_many("no/such/file.txt")


def test_text_columns_are_the_json_strings():
    # Every CSV column that is a field of the JSON record (or of its
    # stats / strategy) holds text there exactly when TEXT_COLUMNS says so.
    r = sc.solve(lines(TOP95)[0], unique=True).to_dict()
    flat = {**r, **r["stats"], **r["strategy"]}
    frame = sc.solve_many(lines(TOP95)[:1], unique=True)
    checked = 0
    for column in frame.columns:
        if column in flat and flat[column] is not None and not isinstance(flat[column], dict):
            assert (column in sc.TEXT_COLUMNS) == isinstance(flat[column], str), column
            checked += 1
    assert checked >= 25


def test_a_folder_skips_files_that_are_not_puzzles_with_a_warning():
    import warnings

    from conftest import PUZZLES

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        frame = sc.count_many(str(PUZZLES / "sudokupad"), limit=1)
    messages = [str(w.message) for w in caught]
    assert any("solutions.tsv" in m and "skipped 1 file" in m for m in messages), messages
    assert len(frame) == 18
