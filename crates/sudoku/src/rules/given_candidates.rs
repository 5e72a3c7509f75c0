//! Given candidates: a setter's pencil marks (f-puzzles
//! `givenPencilMarks` on a grid cell) restrict the cell to those digits.

use super::cells::cell_name;
use super::{
    Element, ElementKind, FpuzzlesDocument, FpuzzlesWriter, GridBuilder, RulesError, Solved,
};

/// The cell holds one of `digits`: an initial domain, not a propagator.
#[derive(Clone, Debug)]
pub struct GivenCandidates {
    /// The cell.
    pub cell: usize,
    /// Its digits.
    pub digits: Vec<u8>,
    side: usize,
}

impl Element for GivenCandidates {
    fn kind(&self) -> &'static str {
        KIND.name
    }

    fn post(&self, grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
        grid.restrict(self.cell, self.digits.iter().copied());
        Ok(())
    }

    fn check(&self, grid: &Solved<'_>) -> bool {
        self.digits.contains(&grid.digits[self.cell])
    }

    fn describe(&self) -> String {
        let digits: Vec<String> = self.digits.iter().map(u8::to_string).collect();
        format!(
            "{} is one of {}",
            cell_name(self.cell, self.side),
            digits.join(", ")
        )
    }

    fn write(&self, out: &mut FpuzzlesWriter) {
        out.cell_field(
            self.cell,
            "givenPencilMarks",
            serde_json::json!(self.digits),
        );
    }
}

fn read(doc: &FpuzzlesDocument) -> Result<Vec<Box<dyn Element>>, RulesError> {
    let n = doc.side();
    let mut out: Vec<Box<dyn Element>> = Vec::new();
    for (cell, marks) in doc.grid_field("givenPencilMarks") {
        let name = format!("givenPencilMarks at {}", cell_name(cell, n));
        let list = marks.as_array().ok_or_else(|| RulesError::Invalid {
            element: name.clone(),
            what: "must be a list of digits".into(),
        })?;
        let mut digits: Vec<u8> = list
            .iter()
            .map(|v| {
                v.as_u64()
                    .filter(|d| (1..=n as u64).contains(d))
                    .map(|d| d as u8)
                    .ok_or_else(|| RulesError::Invalid {
                        element: name.clone(),
                        what: format!("{v} is not a digit 1 to {n}"),
                    })
            })
            .collect::<Result<_, _>>()?;
        digits.sort_unstable();
        digits.dedup();
        if digits.is_empty() {
            continue;
        }
        out.push(Box::new(GivenCandidates {
            cell,
            digits,
            side: n,
        }));
    }
    Ok(out)
}

/// Given candidates (f-puzzles `givenPencilMarks` on grid cells; no key of
/// its own, so it is read from every document).
pub(super) const KIND: ElementKind = ElementKind {
    name: "given-candidates",
    summary: "a cell with `givenPencilMarks` (on the grid) holds one of those digits",
    fpuzzles_keys: &[],
    negatives: &[],
    read,
    global: None,
};
