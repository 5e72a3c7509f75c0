//! Palindromes: a line reads the same both ways.

use super::line::{self, LineCheck, LineRule};
use super::{ElementKind, FpuzzlesDocument, GridBuilder, RulesError};

/// Cells the same distance from the two ends hold the same digit.
fn post(cells: &[usize], grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
    let n = cells.len();
    for i in 0..n / 2 {
        grid.relate(cells[i], cells[n - 1 - i], |a, b| a == b)?;
    }
    Ok(())
}

fn check(line: &LineCheck<'_>) -> bool {
    line.digits.iter().eq(line.digits.iter().rev())
}

static RULE: LineRule = LineRule {
    kind: KIND.name,
    key: "palindrome",
    title: "palindrome",
    colour: "#b0b0b0",
    ends: false,
    post,
    check,
    refuse: line::any_length,
};

fn read(doc: &FpuzzlesDocument) -> Result<Vec<Box<dyn super::Element>>, RulesError> {
    line::read(doc, &RULE)
}

/// Palindromes (f-puzzles `palindrome`).
pub(super) const KIND: ElementKind = ElementKind {
    name: "palindrome",
    summary: "a palindrome line reads the same from both ends",
    fpuzzles_keys: &["palindrome"],
    negatives: &[],
    read,
    global: None,
};
