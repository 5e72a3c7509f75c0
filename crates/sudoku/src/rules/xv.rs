//! XV: an X joins neighbours adding up to 10, a V neighbours adding up to 5;
//! optionally "all X and V are given".

use super::cells::cell_name;
use super::{
    Element, ElementKind, FpuzzlesDocument, FpuzzlesWriter, GridBuilder, Mark, RulesError, Solved,
};
use crate::render::{Drawing, Shape};

const FAMILY: &str = "xv";

/// An X (sum 10) or V (sum 5) between two orthogonal neighbours.
#[derive(Clone, Copy, Debug)]
pub struct Xv {
    /// The two cells.
    pub cells: [usize; 2],
    /// The sum: 10 for X, 5 for V.
    pub sum: u8,
    side: usize,
}

/// All X and V are given: no other orthogonal neighbours add up to 5 or 10.
#[derive(Clone, Copy, Debug)]
pub struct NoXvWithoutMark;

fn xv_sum(a: u8, b: u8) -> bool {
    a + b == 5 || a + b == 10
}

impl Element for Xv {
    fn kind(&self) -> &'static str {
        KIND.name
    }

    fn post(&self, grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
        let sum = self.sum;
        grid.relate(self.cells[0], self.cells[1], move |a, b| a + b == sum)
    }

    fn check(&self, grid: &Solved<'_>) -> bool {
        grid.digits[self.cells[0]] + grid.digits[self.cells[1]] == self.sum
    }

    fn describe(&self) -> String {
        let [a, b] = self.cells.map(|c| cell_name(c, self.side));
        let letter = if self.sum == 10 { "X" } else { "V" };
        format!("{letter} between {a} and {b}")
    }

    fn draw(&self, drawing: &mut Drawing) {
        let text = match self.sum {
            10 => "X".to_string(),
            5 => "V".to_string(),
            other => other.to_string(),
        };
        drawing.shape(Shape::EdgeLabel {
            cells: self.cells,
            text,
        });
    }

    fn marks(&self) -> Vec<Mark> {
        vec![Mark::new(self.cells[0], self.cells[1], FAMILY)]
    }

    fn write(&self, out: &mut FpuzzlesWriter) {
        let cells = out.cells(&self.cells);
        let value = if self.sum == 10 { "X" } else { "V" };
        out.push("xv", serde_json::json!({ "cells": cells, "value": value }));
    }
}

impl Element for NoXvWithoutMark {
    fn kind(&self) -> &'static str {
        KIND.name
    }

    fn post(&self, grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
        grid.forbid_unmarked(FAMILY, xv_sum)
    }

    fn check(&self, grid: &Solved<'_>) -> bool {
        super::check_unmarked(grid, FAMILY, xv_sum)
    }

    fn describe(&self) -> String {
        "all X and V are given: no other neighbours add up to 5 or 10".into()
    }

    fn write(&self, out: &mut FpuzzlesWriter) {
        out.negative("xv");
    }
}

fn read(doc: &FpuzzlesDocument) -> Result<Vec<Box<dyn Element>>, RulesError> {
    let mut out: Vec<Box<dyn Element>> = Vec::new();
    for (name, entry) in doc.entries("xv")? {
        let cells = doc.cells(&name, entry, "cells")?;
        let cells = super::neighbours(&name, &cells, doc.side())?;
        let sum = match entry.get("value").and_then(|v| v.as_str()) {
            Some("X" | "x") => 10,
            Some("V" | "v") => 5,
            _ => {
                return Err(RulesError::Invalid {
                    element: name,
                    what: "`value` must be \"X\" or \"V\"".into(),
                });
            }
        };
        out.push(Box::new(Xv {
            cells,
            sum,
            side: doc.side(),
        }));
    }
    if doc.negative("xv") {
        out.push(Box::new(NoXvWithoutMark));
    }
    Ok(out)
}

/// XV (f-puzzles `xv`; `negative: ["xv"]` = all given).
pub(super) const KIND: ElementKind = ElementKind {
    name: "xv",
    summary: "an X joins neighbours adding up to 10, a V neighbours adding up to 5; with `negative: [\"xv\"]` no other neighbours add up to 5 or 10",
    fpuzzles_keys: &["xv"],
    negatives: &["xv"],
    read,
    global: None,
};
