//! `sudoku candidates`' record.
#![allow(missing_docs)]

use serde::Serialize;
use sudoku::CandidateGrid;

use super::columns::{Cell, Column, Columns, Lazy, Tabular};
use super::{Origin, VERSION, rules_of, stop_words};

/// The CSV columns, each a JSON key of the record: `candidates` per cell
/// joined by spaces, `counts` per cell joined by `,` (`-` for a given).
static COLUMNS: Lazy = Lazy::new(|| {
    let mut c: Vec<Column> = ["file", "line", "puzzle", "status", "propagation"]
        .map(Column::key)
        .to_vec();
    c.push(Column::key("candidates").written(Cell::Words));
    c.extend(["filled", "error", "version"].map(Column::key));
    c.push(Column::key("counts").written(Cell::Lists));
    Columns::new(c)
});

/// `sudoku candidates`: one per puzzle.
#[derive(Serialize, Clone, Debug)]
pub struct CandidatesRecord {
    pub line: u64,
    pub puzzle: String,
    /// ok | contradiction | invalid
    pub status: &'static str,
    pub propagation: String,
    /// Per cell in reading order: a filled cell's digit, or an empty cell's
    /// candidates run together (empty string: none).
    pub candidates: Option<Vec<String>>,
    /// The grid once propagated: givens and the cells propagation filled,
    /// `.` for the empty ones.
    pub filled: Option<String>,
    pub error: Option<String>,
    /// The kind of `error`, to count errors by.
    #[serde(skip)]
    pub error_kind: Option<&'static str>,
    pub file: String,
    pub version: &'static str,
    /// As in [`SolveRecord::rules`](super::SolveRecord::rules).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<Vec<&'static str>>,
    /// True candidates only (`--true`): per cell, for each of its
    /// candidates in order, the solutions that hold it, up to `limit`
    /// (`limit` means "`limit` or more"); empty for a given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counts: Option<Vec<Vec<u64>>>,
    /// True candidates only: the count limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<u64>,
    /// True candidates only: the puzzle's solutions, up to `limit + 1`
    /// (which means "more than `limit`").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solutions: Option<u64>,
    /// As in [`SolveRecord::rules_summary`](super::SolveRecord::rules_summary).
    #[serde(skip)]
    pub rules_summary: Option<String>,
    #[serde(skip)]
    pub grid: Option<String>,
}

impl CandidatesRecord {
    pub fn new(origin: Origin, propagation: String) -> CandidatesRecord {
        CandidatesRecord {
            line: origin.line,
            puzzle: origin.puzzle,
            status: "invalid",
            propagation,
            candidates: None,
            filled: None,
            error: None,
            error_kind: None,
            file: origin.file,
            version: VERSION,
            rules: None,
            counts: None,
            limit: None,
            solutions: None,
            rules_summary: None,
            grid: None,
        }
    }

    /// The record of a puzzle that cannot be worked on.
    pub fn invalid(self, kind: &'static str, message: String) -> CandidatesRecord {
        CandidatesRecord {
            error: Some(message),
            error_kind: Some(kind),
            ..self
        }
    }

    /// The record of true candidates (`candidates --true`): status `ok`,
    /// `contradiction` (no solution) or `stopped` (a limit was reached;
    /// the candidates and counts are those found until then, lower
    /// bounds, and `error` says which limit).
    pub fn true_shown(
        self,
        found: &sudoku::TrueCandidates,
        sudoku: &sudoku::Sudoku,
    ) -> CandidatesRecord {
        let mut r = self.shown(&found.grid, sudoku);
        let cells = found.grid.size().cells();
        r.counts = Some(
            (0..cells)
                .map(|i| match found.grid.digit(i) {
                    Some(_) => Vec::new(),
                    None => (found.grid.candidates(i).iter())
                        .map(|&d| found.counts[i][d as usize - 1])
                        .collect(),
                })
                .collect(),
        );
        r.limit = Some(found.limit);
        r.solutions = Some(found.solutions);
        if let Some(reason) = found.stopped {
            r.status = "stopped";
            r.error = Some(stop_words(reason).to_string());
        }
        r
    }

    pub fn shown(mut self, grid: &CandidateGrid, sudoku: &sudoku::Sudoku) -> CandidatesRecord {
        (self.rules, self.rules_summary) = rules_of(sudoku);
        self.status = if grid.is_contradiction() {
            "contradiction"
        } else {
            "ok"
        };
        let cells = grid.size().cells();
        self.candidates = Some(
            (0..cells)
                .map(|i| {
                    grid.candidates(i)
                        .iter()
                        .map(|&d| sudoku::digit_char(d))
                        .collect()
                })
                .collect(),
        );
        self.filled = Some(
            (0..cells)
                .map(|i| sudoku::digit_char(grid.digit(i).unwrap_or(0)))
                .collect(),
        );
        self.grid = Some(grid.to_string());
        self
    }
}

impl Tabular for CandidatesRecord {
    fn columns() -> &'static Columns {
        &COLUMNS
    }
}
