#!/usr/bin/env python3
"""Make a puzzle for each rule element type no public puzzle of the corpus uses.

    cargo build --release
    python3 scripts/make_variant_puzzles.py [--seed 1] [--out puzzles/made]
    python3 scripts/bench_variants.py puzzles/made    # CP-SAT's check

No puzzle of `puzzles/variants` uses lockout, modular, Nabner, zipper,
double-arrow or slow-thermometer lines, row/column/box indexers,
digital-root cages, sum dots, chess leaps, given pencil marks or rules
written as regular expressions. For each, this script draws a full grid
(`sudoku generate --seed`), then draws random elements of the type on it,
keeping those the grid keeps (checked by `sudoku count`: the grid as
givens has its one solution), then removes givens in a seeded random order
while the puzzle stays unique (`sudoku count --limit 2`). It writes one
f-puzzles file per type, with the grid as its recorded solution. The same
seed gives the same files. `bench_variants.py` then counts each with
CP-SAT (its own model of every element) and says where CP-SAT does not
find exactly that one solution.
"""

import argparse
import json
import random
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SUDOKU = ROOT / "target" / "release" / "sudoku"
N = 9
KING = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]
ORTHOGONAL = [(0, 1), (1, 0), (0, -1), (-1, 0)]


def name(cell):
    r, c = divmod(cell, N)
    return f"R{r + 1}C{c + 1}"


def count(doc):
    """`sudoku count --limit 2` of one f-puzzles document: 0, 1 or 2."""
    out = subprocess.run(
        [str(SUDOKU), "count", "--limit", "2", "--format", "json", "-"],
        input=json.dumps(doc), capture_output=True, text=True,
    )
    record = json.loads(out.stdout.splitlines()[0])
    if record.get("error"):
        sys.exit(f"sudoku count: {record['error']}")
    return record["solutions"]


def walk(rng, length, steps):
    """A random self-avoiding path of `length` cells."""
    while True:
        path = [rng.randrange(N * N)]
        while len(path) < length:
            r, c = divmod(path[-1], N)
            options = [
                (r + dr) * N + c + dc
                for dr, dc in steps
                if 0 <= r + dr < N and 0 <= c + dc < N and (r + dr) * N + c + dc not in path
            ]
            if not options:
                break
            path.append(rng.choice(options))
        if len(path) == length:
            return path


def lines(key, lengths, steps=KING):
    def make(rng, grid):
        path = walk(rng, rng.choice(lengths), steps)
        return key, {"lines": [[name(c) for c in path]]}
    return make


