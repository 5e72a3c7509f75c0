//! Extra regions: a set of cells that holds distinct digits.

use super::cells::cell_list;
use super::{
    Element, ElementKind, FpuzzlesDocument, FpuzzlesWriter, GridBuilder, RulesError, Solved,
};
use crate::house::HouseKind;
use crate::render::{Drawing, Shape};

/// The cells hold distinct digits (every digit once, when there are as
/// many cells as digits).
#[derive(Clone, Debug)]
pub struct ExtraRegion {
    /// Its cells.
    pub cells: Vec<usize>,
    side: usize,
}

impl Element for ExtraRegion {
    fn kind(&self) -> &'static str {
        KIND.name
    }

    fn post(&self, grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
        grid.house(HouseKind::ExtraRegion, self.cells.clone())
    }

    fn check(&self, grid: &Solved<'_>) -> bool {
        let digits = grid.digits;
        super::all_distinct(self.cells.iter().map(|&c| digits[c]))
    }

    fn describe(&self) -> String {
        format!("extra region {}", cell_list(&self.cells, self.side))
    }

    fn draw(&self, drawing: &mut Drawing) {
        drawing.shape(Shape::Shade {
            cells: self.cells.clone(),
        });
    }

    fn write(&self, out: &mut FpuzzlesWriter) {
        let cells = out.cells(&self.cells);
        out.push("extraregion", serde_json::json!({ "cells": cells }));
    }
}

fn read(doc: &FpuzzlesDocument) -> Result<Vec<Box<dyn Element>>, RulesError> {
    let mut out: Vec<Box<dyn Element>> = Vec::new();
    for (name, entry) in doc.entries("extraregion")? {
        let cells = doc.cells(&name, entry, "cells")?;
        super::distinct_cells(&name, &cells)?;
        if cells.len() > doc.side() {
            return Err(RulesError::Invalid {
                element: name,
                what: format!(
                    "{} cells cannot hold distinct digits 1 to {}",
                    cells.len(),
                    doc.side()
                ),
            });
        }
        out.push(Box::new(ExtraRegion {
            cells,
            side: doc.side(),
        }));
    }
    Ok(out)
}

/// Extra regions (f-puzzles `extraregion`).
pub(super) const KIND: ElementKind = ElementKind {
    name: "extra-region",
    summary: "the cells of an extra region hold distinct digits",
    fpuzzles_keys: &["extraregion"],
    negatives: &[],
    read,
    global: None,
};
