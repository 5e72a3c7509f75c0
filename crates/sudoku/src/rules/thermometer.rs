//! Thermometers: digits strictly increase from the bulb.

use csp_core::IncreasingChain;

use super::cells::cell_list;
use super::{
    Element, ElementKind, FpuzzlesDocument, FpuzzlesWriter, GridBuilder, RulesError, Solved,
};
use crate::render::{Drawing, LineStyle, Shape};

/// The digits strictly increase along the cells, bulb first.
#[derive(Clone, Debug)]
pub struct Thermometer {
    /// Its cells, bulb first.
    pub cells: Vec<usize>,
    side: usize,
}

impl Element for Thermometer {
    fn kind(&self) -> &'static str {
        KIND.name
    }

    fn post(&self, grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
        let vars = grid.vars(&self.cells);
        grid.add(IncreasingChain::new(vars))
    }

    fn check(&self, grid: &Solved<'_>) -> bool {
        let digits = grid.digits;
        self.cells.windows(2).all(|w| digits[w[0]] < digits[w[1]])
    }

    fn describe(&self) -> String {
        format!("thermometer {}", cell_list(&self.cells, self.side))
    }

    fn draw(&self, drawing: &mut Drawing) {
        drawing.shape(Shape::Line {
            cells: self.cells.clone(),
            style: LineStyle::Thermometer,
        });
    }

    fn write(&self, out: &mut FpuzzlesWriter) {
        let cells = out.cells(&self.cells);
        out.push("thermometer", serde_json::json!({ "lines": [cells] }));
    }
}

fn read(doc: &FpuzzlesDocument) -> Result<Vec<Box<dyn Element>>, RulesError> {
    let mut out: Vec<Box<dyn Element>> = Vec::new();
    for (name, entry) in doc.entries("thermometer")? {
        for cells in doc.lines(&name, entry)? {
            super::distinct_cells(&name, &cells)?;
            if cells.len() > doc.side() {
                return Err(RulesError::Invalid {
                    element: name,
                    what: format!(
                        "{} cells cannot strictly increase with digits 1 to {}",
                        cells.len(),
                        doc.side()
                    ),
                });
            }
            out.push(Box::new(Thermometer {
                cells,
                side: doc.side(),
            }));
        }
    }
    Ok(out)
}

/// Thermometers (f-puzzles `thermometer`, each line its own).
pub(super) const KIND: ElementKind = ElementKind {
    name: "thermometer",
    summary: "digits strictly increase along a thermometer, from its bulb",
    fpuzzles_keys: &["thermometer"],
    negatives: &[],
    read,
    global: None,
};
