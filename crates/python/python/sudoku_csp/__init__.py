"""Sudoku as a constraint-satisfaction problem, from Python.

The engine of the ``sudoku`` command as a package: solve and count puzzles
with any strategy, compare heuristics over puzzle sets as DataFrames, and
write heuristics of your own as Python functions.

>>> import sudoku_csp as sc
>>> r = sc.solve("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..")
>>> r.status, r.stats["placements"]
('solved', 153)

Every record has the fields of ``sudoku solve --format json`` (one row of
``--format csv`` in the ``*_many`` frames). pandas is optional: without
it the calls that return frames return lists of dicts.
"""

from __future__ import annotations

import csv as _csv
import io as _io
import os as _os
import typing as _t

from . import _native
from ._native import (
    InvalidPuzzle,
    InvalidStrategy,
    Puzzle,
    SudokuError,
    View,
)

__version__ = _native.__version__

__all__ = [
    "Puzzle",
    "View",
    "SolveResult",
    "CountResult",
    "SudokuError",
    "InvalidPuzzle",
    "InvalidStrategy",
    "solve",
    "count",
    "csp_solve",
    "csp_count",
    "csp_compare",
    "solve_many",
    "count_many",
    "read_puzzles",
    "compare",
    "merge",
    "generate",
    "rate",
    "rate_many",
    "explain",
    "trace",
    "RateResult",
    "ExplainResult",
    "TEXT_COLUMNS",
    "batch",
]

#: The CSV columns that hold text (everything else is a number, a boolean
#: or empty): read as strings, so that a puzzle of digits stays a string.
TEXT_COLUMNS = frozenset(
    {
        "file",
        "puzzle",
        "status",
        "solution",
        "error",
        "search_space",
        "cells",
        "values",
        "propagation",
        "config",
        "restart_policy",
        "version",
        "level_needed",
        "uniqueness",
        "engine",
        "portfolio",
        "title",
        "author",
        "rules_text",
        "recorded_solution",
        "rules",
        "strategy",
        "seeds",
        "set",
        "set_hash",
        "grade",
        "subsets",
        "hardest",
        "se_hardest",
        "techniques",
        "size",
        "variant",
        "symmetry",
    }
)


class _Record:
    """A record: the JSON object of the command line, with its fields as
    attributes."""

    _fields: tuple = ()

    def __init__(self, record: dict):
        self._record = record

    def __getattr__(self, name: str) -> _t.Any:
        record = self.__dict__.get("_record", {})
        if name in record:
            return record[name]
        raise AttributeError(f"{type(self).__name__} has no field {name!r}")

    def __dir__(self):
        return sorted(set(super().__dir__()) | set(self._record))

    def to_dict(self) -> dict:
        """The record as ``--format json`` prints it (a copy)."""
        import copy

        return copy.deepcopy(self._record)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, type(self)) and other._record == self._record

    def __repr__(self) -> str:
        shown = ", ".join(
            f"{k}={self._record.get(k)!r}" for k in self._fields if k in self._record
        )
        return f"{type(self).__name__}({shown})"


class SolveResult(_Record):
    """What ``solve`` found: ``status`` (solved, unsolvable, stopped,
    multiple), ``solution``, ``stats`` (the counters), ``level_needed``,
    ``strategy``, ``unique``/``uniqueness`` (with ``unique=True``), ... as
    in ``sudoku solve --format json``."""

    _fields = ("status", "solution", "level_needed", "unique")

    def __repr__(self) -> str:
        base = super().__repr__()[:-1]
        stats = self._record.get("stats") or {}
        return f"{base}, placements={stats.get('placements')!r})"


class CountResult(_Record):
    """What ``count`` found: ``status`` (none, unique, multiple, stopped),
    ``solutions``, ``exact``, ``limit``, ``lower_bound``, ``solution``,
    ``stats``, ... as in ``sudoku count --format json``."""

    _fields = ("status", "solutions", "exact", "limit")


