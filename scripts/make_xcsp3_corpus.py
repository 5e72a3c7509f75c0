#!/usr/bin/env python3
"""Make the XCSP3 corpus of `instances/xcsp3/`: satisfaction instances
compiled with pycsp3 (PyPI) from the models of the public PyCSP3-models
repository (https://github.com/xcsp3team/PyCSP3-models, MIT), each
family at several sizes.

    git clone https://github.com/xcsp3team/PyCSP3-models /tmp/PyCSP3-models
    pip install pycsp3
    python3 scripts/make_xcsp3_corpus.py /tmp/PyCSP3-models instances/xcsp3
    python3 scripts/make_xcsp3_corpus.py --cop /tmp/PyCSP3-models instances/xcsp3-cop

The tables below are the one list of families (`FAMILIES` for the
satisfaction corpus, `COP_FAMILIES` for the optimization one): each
corpus README is written from its table. Instances are small enough to commit (a few kB each);
CI needs no network for them.
"""

import os
import shutil
import subprocess
import sys
import tempfile

# family: (model path in PyCSP3-models, variant or None, [data values])
FAMILIES = {
    "AllInterval": ("academic/AllInterval/AllInterval.py", None, ["5", "6", "7", "8", "9", "10", "12"]),
    "BIBD": ("academic/BIBD/BIBD.py", None,
             ["[7,7,3,3,1]", "[6,10,5,3,2]", "[7,14,6,3,2]", "[9,12,4,3,1]", "[8,14,7,4,3]", "[6,20,10,3,4]"]),
    "ColouredQueens": ("academic/ColouredQueens/ColouredQueens.py", None, ["4", "5", "6", "7"]),
    "CostasArray": ("academic/CostasArray/CostasArray.py", None, ["5", "6", "7", "8", "9", "10"]),
    "CryptoPuzzle": ("academic/CryptoPuzzle/CryptoPuzzle.py", None,
                     ["[SEND,MORE,MONEY]", "[CROSS,ROADS,DANGER]", "[DONALD,GERALD,ROBERT]", "[NO,NO,TOO]",
                      "[BASE,BALL,GAMES]"]),
    "DiamondFree": ("academic/DiamondFree/DiamondFree.py", None, ["4", "5", "6", "7", "8"]),
    "Dubois": ("academic/Dubois/Dubois.py", None, ["5", "8", "10", "12", "15", "18"]),
    "Hadamard": ("academic/Hadamard/Hadamard.py", None, ["3", "5", "7", "9", "11", "13"]),
    "KnightTour": ("academic/KnightTour/KnightTour.py", None, ["4", "5", "6"]),
    "Langford": ("academic/Langford/Langford.py", None, ["[2,3]", "[2,4]", "[2,5]", "[2,7]", "[2,8]", "[3,9]"]),
    "LangfordBin": ("academic/LangfordBin/LangfordBin.py", None, ["3", "4", "5", "7", "8"]),
    "MagicSequence": ("academic/MagicSequence/MagicSequence.py", None, ["4", "5", "6", "7", "8", "10", "12"]),
    "NumberPartitioning": ("academic/NumberPartitioning/NumberPartitioning.py", None, ["8", "10", "12", "14", "16"]),
    "Ortholatin": ("academic/Ortholatin/Ortholatin.py", None, ["3", "4", "5"]),
    "Pigeons": ("academic/Pigeons/Pigeons.py", None, ["4", "5", "6", "7", "8", "9"]),
    "PythagoreanTriples": ("academic/PythagoreanTriples/PythagoreanTriples.py", None, ["10", "15", "20", "25", "30"]),
    "QuasiGroup": ("academic/QuasiGroup/QuasiGroup.py", "base-v3", ["3", "4", "5", "6", "7"]),
    "Queens": ("academic/Queens/Queens.py", None, ["4", "6", "8", "10", "12"]),
    "Queens-v1": ("academic/Queens/Queens.py", "v1", ["4", "6", "8", "10"]),
    "Queens-v2": ("academic/Queens/Queens.py", "v2", ["4", "6", "8", "10"]),
    "SchurrLemma": ("academic/SchurrLemma/SchurrLemma.py", None, ["[6,3]", "[8,3]", "[10,3]", "[12,3]", "[14,3]"]),
    "SocialGolfers": ("academic/SocialGolfers/SocialGolfers.py", None,
                      ["[3,2,2]", "[2,2,3]", "[3,3,2]", "[2,3,3]", "[4,2,2]"]),
    "SportsScheduling": ("academic/SportsScheduling/SportsScheduling.py", None, ["4", "6", "8", "10"]),
    "Steiner3": ("academic/Steiner3/Steiner3.py", None, ["7"]),
    "Talisman": ("academic/Talisman/Talisman.py", None, ["[3,2]", "[4,2]", "[4,3]", "[5,2]"]),
    "ChainReaction": ("academic/ChainReaction/ChainReaction.py", None, ["[3,3]", "[4,4]", "[5,5]"]),
    "CoveringArray": ("academic/CoveringArray/CoveringArray.py", None, ["[3,5,2,6]", "[2,4,2,5]", "[3,4,2,8]"]),
    "EFPA": ("academic/EFPA/EFPA.py", None, ["[3,3,3,5]", "[2,3,3,4]", "[2,2,3,3]"]),
    "GracefulGraph": ("academic/GracefulGraph/GracefulGraph.py", None, ["[2,3]", "[2,4]", "[3,3]", "[2,5]"]),
    "Hamming": ("academic/Hamming/Hamming.py", None, ["[5,3,2,3]", "[4,4,2,2]", "[6,4,2,3]"]),
    "Heterosquare": ("academic/Heterosquare/Heterosquare.py", None, ["2", "3", "4"]),
    "LotteryDesign": ("academic/LotteryDesign/LotteryDesign.py", None, ["[5,5,3,2,1]", "[6,4,3,2,1]", "[7,7,3,2,1]"]),
    "MagicHexagon": ("academic/MagicHexagon/MagicHexagon.py", None, ["[3,1]", "[3,0]", "[3,2]"]),
    "NonTransitiveDice": ("academic/NonTransitiveDice/NonTransitiveDice.py", None, ["[3,3,3]", "[3,4,4]", "[3,3,4]"]),
    "PoolBallTriangle": ("academic/PoolBallTriangle/PoolBallTriangle.py", None, ["3", "4", "5"]),
    "QueensKnights": ("academic/QueensKnights/QueensKnights.py", None, ["[8,5]", "[6,3]", "[10,5]", "[5,2]"]),
    "RamseyPartition": ("academic/RamseyPartition/RamseyPartition.py", None, ["[3,3]", "[3,4]", "[4,3]"]),
    "SearchStress": ("academic/SearchStress/SearchStress.py", None, ["[3,3]", "[4,4]", "[5,5]"]),
    "SlowConvergence": ("academic/SlowConvergence/SlowConvergence.py", None, ["5", "7", "9", "11"]),
    "Superpermutation": ("academic/Superpermutation/Superpermutation.py", None, ["3", "4"]),
    "Whirlpool": ("academic/Whirlpool/Whirlpool.py", None, ["[2,2]", "[3,3]", "[2,3]"]),
}

