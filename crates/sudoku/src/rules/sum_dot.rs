//! Sum dots: the two neighbours a dot joins add up to its value;
//! optionally "all sum dots are given".

use super::cells::cell_name;
use super::{
    Element, ElementKind, FpuzzlesDocument, FpuzzlesWriter, GridBuilder, Mark, RulesError, Solved,
};
use crate::render::{Drawing, Shape};

/// The family of marks sum dots belong to.
const FAMILY: &str = "sum";

/// A dot between two orthogonal neighbours whose digits add up to `sum`.
#[derive(Clone, Debug)]
pub struct SumDot {
    /// The two cells.
    pub cells: [usize; 2],
    /// Their sum.
    pub sum: u8,
    side: usize,
}

/// Sum dots are all given: no orthogonal pair without one adds up to a sum
/// the dots use.
#[derive(Clone, Debug)]
pub struct NoSumWithoutDot {
    /// The sums the dots use.
    pub sums: Vec<u8>,
}

impl Element for SumDot {
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
        format!("sum dot {} {a} {b}", self.sum)
    }

    fn draw(&self, drawing: &mut Drawing) {
        drawing.shape(Shape::EdgeLabel {
            cells: self.cells,
            text: self.sum.to_string(),
        });
    }

    fn marks(&self) -> Vec<Mark> {
        vec![Mark::new(self.cells[0], self.cells[1], FAMILY)]
    }

    fn write(&self, out: &mut FpuzzlesWriter) {
        let cells = out.cells(&self.cells);
        out.push(
            "sum",
            serde_json::json!({ "cells": cells, "value": self.sum.to_string() }),
        );
    }
}

impl Element for NoSumWithoutDot {
    fn kind(&self) -> &'static str {
        KIND.name
    }

    fn post(&self, grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
        grid.forbid_unmarked(FAMILY, |a, b| self.sums.contains(&(a + b)))
    }

    fn check(&self, grid: &Solved<'_>) -> bool {
        super::check_unmarked(grid, FAMILY, |a, b| self.sums.contains(&(a + b)))
    }

    fn describe(&self) -> String {
        let sums: Vec<String> = self.sums.iter().map(u8::to_string).collect();
        format!(
            "all sum dots are given: no other neighbours add up to {}",
            sums.join(", ")
        )
    }

    fn write(&self, out: &mut FpuzzlesWriter) {
        out.negative("sum");
    }
}

fn read(doc: &FpuzzlesDocument) -> Result<Vec<Box<dyn Element>>, RulesError> {
    let mut out: Vec<Box<dyn Element>> = Vec::new();
    let mut sums = Vec::new();
    let n = doc.side() as i64;
    for (name, entry) in doc.entries("sum")? {
        let cells = doc.cells(&name, entry, "cells")?;
        let cells = super::neighbours(&name, &cells, doc.side())?;
        let sum = match doc.number(&name, entry)? {
            Some(v) if (3..2 * n).contains(&v) => v as u8,
            Some(v) => {
                return Err(RulesError::Invalid {
                    element: name,
                    what: format!("no two different digits 1 to {n} add up to {v}"),
                });
            }
            None => {
                return Err(RulesError::Invalid {
                    element: name,
                    what: "needs `value`, the sum".into(),
                });
            }
        };
        if !sums.contains(&sum) {
            sums.push(sum);
        }
        out.push(Box::new(SumDot {
            cells,
            sum,
            side: doc.side(),
        }));
    }
    if doc.negative("sum") {
        sums.sort_unstable();
        out.push(Box::new(NoSumWithoutDot { sums }));
    }
    Ok(out)
}

/// Sum dots (f-puzzles `sum`, with `value`; `negative: ["sum"]` = all
/// given).
pub(super) const KIND: ElementKind = ElementKind {
    name: "sum-dot",
    summary: "the two neighbours a sum dot joins add up to its value; with `negative: [\"sum\"]` no other neighbours add up to a value the dots use",
    fpuzzles_keys: &["sum"],
    negatives: &["sum"],
    read,
    global: None,
};
