//! `sudoku explain`: a step-by-step solution in words for each puzzle.

use anyhow::Result;

use super::{Classify, Outcome, drive};
use crate::cli::ExplainArgs;
use sudoku::explain::ExplainOptions;

use crate::explaining::{ExplainRecord, explain_job_watched};
use crate::output::Row;
use sudoku_cli::long_searches::LongSearches;

impl Classify for ExplainRecord {
    fn invalid(&self) -> Option<(&'static str, &str)> {
        self.head.invalid_error()
    }
    fn failed(&self) -> bool {
        matches!(self.head.status, "stuck" | "stopped")
    }
    fn failure(&self) -> String {
        self.head.status.to_string()
    }
}

impl Row for ExplainRecord {
    fn text(&self, quiet: bool) -> String {
        let head = format!("{}:{}", self.head.file, self.head.line);
        if self.head.status == "invalid" {
            return format!(
                "{head}: invalid: {}",
                self.head.error.as_deref().unwrap_or("")
            );
        }
        let end = self.summary().unwrap_or_default();
        let se = match &self.se {
            Some(se) if se.ed.is_some() => format!(" (SE {})", se.figures()),
            _ => String::new(),
        };
        let mut out = format!("{head}: {end}{se}");
        if quiet {
            return out;
        }
        let width = self.steps.len().to_string().len();
        for (k, s) in self.steps.iter().enumerate() {
            let difficulty = match (s.difficulty, &s.form) {
                (Some(d), Some(form)) => format!(" ({d:.1}, {form})"),
                (Some(d), None) => format!(" ({d:.1})"),
                (None, Some(form)) => format!(" ({form})"),
                (None, None) => String::new(),
            };
            out.push_str(&format!(
                "\n{:>width$}. {}{difficulty}: {}",
                k + 1,
                s.technique,
                s.why
            ));
        }
        if let Some(s) = &self.harder {
            let difficulty = match s.difficulty {
                Some(d) => format!(" ({d:.1})"),
                None => String::new(),
            };
            out.push_str(&format!(
                "\nnext, not made: {}{difficulty}: {}",
                s.technique, s.why
            ));
        }
        if let Some(grid) = &self.stuck {
            out.push_str(&format!(
                "\nthe candidates where it is stuck:\n{}",
                grid.join("\n")
            ));
        }
        out
    }
}

pub fn explain(args: &ExplainArgs) -> Result<Outcome> {
    let options = ExplainOptions {
        max_difficulty: args.max_difficulty,
        timeout: args
            .timeout
            .filter(|&ms| ms > 0)
            .map(std::time::Duration::from_millis),
    };
    let long = LongSearches::on_terminal();
    let (mut solved, mut stuck, mut stopped) = (0, 0, 0);
    drive(
        &args.input,
        &args.output,
        |job, sudokus| explain_job_watched(job, sudokus, &options, long.as_ref()),
        |record| match record {
            Some(r) => {
                solved += usize::from(r.head.status == "solved");
                stuck += usize::from(r.head.status == "stuck");
                stopped += usize::from(r.head.status == "stopped");
                String::new()
            }
            None => match (options.max_difficulty, options.timeout) {
                (Some(max), None) => format!(
                    "explained: {solved} solved, {stuck} stuck, {stopped} stopped (harder than {max})"
                ),
                (Some(max), Some(_)) => format!(
                    "explained: {solved} solved, {stuck} stuck, {stopped} stopped (harder than {max}, or the time limit)"
                ),
                (None, Some(_)) => format!(
                    "explained: {solved} solved, {stuck} stuck, {stopped} stopped (the time limit)"
                ),
                (None, None) => format!("explained: {solved} solved, {stuck} stuck"),
            },
        },
    )
}