def indexer(key):
    def make(rng, grid):
        # An indexer cell in the first column, first row or box-middle
        # column, as setters place them.
        r, c = rng.randrange(N), rng.randrange(N)
        cell = {"rowindexer": r * N, "columnindexer": c, "boxindexer": r * N + 1 + 3 * (c // 3)}[key]
        return key, {"cells": [name(cell)]}
    return make


def dr_cage(rng, grid):
    cells = walk(rng, rng.choice([2, 3, 4]), ORTHOGONAL)
    root = (sum(grid[c] for c in cells) - 1) % 9 + 1
    return "cage", {"cells": [name(c) for c in cells], "value": f"DR{root}"}


def chess(rng, grid):
    # A camel's, zebra's or giraffe's leap for one digit, or for all from
    # one cell.
    leap = rng.choice(["1,3", "2,3", "1,4"])
    if rng.random() < 0.5:
        return "chess", {"value": f"{leap};v{rng.randrange(1, 10)}"}
    return "chess", {"value": f"{leap};{name(rng.randrange(N * N)).lower()}"}


def given_candidates(rng, grid):
    # Pencil marks given on a cell: its digit and one or two others.
    cell = rng.randrange(N * N)
    others = rng.sample([d for d in range(1, 10) if d != grid[cell]], rng.choice([1, 2]))
    return "givenPencilMarks", {"cell": cell, "marks": sorted([grid[cell]] + others)}


# Patterns a line of digits may be asked to match (Rust's and Python's
# syntax alike).
PATTERNS = [
    "[2468]*([13579][2468]+)*[13579]?",
    "[1-5]*[6-9]*",
    "[6-9]*[1-5]*",
    "([13579][2468])*[13579]?|([2468][13579])*[2468]?",
    ".*[1-3].*[7-9].*",
]


def regex(rng, grid):
    line = walk(rng, rng.choice([3, 4, 5]), [rng.choice(ORTHOGONAL)])
    text = "".join(str(grid[c]) for c in line)
    fitting = [p for p in PATTERNS if re.fullmatch(p, text)]
    pattern = rng.choice(fitting) if fitting else PATTERNS[0]
    return "regex", {"cells": [name(c) for c in line], "value": pattern}


def sum_dot(rng, grid):
    a, b = walk(rng, 2, ORTHOGONAL)
    return "sum", {"cells": [name(a), name(b)], "value": str(grid[a] + grid[b])}


# Each type: its maker, how many elements to draw, its title.
TYPES = {
    "lockout": (lines("lockout", [4, 5, 6]), 6, "lockout lines"),
    "modular": (lines("modularline", [4, 5, 6]), 6, "modular lines"),
    "nabner": (lines("nabner", [2, 3, 4]), 6, "Nabner lines"),
    "zipper": (lines("zipperline", [3, 4, 5, 6, 7]), 6, "zipper lines"),
    "double-arrow": (lines("doublearrow", [3, 4, 5]), 5, "double arrows"),
    "slow-thermometer": (lines("slowthermometer", [3, 4, 5, 6]), 6, "slow thermometers"),
    "row-indexer": (indexer("rowindexer"), 4, "row indexers"),
    "column-indexer": (indexer("columnindexer"), 4, "column indexers"),
    "box-indexer": (indexer("boxindexer"), 4, "box indexers"),
    "digital-root-cage": (dr_cage, 6, "digital-root cages"),
    "sum-dot": (sum_dot, 8, "sum dots"),
    "chess": (chess, 6, "chess leaps"),
    "given-candidates": (given_candidates, 8, "given pencil marks"),
    "regex": (regex, 6, "regular expressions"),
}


def grid_doc(givens, elements, title, seed, solution):
    doc = {
        "size": N,
        "title": f"{title} (generated)",
        "author": f"scripts/make_variant_puzzles.py --seed {seed}",
        "grid": [
            [({"value": givens[r * N + c], "given": True} if givens[r * N + c] else {}) for c in range(N)]
            for r in range(N)
        ],
        "solution": solution,
    }
    for key, entry in elements:
        if key == "givenPencilMarks":
            r, c = divmod(entry["cell"], N)
            doc["grid"][r][c]["givenPencilMarks"] = entry["marks"]
        else:
            doc.setdefault(key, []).append(entry)
    return doc


def make(kind, seed):
    maker, wanted, title = TYPES[kind]
    rng = random.Random(f"{kind}-{seed}")
    out = subprocess.run(
        [str(SUDOKU), "generate", "-n", "1", "--seed", str(rng.randrange(1 << 30)), "--format", "json"],
        capture_output=True, text=True, check=True,
    )
    grid = [int(ch) for ch in json.loads(out.stdout)["solution"]]
    elements, tries = [], 0
    while len(elements) < wanted and tries < 400:
        tries += 1
        element = maker(rng, grid)
        if element in elements:
            continue
        if count(grid_doc(grid, elements + [element], title, seed, grid)) == 1:
            elements.append(element)
    givens = list(grid)
    order = list(range(N * N))
    rng.shuffle(order)
    for cell in order:
        digit, givens[cell] = givens[cell], 0
        if count(grid_doc(givens, elements, title, seed, grid)) != 1:
            givens[cell] = digit
    return grid_doc(givens, elements, title, seed, grid)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", default=str(ROOT / "puzzles" / "made"))
    p.add_argument("types", nargs="*", default=list(TYPES), help="element types (default: all)")
    args = p.parse_args()
    if not SUDOKU.exists():
        sys.exit("build first: cargo build --release")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for kind in args.types:
        doc = make(kind, args.seed)
        clues = sum(1 for row in doc["grid"] for cell in row if cell.get("given"))
        (out / f"{kind}.json").write_text(json.dumps(doc, indent=1) + "\n")
        lists = sum(len(v) for k, v in doc.items() if isinstance(v, list) and k not in ("grid", "solution"))
        marks = sum(1 for row in doc["grid"] for cell in row if "givenPencilMarks" in cell)
        print(f"{kind}: {clues} givens, {lists + marks} elements")


if __name__ == "__main__":
    main()
