//! An aligned text table; `*` marks the best value of each column per set.

use super::{Exporter, Meta, table};
use crate::compare::columns::{Column, RULES};
use crate::compare::stats::Row;

pub struct TextExporter;

/// The columns left out first when the table is wider than the terminal,
/// least telling first
/// (the rule columns first, last rule first).
const DROP_ORDER: &[Column] = &[
    Column::StoppedPlacements,
    Column::IterationsMean,
    Column::BacktracksMean,
    Column::MovesMean,
    Column::PlacementsP90,
    Column::PlacementsMax,
    Column::PuzzlesPerS,
    Column::Unsolvable,
    Column::PlacementsMedian,
    Column::SeedMeans,
    Column::NoGuess,
];

/// Every column that may be left out, in the order it is.
fn drop_order() -> impl Iterator<Item = Column> {
    (RULES.iter().rev().copied()).chain(DROP_ORDER.iter().copied())
}

impl Exporter for TextExporter {
    fn export(&self, rows: &[Row], meta: &Meta) -> String {
        let Some(width) = meta.width.filter(|_| meta.columns.is_none()) else {
            return render(rows, meta);
        };
        // Fit the terminal: leave out columns, least telling first.
        let mut fitted = meta.clone();
        let mut columns = meta.columns();
        let mut left_out = Vec::new();
        let mut text = render(rows, meta);
        for drop in drop_order() {
            let widest = text.lines().skip(1).map(str::len).max().unwrap_or(0);
            if widest <= width {
                break;
            }
            if let Some(i) = columns.iter().position(|&c| c == drop) {
                columns.remove(i);
                left_out.push(drop.header());
                fitted.columns = Some(columns.clone());
                text = render(rows, &fitted);
            }
        }
        if !left_out.is_empty() {
            text.push_str(&format!(
                "({} columns left out to fit {width} characters: {}; choose with --columns, or --format csv for all)\n",
                left_out.len(),
                left_out.join(", ")
            ));
        }
        text
    }
}

/// The table with `meta`'s columns.
fn render(rows: &[Row], meta: &Meta) -> String {
    let (header, body) = table(rows, meta);
    let cells: Vec<Vec<String>> = body
        .iter()
        .map(|row| {
            row.iter()
                .map(|c| {
                    if c.best {
                        format!("{}*", c.text)
                    } else {
                        c.text.clone()
                    }
                })
                .collect()
        })
        .collect();
    let widths: Vec<usize> = (0..header.len())
        .map(|i| {
            cells
                .iter()
                .map(|r| r[i].len())
                .chain([header[i].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    // Strategy and set names left-aligned, numbers right-aligned.
    let line = |row: &[String]| {
        row.iter()
            .enumerate()
            .map(|(i, text)| match i {
                1 | 3 => format!("{text:<w$}", w = widths[i]),
                _ => format!("{text:>w$}", w = widths[i]),
            })
            .collect::<Vec<_>>()
            .join("  ")
            .trim_end()
            .to_string()
    };
    let mut out = format!(
        "{}; * marks the best of each column per set\n",
        meta.describe()
    );
    out.push_str(&line(&header));
    out.push('\n');
    for row in &cells {
        out.push_str(&line(row));
        out.push('\n');
    }
    out
}
