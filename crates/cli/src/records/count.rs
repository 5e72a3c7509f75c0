//! `sudoku count`'s record.
#![allow(missing_docs)]

use serde::Serialize;

use super::columns::{Column, Columns, Lazy, Tabular};
use super::stats::stats_columns;
use super::{AboutRecord, Found, Origin, Stats, StrategyRecord, VERSION, rules_of, stop_words};

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
    Columns::new(c)
});

/// `sudoku count`: one per puzzle.
#[derive(Serialize, Clone, Debug)]
pub struct CountRecord {
    pub line: u64,
    pub puzzle: String,
    /// none | unique | multiple | solvable (limit 1) | stopped | invalid
    pub status: &'static str,
    pub solutions: Option<u64>,
    /// Whether `solutions` is the exact count (the search was exhausted).
    pub exact: bool,
    /// Whether `solutions` is only a lower bound: a limit stopped the
    /// search (status `stopped`).
    pub lower_bound: bool,
    /// The limit counted to (null: all).
    pub limit: Option<u64>,
    pub solution: Option<String>,
    pub error: Option<String>,
    /// The kind of `error`, to count errors by.
    #[serde(skip)]
    pub error_kind: Option<&'static str>,
    pub stats: Option<Stats>,
    pub strategy: StrategyRecord,
    pub file: String,
    pub version: &'static str,
    /// As in [`SolveRecord::rules`](super::SolveRecord::rules).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<Vec<&'static str>>,
    /// As in [`SolveRecord::rules_summary`](super::SolveRecord::rules_summary).
    #[serde(skip)]
    pub rules_summary: Option<String>,
    /// As in [`SolveRecord::about`](super::SolveRecord::about).
    #[serde(flatten)]
    pub about: AboutRecord,
}

impl CountRecord {
    pub fn new(origin: Origin, strategy: StrategyRecord, limit: Option<u64>) -> CountRecord {
        CountRecord {
            line: origin.line,
            puzzle: origin.puzzle,
            status: "invalid",
            solutions: None,
            exact: false,
            lower_bound: false,
            limit,
            solution: None,
            error: None,
            error_kind: None,
            stats: None,
            strategy,
            file: origin.file,
            version: VERSION,
            rules: None,
            rules_summary: None,
            about: AboutRecord::default(),
        }
    }

    /// The record of a count by either solver.
    pub fn counted(mut self, found: Found<'_>, sudoku: &sudoku::Sudoku) -> CountRecord {
        (self.rules, self.rules_summary) = rules_of(sudoku);
        self.about = AboutRecord::of(sudoku, found.solution);
        let n = found.solutions;
        self.status = match (found.stopped, n, found.exact) {
            (Some(_), _, _) => "stopped",
            (None, 0, _) => "none",
            (None, 1, true) => "unique",
            (None, 1, false) => "solvable",
            (None, _, _) => "multiple",
        };
        if let Some(reason) = found.stopped {
            self.error = Some(stop_words(reason).into());
        }
        self.solutions = Some(n);
        self.exact = found.exact;
        self.lower_bound = found.stopped.is_some();
        self.solution = found.solution.map(|s| s.to_line());
        self.stats = Some(found.stats);
        self
    }

    /// The record of a puzzle that could not be counted: why (`kind`, to
    /// count errors by, and the message).
    pub fn invalid(self, kind: &'static str, message: String) -> CountRecord {
        CountRecord {
            error: Some(message),
            error_kind: Some(kind),
            ..self
        }
    }

    /// In words: `unique`, `none`, `multiple (2 or more)`, `288 solutions`.
    pub fn summary(&self) -> String {
        let n = self.solutions.unwrap_or(0);
        match (self.status, self.limit) {
            ("multiple", _) if self.exact => format!("{n} solutions"),
            ("multiple", _) => format!("multiple ({n} or more solutions)"),
            ("stopped", _) => format!(
                "stopped: at least {} (a lower bound: {})",
                crate::words::count(n, "solution"),
                self.error.as_deref().unwrap_or("")
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
