#!/usr/bin/env python3
"""Count-to-2 speed on the variant corpus, side by side with OR-tools CP-SAT.

    cargo build --release
    python3 -m pip install ortools        # once; skipped (with a note) if absent
    python3 scripts/bench_variants.py [--runs 3] [--preset portfolio] [--per-puzzle FILE]
                                      [--generated] [folder ...]

The folders (default: every variant puzzle of the repo, `puzzles/variants`
with its classic f-puzzles files, `puzzles/made` and `puzzles/sudokupad`).
For each f-puzzles file under them, each record of their link files and
each SudokuPad puzzle (`.txt` files of `puzzles/sudokupad`, handed to
CP-SAT as the f-puzzles document `sudoku render --fpuzzles` writes):
- this project: `sudoku count --limit 2 --jobs 1 --format csv` with the preset
  (default `portfolio`, what `count` runs),
  the search time (`elapsed_us`, model built before), best of `--runs`;
- CP-SAT, one worker, enumerating solutions until 2 are found, the time of
  `Solve` (model built before), best of `--runs`. Its model: one integer
  variable per cell, all-different on rows, columns and regions (boxes or
  jigsaw), and per element the constraint f-puzzles means (the same reading
  as `crates/sudoku/src/rules/`).

`--generated` adds 330 puzzles made by the repo's own generator (fixed
seeds, into a temporary folder): with line rules (`sudoku generate
--lines`), 20 for each of the ten rules it draws, 12 for each of five
combinations of three rules and 10 for each of five of four; and 20
non-consecutive ones (`--variant nonconsecutive`).

Prints the median and slowest per solver, how many puzzles each counts in
under 10 ms, how many this project counts slower than CP-SAT, and the
slowest ten side by side (`--per-puzzle FILE`: every puzzle's times, and
the strategy that answered, as CSV). Both count exactly one
solution on every corpus puzzle, and CP-SAT's is the published one, or the
script says where not (a SudokuPad puzzle that is not read as exactly one
solution, one whose rule is in its text alone, is left out and named). The
link files: `sudokusolver-rust.txt`, a `#: id | title | author | rules |
solution` line, then the link.
"""

import argparse
import csv
import io
import itertools
import json
import re
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


LINK_FILES = ("sudokusolver-rust.txt",)
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="


def lz_decompress_base64(data):
    """LZ-string's decompressFromBase64 (the published algorithm): the JSON
    text an f-puzzles link carries."""
    values = [B64.index(ch) for ch in data]
    state = {"pos": 32, "at": 1, "val": values[0]}

    def bits(n):
        out = 0
        for k in range(n):
            bit = state["val"] & state["pos"]
            state["pos"] >>= 1
            if state["pos"] == 0:
                state["pos"] = 32
                state["val"] = values[state["at"]] if state["at"] < len(values) else 0
                state["at"] += 1
            out |= (1 if bit else 0) << k
        return out

    words = {0: 0, 1: 1, 2: 2}
    size, width, enlarge = 4, 3, 4
    kind = bits(2)
    if kind == 2:
        return ""
    w = chr(bits(8 if kind == 0 else 16))
    words[3] = w
    out = [w]
    while True:
        code = bits(width)
        if code in (0, 1):
            words[size] = chr(bits(8 if code == 0 else 16))
            code = size
            size += 1
            enlarge -= 1
        elif code == 2:
            return "".join(out)
        if enlarge == 0:
            enlarge = 1 << width
            width += 1
        entry = words[code] if code in words else w + w[0]
        out.append(entry)
        words[size] = w + entry[0]
        size += 1
        enlarge -= 1
        w = entry
        if enlarge == 0:
            enlarge = 1 << width
            width += 1


def link_records(folder):
    """(file name, line of the link, record id, f-puzzles document) for the
    link files in `folder`: a `#: id | ... | solution` line, then the link."""
    out = []
    for name in LINK_FILES:
        path = Path(folder) / name
        if not path.exists():
            continue
        lines = path.read_text().splitlines()
        for k, line in enumerate(lines):
            if line.startswith("#:"):
                record = line[2:].split("|")[0].strip()
                link = lines[k + 1]
                text = lz_decompress_base64(link.split("load=", 1)[1])
                out.append((name, k + 2, record, json.loads(text)))
    return out


