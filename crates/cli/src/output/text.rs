//! Text for people: per puzzle a line of counters and boards; a summary.

use std::io::Write;

use anyhow::Result;

use super::{Reporter, Row};

/// Text, or with `quiet` only the shortest form of each result.
pub struct TextReporter {
    quiet: bool,
}

impl TextReporter {
    pub fn new(quiet: bool) -> TextReporter {
        TextReporter { quiet }
    }
}

impl<R: Row> Reporter<R> for TextReporter {
    fn record(&mut self, out: &mut dyn Write, row: &R) -> Result<()> {
        writeln!(out, "{}", row.text(self.quiet))?;
        Ok(())
    }

    fn finish(&mut self, out: &mut dyn Write, summary: &str) -> Result<()> {
        if !self.quiet && !summary.is_empty() {
            writeln!(out, "{summary}")?;
        }
        Ok(())
    }
}

/// Two boards side by side.
pub fn side_by_side(left: &str, right: &str) -> String {
    let l: Vec<&str> = left.lines().collect();
    let r: Vec<&str> = right.lines().collect();
    let width = l.iter().map(|s| s.len()).max().unwrap_or(0);
    (0..l.len().max(r.len()))
        .map(|i| {
            let a = l.get(i).copied().unwrap_or("");
            match r.get(i) {
                Some(b) => format!("{a:<width$}   {b}"),
                None => a.to_string(),
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}
