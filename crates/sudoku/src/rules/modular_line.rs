//! Modular lines: any three cells in a row on the line hold digits of three
//! different residues modulo 3.

use super::entropic_line::{classes_differ, post_classes};
use super::line::{self, LineCheck};
use super::{GridBuilder, RulesError};

fn residue(d: u8, _side: usize) -> u8 {
    d % 3
}

fn post(cells: &[usize], grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
    post_classes(cells, grid, residue)
}

fn check(line: &LineCheck<'_>) -> bool {
    classes_differ(line, residue)
}

line::line_rule! {
    doc: "Modular lines (f-puzzles `modularline`).",
    name: "modular-line",
    key: "modularline",
    title: "modular line",
    colour: "#30b0a0",
    ends: false,
    summary: "any three cells in a row on a modular line hold digits of different residues modulo 3",
    post: post,
    check: check,
    refuse: line::any_length,
}
