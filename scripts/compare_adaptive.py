#!/usr/bin/env python3
"""Static against adaptive heuristics on the variant corpus, counted to 2.

`sudoku compare` ranks strategies per puzzle file; the variant corpus is
76 files of one puzzle each, so this script runs `sudoku count` (one
process per strategy, every file at once, one core) and sums the runs up
per strategy, as `compare` does per set: placements mean / median / max,
guesses mean, search time. The classic sets go through `compare` itself
(see docs/guide/heuristics.md, "Adaptive heuristics: measured").

    python3 scripts/compare_adaptive.py [--binary target/release/sudoku]
        [--levels singles,gac] [--strategies EH/5,W/0,...] [--restarts none,luby:100]
"""
import argparse
import csv
import glob
import io
import os
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
STRATEGIES = "EH/5,EA/0,EK/5,W/0,ZW/0,X/0,ZX/0,XE/0,QE/0,VE/0,P/b,ZEH/5"


def run(binary, files, cells, values, level, restarts, limit):
    cmd = [binary, "count", "--limit", "2", "--format", "csv", "--jobs", "1",
           "--cells", cells, "--values", values, "--propagation", level,
           "--restarts", restarts, "--max-placements", str(limit)]
    out = subprocess.run(cmd + files, capture_output=True, text=True)
    rows = list(csv.DictReader(io.StringIO(out.stdout)))
    if len(rows) != len(files):
        sys.exit(f"{' '.join(cmd)}: {len(rows)} rows for {len(files)} files\n{out.stderr}")
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--binary", default=os.path.join(ROOT, "target/release/sudoku"))
    ap.add_argument("--levels", default="singles,gac")
    ap.add_argument("--strategies", default=STRATEGIES)
    ap.add_argument("--restarts", default="none,luby:100")
    ap.add_argument("--max-placements", type=int, default=2_000_000)
    a = ap.parse_args()
    files = sorted(glob.glob(os.path.join(ROOT, "puzzles/variants/*/*.json")))
    print(f"{len(files)} variant puzzles, counted to 2, --max-placements {a.max_placements}, one core")
    print("| strategy | level | restarts | stopped | placements mean | median | max | guesses mean | time s | slowest ms |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for level in a.levels.split(","):
        for strategy in a.strategies.split(","):
            cells, values = strategy.split("/")
            for restarts in a.restarts.split(","):
                rows = run(a.binary, files, cells, values, level, restarts, a.max_placements)
                stopped = sum(r["status"] == "stopped" for r in rows)
                placements = [int(r["placements"]) for r in rows]
                guesses = [int(r["guesses"]) for r in rows]
                us = [int(r["elapsed_us"]) for r in rows]
                print(f"| {cells}/{values} | {level} | {restarts} | {stopped} | "
                      f"{statistics.mean(placements):.1f} | {statistics.median(placements):g} | "
                      f"{max(placements)} | {statistics.mean(guesses):.1f} | {sum(us) / 1e6:.3f} | "
                      f"{max(us) / 1e3:.1f} |", flush=True)


if __name__ == "__main__":
    main()
