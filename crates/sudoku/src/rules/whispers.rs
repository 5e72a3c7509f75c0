//! German whispers: neighbours on a line differ by at least 5.

use super::cells::cell_list;
use super::{
    Element, ElementKind, FpuzzlesDocument, FpuzzlesWriter, GridBuilder, RulesError, Solved,
};
use crate::render::{Drawing, LineStyle, Shape};

/// Digits next to each other on the line differ by at least `gap` (5 on a
/// 9x9 grid, the German whispers rule).
#[derive(Clone, Debug)]
pub struct Whispers {
    /// The line's cells, in order.
    pub cells: Vec<usize>,
    /// The least difference.
    pub gap: u8,
    side: usize,
}

impl Element for Whispers {
    fn kind(&self) -> &'static str {
        KIND.name
    }

    fn post(&self, grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
        let gap = self.gap;
        for w in self.cells.windows(2) {
            grid.relate(w[0], w[1], move |a, b| a.abs_diff(b) >= gap)?;
        }
        Ok(())
    }

    fn check(&self, grid: &Solved<'_>) -> bool {
        (self.cells.windows(2)).all(|w| grid.digits[w[0]].abs_diff(grid.digits[w[1]]) >= self.gap)
    }

    fn describe(&self) -> String {
        format!(
            "whispers (gap {}) {}",
            self.gap,
            cell_list(&self.cells, self.side)
        )
    }

    fn draw(&self, drawing: &mut Drawing) {
        drawing.shape(Shape::Line {
            cells: self.cells.clone(),
            style: LineStyle::Whispers,
        });
    }

    fn write(&self, out: &mut FpuzzlesWriter) {
        let cells = out.cells(&self.cells);
        out.push(
            "whispers",
            serde_json::json!({ "lines": [cells], "value": self.gap.to_string() }),
        );
    }
}

fn read(doc: &FpuzzlesDocument) -> Result<Vec<Box<dyn Element>>, RulesError> {
    let mut out: Vec<Box<dyn Element>> = Vec::new();
    for (name, entry) in doc.entries("whispers")? {
        let gap = match doc.number(&name, entry)? {
            None => 5,
            Some(v) if (1..doc.side() as i64).contains(&v) => v as u8,
            Some(v) => {
                return Err(RulesError::Invalid {
                    element: name,
                    what: format!("no two digits 1 to {} differ by {v}", doc.side()),
                });
            }
        };
        for cells in doc.lines(&name, entry)? {
            super::distinct_cells(&name, &cells)?;
            out.push(Box::new(Whispers {
                cells,
                gap,
                side: doc.side(),
            }));
        }
    }
    Ok(out)
}

/// German whispers (`whispers`, shaped as f-puzzles lines: `{"lines":
/// [[cells]], "value": 5}`).
pub(super) const KIND: ElementKind = ElementKind {
    name: "whispers",
    summary: "digits next to each other on a whispers line differ by at least 5 (or the line's `value`)",
    fpuzzles_keys: &["whispers"],
    negatives: &[],
    read,
    global: None,
};
