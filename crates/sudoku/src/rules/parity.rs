//! Even and odd cells.

use super::cells::cell_name;
use super::{
    Element, ElementKind, FpuzzlesDocument, FpuzzlesWriter, GridBuilder, RulesError, Solved,
};
use crate::render::{CellMark, Drawing, Shape};

/// The cell holds an even (or odd) digit: a restriction of its initial
/// candidates, not a propagator.
#[derive(Clone, Copy, Debug)]
pub struct Parity {
    /// The cell.
    pub cell: usize,
    /// Even rather than odd.
    pub even: bool,
    side: usize,
}

impl Element for Parity {
    fn kind(&self) -> &'static str {
        KIND.name
    }

    fn post(&self, grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
        let even = self.even;
        let n = grid.side() as u8;
        grid.restrict(self.cell, (1..=n).filter(|d| (d % 2 == 0) == even));
        Ok(())
    }

    fn check(&self, grid: &Solved<'_>) -> bool {
        (grid.digits[self.cell] % 2 == 0) == self.even
    }

    fn describe(&self) -> String {
        let what = if self.even { "even" } else { "odd" };
        format!("{} is {what}", cell_name(self.cell, self.side))
    }

    fn draw(&self, drawing: &mut Drawing) {
        drawing.shape(Shape::Mark {
            cell: self.cell,
            mark: if self.even {
                CellMark::Square
            } else {
                CellMark::Circle
            },
        });
    }

    fn write(&self, out: &mut FpuzzlesWriter) {
        let cell = super::cell_name(self.cell, self.side).to_uppercase();
        let key = if self.even { "even" } else { "odd" };
        out.push(key, serde_json::json!({ "cell": cell }));
    }
}

fn read(doc: &FpuzzlesDocument) -> Result<Vec<Box<dyn Element>>, RulesError> {
    let mut out: Vec<Box<dyn Element>> = Vec::new();
    for (key, even) in [("odd", false), ("even", true)] {
        for (name, entry) in doc.entries(key)? {
            let cell = entry.get("cell").ok_or_else(|| RulesError::Invalid {
                element: name.clone(),
                what: "needs `cell`".into(),
            })?;
            out.push(Box::new(Parity {
                cell: doc.cell_of(&name, cell)?,
                even,
                side: doc.side(),
            }));
        }
    }
    Ok(out)
}

/// Even and odd cells (f-puzzles `even`, `odd`).
pub(super) const KIND: ElementKind = ElementKind {
    name: "even-odd",
    summary: "a cell marked even (odd) holds an even (odd) digit",
    fpuzzles_keys: &["odd", "even"],
    negatives: &[],
    read,
    global: None,
};
