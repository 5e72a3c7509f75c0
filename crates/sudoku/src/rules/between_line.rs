//! Between lines: every middle cell lies strictly between the two ends.

use super::line::{self, LineCheck};
use super::{GridBuilder, RulesError};

/// State: the first end and the least and greatest middle digits so far
/// (`(first, 0, 0)` before any middle); the last end must put every
/// middle strictly between itself and the first.
fn post(cells: &[usize], grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
    let last = cells.len() - 1;
    grid.automaton(
        cells,
        (0u8, 0u8, 0u8),
        move |i, &(first, lo, hi), d| match i {
            0 => Some((d, 0, 0)),
            i if i == last => {
                let between = lo == 0 || (first < lo && hi < d) || (d < lo && hi < first);
                between.then_some((0, 0, 0))
            }
            _ if d == first => None,
            _ if lo == 0 => Some((first, d, d)),
            _ => Some((first, lo.min(d), hi.max(d))),
        },
        |_| true,
    )
}

fn check(line: &LineCheck<'_>) -> bool {
    let d = line.digits;
    let (a, b) = (d[0].min(d[d.len() - 1]), d[0].max(d[d.len() - 1]));
    d[1..d.len() - 1].iter().all(|&x| a < x && x < b)
}

line::line_rule! {
    doc: "Between lines (f-puzzles `betweenline`).",
    name: "between-line",
    key: "betweenline",
    title: "between line",
    colour: "#a0c8f0",
    ends: true,
    summary: "the digits on a between line lie strictly between the digits at its two ends",
    post: post,
    check: check,
    refuse: line::any_length,
}
