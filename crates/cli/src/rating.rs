//! `sudoku rate`'s record of a puzzle: level needed, grade, score, what
//! each rule did. The command and the Python package make them here.

use csp_core::SubsetSizes;
use serde::{Serialize, Serializer, ser::SerializeMap};
use std::time::Duration;
use sudoku::generate::level_name;
use sudoku::rate::{Grade, Rating, WEIGHTS};

use crate::records::columns::{Cell, Column, Columns, Lazy, Tabular};
use crate::records::{Origin, VERSION, rules_of};
use crate::runner::{Job, Sudokus, on_puzzle, origin};

/// `sudoku rate`: one per puzzle.
#[derive(Serialize, Clone, Debug)]
pub struct RateRecord {
    /// The line in its file, from 1.
    pub line: u64,
    /// The puzzle as read.
    pub puzzle: String,
    /// unique | multiple | unsolvable | stopped | invalid
    pub status: &'static str,
    /// Solutions counted up to 2.
    pub solutions: Option<u64>,
    /// The weakest level that solves it: singles, locked, gac, probing or
    /// guessing (none for a full grid, fc for a contradiction).
    pub level_needed: Option<&'static str>,
    /// easy | medium | hard | fiendish | extreme (unique puzzles only).
    pub grade: Option<&'static str>,
    /// The difficulty score (unique puzzles only).
    pub score: Option<u64>,
    /// Per rule of the score: cells it filled (singles) or candidates it
    /// removed.
    pub used: Option<Used>,
    /// GAC's removals by the size of the subset that made each (`"2"`:
    /// pairs, `"3"`: triples, ...; only sizes that removed something).
    pub subsets: Option<Subsets>,
    /// The largest such subset (0: none).
    pub largest_subset: Option<usize>,
    /// Guesses the rating search made.
    pub guesses: Option<u64>,
    /// Why it was not rated.
    pub error: Option<String>,
    /// The kind of `error`, to count errors by.
    #[serde(skip)]
    pub error_kind: Option<&'static str>,
    /// The file it was read from.
    pub file: String,
    /// This build's version.
    pub version: &'static str,
    /// The rules in force, for variants (as in `solve`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<Vec<&'static str>>,
}

/// `used` in json: the rules of [`WEIGHTS`], in that order.
#[derive(Clone, Debug)]
pub struct Used(pub Rating);

impl Serialize for Used {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(WEIGHTS.len()))?;
        for (rule, _) in WEIGHTS {
            map.serialize_entry(rule.name(), &self.0.used(rule))?;
        }
        map.end()
    }
}

/// `subsets` in json: size -> removals, smallest first.
#[derive(Clone, Debug)]
pub struct Subsets(pub SubsetSizes);

impl Serialize for Subsets {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(None)?;
        for (size, removals) in self.0.iter() {
            map.serialize_entry(&size.to_string(), &removals)?;
        }
        map.end()
    }
}

impl Subsets {
    /// ` (pair 12, triple 4)` in text, after GAC's removals.
    pub fn text(&self) -> String {
        let sizes: Vec<String> = (self.0.iter())
            .map(|(k, n)| format!("{} {n}", SubsetSizes::name(k)))
            .collect();
        format!(" ({})", sizes.join(", "))
    }
}

impl RateRecord {
    /// The record of a puzzle not rated yet (invalid until rated).
    pub fn new(origin: Origin) -> RateRecord {
        RateRecord {
            line: origin.line,
            puzzle: origin.puzzle,
            status: "invalid",
            solutions: None,
            level_needed: None,
            grade: None,
            score: None,
            used: None,
            subsets: None,
            largest_subset: None,
            guesses: None,
            error: None,
            error_kind: None,
            file: origin.file,
            version: VERSION,
            rules: None,
        }
    }

    /// The record of a rated puzzle.
    pub fn rated(mut self, rating: Rating, sudoku: &sudoku::Sudoku) -> RateRecord {
        self.rules = rules_of(sudoku).0;
        self.status = match rating.solutions {
            0 => "unsolvable",
            1 => "unique",
            _ => "multiple",
        };
        self.solutions = Some(rating.solutions);
        self.level_needed = Some(level_name(rating.level));
        self.grade = rating.grade.map(Grade::name);
        self.score = rating.grade.map(|_| rating.score);
        self.guesses = Some(rating.guesses);
        self.subsets = Some(Subsets(*rating.subsets()));
        self.largest_subset = Some(rating.subsets().largest());
        self.used = Some(Used(rating));
        self
    }

    /// The record of a puzzle not rated within `timeout` ms.
    pub fn stopped(mut self, timeout: u64, sudoku: &sudoku::Sudoku) -> RateRecord {
        self.rules = rules_of(sudoku).0;
        self.status = "stopped";
        self.error = Some(format!("not rated within the time limit ({timeout} ms)"));
        self
    }
}

/// The CSV columns, each a JSON key of the record: one per rule of the
/// rating (`used.<rule>`), `subsets` as `size:removals` pairs.
static COLUMNS: Lazy = Lazy::new(|| {
    let mut c: Vec<Column> = [
        "file",
        "line",
        "puzzle",
        "status",
        "solutions",
        "level_needed",
        "grade",
        "score",
    ]
    .map(Column::key)
    .to_vec();
    c.extend((WEIGHTS.iter()).map(|(r, _)| Column::at(r.name(), &["used", r.name()])));
    c.extend(["guesses", "largest_subset"].map(Column::key));
    c.push(Column::key("subsets").written(Cell::Pairs));
    c.extend(["error", "version"].map(Column::key));
    Columns::new(c)
});

impl RateRecord {
    /// The status in words, for text.
    pub fn status_words(&self) -> &'static str {
        match self.status {
            "multiple" => "several solutions",
            "unsolvable" => "no solution",
            other => other,
        }
    }
}

/// The rate record of one puzzle of the input, rated within `timeout_ms`
/// (`None` or 0: no limit); a puzzle that cannot be worked on gets an
/// `invalid` record.
pub fn rate_job(job: &Job, sudokus: &Sudokus, timeout_ms: Option<u64>) -> RateRecord {
    let timeout = timeout_ms.filter(|&ms| ms > 0).map(Duration::from_millis);
    let base = RateRecord::new(origin(job));
    let result = on_puzzle(job, sudokus, |sudoku, puzzle| {
        Ok(match sudoku.rate_within(puzzle, timeout)? {
            Some(rating) => base.clone().rated(rating, sudoku),
            None => base.clone().stopped(timeout_ms.unwrap_or(0), sudoku),
        })
    });
    result.unwrap_or_else(|e| RateRecord {
        error: Some(e.message),
        error_kind: Some(e.kind),
        ..base
    })
}

impl Tabular for RateRecord {
    fn columns() -> &'static Columns {
        &COLUMNS
    }
}