#: The keyword arguments that choose a strategy, as the flags do.
_STRATEGY = (
    "config",
    "cells",
    "values",
    "propagation",
    "seed",
    "max_placements",
    "timeout_ms",
    "restarts",
    "learning",
    "links",
    "engine",
)


def _strategy(args: dict) -> dict:
    """The strategy arguments given (not None) among `args`."""
    return {k: args[k] for k in _STRATEGY if args.get(k) is not None}


def _given(kwargs: dict) -> dict:
    """The keyword arguments given (not None), all passed on: an unknown
    one is the native call's TypeError."""
    return {k: v for k, v in kwargs.items() if v is not None}


def solve(
    puzzle: _t.Union[str, Puzzle],
    *,
    config: _t.Optional[str] = None,
    cells: _t.Any = None,
    values: _t.Any = None,
    propagation: _t.Optional[str] = None,
    seed: _t.Optional[int] = None,
    max_placements: _t.Optional[int] = None,
    timeout_ms: _t.Optional[int] = None,
    restarts: _t.Optional[str] = None,
    learning: _t.Optional[bool] = None,
    links: _t.Optional[bool] = None,
    engine: _t.Optional[str] = None,
    unique: bool = False,
    level_needed: bool = True,
) -> SolveResult:
    """Solves one puzzle (a ``Puzzle`` or its text).

    The strategy is the preset ``config`` (a built-in name such as
    ``"norvig"``, or a TOML file) with what the other arguments override,
    as the command line's flags do. ``cells`` and ``values`` are chains:
    a string of symbols (``"EA"``, ``"50"``), or a list mixing symbols and
    functions ``score(view, cell)`` / ``score(view, cell, digit)`` (the
    smallest score first; see ``View``). ``unique=True`` also checks that
    the solution is the only one; ``level_needed=False`` skips the rating.
    ``engine="bitboard"`` (or ``config="fastest"``) solves with the
    bitboard solver (grids of houses only, many times faster; it takes no
    other strategy argument, has no level needed, and its records have
    ``None`` for the engine's other counters), as ``--engine bitboard``.

    Raises ``InvalidPuzzle`` for a puzzle that cannot be worked on,
    ``InvalidStrategy`` for a bad strategy, and the exception a heuristic
    of yours raised.
    """
    return SolveResult(
        _native.solve(
            puzzle,
            unique=unique,
            level_needed=level_needed,
            **_strategy(locals()),
        )
    )


def count(
    puzzle: _t.Union[str, Puzzle],
    *,
    limit: _t.Optional[int] = 2,
    config: _t.Optional[str] = None,
    cells: _t.Any = None,
    values: _t.Any = None,
    propagation: _t.Optional[str] = None,
    seed: _t.Optional[int] = None,
    max_placements: _t.Optional[int] = None,
    timeout_ms: _t.Optional[int] = None,
    restarts: _t.Optional[str] = None,
    learning: _t.Optional[bool] = None,
    links: _t.Optional[bool] = None,
    engine: _t.Optional[str] = None,
) -> CountResult:
    """Counts the solutions of one puzzle up to ``limit`` (``None``: all),
    with a strategy chosen as for ``solve``; with none named, the
    ``portfolio`` preset answers (as ``sudoku count``)."""
    return CountResult(
        _native.count(
            puzzle,
            limit=limit,
            **_strategy(locals()),
        )
    )


def csp_solve(
    path: _t.Union[str, "_os.PathLike[str]"],
    *,
    config: _t.Optional[str] = None,
    cells: _t.Optional[str] = None,
    values: _t.Optional[str] = None,
    propagation: _t.Optional[str] = None,
    seed: _t.Optional[int] = None,
    max_placements: _t.Optional[int] = None,
    timeout_ms: _t.Optional[int] = None,
    restarts: _t.Optional[str] = None,
    learning: _t.Optional[bool] = None,
    wide_choice: _t.Optional[str] = None,
) -> dict:
    """Solves the XCSP3 instance in ``path`` (any constraint problem, see
    docs/guide/xcsp3.md) with a strategy chosen as for ``solve`` (chains
    of symbols only); returns the record ``sudoku csp solve --format
    json`` prints: ``status`` (``satisfiable``, ``unsatisfiable``,
    ``stopped``, ``invalid`` with ``error``), ``values``,
    ``instantiation``, ``stats``, ``strategy``. ``wide_choice`` (``min``,
    ``max``, ``median``, ``split``) is how to branch on a variable of
    more than 64 values, as ``--wide-choice``."""
    kwargs = dict(locals())
    del kwargs["path"]
    return _native.csp_record(_os.fspath(path), limit=1, **_given(kwargs))


