//! X-sums: with X the first digit seen from the clue, the first X digits
//! add up to the clue.

use csp_core::{LinePattern, ValueSet};

use super::outside;
use super::{GridBuilder, RulesError};

/// State: X (0 before the first cell), how many cells are summed, and the
/// sum; once X cells are summed the rest is free.
/// The clue's automaton over its line; from `gac` up, reinforced by the
/// ways to fill the whole line ([`patterns`]).
fn post(cells: &[usize], value: i64, grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
    let automaton = grid.automaton_propagator(
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
    )?;
    grid.line_automaton(automaton, cells, |n| patterns(n, value))
}

/// The ways to fill a line of `n` cells holding the digits `1..=n` once,
/// read from the clue, whose first X digits add up to `value` (values
/// from 0): each set of X digits with that sum that holds X itself gives
/// the first cell X, the next X - 1 cells the rest of the set and the
/// cells past them the digits left.
fn patterns(n: usize, value: i64) -> Vec<LinePattern> {
    let all = ValueSet::range(n as u32);
    let line = (1u64 << n) - 1;
    let sets = outside::sets_with_sum(all, value);
    sets.filter(|set| !set.is_empty() && set.contains(set.len() - 1))
        .map(|set| {
            let first = ValueSet::single(set.len() - 1);
            let next = (1u64 << set.len()) - 2;
            LinePattern::new(vec![
                (1, first),
                (next, set.difference(first)),
                (line & !next & !1, all.difference(set)),
            ])
        })
        .collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ways_to_fill_a_line_by_its_first_digit() {
        // 10: 2 then 8; 3 then {1, 6} or {2, 5}; 4 then {1, 2, 3}.
        assert_eq!(patterns(9, 10).len(), 4);
        // 1: the first digit is 1.
        assert_eq!(patterns(9, 1).len(), 1);
        // 45: 9 first, all the digits.
        assert_eq!(patterns(9, 45).len(), 1);
        assert!(patterns(9, 46).is_empty());
    }
}
