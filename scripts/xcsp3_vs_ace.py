#!/usr/bin/env python3
"""Run XCSP3 instances through `sudoku csp` and through ACE (the solver
bundled with pycsp3, Java 17) one after the other, one core each, and
compare. `--mode solve` (the default): satisfiable or not, and the time
to answer; `--mode count`: every solution, and the counts where both
counted all within the time limit (ACE leaves out the variables no
constraint mentions: its count times the product of their domain sizes
is compared); `--mode optimize` (optimization instances): the optimum,
where both proved it within the time limit.

    python3 scripts/xcsp3_vs_ace.py instances/xcsp3/*/*.xml [--mode count]
        [--timeout 60] [--sudoku target/release/sudoku] [--ace ACE.jar]
        [--config adaptive] [--csv results.csv] [--ace-csv instances/xcsp3/ace.csv]

`--ace-csv` (count mode) records ACE's answers and counts for the tests
(`crates/xcsp3/tests/corpus.rs`): `path,answer,count`, the count empty
where ACE did not count every solution; `--ace-csv-from results.csv`
writes it from the `--csv` of an earlier count run instead of running.

Exit code 1 if any answer or count differs.
"""

import argparse
import csv
import glob
import json
import os
import re
import subprocess
import sys
import time


def find_ace():
    # Found without importing pycsp3 (which reads the command line).
    import importlib.util
    try:
        root = importlib.util.find_spec("pycsp3").submodule_search_locations[0]
        jars = glob.glob(os.path.join(root, "solvers", "ace", "ACE-*.jar"))
        return jars[0] if jars else None
    except (ImportError, AttributeError):
        return None


def run_ace(ace, path, timeout, count, optimize=False):
    start = time.monotonic()
    try:
        out = subprocess.run(
            ["java", "-XX:ActiveProcessorCount=1", "-jar", ace, path, f"-t={timeout}s"]
            + (["-s=all"] if count else []),
            capture_output=True, text=True, timeout=timeout + 30,
        ).stdout
    except subprocess.TimeoutExpired:
        return {"answer": "timeout", "solutions": None, "complete": False, "seconds": timeout}
    seconds = time.monotonic() - start
    out = re.sub(r"\x1b\[[0-9;]*m", "", out)
    # ACE writes thousands with commas: 122,880.
    found = re.search(r"d FOUND SOLUTIONS\s+([\d,]+)", out)
    solutions = int(found.group(1).replace(",", "")) if found else None
    complete = "d COMPLETE EXPLORATION" in out or "s UNSATISFIABLE" in out
    if optimize:
        bounds = re.findall(r"^o\s+(-?\d+)", out, re.M)
        best = int(bounds[-1]) if bounds else None
        if "s OPTIMUM FOUND" in out:
            return {"answer": "optimum", "solutions": best, "complete": True, "seconds": seconds}
        if "s UNSATISFIABLE" in out:
            return {"answer": "unsatisfiable", "solutions": None, "complete": True, "seconds": seconds}
        return {"answer": "timeout", "solutions": best, "complete": False, "seconds": seconds}
    if "s UNSATISFIABLE" in out:
        answer = "unsatisfiable"
    elif solutions:
        answer = "satisfiable"
    else:
        answer = "unknown"
    return {"answer": answer, "solutions": solutions, "complete": complete, "seconds": seconds}


def run_ours(sudoku, path, timeout, config, count):
    start = time.monotonic()
    job = ["count", "--all"] if count else ["solve"]
    preset = ["--config", config] if config else []
    cmd = [sudoku, "csp", *job, "--format", "json", "-j", "1",
           *preset, "--max-placements", "0", "--timeout", str(timeout * 1000), path]
    out = subprocess.run(cmd, capture_output=True, text=True).stdout
    seconds = time.monotonic() - start
    record = json.loads(out.splitlines()[0]) if out else {"status": "invalid", "error": "no output"}
    answer = record["status"]
    if answer == "stopped" or (record.get("optimal") is False and answer == "satisfiable"):
        answer = "timeout"
    found = record.get("best") if record.get("objective") else record.get("solutions")
    return {"answer": answer, "solutions": found,
            "complete": bool(record.get("exact")), "seconds": seconds, "error": record.get("error"),
            "free": int(record.get("unconstrained_assignments") or 1)}


