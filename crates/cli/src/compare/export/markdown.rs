//! A markdown table; the best value of each column per set in bold.

use super::{Exporter, Meta, table};
use crate::compare::stats::Row;

pub struct MarkdownExporter;

impl Exporter for MarkdownExporter {
    fn export(&self, rows: &[Row], meta: &Meta) -> String {
        let (header, body) = table(rows, meta);
        let mut out = format!(
            "{}; the best of each column per set in bold.\n\n",
            meta.describe()
        );
        out.push_str(&format!("| {} |\n", header.join(" | ")));
        let align: Vec<&str> = (0..header.len())
            .map(|i| if i == 1 || i == 3 { ":---" } else { "---:" })
            .collect();
        out.push_str(&format!("|{}|\n", align.join("|")));
        for row in body {
            let cells: Vec<String> = row
                .iter()
                .map(|c| {
                    if c.best {
                        format!("**{}**", c.text)
                    } else {
                        c.text.clone()
                    }
                })
                .collect();
            out.push_str(&format!("| {} |\n", cells.join(" | ")));
        }
        out
    }
}
