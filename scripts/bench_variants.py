#!/usr/bin/env python3
"""Count-to-2 speed on the variant corpus, side by side with OR-tools CP-SAT.

    cargo build --release
    python3 -m pip install ortools        # once; skipped (with a note) if absent
    python3 scripts/bench_variants.py [--runs 3] [--preset default] [folder]

For each f-puzzles file under the folder (default `puzzles/variants`):
- this project: `sudoku count --limit 2 --jobs 1 --format csv` with the preset,
  the search time (`elapsed_us`, model built before), best of `--runs`;
- CP-SAT, one worker, enumerating solutions until 2 are found, the time of
  `Solve` (model built before), best of `--runs`. Its model: one integer
  variable per cell, all-different on rows, columns and regions (boxes or
  jigsaw), and per element the constraint f-puzzles means (the same reading
  as `crates/sudoku/src/rules/`).

Prints the median and slowest per solver, how many puzzles each counts in
under 10 ms, and the slowest puzzles side by side. Both count exactly one
solution on every corpus puzzle, or the script says where they disagree.
"""

import argparse
import csv
import io
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def cell(name, side):
    """`R3C12` -> reading-order index."""
    r, c = name.upper().lstrip("R").split("C")
    return (int(r) - 1) * side + int(c) - 1


def ours(folder, preset, runs):
    """Best search time (ms) and solution count per file."""
    binary = ROOT / "target" / "release" / "sudoku"
    best = {}
    for _ in range(runs):
        out = subprocess.run(
            [str(binary), "count", "--limit", "2", "--jobs", "1", "--format", "csv",
             "--config", preset, str(folder)],
            capture_output=True, text=True, cwd=ROOT,
        ).stdout
        for row in csv.DictReader(io.StringIO(out)):
            if not row["file"].endswith(".json"):
                continue  # links.txt: the same puzzles again
            name = Path(row["file"]).stem
            ms = int(row["elapsed_us"]) / 1000
            solutions = int(row["solutions"] or 0)
            prev = best.get(name)
            best[name] = (min(ms, prev[0]) if prev else ms, solutions)
    return best


