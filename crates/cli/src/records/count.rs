//! `sudoku count`'s record.
#![allow(missing_docs)]

use serde::{Serialize, Serializer};

use super::columns::{Column, Columns, Lazy, Tabular};
use super::head::{Head, Keys, headed};
use super::stats::stats_columns;
use super::{AboutRecord, Found, Origin, Stats, StrategyRecord, stop_words};

/// The CSV columns, each a JSON key of the record. The count's
/// `solutions` is the record's own (the search's counter of the same name
/// is left out of the `stats` columns).
static COLUMNS: Lazy = Lazy::new(|| {
    let mut c: Vec<Column> = [
        "file",
        "line",
        "puzzle",
        "status",
        "solutions",
        "exact",
        "limit",
        "solution",
        "error",
    ]
    .map(Column::key)
    .to_vec();
    c.extend(stats_columns(&["solutions"]));
    c.extend(StrategyRecord::columns());
    c.extend(["version", "lower_bound"].map(Column::key));
    c.push(StrategyRecord::engine_column());
    c.push(StrategyRecord::portfolio_column());
    Columns::new(c)
});

/// `sudoku count`: one per puzzle.
#[derive(Clone, Debug)]
pub struct CountRecord {
    /// status: none | unique | multiple | solvable (limit 1) | stopped |
    /// invalid
    pub head: Head,
    pub solutions: Option<u64>,
    /// Whether `solutions` is the exact count (the search was exhausted).
    pub exact: bool,
    /// Whether `solutions` is only a lower bound: a limit stopped the
    /// search (status `stopped`).
    pub lower_bound: bool,
    /// The limit counted to (null: all).
    pub limit: Option<u64>,
    pub solution: Option<String>,
    pub stats: Option<Stats>,
    pub strategy: StrategyRecord,
    /// As in [`SolveRecord::about`](super::SolveRecord::about).
    pub about: AboutRecord,
}

/// The JSON keys in the contract's order.
impl Serialize for CountRecord {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut k = Keys::start(s, &self.head)?;
        k.key("solutions", &self.solutions)?;
        k.key("exact", &self.exact)?;
        k.key("lower_bound", &self.lower_bound)?;
        k.key("limit", &self.limit)?;
        k.key("solution", &self.solution)?.error()?;
        k.key("stats", &self.stats)?;
        k.key("strategy", &self.strategy)?.file()?;
        k.version_and_rules()?.about(&self.about)?;
        k.end()
    }
}

headed!(CountRecord);

impl CountRecord {
    pub fn new(origin: Origin, strategy: StrategyRecord, limit: Option<u64>) -> CountRecord {
        CountRecord {
            head: Head::new(origin),
            solutions: None,
            exact: false,
            lower_bound: false,
            limit,
            solution: None,
            stats: None,
            strategy,
            about: AboutRecord::default(),
        }
    }

    /// The record of a count by either solver.
    pub fn counted(mut self, found: Found<'_>, sudoku: &sudoku::Sudoku) -> CountRecord {
        self.head.set_rules(sudoku);
        self.about = AboutRecord::of(sudoku, found.solution);
        let n = found.solutions;
        self.head.status = match (found.stopped, n, found.exact) {
            (Some(_), _, _) => "stopped",
            (None, 0, _) => "none",
            (None, 1, true) => "unique",
            (None, 1, false) => "solvable",
            (None, _, _) => "multiple",
        };
        if let Some(reason) = found.stopped {
            self.head.error = Some(stop_words(reason).into());
        }
        self.solutions = Some(n);
        self.exact = found.exact;
        self.lower_bound = found.stopped.is_some();
        self.solution = found.solution.map(|s| s.to_line());
        self.stats = Some(found.stats);
        self
    }

    /// In words: `unique`, `none`, `multiple (2 or more)`, `288 solutions`.
    pub fn summary(&self) -> String {
        let n = self.solutions.unwrap_or(0);
        match (self.head.status, self.limit) {
            ("multiple", _) if self.exact => format!("{n} solutions"),
            ("multiple", _) => format!("multiple ({n} or more solutions)"),
            ("stopped", _) => format!(
                "stopped: at least {} (a lower bound: {})",
                crate::words::count(n, "solution"),
                self.head.error.as_deref().unwrap_or("")
            ),
            ("solvable", _) => "solvable (1 or more solutions)".to_string(),
            (s, _) => s.to_string(),
        }
    }
}

impl Tabular for CountRecord {
    fn columns() -> &'static Columns {
        &COLUMNS
    }
}