# Optimization instances (one objective each), small enough that ACE
# proves every optimum within seconds.
COP_FAMILIES = {
    "GolombRuler": ("academic/GolombRuler/GolombRuler.py", None, ["4", "5", "6", "7"]),
    "PeacableQueens": ("academic/PeacableQueens/PeacableQueens.py", None, ["4", "5", "6"]),
    "StillLife": ("academic/StillLife/StillLife.py", None, ["[4,4]", "[5,5]", "[6,6]"]),
    "Ramsey": ("academic/Ramsey/Ramsey.py", None, ["4", "5", "6"]),
    "GridColoring": ("academic/GridColoring/GridColoring.py", None, ["[3,4]", "[4,4]", "[4,5]"]),
    "MQueens": ("academic/MQueens/MQueens.py", None, ["4", "5", "6", "7"]),
    "BoardColoration": ("academic/BoardColoration/BoardColoration.py", None, ["[3,3]", "[4,3]", "[4,4]"]),
    "LowAutocorrelation": ("academic/LowAutocorrelation/LowAutocorrelation.py", None, ["6", "8", "10"]),
    "QueenAttacking": ("academic/QueenAttacking/QueenAttacking.py", None, ["4", "5", "6"]),
    "Triangular": ("academic/Triangular/Triangular.py", None, ["5", "6", "7"]),
    "Coprime": ("academic/Coprime/Coprime.py", None, ["5", "6", "7"]),
}


