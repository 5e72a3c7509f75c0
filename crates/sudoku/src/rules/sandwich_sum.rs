//! Sandwich sums: the digits strictly between the 1 and the largest digit
//! of a row or column add up to the clue.

use super::outside;
use super::{GridBuilder, RulesError};

/// Where a word is: before the first crust (1 or the largest digit),
/// between the crusts with the sum so far, or past the second crust.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Phase {
    Before,
    Between(i64),
    After,
}

fn post(cells: &[usize], value: i64, grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
    let top = grid.side() as u8;
    grid.automaton(
        cells,
        Phase::Before,
        move |_, &phase, d| {
            let crust = d == 1 || d == top;
            match (phase, crust) {
                (Phase::Before, false) => Some(Phase::Before),
                (Phase::Before, true) => Some(Phase::Between(0)),
                (Phase::Between(sum), true) => (sum == value).then_some(Phase::After),
                (Phase::Between(sum), false) => {
                    let sum = sum + i64::from(d);
                    (sum <= value).then_some(Phase::Between(sum))
                }
                (Phase::After, crust) => (!crust).then_some(Phase::After),
            }
        },
        |&phase| phase == Phase::After,
    )
}

fn check(digits: &[u8], value: i64, side: usize) -> bool {
    let crusts: Vec<usize> = (digits.iter().enumerate())
        .filter(|&(_, &d)| d == 1 || usize::from(d) == side)
        .map(|(i, _)| i)
        .collect();
    let &[a, b] = crusts.as_slice() else {
        return false;
    };
    digits[a + 1..b].iter().map(|&d| i64::from(d)).sum::<i64>() == value
}

outside::clue_rule! {
    doc: "Sandwich sums (f-puzzles `sandwichsum`: `cell` outside the grid, `value`).",
    name: "sandwich-sum",
    key: "sandwichsum",
    title: "sandwich sum",
    diagonal: false,
    summary: "the digits between the 1 and the largest digit of the row or column add up to the outside clue",
    post: post,
    check: check,
}
