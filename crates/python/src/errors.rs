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

/// A file that cannot be opened as Python's own `open` says it:
/// `FileNotFoundError` for a missing one (`PermissionError`, ... for the
/// others), with `errno`, `strerror` and `filename` set; `hint` follows
/// the system's words.
pub fn file_error(path: &std::path::Path, e: &std::io::Error, hint: &str) -> PyErr {
    use pyo3::exceptions::{
        PyFileNotFoundError, PyIsADirectoryError, PyOSError, PyPermissionError,
    };
    let errno = e.raw_os_error().unwrap_or(0);
    let why = match e.kind() {
        std::io::ErrorKind::NotFound => "No such file or directory".to_string(),
        _ => e.to_string(),
    };
    let why = format!("{why}{hint}");
    let args = (errno, why, path.display().to_string());
    match e.kind() {
        std::io::ErrorKind::NotFound => PyFileNotFoundError::new_err(args),
        std::io::ErrorKind::PermissionDenied => PyPermissionError::new_err(args),
        std::io::ErrorKind::IsADirectory => PyIsADirectoryError::new_err(args),
        _ => PyOSError::new_err(args),
    }
}

/// [`file_error`] if `path` cannot be looked at.
pub fn check_file(path: &std::path::Path, hint: &str) -> PyResult<()> {
    std::fs::metadata(path)
        .map(|_| ())
        .map_err(|e| file_error(path, &e, hint))
}

/// Adds the exceptions to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("SudokuError", py.get_type::<SudokuError>())?;
    m.add("InvalidPuzzle", py.get_type::<InvalidPuzzle>())?;
    m.add("InvalidStrategy", py.get_type::<InvalidStrategy>())?;
    Ok(())
}