def csp_count(
    path: _t.Union[str, "_os.PathLike[str]"],
    *,
    limit: _t.Optional[int] = 2,
    config: _t.Optional[str] = None,
    cells: _t.Optional[str] = None,
    values: _t.Optional[str] = None,
    propagation: _t.Optional[str] = None,
    seed: _t.Optional[int] = None,
    max_placements: _t.Optional[int] = None,
    timeout_ms: _t.Optional[int] = None,
    restarts: _t.Optional[str] = None,
    learning: _t.Optional[bool] = None,
    wide_choice: _t.Optional[str] = None,
) -> dict:
    """Counts the solutions of the XCSP3 instance in ``path`` up to
    ``limit`` (``None``: all), as ``sudoku csp count``; the record as a
    dict (``solutions``, ``exact``, ``lower_bound``, ...)."""
    kwargs = dict(locals())
    del kwargs["path"], kwargs["limit"]
    return _native.csp_record(_os.fspath(path), limit=limit, **_given(kwargs))


def _has_pandas() -> bool:
    try:
        import pandas  # noqa: F401
    except ImportError:
        return False
    return True


def _number(text: str) -> _t.Any:
    if text == "":
        return None
    if text in ("true", "false"):
        return text == "true"
    try:
        return int(text)
    except ValueError:
        return float(text)


def _table(text: str, as_frame: _t.Optional[bool]):
    """CSV text as a DataFrame (text columns as strings), or as a list of
    dicts without pandas."""
    if as_frame is None:
        as_frame = _has_pandas()
    if as_frame:
        import pandas as pd

        header = next(_csv.reader(_io.StringIO(text)))
        dtype = {c: "string" for c in header if c in TEXT_COLUMNS}
        frame = pd.read_csv(_io.StringIO(text), dtype=dtype, keep_default_na=False, na_values=[""])
        for c in header:
            if c not in TEXT_COLUMNS and frame[c].dtype == object:
                frame[c] = frame[c].map({"true": True, "false": False}).astype("boolean")
        return frame
    rows = []
    for row in _csv.DictReader(_io.StringIO(text)):
        rows.append(
            {
                k: (v if k in TEXT_COLUMNS else _number(v))
                for k, v in row.items()
            }
        )
    return rows


def _puzzles(puzzles: _t.Any) -> _t.Any:
    if isinstance(puzzles, (str, _os.PathLike)) or isinstance(puzzles, (list, tuple)):
        return puzzles
    return list(puzzles)


def solve_many(
    puzzles: _t.Union[str, "_os.PathLike[str]", _t.Iterable[_t.Union[str, Puzzle]]],
    *,
    jobs: _t.Optional[int] = None,
    as_frame: _t.Optional[bool] = None,
    **strategy: _t.Any,
):
    """Solves every puzzle of a file or folder (a path) or of an iterable
    of puzzle strings and ``Puzzle``s, on ``jobs`` threads (default: one
    per core; the interpreter is released while they run), with the
    strategy arguments of ``solve``.

    Returns a ``pandas.DataFrame`` with the columns of ``sudoku solve
    --format csv``, one row per puzzle in input order (a puzzle that
    cannot be read is a row with status ``invalid`` and its ``error``);
    without pandas (or with ``as_frame=False``) a list of dicts with the
    same keys.
    """
    text = _native.solve_many_csv(_puzzles(puzzles), jobs=jobs, **_given(strategy))
    return _table(text, as_frame)