def link_ids(folder):
    return {(f, line): record for f, line, record, _ in link_records(folder)}


SUDOKUPAD = "sudokupad"


def sudokupad_files(folder):
    """The SudokuPad puzzles of a `puzzles/sudokupad` folder."""
    return sorted(Path(folder).glob("*.txt")) if Path(folder).name == SUDOKUPAD else []


def sudokupad_name(path):
    return f"{SUDOKUPAD}/{Path(path).stem}"


def fpuzzles_document(path):
    """The f-puzzles document this project writes for a puzzle file."""
    binary = ROOT / "target" / "release" / "sudoku"
    out = subprocess.run([str(binary), "render", str(path), "--fpuzzles", "-"],
                         capture_output=True, text=True, cwd=ROOT)
    return json.loads(out.stdout) if out.returncode == 0 else None


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
        ids = link_ids(folder)
        for row in csv.DictReader(io.StringIO(out)):
            if row["file"].endswith(".json"):
                name = Path(row["file"]).stem
            elif Path(row["file"]).parent.name == SUDOKUPAD:
                if row["status"] == "invalid":
                    continue
                name = sudokupad_name(row["file"])
            elif (Path(row["file"]).name, int(row["line"])) in ids:
                name = ids[(Path(row["file"]).name, int(row["line"]))]
            else:
                continue  # links.txt: the same puzzles as the files again
            ms = int(row["elapsed_us"]) / 1000
            solutions = int(row["solutions"] or 0)
            prev = best.get(name)
            best[name] = (min(ms, prev[0]) if prev else ms, solutions, row["config"])
            CONFLICTS[name] = (row.get("failures") or "", row.get("nogoods") or "")
    return best


# Per puzzle: the answering search's failures (conflicts) and nogoods
# (with learning: the clauses learnt), from the last run.
CONFLICTS = {}

# The rules `--generated` draws lines and clues of, alone and combined.
GENERATED_RULES = ["between-line", "nabner-line", "lockout-line", "region-sum-line", "renban",
                   "double-arrow", "little-killer", "skyscraper", "x-sum", "sandwich-sum"]
GENERATED_COMBINATIONS = [
    (["between-line", "x-sum", "renban"], 12),
    (["nabner-line", "skyscraper", "little-killer"], 12),
    (["lockout-line", "region-sum-line", "sandwich-sum"], 12),
    (["double-arrow", "between-line", "little-killer"], 12),
    (["renban", "lockout-line", "x-sum"], 12),
    (["between-line", "nabner-line", "skyscraper", "little-killer"], 10),
    (["lockout-line", "renban", "x-sum", "double-arrow"], 10),
    (["region-sum-line", "between-line", "sandwich-sum", "skyscraper"], 10),
    (["nabner-line", "double-arrow", "little-killer", "x-sum"], 10),
    (["renban", "region-sum-line", "lockout-line", "sandwich-sum"], 10),
]
# The global rules `--generated` makes puzzles of (`sudoku generate
# --variant`), with how many.
GENERATED_VARIANTS = [("nonconsecutive", 20)]


def generated(folder):
    """Writes the `--generated` puzzles into `folder`, one f-puzzles file
    each (`between-03.json`, `renban-lockout-x-sum-07.json`)."""
    binary = ROOT / "target" / "release" / "sudoku"
    sets = [([r], 20) for r in GENERATED_RULES] + GENERATED_COMBINATIONS
    for k, (rules, count) in enumerate(sets):
        out = subprocess.run(
            [str(binary), "generate", "-n", str(count), "--seed", str(100 + k), "--lines",
             ",".join(rules), "--line-count", "8", "--format", "fpuzzles", "-q"],
            capture_output=True, text=True, check=True,
        ).stdout
        stem = "-".join(r.replace("-line", "") for r in rules)
        for i, line in enumerate(out.splitlines()):
            (folder / f"{stem}-{i + 1:02}.json").write_text(line)
    for k, (variant, count) in enumerate(GENERATED_VARIANTS):
        out = subprocess.run(
            [str(binary), "generate", "-n", str(count), "--seed", str(200 + k), "--variant",
             variant, "--format", "fpuzzles", "-q"],
            capture_output=True, text=True, check=True,
        ).stdout
        for i, line in enumerate(out.splitlines()):
            (folder / f"{variant}-{i + 1:02}.json").write_text(line)


