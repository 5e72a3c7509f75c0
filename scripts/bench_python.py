#!/usr/bin/env python3
"""The cost of a cell heuristic written in Python, against the built-in
letter it copies: the same searches (identical counters, checked), one
core, side by side in one run. Needs the package built in release mode
(`pip install ./crates/python`).

    python scripts/bench_python.py [--repeat N]

Each heuristic is run three ways: the letter, a function called once per
open cell (`score(view, cell)`), and a batch function called once per
choice (`sudoku_csp.batch`, `score(view, cells)`). Prints one row per
(set, level, heuristic): choices made, the searches' time (the sum of the
records' `elapsed_us`, which is what `compare`'s `time_s` sums: the
search alone, not reading or rating) per choice for each way, and each
function's time as a multiple of the letter's (best of `--repeat` runs).
"""

import argparse
from pathlib import Path

import sudoku_csp as sc

ROOT = Path(__file__).resolve().parents[1]


def fewest_candidates(view, cell):
    return view.size(cell)


def neighbourhood(view, cell):
    return view.size(cell) + sum(view.size(n) for n in view.empty_related(cell))


@sc.batch
def fewest_candidates_batch(view, cells):
    sizes = view.sizes()
    return [sizes[c] for c in cells]


@sc.batch
def neighbourhood_batch(view, cells):
    sizes = view.sizes()
    return [sizes[c] + sum(sizes[n] for n in view.empty_related(c)) for c in cells]


CASES = [
    ("top95", "fc", "E", fewest_candidates, fewest_candidates_batch),
    ("top95", "fc", "K", neighbourhood, neighbourhood_batch),
    ("top95", "singles", "E", fewest_candidates, fewest_candidates_batch),
    ("hardest11", "fc", "E", fewest_candidates, fewest_candidates_batch),
]
COUNTERS = ["placements", "backtracks", "iterations", "guesses"]


def timed(puzzles, cells, level, repeat):
    """The frame of one run and the best search time (s) of `repeat`."""
    best = None
    frame = None
    for _ in range(repeat):
        frame = sc.solve_many(puzzles, cells=cells, values="0", propagation=level,
                              level_needed=False, jobs=1)
        took = frame.elapsed_us.sum() / 1e6
        best = took if best is None else min(best, took)
    return frame, best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print("| set | level | heuristic | choices | letter s | per cell s | batch s "
          "| letter us/choice | per cell us/choice | batch us/choice | per cell | batch |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, level, letter, per_cell, batch in CASES:
        puzzles = str(ROOT / "puzzles" / f"{name}.txt")
        builtin, t_letter = timed(puzzles, letter, level, args.repeat)
        one, t_one = timed(puzzles, [per_cell], level, args.repeat)
        many, t_many = timed(puzzles, [batch], level, args.repeat)
        for frame in (one, many):
            assert frame[COUNTERS].equals(builtin[COUNTERS]), "the searches differ"
        choices = int(builtin.iterations.sum())
        us = lambda t: 1e6 * t / choices  # noqa: E731
        print(
            f"| {name} | {level} | {letter} | {choices:,} | {t_letter:.2f} | {t_one:.2f} "
            f"| {t_many:.2f} | {us(t_letter):.2f} | {us(t_one):.1f} | {us(t_many):.1f} "
            f"| {t_one / t_letter:.0f}x | {t_many / t_letter:.1f}x |",
            flush=True,
        )


if __name__ == "__main__":
    main()
