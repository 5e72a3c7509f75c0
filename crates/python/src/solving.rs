//! `solve`, `count`, `solve_many`, `count_many`: the records of the
//! command line (`sudoku_cli::solving`), as dicts or as CSV text.

use std::path::PathBuf;
use std::sync::Arc;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use sudoku_cli::answering::{Searching, starter};
use sudoku_cli::input::{Entry, ReadError};
use sudoku_cli::records::columns::Tabular;
use sudoku_cli::records::{CountRecord, SolveRecord};
use sudoku_cli::runner::{self, Item, Job, Sudokus};
use sudoku_cli::solving::{
    SolveChecks, bitboard_count_job, bitboard_solve_job, count_job, solve_job,
};

use crate::errors::puzzle_error;
use crate::heuristics::Failure;
use crate::one_puzzle::{answering_plan, check_valid, count_limit, plan, run_one, to_dict};
use crate::puzzle::{PyPuzzle, Reading};
use crate::strategy::Plan;

/// The entry of `puzzle`: a `Puzzle`, or text read as `Puzzle.parse`
/// reads it.
pub fn entry_of(puzzle: &Bound<'_, PyAny>) -> PyResult<Entry> {
    if let Ok(p) = puzzle.cast::<PyPuzzle>() {
        return Ok(p.get().entry.clone());
    }
    let text: String = puzzle
        .extract()
        .map_err(|_| pyo3::exceptions::PyTypeError::new_err("a puzzle is a Puzzle or a str"))?;
    let reading = Reading::default();
    let entries = reading.text("<text>", &text);
    let n = entries.len();
    let mut it = entries.into_iter();
    match (it.next(), n) {
        (Some(e), 1) => Ok(PyPuzzle::from_entry(e, &reading)?.entry),
        (None, _) => Err(puzzle_error("<text>: no puzzle in it")),
        _ => Err(puzzle_error(format!(
            "<text>: holds {n} puzzles, not one: give them to solve_many"
        ))),
    }
}

/// Runs `work` on `puzzle` (a `Puzzle` or text) as [`run_one`] does.
fn on_one<R: Send>(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    work: impl FnOnce(&Job, &Sudokus, &Arc<Failure>) -> R + Send,
) -> PyResult<R> {
    run_one(py, entry_of(puzzle)?, work)
}

/// Solves one puzzle; returns the JSON record as a dict.
#[pyfunction]
#[pyo3(signature = (puzzle, *, unique=false, level_needed=true, **strategy))]
pub fn solve<'py>(
    py: Python<'py>,
    puzzle: &Bound<'py, PyAny>,
    unique: bool,
    level_needed: bool,
    strategy: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let plan = if unique {
        answering_plan(strategy)?
    } else {
        plan(strategy)?
    };
    let checks = SolveChecks {
        rate: level_needed,
        unique,
    };
    let record = on_one(py, puzzle, |job, sudokus, failure| {
        if plan.is_bitboard() {
            return bitboard_solve_job(job, sudokus, &plan.record, unique);
        }
        searching(&plan, Some(1), failure, |searching| {
            solve_job(job, sudokus, &plan.runner, checks, searching)
        })
    })?;
    check_valid(&record.head)?;
    to_dict(py, &record)
}

/// The count's limit: `limit` solutions, or all with `limit=None`.
#[pyfunction]
#[pyo3(signature = (puzzle, *, limit=Some(2), **strategy))]
pub fn count<'py>(
    py: Python<'py>,
    puzzle: &Bound<'py, PyAny>,
    limit: Option<i128>,
    strategy: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let limit = count_limit(limit)?;
    let plan = answering_plan(strategy)?;
    let record = on_one(py, puzzle, |job, sudokus, failure| {
        if plan.is_bitboard() {
            return bitboard_count_job(job, sudokus, &plan.record, limit);
        }
        searching(&plan, limit, failure, |searching| {
            count_job(job, sudokus, &plan.runner, limit, searching)
        })
    })?;
    check_valid(&record.head)?;
    to_dict(py, &record)
}

