//! `sudoku rate`.

use anyhow::Result;
use csp_core::{Rule, SubsetSizes};
use serde::{Serialize, Serializer, ser::SerializeMap};
use std::time::Duration;
use sudoku::generate::level_name;
use sudoku::rate::{Grade, Rating, WEIGHTS};

use super::{Classify, Outcome, drive, invalid_of, on_puzzle, origin};
use crate::cli::RateArgs;
use crate::output::Row;
use crate::records::{Origin, VERSION, rules_of};

/// `sudoku rate`: one per puzzle.
#[derive(Serialize, Clone, Debug)]
pub struct RateRecord {
    pub line: u64,
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
    pub score: Option<u64>,
    /// Per rule of the score: cells it filled (singles) or candidates it
    /// removed.
    pub used: Option<Used>,
    /// GAC's removals by the size of the subset that made each (`"2"`:
    /// pairs, `"3"`: triples, ...; only sizes that removed something).
    pub subsets: Option<Subsets>,
    /// The largest such subset (0: none).
    pub largest_subset: Option<usize>,
    pub guesses: Option<u64>,
    pub error: Option<String>,
    /// The kind of `error`, to count errors by.
    #[serde(skip)]
    pub error_kind: Option<&'static str>,
    pub file: String,
    pub version: &'static str,
    /// The rules in force, for variants (as in `solve`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rules: Option<Vec<&'static str>>,
}

/// `used` in json: the rules of [`WEIGHTS`], in that order.
#[derive(Clone, Debug)]
pub struct Used(Rating);

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
pub struct Subsets(SubsetSizes);

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
    /// `2:12 3:4` in csv.
    fn csv(&self) -> String {
        let sizes: Vec<String> = (self.0.iter()).map(|(k, n)| format!("{k}:{n}")).collect();
        sizes.join(" ")
    }

    /// ` (pair 12, triple 4)` in text, after GAC's removals.
    fn text(&self) -> String {
        let sizes: Vec<String> = (self.0.iter())
            .map(|(k, n)| format!("{} {n}", SubsetSizes::name(k)))
            .collect();
        format!(" ({})", sizes.join(", "))
    }
}

impl RateRecord {
    fn new(origin: Origin) -> RateRecord {
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

    fn rated(mut self, rating: Rating, sudoku: &sudoku::Sudoku) -> RateRecord {
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

    fn stopped(mut self, timeout: u64, sudoku: &sudoku::Sudoku) -> RateRecord {
        self.rules = rules_of(sudoku).0;
        self.status = "stopped";
        self.error = Some(format!("not rated within the time limit ({timeout} ms)"));
        self
    }
}

impl Classify for RateRecord {
    fn invalid(&self) -> Option<(&'static str, &str)> {
        invalid_of(self.status, self.error_kind, self.error.as_deref())
    }
    fn failed(&self) -> bool {
        self.status != "unique"
    }
}

impl Row for RateRecord {
    fn csv_header() -> Vec<&'static str> {
        let mut header = vec![
            "file",
            "line",
            "puzzle",
            "status",
            "solutions",
            "level_needed",
            "grade",
            "score",
        ];
        header.extend(WEIGHTS.iter().map(|(r, _)| r.name()));
        header.extend(["guesses", "largest_subset", "subsets", "error", "version"]);
        header
    }

    fn csv_fields(&self) -> Vec<String> {
        let opt = |v: Option<u64>| v.map(|v| v.to_string()).unwrap_or_default();
        let mut fields = vec![
            self.file.clone(),
            self.line.to_string(),
            self.puzzle.clone(),
            self.status.to_string(),
            opt(self.solutions),
            self.level_needed.unwrap_or_default().to_string(),
            self.grade.unwrap_or_default().to_string(),
            opt(self.score),
        ];
        fields.extend((WEIGHTS.iter()).map(|&(r, _)| opt(self.used.as_ref().map(|u| u.0.used(r)))));
        fields.extend([
            opt(self.guesses),
            opt(self.largest_subset.map(|k| k as u64)),
            self.subsets.as_ref().map(Subsets::csv).unwrap_or_default(),
            self.error.clone().unwrap_or_default(),
            self.version.to_string(),
        ]);
        fields
    }

    fn text(&self, quiet: bool) -> String {
        let head = format!("{}:{}: ", self.file, self.line);
        let level = self.level_needed.unwrap_or_default();
        match (self.grade, self.score, &self.used) {
            (Some(grade), Some(score), _) if quiet => format!("{grade} {score}"),
            (Some(grade), Some(score), Some(used)) => {
                let mut parts: Vec<String> = (WEIGHTS.iter())
                    .map(|&(r, _)| (r, used.0.used(r)))
                    .filter(|&(_, n)| n > 0)
                    .map(|(r, n)| match &self.subsets {
                        Some(subsets) if r == Rule::Gac => {
                            format!("{} {n}{}", r.name(), subsets.text())
                        }
                        _ => format!("{} {n}", r.name()),
                    })
                    .collect();
                if used.0.guesses > 0 {
                    parts.push(format!("guesses {}", used.0.guesses));
                }
                format!(
                    "{head}{grade} (level {level}), score {score}: {}",
                    parts.join(", ")
                )
            }
            _ if matches!(self.status, "invalid" | "stopped") => {
                let error = self.error.as_deref().unwrap_or("");
                format!("{head}{}: {error}", self.status)
            }
            _ if quiet => self.status.to_string(),
            _ => format!("{head}{}, not rated (level {level})", self.status_words()),
        }
    }
}

impl RateRecord {
    fn status_words(&self) -> &'static str {
        match self.status {
            "multiple" => "several solutions",
            "unsolvable" => "no solution",
            other => other,
        }
    }
}

