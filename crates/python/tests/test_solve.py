"""solve and count: the command line's records, field for field."""

import pytest

import sudoku_csp as sc
from conftest import INKALA, ROOT, TOP95, cli_error, cli_json, lines

# The fields that differ between two runs or two ways of reading: time,
# and where the puzzle was read from.
VOLATILE = {"elapsed_us", "file", "line"}


def strip(record: dict) -> dict:
    out = {k: v for k, v in record.items() if k not in VOLATILE}
    if out.get("stats"):
        out["stats"] = {k: v for k, v in out["stats"].items() if k not in VOLATILE}
    return out


@pytest.mark.parametrize(
    "strategy",
    [
        {"config": "default"},
        {"cells": "A", "values": "0", "propagation": "fc"},
        {"config": "norvig", "cells": "K", "values": "5", "propagation": "locked"},
        {"cells": "EA", "values": "0", "propagation": "human:4.4"},
        {"config": "lcg"},
    ],
)
def test_records_equal_the_command_lines_json_on_top95(strategy):
    flags = []
    for key, value in strategy.items():
        flags += [f"--{key}", str(value)]
    expected = cli_json("solve", *flags, str(TOP95))
    puzzles = lines(TOP95)
    assert len(expected) == len(puzzles) == 95
    for puzzle, want in zip(puzzles, expected):
        got = sc.solve(puzzle, **strategy).to_dict()
        assert strip(got) == strip(want)


def test_a_result_has_the_records_fields():
    r = sc.solve(INKALA)
    assert r.status == "solved"
    assert r.solution.startswith("812753649")
    assert r.stats["placements"] == 153
    assert r.level_needed == "guessing"
    assert r.strategy["config"] == "default"
    assert r.to_dict()["stats"]["rules"]["fc"]["runs"] == 3931
    assert "placements=153" in repr(r)
    with pytest.raises(AttributeError):
        r.no_such_field


def test_a_persons_techniques_as_a_propagation_level():
    r = sc.solve(INKALA, cells="EA", values="0", propagation="human:4.4")
    assert (r.stats["placements"], r.stats["guesses"]) == (21, 12)
    assert r.to_dict()["stats"]["rules"]["human"] == {"runs": 61, "removals": 170, "assignments": 11}
    assert r.strategy["propagation"] == "human:4.4"
    with pytest.raises(sc.InvalidStrategy, match="human:D"):
        sc.solve(INKALA, propagation="human:4.45")


def test_unique_and_count():
    r = sc.solve(INKALA, unique=True, level_needed=False)
    assert (r.unique, r.uniqueness, r.level_needed) == (True, "unique", None)
    c = sc.count(INKALA)
    assert (c.status, c.solutions, c.exact, c.limit) == ("unique", 1, True, 2)
    empty = "." * 16
    c = sc.count(empty, limit=None)
    assert (c.status, c.solutions, c.exact) == ("multiple", 288, True)
    c = sc.count(empty, limit=5)
    assert (c.status, c.solutions, c.exact, c.lower_bound) == ("multiple", 5, False, False)
    stopped = sc.count(empty, limit=None, max_placements=20)
    assert (stopped.status, stopped.lower_bound) == ("stopped", True)
    multi = sc.solve(empty, unique=True)
    assert (multi.status, multi.unique) == ("multiple", False)


def test_limits_stop_a_search():
    r = sc.solve(lines(TOP95)[0], config="naive", max_placements=100)
    assert r.status == "stopped"
    assert r.stats["placements"] == 100
    assert r.error == "placement limit reached"


def test_unsolvable_is_a_status_not_an_error():
    # Two 1s cannot be placed in row 1's last cell... contradiction found
    # by search, not by the givens.
    puzzle = "12345678." + "........9" + "." * 63
    r = sc.solve(puzzle, level_needed=False)
    assert r.status == "unsolvable"


def test_bad_input_raises_with_the_command_lines_message(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("12345\n")
    message = cli_error("solve", str(bad)).splitlines()[0]
    # `sudoku: FILE:1: MESSAGE`
    why = message.split(":1: ", 1)[1]
    with pytest.raises(sc.InvalidPuzzle) as e:
        sc.solve("12345")
    assert str(e.value) == f"<text>:1: {why}"
    assert isinstance(e.value, sc.SudokuError)
    with pytest.raises(sc.InvalidPuzzle, match="1 appears twice in row 1, at r1c1 and r1c2"):
        sc.solve("11" + "." * 79)


def test_bad_strategies_raise_with_the_command_lines_message():
    expected = cli_error("solve", "--cells", "Y", str(TOP95)).strip()
    with pytest.raises(sc.InvalidStrategy) as e:
        sc.solve(INKALA, cells="Y")
    # The same words, naming the keyword argument instead of the flag.
    assert f"sudoku: error: {e.value}" == expected.replace("--cells", "cells=")
    with pytest.raises(sc.InvalidStrategy, match="unknown config"):
        sc.solve(INKALA, config="no-such-preset")
    with pytest.raises(sc.InvalidStrategy, match="propagation"):
        sc.solve(INKALA, propagation="lots")
    with pytest.raises(sc.InvalidStrategy, match="neither symbols nor a function"):
        sc.solve(INKALA, cells=["E", 3])


def test_a_count_limit_below_one_is_a_value_error_as_in_the_command():
    import pytest

    for bad in (0, -1, 2**64):
        with pytest.raises(ValueError, match="limit must be a whole number from 1"):
            sc.count("." * 16, limit=bad)
        with pytest.raises(ValueError, match="limit must be a whole number from 1"):
            sc.count_many(["." * 16], limit=bad)
    assert sc.count("." * 16, limit=1).solutions == 1


def test_ctrl_c_stops_a_long_search_soon_and_other_threads_run_meanwhile():
    import os
    import signal
    import threading
    import time

    import pytest

    ticks = []
    stop = threading.Event()

    def tick():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.01)

    ticker = threading.Thread(target=tick)
    ticker.start()
    hard = TOP95.parent.parent / "instances/xcsp3/SearchStress/SearchStress-5-5.xml"
    for call in (
        lambda: sc.count("." * 81, limit=None),
        lambda: sc.count_many(["." * 81], limit=None),
        lambda: sc.csp_count(hard, limit=None, cells="E", values="0", max_placements=0),
    ):
        timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
        started = time.monotonic()
        timer.start()
        with pytest.raises(KeyboardInterrupt):
            call()
        # Before, the interrupt came through after about 10 s.
        assert time.monotonic() - started < 2.5
    stop.set()
    ticker.join()
    # The other thread ticked while the searches ran (about 100 ticks).
    assert len(ticks) > 30


