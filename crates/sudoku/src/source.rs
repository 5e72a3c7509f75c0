//! What a deduction or failure in a search stands for, in a Sudoku's words:
//! a house of the grid or a variant element.

use std::fmt;

use crate::{Element, House};

/// A house or an element that a propagator enforces
/// ([`Sudoku::sources_of`](crate::Sudoku::sources_of)).
#[derive(Clone, Copy)]
pub enum Source<'a> {
    /// A house: a row, column, box or region, or one an element adds (a
    /// diagonal, a window).
    House(&'a House),
    /// A variant element (a cage, a thermometer, a dot...).
    Element(&'a dyn Element),
}

impl fmt::Display for Source<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::House(house) => house.fmt(f),
            Source::Element(element) => f.write_str(&element.describe()),
        }
    }
}

impl fmt::Debug for Source<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::House(house) => write!(f, "House({house})"),
            Source::Element(element) => write!(f, "Element({})", element.describe()),
        }
    }
}
