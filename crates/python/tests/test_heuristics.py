"""Heuristics written in Python search exactly as the built-in letters
they copy: the same counters, choice for choice."""

import pytest

import sudoku_csp as sc
from conftest import HARDEST11, INKALA, TOP95, lines

COUNTERS = ["status", "solution", "placements", "backtracks", "iterations",
            "backtrack_iterations", "failures", "guesses", "max_depth"]


def fewest_candidates(view, cell):
    """`E`: the fewest candidates."""
    return view.size(cell)


def neighbourhood(view, cell):
    """`K`: own candidates plus those of the empty related cells."""
    return view.size(cell) + sum(view.size(n) for n in view.empty_related(cell))


def highest_digit(view, cell, digit):
    """`1`: the highest digit first."""
    return -digit


def same_counters(puzzles, python, builtin, **strategy):
    a = sc.solve_many(puzzles, cells=python, level_needed=False, jobs=1, **strategy)
    b = sc.solve_many(puzzles, cells=builtin, level_needed=False, jobs=1, **strategy)
    assert len(a) == len(puzzles) if isinstance(puzzles, list) else len(a) > 0
    assert a[COUNTERS].equals(b[COUNTERS]), (a[COUNTERS] != b[COUNTERS]).sum()
    return a


@pytest.mark.parametrize("level", ["none", "fc", "singles"])
@pytest.mark.parametrize("python,letter", [(fewest_candidates, "E"), (neighbourhood, "K")])
def test_python_e_and_k_count_as_the_letters_on_hardest11(python, letter, level):
    a = same_counters(str(HARDEST11), [python], letter, values="0", propagation=level)
    assert len(a) == 11


@pytest.mark.parametrize("python,letter", [(fewest_candidates, "E"), (neighbourhood, "K")])
def test_python_e_and_k_count_as_the_letters_on_top95_at_singles(python, letter):
    a = same_counters(str(TOP95), [python], letter, values="0", propagation="singles")
    # The published figures of E/0/singles (heuristics spec): 6,127
    # placements on top95.
    if letter == "E":
        assert a.placements.sum() == 6127


@pytest.mark.parametrize("level", ["none", "fc"])
@pytest.mark.parametrize("python,letter", [(fewest_candidates, "E"), (neighbourhood, "K")])
def test_python_e_and_k_on_top95_at_none_and_fc(python, letter, level, top95):
    # top95 whole at `none` takes 1.7M (E) and 19M (K) choices: minutes to
    # hours through Python. The puzzles below take under 20,000 each (all
    # 95 are checked by `pytest -m slow`).
    small = top95[:8]
    same_counters(small, [python], letter, values="0", propagation=level, max_placements=20000)


@pytest.mark.slow
@pytest.mark.parametrize("level", ["none", "fc"])
@pytest.mark.parametrize("python,letter", [(fewest_candidates, "E"), (neighbourhood, "K")])
def test_python_e_and_k_on_all_of_top95(python, letter, level):
    same_counters(str(TOP95), [python], letter, values="0", propagation=level)


def test_a_python_value_heuristic_orders_as_the_letter():
    a = sc.solve_many(str(HARDEST11), cells="EA", values=[highest_digit], propagation="fc", jobs=1, level_needed=False)
    b = sc.solve_many(str(HARDEST11), cells="EA", values="1", propagation="fc", jobs=1, level_needed=False)
    assert a[COUNTERS].equals(b[COUNTERS])
    assert set(a["values"]) == {"highest_digit"}


def test_chains_mix_functions_and_symbols():
    def constant(view, cell):
        return 0

    # A constant score leaves every choice to the next links: E, then A.
    a = sc.solve(INKALA, cells=[constant, "E", "A"], level_needed=False)
    b = sc.solve(INKALA, cells="EA", level_needed=False)
    assert a.stats == {**b.stats, "elapsed_us": a.stats["elapsed_us"]}
    assert a.strategy["cells"] == "constant,E,A"
    # A lambda is labelled by its name too.
    r = sc.solve(INKALA, cells=[lambda v, c: v.size(c)], level_needed=False)
    assert r.strategy["cells"] == "<lambda>"


def test_ints_and_floats_compare_as_numbers():
    def mixed(view, cell):
        size = view.size(cell)
        return size - 0.5 if cell % 2 else size

    def doubled(view, cell):
        size = view.size(cell)
        return 2 * size - 1 if cell % 2 else 2 * size

    a = sc.solve(INKALA, cells=[mixed, "A"], level_needed=False)
    b = sc.solve(INKALA, cells=[doubled, "A"], level_needed=False)
    assert a.stats["placements"] == b.stats["placements"]


class Oops(Exception):
    pass


