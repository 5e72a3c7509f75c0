//! Little killer sums: the digits on a diagonal, from a clue outside the
//! grid in its direction, add up to the clue (digits may repeat).

use csp_core::{GroupedSum, PropagationLevel, Reinforced};

use super::outside;
use super::{GridBuilder, RulesError};

/// State: the sum so far, never past the clue.
/// The clue's automaton over its diagonal; from `gac` up, reinforced by
/// the diagonal's cells that share a house (a box): their digits are
/// distinct ([`GroupedSum`]).
fn post(cells: &[usize], value: i64, grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
    let automaton = grid.automaton_propagator(
        cells,
        0i64,
        move |_, &sum, d| Some(sum + i64::from(d)).filter(|&s| s <= value),
        move |&sum| sum == value,
    )?;
    let groups = grid.distinct_groups(cells);
    match GroupedSum::new(grid.vars(cells), value, 1, groups) {
        Some(sum) => grid.add(Reinforced::new(automaton, sum, PropagationLevel::Gac)),
        None => grid.add(automaton),
    }
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
