//! Houses: sets of cells that hold distinct digits.

use std::fmt;

use csp_core::{ModelBuilder, ModelError, VarId};

use crate::{GridSize, Variant};

/// What kind of house.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum HouseKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A box.
    Box,
    /// The main diagonal (top left to bottom right), X-Sudoku.
    MainDiagonal,
    /// The anti-diagonal (top right to bottom left), X-Sudoku.
    AntiDiagonal,
    /// A jigsaw region (replacing the boxes).
    Region,
    /// A windoku window.
    Window,
    /// An extra region.
    ExtraRegion,
    /// The cells in the same place of every region (disjoint groups).
    DisjointGroup,
}

/// A set of cells (indices in reading order) that must hold distinct digits.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct House {
    /// What kind.
    pub kind: HouseKind,
    /// Which one of its kind, from 0.
    pub index: usize,
    /// Its cells, in reading order.
    pub cells: Vec<usize>,
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            HouseKind::Row => write!(f, "row {}", self.index + 1),
            HouseKind::Column => write!(f, "column {}", self.index + 1),
            HouseKind::Box => write!(f, "box {}", self.index + 1),
            HouseKind::MainDiagonal => f.write_str("the main diagonal"),
            HouseKind::AntiDiagonal => f.write_str("the anti-diagonal"),
            HouseKind::Region => write!(f, "region {}", self.index + 1),
            HouseKind::Window => write!(f, "window {}", self.index + 1),
            HouseKind::ExtraRegion => write!(f, "extra region {}", self.index + 1),
            HouseKind::DisjointGroup => write!(f, "disjoint group {}", self.index + 1),
        }
    }
}

/// Model owners ([`csp_core::ModelBuilder::set_owner`]) of houses: house
/// `k` (in [`crate::Sudoku::houses`], an element's houses included) is
/// `HOUSE_OWNER + k`; element `i` is `i`.
pub(crate) const HOUSE_OWNER: u32 = 1 << 31;

/// Posts house `k` (its cells' variables `vars`) as an all-different,
/// tagged with the owner of house `k`; the builder's owner is left as it
/// was.
pub(crate) fn post_house(
    builder: &mut ModelBuilder,
    k: usize,
    vars: &[VarId],
) -> Result<(), ModelError> {
    let owner = builder.owner();
    builder.set_owner(Some(HOUSE_OWNER + k as u32));
    let posted = builder.all_different(vars);
    builder.set_owner(owner);
    posted
}

/// The houses of a grid: rows, columns, boxes, then the variant's extras.
pub fn houses(size: GridSize, variant: &Variant) -> Vec<House> {
    crate::Sudoku::new(size, variant.clone()).houses().to_vec()
}

/// Rows, columns, then the boxes (or the jigsaw regions: `regions[i]` is
/// the region of cell `i`).
pub(crate) fn grid_houses(size: GridSize, regions: Option<&[usize]>) -> Vec<House> {
    let n = size.side();
    let mut out = Vec::with_capacity(3 * n + 2);
    let mut add = |kind, index, cells: Vec<usize>| out.push(House { kind, index, cells });
    for r in 0..n {
        add(HouseKind::Row, r, (0..n).map(|c| r * n + c).collect());
    }
    for c in 0..n {
        add(HouseKind::Column, c, (0..n).map(|r| r * n + c).collect());
    }
    if regions.is_none() && !size.has_boxes() {
        return out;
    }
    let kind = if regions.is_some() {
        HouseKind::Region
    } else {
        HouseKind::Box
    };
    for b in 0..n {
        let cells: Vec<usize> = (0..n * n)
            .filter(|&i| match regions {
                Some(r) => r[i] == b,
                None => size.box_of(i / n, i % n) == b,
            })
            .collect();
        add(kind, b, cells);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_and_diagonal_houses() {
        let h = houses(GridSize::CLASSIC, &Variant::CLASSIC);
        assert_eq!(h.len(), 27);
        assert_eq!(h[18].cells, vec![0, 1, 2, 9, 10, 11, 18, 19, 20]);
        assert_eq!(h[22].to_string(), "box 5");
        let x = houses(
            GridSize::from_side(4).unwrap(),
            &"diagonal".parse().unwrap(),
        );
        assert_eq!(x.len(), 14);
        assert_eq!(x[12].cells, vec![0, 5, 10, 15]);
        assert_eq!(x[13].cells, vec![3, 6, 9, 12]);
        assert_eq!(x[13].to_string(), "the anti-diagonal");
        // Every 6x6 box (2x3) has 6 cells.
        let six = houses(GridSize::from_side(6).unwrap(), &Variant::CLASSIC);
        assert_eq!(six[13].cells, vec![3, 4, 5, 9, 10, 11]);
    }
}