def write_ace_csv(rows, out, optimize=False):
    """ACE's answer and (complete) count per instance, paths as given;
    optimizing, its optimum."""
    with open(out, "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["path", "answer", "optimum" if optimize else "count"])
        for r in sorted(rows, key=lambda r: r["path"]):
            complete = str(r["ace_complete"]) == "True"
            w.writerow([r["path"], r["ace"], r["ace_solutions"] if complete else ""])


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="*")
    parser.add_argument("--timeout", type=int, default=60, help="seconds per instance and solver")
    parser.add_argument("--sudoku", default="target/release/sudoku")
    parser.add_argument("--ace", default=find_ace())
    parser.add_argument("--config", default="adaptive",
                        help="our preset; an empty one names none (a model of wide variables then takes scheduling)")
    parser.add_argument("--csv")
    parser.add_argument("--mode", choices=["solve", "count", "optimize"], default="solve")
    parser.add_argument("--ace-csv")
    parser.add_argument("--ace-csv-from")
    args = parser.parse_args()
    if args.ace_csv_from:
        with open(args.ace_csv_from) as f:
            write_ace_csv(list(csv.DictReader(f)), args.ace_csv, args.mode == "optimize")
        return
    if not args.ace:
        sys.exit("ACE not found: pip install pycsp3, or give --ace")
    rows, differ = [], 0
    for path in args.files:
        count, optimize = args.mode == "count", args.mode == "optimize"
        ours = run_ours(args.sudoku, path, args.timeout, args.config, count)
        ace = run_ace(args.ace, path, args.timeout, count, optimize)
        verdict = "ok"
        answers = {ours["answer"], ace["answer"]}
        if answers in ({"satisfiable", "unsatisfiable"}, {"optimum", "unsatisfiable"}):
            verdict = "ANSWER DIFFERS"
        elif answers == {"optimum"} and ours["solutions"] != ace["solutions"]:
            verdict = "OPTIMUM DIFFERS"
        elif count and ours["complete"] and ace["complete"] and ours["solutions"] != ace["solutions"] * ours["free"]:
            # ACE leaves out the variables no constraint mentions.
            verdict = "COUNT DIFFERS"
        elif ours["answer"] == "invalid":
            verdict = "not read"
        differ += verdict in ("ANSWER DIFFERS", "COUNT DIFFERS", "OPTIMUM DIFFERS")
        row = {
            "instance": os.path.basename(path), "path": path,
            "ours": ours["answer"], "ours_solutions": ours["solutions"], "ours_complete": ours["complete"],
            "ours_s": round(ours["seconds"], 3),
            "ace": ace["answer"], "ace_solutions": ace["solutions"], "ace_complete": ace["complete"],
            "ace_s": round(ace["seconds"], 3), "verdict": verdict, "error": ours.get("error") or "",
        }
        rows.append(row)
        print(f"{row['instance']}: ours {row['ours']} {row['ours_solutions']} ({row['ours_s']} s), "
              f"ACE {row['ace']} {row['ace_solutions']} ({row['ace_s']} s): {verdict}"
              + (f" [{row['error']}]" if row["error"] else ""), flush=True)
    if args.ace_csv:
        write_ace_csv(rows, args.ace_csv, args.mode == "optimize")
    if args.csv:
        with open(args.csv, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=list(rows[0]))
            w.writeheader()
            w.writerows(rows)
    agree = sum(r["verdict"] == "ok" for r in rows)
    print(f"{len(rows)} instances: {agree} agree, {differ} differ, "
          f"{sum(r['verdict'] == 'not read' for r in rows)} not read")
    answered = lambda who: [r[f"{who}_s"] for r in rows if r[who] in ("satisfiable", "unsatisfiable", "optimum")]
    for who in ("ours", "ace"):
        times = sorted(answered(who))
        median = times[len(times) // 2] if times else None
        print(f"{who}: {len(times)} answered within {args.timeout} s, median {median} s")
    slowest = sorted(rows, key=lambda r: -r["ours_s"])[:10]
    print("slowest ten (ours): " + ", ".join(f"{r['instance']} {r['ours_s']} s (ACE {r['ace_s']} s)" for r in slowest))
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
