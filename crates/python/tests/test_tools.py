"""generate, rate, explain and trace: the command line's records."""

import pytest

import sudoku_csp as sc
from conftest import HARDEST11, INKALA, ROOT, TOP95, cli_json, lines

TIME = {"elapsed_us"}


def test_generate_makes_the_command_lines_puzzles():
    want = cli_json("generate", "-n", "4", "--seed", "11", "-q", "--minimal")
    got = sc.generate(4, seed=11, minimal=True, jobs=2, as_frame=False)
    assert got == want
    frame = sc.generate(2, seed=11, minimal=True)
    assert list(frame.puzzle) == [r["puzzle"] for r in want[:2]]
    six = sc.generate(1, seed=3, size=6, as_frame=False)[0]
    assert (six["status"], len(six["puzzle"])) == ("ok", 36)
    with pytest.raises(sc.InvalidStrategy, match="size=7"):
        sc.generate(1, size=7)


def test_generate_with_lines_is_the_command_lines():
    want = cli_json("generate", "-n", "2", "--seed", "5", "-q",
                    "--lines", "renban,skyscraper", "--line-count", "5")
    got = sc.generate(2, seed=5, lines="renban,skyscraper", line_count=5, as_frame=False)
    assert got == want
    assert all(r["fpuzzles"]["renban"] and r["fpuzzles"]["skyscraper"] for r in got)
    with pytest.raises(sc.InvalidStrategy, match="lines="):
        sc.generate(1, lines="arrow")


def test_generate_to_a_rating_or_a_technique_is_the_command_lines():
    want = cli_json("generate", "-n", "3", "--seed", "1", "-q", "--se", "7.0-8.0")
    got = sc.generate(3, seed=1, se="7.0-8.0", as_frame=False)
    assert got == want
    assert all(7.0 <= r["se"]["er"] <= 8.0 for r in got)
    wing = sc.generate(1, seed=3, technique="x-wing", as_frame=False)[0]
    assert "X-Wing" in sc.explain(wing["puzzle"]).techniques
    with pytest.raises(sc.InvalidStrategy, match="technique="):
        sc.generate(1, technique="x-wings")


def test_rate_and_rate_many_are_the_command_lines():
    want = cli_json("rate", str(HARDEST11))
    for puzzle, record in zip(lines(HARDEST11), want):
        got = sc.rate(puzzle).to_dict()
        assert {k: v for k, v in got.items() if k not in ("file", "line")} == {
            k: v for k, v in record.items() if k not in ("file", "line")
        }
    frame = sc.rate_many(str(HARDEST11))
    assert list(frame.grade) == [r["grade"] for r in want]
    assert list(frame.score) == [r["score"] for r in want]


def test_rate_on_the_sudoku_explainer_scale_is_the_command_lines():
    want = cli_json("rate", "--scale", "se", str(HARDEST11))
    for puzzle, record in zip(lines(HARDEST11), want):
        got = sc.rate(puzzle, scale="se").to_dict()
        assert got["se"] == record["se"]
    # SukakuExplainer rates the first 2.0/1.2/1.2; the second needs nested
    # chains (10.6).
    assert want[0]["se"]["er"] == 2.0 and want[0]["se"]["ep"] == 1.2
    assert want[1]["se"]["er"] == 10.6 and want[1]["se"]["stopped_at"] is None
    assert want[1]["se"]["hardest"] == "Dynamic Contradiction Forcing Chains (+ Forcing Chains)"
    assert want[2]["se"]["er"] == 8.3
    frame = sc.rate_many(str(HARDEST11), scale="se", as_frame=False)
    assert [row["se_er"] for row in frame][:2] == [2.0, 10.6]
    with pytest.raises(ValueError, match='unknown scale "sx": one of grade, se'):
        sc.rate(lines(HARDEST11)[0], scale="sx")


def test_explain_is_the_command_lines():
    top = lines(TOP95)[0]
    (tmp := ROOT / "target" / "explain-one.txt").write_text(top + "\n")
    want = cli_json("explain", str(tmp))[0]
    got = sc.explain(top)
    assert got.steps == want["steps"]
    assert (got.status, got.hardest, got.techniques) == (want["status"], want["hardest"], want["techniques"])
    assert got.steps[0]["why"]
    assert "steps=" in repr(got)


def test_explain_stops_where_asked_as_the_command_line_does():
    puzzle = lines(ROOT / "puzzles" / "minimal-200.txt")[1]
    (tmp := ROOT / "target" / "explain-stop.txt").write_text(puzzle + "\n")
    want = cli_json("explain", str(tmp), "--max-difficulty", "6.6")[0]
    got = sc.explain(puzzle, max_difficulty=6.6)
    assert (got.status, len(got.steps), got.harder["technique"]) == ("stopped", 22, "Forcing Chain")
    assert got.harder == want["harder"] and got.summary == want["summary"]
    assert sc.explain(puzzle, max_difficulty=7.2).status == "solved"
    # The same from the puzzle itself.
    parsed = sc.Puzzle.parse(puzzle)
    assert parsed.explain(max_difficulty=6.6).harder == got.harder
    assert parsed.explain().steps == sc.explain(puzzle).steps
    assert parsed.rate(scale="se").se["er"] == 7.2
    with pytest.raises(ValueError, match="not a difficulty"):
        sc.explain(puzzle, max_difficulty=0.5)


def test_trace_is_the_trace_file(tmp_path):
    path = tmp_path / "trace.jsonl"
    inkala = tmp_path / "inkala.txt"
    inkala.write_text(INKALA + "\n")
    import json
    import subprocess
    from conftest import sudoku_bin

    subprocess.run(
        [str(sudoku_bin()), "solve", "--trace", str(path), "--trace-limit", "50", str(inkala)],
        check=True, capture_output=True, cwd=ROOT,
    )
    want = [json.loads(l) for l in path.read_text().splitlines()]
    got = list(sc.trace(INKALA, limit=50))
    strip = lambda e: {k: v for k, v in e.items() if k not in ("file", "line", "stats")}
    assert [strip(e) for e in got] == [strip(e) for e in want]
    assert got[-1]["event"] == "end" and got[-1]["stats"]["placements"] == 153
    events = {e["event"] for e in got}
    assert {"puzzle", "choose", "place", "cut", "end"} <= events
    with pytest.raises(sc.InvalidStrategy, match="not traced"):
        list(sc.trace(INKALA, cells=[lambda v, c: 0]))
