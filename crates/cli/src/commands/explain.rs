//! `sudoku explain`: a step-by-step solution in words for each puzzle.

use std::collections::BTreeMap;

use anyhow::Result;
use serde::Serialize;
use sudoku::explain::{self, Explanation};
use sudoku::rules::cell_name;

use super::{Classify, Outcome, drive, invalid_of, on_puzzle, origin};
use crate::cli::ExplainArgs;
use crate::output::Row;
use crate::records::{Origin, VERSION};

/// One puzzle's explanation.
#[derive(Serialize, Clone, Debug)]
struct ExplainRecord {
    line: u64,
    puzzle: String,
    /// solved | stuck | invalid
    status: &'static str,
    /// The steps, in order.
    steps: Vec<StepRecord>,
    /// How many steps each technique made.
    techniques: BTreeMap<String, usize>,
    /// The hardest technique used (in the order they are tried).
    hardest: Option<String>,
    /// Where the techniques are stuck: the candidate grid, one line per
    /// row (`null` when solved).
    stuck: Option<Vec<String>>,
    error: Option<String>,
    #[serde(skip)]
    error_kind: Option<&'static str>,
    file: String,
    version: &'static str,
}

#[derive(Serialize, Clone, Debug)]
struct StepRecord {
    technique: String,
    placed: Vec<CellDigit>,
    removed: Vec<CellDigit>,
    why: String,
}

#[derive(Serialize, Clone, Debug)]
struct CellDigit {
    cell: String,
    digit: u8,
}

impl ExplainRecord {
    fn new(origin: Origin) -> ExplainRecord {
        ExplainRecord {
            line: origin.line,
            puzzle: origin.puzzle,
            status: "invalid",
            steps: Vec::new(),
            techniques: BTreeMap::new(),
            hardest: None,
            stuck: None,
            error: None,
            error_kind: None,
            file: origin.file,
            version: VERSION,
        }
    }

    fn explained(mut self, e: &Explanation) -> ExplainRecord {
        let side = e.end.side();
        let cell_digits = |list: &[(usize, u8)]| -> Vec<CellDigit> {
            (list.iter())
                .map(|&(c, d)| CellDigit {
                    cell: cell_name(c, side),
                    digit: d,
                })
                .collect()
        };
        self.steps = (e.steps.iter())
            .map(|s| StepRecord {
                technique: s.technique.name(),
                placed: cell_digits(&s.placed),
                removed: cell_digits(&s.removed),
                why: s.why.clone(),
            })
            .collect();
        for s in &e.steps {
            *self.techniques.entry(s.technique.name()).or_default() += 1;
        }
        self.hardest = e.steps.iter().map(|s| s.technique).max().map(|t| t.name());
        self.status = if e.solved() { "solved" } else { "stuck" };
        if !e.solved() {
            self.stuck = Some(e.end.grid_text().lines().map(str::to_string).collect());
        }
        self
    }
}

impl Classify for ExplainRecord {
    fn invalid(&self) -> Option<(&'static str, &str)> {
        invalid_of(self.status, self.error_kind, self.error.as_deref())
    }
    fn failed(&self) -> bool {
        self.status == "stuck"
    }
}

impl Row for ExplainRecord {
    fn csv_header() -> Vec<&'static str> {
        vec![
            "file",
            "line",
            "puzzle",
            "status",
            "steps",
            "hardest",
            "techniques",
            "error",
        ]
    }

    fn csv_fields(&self) -> Vec<String> {
        let techniques: Vec<String> = (self.techniques.iter())
            .map(|(t, n)| format!("{t}:{n}"))
            .collect();
        vec![
            self.file.clone(),
            self.line.to_string(),
            self.puzzle.clone(),
            self.status.to_string(),
            self.steps.len().to_string(),
            self.hardest.clone().unwrap_or_default(),
            techniques.join(" "),
            self.error.clone().unwrap_or_default(),
        ]
    }

    fn text(&self, quiet: bool) -> String {
        let head = format!("{}:{}", self.file, self.line);
        if self.status == "invalid" {
            return format!("{head}: invalid: {}", self.error.as_deref().unwrap_or(""));
        }
        let end = match self.status {
            "solved" => format!("solved in {} steps", self.steps.len()),
            _ => format!(
                "stuck after {} steps: the techniques find nothing more; the candidates:",
                self.steps.len()
            ),
        };
        let mut out = format!("{head}: {end}");
        if quiet {
            return out;
        }
        let width = self.steps.len().to_string().len();
        for (k, s) in self.steps.iter().enumerate() {
            out.push_str(&format!("\n{:>width$}. {}: {}", k + 1, s.technique, s.why));
        }
        if let Some(grid) = &self.stuck {
            out.push_str(&format!("\nstuck: the candidates:\n{}", grid.join("\n")));
        }
        out
    }
}

pub fn explain(args: &ExplainArgs) -> Result<Outcome> {
    let mut solved = 0;
    let mut stuck = 0;
    drive(
        &args.input,
        &args.output,
        |job, sudokus| {
            let base = ExplainRecord::new(origin(job));
            let result = on_puzzle(job, sudokus, |sudoku, puzzle| {
                Ok(base.clone().explained(&explain::explain(sudoku, puzzle)?))
            });
            result.unwrap_or_else(|e| ExplainRecord {
                error: Some(e.message),
                error_kind: Some(e.kind),
                ..base
            })
        },
        |record| match record {
            Some(r) => {
                solved += usize::from(r.status == "solved");
                stuck += usize::from(r.status == "stuck");
                String::new()
            }
            None => format!("explained: {solved} solved, {stuck} stuck"),
        },
    )
}
