//! Little killer sums: the digits on a diagonal, from a clue outside the
//! grid in its direction, add up to the clue (digits may repeat).

use csp_core::{GroupedSum, PropagationLevel, Propagator, Reinforced, SumAutomaton};

use super::outside;
use super::{GridBuilder, RulesError};

/// State: the sum so far, never past the clue.
/// The clue's automaton over its diagonal, on bitsets of partial sums
/// ([`SumAutomaton`]) where the clue fits them (every clue up to 16x16
/// but the longest diagonals), as a layered graph ([`Regular`]) beyond:
/// the same removals either way. From `gac` up it is reinforced by the
/// diagonal's cells that share a house (a box): their digits are distinct
/// ([`GroupedSum`]).
///
/// [`Regular`]: csp_core::Regular
fn post(cells: &[usize], value: i64, grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
    let digits = (1..=grid.side() as u32).collect();
    let bits = u32::try_from(value)
        .ok()
        .and_then(|total| SumAutomaton::new(grid.vars(cells), digits, total))
        .filter(SumAutomaton::is_satisfiable);
    let groups = grid.distinct_groups(cells);
    let sum = GroupedSum::new(grid.vars(cells), value, 1, groups);
    if let Some(automaton) = bits {
        return reinforced(automaton, sum, grid);
    }
    let automaton = grid.automaton_propagator(
        cells,
        0i64,
        move |_, &sum, d| Some(sum + i64::from(d)).filter(|&s| s <= value),
        move |&sum| sum == value,
    )?;
    reinforced(automaton, sum, grid)
}

/// `automaton`, reinforced by `sum` from `gac` up when there is one.
fn reinforced(
    automaton: impl Propagator + 'static,
    sum: Option<GroupedSum>,
    grid: &mut GridBuilder<'_>,
) -> Result<(), RulesError> {
    match sum {
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
