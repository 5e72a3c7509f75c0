//! X-sums: with X the first digit seen from the clue, the first X digits
//! add up to the clue.

use super::outside;
use super::{GridBuilder, RulesError};

/// State: X (0 before the first cell), how many cells are summed, and the
/// sum; once X cells are summed the rest is free.
fn post(cells: &[usize], value: i64, grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
    grid.automaton(
        cells,
        (0u8, 0u8, 0i64),
        move |_, &(x, count, sum), d| {
            let x = if x == 0 { d } else { x };
            if count == x {
                return Some((x, count, sum));
            }
            let sum = sum + i64::from(d);
            (sum <= value).then_some((x, count + 1, sum))
        },
        move |&(x, count, sum)| count == x && sum == value,
    )
}

fn check(digits: &[u8], value: i64, _side: usize) -> bool {
    let x = usize::from(digits[0]);
    x <= digits.len() && digits[..x].iter().map(|&d| i64::from(d)).sum::<i64>() == value
}

outside::clue_rule! {
    doc: "X-sums (f-puzzles `xsum`: `cell` outside the grid, `value`).",
    name: "x-sum",
    key: "xsum",
    title: "X-sum",
    diagonal: false,
    summary: "the first X digits seen from an outside clue add up to it, X being the first of them",
    post: post,
    check: check,
}
