//! `sudoku rate`'s record of a puzzle: level needed, grade, score, what
//! each rule did. The command and the Python package make them here.

use csp_core::SubsetSizes;
use serde::{Serialize, Serializer, ser::SerializeMap};
use std::time::Duration;
use sudoku::explain::{ExplainerRating, rate_explainer_within};
use sudoku::generate::level_name;
use sudoku::rate::{Grade, Rating, WEIGHTS};

use crate::records::columns::{Cell, Column, Columns, Lazy, Tabular};
use crate::records::head::headed;
use crate::records::{Head, Headed, Keys, Origin};
use crate::runner::{Job, Sudokus, on_puzzle, origin};

/// `sudoku rate`: one per puzzle.
#[derive(Clone, Debug)]
pub struct RateRecord {
    /// Where the puzzle came from and how it ended (status: unique |
    /// multiple | unsolvable | stopped | invalid; `error`: why it was not
    /// rated).
    pub head: Head,
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
    /// The rating on Sudoku Explainer's scale (`--scale se` only).
    pub se: Option<ExplainerRecord>,
}

/// A scale `sudoku rate` rates on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Scale {
    /// The weakest propagation level that solves the puzzle, a grade and
    /// a score.
    #[default]
    Grade,
    /// Sudoku Explainer's ER/EP/ED.
    Explainer,
}

impl Scale {
    /// Every scale. The one registry of their names.
    pub const ALL: [Scale; 2] = [Scale::Grade, Scale::Explainer];

    /// Its name on the command line and in Python.
    pub fn name(self) -> &'static str {
        match self {
            Scale::Grade => "grade",
            Scale::Explainer => "se",
        }
    }

    /// The scale called `name`.
    pub fn named(name: &str) -> Option<Scale> {
        Scale::ALL.into_iter().find(|s| s.name() == name)
    }

    /// Every name, for help texts and errors: `grade, se`.
    pub fn names() -> String {
        Scale::ALL.map(Scale::name).join(", ")
    }
}

/// How `sudoku rate` rates.
#[derive(Clone, Copy, Debug, Default)]
pub struct RateOptions {
    /// Give up a puzzle after this many milliseconds (`None` or 0: no
    /// limit).
    pub timeout_ms: Option<u64>,
    /// The scale.
    pub scale: Scale,
}

/// `se` in JSON: ER, EP, ED, the hardest technique, and where the rating
/// stopped when it did.
#[derive(Clone, Debug, serde::Serialize)]
pub struct ExplainerRecord {
    /// The hardest step (`null`: beyond the techniques rated here).
    pub er: Option<f64>,
    /// The hardest step up to the first placement.
    pub ep: Option<f64>,
    /// The first step.
    pub ed: Option<f64>,
    /// The technique of the first step as hard as ER (where the rating
    /// stopped: of the hardest step so far).
    pub hardest: Option<String>,
    /// The technique the rating stopped at, not rated on the scale here
    /// (`null` when it went to the solution).
    pub stopped_at: Option<String>,
}

impl ExplainerRecord {
    /// The record of `rating`.
    pub fn of(rating: &ExplainerRating) -> ExplainerRecord {
        ExplainerRecord {
            er: rating.er.map(|d| d.value()),
            ep: rating.ep.map(|d| d.value()),
            ed: rating.ed.map(|d| d.value()),
            hardest: rating.hardest.map(|t| t.name()),
            stopped_at: rating.stopped_at.map(|t| t.name()),
        }
    }

    /// `7.2/1.2/1.2`, `-` for what is unknown.
    pub fn figures(&self) -> String {
        let f = |d: Option<f64>| d.map_or("-".to_string(), |d| format!("{d:.1}"));
        format!("{}/{}/{}", f(self.er), f(self.ep), f(self.ed))
    }
}

/// The JSON keys in the contract's order.
impl Serialize for RateRecord {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut k = Keys::start(s, &self.head)?;
        k.key("solutions", &self.solutions)?;
        k.key("level_needed", &self.level_needed)?;
        k.key("grade", &self.grade)?;
        k.key("score", &self.score)?;
        k.key("used", &self.used)?;
        k.key("subsets", &self.subsets)?;
        k.key("largest_subset", &self.largest_subset)?;
        k.key("guesses", &self.guesses)?;
        k.key("se", &self.se)?.error()?.file()?;
        k.version_and_rules()?;
        k.end()
    }
}

