//! `sudoku solve`'s record.
#![allow(missing_docs)]

use serde::{Serialize, Serializer};

use super::columns::{Column, Columns, Lazy, Tabular};
use super::head::{Head, Keys, headed};
use super::stats::stats_columns;
use super::{AboutRecord, Found, Origin, Stats, StatsRecord, StrategyRecord, stop_words};

/// The CSV columns, each a JSON key of the record.
static COLUMNS: Lazy = Lazy::new(|| {
    let mut c: Vec<Column> = ["file", "line", "puzzle", "status", "solution", "error"]
        .map(Column::key)
        .to_vec();
    c.extend(stats_columns(&[]));
    c.extend(StrategyRecord::columns());
    c.extend(["unique", "version", "level_needed", "uniqueness"].map(Column::key));
    c.push(StrategyRecord::engine_column());
    c.push(StrategyRecord::portfolio_column());
    Columns::new(c)
});

/// What `solve --unique` found out.
#[derive(Serialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "lowercase")]
pub enum Uniqueness {
    /// No second solution exists.
    Unique,
    /// A second solution was found.
    Multiple,
    /// A limit stopped the search for a second solution.
    Unknown,
}

impl Uniqueness {
    pub fn name(self) -> &'static str {
        match self {
            Uniqueness::Unique => "unique",
            Uniqueness::Multiple => "multiple",
            Uniqueness::Unknown => "unknown",
        }
    }
}

/// `sudoku solve`: one per puzzle.
#[derive(Clone, Debug)]
pub struct SolveRecord {
    /// status: solved | unsolvable | invalid | stopped (| multiple with
    /// --unique)
    pub head: Head,
    pub solution: Option<String>,
    /// The engine's counters, or the bitboard solver's (`--engine
    /// bitboard`: the same keys, null where it has no such counter).
    pub stats: Option<Stats>,
    /// The weakest propagation level that settles the puzzle without a
    /// placement (`singles`, `locked`, `gac`, `probing`, ...), `unsolved`
    /// if none does; null for invalid input.
    pub level_needed: Option<&'static str>,
    pub strategy: StrategyRecord,
    /// With `--unique`: whether the solution is the only one (absent when
    /// the check was stopped by a limit: see `uniqueness`).
    pub unique: Option<bool>,
    /// With `--unique`: `unique`, `multiple`, or `unknown` when a limit
    /// stopped the check (the exit code is then 1).
    pub uniqueness: Option<Uniqueness>,
    /// What the puzzle's file says about itself (keys absent when it
    /// says nothing).
    pub about: AboutRecord,
    /// The board of the puzzle, for the text format only.
    pub boards: Option<(String, Option<String>)>,
}

/// The JSON keys in the contract's order.
impl Serialize for SolveRecord {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut k = Keys::start(s, &self.head)?;
        k.key("solution", &self.solution)?.error()?;
        k.key("stats", &self.stats)?;
        k.key("level_needed", &self.level_needed)?;
        k.key("strategy", &self.strategy)?.file()?;
        k.present("unique", &self.unique)?;
        k.present("uniqueness", &self.uniqueness)?;
        k.version_and_rules()?.about(&self.about)?;
        k.end()
    }
}

headed!(SolveRecord);

impl SolveRecord {
    pub fn new(origin: Origin, strategy: StrategyRecord) -> SolveRecord {
        SolveRecord {
            head: Head::new(origin),
            solution: None,
            stats: None,
            level_needed: None,
            strategy,
            unique: None,
            uniqueness: None,
            about: AboutRecord::default(),
            boards: None,
        }
    }

    /// The record of a search by either solver; the solution in the
    /// puzzle's alphabet.
    pub fn solved(
        mut self,
        found: Found<'_>,
        sudoku: &sudoku::Sudoku,
        puzzle: &sudoku::Puzzle,
        symbols: &sudoku::Symbols,
    ) -> SolveRecord {
        self.head.set_rules(sudoku);
        self.about = AboutRecord::of(sudoku, found.solution);
        self.head.status = match (found.solution, found.stopped) {
            (Some(_), _) => "solved",
            (None, Some(_)) => "stopped",
            (None, None) => "unsolvable",
        };
        if let (None, Some(reason)) = (found.solution, found.stopped) {
            self.head.error = Some(stop_words(reason).into());
        }
        self.solution = found.solution.map(|s| s.to_line_with(symbols));
        self.stats = Some(found.stats);
        self.boards = Some((
            sudoku.board(puzzle).to_string(),
            found.solution.map(|s| sudoku.board(s).to_string()),
        ));
        self
    }

    /// The record with what `--unique` found out: `Some(true)` the
    /// solution is the only one, `Some(false)` there is another (status
    /// `multiple`), `None` a limit stopped the check.
    pub fn with_uniqueness(mut self, unique: Option<bool>) -> SolveRecord {
        self.unique = unique;
        self.uniqueness = Some(match unique {
            Some(true) => Uniqueness::Unique,
            Some(false) => Uniqueness::Multiple,
            None => Uniqueness::Unknown,
        });
        if unique == Some(false) {
            self.head.status = "multiple";
        }
        self
    }

    /// The engine's counters, when the engine solved.
    pub fn engine_stats(&self) -> Option<&StatsRecord> {
        match &self.stats {
            Some(Stats::Engine(s)) => Some(s),
            _ => None,
        }
    }

    pub fn failed(&self) -> bool {
        matches!(self.head.status, "unsolvable" | "stopped" | "multiple")
            || self.uniqueness == Some(Uniqueness::Unknown)
    }
}

impl Tabular for SolveRecord {
    fn columns() -> &'static Columns {
        &COLUMNS
    }
}
