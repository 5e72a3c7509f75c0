#!/usr/bin/env python3
"""Counting to 2 on 16x16 and 25x25 grids: the bitboard solver, the engine
at each level, and OR-tools CP-SAT, on seeded generated sets, one core, side
by side in one run.

    cargo build --release
    python3 -m pip install ortools        # once; CP-SAT is skipped if absent
    python3 scripts/bench_big_grids.py [--count16 20] [--count25 3] [--timeout-ms 5000]

The sets are made by `sudoku generate --size N -n COUNT --seed 1` (minimal
puzzles, kept in target/bench-big/). For each solver: puzzles per second
(the search time only: `elapsed_us` of `sudoku count --jobs 1`, CP-SAT's
`Solve`), and how many puzzles it counted before its time limit. Every
solver must find exactly one solution where it finishes, or the script says
so.
"""

import argparse
import csv
import io
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SUDOKU = ROOT / "target" / "release" / "sudoku"
LEVELS = ["fc", "singles", "locked", "gac"]


def puzzle_set(side, count):
    out = ROOT / "target" / "bench-big" / f"{side}x{side}-{count}-seed1.txt"
    if not out.exists():
        out.parent.mkdir(parents=True, exist_ok=True)
        text = subprocess.run(
            [str(SUDOKU), "generate", "--size", str(side), "-n", str(count), "--seed", "1", "-q"],
            check=True, capture_output=True, text=True,
        ).stdout
        out.write_text(text)
    return out


def ours(path, args):
    """(puzzles counted, seconds of search, solutions seen) with `sudoku count`."""
    out = subprocess.run(
        [str(SUDOKU), "count", "--jobs", "1", "--format", "csv", *args, str(path)],
        capture_output=True, text=True,
    ).stdout
    rows = list(csv.DictReader(io.StringIO(out)))
    done = [r for r in rows if r["status"] in ("unique", "multiple", "none")]
    seconds = sum(int(r["elapsed_us"]) for r in done) / 1e6
    wrong = [r["line"] for r in done if r["status"] != "unique"]
    return len(done), len(rows), seconds, wrong


def cp_sat(path, timeout_ms):
    try:
        from ortools.sat.python import cp_model
    except ImportError:
        return None
    lines = [l.strip() for l in path.read_text().splitlines() if l.strip()]
    done, seconds, wrong = 0, 0.0, []
    for k, line in enumerate(lines, 1):
        n = int(round(len(line) ** 0.5))
        b = int(round(n ** 0.5))
        model = cp_model.CpModel()
        x = [[model.NewIntVar(1, n, f"c{r}_{c}") for c in range(n)] for r in range(n)]
        for i in range(n):
            model.AddAllDifferent(x[i])
            model.AddAllDifferent([x[r][i] for r in range(n)])
        for br in range(0, n, b):
            for bc in range(0, n, b):
                model.AddAllDifferent([x[r][c] for r in range(br, br + b) for c in range(bc, bc + b)])
        alphabet = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        for i, ch in enumerate(line):
            if ch not in ".0_":
                model.Add(x[i // n][i % n] == alphabet.index(ch) + 1)

        class Count(cp_model.CpSolverSolutionCallback):
            def __init__(self):
                super().__init__()
                self.n = 0

            def on_solution_callback(self):
                self.n += 1
                if self.n >= 2:
                    self.StopSearch()

        solver = cp_model.CpSolver()
        solver.parameters.enumerate_all_solutions = True
        solver.parameters.num_workers = 1
        solver.parameters.max_time_in_seconds = timeout_ms / 1000
        counter = Count()
        start = time.perf_counter()
        status = solver.Solve(model, counter)
        took = time.perf_counter() - start
        if status in (cp_model.OPTIMAL, cp_model.INFEASIBLE) or counter.n >= 2:
            done += 1
            seconds += took
            if counter.n != 1:
                wrong.append(str(k))
    return done, len(lines), seconds, wrong


def row(side, name, result):
    if result is None:
        print(f"| {side}x{side} | {name} | - | - | not installed |")
        return
    done, total, seconds, wrong = result
    rate = f"{done / seconds:,.1f}" if seconds > 0 and done else "-"
    note = f"not one solution on lines {', '.join(wrong)}" if wrong else ""
    print(f"| {side}x{side} | {name} | {done}/{total} | {rate} | {note} |")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count16", type=int, default=20)
    parser.add_argument("--count25", type=int, default=3)
    parser.add_argument("--timeout-ms", type=int, default=5000)
    args = parser.parse_args()
    timeout = ["--timeout", str(args.timeout_ms), "--max-placements", "0"]
    print("| grid | solver | counted | puzzles/s | |")
    print("|---|---|---:|---:|---|")
    for side, count in ((16, args.count16), (25, args.count25)):
        path = puzzle_set(side, count)
        row(side, "bitboard", ours(path, ["--engine", "bitboard"]))
        for level in LEVELS:
            row(side, f"engine EA/0 {level}", ours(path, ["--cells", "EA", "--values", "0", "--propagation", level, *timeout]))
        row(side, "CP-SAT (1 worker)", cp_sat(path, args.timeout_ms))


if __name__ == "__main__":
    main()
