//! `Puzzle`: one puzzle read as the command line reads it (a line, a grid,
//! an f-puzzles document or link, a SudokuPad link), with its rules.

use std::path::PathBuf;

use csp_core::PropagationLevel;
use pyo3::prelude::*;
use sudoku_cli::input::{self, Entry, PuzzleLines, ReadError, ReadOptions};
use sudoku_cli::strategy::{self, Overrides};

use crate::errors::{puzzle_error, strategy_error};

/// How puzzles are read: the command line's input flags.
#[derive(Clone, Debug)]
pub struct Reading {
    /// Rules of plain puzzle lines (`--variant`).
    pub variant: sudoku::Variant,
    /// Alphabet, box shape, propagators, user rules, unknown shapes.
    pub options: ReadOptions,
}

impl Default for Reading {
    fn default() -> Reading {
        Reading {
            variant: "classic".parse().expect("classic is a variant"),
            options: ReadOptions::default(),
        }
    }
}

impl Reading {
    /// The settings of the keyword arguments, parsed as the flags are.
    pub fn new(
        variant: Option<&str>,
        symbols: Option<&str>,
        box_shape: Option<&str>,
        rules: Vec<String>,
        propagators: Option<&str>,
        ignore_unknown: bool,
    ) -> PyResult<Reading> {
        let bad =
            |what: &str, e: &dyn std::fmt::Display| puzzle_error(format!("invalid {what}: {e}"));
        let variant = match variant {
            Some(v) => v.parse().map_err(|e| bad("variant", &e))?,
            None => Reading::default().variant,
        };
        let symbols = (symbols.map(str::parse::<sudoku::Symbols>).transpose())
            .map_err(|e| bad("symbols", &e))?;
        let shape = (box_shape
            .map(|b| input::parse_box(b, sudoku_cli::strategy::Spelling::Keywords)))
        .transpose()
        .map_err(|e| puzzle_error(format!("{e:#}")))?;
        let propagators = match propagators {
            Some(p) => p.parse().map_err(|e| bad("propagators", &e))?,
            None => sudoku::Propagators::default(),
        };
        let user_rules = (rules.iter().map(|r| r.parse::<sudoku::UserRule>()))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| bad("rule", &e))?;
        Ok(Reading {
            variant,
            options: ReadOptions {
                symbols,
                shape,
                propagators,
                user_rules,
                ignore_unknown,
            },
        })
    }

    /// The entries of `text` (named `source`): an f-puzzles document when
    /// it is one, else lines.
    pub fn text(&self, source: &str, text: &str) -> Vec<Result<Entry, ReadError>> {
        input::text_entries(source, text, &self.options)
    }

    /// The entries of the files (folders: the files inside).
    pub fn files(&self, paths: Vec<PathBuf>) -> PuzzleLines {
        PuzzleLines::new(paths, self.options.clone())
    }

    /// `entry` with the rules it is solved under, built now (its own for a
    /// document, else the variant's for its size), so that it keeps them
    /// wherever it goes.
    pub fn with_rules(&self, entry: Entry) -> Entry {
        sudoku_cli::runner::with_built_rules(entry, &self.variant, &self.options)
    }
}

/// A puzzle with the rules it is solved under.
///
/// Read one with `Puzzle.parse(text)` or `Puzzle.from_file(path)`: a line
/// of 81 characters (`.` or `0` for empty), a grid written row by row, an
/// f-puzzles document (JSON) or an f-puzzles / SudokuPad link, as the
/// `sudoku` command reads them. In Jupyter it displays as a picture.
#[pyclass(name = "Puzzle", module = "sudoku_csp", frozen)]
pub struct PyPuzzle {
    /// The entry, its puzzle valid and its rules built.
    pub entry: Entry,
}

impl PyPuzzle {
    /// The entry of a valid puzzle, or the error naming its place.
    pub fn from_entry(entry: Result<Entry, ReadError>, reading: &Reading) -> PyResult<PyPuzzle> {
        let entry = entry.map_err(|e| puzzle_error(e.to_string()))?;
        let entry = reading.with_rules(entry);
        if let Err(e) = &entry.puzzle {
            return Err(puzzle_error(format!(
                "{}:{}: {e}",
                entry.source, entry.line
            )));
        }
        let p = PyPuzzle { entry };
        p.sudoku()
            .check_givens(p.puzzle())
            .map_err(|e| puzzle_error(format!("{}:{}: {e}", p.entry.source, p.entry.line)))?;
        Ok(p)
    }

