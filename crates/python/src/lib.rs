//! The Python package `sudoku_csp`, built with maturin: the engine, the
//! command line's records and comparisons, and heuristics written in
//! Python. The binding holds no logic of its own: it calls the library
//! functions the `sudoku` command calls (`sudoku_cli`), and turns their
//! records into Python values. The package's Python half
//! (`python/sudoku_csp/__init__.py`) makes DataFrames of them.
#![forbid(unsafe_code)]

mod batch;
mod compare;
mod errors;
mod heuristics;
mod instances;
mod one_puzzle;
mod puzzle;
mod signals;
mod solving;
mod strategy;
mod tools;

use pyo3::prelude::*;

/// The native half of `sudoku_csp`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add_class::<puzzle::PyPuzzle>()?;
    m.add_class::<heuristics::View>()?;
    m.add_function(wrap_pyfunction!(solving::solve, m)?)?;
    m.add_function(wrap_pyfunction!(solving::count, m)?)?;
    m.add_function(wrap_pyfunction!(instances::csp_record, m)?)?;
    m.add_function(wrap_pyfunction!(solving::solve_many_csv, m)?)?;
    m.add_function(wrap_pyfunction!(solving::count_many_csv, m)?)?;
    m.add_function(wrap_pyfunction!(solving::read_puzzles_native, m)?)?;
    m.add_function(wrap_pyfunction!(compare::compare_csv, m)?)?;
    m.add_function(wrap_pyfunction!(compare::merge_csv, m)?)?;
    m.add_function(wrap_pyfunction!(tools::rate_records, m)?)?;
    m.add_function(wrap_pyfunction!(tools::rate_csv, m)?)?;
    m.add_function(wrap_pyfunction!(tools::explain_records, m)?)?;
    m.add_function(wrap_pyfunction!(tools::generate_records, m)?)?;
    m.add_function(wrap_pyfunction!(tools::trace_jsonl, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