def test_xcsp3_instances_as_the_command_runs_them():
    root = TOP95.parent.parent
    queens = root / "instances/xcsp3/Queens/Queens-8.xml"
    r = sc.csp_count(queens, limit=None, cells="EA", values="0")
    assert (r["status"], r["solutions"], r["exact"]) == ("satisfiable", 92, True)
    assert r["stats"]["placements"] == 590
    s = sc.csp_solve(str(queens), config="wdeg")
    assert s["status"] == "satisfiable" and len(s["values"]) == 8
    assert s["instantiation"].startswith('<instantiation type="solution"> <list> q[0]')
    best = sc.csp_solve(root / "tests/inputs/xcsp3/minimize.xml")
    assert (best["status"], best["objective"], best["best"], best["optimal"]) == ("optimum", "minimize", 3, True)
    assert best["instantiation"].startswith('<instantiation type="optimum" cost="3">')
    bad = sc.csp_solve(root / "tests/inputs/xcsp3/too-wide.xml")
    assert bad["status"] == "invalid" and "more than 4096 values" in bad["error"]
    assert (bad["variables"], bad["constraints"]) == (4, 2)
    # Wide variables (starts of 100,001 values): the optimum either way,
    # the branching as asked.
    shop = root / "tests/inputs/xcsp3/job-shop.xml"
    split = sc.csp_solve(shop)
    low = sc.csp_solve(shop, wide_choice="min")
    assert (split["best"], low["best"]) == (12, 12)
    assert (split["stats"]["placements"], low["stats"]["placements"]) == (53, 4)
    assert low["strategy"]["wide_choice"] == "min" and "wide_choice" not in split["strategy"]
    # Nothing of the search named, a model of wide variables takes the
    # scheduling preset (as the command does); a wide choice named, the default.
    assert (split["strategy"]["config"], low["strategy"]["config"]) == ("scheduling", "default")
    assert sc.csp_solve(queens)["strategy"]["config"] == "default"
    with pytest.raises(sc.InvalidStrategy, match="unknown wide choice `mid`"):
        sc.csp_solve(shop, wide_choice="mid")
    with pytest.raises(sc.InvalidStrategy, match="Python take puzzles only"):
        sc.csp_solve(queens, cells=[lambda view, cell: 0])
    with pytest.raises(sc.InvalidStrategy, match="one engine search"):
        sc.csp_solve(queens, config="portfolio")


def test_learning_is_a_keyword_as_the_flag_is():
    puzzle = lines(TOP95)[0]
    expected = cli_json("solve", "--cells", "SE", "--learning", str(TOP95))[0]
    got = sc.solve(puzzle, cells="SE", learning=True).to_dict()
    assert strip(got) == strip(expected)
    assert got["strategy"]["learning"] is True
    assert "learning" not in sc.solve(puzzle, cells="SE").to_dict()["strategy"]
    with pytest.raises(sc.InvalidStrategy, match="clause learning needs propagation"):
        sc.solve(puzzle, learning=True, propagation="probing")


def test_links_is_a_keyword_as_the_flag_is():
    path = ROOT / "docs" / "examples" / "nonconsecutive-generated.json"
    puzzle = sc.Puzzle.from_file(path)
    plain = sc.count(puzzle, config="wdeg-gac")
    linked = sc.count(puzzle, config="wdeg-gac", links=True)
    assert (plain.solutions, linked.solutions) == (1, 1)
    assert (plain.stats["placements"], linked.stats["placements"]) == (5133, 1163)
    expected = cli_json("count", "--config", "wdeg-gac", "--links", str(path))[0]
    assert linked.to_dict()["stats"]["placements"] == expected["stats"]["placements"]
    assert linked.to_dict()["strategy"]["links"] is True
    with pytest.raises(sc.InvalidStrategy, match="links take part from propagation singles up"):
        sc.count(puzzle, links=True, propagation="fc")
