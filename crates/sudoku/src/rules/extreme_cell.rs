//! Minimum and maximum cells: smaller (larger) than each orthogonal
//! neighbour that is not itself a minimum (maximum) cell.

use super::cells::cell_name;
use super::{
    Element, ElementKind, FpuzzlesDocument, FpuzzlesWriter, GridBuilder, RulesError, Solved,
};
use crate::render::{Drawing, Shape};

/// A cell smaller (or larger) than the `neighbours` it is compared with.
#[derive(Clone, Debug)]
pub struct ExtremeCell {
    /// The cell.
    pub cell: usize,
    /// Larger (a maximum) rather than smaller.
    pub maximum: bool,
    /// The orthogonal neighbours that are not extreme cells of the same
    /// kind.
    pub neighbours: Vec<usize>,
    side: usize,
}

impl ExtremeCell {
    fn beats(&self, mine: u8, theirs: u8) -> bool {
        if self.maximum {
            mine > theirs
        } else {
            mine < theirs
        }
    }
}

impl Element for ExtremeCell {
    fn kind(&self) -> &'static str {
        if self.maximum {
            MAXIMUM.name
        } else {
            MINIMUM.name
        }
    }

    fn post(&self, grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
        for &nb in &self.neighbours {
            let maximum = self.maximum;
            grid.relate(
                self.cell,
                nb,
                move |a, b| if maximum { a > b } else { a < b },
            )?;
        }
        Ok(())
    }

    fn check(&self, grid: &Solved<'_>) -> bool {
        let mine = grid.digits[self.cell];
        (self.neighbours.iter()).all(|&nb| self.beats(mine, grid.digits[nb]))
    }

    fn describe(&self) -> String {
        let what = if self.maximum { "maximum" } else { "minimum" };
        format!("{} is a {what}", cell_name(self.cell, self.side))
    }

    fn draw(&self, drawing: &mut Drawing) {
        drawing.shape(Shape::CellNote {
            cell: self.cell,
            text: if self.maximum { "max" } else { "min" }.into(),
        });
    }

    fn write(&self, out: &mut FpuzzlesWriter) {
        let cell = out.cells(&[self.cell])[0].clone();
        let key = if self.maximum { "maximum" } else { "minimum" };
        out.push(key, serde_json::json!({ "cell": cell }));
    }
}

fn read_kind(doc: &FpuzzlesDocument, maximum: bool) -> Result<Vec<Box<dyn Element>>, RulesError> {
    let key = if maximum { "maximum" } else { "minimum" };
    let n = doc.side();
    let mut cells = Vec::new();
    for (name, entry) in doc.entries(key)? {
        let value = entry.get("cell").ok_or_else(|| RulesError::Invalid {
            element: name.clone(),
            what: "needs `cell`".into(),
        })?;
        cells.push(doc.cell_of(&name, value)?);
    }
    let elements = cells.iter().map(|&cell| {
        let (r, c) = (cell / n, cell % n);
        let neighbours = [(0, 1), (2, 1), (1, 0), (1, 2)]
            .into_iter()
            .filter_map(|(dr, dc)| {
                let (r, c) = ((r + dr).checked_sub(1)?, (c + dc).checked_sub(1)?);
                (r < n && c < n).then_some(r * n + c)
            })
            .filter(|nb| !cells.contains(nb))
            .collect();
        Box::new(ExtremeCell {
            cell,
            maximum,
            neighbours,
            side: n,
        }) as Box<dyn Element>
    });
    Ok(elements.collect())
}

fn read_minimum(doc: &FpuzzlesDocument) -> Result<Vec<Box<dyn Element>>, RulesError> {
    read_kind(doc, false)
}

fn read_maximum(doc: &FpuzzlesDocument) -> Result<Vec<Box<dyn Element>>, RulesError> {
    read_kind(doc, true)
}

/// Minimum cells (f-puzzles `minimum`: `cell`).
pub(super) const MINIMUM: ElementKind = ElementKind {
    name: "minimum",
    summary: "a minimum cell is smaller than each orthogonal neighbour that is not a minimum cell",
    fpuzzles_keys: &["minimum"],
    negatives: &[],
    read: read_minimum,
    global: None,
};

/// Maximum cells (f-puzzles `maximum`: `cell`).
pub(super) const MAXIMUM: ElementKind = ElementKind {
    name: "maximum",
    summary: "a maximum cell is larger than each orthogonal neighbour that is not a maximum cell",
    fpuzzles_keys: &["maximum"],
    negatives: &[],
    read: read_maximum,
    global: None,
};
