//! `sudoku rate`.

use anyhow::Result;
use csp_core::Rule;
use sudoku::rate::{Grade, WEIGHTS};

use super::{Classify, Outcome, drive};
use crate::cli::RateArgs;
use crate::output::Row;
use crate::rating::{RateRecord, rate_job};

impl Classify for RateRecord {
    fn invalid(&self) -> Option<(&'static str, &str)> {
        self.head.invalid_error()
    }
    fn failed(&self) -> bool {
        self.head.status != "unique"
    }
    fn failure(&self) -> String {
        match self.head.status {
            "multiple" => "multiple solutions (not unique)".to_string(),
            status => status.to_string(),
        }
    }
}

impl Row for RateRecord {
    fn text(&self, quiet: bool) -> String {
        let head = format!("{}:{}: ", self.head.file, self.head.line);
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
            _ if matches!(self.head.status, "invalid" | "stopped") => {
                let error = self.head.error.as_deref().unwrap_or("");
                format!("{head}{}: {error}", self.head.status)
            }
            _ if quiet => self.head.status.to_string(),
            _ => format!("{head}{}, not rated (level {level})", self.status_words()),
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
            _ if record.head.status == "invalid" => self.invalid += 1,
            _ if record.head.status == "stopped" => self.stopped += 1,
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
    let mut tally = Tally::default();
    drive(
        &args.input,
        &args.output,
        |job, sudokus| rate_job(job, sudokus, args.timeout),
        |record| match record {
            Some(r) => {
                tally.add(r);
                String::new()
            }
            None => tally.summary(),
        },
    )
}