headed!(RateRecord);

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
            head: Head::new(origin),
            solutions: None,
            level_needed: None,
            grade: None,
            score: None,
            used: None,
            subsets: None,
            largest_subset: None,
            guesses: None,
            se: None,
        }
    }

    /// The rules, the solutions counted (to 2) and the status they make.
    fn counted(&mut self, solutions: u64, sudoku: &sudoku::Sudoku) {
        self.head.set_rules(sudoku);
        self.head.status = match solutions {
            0 => "unsolvable",
            1 => "unique",
            _ => "multiple",
        };
        self.solutions = Some(solutions);
    }

    /// The record of a rated puzzle.
    pub fn rated(mut self, rating: Rating, sudoku: &sudoku::Sudoku) -> RateRecord {
        self.counted(rating.solutions, sudoku);
        self.level_needed = Some(level_name(rating.level));
        self.grade = rating.grade.map(Grade::name);
        self.score = rating.grade.map(|_| rating.score);
        self.guesses = Some(rating.guesses);
        self.subsets = Some(Subsets(*rating.subsets()));
        self.largest_subset = Some(rating.subsets().largest());
        self.used = Some(Used(rating));
        self
    }

    /// The record of a puzzle rated on Sudoku Explainer's scale (`se`
    /// empty for one with rules beyond houses, which it does not rate).
    pub fn rated_explainer(
        mut self,
        rating: &ExplainerRating,
        sudoku: &sudoku::Sudoku,
    ) -> RateRecord {
        self.counted(rating.solutions, sudoku);
        if rating.solutions == 1 && sudoku.has_only_houses() {
            self.se = Some(ExplainerRecord::of(rating));
        }
        self
    }

    /// The record of a puzzle not rated within `timeout` ms.
    pub fn stopped(mut self, timeout: u64, sudoku: &sudoku::Sudoku) -> RateRecord {
        self.head.set_rules(sudoku);
        self.head.status = "stopped";
        self.head.error = Some(format!("not rated within the time limit ({timeout} ms)"));
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
    c.extend(["er", "ep", "ed", "hardest"].map(|k| Column::at(&format!("se_{k}"), &["se", k])));
    c.extend(["error", "version"].map(Column::key));
    Columns::new(c)
});

impl RateRecord {
    /// The status in words, for text.
    pub fn status_words(&self) -> &'static str {
        match self.head.status {
            "multiple" => "several solutions",
            "unsolvable" => "no solution",
            other => other,
        }
    }
}

/// The rate record of one puzzle of the input, rated as `options` say;
/// a puzzle that cannot be worked on gets an `invalid` record.
pub fn rate_job(job: &Job, sudokus: &Sudokus, options: &RateOptions) -> RateRecord {
    rate_job_watched(job, sudokus, options, None)
}

/// The same, with a status line on `long`'s terminal while a rating on
/// Sudoku Explainer's scale runs long.
pub fn rate_job_watched(
    job: &Job,
    sudokus: &Sudokus,
    options: &RateOptions,
    long: Option<&crate::long_searches::LongSearches>,
) -> RateRecord {
    let timeout_ms = options.timeout_ms;
    let timeout = timeout_ms.filter(|&ms| ms > 0).map(Duration::from_millis);
    let base = RateRecord::new(origin(job));
    let mut watch = crate::long_searches::step_watcher(long, &origin(job));
    let result = on_puzzle(job, sudokus, |sudoku, puzzle| {
        if options.scale == Scale::Explainer {
            return Ok(
                match rate_explainer_within(sudoku, puzzle, timeout, &mut watch)? {
                    Some(rating) => base.clone().rated_explainer(&rating, sudoku),
                    None => base.clone().stopped(timeout_ms.unwrap_or(0), sudoku),
                },
            );
        }
        Ok(match sudoku.rate_within(puzzle, timeout)? {
            Some(rating) => base.clone().rated(rating, sudoku),
            None => base.clone().stopped(timeout_ms.unwrap_or(0), sudoku),
        })
    });
    result.unwrap_or_else(|e| base.invalid(e.kind, e.message))
}

impl Tabular for RateRecord {
    fn columns() -> &'static Columns {
        &COLUMNS
    }
}
