#!/usr/bin/env python3
"""Make the corpus of `instances/xcsp3-wide/`: scheduling and packing
instances whose variables have more than 4,096 values (csp-core's wide
variables), compiled with pycsp3 (PyPI) from models of the public
PyCSP3-models repository (https://github.com/xcsp3team/PyCSP3-models,
MIT), on data this script generates from a fixed seed (durations and
sizes in the hundreds or thousands, so that start times and coordinates
span more than 4,096 values).

    git clone https://github.com/xcsp3team/PyCSP3-models /tmp/PyCSP3-models
    pip install pycsp3
    python3 scripts/make_xcsp3_wide_corpus.py /tmp/PyCSP3-models instances/xcsp3-wide

`FAMILIES` is the one list of families: the corpus README is written from
it. The same seed and sizes give the same files.
"""

import json
import os
import random
import shutil
import subprocess
import sys
import tempfile


def flow_shop(rng, n, m):
    """n jobs through m machines in the same order."""
    return {"durations": [[rng.randint(300, 1499) for _ in range(m)] for _ in range(n)]}


def job_shop(rng, n, m):
    """n jobs, each visiting the m machines in its own order."""
    jobs = []
    for _ in range(n):
        order = list(range(m))
        rng.shuffle(order)
        jobs.append({
            "durations": [rng.randint(300, 1499) for _ in range(m)],
            "resources": order,
            "releaseDate": 0,
            "dueDate": -1,
        })
    return {"jobs": jobs}


def open_shop(rng, n, m):
    """n jobs of m tasks, one per machine, in any order."""
    return {"nMachines": m, "durations": [[rng.randint(300, 1499) for _ in range(m)] for _ in range(n)]}


def scheduling_os(rng, n, m):
    """n jobs of m operations, the jth of job i running on any machine
    left to it for its own duration (the XCSP 2025 competition's model)."""
    return {"durations": [[rng.randint(300, 1499) for _ in range(m)] for _ in range(n)]}


def flexible_job_shop(rng, n, k, m):
    """n jobs of k tasks in order, each task run by one of its options (one
    or two machines, each with its own duration)."""
    tasks, options, machines, durations = [], [], [], []
    for j in range(n):
        tasks.append(list(range(j * k, (j + 1) * k)))
        for _ in range(k):
            own = rng.sample(range(m), rng.choice([1, 2, 2]))
            options.append(list(range(len(machines), len(machines) + len(own))))
            machines += own
            durations += [rng.randint(300, 1499) for _ in own]
    return {"nMachines": m, "tasks": tasks, "optionalTasks": options, "machines": machines,
            "durations": durations}