    /// The grid.
    pub fn puzzle(&self) -> &sudoku::Puzzle {
        self.entry
            .puzzle
            .as_ref()
            .expect("a Puzzle holds a valid grid")
    }

    /// Its rules.
    pub fn sudoku(&self) -> &sudoku::Sudoku {
        self.entry
            .rules
            .as_ref()
            .expect("a Puzzle's rules are built")
    }
}

fn one(
    mut entries: Vec<Result<Entry, ReadError>>,
    place: &str,
    reading: &Reading,
) -> PyResult<PyPuzzle> {
    match entries.len() {
        0 => Err(puzzle_error(format!("{place}: no puzzle in it"))),
        1 => PyPuzzle::from_entry(entries.remove(0), reading),
        n => Err(puzzle_error(format!(
            "{place}: holds {n} puzzles, not one: read them with sudoku_csp.read_puzzles, or give them to solve_many"
        ))),
    }
}

#[pymethods]
impl PyPuzzle {
    /// Its step-by-step solution in words, as `sudoku_csp.explain(self,
    /// max_difficulty=...)` gives it (an `ExplainResult`: `steps` with
    /// their technique, difficulty and pattern, `se`...).
    #[pyo3(signature = (*, max_difficulty=None))]
    fn explain<'py>(
        slf: &Bound<'py, Self>,
        max_difficulty: Option<f64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let kwargs = pyo3::types::PyDict::new(py);
        kwargs.set_item("max_difficulty", max_difficulty)?;
        (py.import("sudoku_csp")?.getattr("explain")?).call((slf,), Some(&kwargs))
    }

    /// Its rating, as `sudoku_csp.rate(self, scale=..., timeout_ms=...)`
    /// gives it (`scale="se"`: Sudoku Explainer's ER/EP/ED in `se`).
    #[pyo3(signature = (*, scale="grade", timeout_ms=None))]
    fn rate<'py>(
        slf: &Bound<'py, Self>,
        scale: &str,
        timeout_ms: Option<u64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let kwargs = pyo3::types::PyDict::new(py);
        kwargs.set_item("scale", scale)?;
        kwargs.set_item("timeout_ms", timeout_ms)?;
        (py.import("sudoku_csp")?.getattr("rate")?).call((slf,), Some(&kwargs))
    }

    /// Reads one puzzle from `text`, with the command line's input options:
    /// `variant` (global rules for plain lines, e.g. "x,windoku"),
    /// `symbols` ("0-F"), `box` ("3x2"), `rules` (rules of your own,
    /// "regex:CELLS:PATTERN"), `propagators`, `ignore_unknown`.
    #[staticmethod]
    #[pyo3(signature = (text, *, variant=None, symbols=None, r#box=None, rules=Vec::new(), propagators=None, ignore_unknown=false))]
    #[allow(clippy::too_many_arguments)]
    fn parse(
        text: &str,
        variant: Option<&str>,
        symbols: Option<&str>,
        r#box: Option<&str>,
        rules: Vec<String>,
        propagators: Option<&str>,
        ignore_unknown: bool,
    ) -> PyResult<PyPuzzle> {
        let reading = Reading::new(variant, symbols, r#box, rules, propagators, ignore_unknown)?;
        one(reading.text("<text>", text), "<text>", &reading)
    }

    /// Reads the one puzzle of a file (a puzzle line, a grid, an f-puzzles
    /// `.json` document or link), with the options of `parse`.
    #[staticmethod]
    #[pyo3(signature = (path, *, variant=None, symbols=None, r#box=None, rules=Vec::new(), propagators=None, ignore_unknown=false))]
    #[allow(clippy::too_many_arguments)]
    fn from_file(
        path: PathBuf,
        variant: Option<&str>,
        symbols: Option<&str>,
        r#box: Option<&str>,
        rules: Vec<String>,
        propagators: Option<&str>,
        ignore_unknown: bool,
    ) -> PyResult<PyPuzzle> {
        crate::errors::check_file(&path, "")?;
        let reading = Reading::new(variant, symbols, r#box, rules, propagators, ignore_unknown)?;
        let place = path.display().to_string();
        one(reading.files(vec![path]).collect(), &place, &reading)
    }

    /// The puzzle on one line (`.` for empty cells).
    #[getter]
    fn text(&self) -> String {
        self.puzzle().to_line_with(&self.entry.symbols)
    }

    /// Cells per row (9 for a classic grid).
    #[getter]
    fn side(&self) -> usize {
        self.puzzle().size().side()
    }

    /// The digits, cell by cell in reading order (0 for empty).
    #[getter]
    fn cells(&self) -> Vec<u8> {
        self.puzzle().cells().to_vec()
    }

    /// The number of given digits.
    #[getter]
    fn givens(&self) -> usize {
        self.puzzle().givens()
    }

    /// Where it was read: `<text>`, or the file name.
    #[getter]
    fn source(&self) -> String {
        self.entry.source.to_string()
    }

    /// The line it was read on (of the grid's first row), from 1.
    #[getter]
    fn line(&self) -> u64 {
        self.entry.line
    }

    /// The rules beyond the classic ones (`jigsaw`, `killer-cage`, ...),
    /// each once; empty for a classic puzzle.
    #[getter]
    fn rules(&self) -> Vec<&'static str> {
        sudoku_cli::records::rules_of(self.sudoku())
            .0
            .unwrap_or_default()
    }

    /// The puzzle's title, from its file (None if it has none).
    #[getter]
    fn title(&self) -> Option<String> {
        self.sudoku().rules().about.title.clone()
    }

    /// The puzzle's author, from its file.
    #[getter]
    fn author(&self) -> Option<String> {
        self.sudoku().rules().about.author.clone()
    }

    /// The setter's rules in words, from its file.
    #[getter]
    fn rules_text(&self) -> Option<String> {
        self.sudoku().rules().about.rules_text.clone()
    }

    /// A picture of the puzzle as SVG text: its rules drawn, with the
    /// `candidates` left at a propagation level ("singles", ...) and the
    /// `solution` (found with the default strategy) if asked.
    #[pyo3(signature = (*, candidates=None, solution=false))]
    fn svg(&self, candidates: Option<&str>, solution: bool) -> PyResult<String> {
        let (sudoku, puzzle) = (self.sudoku(), self.puzzle());
        let level: Option<PropagationLevel> =
            (candidates.map(str::parse)).transpose().map_err(|e| {
                crate::errors::InvalidStrategy::new_err(format!("invalid candidates: {e}"))
            })?;
        let solver = strategy::resolve(&Overrides::default()).map_err(strategy_error)?;
        let solver = solution.then_some(&solver.search);
        let picture =
            sudoku_cli::picture::picture(sudoku, puzzle, level, solver).map_err(puzzle_error)?;
        if picture.no_solution {
            return Err(puzzle_error("no solution to draw: the puzzle has none"));
        }
        Ok(picture.svg)
    }

    /// The true candidates (as `sudoku candidates --true --format json`
    /// prints them, a dict): for every empty cell the digits of its
    /// solutions (`candidates`), each with the number of solutions that
    /// hold it up to `limit` (`counts`), and the puzzle's `solutions` up to
    /// `limit + 1` (which means more than `limit`). The strategy keywords
    /// are those of `solve`; with none, the `portfolio` preset's turns
    /// make each search (as `count`).
    #[pyo3(signature = (limit=Some(8), **strategy))]
    fn true_candidates<'py>(
        slf: &Bound<'py, Self>,
        limit: Option<i128>,
        strategy: Option<&Bound<'py, pyo3::types::PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        crate::one_puzzle::true_candidates(slf.py(), slf.get().entry.clone(), limit, strategy)
    }

    /// The picture Jupyter shows.
    fn _repr_svg_(&self) -> PyResult<String> {
        self.svg(None, false)
    }

    /// The board, as `sudoku solve` prints it.
    fn __str__(&self) -> String {
        self.sudoku().board(self.puzzle()).to_string()
    }

    fn __repr__(&self) -> String {
        let side = self.side();
        let rules = self.rules();
        let rules = if rules.is_empty() {
            String::new()
        } else {
            format!(", rules: {}", rules.join(", "))
        };
        format!(
            "Puzzle({:?}, {side}x{side}, {} givens{rules})",
            self.text(),
            self.givens()
        )
    }
}