/// The puzzles of `puzzles`: a path (str or os.PathLike) to a file or
/// folder, or an iterable of puzzle strings and `Puzzle`s.
pub fn entries(
    puzzles: &Bound<'_, PyAny>,
    reading: &Reading,
) -> PyResult<Vec<Result<Entry, ReadError>>> {
    if puzzles.is_instance_of::<PyString>() || puzzles.hasattr("__fspath__")? {
        let path: PathBuf = puzzles.extract()?;
        crate::errors::check_file(
            &path,
            " (a single puzzle goes to solve or count; several as a list)",
        )?;
        let lines = reading.files(vec![path]);
        if let Some(note) = sudoku_cli::input::skipped_note(lines.skipped()) {
            let py = puzzles.py();
            let category = py.get_type::<pyo3::exceptions::PyUserWarning>();
            PyErr::warn(py, &category, &std::ffi::CString::new(note)?, 1)?;
        }
        return Ok(lines.map(|e| e.map(|e| reading.with_rules(e))).collect());
    }
    let mut out = Vec::new();
    for (i, item) in puzzles.try_iter()?.enumerate() {
        let item = item?;
        if let Ok(p) = item.cast::<PyPuzzle>() {
            let mut entry = p.get().entry.clone();
            entry.line = i as u64 + 1;
            out.push(Ok(entry));
            continue;
        }
        let text: String = item.extract().map_err(|_| {
            pyo3::exceptions::PyTypeError::new_err(format!(
                "item {i} of the puzzles is neither a str nor a Puzzle"
            ))
        })?;
        let source = "<list>";
        let mut read = reading.text(source, &text);
        let entry = match read.len() {
            1 => read.remove(0),
            _ => Ok(Entry {
                source: source.into(),
                line: 0,
                text: text.clone(),
                // Two puzzles (or none) in one item: what the item holds.
                puzzle: Err(sudoku_cli::input::InputError::NotAGrid {
                    cells: text.chars().filter(|c| !c.is_whitespace()).count(),
                }),
                symbols: Default::default(),
                note: None,
                rules: None,
            }),
        };
        out.push(entry.map(|mut e| {
            // Items are numbered as lines of a file would be.
            e.line = i as u64 + 1;
            reading.with_rules(e)
        }));
    }
    Ok(out)
}

/// Worker threads: `None` or 0 mean one per core.
pub fn jobs(requested: Option<usize>) -> usize {
    match requested {
        Some(n) if n > 0 => n,
        _ => std::thread::available_parallelism().map_or(1, |n| n.get()),
    }
}

/// Runs `work` on every puzzle of `puzzles` (a path, or an iterable of
/// strings and `Puzzle`s) on `jobs` threads, the interpreter released (a
/// heuristic written in Python takes it when called); the results in
/// input order. Unreadable input ends the run with its error; Ctrl-C (or
/// an exception kept in `failure`) ends it with that exception.
pub fn run_entries<R: Send>(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    jobs: Option<usize>,
    failure: &Failure,
    work: impl Fn(&Job, &Sudokus) -> R + Sync + Send,
) -> PyResult<Vec<R>> {
    let reading = Reading::default();
    let list = entries(puzzles, &reading)?;
    let jobs = self::jobs(jobs);
    let result = crate::signals::detach_interruptible(py, failure, || -> anyhow::Result<Vec<R>> {
        let mut out = Vec::new();
        let sudokus = Sudokus::new(reading.variant.clone(), Default::default(), Vec::new());
        // After Ctrl-C (or a heuristic's exception) no puzzle starts.
        let list = list.into_iter().take_while(|_| !failure.failed());
        runner::run(list, sudokus, jobs, work, |item| {
            match item {
                Item::Done(_, r) => out.push(r),
                Item::Unreadable(e) => anyhow::bail!("{e}"),
            }
            Ok(())
        })?;
        Ok(out)
    });
    if let Some(e) = failure.take() {
        return Err(e);
    }
    result.map_err(|e| puzzle_error(format!("{e:#}")))
}

/// CSV text: a header, then the rows.
pub fn csv_text(
    header: Vec<&'static str>,
    rows: impl Iterator<Item = Vec<String>>,
) -> PyResult<String> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let fail = |e: csv::Error| puzzle_error(e.to_string());
    w.write_record(&header).map_err(fail)?;
    for row in rows {
        w.write_record(&row).map_err(fail)?;
    }
    let bytes = w.into_inner().map_err(|e| puzzle_error(e.to_string()))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// [`run_entries`] with a heuristic's exception raised from the call, and
