//! `sudoku candidates`.

use anyhow::{Context, Result};
use csp_core::PropagationLevel;

use super::{Classify, Outcome, drive, invalid_of, on_puzzle, origin};
use crate::cli::CandidatesArgs;
use crate::output::Row;
use crate::records::CandidatesRecord;

impl Classify for CandidatesRecord {
    fn invalid(&self) -> Option<(&'static str, &str)> {
        invalid_of(self.status, self.error_kind, self.error.as_deref())
    }
    fn failed(&self) -> bool {
        self.status == "contradiction"
    }
    fn failure(&self) -> String {
        self.status.to_string()
    }
}

impl Row for CandidatesRecord {
    fn csv_header() -> Vec<&'static str> {
        CandidatesRecord::csv_header()
    }
    fn csv_fields(&self) -> Vec<String> {
        CandidatesRecord::csv_fields(self)
    }
    fn text(&self, quiet: bool) -> String {
        if quiet {
            return self
                .grid
                .as_deref()
                .unwrap_or_default()
                .trim_end()
                .to_string();
        }
        let head = format!("{}:{}: ", self.file, self.line);
        let rules =
            (self.rules_summary.as_ref()).map_or(String::new(), |s| format!("\nrules: {s}"));
        match (&self.grid, self.status) {
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
            (None, _) => format!("{head}invalid: {}", self.error.as_deref().unwrap_or("")),
        }
    }
}

pub fn candidates(args: &CandidatesArgs) -> Result<Outcome> {
    let level: PropagationLevel = args.propagation.parse().context("invalid --propagation")?;
    drive(
        &args.input,
        &args.output,
        |job, sudokus| {
            let base = CandidatesRecord::new(origin(job), level.to_string());
            let result = on_puzzle(job, sudokus, |sudoku, puzzle| {
                Ok(base
                    .clone()
                    .shown(&sudoku.candidates(puzzle, level)?, sudoku))
            });
            result.unwrap_or_else(|e| CandidatesRecord {
                error: Some(e.message),
                error_kind: Some(e.kind),
                ..base
            })
        },
        |_| String::new(),
    )
}