def count_many(
    puzzles: _t.Union[str, "_os.PathLike[str]", _t.Iterable[_t.Union[str, Puzzle]]],
    *,
    limit: _t.Optional[int] = 2,
    jobs: _t.Optional[int] = None,
    as_frame: _t.Optional[bool] = None,
    **strategy: _t.Any,
):
    """Counts the solutions of every puzzle, as ``solve_many`` solves them;
    the columns of ``sudoku count --format csv``."""
    text = _native.count_many_csv(
        _puzzles(puzzles), limit=limit, jobs=jobs, **_given(strategy)
    )
    return _table(text, as_frame)


def read_puzzles(puzzles: _t.Union[str, "_os.PathLike[str]", _t.Iterable[str]]) -> list:
    """Every puzzle of a file or folder (or of an iterable of strings) as
    ``Puzzle`` objects. Raises ``InvalidPuzzle`` naming every entry that
    cannot be read (file and line), after reading them all."""
    good, bad = _native.read_puzzles_native(_puzzles(puzzles))
    if bad:
        raise InvalidPuzzle("; ".join(f"{place}: {why}" for place, why in bad))
    return good


def compare(
    puzzles_or_sets: _t.Any,
    *,
    cells: _t.Any = None,
    values: _t.Any = None,
    propagation: _t.Union[str, _t.Iterable[str], None] = None,
    configs: _t.Iterable[str] = (),
    restarts: _t.Union[str, _t.Iterable[str], None] = None,
    seeds: _t.Union[str, _t.Iterable[int], None] = None,
    max_placements: int = 1_000_000,
    timeout_ms: _t.Optional[int] = None,
    solutions: int = 1,
    sort: _t.Optional[str] = None,
    jobs: _t.Optional[int] = None,
    runs: bool = False,
    timings: bool = True,
    shard: _t.Optional[tuple] = None,
    runs_file: _t.Union[str, "_os.PathLike[str]", None] = None,
    resume: _t.Union[str, "_os.PathLike[str]", None] = None,
    give_up_after: _t.Optional[int] = None,
    executor: _t.Any = None,
    chunks: _t.Optional[int] = None,
    as_frame: _t.Optional[bool] = None,
    instances: bool = False,
):
    """Compares strategies on puzzle sets, as ``sudoku compare`` does (the
    same library pipeline runs both).

    ``instances=True`` compares on XCSP3 instance sets instead, as ``sudoku
    csp compare`` does (``csp_compare``): each set a folder of ``.xml``
    files or one file, a run's row with ``csp_solve``'s columns.

    ``puzzles_or_sets``: a built-in set's name (``"top95"``), a file or
    folder, a list of those, or a list of puzzle strings. The strategies
    are the presets ``configs``, then the cross product of ``cells``,
    ``values``, ``propagation`` and ``restarts`` (each one item or a list;
    a chain is symbols such as ``"EA"``, a function ``score(view, cell)``
    or ``score(view, cell, digit)``, or a list mixing them; a function is
    labelled by its ``__name__``). ``seeds`` runs the random heuristics
    once per seed (``"1..20"`` or a list). ``max_placements`` limits each
    run (0: none), as the command's default does.

    Returns the table of ``sudoku compare --format csv`` (one row per
    strategy and set, ranked by ``sort``, default ``placements-mean``) as
    a DataFrame (``timings=False`` leaves out the time columns); with
    ``runs=True`` the runs instead, one row per strategy, seed and puzzle
    (``strategy`` then ``solve``'s columns, as ``--per-puzzle FILE.csv``
    writes them).

    As the command's flags: ``runs_file`` writes every run to a runs file
    (``--runs``), ``resume`` finishes one (``--resume``), ``shard=(k, n)``
    runs the k-th of n shards into ``runs_file`` and returns ``None``
    (``--shard K/N``: ``merge`` or ``sudoku merge`` puts the files
    together, whichever made them), ``give_up_after`` gives a row up after
    that many stopped runs (``--give-up-after``).

    ``executor``: any ``concurrent.futures.Executor`` (a process pool, a
    Dask cluster's ``client.get_executor()``, ...). The comparison goes
    out in ``chunks`` shards (default: the executor's workers, else the
    cores), each run where the executor sends it and returned as a runs
    file, then merged as ``sudoku merge`` does: the table is the one a
    single process makes.
    """
    if isinstance(seeds, (list, tuple, range)):
        seeds = ",".join(str(s) for s in seeds)
    if instances:
        puzzles = (
            _os.fspath(puzzles_or_sets)
            if isinstance(puzzles_or_sets, (str, _os.PathLike))
            else [_os.fspath(p) for p in puzzles_or_sets]
        )
    else:
        puzzles = (
            puzzles_or_sets
            if isinstance(puzzles_or_sets, (str, _os.PathLike))
            else _puzzles(puzzles_or_sets)
        )
    settings = dict(
        instances=instances,
        configs=list(configs),
        cells=cells,
        values=values,
        propagation=propagation,
        restarts=restarts,
        seeds=seeds,
        max_placements=max_placements,
        timeout_ms=timeout_ms,
        solutions=solutions,
        timings=timings,
    )
    if executor is not None:
        if runs or shard or runs_file or resume or give_up_after:
            raise ValueError(
                "executor= splits the comparison into shards itself: it does not "
                "combine with runs, shard, runs_file, resume or give_up_after"
            )
        n = chunks or getattr(executor, "_max_workers", None) or _os.cpu_count() or 1
        if isinstance(puzzles, (str, _os.PathLike)):
            puzzles = _os.fspath(puzzles)
            if _os.path.exists(puzzles):
                # The workers read the file where they run: send its path
                # made absolute.
                puzzles = _os.path.abspath(puzzles)
        else:
            puzzles = [p if isinstance(p, str) else _os.fspath(p) if isinstance(p, _os.PathLike) else str(p) for p in puzzles]
        per_chunk = dict(settings, jobs=jobs or 1)
        futures = [executor.submit(_shard_runs, puzzles, per_chunk, k, n) for k in range(1, n + 1)]
        texts = [f.result() for f in futures]
        import tempfile

        with tempfile.TemporaryDirectory() as folder:
            paths = []
            for k, text in enumerate(texts, 1):
                path = _os.path.join(folder, f"shard-{k}-of-{n}.runs")
                with open(path, "w", encoding="utf-8") as f:
                    f.write(text)
                paths.append(path)
            table, problems = _native.merge_csv(paths, sort=sort, timings=timings)
        if problems:
            raise SudokuError("; ".join(problems))
        return _table(table, as_frame)
    table, runs_text = _native.compare_csv(
        puzzles,
        sort=sort,
        jobs=jobs,
        runs=runs,
        shard=shard,
        runs_file=runs_file,
        resume=resume,
        give_up_after=give_up_after,
        **settings,
    )
    if table is None:
        return None
    return _table(runs_text if runs else table, as_frame)


