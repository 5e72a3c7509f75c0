"""Shared paths and helpers of the package's tests."""

import os
import subprocess
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
PUZZLES = ROOT / "puzzles"
TOP95 = PUZZLES / "top95.txt"
HARDEST11 = PUZZLES / "hardest11.txt"
INKALA = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."


def sudoku_bin() -> Path:
    """The `sudoku` binary that `cargo test` (or `cargo build`) made, or
    the one $SUDOKU_BIN names."""
    given = os.environ.get("SUDOKU_BIN")
    if given:
        return Path(given)
    for profile in ("debug", "release"):
        path = ROOT / "target" / profile / "sudoku"
        if path.is_file():
            return path
    raise FileNotFoundError(
        "no sudoku binary: run `cargo build` first or set SUDOKU_BIN"
    )


def cli_json(*args: str) -> list:
    """The records `sudoku ... --format json` prints, one per line."""
    out = subprocess.run(
        [str(sudoku_bin()), *args, "--format", "json"],
        check=False,
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    return [json.loads(line) for line in out.stdout.splitlines() if line.strip()]


def cli_error(*args: str) -> str:
    """What `sudoku` prints on stderr for `args`."""
    out = subprocess.run(
        [str(sudoku_bin()), *args], capture_output=True, text=True, cwd=ROOT
    )
    return out.stderr


def lines(path: Path) -> list:
    return [l.split()[0] for l in path.read_text().splitlines() if l.strip()]


@pytest.fixture
def top95():
    return lines(TOP95)
