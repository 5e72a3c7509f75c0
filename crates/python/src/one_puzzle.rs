//! One puzzle's job run from Python: the strategy keywords read as the
//! flags are, the search run without the interpreter (interruptible by
//! Ctrl-C), the record returned as a dict. Below both `Puzzle`'s methods
//! and the module's functions, which call it.

use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::PyDict;
use serde::Serialize;
use sudoku_cli::input::Entry;
use sudoku_cli::records::Head;
use sudoku_cli::runner::{Job, Sudokus};

use crate::errors::puzzle_error;
use crate::heuristics::Failure;
use crate::strategy::{Chain, Plan, StrategyArgs};

/// The strategy keyword arguments (`config`, `cells`, `values`,
/// `propagation`, `seed`, `max_placements`, `timeout_ms`, `restarts`,
/// `learning`, `links`, `engine`; a
/// `None` value is as absent), read and validated as the flags are; any
/// other keyword is a `TypeError`, as Python says it.
pub fn plan(strategy: Option<&Bound<'_, PyDict>>) -> PyResult<Plan> {
    plan_for(strategy, false)
}

/// [`plan`] where only the answer matters (counting, a uniqueness
/// check): with nothing named, the portfolio, as in the command.
pub fn answering_plan(strategy: Option<&Bound<'_, PyDict>>) -> PyResult<Plan> {
    plan_for(strategy, true)
}

fn plan_for(strategy: Option<&Bound<'_, PyDict>>, answering: bool) -> PyResult<Plan> {
    let mut args = StrategyArgs {
        answering,
        ..StrategyArgs::default()
    };
    for (key, value) in strategy.into_iter().flatten() {
        let key: String = key.extract()?;
        if value.is_none() {
            continue;
        }
        match key.as_str() {
            "config" => args.config = Some(value.extract()?),
            "cells" => args.cells = Some(Chain::extract(&value, "cells")?),
            "values" => args.values = Some(Chain::extract(&value, "values")?),
            "propagation" => args.propagation = Some(value.extract()?),
            "seed" => args.seed = Some(value.extract()?),
            "max_placements" => args.max_placements = Some(value.extract()?),
            "timeout_ms" => args.timeout_ms = Some(value.extract()?),
            "restarts" => args.restarts = Some(value.extract()?),
            "learning" => args.learning = Some(value.extract()?),
            "links" => args.links = Some(value.extract()?),
            "wide_choice" => args.wide_choice = Some(value.extract()?),
            "engine" => args.engine = Some(value.extract()?),
            other => {
                return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                    "got an unexpected keyword argument '{other}'"
                )));
            }
        }
    }
    Plan::new(args)
}

/// A record as a Python dict (the JSON object `--format json` prints).
pub fn to_dict<'py>(py: Python<'py>, record: &impl Serialize) -> PyResult<Bound<'py, PyAny>> {
    Ok(pythonize::pythonize(py, record)?)
}

/// Raises the record's error when the puzzle was invalid.
pub fn check_valid(head: &Head) -> PyResult<()> {
    match head.invalid_located() {
        Some(located) => Err(puzzle_error(located)),
        None => Ok(()),
    }
}

/// Runs `work` on the one puzzle, holding the interpreter only where a
/// heuristic written in Python needs it; an exception raised in a
/// heuristic is raised here.
pub fn run_one<R: Send>(
    py: Python<'_>,
    entry: Entry,
    work: impl FnOnce(&Job, &Sudokus, &Arc<Failure>) -> R + Send,
) -> PyResult<R> {
    let job = Job { entry };
    let sudokus = Sudokus::new(
        "classic".parse().expect("classic is a variant"),
        Default::default(),
        Vec::new(),
    );
    let failure = Arc::new(Failure::default());
    let r = crate::signals::detach_interruptible(py, &failure, || work(&job, &sudokus, &failure));
    if let Some(e) = failure.take() {
        return Err(e);
    }
    Ok(r)
}

/// The true candidates of the puzzle of `entry` (`sudoku candidates --true`),
/// counted up to `limit`, with the strategy's search; the JSON record as
/// a dict.
pub fn true_candidates<'py>(
    py: Python<'py>,
    entry: Entry,
    limit: Option<i128>,
    strategy: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let limit = count_limit(limit)?.unwrap_or(u64::MAX);
    let plan = answering_plan(strategy)?;
    if plan.is_bitboard() {
        return Err(crate::errors::InvalidStrategy::new_err(
            "true candidates are found by the engine: the bitboard solver keeps no solution but its first",
        ));
    }
    let limits = plan.config().limits;
    let record = run_one(py, entry, |job, sudokus, failure| {
        sudoku_cli::candidates::true_candidates_job(
            job,
            sudokus,
            &plan.strategy,
            limits,
            limit,
            Some(&failure.flag),
        )
    })?;
    check_valid(&record.head)?;
    to_dict(py, &record)
}

/// A count's `limit` as the command's `--limit` takes it: at least 1 (a
/// `ValueError` otherwise), `None` for all solutions.
pub fn count_limit(limit: Option<i128>) -> PyResult<Option<u64>> {
    match limit {
        None => Ok(None),
        Some(n) => u64::try_from(n)
            .ok()
            .filter(|&n| n >= 1)
            .map(Some)
            .ok_or_else(|| {
                pyo3::exceptions::PyValueError::new_err(format!(
                    "limit must be a whole number from 1 to {} (or None: every solution), not {n}",
                    u64::MAX
                ))
            }),
    }
}
