#!/usr/bin/env python3
"""Rates one file of puzzles on Sudoku Explainer's scale with `sudoku rate
--scale se -j 1` and, beside it in the same run, with SukakuExplainer's own
`serate` (one thread), and prints the time each took, puzzles per second,
and how many ER/EP/ED agree.

SukakuExplainer is built outside the repository from its public sources
(https://github.com/SudokuMonster/SukakuExplainer); point SE_CLASSES at the
directory of its compiled classes:

    javac -encoding ISO-8859-1 -d /tmp/se/out $(find diuf -name '*.java')
    SE_CLASSES=/tmp/se/out python3 scripts/bench_se_rating.py PUZZLES.txt
    SE_CLASSES=/tmp/se/out python3 scripts/bench_se_rating.py --sample 10 puzzles/se-rated-1598.tsv

(the second: the benchmark's 500, the first 10 puzzles of each of the 50
ratings of the 1,598).

Without SE_CLASSES only this tool is timed.
"""

import csv
import io
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
SUDOKU = os.environ.get("SUDOKU_BIN", os.path.join(HERE, "..", "target", "release", "sudoku"))


def ours(path):
    start = time.perf_counter()
    out = subprocess.run(
        [SUDOKU, "rate", "--scale", "se", "-j", "1", "--format", "csv", path],
        capture_output=True,
        text=True,
    ).stdout
    elapsed = time.perf_counter() - start
    rows = list(csv.DictReader(io.StringIO(out)))
    ratings = [(r["se_er"] or "-", r["se_ep"] or "-", r["se_ed"] or "-") for r in rows]
    return elapsed, ratings


def serate(path, classes):
    start = time.perf_counter()
    out = subprocess.run(
        ["java", "-cp", classes, "diuf.sudoku.test.serate", "--format=%r/%p/%d", "--threads=1", f"--input={path}"],
        capture_output=True,
        text=True,
    ).stdout
    elapsed = time.perf_counter() - start
    ratings = [tuple(line.strip().split("/")) for line in out.splitlines() if line.strip()]
    return elapsed, ratings


def sample(path, per_rating):
    """The first `per_rating` puzzles of each ER of a rated TSV file (a
    header, then puzzle and se_er first): the benchmark's 500 is
    `--sample 10 puzzles/se-rated-1598.tsv` (10 of each of its 50 ERs,
    2.5 to 9.1), written to a temporary plain file both tools read."""
    import tempfile

    taken = {}
    lines = []
    with open(path) as f:
        next(f)
        for line in f:
            fields = line.rstrip("\n").split("\t")
            er = fields[1]
            if taken.get(er, 0) < per_rating:
                taken[er] = taken.get(er, 0) + 1
                lines.append(fields[0])
    out = tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False)
    out.write("\n".join(lines) + "\n")
    out.close()
    return out.name


def main():
    args = sys.argv[1:]
    per_rating = None
    if len(args) == 3 and args[0] == "--sample":
        per_rating = int(args[1])
        args = args[2:]
    if len(args) != 1:
        sys.exit("usage: bench_se_rating.py [--sample K RATED.tsv | PUZZLES.txt]")
    path = args[0] if per_rating is None else sample(args[0], per_rating)
    elapsed, mine = ours(path)
    n = len(mine)
    print(f"sudoku rate --scale se -j 1: {n} puzzles in {elapsed:.1f} s ({n / elapsed:.1f} per second)")
    classes = os.environ.get("SE_CLASSES")
    if not classes:
        return
    se_elapsed, theirs = serate(path, classes)
    print(f"serate --threads=1: {len(theirs)} puzzles in {se_elapsed:.1f} s ({len(theirs) / se_elapsed:.1f} per second)")
    print(f"ratio: {se_elapsed / elapsed:.1f}x")
    for i, name in enumerate(["ER", "EP", "ED"]):
        same = sum(1 for a, b in zip(mine, theirs) if a[i] == b[i])
        print(f"{name} equal: {same} of {min(n, len(theirs))}")


if __name__ == "__main__":
    main()
