//! Renban lines: distinct digits forming a run of consecutive numbers, in
//! any order.

use super::line::{self, LineCheck};
use super::{GridBuilder, RulesError};

/// The digits seen so far (a bit per digit); a word goes on while they are
/// distinct and span no more than the line's length.
fn post(cells: &[usize], grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
    let len = cells.len() as u32;
    grid.automaton(
        cells,
        0u64,
        |_, &seen, d| {
            let bit = 1u64 << d;
            let seen = (seen & bit == 0).then_some(seen | bit)?;
            let span = 64 - seen.leading_zeros() - seen.trailing_zeros();
            (span <= len).then_some(seen)
        },
        |_| true,
    )
}

fn check(line: &LineCheck<'_>) -> bool {
    let (lo, hi) = (line.digits.iter().min(), line.digits.iter().max());
    super::all_distinct(line.digits.iter().copied())
        && lo
            .zip(hi)
            .is_some_and(|(lo, hi)| usize::from(hi - lo) + 1 == line.digits.len())
}

fn refuse(cells: usize, side: usize) -> Option<String> {
    (cells > side).then(|| format!("{cells} cells cannot hold distinct digits 1 to {side}"))
}

line::line_rule! {
    doc: "Renban lines (f-puzzles `renban`).",
    name: "renban",
    key: "renban",
    title: "renban line",
    colour: "#f067f0",
    ends: false,
    summary: "the digits on a renban line are distinct and consecutive, in any order",
    post: post,
    check: check,
    refuse: refuse,
}
