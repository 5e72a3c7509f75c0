//! `sudoku rate`.

use anyhow::Result;
use csp_core::Rule;
use sudoku::rate::{Grade, WEIGHTS};

use super::{Classify, Outcome, drive};
use crate::cli::RateArgs;
use crate::output::Row;
use crate::rating::{RateOptions, RateRecord, Scale, rate_job_watched};
use sudoku_cli::long_searches::LongSearches;

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
        if let Some(se) = &self.se {
            let figures = se.figures();
            let hardest = se.hardest.as_deref().unwrap_or("nothing");
            return match &se.stopped_at {
                _ if quiet => figures,
                None if se.er.is_none() => format!(
                    "{head}SE {figures}: stuck, the techniques rated here find nothing more (hardest so far: {hardest})"
                ),
                None => format!("{head}SE {figures} (hardest: {hardest})"),
                Some(next) => format!(
                    "{head}SE {figures}: the next step ({next}) is beyond the techniques rated here (hardest so far: {hardest})"
                ),
            };
        }
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
    scale: Scale,
    grades: [u64; Grade::ALL.len()],
    /// On Sudoku Explainer's scale: rated to the end, their ERs in
    /// tenths, the highest; stopped before.
    explainer: u64,
    er_tenths: u64,
    er_highest: f64,
    beyond: u64,
    score: u64,
    not_unique: u64,
    stopped: u64,
    invalid: u64,
}

impl Tally {
    fn add(&mut self, record: &RateRecord) {
        if let Some(se) = &record.se {
            match se.er {
                Some(er) => {
                    self.explainer += 1;
                    self.er_tenths += (er * 10.0).round() as u64;
                    self.er_highest = self.er_highest.max(er);
                }
                None => self.beyond += 1,
            }
            return;
        }
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
        if self.scale == Scale::Explainer {
            return self.explainer_summary();
        }
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

impl Tally {
    /// `rated 20 on the SE scale: mean ER 3.4, highest 5.6; beyond the
    /// techniques here 2; not unique 0, invalid 0`.
    fn explainer_summary(&self) -> String {
        let (mean, highest) = match self.explainer {
            0 => ("-".to_string(), "-".to_string()),
            n => (
                format!("{:.1}", self.er_tenths as f64 / 10.0 / n as f64),
                format!("{:.1}", self.er_highest),
            ),
        };
        format!(
            "rated {} on the SE scale: mean ER {mean}, highest {highest}; beyond the techniques here {}; not unique {}, invalid {}",
            self.explainer, self.beyond, self.not_unique, self.invalid
        )
    }
}

pub fn rate(args: &RateArgs) -> Result<Outcome> {
    let scale = Scale::named(&args.scale).expect("clap checks the scale's name");
    let options = RateOptions {
        timeout_ms: args.timeout,
        scale,
    };
    let long = LongSearches::on_terminal();
    let mut tally = Tally {
        scale,
        ..Tally::default()
    };
    drive(
        &args.input,
        &args.output,
        |job, sudokus| rate_job_watched(job, sudokus, &options, long.as_ref()),
        |record| match record {
            Some(r) => {
                tally.add(r);
                String::new()
            }
            None => tally.summary(),
        },
    )
}
