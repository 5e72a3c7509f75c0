//! X-Sudoku: a main diagonal holds each digit once.

use super::{
    Element, ElementKind, FpuzzlesDocument, FpuzzlesWriter, GridBuilder, RulesError, Solved,
};
use crate::house::HouseKind;
use crate::render::{Drawing, Shape};

/// One diagonal as a house: the main one (`r1c1` to the bottom right) or
/// the anti-diagonal (top right to bottom left).
#[derive(Clone, Copy, Debug)]
pub struct Diagonal {
    /// The anti-diagonal rather than the main one.
    pub anti: bool,
}

impl Diagonal {
    fn cells(self, side: usize) -> Vec<usize> {
        (0..side)
            .map(|i| i * side + if self.anti { side - 1 - i } else { i })
            .collect()
    }
}

impl Element for Diagonal {
    fn kind(&self) -> &'static str {
        if self.anti { ANTI.name } else { MAIN.name }
    }

    fn post(&self, grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
        let kind = if self.anti {
            HouseKind::AntiDiagonal
        } else {
            HouseKind::MainDiagonal
        };
        grid.house(kind, self.cells(grid.side()))
    }

    fn check(&self, grid: &Solved<'_>) -> bool {
        let (size, digits) = (grid.size, grid.digits);
        super::all_distinct(self.cells(size.side()).iter().map(|&c| digits[c]))
    }

    fn describe(&self) -> String {
        if self.anti {
            "the anti-diagonal holds each digit once".into()
        } else {
            "the main diagonal holds each digit once".into()
        }
    }

    fn draw(&self, drawing: &mut Drawing) {
        drawing.shape(Shape::Diagonal { anti: self.anti });
    }

    fn write(&self, out: &mut FpuzzlesWriter) {
        out.flag(if self.anti { "diagonal+" } else { "diagonal-" });
    }
}

fn read_main(doc: &FpuzzlesDocument) -> Result<Vec<Box<dyn Element>>, RulesError> {
    doc.flagged("diagonal-", main)
}

fn read_anti(doc: &FpuzzlesDocument) -> Result<Vec<Box<dyn Element>>, RulesError> {
    doc.flagged("diagonal+", anti)
}

fn main() -> Box<dyn Element> {
    Box::new(Diagonal { anti: false })
}

fn anti() -> Box<dyn Element> {
    Box::new(Diagonal { anti: true })
}

/// The main diagonal (f-puzzles `diagonal-`).
pub(super) const MAIN: ElementKind = ElementKind {
    name: "main-diagonal",
    summary: "the diagonal from the top left to the bottom right holds each digit once",
    fpuzzles_keys: &["diagonal-"],
    negatives: &[],
    read: read_main,
    global: Some(main),
};

/// The anti-diagonal (f-puzzles `diagonal+`).
pub(super) const ANTI: ElementKind = ElementKind {
    name: "anti-diagonal",
    summary: "the diagonal from the top right to the bottom left holds each digit once",
    fpuzzles_keys: &["diagonal+"],
    negatives: &[],
    read: read_anti,
    global: Some(anti),
};
