//! `sudoku candidates`.

use anyhow::{Context, Result};
use csp_core::PropagationLevel;

use super::{Classify, Outcome, drive};
use crate::candidates::{candidates_job, true_candidates_job};
use crate::cli::CandidatesArgs;
use crate::output::Row;
use crate::records::CandidatesRecord;

impl Classify for CandidatesRecord {
    fn invalid(&self) -> Option<(&'static str, &str)> {
        self.head.invalid_error()
    }
    fn failed(&self) -> bool {
        matches!(self.head.status, "contradiction" | "stopped")
    }
    fn failure(&self) -> String {
        self.head.status.to_string()
    }
}

impl Row for CandidatesRecord {
    fn text(&self, quiet: bool) -> String {
        if quiet {
            return self
                .grid
                .as_deref()
                .unwrap_or_default()
                .trim_end()
                .to_string();
        }
        let head = format!("{}:{}: ", self.head.file, self.head.line);
        let rules =
            (self.head.rules_summary.as_ref()).map_or(String::new(), |s| format!("\nrules: {s}"));
        if let (Some(grid), Some(limit), Some(solutions)) = (&self.grid, self.limit, self.solutions)
        {
            let found = match (self.head.status, solutions) {
                ("stopped", _) => format!(
                    "stopped ({}): the candidates found so far",
                    self.head.error.as_deref().unwrap_or("")
                ),
                (_, 0) => "no solution".to_string(),
                (_, n) if n > limit => {
                    format!("more than {}", sudoku_cli::words::count(limit, "solution"))
                }
                (_, n) => sudoku_cli::words::count(n, "solution"),
            };
            return format!("{head}true candidates: {found}{rules}\n{}", grid.trim_end());
        }
        match (&self.grid, self.head.status) {
            (Some(grid), "contradiction") => format!(
                "{head}candidates at {}: contradiction (no solution; the grid shows where propagation stopped){rules}\n{}",
                self.propagation,
                grid.trim_end()
            ),
            (Some(grid), _) => format!(
                "{head}candidates at {}{rules}\n{}",
                self.propagation,
                grid.trim_end()
            ),
            (None, _) => format!(
                "{head}invalid: {}",
                self.head.error.as_deref().unwrap_or("")
            ),
        }
    }
}

pub fn candidates(args: &CandidatesArgs) -> Result<Outcome> {
    if args.true_candidates {
        return true_candidates(args);
    }
    let level: PropagationLevel = args.propagation.parse().context("invalid --propagation")?;
    drive(
        &args.input,
        &args.output,
        |job, sudokus| candidates_job(job, sudokus, level),
        |_| String::new(),
    )
}

/// `candidates --true`: the digits of every solution, each counted up to
/// `--limit`, found by the preset's search (by default the portfolio's
/// turns: only the answer matters).
fn true_candidates(args: &CandidatesArgs) -> Result<Outcome> {
    let strategy =
        crate::strategy::resolve(&crate::strategy::answering(&crate::strategy::Overrides {
            config: args.config.clone(),
            ..Default::default()
        }))?;
    let limits = strategy.search.limits;
    drive(
        &args.input,
        &args.output,
        |job, sudokus| true_candidates_job(job, sudokus, &strategy, limits, args.limit, None),
        |_| String::new(),
    )
}
