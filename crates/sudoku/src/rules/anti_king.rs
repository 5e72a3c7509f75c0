//! Anti-king: cells a king's move apart hold different digits.

use super::{
    Element, ElementKind, FpuzzlesDocument, FpuzzlesWriter, GridBuilder, RulesError, Solved,
    offset_pairs,
};
use crate::GridSize;

/// Cells that touch, diagonally too, hold different digits. Orthogonal
/// neighbours share a row or column already, so only the diagonal pairs
/// get a constraint of their own.
#[derive(Clone, Copy, Debug)]
pub struct AntiKing;

fn pairs(size: GridSize) -> Vec<[usize; 2]> {
    offset_pairs(size, &[(1, -1), (1, 1)])
}

impl Element for AntiKing {
    fn kind(&self) -> &'static str {
        KIND.name
    }

    fn post(&self, grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
        grid.differ(&pairs(grid.size()))
    }

    fn check(&self, grid: &Solved<'_>) -> bool {
        super::pairs_differ(&pairs(grid.size), grid.digits)
    }

    fn describe(&self) -> String {
        "anti-king: cells a king's move apart hold different digits".into()
    }

    fn write(&self, out: &mut FpuzzlesWriter) {
        out.flag("antiking");
    }
}

fn global() -> Box<dyn Element> {
    Box::new(AntiKing)
}

fn read(doc: &FpuzzlesDocument) -> Result<Vec<Box<dyn Element>>, RulesError> {
    doc.flagged("antiking", global)
}

/// Anti-king (f-puzzles `antiking`).
pub(super) const KIND: ElementKind = ElementKind {
    name: "anti-king",
    summary: "cells a chess king's move apart (diagonal touch included) hold different digits",
    fpuzzles_keys: &["antiking"],
    negative: None,
    read,
    global: Some(global),
};
