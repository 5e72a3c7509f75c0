//! The package's exceptions, and the conversions of the library's errors
//! into them (with the messages the command line prints).

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;

create_exception!(
    sudoku_csp,
    SudokuError,
    PyException,
    "The base of every error of this package."
);
create_exception!(
    sudoku_csp,
    InvalidPuzzle,
    SudokuError,
    "A puzzle that cannot be read or worked on (bad text, contradictory givens, rules that do not hold)."
);
create_exception!(
    sudoku_csp,
    InvalidStrategy,
    SudokuError,
    "A strategy that cannot be built: an unknown heuristic, level, preset or limit."
);

/// A strategy error, its causes joined as the command line prints them.
pub fn strategy_error(e: anyhow::Error) -> PyErr {
    InvalidStrategy::new_err(format!("{e:#}"))
}

/// A puzzle error with the command line's wording.
pub fn puzzle_error(message: impl std::fmt::Display) -> PyErr {
    InvalidPuzzle::new_err(message.to_string())
}

/// Adds the exceptions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("SudokuError", py.get_type::<SudokuError>())?;
    m.add("InvalidPuzzle", py.get_type::<InvalidPuzzle>())?;
    m.add("InvalidStrategy", py.get_type::<InvalidStrategy>())?;
    Ok(())
}
