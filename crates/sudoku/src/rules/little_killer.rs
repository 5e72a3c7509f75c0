//! Little killer sums: the digits on a diagonal, from a clue outside the
//! grid in its direction, add up to the clue (digits may repeat).

use super::outside;
use super::{GridBuilder, RulesError};

/// State: the sum so far, never past the clue.
fn post(cells: &[usize], value: i64, grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
    grid.automaton(
        cells,
        0i64,
        move |_, &sum, d| Some(sum + i64::from(d)).filter(|&s| s <= value),
        move |&sum| sum == value,
    )
}

fn check(digits: &[u8], value: i64, _side: usize) -> bool {
    digits.iter().map(|&d| i64::from(d)).sum::<i64>() == value
}

outside::clue_rule! {
    doc: "Little killer sums (f-puzzles `littlekillersum`: `cell` outside the grid, `direction` UL/UR/DL/DR, `value`).",
    name: "little-killer",
    key: "littlekillersum",
    title: "little killer",
    diagonal: true,
    summary: "the digits on the diagonal an outside clue points along add up to the clue (digits may repeat)",
    post: post,
    check: check,
}
