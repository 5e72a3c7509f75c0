#!/usr/bin/env python3
"""Converts the variant corpus (one JSON list per family, the schema of
../shared/data/variants/README.md) into f-puzzles JSON files, one per puzzle,
under puzzles/variants/<family>/<id>.json, and writes the original f-puzzles
links (`fpuzzles_lz`) of the records that carry one to
puzzles/variants/links.txt (`<id> https://www.f-puzzles.com/?load=<lz>`).

f-puzzles keeps `solution` as a flat list of digits; `title` holds the
record's id, `author` its author if known, `ruleset` where it came from.

Usage: python3 scripts/variants_to_fpuzzles.py ../shared/data/variants puzzles/variants
"""
import json
import pathlib
import sys


def cell(rc):
    r, c = rc[1:].split("c")
    return f"R{int(r)}C{int(c)}"


def convert(rec):
    n = rec["size"]
    grid = []
    for r in range(n):
        row = []
        for c in range(n):
            ch = rec["givens"][r * n + c]
            obj = {}
            if ch != ".":
                obj = {"value": int(ch), "given": True}
            if rec.get("regions"):
                obj["region"] = ord(rec["regions"][r * n + c]) - ord("A")
            row.append(obj)
        grid.append(row)
    out = {"size": n, "title": rec["id"], "grid": grid}
    if rec.get("author"):
        out["author"] = rec["author"]
    out["ruleset"] = f"{rec['source']} (commit {rec['source_commit']})"
    def add(key, item):
        out.setdefault(key, []).append(item)
    for con in rec["constraints"]:
        t = con["type"]
        if t == "cage":
            add("killercage", {"cells": [cell(x) for x in con["cells"]], "value": str(con["sum"])})
        elif t == "thermo":
            add("thermometer", {"lines": [[cell(x) for x in con["cells"]]]})
        elif t == "arrow":
            circle = [cell(x) for x in con["circle"]]
            add("arrow", {"cells": circle, "lines": [[circle[-1]] + [cell(x) for x in con["cells"]]]})
        elif t == "kropki":
            key = "difference" if con["color"] == "white" else "ratio"
            add(key, {"cells": [cell(x) for x in con["cells"]]})
        elif t == "kropki-negative":
            if "white" in con["colors"]:
                out["nonconsecutive"] = True
            if "black" in con["colors"]:
                out["negative"] = ["ratio"]
        elif t in ("even", "odd"):
            for x in con["cells"]:
                add(t, {"cell": cell(x)})
        elif t == "diagonal":
            out["diagonal-" if con["dir"] == "main" else "diagonal+"] = True
        elif t == "windoku":
            for r0 in (1, 5):
                for c0 in (1, 5):
                    add("extraregion", {"cells": [f"R{r0 + i + 1}C{c0 + j + 1}" for i in range(3) for j in range(3)]})
        elif t == "extra-region":
            add("extraregion", {"cells": [cell(x) for x in con["cells"]]})
        elif t == "anti-knight":
            out["antiknight"] = True
        elif t == "anti-king":
            out["antiking"] = True
        elif t == "nonconsecutive":
            out["nonconsecutive"] = True
        else:
            raise SystemExit(f"{rec['id']}: unknown constraint {t}")
    out["solution"] = [int(ch) for ch in rec["solution"]]
    return out


def main():
    src, dst = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
    links = []
    for f in sorted(src.glob("*.json")):
        family = f.stem
        (dst / family).mkdir(parents=True, exist_ok=True)
        for rec in json.loads(f.read_text()):
            (dst / family / f"{rec['id']}.json").write_text(json.dumps(convert(rec)) + "\n")
            if rec.get("fpuzzles_lz"):
                links.append(f"{family}/{rec['id']} https://www.f-puzzles.com/?load={rec['fpuzzles_lz']}")
    (dst / "links.txt").write_text("\n".join(links) + "\n")


main()
