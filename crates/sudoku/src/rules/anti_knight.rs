//! Anti-knight: cells a chess knight's move apart hold different digits.

use super::{
    Element, ElementKind, FpuzzlesDocument, FpuzzlesWriter, GridBuilder, RulesError, Solved,
    offset_pairs,
};
use crate::GridSize;

/// Cells a knight's move apart hold different digits.
#[derive(Clone, Copy, Debug)]
pub struct AntiKnight;

fn pairs(size: GridSize) -> Vec<[usize; 2]> {
    offset_pairs(size, &[(1, 2), (2, 1), (1, -2), (2, -1)])
}

impl Element for AntiKnight {
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
        "anti-knight: cells a knight's move apart hold different digits".into()
    }

    fn write(&self, out: &mut FpuzzlesWriter) {
        out.flag("antiknight");
    }
}

fn global() -> Box<dyn Element> {
    Box::new(AntiKnight)
}

fn read(doc: &FpuzzlesDocument) -> Result<Vec<Box<dyn Element>>, RulesError> {
    doc.flagged("antiknight", global)
}

/// Anti-knight (f-puzzles `antiknight`).
pub(super) const KIND: ElementKind = ElementKind {
    name: "anti-knight",
    summary: "cells a chess knight's move apart hold different digits",
    fpuzzles_keys: &["antiknight"],
    negative: None,
    read,
    global: Some(global),
};
