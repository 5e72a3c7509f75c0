//! Anti-king: cells a king's move apart hold different digits.

use super::moves_apart::MovesApart;
use super::{Element, ElementKind, FpuzzlesDocument, RulesError};

/// Cells that touch, diagonally too, hold different digits. Orthogonal
/// neighbours share a row or column already, so only the diagonal pairs
/// get a constraint of their own.
const ANTI_KING: MovesApart = MovesApart {
    kind: "anti-king",
    flag: "antiking",
    offsets: &[(1, -1), (1, 1)],
    rule: "anti-king: cells a king's move apart hold different digits",
};

fn global() -> Box<dyn Element> {
    Box::new(ANTI_KING)
}

fn read(doc: &FpuzzlesDocument) -> Result<Vec<Box<dyn Element>>, RulesError> {
    doc.flagged(ANTI_KING.flag, global)
}

/// Anti-king (f-puzzles `antiking`).
pub(super) const KIND: ElementKind = ElementKind {
    name: ANTI_KING.kind,
    summary: "cells a chess king's move apart (diagonal touch included) hold different digits",
    fpuzzles_keys: &[ANTI_KING.flag],
    negatives: &[],
    read,
    global: Some(global),
};