def mrcpsp(rng, n, renewable):
    """n tasks of two or three modes each (a duration and requirements per
    mode), random precedences, `renewable` renewable resources of capacity
    4 to 8 and one non-renewable resource that the cheapest modes fit."""
    modes, durations = [], []
    for _ in range(n):
        count = rng.choice([2, 3])
        modes.append(list(range(len(durations), len(durations) + count)))
        durations += [rng.randint(300, 1499) for _ in range(count)]
    capacities = [rng.randint(4, 8) for _ in range(renewable)]
    requirements = [[rng.randint(0, c // 2 + 1) for _ in durations] for c in capacities]
    spent = [rng.randint(1, 5) for _ in durations]
    cheapest = sum(min(spent[m] for m in task) for task in modes)
    requirements.append(spent)
    capacities.append(cheapest + n)
    successors = [[j for j in range(i + 1, n) if rng.random() < 0.25] for i in range(n)]
    return {"resources": {"capacities": capacities, "types": [1] * renewable + [2]},
            "mode_durations": durations,
            "tasks": {"modes": modes, "successors": successors, "requirements": requirements}}


def rcpsp(rng, n, resources):
    """n real jobs between a source and a sink, random precedences, renewable
    resources of capacity 4 to 8."""
    capacities = [rng.randint(4, 8) for _ in range(resources)]
    jobs = [{"duration": 0, "successors": [], "requiredQuantities": [0] * resources}]
    for i in range(1, n + 1):
        jobs.append({
            "duration": rng.randint(300, 1499),
            "successors": [],
            "requiredQuantities": [rng.randint(0, c // 2 + 1) for c in capacities],
        })
    jobs.append({"duration": 0, "successors": [], "requiredQuantities": [0] * resources})
    sink = n + 1
    for i in range(1, n + 1):
        later = [j for j in range(i + 1, n + 1) if rng.random() < 0.25]
        jobs[i]["successors"] = later or [sink]
    reached = {j for job in jobs for j in job["successors"]}
    jobs[0]["successors"] = [i for i in range(1, n + 1) if i not in reached] or [1]
    horizon = sum(job["duration"] for job in jobs) + 1
    return {"jobs": jobs, "horizon": horizon, "renewable": capacities, "unrenewable": []}


def rect_packing(rng, cuts, side):
    """A square of `side` cut into `cuts + 1` rectangles (guillotine cuts):
    a perfect packing exists."""
    boxes = [(side, side)]
    for _ in range(cuts):
        k = max(range(len(boxes)), key=lambda i: boxes[i][0] * boxes[i][1])
        w, h = boxes.pop(k)
        if w >= h:
            a = rng.randint(w // 4, 3 * w // 4)
            boxes += [(a, h), (w - a, h)]
        else:
            a = rng.randint(h // 4, 3 * h // 4)
            boxes += [(w, a), (w, h - a)]
    boxes.sort(reverse=True)
    return {"container": {"width": side, "height": side},
            "boxes": [{"width": w, "height": h} for (w, h) in boxes]}


# family: (model path in PyCSP3-models, data maker, [(instance name, arguments)])
FAMILIES = {
    "FlowShop": ("realistic/SchedulingFS/SchedulingFS.py", flow_shop,
                 [("3-3", (3, 3)), ("3-4", (3, 4)), ("4-3", (4, 3)), ("4-4", (4, 4)), ("5-3", (5, 3)),
                  ("5-4", (5, 4)), ("6-3", (6, 3)), ("6-4", (6, 4)), ("7-3", (7, 3)), ("8-2", (8, 2))]),
    "JobShop": ("realistic/SchedulingJS/SchedulingJS.py", job_shop,
                [("3-3", (3, 3)), ("3-4", (3, 4)), ("4-3", (4, 3)), ("4-4", (4, 4)), ("5-3", (5, 3)),
                 ("5-4", (5, 4)), ("6-3", (6, 3)), ("4-5", (4, 5)), ("5-5", (5, 5)), ("6-4", (6, 4))]),
    "OpenShop": ("realistic/OpenShop/OpenShop.py", open_shop,
                 [("3-3", (3, 3)), ("3-4", (3, 4)), ("4-3", (4, 3)), ("4-4", (4, 4)), ("5-3", (5, 3)),
                  ("5-4", (5, 4))]),
    "SchedulingOS": ("realistic/SchedulingOS/SchedulingOS.py", scheduling_os,
                     [("2-3", (2, 3)), ("3-2", (3, 2)), ("3-3", (3, 3)), ("3-4", (3, 4)), ("4-3", (4, 3)),
                      ("4-4", (4, 4))]),
    "FlexibleJobshop": ("realistic/FlexibleJobshop/FlexibleJobshop.py", flexible_job_shop,
                        [("2-2-2", (2, 2, 2)), ("3-2-3", (3, 2, 3)), ("3-3-3", (3, 3, 3)),
                         ("4-3-3", (4, 3, 3)), ("4-3-4", (4, 3, 4)), ("5-3-4", (5, 3, 4))]),
    "MRCPSP": ("realistic/MRCPSP/MRCPSP.py", mrcpsp,
               [("5-1", (5, 1)), ("6-2", (6, 2)), ("8-2", (8, 2)), ("10-2", (10, 2)), ("12-2", (12, 2)),
                ("14-3", (14, 3))]),
    "RCPSP": ("realistic/RCPSP/RCPSP.py", rcpsp,
              [("6-1", (6, 1)), ("8-1", (8, 1)), ("8-2", (8, 2)), ("10-1", (10, 1)), ("10-2", (10, 2)),
               ("12-2", (12, 2)), ("14-2", (14, 2)), ("16-3", (16, 3))]),
    "RectPacking": ("realistic/RectPacking/RectPacking.py", rect_packing,
                    [("4-5000", (4, 5000)), ("5-5000", (5, 5000)), ("6-6000", (6, 6000)),
                     ("7-6000", (7, 6000)), ("8-7000", (8, 7000)), ("9-7000", (9, 7000))]),
}

SEED = 20261202


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    models, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    readme = [
        "# XCSP3 instances of wide variables",
        "",
        "Made by `scripts/make_xcsp3_wide_corpus.py` with pycsp3 from the models of",
        "[PyCSP3-models](https://github.com/xcsp3team/PyCSP3-models) (MIT), on data",
        f"generated from the seed {SEED}: start times and coordinates of more than",
        "4,096 values. `ace.csv` holds ACE's answers (`scripts/xcsp3_vs_ace.py`).",
        "",
        "| family | model | instances |",
        "|---|---|---:|",
    ]
    for family, (model, make, sizes) in FAMILIES.items():
        rng = random.Random(f"{SEED}-{family}")
        folder = os.path.join(out, family)
        os.makedirs(folder, exist_ok=True)
        for name, args in sizes:
            with tempfile.TemporaryDirectory() as tmp:
                data = os.path.join(tmp, "data.json")
                with open(data, "w") as f:
                    json.dump(make(rng, *args), f)
                target = f"{family}-{name}"
                subprocess.run([sys.executable, os.path.join(models, model), f"-data={data}",
                                f"-output={target}"], cwd=tmp, check=True, capture_output=True)
                shutil.copy(os.path.join(tmp, f"{target}.xml"), os.path.join(folder, f"{target}.xml"))
        readme.append(f"| {family} | `{model}` | {len(sizes)} |")
    with open(os.path.join(out, "README.md"), "w") as f:
        f.write("\n".join(readme) + "\n")


if __name__ == "__main__":
    main()