def test_an_exception_in_a_heuristic_is_raised_in_python():
    calls = []

    def failing(view, cell):
        calls.append(cell)
        if len(calls) == 100:
            raise Oops("at the 100th call")
        return view.size(cell)

    with pytest.raises(Oops, match="100th"):
        sc.solve(INKALA, cells=[failing])
    # The search stopped there: no call after the exception.
    assert len(calls) == 100
    calls.clear()
    with pytest.raises(Oops):
        sc.solve_many(lines(TOP95)[:20], cells=[failing], jobs=2)
    with pytest.raises(Oops):
        sc.count(INKALA, values=[lambda v, c, d: 1 / 0 if d == 5 else d] and [
            lambda v, c, d: (_ for _ in ()).throw(Oops("value"))
        ])


def test_a_score_that_is_no_number_is_a_type_error():
    with pytest.raises(TypeError, match="returned None"):
        sc.solve(INKALA, cells=[lambda v, c: None])
    with pytest.raises(TypeError, match="returned str"):
        sc.solve(INKALA, cells=[lambda v, c: "x"])
    with pytest.raises(ValueError, match="NaN"):
        sc.solve(INKALA, cells=[lambda v, c: float("nan")])


def test_the_view():
    seen = {}

    def look(view, cell):
        if not seen:
            seen.update(
                side=view.side,
                num_cells=view.num_cells,
                depth=view.depth,
                empty=len(view.empty_cells()),
                filled=len(view.filled_cells()),
                r1c1=view.value(0),
                r1c2=view.candidates(1),
                related=len(view.related(0)),
                count8=view.digit_count(8),
                rc=(view.row(40), view.column(40)),
                filled0=view.is_filled(0),
                repr=repr(view),
            )
        return view.size(cell)

    sc.solve(INKALA, cells=[look], propagation="none", level_needed=False)
    assert seen == {
        "side": 9,
        "num_cells": 81,
        "depth": 0,
        "empty": 60,
        "filled": 21,
        "r1c1": 8,
        "r1c2": [1, 2, 4, 6],
        "related": 20,
        "count8": 3,
        "rc": (4, 4),
        "filled0": True,
        "repr": "View(9x9, 60 empty cells, depth 0)",
    }
    errors = []

    def out_of_range(view, cell):
        try:
            view.size(81)
        except IndexError as e:
            errors.append(str(e))
        raise Oops()

    with pytest.raises(Oops):
        sc.solve(INKALA, cells=[out_of_range])
    assert errors == ["cell 81 is outside the grid (cells 0 to 80)"]


def test_a_python_chain_names_the_strategy_so_no_portfolio_answers():
    # With nothing named, count answers with the portfolio (as the
    # command); a chain of Python functions names the strategy.
    assert sc.count(INKALA).strategy["portfolio"] == "portfolio"
    mine = sc.count(INKALA, cells=[fewest_candidates])
    assert "portfolio" not in mine.strategy
    assert mine.strategy["cells"] == "fewest_candidates"
    letter = sc.count(INKALA, cells="E")
    assert mine.stats["placements"] == letter.stats["placements"]


@sc.batch
def fewest_batch(view, cells):
    """`E` for many cells in one call."""
    sizes = view.sizes()
    return [sizes[c] for c in cells]


@sc.batch
def neighbourhood_batch(view, cells):
    """`K` for many cells in one call."""
    sizes = view.sizes()
    return [sizes[c] + sum(sizes[n] for n in view.empty_related(c)) for c in cells]


@pytest.mark.parametrize("level", ["fc", "singles"])
@pytest.mark.parametrize(
    "python,letter",
    [
        ([fewest_batch], "E"),
        ([neighbourhood_batch], "K"),
        # Later in a chain: called with the cells still tied.
        (["E", neighbourhood_batch], "EK"),
        ([fewest_batch, "H"], "EH"),
    ],
)
def test_batch_heuristics_count_as_the_letters(python, letter, level):
    a = same_counters(str(HARDEST11), python, letter, values="0", propagation=level)
    assert len(a) == 11
    assert a.cells[0] == ",".join(p if isinstance(p, str) else p.__name__ for p in python)


def test_batch_heuristics_on_top95_at_fc():
    a = same_counters(str(TOP95), [fewest_batch], "E", values="0", propagation="fc")
    assert len(a) == 95


def test_a_batch_heuristic_that_answers_wrong_is_an_error():
    @sc.batch
    def short(view, cells):
        return [0]

    with pytest.raises(ValueError, match=r"batch heuristic short returned 1 scores for \d+ cells"):
        sc.solve(INKALA, cells=[short])

    @sc.batch
    def scalar(view, cells):
        return 3

    with pytest.raises(TypeError, match="batch heuristic scalar returned int: a sequence of scores"):
        sc.solve(INKALA, cells=[scalar])

    @sc.batch
    def nan(view, cells):
        return [float("nan")] * len(cells)

    with pytest.raises(ValueError, match="heuristic nan returned NaN"):
        sc.solve(INKALA, cells=[nan])
    with pytest.raises(sc.InvalidStrategy, match="is a batch heuristic"):
        sc.solve(INKALA, values=[fewest_batch])
    assert repr(fewest_batch).startswith("batch(<function fewest_batch")


def test_a_batch_heuristic_pickles_by_name_as_a_function_does():
    import pickle

    assert pickle.loads(pickle.dumps(fewest_batch)) is fewest_batch
