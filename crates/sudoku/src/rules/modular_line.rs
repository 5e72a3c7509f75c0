//! Modular lines: any three cells in a row on the line hold digits of three
//! different residues modulo 3.

use super::entropic_line::{classes_differ, post_classes};
use super::line::{self, LineCheck, LineRule};
use super::{ElementKind, FpuzzlesDocument, GridBuilder, RulesError};

fn residue(d: u8, _side: usize) -> u8 {
    d % 3
}

fn post(cells: &[usize], grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
    post_classes(cells, grid, residue)
}

fn check(line: &LineCheck<'_>) -> bool {
    classes_differ(line, residue)
}

static RULE: LineRule = LineRule {
    kind: KIND.name,
    key: "modularline",
    title: "modular line",
    colour: "#30b0a0",
    ends: false,
    post,
    check,
    refuse: line::any_length,
};

fn read(doc: &FpuzzlesDocument) -> Result<Vec<Box<dyn super::Element>>, RulesError> {
    line::read(doc, &RULE)
}

/// Modular lines (f-puzzles `modularline`).
pub(super) const KIND: ElementKind = ElementKind {
    name: "modular-line",
    summary: "any three cells in a row on a modular line hold digits of different residues modulo 3",
    fpuzzles_keys: &["modularline"],
    negatives: &[],
    read,
    global: None,
};