def cp_sat_model(doc):
    from ortools.sat.python import cp_model

    side = int(doc["size"])
    box_rows = {4: 2, 6: 2, 8: 2, 9: 3, 10: 2, 12: 3, 14: 2, 15: 3, 16: 4}.get(side)
    box_cols = side // box_rows if box_rows else None
    m = cp_model.CpModel()
    x = []
    regions = {}
    for r, row in enumerate(doc["grid"]):
        for c, g in enumerate(row):
            v = g.get("value") if g.get("given") else None
            var = m.NewIntVar(1, side, f"r{r + 1}c{c + 1}")
            if v:
                m.Add(var == int(v))
            x.append(var)
            region = g.get("region")
            if region is None:
                region = (r // box_rows) * (side // box_cols) + c // box_cols
            regions.setdefault(region, []).append(var)
    for i in range(side):
        m.AddAllDifferent(x[i * side:(i + 1) * side])
        m.AddAllDifferent(x[i::side])
    for cells in regions.values():
        m.AddAllDifferent(cells)

    def cells(names):
        return [cell(n, side) for n in names]

    def relation(a, b, ok):
        tuples = [(p, q) for p in range(1, side + 1) for q in range(1, side + 1) if ok(p, q)]
        m.AddAllowedAssignments([x[a], x[b]], tuples)

    if doc.get("diagonal-"):
        m.AddAllDifferent([x[i * side + i] for i in range(side)])
    if doc.get("diagonal+"):
        m.AddAllDifferent([x[i * side + side - 1 - i] for i in range(side)])
    for e in doc.get("extraregion", []):
        m.AddAllDifferent([x[i] for i in cells(e["cells"])])
    for e in doc.get("killercage", []):
        vs = [x[i] for i in cells(e["cells"])]
        m.AddAllDifferent(vs)
        if e.get("value"):
            m.Add(sum(vs) == int(e["value"]))
    for e in doc.get("thermometer", []):
        for line in e["lines"]:
            vs = [x[i] for i in cells(line)]
            for a, b in zip(vs, vs[1:]):
                m.Add(a < b)
    for e in doc.get("arrow", []):
        circle = cells(e["cells"])
        number = sum(10 ** (len(circle) - 1 - k) * x[i] for k, i in enumerate(circle))
        for line in e["lines"]:
            shaft = [i for i in cells(line) if i not in circle]
            m.Add(sum(x[i] for i in shaft) == number)
    for key in ("odd", "even"):
        for e in doc.get(key, []):
            v = x[cell(e["cell"], side)]
            m.AddModuloEquality(1 if key == "odd" else 0, v, 2)
    dotted = set()
    for e in doc.get("difference", []):
        a, b = cells(e["cells"])
        dotted.add(frozenset((a, b)))
        relation(a, b, lambda p, q: abs(p - q) == 1)
    for e in doc.get("ratio", []):
        a, b = cells(e["cells"])
        dotted.add(frozenset((a, b)))
        relation(a, b, lambda p, q: p == 2 * q or q == 2 * p)
    pairs = [(r * side + c, r * side + c + 1) for r in range(side) for c in range(side - 1)]
    pairs += [(r * side + c, (r + 1) * side + c) for r in range(side - 1) for c in range(side)]
    undotted = [(a, b) for a, b in pairs if frozenset((a, b)) not in dotted]
    negative = doc.get("negative", [])
    if "ratio" in negative:
        for a, b in undotted:
            relation(a, b, lambda p, q: not (p == 2 * q or q == 2 * p))
    if "difference" in negative or doc.get("nonconsecutive"):
        for a, b in undotted:
            relation(a, b, lambda p, q: abs(p - q) != 1)

    def moves(offsets):
        for r in range(side):
            for c in range(side):
                for dr, dc in offsets:
                    rr, cc = r + dr, c + dc
                    if 0 <= rr < side and 0 <= cc < side and (rr, cc) > (r, c):
                        m.Add(x[r * side + c] != x[rr * side + cc])

    if doc.get("antiknight"):
        moves([(1, 2), (2, 1), (1, -2), (2, -1), (-1, 2), (-2, 1), (-1, -2), (-2, -1)])
    if doc.get("antiking"):
        moves([(1, 1), (1, -1), (-1, 1), (-1, -1)])
    return m


def cp_sat(doc, runs):
    """Best Solve time (ms) and solutions found (stopping at 2)."""
    from ortools.sat.python import cp_model

    class Count(cp_model.CpSolverSolutionCallback):
        def __init__(self):
            super().__init__()
            self.n = 0

        def on_solution_callback(self):
            self.n += 1
            if self.n >= 2:
                self.StopSearch()

    best = None
    for _ in range(runs):
        model = cp_sat_model(doc)
        solver = cp_model.CpSolver()
        solver.parameters.enumerate_all_solutions = True
        solver.parameters.num_workers = 1
        counter = Count()
        start = time.perf_counter()
        solver.Solve(model, counter)
        ms = (time.perf_counter() - start) * 1000
        best = (min(ms, best[0]) if best else ms, counter.n)
    return best


def summary(name, times):
    ms = sorted(times.values())
    under = sum(1 for t in ms if t < 10)
    return (f"{name:<12} median {statistics.median(ms):9.3f} ms   slowest {ms[-1]:10.1f} ms   "
            f"under 10 ms: {under}/{len(ms)}")


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("folder", nargs="?", default="puzzles/variants")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--preset", default="default")
    args = p.parse_args()
    folder = ROOT / args.folder
    files = sorted(folder.rglob("*.json"))
    mine = ours(folder, args.preset, args.runs)
    try:
        import ortools  # noqa: F401
        theirs = {f.stem: cp_sat(json.loads(f.read_text()), args.runs) for f in files}
    except ImportError:
        print("OR-tools is not installed (python3 -m pip install ortools): CP-SAT skipped",
              file=sys.stderr)
        theirs = {}
    print(f"{len(files)} puzzles, count to 2, one core, best of {args.runs}")
    print(summary(f"sudoku ({args.preset})", {k: v[0] for k, v in mine.items()}))
    if theirs:
        print(summary("CP-SAT", {k: v[0] for k, v in theirs.items()}))
    bad = [k for k, v in mine.items() if v[1] != 1]
    bad += [k for k, v in theirs.items() if v[1] != 1]
    for k in sorted(set(bad)):
        print(f"NOT ONE SOLUTION: {k}: sudoku {mine.get(k)}, CP-SAT {theirs.get(k)}")
    print("\nslowest for sudoku:           sudoku ms    CP-SAT ms")
    for k, (t, _) in sorted(mine.items(), key=lambda kv: -kv[1][0])[:8]:
        other = f"{theirs[k][0]:12.1f}" if k in theirs else ""
        print(f"  {k:<28} {t:10.1f} {other}")
    if theirs:
        print("\nslowest for CP-SAT:           sudoku ms    CP-SAT ms")
        for k, (t, _) in sorted(theirs.items(), key=lambda kv: -kv[1][0])[:5]:
            print(f"  {k:<28} {mine[k][0]:10.1f} {t:12.1f}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
