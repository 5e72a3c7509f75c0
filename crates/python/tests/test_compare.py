"""compare: the command's table and per-puzzle runs, with Python
heuristics as rows of their own."""

import csv
import io
import subprocess

import pandas as pd

import sudoku_csp as sc
from conftest import HARDEST11, ROOT, TOP95, lines, sudoku_bin

TIMES = ["time_s", "puzzles_per_s"]


def cli_csv(*args):
    out = subprocess.run([str(sudoku_bin()), *args], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_the_table_is_the_command_lines(tmp_path):
    frame = sc.compare("top95", configs=["norvig"], cells=["E", "K"], values=["0", "5"], propagation=["fc", "singles"])
    text = cli_csv("compare", "--set", "top95", "--config", "norvig", "--cells", "E,K",
                   "--values", "0,5", "--propagation", "fc,singles", "--format", "csv")
    want = sc._table(text, True)
    assert len(frame) == 9
    pd.testing.assert_frame_equal(frame.drop(columns=TIMES), want.drop(columns=TIMES))


def test_runs_are_what_per_puzzle_writes(tmp_path):
    path = tmp_path / "runs.csv"
    cli_csv("compare", str(HARDEST11), "--cells", "E,A", "--propagation", "fc",
            "--per-puzzle", str(path), "--format", "csv")
    want = sc._table(path.read_text(), True)
    got = sc.compare(str(HARDEST11), cells=["E", "A"], propagation="fc", runs=True, jobs=2)
    assert len(got) == 22
    drop = ["elapsed_us"]
    pd.testing.assert_frame_equal(got.drop(columns=drop), want.drop(columns=drop))


def fewest(view, cell):
    return view.size(cell)


def test_a_python_heuristic_is_a_row_labelled_by_its_name():
    frame = sc.compare(lines(TOP95)[:30], cells=["E", fewest], values="0", propagation="singles")
    assert sorted(frame.strategy) == ["E/0/singles", "fewest/0/singles"]
    rows = frame.set_index("cells")
    counters = ["placements_total", "backtracks_total", "guesses_total", "solved", "placements_median"]
    assert (rows.loc["E", counters] == rows.loc["fewest", counters]).all()
    assert set(frame.set) == {"<list>"}


def test_seeds_and_lists_of_dicts():
    rows = sc.compare("hardest11", cells="C", values="0", seeds=range(1, 4), as_frame=False)
    assert len(rows) == 1
    assert rows[0]["seeds"] == "1..3" or rows[0]["seeds"]
    assert rows[0]["runs"] == 33