def main():
    cop = "--cop" in sys.argv[1:]
    args = [a for a in sys.argv[1:] if a != "--cop"]
    if len(args) != 2:
        sys.exit(__doc__)
    models, out = args
    families = COP_FAMILIES if cop else FAMILIES
    python = sys.executable
    made = {}
    for family, (path, variant, data) in families.items():
        target = os.path.join(out, family)
        os.makedirs(target, exist_ok=True)
        made[family] = []
        for d in data:
            with tempfile.TemporaryDirectory() as work:
                model = os.path.join(work, os.path.basename(path))
                shutil.copy(os.path.join(models, path), model)
                cmd = [python, os.path.basename(path), f"-data={d}"]
                if variant:
                    cmd.append(f"-variant={variant}")
                subprocess.run(cmd, cwd=work, capture_output=True, timeout=300)
                xmls = [f for f in os.listdir(work) if f.endswith(".xml")]
                if len(xmls) != 1:
                    print(f"{family} {d}: no instance made", file=sys.stderr)
                    continue
                shutil.move(os.path.join(work, xmls[0]), os.path.join(target, xmls[0]))
                made[family].append(xmls[0])
                print(f"{family}/{xmls[0]}")
    with open(os.path.join(out, "README.md"), "w") as f:
        total = sum(len(v) for v in made.values())
        if cop:
            write_cop_readme(f, made, total)
            return
        f.write("# XCSP3 corpus\n\n")
        f.write(f"{total} satisfaction instances of {len(made)} families (39 problems; Queens in three models), made by\n"
                "`scripts/make_xcsp3_corpus.py` with pycsp3 (PyPI) from the models of\n"
                "[PyCSP3-models](https://github.com/xcsp3team/PyCSP3-models) (MIT).\n"
                "`scripts/xcsp3_vs_ace.py` runs them beside ACE.\n\n")
        f.write("| family | model | variant | instances |\n|---|---|---|---:|\n")
        for family, (path, variant, _) in FAMILIES.items():
            f.write(f"| {family} | `{path}` | {variant or ''} | {len(made[family])} |\n")
        f.write("\n`ace.csv`: ACE 2.6's answers and counts, which the tests compare with\n"
                "(`scripts/xcsp3_vs_ace.py --ace-csv`; see docs/guide/xcsp3.md).\n")


def write_cop_readme(f, made, total):
    f.write("# XCSP3 optimization corpus\n\n")
    f.write(f"{total} optimization instances of {len(made)} families, made by\n"
            "`scripts/make_xcsp3_corpus.py --cop` with pycsp3 (PyPI) from the models of\n"
            "[PyCSP3-models](https://github.com/xcsp3team/PyCSP3-models) (MIT).\n\n")
    f.write("| family | model | variant | instances |\n|---|---|---|---:|\n")
    for family, (path, variant, _) in COP_FAMILIES.items():
        f.write(f"| {family} | `{path}` | {variant or ''} | {len(made[family])} |\n")
    f.write("\n`ace.csv`: ACE 2.6's optimum of each instance (`path,answer,optimum`),\n"
            "which the tests compare with (`scripts/xcsp3_vs_ace.py --mode optimize\n"
            "--ace-csv`; see docs/guide/xcsp3.md).\n")


if __name__ == "__main__":
    main()
