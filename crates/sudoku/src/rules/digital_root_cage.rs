//! Digital-root cages: distinct digits whose sum has a given digital root
//! (f-puzzles `cage` entries valued `DR7`: the sum is 7, 16, 25, ...).

use serde_json::{Map, Value};

use super::cells::cell_list;
use super::{
    Element, ElementKind, FpuzzlesDocument, FpuzzlesWriter, GridBuilder, RulesError, Solved,
};
use crate::render::{Drawing, Shape};

/// The cage's digits are distinct and their sum's digital root is `root`.
#[derive(Clone, Debug)]
pub struct DigitalRootCage {
    /// Its cells.
    pub cells: Vec<usize>,
    /// The digital root, 1 to 9.
    pub root: u8,
    side: usize,
}

/// The digital root of a positive number: 1 to 9.
fn digital_root(sum: u32) -> u8 {
    (1 + (sum - 1) % 9) as u8
}

/// The root an f-puzzles `cage` entry names (`"value": "DR7"`), if it is a
/// digital-root cage; other cages are drawings.
pub(crate) fn root_of(entry: &Map<String, Value>) -> Option<&str> {
    let value = entry.get("value")?.as_str()?.trim();
    value
        .strip_prefix("DR")
        .or_else(|| value.strip_prefix("dr"))
}

impl Element for DigitalRootCage {
    fn kind(&self) -> &'static str {
        KIND.name
    }

    /// State: the digits placed so far (a bit each), which give the sum.
    fn post(&self, grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
        let root = self.root;
        grid.automaton(
            &self.cells,
            0u64,
            |_, &seen, d| {
                let bit = 1u64 << d;
                (seen & bit == 0).then_some(seen | bit)
            },
            move |&seen| {
                let sum: u32 = (0..64).filter(|d| seen & (1 << d) != 0).sum();
                sum > 0 && digital_root(sum) == root
            },
        )
    }

    fn check(&self, grid: &Solved<'_>) -> bool {
        let sum: u32 = self.cells.iter().map(|&c| u32::from(grid.digits[c])).sum();
        super::all_distinct(self.cells.iter().map(|&c| grid.digits[c]))
            && digital_root(sum) == self.root
    }

    fn describe(&self) -> String {
        format!(
            "digital-root cage {} at {}",
            self.root,
            cell_list(&self.cells, self.side)
        )
    }

    fn draw(&self, drawing: &mut Drawing) {
        drawing.shape(Shape::Cage {
            cells: self.cells.clone(),
            label: Some(format!("DR{}", self.root)),
        });
    }

    fn write(&self, out: &mut FpuzzlesWriter) {
        let cells = out.cells(&self.cells);
        out.push(
            "cage",
            serde_json::json!({ "cells": cells, "value": format!("DR{}", self.root) }),
        );
    }
}

fn read(doc: &FpuzzlesDocument) -> Result<Vec<Box<dyn Element>>, RulesError> {
    let mut out: Vec<Box<dyn Element>> = Vec::new();
    for (name, entry) in doc.entries("cage")? {
        let Some(root) = root_of(entry) else {
            continue;
        };
        let invalid = |what: String| RulesError::Invalid {
            element: name.clone(),
            what,
        };
        let root: u8 = (root.parse().ok())
            .filter(|r| (1..=9).contains(r))
            .ok_or_else(|| invalid(format!("DR{root} is no digital root (DR1 to DR9)")))?;
        let cells = doc.cells(&name, entry, "cells")?;
        super::distinct_cells(&name, &cells)?;
        if cells.is_empty() || cells.len() > doc.side() {
            return Err(invalid(format!(
                "{} cells cannot hold distinct digits 1 to {}",
                cells.len(),
                doc.side()
            )));
        }
        out.push(Box::new(DigitalRootCage {
            cells,
            root,
            side: doc.side(),
        }));
    }
    Ok(out)
}

/// Digital-root cages (f-puzzles `cage` valued `DR<n>`; other `cage`
/// entries are drawings, skipped with a note).
pub(super) const KIND: ElementKind = ElementKind {
    name: "digital-root-cage",
    summary: "the digits in a cage valued DRn are distinct and their sum's digital root is n (the sum is n, n + 9, ...); other `cage` entries are drawings",
    fpuzzles_keys: &["cage"],
    negatives: &[],
    read,
    global: None,
};

#[cfg(test)]
mod tests {
    #[test]
    fn digital_roots() {
        assert_eq!(
            [1, 9, 10, 16, 18, 45].map(super::digital_root),
            [1, 9, 1, 7, 9, 9]
        );
    }
}