def csp_compare(instance_sets: _t.Any, **keywords):
    """Compares strategies on XCSP3 instance sets, as ``sudoku csp
    compare`` does: ``compare(instance_sets, instances=True, ...)``, with
    the same keywords (chains of symbols only: heuristics written in
    Python take puzzles). ``instance_sets``: a folder of ``.xml`` files,
    an instance file, or a list of those, each a set."""
    return compare(instance_sets, instances=True, **keywords)


def _shard_runs(puzzles: _t.Any, settings: dict, k: int, n: int) -> str:
    """Shard ``k`` of ``n`` of a comparison, run where an executor sent
    it: the text of its runs file."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = _os.path.join(folder, f"shard-{k}-of-{n}.runs")
        _native.compare_csv(puzzles, shard=(k, n), runs_file=path, **settings)
        with open(path, encoding="utf-8") as f:
            return f.read()


def merge(
    runs_files: _t.Iterable[_t.Union[str, "_os.PathLike[str]"]],
    *,
    sort: _t.Optional[str] = None,
    timings: bool = True,
    as_frame: _t.Optional[bool] = None,
):
    """Puts the runs files of a comparison's shards together, as ``sudoku
    merge`` does (files written by ``compare(shard=...)`` or by ``sudoku
    compare --shard``): the table one process would have made. Raises
    ``SudokuError`` when a shard is there twice or runs are missing."""
    table, problems = _native.merge_csv([_os.fspath(p) for p in runs_files], sort=sort, timings=timings)
    if problems:
        raise SudokuError("; ".join(problems))
    return _table(table, as_frame)


class RateResult(_Record):
    """What ``rate`` found, as ``sudoku rate --format json``: ``status``,
    ``level_needed``, ``grade``, ``score``, ``used`` (per rule), ``subsets``,
    ``guesses``, ..."""

    _fields = ("status", "level_needed", "grade", "score")


class ExplainResult(_Record):
    """A step-by-step solution, as ``sudoku explain --format json``:
    ``status`` (solved, stuck or stopped), ``steps`` (a list of dicts:
    technique, placed, removed, why, the pattern), ``techniques``,
    ``hardest``, ``stuck``, ``harder``."""

    _fields = ("status", "hardest")

    def __repr__(self) -> str:
        return f"ExplainResult(status={self.status!r}, steps={len(self.steps)}, hardest={self.hardest!r})"


def _one(puzzle: _t.Union[str, Puzzle]) -> list:
    if isinstance(puzzle, Puzzle):
        return [puzzle]
    if isinstance(puzzle, str):
        return [Puzzle.parse(puzzle)]
    raise TypeError("a puzzle is a Puzzle or a str")


def rate(puzzle: _t.Union[str, Puzzle], *, timeout_ms: _t.Optional[int] = None, scale: str = "grade") -> RateResult:
    """Rates one puzzle as ``sudoku rate`` does: the weakest propagation
    level that solves it, a grade and a score (``scale="grade"``), or
    Sudoku Explainer's ER/EP/ED in ``se`` (``scale="se"``)."""
    return RateResult(_native.rate_records(_one(puzzle), timeout_ms=timeout_ms, scale=scale)[0])


