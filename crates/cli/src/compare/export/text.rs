//! An aligned text table; `*` marks the best value of each column per set.

use super::{Exporter, Meta, table};
use crate::compare::stats::Row;

pub struct TextExporter;

impl Exporter for TextExporter {
    fn export(&self, rows: &[Row], meta: &Meta) -> String {
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
}
