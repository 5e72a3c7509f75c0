"""compare: the command's table and per-puzzle runs, with Python
heuristics as rows of their own."""

import csv
import io
import subprocess

import pandas as pd
import pytest

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


def test_chains_defined_alike_share_their_runs():
    # 7 is defined as 6: one search, both rows, time included.
    rows = sc.compare("hardest11", cells="E", values=["6", "7"], propagation="fc").set_index("values")
    same = [c for c in rows.columns if c not in ("strategy", "rank")]
    assert rows.loc["6", same].equals(rows.loc["7", same])
    assert rows.loc["6", "placements_total"] == 3671


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


def test_a_python_shard_merges_with_the_commands_and_back(tmp_path):
    # Shard 1 of 2 by Python, shard 2 by the command: `sudoku merge` and
    # `sc.merge` both give the table of one process.
    settings = dict(cells=["E", "A"], values="0", propagation="fc")
    flags = ["--set", "hardest11", "--cells", "E,A", "--values", "0", "--propagation", "fc"]
    one = cli_csv("compare", *flags, "--format", "csv", "--no-timings")
    py_runs, cli_runs = tmp_path / "1.runs", tmp_path / "2.runs"
    assert sc.compare("hardest11", shard=(1, 2), runs_file=py_runs, **settings) is None
    cli_csv("compare", *flags, "--shard", "2/2", "--runs", str(cli_runs))
    merged = cli_csv("merge", str(py_runs), str(cli_runs), "--format", "csv", "--no-timings")
    assert merged == one
    back = sc.merge([py_runs, cli_runs], timings=False, as_frame=False)
    assert back == sc._table(one, False)
    # A missing shard is an error naming it.
    try:
        sc.merge([py_runs])
    except sc.SudokuError as e:
        assert "of the comparison's 22 runs are missing" in str(e)
    else:
        raise AssertionError("a missing shard must fail")


def test_resume_and_give_up_as_the_command(tmp_path):
    runs = tmp_path / "all.runs"
    first = sc.compare("hardest11", cells="E", values="0", propagation="fc", runs_file=runs, timings=False, as_frame=False)
    # Resumed with every run in: nothing runs again, the same table.
    again = sc.compare("hardest11", cells="E", values="0", propagation="fc", resume=runs, timings=False, as_frame=False)
    assert again == first
    # Giving up after 2 stopped runs, as --give-up-after 2.
    given_up = sc.compare("hardest11", cells="A", values="0", propagation="none", max_placements=1000,
                          give_up_after=2, timings=False, as_frame=False)
    text = cli_csv("compare", "--set", "hardest11", "--cells", "A", "--values", "0", "--propagation", "none",
                   "--max-placements", "1000", "--give-up-after", "2", "--format", "csv", "--no-timings")
    assert given_up == sc._table(text, False)


def test_an_executor_gives_the_one_process_table():
    from concurrent.futures import ProcessPoolExecutor

    settings = dict(configs=["norvig"], cells=["E", "A"], values="0", propagation="fc", timings=False)
    one = sc.compare("hardest11", as_frame=False, **settings)
    with ProcessPoolExecutor(max_workers=2) as pool:
        spread = sc.compare("hardest11", executor=pool, chunks=3, as_frame=False, **settings)
    assert spread == one


def test_a_dask_cluster_gives_the_one_process_table():
    from dask.distributed import Client, LocalCluster

    settings = dict(cells=["E", "A"], values=["0", "5"], propagation="fc", timings=False)
    one = sc.compare("hardest11", as_frame=False, **settings)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        with Client(cluster) as client:
            spread = sc.compare("hardest11", executor=client.get_executor(), chunks=4, as_frame=False, **settings)
    assert spread == one


def test_xcsp3_instance_sets_compare_as_the_command_does():
    sets = [str(ROOT / "instances/xcsp3/AllInterval"), str(ROOT / "instances/xcsp3/ChainReaction")]
    settings = dict(cells=["E", "W"], values="0", propagation="gac", max_placements=10_000, timings=False)
    table = sc.csp_compare(sets, as_frame=False, **settings)
    text = cli_csv("csp", "compare", *sets, "--cells", "E,W", "--values", "0", "--propagation", "gac",
                   "--max-placements", "10000", "--format", "csv", "--no-timings")
    assert table == sc._table(text, False)
    by_row = {(r["strategy"], r["set"].rsplit("/", 1)[-1]): r for r in table}
    assert (by_row[("W/0/gac", "ChainReaction")]["solved"], by_row[("W/0/gac", "ChainReaction")]["unsolvable"]) == (2, 1)
    runs = sc.csp_compare(sets, runs=True, as_frame=True, **settings)
    assert len(runs) == 20 and set(runs["strategy"]) == {"E/0/gac", "W/0/gac"}
    five = runs[runs["file"].str.endswith("AllInterval-5.xml") & (runs["strategy"] == "E/0/gac")].iloc[0]
    assert (five["status"], five["values"]) == ("satisfiable", "0 4 1 3 2")
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=2) as pool:
        spread = sc.csp_compare(sets, executor=pool, chunks=3, as_frame=False, **settings)
    assert spread == table
    with pytest.raises(sc.InvalidStrategy, match="Python take puzzles only"):
        sc.csp_compare(sets, cells=[lambda view, cell: 0])
