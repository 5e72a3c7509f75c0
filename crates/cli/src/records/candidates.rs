//! `sudoku candidates`' record.
#![allow(missing_docs)]

use serde::{Serialize, Serializer};
use sudoku::CandidateGrid;

use super::columns::{Cell, Column, Columns, Lazy, Tabular};
use super::head::{Head, Keys, headed};
use super::{Origin, stop_words};

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
#[derive(Clone, Debug)]
pub struct CandidatesRecord {
    /// status: ok | contradiction | stopped | invalid
    pub head: Head,
    pub propagation: String,
    /// Per cell in reading order: a filled cell's digit, or an empty cell's
    /// candidates run together (empty string: none).
    pub candidates: Option<Vec<String>>,
    /// The grid once propagated: givens and the cells propagation filled,
    /// `.` for the empty ones.
    pub filled: Option<String>,
    /// True candidates only (`--true`): per cell, for each of its
    /// candidates in order, the solutions that hold it, up to `limit`
    /// (`limit` means "`limit` or more"); empty for a given.
    pub counts: Option<Vec<Vec<u64>>>,
    /// True candidates only: the count limit.
    pub limit: Option<u64>,
    /// True candidates only: the puzzle's solutions, up to `limit + 1`
    /// (which means "more than `limit`").
    pub solutions: Option<u64>,
    /// The candidate grid, for the text format only.
    pub grid: Option<String>,
}

/// The JSON keys in the contract's order.
impl Serialize for CandidatesRecord {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut k = Keys::start(s, &self.head)?;
        k.key("propagation", &self.propagation)?;
        k.key("candidates", &self.candidates)?;
        k.key("filled", &self.filled)?.error()?.file()?;
        k.version_and_rules()?;
        k.present("counts", &self.counts)?;
        k.present("limit", &self.limit)?;
        k.present("solutions", &self.solutions)?;
        k.end()
    }
}

headed!(CandidatesRecord);

impl CandidatesRecord {
    pub fn new(origin: Origin, propagation: String) -> CandidatesRecord {
        CandidatesRecord {
            head: Head::new(origin),
            propagation,
            candidates: None,
            filled: None,
            counts: None,
            limit: None,
            solutions: None,
            grid: None,
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
            r.head.status = "stopped";
            r.head.error = Some(stop_words(reason).to_string());
        }
        r
    }

    pub fn shown(mut self, grid: &CandidateGrid, sudoku: &sudoku::Sudoku) -> CandidatesRecord {
        self.head.set_rules(sudoku);
        self.head.status = if grid.is_contradiction() {
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