def rate_many(puzzles: _t.Any, *, timeout_ms: _t.Optional[int] = None, scale: str = "grade", jobs: _t.Optional[int] = None, as_frame: _t.Optional[bool] = None):
    """Rates every puzzle (a path, or an iterable of strings and
    ``Puzzle``s); the columns of ``sudoku rate --format csv`` (with
    ``scale="se"``, ``se_er``, ``se_ep``, ``se_ed`` and ``se_hardest``
    filled)."""
    return _table(_native.rate_csv(_puzzles(puzzles), timeout_ms=timeout_ms, scale=scale, jobs=jobs), as_frame)


def explain(puzzle: _t.Union[str, Puzzle], *, max_difficulty: _t.Optional[float] = None) -> ExplainResult:
    """A step-by-step solution of one puzzle in words, as ``sudoku
    explain``: its ``steps`` are dicts (``technique``, ``difficulty``,
    ``placed``, ``removed``, ``why``, and the pattern: ``cells``,
    ``candidates``, ``base``, ``cover``, ``links``, ``fins``,
    ``eureka``), ``se`` its rating on Sudoku Explainer's scale. With
    ``max_difficulty`` (``--max-difficulty``) it stops before the first
    step harder than that: status ``stopped``, the step in ``harder``."""
    return ExplainResult(_native.explain_records(_one(puzzle), max_difficulty=max_difficulty)[0])


