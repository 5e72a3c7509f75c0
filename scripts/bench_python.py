#!/usr/bin/env python3
"""The cost of a cell heuristic written in Python, against the built-in
letter it copies: the same searches (identical counters, checked), one
core, side by side in one run. Needs the package built in release mode
(`pip install ./crates/python`).

    python scripts/bench_python.py [--repeat N]

Prints one row per (set, level): choices made, time per choice and per
placement for the letter and for the Python function, and the ratio.
"""

import argparse
import time
from pathlib import Path

import sudoku_csp as sc

ROOT = Path(__file__).resolve().parents[1]


def fewest_candidates(view, cell):
    return view.size(cell)


def neighbourhood(view, cell):
    return view.size(cell) + sum(view.size(n) for n in view.empty_related(cell))


CASES = [
    ("hardest11", "fc", fewest_candidates, "E"),
    ("hardest11", "fc", neighbourhood, "K"),
    ("top95", "singles", fewest_candidates, "E"),
    ("top95", "singles", neighbourhood, "K"),
]
COUNTERS = ["placements", "backtracks", "iterations", "guesses"]


def timed(puzzles, cells, level, repeat):
    best = None
    frame = None
    for _ in range(repeat):
        start = time.perf_counter()
        frame = sc.solve_many(puzzles, cells=cells, values="0", propagation=level,
                              level_needed=False, jobs=1)
        took = time.perf_counter() - start
        best = took if best is None else min(best, took)
    return frame, best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print("| set | level | heuristic | choices | placements | letter us/choice | Python us/choice | Python us/placement | ratio |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|")
    for name, level, func, letter in CASES:
        puzzles = str(ROOT / "puzzles" / f"{name}.txt")
        builtin, t_letter = timed(puzzles, letter, level, args.repeat)
        python, t_python = timed(puzzles, [func], level, args.repeat)
        assert python[COUNTERS].equals(builtin[COUNTERS]), "the searches differ"
        choices = int(builtin.iterations.sum())
        placements = int(builtin.placements.sum())
        print(
            f"| {name} | {level} | {letter} / {func.__name__} | {choices:,} | {placements:,} "
            f"| {1e6 * t_letter / choices:.2f} | {1e6 * t_python / choices:.1f} "
            f"| {1e6 * t_python / placements:.1f} | {t_python / t_letter:.0f}x |"
        )


if __name__ == "__main__":
    main()
