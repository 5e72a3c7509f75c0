//! `generate`, `rate`, `explain` and `trace`: the records of the
//! commands of those names, made by the library functions they call.

use std::io::Write;
use std::sync::{Arc, Mutex};

use pyo3::prelude::*;
use pyo3::types::PyDict;
use rayon::prelude::*;
use serde::Serialize;
use sudoku::Sudoku;
use sudoku::explain::{Difficulty, ExplainOptions};
use sudoku::generate::Generator;
use sudoku_cli::explaining::{ExplainRecord, explain_job_with};
use sudoku_cli::generating::{GenerateSettings, clock_seed, make, record};
use sudoku_cli::rating::{RateOptions, RateRecord, Scale, rate_job};
use sudoku_cli::records::Origin;
use sudoku_cli::records::columns::Tabular;
use sudoku_cli::trace_file::TraceFile;
use sudoku_cli::trace_file::jsonl::Jsonl;

use crate::errors::{InvalidStrategy, puzzle_error, strategy_error};
use crate::heuristics::Failure;
use crate::one_puzzle::plan;
use crate::puzzle::Reading;
use crate::solving::{csv_text, entry_of, jobs as threads, run_entries};

fn to_py<'py>(py: Python<'py>, value: &impl Serialize) -> PyResult<Bound<'py, PyAny>> {
    Ok(pythonize::pythonize(py, value)?)
}

/// `sudoku rate`'s options; a ValueError for an unknown scale.
fn rate_options(timeout_ms: Option<u64>, scale: &str) -> PyResult<RateOptions> {
    let scale = Scale::named(scale).ok_or_else(|| {
        pyo3::exceptions::PyValueError::new_err(format!(
            "unknown scale {scale:?}: one of {}",
            Scale::names()
        ))
    })?;
    Ok(RateOptions { timeout_ms, scale })
}

/// The records of `sudoku rate --format json`, one per puzzle, as dicts.
#[pyfunction]
#[pyo3(signature = (puzzles, *, timeout_ms=None, scale="grade", jobs=None))]
pub fn rate_records<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    timeout_ms: Option<u64>,
    scale: &str,
    jobs: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let options = rate_options(timeout_ms, scale)?;
    let records = run_entries(py, puzzles, jobs, &Failure::default(), |job, sudokus| {
        rate_job(job, sudokus, &options)
    })?;
    to_py(py, &records)
}

/// The CSV text of `sudoku rate --format csv`.
#[pyfunction]
#[pyo3(signature = (puzzles, *, timeout_ms=None, scale="grade", jobs=None))]
pub fn rate_csv(
    py: Python<'_>,
    puzzles: &Bound<'_, PyAny>,
    timeout_ms: Option<u64>,
    scale: &str,
    jobs: Option<usize>,
) -> PyResult<String> {
    let options = rate_options(timeout_ms, scale)?;
    let records = run_entries(py, puzzles, jobs, &Failure::default(), |job, sudokus| {
        rate_job(job, sudokus, &options)
    })?;
    csv_text(
        RateRecord::csv_header(),
        records.iter().map(RateRecord::csv_fields),
    )
}

/// The records of `sudoku explain --format json`, one per puzzle (with
/// `--max-difficulty` when `max_difficulty` is given: a ValueError for a
/// number that is not one).
#[pyfunction]
#[pyo3(signature = (puzzles, *, jobs=None, max_difficulty=None))]
pub fn explain_records<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    jobs: Option<usize>,
    max_difficulty: Option<f64>,
) -> PyResult<Bound<'py, PyAny>> {
    let max_difficulty = (max_difficulty.map(|x| format!("{x:.1}").parse::<Difficulty>()))
        .transpose()
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
    let options = ExplainOptions {
        max_difficulty,
        ..ExplainOptions::default()
    };
    let records: Vec<ExplainRecord> =
        run_entries(py, puzzles, jobs, &Failure::default(), |job, sudokus| {
            explain_job_with(job, sudokus, &options)
        })?;
    to_py(py, &records)
}