/// the records as CSV text.
fn many<R: Send>(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    jobs: Option<usize>,
    header: Vec<&'static str>,
    work: impl Fn(&Job, &Sudokus, &Arc<Failure>) -> R + Sync + Send,
    fields: impl Fn(&R) -> Vec<String>,
) -> PyResult<String> {
    let failure = Arc::new(Failure::default());
    let records = run_entries(py, puzzles, jobs, &failure, |job, sudokus| {
        work(job, sudokus, &failure)
    });
    if let Some(e) = failure.take() {
        return Err(e);
    }
    csv_text(header, records?.iter().map(fields))
}

/// Solves every puzzle; the records as CSV text (the command's columns).
#[pyfunction]
#[pyo3(signature = (puzzles, *, jobs=None, unique=false, level_needed=true, **strategy))]
pub fn solve_many_csv<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    jobs: Option<usize>,
    unique: bool,
    level_needed: bool,
    strategy: Option<&Bound<'py, PyDict>>,
) -> PyResult<String> {
    let plan = if unique {
        answering_plan(strategy)?
    } else {
        plan(strategy)?
    };
    let checks = SolveChecks {
        rate: level_needed,
        unique,
    };
    many(
        py,
        puzzles,
        jobs,
        SolveRecord::csv_header(),
        |job, sudokus, failure| {
            if plan.is_bitboard() {
                return bitboard_solve_job(job, sudokus, &plan.record, unique);
            }
            searching(&plan, Some(1), failure, |searching| {
                solve_job(job, sudokus, &plan.runner, checks, searching)
            })
        },
        SolveRecord::csv_fields,
    )
}

/// Counts the solutions of every puzzle; the records as CSV text.
#[pyfunction]
#[pyo3(signature = (puzzles, *, limit=Some(2), jobs=None, **strategy))]
pub fn count_many_csv<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    limit: Option<i128>,
    jobs: Option<usize>,
    strategy: Option<&Bound<'py, PyDict>>,
) -> PyResult<String> {
    let limit = count_limit(limit)?;
    let plan = answering_plan(strategy)?;
    many(
        py,
        puzzles,
        jobs,
        CountRecord::csv_header(),
        |job, sudokus, failure| {
            if plan.is_bitboard() {
                return bitboard_count_job(job, sudokus, &plan.record, limit);
            }
            searching(&plan, limit, failure, |searching| {
                count_job(job, sudokus, &plan.runner, limit, searching)
            })
        },
        CountRecord::csv_fields,
    )
}

/// The puzzles read, and the places and messages of those that could not
/// be.
type Read = (Vec<Py<PyPuzzle>>, Vec<(String, String)>);

/// Reads every puzzle of a file, folder or text: `Puzzle`s, and the
/// errors of those that cannot be read, as `(place, message)`.
#[pyfunction]
pub fn read_puzzles_native(py: Python<'_>, puzzles: &Bound<'_, PyAny>) -> PyResult<Read> {
    let reading = Reading::default();
    let mut good = Vec::new();
    let mut bad = Vec::new();
    for entry in entries(puzzles, &reading)? {
        let place = match &entry {
            Ok(e) => format!("{}:{}", e.source, e.line),
            Err(e) => e.source.to_string(),
        };
        match PyPuzzle::from_entry(entry, &reading) {
            Ok(p) => good.push(Py::new(py, p)?),
            Err(e) => bad.push((place, e.value(py).to_string())),
        }
    }
    Ok((good, bad))
}

/// Hands `job` how the plan searches to `max_solutions`: chains without
/// Python functions as searches a portfolio keeps ([`Plan::start`]),
/// others as whole runs holding the interpreter ([`Plan::run_with`]).
fn searching<R>(
    plan: &Plan,
    max_solutions: Option<u64>,
    failure: &Arc<Failure>,
    job: impl FnOnce(Searching<'_>) -> R,
) -> R {
    let mut run = |s: &_, p: &_, config: &_| plan.run_with(s, p, config, max_solutions, failure);
    let start = starter(|s, p, config| Plan::start(s, p, config, failure));
    job(match plan.calls_python() {
        true => Searching::Runs(&mut run),
        false => Searching::Starts(&start),
    })
}