def generate(
    count: int = 1,
    *,
    seed: _t.Optional[int] = None,
    size: _t.Optional[int] = None,
    box: _t.Optional[str] = None,
    variant: _t.Optional[str] = None,
    symmetry: _t.Optional[str] = None,
    minimal: bool = False,
    clues: _t.Optional[str] = None,
    level: _t.Optional[str] = None,
    attempts: int = 1000,
    jigsaw: bool = False,
    killer: bool = False,
    jobs: _t.Optional[int] = None,
    as_frame: _t.Optional[bool] = None,
    se: _t.Optional[str] = None,
    technique: _t.Optional[str] = None,
    lines: _t.Optional[str] = None,
    line_count: _t.Optional[int] = None,
):
    """Generates ``count`` puzzles as ``sudoku generate --format json``
    does (the same seed gives the same puzzles, whatever ``jobs``): one
    record per puzzle with ``puzzle``, ``solution``, ``clues``,
    ``level_needed``, ``grade``, ``score``, ``seed``, ... ``se="7.0-8.0"``
    keeps puzzles rated so on Sudoku Explainer's scale, ``technique="x-wing"``
    those that need it (``--se``, ``--technique``; the record then has
    ``se``). ``lines="between-line,x-sum"`` draws ``line_count`` (8)
    lines and outside clues of those rules for each puzzle (``--lines``;
    the record then has ``fpuzzles``). As a DataFrame with pandas (``as_frame=False``: a list of
    dicts)."""
    records = _native.generate_records(
        count,
        seed=seed,
        size=size,
        box=box,
        variant=variant,
        symmetry=symmetry,
        minimal=minimal,
        clues=clues,
        level=level,
        attempts=attempts,
        jigsaw=jigsaw,
        killer=killer,
        jobs=jobs,
        se=se,
        technique=technique,
        lines=lines,
        line_count=line_count,
    )
    if as_frame is None:
        as_frame = _has_pandas()
    if as_frame:
        import pandas as pd

        return pd.DataFrame.from_records(records)
    return records


class batch:
    """Marks a cell heuristic that scores many cells in one call:
    ``func(view, cells)`` returns one score per cell of ``cells`` (a list,
    a tuple or a NumPy array), where a plain heuristic ``func(view, cell)``
    is called once per cell. The search then calls it once per choice,
    with every open cell (or, later in a chain, the cells still tied):

    >>> @batch
    ... def fewest(view, cells):
    ...     sizes = view.sizes()
    ...     return [sizes[c] for c in cells]

    It searches exactly as the same function written per cell, at a
    fraction of the cost (docs/guide/python.md, "What a Python heuristic
    costs"). Value heuristics are called per digit and cannot be batched.
    """

    __sudoku_batch__ = True

    def __init__(self, func: _t.Callable) -> None:
        self.func = func
        self.__name__ = getattr(func, "__name__", "batch")
        self.__qualname__ = getattr(func, "__qualname__", self.__name__)
        self.__module__ = getattr(func, "__module__", None)
        self.__doc__ = getattr(func, "__doc__", None)

    def __reduce__(self) -> str:
        # Pickled by name, as a function is (the name now holds this
        # object): `compare(executor=...)` sends it to other processes.
        return self.__qualname__

    def __call__(self, view: View, cells: _t.Sequence[int]) -> _t.Sequence[float]:
        return self.func(view, cells)

    def __repr__(self) -> str:
        return f"batch({self.func!r})"


def trace(
    puzzle: _t.Union[str, Puzzle],
    *,
    limit: int = 100_000,
    solutions: _t.Optional[int] = 1,
    config: _t.Optional[str] = None,
    cells: _t.Optional[str] = None,
    values: _t.Optional[str] = None,
    propagation: _t.Optional[str] = None,
    seed: _t.Optional[int] = None,
    max_placements: _t.Optional[int] = None,
    timeout_ms: _t.Optional[int] = None,
    restarts: _t.Optional[str] = None,
    learning: _t.Optional[bool] = None,
    links: _t.Optional[bool] = None,
    engine: _t.Optional[str] = None,
) -> _t.Iterator[dict]:
    """The events of one puzzle's search, as ``sudoku solve --trace FILE``
    writes them (JSON Lines), each a dict with its ``event`` (``puzzle``,
    ``root``, ``choose``, ``order``, ``place``, ``deduce``, ``fixpoint``,
    ``fail``, ``backtrack``, ``solution``, ``learn``, ``stop``, ``cut``,
    ``end``).
    At most ``limit`` search events are recorded; the search runs to the
    end either way. ``solutions``: how many to search for (None: all)."""
    import json

    text = _native.trace_jsonl(
        puzzle,
        limit=limit,
        solutions=solutions,
        **_strategy(locals()),
    )
    return (json.loads(line) for line in text.splitlines() if line)

# The name the __future__ import binds: not part of the package.
del annotations
