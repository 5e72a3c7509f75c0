//! Clones: two groups of cells hold the same digits, cell for cell.

use super::cells::cell_list;
use super::{
    Element, ElementKind, FpuzzlesDocument, FpuzzlesWriter, GridBuilder, RulesError, Solved,
};
use crate::render::{Drawing, Shape};

/// `cells[i]` holds the same digit as `clones[i]`.
#[derive(Clone, Debug)]
pub struct Clone {
    /// The first group.
    pub cells: Vec<usize>,
    /// Its clone, cell for cell.
    pub clones: Vec<usize>,
    side: usize,
}

impl Element for Clone {
    fn kind(&self) -> &'static str {
        KIND.name
    }

    fn post(&self, grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
        for (&a, &b) in self.cells.iter().zip(&self.clones) {
            if a != b {
                grid.relate(a, b, |x, y| x == y)?;
            }
        }
        Ok(())
    }

    fn check(&self, grid: &Solved<'_>) -> bool {
        (self.cells.iter().zip(&self.clones)).all(|(&a, &b)| grid.digits[a] == grid.digits[b])
    }

    fn describe(&self) -> String {
        format!(
            "clone: {} as {}",
            cell_list(&self.clones, self.side),
            cell_list(&self.cells, self.side)
        )
    }

    fn draw(&self, drawing: &mut Drawing) {
        drawing.shape(Shape::Shade {
            cells: [self.cells.as_slice(), &self.clones].concat(),
        });
    }

    fn write(&self, out: &mut FpuzzlesWriter) {
        let (cells, clones) = (out.cells(&self.cells), out.cells(&self.clones));
        out.push(
            "clone",
            serde_json::json!({ "cells": cells, "cloneCells": clones }),
        );
    }
}

fn read(doc: &FpuzzlesDocument) -> Result<Vec<Box<dyn Element>>, RulesError> {
    let mut out: Vec<Box<dyn Element>> = Vec::new();
    for (name, entry) in doc.entries("clone")? {
        let cells = doc.cells(&name, entry, "cells")?;
        let clones = doc.cells(&name, entry, "cloneCells")?;
        if cells.len() != clones.len() {
            return Err(RulesError::Invalid {
                element: name,
                what: format!(
                    "{} cells and {} clone cells: a clone needs as many",
                    cells.len(),
                    clones.len()
                ),
            });
        }
        super::distinct_cells(&name, &cells)?;
        super::distinct_cells(&name, &clones)?;
        out.push(Box::new(Clone {
            cells,
            clones,
            side: doc.side(),
        }));
    }
    Ok(out)
}

/// Clones (f-puzzles `clone`: `cells` and `cloneCells`).
pub(super) const KIND: ElementKind = ElementKind {
    name: "clone",
    summary: "a clone's cells hold the same digits as the cells it copies, cell for cell",
    fpuzzles_keys: &["clone"],
    negatives: &[],
    read,
    global: None,
};
