"""What a new user met in Python (round 3): one test per item."""

import errno

import pytest

import sudoku_csp as sc

from conftest import INKALA


def test_a_missing_file_is_file_not_found():
    # Item 16: as Python's own open() says it.
    with pytest.raises(FileNotFoundError) as caught:
        sc.Puzzle.from_file("nope.txt")
    assert caught.value.errno == errno.ENOENT
    assert caught.value.filename == "nope.txt"
    assert str(caught.value) == "[Errno 2] No such file or directory: 'nope.txt'"
    with pytest.raises(FileNotFoundError) as caught:
        sc.solve_many("no/such/file.txt")
    assert caught.value.filename == "no/such/file.txt"
    # A file that is there but holds no puzzle is still a puzzle error.
    with pytest.raises(sc.InvalidPuzzle):
        sc.Puzzle.from_file(__file__)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: sc.solve(INKALA, propagation="fast"), "invalid propagation=: "),
        (lambda: sc.solve(INKALA, cells="E!"), "invalid cells=: "),
        (lambda: sc.solve(INKALA, values="?"), "invalid values=: "),
        (lambda: sc.solve(INKALA, restarts="often"), "invalid restarts=: "),
        (
            lambda: sc.solve(INKALA, config="portfolio", cells="E"),
            "the portfolio `portfolio` takes no cells=: name one of its members",
        ),
        (lambda: sc.generate(1, seed=1, clues="many"), "invalid clues= `many`"),
        (lambda: sc.generate(1, seed=1, size=7), "invalid size=7: "),
        (lambda: sc.generate(1, seed=1, level="hardest"), "invalid level= `hardest`"),
        (lambda: sc.Puzzle.parse(INKALA, box="3by3"), "invalid box= `3by3`"),
        (lambda: sc.compare(["hardest11"], cells=["C"], seeds="x"), "invalid seeds= `x`"),
    ],
)
def test_errors_name_the_keyword_argument(call, message):
    # Item 17: the argument the caller wrote, not the command's flag.
    with pytest.raises(sc.SudokuError) as caught:
        call()
    text = str(caught.value)
    assert text.startswith(message) or message in text, text
    assert "--" not in text.split(":")[0], text


def test_dir_lists_the_api_only():
    # Item 18: no typing names, nothing that __all__ does not list.
    public = [n for n in dir(sc) if not n.startswith("_")]
    assert sorted(public) == sorted(sc.__all__)
    for name in ["Any", "Union", "Optional", "Callable", "Iterable", "Iterator", "annotations"]:
        assert not hasattr(sc, name), name
