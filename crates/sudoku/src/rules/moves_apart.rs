//! The element shared by the global rules "cells a given move apart hold
//! different digits" (anti-knight, anti-king): each rule's file names its
//! moves, f-puzzles flag and wording.

use super::{Element, FpuzzlesWriter, GridBuilder, RulesError, Solved, offset_pairs};
use crate::GridSize;

/// Cells one of `offsets` apart hold different digits (each offset
/// `(rows down, columns across)` taken from every cell, so a move and its
/// reverse need one offset).
#[derive(Clone, Copy, Debug)]
pub(super) struct MovesApart {
    /// Its name in the registry.
    pub kind: &'static str,
    /// Its f-puzzles flag.
    pub flag: &'static str,
    pub offsets: &'static [(isize, isize)],
    /// What [`Element::describe`] says.
    pub rule: &'static str,
}

impl MovesApart {
    fn pairs(&self, size: GridSize) -> Vec<[usize; 2]> {
        offset_pairs(size, self.offsets)
    }
}

impl Element for MovesApart {
    fn kind(&self) -> &'static str {
        self.kind
    }

    fn post(&self, grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
        grid.differ(&self.pairs(grid.size()))
    }

    fn check(&self, grid: &Solved<'_>) -> bool {
        super::pairs_differ(&self.pairs(grid.size), grid.digits)
    }

    fn describe(&self) -> String {
        self.rule.into()
    }

    fn write(&self, out: &mut FpuzzlesWriter) {
        out.flag(self.flag);
    }
}
