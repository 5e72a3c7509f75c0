//! Killer cages: distinct digits adding up to a sum.

use csp_core::{AllDifferent, DistinctSum, ValueSet};

use super::cells::cell_list;
use super::{
    Element, ElementKind, FpuzzlesDocument, FpuzzlesWriter, GridBuilder, RulesError, Solved,
};
use crate::render::{Drawing, Shape};

/// The cage's cells hold distinct digits that add up to `sum` (no sum: only
/// distinct).
#[derive(Clone, Debug)]
pub struct KillerCage {
    /// Its cells.
    pub cells: Vec<usize>,
    /// The sum, if the cage has one.
    pub sum: Option<i64>,
    side: usize,
}

impl KillerCage {
    /// A cage of `cells` in a grid of side `side`, with its `sum` if any.
    pub fn new(cells: Vec<usize>, sum: Option<i64>, side: usize) -> KillerCage {
        KillerCage { cells, sum, side }
    }
}

impl Element for KillerCage {
    fn kind(&self) -> &'static str {
        KIND.name
    }

    fn post(&self, grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
        let vars = grid.vars(&self.cells);
        match self.sum {
            Some(sum) => grid.add(DistinctSum::new(vars, sum, 1)),
            None => grid.add(AllDifferent::new(vars, ValueSet::range(grid.side() as u32))),
        }
    }

    fn check(&self, grid: &Solved<'_>) -> bool {
        let digits = grid.digits;
        let sum: i64 = self.cells.iter().map(|&c| i64::from(digits[c])).sum();
        super::all_distinct(self.cells.iter().map(|&c| digits[c]))
            && self.sum.is_none_or(|s| s == sum)
    }

    fn describe(&self) -> String {
        let cells = cell_list(&self.cells, self.side);
        match self.sum {
            Some(s) => format!("killer cage {s} at {cells}"),
            None => format!("killer cage (no sum) at {cells}"),
        }
    }

    fn draw(&self, drawing: &mut Drawing) {
        drawing.shape(Shape::Cage {
            cells: self.cells.clone(),
            label: self.sum.map(|s| s.to_string()),
        });
    }

    fn write(&self, out: &mut FpuzzlesWriter) {
        let cells = out.cells(&self.cells);
        let mut cage = serde_json::json!({ "cells": cells });
        if let Some(sum) = self.sum {
            cage["value"] = serde_json::json!(sum.to_string());
        }
        out.push("killercage", cage);
    }
}

fn read(doc: &FpuzzlesDocument) -> Result<Vec<Box<dyn Element>>, RulesError> {
    let n = doc.side() as i64;
    let mut out: Vec<Box<dyn Element>> = Vec::new();
    for (name, entry) in doc.entries("killercage")? {
        let cells = doc.cells(&name, entry, "cells")?;
        super::distinct_cells(&name, &cells)?;
        let k = cells.len() as i64;
        let invalid = |what: String| RulesError::Invalid {
            element: name.clone(),
            what,
        };
        if k == 0 || k > n {
            return Err(invalid(format!(
                "{k} cells cannot hold distinct digits 1 to {n}"
            )));
        }
        let sum = doc.number(&name, entry)?;
        if let Some(sum) = sum {
            let (lo, hi) = (k * (k + 1) / 2, k * (2 * n - k + 1) / 2);
            if !(lo..=hi).contains(&sum) {
                return Err(invalid(format!(
                    "sum {sum} is impossible for {k} distinct digits ({lo} to {hi})"
                )));
            }
        }
        out.push(Box::new(KillerCage {
            cells,
            sum,
            side: doc.side(),
        }));
    }
    Ok(out)
}

/// Killer cages (f-puzzles `killercage`).
pub(super) const KIND: ElementKind = ElementKind {
    name: "killer-cage",
    summary: "the digits in a cage are distinct and add up to its sum",
    fpuzzles_keys: &["killercage"],
    negatives: &[],
    read,
    global: None,
};