def outside_line(clue, side):
    """The cells seen from an outside clue cell (`R0C3`: column 3 from the
    top), nearest first."""
    r, c = (int(t) for t in clue.upper().lstrip("R").split("C"))
    if r == 0:
        return [k * side + c - 1 for k in range(side)]
    if r == side + 1:
        return [k * side + c - 1 for k in reversed(range(side))]
    if c == 0:
        return [(r - 1) * side + k for k in range(side)]
    return [(r - 1) * side + k for k in reversed(range(side))]


def newer_rules(m, doc, x, side, region_of, cells, relation):
    """The rules added after the first sixteen, read as
    `../shared/spec/variants.md` states them."""

    def lines(key):
        for e in doc.get(key, []):
            for line in e.get("lines", []):
                yield e, cells(line)

    def equals(a, d):
        """A literal for a == d."""
        t = m.NewBoolVar("")
        m.Add(a == d).OnlyEnforceIf(t)
        m.Add(a != d).OnlyEnforceIf(t.Not())
        return t

    def less(a, b):
        """A literal for a < b (a, b variables or numbers)."""
        t = m.NewBoolVar("")
        m.Add(a < b).OnlyEnforceIf(t)
        m.Add(a >= b).OnlyEnforceIf(t.Not())
        return t

    def both(p, q):
        t = m.NewBoolVar("")
        m.AddBoolAnd([p, q]).OnlyEnforceIf(t)
        m.AddBoolOr([p.Not(), q.Not()]).OnlyEnforceIf(t.Not())
        return t

    def either(p, q):
        t = m.NewBoolVar("")
        m.AddBoolOr([p, q]).OnlyEnforceIf(t)
        m.AddBoolAnd([p.Not(), q.Not()]).OnlyEnforceIf(t.Not())
        return t

    def kept_if(var, literal):
        """var where literal holds, else 0."""
        y = m.NewIntVar(0, side, "")
        m.Add(y == var).OnlyEnforceIf(literal)
        m.Add(y == 0).OnlyEnforceIf(literal.Not())
        return y

    for e in doc.get("cage", []):
        v = str(e.get("value", ""))
        if v.upper().startswith("DR"):
            vs = [x[i] for i in cells(e["cells"])]
            m.AddAllDifferent(vs)
            total = m.NewIntVar(0, side * len(vs), "")
            m.Add(total == sum(vs))
            m.AddModuloEquality(int(v[2:]) % 9, total, 9)
    for _, line in lines("slowthermometer"):
        for a, b in zip(line, line[1:]):
            m.Add(x[a] <= x[b])
    for _, line in lines("palindrome"):
        for a, b in zip(line, reversed(line)):
            m.Add(x[a] == x[b])
    for _, line in lines("renban"):
        vs = [x[i] for i in line]
        m.AddAllDifferent(vs)
        lo, hi = m.NewIntVar(1, side, ""), m.NewIntVar(1, side, "")
        m.AddMinEquality(lo, vs)
        m.AddMaxEquality(hi, vs)
        m.Add(hi - lo == len(vs) - 1)
    for e, line in lines("whispers"):
        k = int(e.get("value") or (side + 1) // 2)
        for a, b in zip(line, line[1:]):
            relation(a, b, lambda p, q, k=k: abs(p - q) >= k)
    for _, line in lines("nabner"):
        for i, a in enumerate(line):
            for b in line[i + 1:]:
                relation(a, b, lambda p, q: abs(p - q) >= 2)
    for key, part in (("entropicline", lambda v: (v - 1) * 3 // side),
                      ("modularline", lambda v: v % 3)):
        for _, line in lines(key):
            for i, a in enumerate(line):
                for j in range(i + 1, len(line)):
                    if (j - i) % 3:
                        relation(a, line[j], lambda p, q, f=part: f(p) != f(q))
    for key in ("betweenline", "lockout"):
        for _, line in lines(key):
            a, b = x[line[0]], x[line[-1]]
            lo, hi = m.NewIntVar(1, side, ""), m.NewIntVar(1, side, "")
            m.AddMinEquality(lo, [a, b])
            m.AddMaxEquality(hi, [a, b])
            if key == "lockout":
                m.Add(hi - lo >= side // 2)
            for i in line[1:-1]:
                if key == "betweenline":
                    m.Add(x[i] > lo)
                    m.Add(x[i] < hi)
                else:
                    m.AddBoolOr([less(x[i], lo), less(hi, x[i])])
    for _, line in lines("regionsumline"):
        runs = [[line[0]]]
        for i in line[1:]:
            if region_of[i] == region_of[runs[-1][-1]]:
                runs[-1].append(i)
            else:
                runs.append([i])
        sums = [sum(x[i] for i in run) for run in runs]
        for s in sums[1:]:
            m.Add(s == sums[0])
    for _, line in lines("zipperline"):
        n = len(line)
        total = x[line[n // 2]] if n % 2 else None
        pairs = [(line[k], line[n - 1 - k]) for k in range(n // 2)]
        if total is None:
            total = x[pairs[0][0]] + x[pairs[0][1]]
        for a, b in pairs:
            m.Add(x[a] + x[b] == total)
    for _, line in lines("doublearrow"):
        m.Add(x[line[0]] + x[line[-1]] == sum(x[i] for i in line[1:-1]))
    for e in doc.get("littlekillersum", []):
        if str(e.get("value", "")).strip() not in ("", "0"):
            m.Add(sum(x[i] for i in cells(e["cells"])) == int(e["value"]))
    for e in doc.get("sandwichsum", []):
        line = outside_line(e["cell"], side)
        ones = [equals(x[i], 1) for i in line]
        tops = [equals(x[i], side) for i in line]
        p1 = sum(k * b for k, b in enumerate(ones))
        pn = sum(k * b for k, b in enumerate(tops))
        between = []
        for k, i in enumerate(line):
            inside = either(both(less(p1, k), less(k, pn)), both(less(pn, k), less(k, p1)))
            between.append(kept_if(x[i], inside))
        m.Add(sum(between) == int(e["value"]))
    for e in doc.get("xsum", []):
        line = outside_line(e["cell"], side)
        first = x[line[0]]
        m.Add(sum(kept_if(x[i], less(k, first)) for k, i in enumerate(line)) == int(e["value"]))
    for e in doc.get("skyscraper", []):
        line = outside_line(e["cell"], side)
        seen = [1]
        top = x[line[0]]
        for i in line[1:]:
            seen.append(less(top, x[i]))
            higher = m.NewIntVar(1, side, "")
            m.AddMaxEquality(higher, [top, x[i]])
            top = higher
        m.Add(sum(seen) == int(e["value"]))
    for e in doc.get("quadruple", []):
        around = cells(e["cells"])
        for d in set(e["values"]):
            hits = [equals(x[i], d) for i in around]
            m.Add(sum(hits) >= e["values"].count(d))
    for key, smaller in (("minimum", True), ("maximum", False)):
        marked = {cell(e["cell"], side) for e in doc.get(key, [])}
        for i in marked:
            r, c = divmod(i, side)
            for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                j = rr * side + cc
                if 0 <= rr < side and 0 <= cc < side and j not in marked:
                    m.Add(x[i] < x[j] if smaller else x[i] > x[j])
    for e in doc.get("clone", []):
        for a, b in zip(cells(e["cells"]), cells(e["cloneCells"])):
            m.Add(x[a] == x[b])
    if doc.get("disjointgroups"):
        members = {}
        for i, region in enumerate(region_of):
            members.setdefault(region, []).append(i)
        groups = {}
        for region_cells in members.values():
            if len(region_cells) == side:
                for p, i in enumerate(region_cells):
                    groups.setdefault(p, []).append(x[i])
        for group in groups.values():
            m.AddAllDifferent(group)
    for key in ("rowindexer", "columnindexer", "boxindexer"):
        for e in doc.get(key, []):
            for i in cells(e["cells"]):
                r, c = divmod(i, side)
                if key == "rowindexer":
                    targets, own = [k * side + c for k in range(side)], r + 1
                elif key == "columnindexer":
                    targets, own = [r * side + k for k in range(side)], c + 1
                else:
                    targets = [j for j in range(side * side) if region_of[j] == region_of[i]]
                    own = targets.index(i) + 1
                index = m.NewIntVar(0, side - 1, "")
                m.Add(index == x[i] - 1)
                m.AddElement(index, [x[t] for t in targets], own)
    for r, row in enumerate(doc["grid"]):
        for c, g in enumerate(row):
            marks = g.get("givenPencilMarks")
            if marks:
                m.AddAllowedAssignments([x[r * side + c]], [(int(d),) for d in marks])
    # Rules written as regular expressions: the digit strings Python's own
    # `re` accepts, as allowed tuples (lines of up to 6 cells).
    for e in doc.get("regex", []):
        line = [cell(n, side) for n in e["cells"]]
        if len(line) > 6:
            sys.exit(f"regex on {len(line)} cells: this model lists tuples, up to 6 cells")
        spell = "123456789ABCDEFGHIJKLMNOP"
        tuples = [t for t in itertools.product(range(1, side + 1), repeat=len(line))
                  if re.fullmatch(e["value"], "".join(spell[d - 1] for d in t))]
        m.AddAllowedAssignments([x[i] for i in line], tuples)


def cp_sat_model(doc):
    from ortools.sat.python import cp_model

    side = int(doc["size"])
    # Boxes of h rows x side/h columns, h the largest factor with h*h <=
    # side (rows, for a prime side).
    box_rows = max(h for h in range(1, side + 1) if side % h == 0 and h * h <= side)
    box_cols = side // box_rows
    m = cp_model.CpModel()
    x = []
    regions = {}
    region_of = []
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
            region_of.append(region)
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
    # Dots and marks between orthogonal neighbours, with their values.
    dotted = set()
    used = {"difference": {1}, "ratio": {2}, "sum": set(), "xv": set()}
    for e in doc.get("difference", []):
        a, b = cells(e["cells"])
        k = int(e.get("value") or 1)
        used["difference"].add(k)
        dotted.add(frozenset((a, b)))
        relation(a, b, lambda p, q, k=k: abs(p - q) == k)
    for e in doc.get("ratio", []):
        a, b = cells(e["cells"])
        k = int(e.get("value") or 2)
        used["ratio"].add(k)
        dotted.add(frozenset((a, b)))
        relation(a, b, lambda p, q, k=k: p == k * q or q == k * p)
    marked = {"xv": set(), "sum": set()}
    for e in doc.get("xv", []):
        a, b = cells(e["cells"])
        k = 10 if str(e.get("value", "")).upper() == "X" else 5
        marked["xv"].add(frozenset((a, b)))
        relation(a, b, lambda p, q, k=k: p + q == k)
    for e in doc.get("sum", []):
        a, b = cells(e["cells"])
        k = int(e["value"])
        used["sum"].add(k)
        marked["sum"].add(frozenset((a, b)))
        relation(a, b, lambda p, q, k=k: p + q == k)
    pairs = [(r * side + c, r * side + c + 1) for r in range(side) for c in range(side - 1)]
    pairs += [(r * side + c, (r + 1) * side + c) for r in range(side - 1) for c in range(side)]
    undotted = [(a, b) for a, b in pairs if frozenset((a, b)) not in dotted]
    negative = doc.get("negative", [])
    if "ratio" in negative:
        for a, b in undotted:
            relation(a, b, lambda p, q: all(p != k * q and q != k * p for k in used["ratio"]))
    if "difference" in negative:
        for a, b in undotted:
            relation(a, b, lambda p, q: all(abs(p - q) != k for k in used["difference"]))
    if doc.get("nonconsecutive"):
        for a, b in undotted:
            relation(a, b, lambda p, q: abs(p - q) != 1)
    if "xv" in negative:
        for a, b in pairs:
            if frozenset((a, b)) not in marked["xv"]:
                relation(a, b, lambda p, q: p + q not in (5, 10))
    if "sum" in negative:
        for a, b in pairs:
            if frozenset((a, b)) not in marked["sum"]:
                relation(a, b, lambda p, q: p + q not in used["sum"])
    newer_rules(m, doc, x, side, region_of, cells, relation)

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
    # Chess leaps (SudokuSolver's options: `a,b` leaps in all eight
    # directions, `v1,2` digits, `r1c1` / `r1c1-r1c3` cells a pair must
    # touch).
    for e in doc.get("chess", []):
        leaps, digits, only = set(), set(), set()
        for option in (o.strip() for o in e["value"].split(";") if o.strip()):
            if option.startswith("v"):
                digits |= {int(d) for d in option[1:].split(",")}
            elif option[0] in "rR":
                ends = [cell(t, side) for t in option.split("-")]
                (r0, c0), (r1, c1) = divmod(ends[0], side), divmod(ends[-1], side)
                steps = max(abs(r1 - r0), abs(c1 - c0))
                dr, dc = (r1 > r0) - (r1 < r0), (c1 > c0) - (c1 < c0)
                only |= {(r0 + k * dr) * side + c0 + k * dc for k in range(steps + 1)}
            else:
                a, b = (abs(int(t)) for t in option.split(","))
                leaps |= {(sa * p, sb * q) for p, q in ((a, b), (b, a)) for sa in (1, -1) for sb in (1, -1)}
        for r in range(side):
            for c in range(side):
                for dr, dc in leaps:
                    rr, cc = r + dr, c + dc
                    if not (0 <= rr < side and 0 <= cc < side and (rr, cc) > (r, c)):
                        continue
                    a, b = r * side + c, rr * side + cc
                    if only and a not in only and b not in only:
                        continue
                    if digits:
                        relation(a, b, lambda p, q, ds=frozenset(digits): p != q or p not in ds)
                    else:
                        m.Add(x[a] != x[b])
    return m, x


def cp_sat(doc, runs):
    """Best Solve time (ms), solutions found (stopping at 2) and the first
    solution's digits in decimal, one after another."""
    from ortools.sat.python import cp_model

    class Count(cp_model.CpSolverSolutionCallback):
        def __init__(self):
            super().__init__()
            self.n = 0
            self.first = None

        def on_solution_callback(self):
            self.n += 1
            if self.n == 1:
                self.first = "".join(str(self.Value(v)) for v in cells)
            if self.n >= 2:
                self.StopSearch()

    best = None
    for _ in range(runs):
        model, cells = cp_sat_model(doc)
        solver = cp_model.CpSolver()
        solver.parameters.enumerate_all_solutions = True
        solver.parameters.num_workers = 1
        counter = Count()
        start = time.perf_counter()
        solver.Solve(model, counter)
        ms = (time.perf_counter() - start) * 1000
        best = (min(ms, best[0]) if best else ms, counter.n, counter.first)
    return best


def summary(name, times):
    ms = sorted(times.values())
    under = sum(1 for t in ms if t < 10)
    return (f"{name:<12} median {statistics.median(ms):9.3f} ms   slowest {ms[-1]:10.1f} ms   "
            f"under 10 ms: {under}/{len(ms)}")


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("folders", nargs="*",
                   default=["puzzles/variants", "puzzles/made", "puzzles/sudokupad"])
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--preset", default="portfolio")
    p.add_argument("--per-puzzle", metavar="FILE",
                   help="write every puzzle's times (and the strategy that answered) as CSV")
    p.add_argument("--generated", action="store_true",
                   help="add 330 generated puzzles (see above)")
    args = p.parse_args()
    folders = [ROOT / f for f in args.folders]
    if args.generated:
        import tempfile
        made = Path(tempfile.mkdtemp(prefix="generated-lines-"))
        generated(made)
        folders.append(made)
    mine = {}
    for folder in folders:
        mine.update(ours(folder, args.preset, args.runs))
    # SudokuPad puzzles not read as one solution (a rule in the text alone).
    left_out = sorted(k for k, v in mine.items() if k.startswith(SUDOKUPAD) and v[1] != 1)
    for k in left_out:
        del mine[k]
    published = {}
    recorded = {}
    for folder in folders:
        for name in LINK_FILES:
            path = folder / name
            for line in path.read_text().splitlines() if path.exists() else []:
                if line.startswith("#:"):
                    fields = [f.strip() for f in line[2:].split("|")]
                    recorded[fields[0]] = fields[-1]
    try:
        import ortools  # noqa: F401
        theirs = {}
        for folder in folders:
            for f in sorted(folder.rglob("*.json")):
                doc = json.loads(f.read_text())
                theirs[f.stem] = cp_sat(doc, args.runs)
                published[f.stem] = "".join(str(d) for d in doc.get("solution", []))
            for _, _, record, doc in link_records(folder):
                theirs[record] = cp_sat(doc, args.runs)
                published[record] = recorded[record]
            for f in sudokupad_files(folder):
                doc = fpuzzles_document(f)
                if doc is not None and sudokupad_name(f) in mine:
                    theirs[sudokupad_name(f)] = cp_sat(doc, args.runs)
    except ImportError:
        print("OR-tools is not installed (python3 -m pip install ortools): CP-SAT skipped",
              file=sys.stderr)
        theirs = {}
    print(f"{len(mine)} puzzles, count to 2, one core, best of {args.runs}")
    if left_out:
        print(f"left out (not one solution as read): {', '.join(left_out)}")
    print(summary(f"sudoku ({args.preset})", {k: v[0] for k, v in mine.items()}))
    if theirs:
        print(summary("CP-SAT", {k: v[0] for k, v in theirs.items()}))
    bad = [k for k, v in mine.items() if v[1] != 1]
    bad += [k for k, v in theirs.items() if v[1] != 1]
    # CP-SAT's one solution is the published one (the corpus records it).
    bad += [k for k, v in theirs.items() if published.get(k) and v[2] != published[k]]
    for k in sorted(set(bad)):
        print(f"NOT ONE SOLUTION, OR NOT THE PUBLISHED ONE: {k}: sudoku {mine.get(k)}, "
              f"CP-SAT {theirs.get(k)}")
    if theirs:
        slower = [k for k in mine if k in theirs and mine[k][0] > theirs[k][0]]
        print(f"slower than CP-SAT: {len(slower)} of {len(mine)}"
              + (f" ({', '.join(sorted(slower))})" if slower else ""))
    print("\nslowest for sudoku:           sudoku ms    CP-SAT ms   failures    nogoods   answered by")
    for k, (t, _, by) in sorted(mine.items(), key=lambda kv: -kv[1][0])[:10]:
        other = f"{theirs[k][0]:12.1f}" if k in theirs else f"{'':12}"
        failures, nogoods = CONFLICTS.get(k, ("", ""))
        print(f"  {k:<28} {t:10.1f} {other} {failures:>10} {nogoods:>10}   {by}")
    if args.per_puzzle:
        with open(args.per_puzzle, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["puzzle", "sudoku_ms", "cp_sat_ms", "answered_by"])
            for k in sorted(mine):
                t, _, by = mine[k]
                w.writerow([k, f"{t:.3f}", f"{theirs[k][0]:.3f}" if k in theirs else "", by])
    if theirs:
        print("\nslowest for CP-SAT:           sudoku ms    CP-SAT ms")
        for k, (t, *_) in sorted(theirs.items(), key=lambda kv: -kv[1][0])[:5]:
            print(f"  {k:<28} {mine[k][0]:10.1f} {t:12.1f}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
