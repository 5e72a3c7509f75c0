//! Grid sizes: an `N`x`N` grid with `r`x`c` boxes, `N = r * c`.

use std::fmt;

use crate::symbol::MAX_SIDE;

/// The shape of a grid: boxes of `box_rows` x `box_cols` cells, a side of
/// `box_rows * box_cols`. Boxes are at least 2 cells high and wide, and the
/// side at most 35 (digits `1`-`9` then `A`-`Z`). A grid may also have no
/// boxes ([`GridSize::without_boxes`]: prime sides such as 5 or 7, whose
/// regions, if any, are irregular ones a puzzle gives).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct GridSize {
    box_rows: usize,
    box_cols: usize,
}

impl GridSize {
    /// Classic 9x9 with 3x3 boxes.
    pub const CLASSIC: GridSize = GridSize {
        box_rows: 3,
        box_cols: 3,
    };

    /// A grid with `box_rows` x `box_cols` boxes, if that shape is supported.
    pub fn new(box_rows: usize, box_cols: usize) -> Option<GridSize> {
        (box_rows >= 2 && box_cols >= 2 && box_rows * box_cols <= MAX_SIDE)
            .then_some(GridSize { box_rows, box_cols })
    }

    /// An `N`x`N` grid without boxes (rows and columns only, plus whatever
    /// regions a puzzle gives), for `2 <= side <= 35`.
    pub fn without_boxes(side: usize) -> Option<GridSize> {
        (2..=MAX_SIDE).contains(&side).then_some(GridSize {
            box_rows: 1,
            box_cols: side,
        })
    }

    /// Whether the grid has boxes (see [`GridSize::without_boxes`]).
    #[inline]
    pub fn has_boxes(self) -> bool {
        self.box_rows >= 2
    }

    /// The usual shape for a side: the most square boxes, wider than high
    /// (4: 2x2, 6: 2x3, 8: 2x4, 9: 3x3, 12: 3x4, 16: 4x4, 25: 5x5).
    pub fn from_side(side: usize) -> Option<GridSize> {
        let rows = (2..=side)
            .take_while(|r| r * r <= side)
            .filter(|r| side % r == 0)
            .last()?;
        GridSize::new(rows, side / rows)
    }

    /// The grid whose cell count is `cells` (`side * side`), with the usual
    /// shape.
    pub fn from_cell_count(cells: usize) -> Option<GridSize> {
        let side = cells.isqrt();
        (side * side == cells)
            .then(|| GridSize::from_side(side))
            .flatten()
    }

    /// The side `N`: cells per row, column and box; digits `1..=N`.
    #[inline]
    pub fn side(self) -> usize {
        self.box_rows * self.box_cols
    }

    /// Rows of cells in a box.
    #[inline]
    pub fn box_rows(self) -> usize {
        self.box_rows
    }

    /// Columns of cells in a box.
    #[inline]
    pub fn box_cols(self) -> usize {
        self.box_cols
    }

    /// `N * N`.
    #[inline]
    pub fn cells(self) -> usize {
        self.side() * self.side()
    }

    /// The box (numbered in reading order) that holds `(row, col)`.
    #[inline]
    pub fn box_of(self, row: usize, col: usize) -> usize {
        // Boxes per band: side / box_cols = box_rows.
        (row / self.box_rows) * self.box_rows + col / self.box_cols
    }
}

impl fmt::Display for GridSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.side();
        if self.has_boxes() {
            write!(f, "{n}x{n} ({}x{} boxes)", self.box_rows, self.box_cols)
        } else {
            write!(f, "{n}x{n} (no boxes)")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usual_shapes() {
        let shape = |n| GridSize::from_side(n).map(|g| (g.box_rows(), g.box_cols()));
        assert_eq!(shape(4), Some((2, 2)));
        assert_eq!(shape(6), Some((2, 3)));
        assert_eq!(shape(8), Some((2, 4)));
        assert_eq!(shape(9), Some((3, 3)));
        assert_eq!(shape(12), Some((3, 4)));
        assert_eq!(shape(16), Some((4, 4)));
        assert_eq!(shape(25), Some((5, 5)));
        assert_eq!(shape(7), None);
        assert_eq!(shape(36), None);
        assert_eq!(GridSize::from_cell_count(81), Some(GridSize::CLASSIC));
        assert_eq!(GridSize::from_cell_count(80), None);
        let seven = GridSize::without_boxes(7).unwrap();
        assert_eq!((seven.side(), seven.has_boxes()), (7, false));
        assert_eq!(seven.to_string(), "7x7 (no boxes)");
        assert!(GridSize::CLASSIC.has_boxes());
    }

    #[test]
    fn boxes_in_reading_order() {
        let g = GridSize::from_side(6).unwrap(); // 2x3 boxes: 3 bands of 2 boxes
        assert_eq!(g.box_of(0, 0), 0);
        assert_eq!(g.box_of(0, 3), 1);
        assert_eq!(g.box_of(2, 0), 2);
        assert_eq!(g.box_of(5, 5), 5);
        assert_eq!(GridSize::CLASSIC.box_of(4, 4), 4);
        assert_eq!(GridSize::CLASSIC.to_string(), "9x9 (3x3 boxes)");
    }
}