/// Puzzles per grade and their mean score, for the text summary.
#[derive(Default)]
struct Tally {
    grades: [u64; Grade::ALL.len()],
    score: u64,
    not_unique: u64,
    stopped: u64,
    invalid: u64,
}

impl Tally {
    fn add(&mut self, record: &RateRecord) {
        match (record.grade, record.score) {
            (Some(grade), Some(score)) => {
                let i = Grade::ALL.iter().position(|g| g.name() == grade);
                self.grades[i.expect("a grade of the registry")] += 1;
                self.score += score;
            }
            _ if record.status == "invalid" => self.invalid += 1,
            _ if record.status == "stopped" => self.stopped += 1,
            _ => self.not_unique += 1,
        }
    }

    fn summary(&self) -> String {
        let rated: u64 = self.grades.iter().sum();
        let grades: Vec<String> = (Grade::ALL.iter().zip(self.grades))
            .map(|(g, n)| format!("{} {n}", g.name()))
            .collect();
        let mean = if rated > 0 {
            format!("{:.1}", self.score as f64 / rated as f64)
        } else {
            "-".to_string()
        };
        // Stopped puzzles are told only when there are some (--timeout).
        let stopped = match self.stopped {
            0 => String::new(),
            n => format!(", stopped {n}"),
        };
        format!(
            "rated {rated}: {}; mean score {mean}; not unique {}{stopped}, invalid {}",
            grades.join(", "),
            self.not_unique,
            self.invalid
        )
    }
}

pub fn rate(args: &RateArgs) -> Result<Outcome> {
    let timeout = args.timeout.filter(|&ms| ms > 0).map(Duration::from_millis);
    let mut tally = Tally::default();
    drive(
        &args.input,
        &args.output,
        |job, sudokus| {
            let base = RateRecord::new(origin(job));
            let result = on_puzzle(job, sudokus, |sudoku, puzzle| {
                Ok(match sudoku.rate_within(puzzle, timeout)? {
                    Some(rating) => base.clone().rated(rating, sudoku),
                    None => base.clone().stopped(args.timeout.unwrap_or(0), sudoku),
                })
            });
            result.unwrap_or_else(|e| RateRecord {
                error: Some(e.message),
                error_kind: Some(e.kind),
                ..base
            })
        },
        |record| match record {
            Some(r) => {
                tally.add(r);
                String::new()
            }
            None => tally.summary(),
        },
    )
}
