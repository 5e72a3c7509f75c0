//! Lockout lines: the ends differ by at least half the side (4 on 9x9), and
//! no middle digit lies between them, ends included.

use super::line::{self, LineCheck};
use super::{GridBuilder, RulesError};

/// State: the first end and the middle digits seen (a bit per digit).
fn post(cells: &[usize], grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
    let last = cells.len() - 1;
    let gap = (grid.side() / 2) as u8;
    grid.automaton(
        cells,
        (0u8, 0u64),
        move |i, &(first, seen), d| match i {
            0 => Some((d, 0)),
            i if i == last => {
                let (a, b) = (first.min(d), first.max(d));
                let inside = (a..=b).any(|x| seen & (1 << x) != 0);
                (b - a >= gap && !inside).then_some((0, 0))
            }
            _ if d == first => None,
            _ => Some((first, seen | 1 << d)),
        },
        |_| true,
    )
}

fn check(line: &LineCheck<'_>) -> bool {
    let d = line.digits;
    let (a, b) = (d[0].min(d[d.len() - 1]), d[0].max(d[d.len() - 1]));
    usize::from(b - a) >= line.side / 2 && d[1..d.len() - 1].iter().all(|&x| x < a || x > b)
}

line::line_rule! {
    doc: "Lockout lines (f-puzzles `lockout`; a `value` is ignored).",
    name: "lockout-line",
    key: "lockout",
    title: "lockout line",
    colour: "#3b7dd8",
    ends: true,
    summary: "the ends of a lockout line differ by at least half the side (4 on 9x9) and no digit on it lies between them",
    post: post,
    check: check,
    refuse: line::any_length,
}
