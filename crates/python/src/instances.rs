//! `csp_solve` and `csp_count`: XCSP3 instances through the command's
//! job (`sudoku_cli::instances`), the record as a dict.

use std::path::PathBuf;

use pyo3::prelude::*;
use pyo3::types::PyDict;
use sudoku_cli::instances::run_instance;

use crate::heuristics::Failure;

use crate::one_puzzle::{count_limit, plan, to_dict};

/// Solves (`limit=1`) or counts (`limit`, `None`: all) the XCSP3
/// instance in `path` with the strategy keywords of `solve`; the search
/// runs with the interpreter released. Heuristics written in Python and
/// the bitboard solver are refused (`InvalidStrategy`).
#[pyfunction]
#[pyo3(signature = (path, *, limit=Some(1), **strategy))]
pub fn csp_record<'py>(
    py: Python<'py>,
    path: PathBuf,
    limit: Option<i128>,
    strategy: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let limit = count_limit(limit)?;
    let plan = plan(strategy)?;
    if plan.has_python_heuristics() {
        return Err(crate::errors::strategy_error(anyhow::anyhow!(
            "heuristics written in Python take puzzles only: give XCSP3 instances chains of symbols"
        )));
    }
    if plan.is_bitboard() || plan.strategy.portfolio.is_some() {
        return Err(crate::errors::strategy_error(anyhow::anyhow!(
            "an XCSP3 instance runs one engine search: `{}` is not one (name an engine preset)",
            plan.strategy.name
        )));
    }
    let (strategy, wide) = (plan.strategy.clone(), plan.for_wide.clone());
    // Ctrl-C stops the search (a record with status `stopped`), then
    // raises KeyboardInterrupt.
    let failure = Failure::default();
    let record = crate::signals::detach_interruptible(py, &failure, || {
        run_instance(
            &path,
            &strategy,
            wide.as_ref(),
            limit,
            None,
            Some(&failure.flag),
        )
    });
    if let Some(e) = failure.take() {
        return Err(e);
    }
    to_dict(py, &record)
}
