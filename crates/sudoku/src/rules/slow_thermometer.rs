//! Slow thermometers: digits never decrease from the bulb.

use super::line::{self, LineCheck, LineRule};
use super::{ElementKind, FpuzzlesDocument, GridBuilder, RulesError};

fn post(cells: &[usize], grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
    for w in cells.windows(2) {
        grid.relate(w[0], w[1], |a, b| a <= b)?;
    }
    Ok(())
}

fn check(line: &LineCheck<'_>) -> bool {
    line.digits.windows(2).all(|w| w[0] <= w[1])
}

static RULE: LineRule = LineRule {
    kind: KIND.name,
    key: "slowthermometer",
    title: "slow thermometer",
    colour: "#c8c8c8",
    ends: false,
    post,
    check,
    refuse: line::any_length,
};

fn read(doc: &FpuzzlesDocument) -> Result<Vec<Box<dyn super::Element>>, RulesError> {
    line::read(doc, &RULE)
}

/// Slow thermometers (f-puzzles `slowthermometer`).
pub(super) const KIND: ElementKind = ElementKind {
    name: "slow-thermometer",
    summary: "digits never decrease along a slow thermometer from its bulb",
    fpuzzles_keys: &["slowthermometer"],
    negatives: &[],
    read,
    global: None,
};