/// The records of `sudoku generate --format json`: `count` puzzles of the
/// run seeded by `seed` (from the clock if None), made on `jobs` threads;
/// the same seed gives the same puzzles.
#[pyfunction]
#[pyo3(signature = (count=1, *, seed=None, size=None, r#box=None, variant=None, symmetry=None, minimal=false, clues=None, level=None, attempts=1000, jigsaw=false, killer=false, jobs=None, se=None, technique=None, lines=None, line_count=None))]
#[allow(clippy::too_many_arguments)]
pub fn generate_records<'py>(
    py: Python<'py>,
    count: u64,
    seed: Option<u64>,
    size: Option<usize>,
    r#box: Option<String>,
    variant: Option<&str>,
    symmetry: Option<&str>,
    minimal: bool,
    clues: Option<String>,
    level: Option<String>,
    attempts: u64,
    jigsaw: bool,
    killer: bool,
    jobs: Option<usize>,
    se: Option<String>,
    technique: Option<String>,
    lines: Option<String>,
    line_count: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let bad = |what: &str, e: &dyn std::fmt::Display| {
        InvalidStrategy::new_err(format!("invalid {what}: {e}"))
    };
    let settings = GenerateSettings {
        size,
        box_shape: r#box,
        variant: match variant {
            Some(v) => v.parse().map_err(|e| bad("variant", &e))?,
            None => Reading::default().variant,
        },
        symmetry: match symmetry {
            Some(s) => s.parse().map_err(|e| bad("symmetry", &e))?,
            None => Default::default(),
        },
        minimal,
        clues,
        level,
        attempts,
        jigsaw,
        killer,
        lines,
        line_count,
        se,
        technique,
        spelling: sudoku_cli::strategy::Spelling::Keywords,
    };
    let size = settings.grid_size().map_err(strategy_error)?;
    let options = settings.options().map_err(strategy_error)?;
    let sudoku = Sudoku::new(size, settings.variant.clone());
    Generator::new(&sudoku, options.clone())
        .map_err(|e| InvalidStrategy::new_err(e.to_string()))?;
    let seed = seed.unwrap_or_else(clock_seed);
    let jobs = threads(jobs);
    let made = py.detach(|| -> anyhow::Result<Vec<_>> {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build()?;
        Ok(pool.install(|| {
            (0..count)
                .into_par_iter()
                .map_init(
                    || Generator::new(&sudoku, options.clone()).expect("checked options"),
                    |generator, index| {
                        let made = make(generator, &sudoku, seed, index, true);
                        record(&sudoku, &options, seed, index, made)
                    },
                )
                .collect()
        }))
    });
    let made = made.map_err(|e| puzzle_error(format!("{e:#}")))?;
    to_py(py, &made)
}

/// A writer into a shared buffer.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The events of `sudoku solve --trace FILE` (JSON Lines) for one puzzle:
/// a `puzzle` line, the search's events (at most `limit`, then `cut`), an
/// `end` line.
#[pyfunction]
#[pyo3(signature = (puzzle, *, limit=100_000, solutions=Some(1), **strategy))]
pub fn trace_jsonl(
    py: Python<'_>,
    puzzle: &Bound<'_, PyAny>,
    limit: u64,
    solutions: Option<u64>,
    strategy: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let plan = plan(strategy)?;
    if plan.is_bitboard() {
        return Err(InvalidStrategy::new_err(
            "trace follows the engine's search; the bitboard solver has no trace",
        ));
    }
    if plan.calls_python() {
        return Err(InvalidStrategy::new_err(
            "trace runs the built-in heuristics (a heuristic written in Python is not traced)",
        ));
    }
    (plan.strategy.one_search("trace")).map_err(crate::errors::strategy_error)?;
    let p = crate::puzzle::PyPuzzle {
        entry: entry_of(puzzle)?,
    };
    let buffer = Shared::default();
    let file = TraceFile::to_writer(
        Box::new(buffer.clone()),
        "<trace>".into(),
        limit,
        Box::new(Jsonl),
    );
    let origin = Origin {
        file: p.entry.source.to_string(),
        line: p.entry.line,
        puzzle: p.entry.text.clone(),
    };
    let config = plan.config().clone();
    py.detach(|| {
        file.run(&origin, p.sudoku(), p.puzzle(), &config, solutions, None)
            .map(|_| ())
            .map_err(|e| e.to_string())
            .and_then(|()| file.finish().map_err(|e| format!("{e:#}")))
    })
    .map_err(puzzle_error)?;
    let bytes = buffer.0.lock().unwrap_or_else(|p| p.into_inner()).clone();
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}
