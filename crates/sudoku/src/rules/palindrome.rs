//! Palindromes: a line reads the same both ways.

use super::line::{self, LineCheck};
use super::{GridBuilder, RulesError};

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

line::line_rule! {
    doc: "Palindromes (f-puzzles `palindrome`).",
    name: "palindrome",
    key: "palindrome",
    title: "palindrome",
    colour: "#b0b0b0",
    ends: false,
    summary: "a palindrome line reads the same from both ends",
    post: post,
    check: check,
    refuse: line::any_length,
}
