//! Sandwich sums: the digits strictly between the 1 and the largest digit
//! of a row or column add up to the clue.

use csp_core::{LinePattern, ValueSet};

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

/// The clue's automaton over its line; from `gac` up, reinforced by the
/// ways to fill the whole line ([`patterns`]).
fn post(cells: &[usize], value: i64, grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
    let top = grid.side() as u8;
    let automaton = grid.automaton_propagator(
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
    )?;
    grid.line_automaton(automaton, cells, |n| patterns(n, value))
}

/// The ways to fill a line of `n` cells holding the digits `1..=n` once
/// with `value` between its crusts (values from 0): the crusts' two cells,
/// either crust first; between them one set of digits that adds up to the
/// clue, as many as the cells; outside them the other middle digits.
fn patterns(n: usize, value: i64) -> Vec<LinePattern> {
    let (low, high) = (ValueSet::single(0), ValueSet::single(n as u32 - 1));
    let middle = ValueSet::range(n as u32 - 1).difference(low);
    // The sets of middle digits adding up to the clue, by size.
    let mut sets = vec![Vec::new(); n - 1];
    for set in outside::sets_with_sum(middle, value) {
        sets[set.len() as usize].push(set);
    }
    let line = (1u64 << n) - 1;
    let mut patterns = Vec::new();
    for i in 0..n {
        for j in i + 1..n {
            let between = (1u64 << j) - (1u64 << (i + 1));
            let outside = line & !between & !(1 << i) & !(1 << j);
            for &set in &sets[j - i - 1] {
                for (a, b) in [(low, high), (high, low)] {
                    patterns.push(LinePattern::new(vec![
                        (1 << i, a),
                        (1 << j, b),
                        (between, set),
                        (outside, middle.difference(set)),
                    ]));
                }
            }
        }
    }
    patterns
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ways_to_fill_a_line_by_its_sum() {
        // 2 + ... + 8 = 35: the crusts at both ends, either one first.
        assert_eq!(patterns(9, 35).len(), 2);
        // 0: the crusts side by side, 8 places, either one first.
        assert_eq!(patterns(9, 0).len(), 16);
        // 5 is {5} (7 places for one cell between) or {2, 3} (6 places).
        assert_eq!(patterns(9, 5).len(), 2 * (7 + 6));
        assert!(patterns(9, 36).is_empty());
    }
}
