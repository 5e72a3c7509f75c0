//! Anti-knight: cells a chess knight's move apart hold different digits.

use super::moves_apart::MovesApart;
use super::{Element, ElementKind, FpuzzlesDocument, RulesError};

/// Cells a knight's move apart hold different digits.
const ANTI_KNIGHT: MovesApart = MovesApart {
    kind: "anti-knight",
    flag: "antiknight",
    offsets: &[(1, 2), (2, 1), (1, -2), (2, -1)],
    rule: "anti-knight: cells a knight's move apart hold different digits",
};

fn global() -> Box<dyn Element> {
    Box::new(ANTI_KNIGHT)
}

fn read(doc: &FpuzzlesDocument) -> Result<Vec<Box<dyn Element>>, RulesError> {
    doc.flagged(ANTI_KNIGHT.flag, global)
}

/// Anti-knight (f-puzzles `antiknight`).
pub(super) const KIND: ElementKind = ElementKind {
    name: ANTI_KNIGHT.kind,
    summary: "cells a chess knight's move apart hold different digits",
    fpuzzles_keys: &[ANTI_KNIGHT.flag],
    negatives: &[],
    read,
    global: Some(global),
};
