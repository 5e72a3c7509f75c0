//! The candidate grid (pencil marks) at some propagation level.

use std::fmt;

use csp_core::ValueSet;

use crate::GridSize;
use crate::board::draw;
use crate::symbol::digit_char;

/// Every cell's state once the givens are propagated: a filled cell's digit,
/// or an empty cell's candidates.
///
/// Drawn with box borders; a filled cell shows its digit, an empty cell its
/// candidates run together (`1246`), in parentheses when there is just one
/// (`(5)`, an empty cell with one candidate, possible below `singles`), `-`
/// when there is none.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CandidateGrid {
    size: GridSize,
    /// `Err(digit)` for a filled cell, `Ok(values)` for an empty one (value
    /// `v` is digit `v + 1`).
    cells: Vec<Result<ValueSet, u8>>,
    contradiction: bool,
    /// Irregular regions to draw, if any.
    regions: Option<Vec<usize>>,
}

impl CandidateGrid {
    pub(crate) fn new(
        size: GridSize,
        cells: Vec<Result<ValueSet, u8>>,
        contradiction: bool,
        regions: Option<Vec<usize>>,
    ) -> CandidateGrid {
        CandidateGrid {
            size,
            cells,
            contradiction,
            regions,
        }
    }

    /// The grid's size.
    pub fn size(&self) -> GridSize {
        self.size
    }

    /// The digit of a filled cell, `None` if empty.
    pub fn digit(&self, cell: usize) -> Option<u8> {
        self.cells[cell].err()
    }

    /// The candidate digits of a cell (a filled cell: its digit).
    pub fn candidates(&self, cell: usize) -> Vec<u8> {
        match self.cells[cell] {
            Err(d) => vec![d],
            Ok(values) => values.iter().map(|v| v as u8 + 1).collect(),
        }
    }

    /// Whether propagation found the givens contradictory (the grid shows
    /// the state at that point).
    pub fn is_contradiction(&self) -> bool {
        self.contradiction
    }

    fn cell_text(&self, cell: usize) -> String {
        match self.cells[cell] {
            Err(d) => digit_char(d).to_string(),
            Ok(values) => {
                let digits: String = values.iter().map(|v| digit_char(v as u8 + 1)).collect();
                match values.len() {
                    0 => "-".to_string(),
                    1 => format!("({digits})"),
                    _ => digits,
                }
            }
        }
    }
}

impl fmt::Display for CandidateGrid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let texts: Vec<String> = (0..self.cells.len()).map(|i| self.cell_text(i)).collect();
        let width = texts.iter().map(String::len).max().unwrap_or(1);
        draw(f, self.size, self.regions.as_deref(), width, &|i| {
            texts[i].clone()
        })
    }
}

#[cfg(test)]
mod tests {
    use csp_core::PropagationLevel;

    use crate::{Puzzle, Sudoku, Variant};

    #[test]
    fn four_by_four_candidates() {
        let s = Sudoku::new(crate::GridSize::from_side(4).unwrap(), Variant::CLASSIC);
        let p = Puzzle::parse("1...........4..2").unwrap();
        let c = s.candidates(&p, PropagationLevel::ForwardChecking).unwrap();
        assert_eq!(c.candidates(1), vec![2, 3, 4]);
        assert_eq!(c.digit(0), Some(1));
        assert!(!c.is_contradiction());
        assert_eq!(
            c.to_string(),
            "+-----------+-----------+\n\
             | 1    234  | 234  34   |\n\
             | 23   234  | 1234 134  |\n\
             +-----------+-----------+\n\
             | 23   123  | 134  134  |\n\
             | 4    13   | 13   2    |\n\
             +-----------+-----------+\n"
        );
    }
}
