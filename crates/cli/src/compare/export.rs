//! Comparison tables, one format per file behind one trait.

mod csv;
mod json;
mod markdown;
mod text;

pub use self::csv::CsvExporter;
pub use self::json::JsonExporter;
pub use self::markdown::MarkdownExporter;
pub use self::text::TextExporter;
use clap::ValueEnum;

use csp_core::Rule;

use super::columns::{self, Column, TABLE};
use super::stats::Row;

/// What the whole comparison was: printed above tables, and carried by
/// every csv/json row.
#[derive(Clone)]
pub struct Meta {
    pub version: &'static str,
    /// Name, content hash, valid puzzles.
    /// Each set's name, hash and members run (`95 puzzles`).
    pub sets: Vec<(String, String, String)>,
    pub max_placements: Option<u64>,
    pub sort: Column,
    pub timings: bool,
    /// Show the rule columns in tables.
    pub rules: bool,
    /// Solutions searched for per puzzle.
    pub solutions: u64,
    /// The table's columns, when chosen (`--columns`).
    pub columns: Option<Vec<Column>>,
    /// The width the text table must fit (a terminal's), if any.
    pub width: Option<usize>,
    /// Whether every set holds XCSP3 instances (the tables then say
    /// `instances/s`, not `puzzles/s`).
    pub instances: bool,
}

impl Meta {
    /// One line saying what was run.
    pub fn describe(&self) -> String {
        let sets: Vec<String> = self
            .sets
            .iter()
            .map(|(name, hash, n)| format!("{name} ({n}, fnv1a64 {hash})"))
            .collect();
        let limit = self
            .max_placements
            .map_or("none".to_string(), |m| m.to_string());
        let counting = match self.solutions {
            1 => String::new(),
            k => format!("; searching each puzzle for {k} solutions"),
        };
        format!(
            "sudoku {} compare: {}; max placements per run {}{}; sorted by {}",
            self.version,
            sets.join(", "),
            limit,
            counting,
            self.sort
                .to_possible_value()
                .map_or_else(String::new, |v| v.get_name().to_string())
        )
    }

    /// The table's columns (timings left out when asked).
    pub fn columns(&self) -> Vec<Column> {
        if let Some(chosen) = &self.columns {
            return chosen.clone();
        }
        let mut columns: Vec<Column> = TABLE
            .iter()
            .copied()
            .filter(|c| self.timings || !c.is_timing())
            .collect();
        if self.rules {
            columns.extend(columns::RULES);
        }
        columns
    }
}

/// Writes the rows of a comparison in one format.
pub trait Exporter {
    fn export(&self, rows: &[Row], meta: &Meta) -> String;
}

/// A table cell: its text and whether it is the best of its column.
pub struct Cell {
    pub text: String,
    pub best: bool,
}

/// Whether the table shows `column`: the rules of the house propagation
/// ladder (up to `other`) always, a later rule (of a variant's
/// constraints) only where some strategy ran it.
fn shows_rule(rows: &[Row], column: Column) -> bool {
    match column {
        Column::Rule(rule) if rule > Rule::Other => {
            rows.iter().any(|r| r.rules.get(rule).runs > 0.0)
        }
        _ => true,
    }
}

/// The header and cells the text and markdown tables share.
pub fn table(rows: &[Row], meta: &Meta) -> (Vec<String>, Vec<Vec<Cell>>) {
    // The spread across seeds only where some strategy ran several.
    let several_seeds = rows.iter().any(|r| r.head.seeds.len() > 1);
    let columns: Vec<Column> = meta
        .columns()
        .into_iter()
        .filter(|&c| c != Column::SeedMeans || several_seeds)
        .filter(|&c| meta.columns.is_some() || shows_rule(rows, c))
        .collect();
    let mut header: Vec<String> = ["#", "strategy", "seeds", "set"].map(String::from).to_vec();
    header.extend(columns.iter().map(|&c| match c {
        Column::PuzzlesPerS if meta.instances => "instances/s".to_string(),
        c => c.header().to_string(),
    }));
    let body = rows
        .iter()
        .map(|r| {
            let plain = |text: String| Cell { text, best: false };
            let mut cells = vec![
                plain(r.rank.to_string()),
                plain(match r.abandoned {
                    true => format!("{} (abandoned)", r.head.strategy),
                    false => r.head.strategy.clone(),
                }),
                plain(r.head.seeds.len().to_string()),
                plain(r.head.set.clone()),
            ];
            cells.extend(columns.iter().map(|&c| Cell {
                text: c.format(r),
                best: columns::is_best(rows, r, c),
            }));
            cells
        })
        .collect();
    (header, body)
}

/// The formats of the comparison table (`compare --format`).
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableFormat {
    /// An aligned table; `*` marks the best value of each column.
    Text,
    /// A markdown table; the best values in bold.
    Markdown,
    /// CSV: a header, then one row per strategy and set.
    Csv,
    /// JSON Lines: one object per strategy and set.
    Json,
}

/// The exporter for a format.
pub fn exporter(format: TableFormat) -> Box<dyn Exporter> {
    use TableFormat as F;
    match format {
        F::Text => Box::new(TextExporter),
        F::Markdown => Box::new(MarkdownExporter),
        F::Csv => Box::new(CsvExporter),
        F::Json => Box::new(JsonExporter),
    }
}
