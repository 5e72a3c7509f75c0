//! Slow thermometers: digits never decrease from the bulb.

use super::line::{self, LineCheck};
use super::{GridBuilder, RulesError};

fn post(cells: &[usize], grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
    for w in cells.windows(2) {
        grid.relate(w[0], w[1], |a, b| a <= b)?;
    }
    Ok(())
}

fn check(line: &LineCheck<'_>) -> bool {
    line.digits.windows(2).all(|w| w[0] <= w[1])
}

line::line_rule! {
    doc: "Slow thermometers (f-puzzles `slowthermometer`).",
    name: "slow-thermometer",
    key: "slowthermometer",
    title: "slow thermometer",
    colour: "#c8c8c8",
    ends: false,
    summary: "digits never decrease along a slow thermometer from its bulb",
    post: post,
    check: check,
    refuse: line::any_length,
}
