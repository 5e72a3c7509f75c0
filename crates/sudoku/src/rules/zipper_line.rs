//! Zipper lines: cells the same distance from the line's centre add up to
//! the same total; on a line of odd length the centre cell is that total.

use super::line::{self, LineCheck};
use super::{GridBuilder, RulesError};

/// The cells read centre first (odd lines), then pair by pair from the
/// centre out: `(first, last)` of each pair next to each other.
fn zipped(cells: &[usize]) -> Vec<usize> {
    let n = cells.len();
    let mut out = Vec::with_capacity(n);
    if n % 2 == 1 {
        out.push(cells[n / 2]);
    }
    for i in (0..n / 2).rev() {
        out.push(cells[i]);
        out.push(cells[n - 1 - i]);
    }
    out
}

/// Read zipped, the state is the total (0 until the centre or the first
/// pair sets it) and the first digit of a pair waiting for its partner.
fn post(cells: &[usize], grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
    let odd = cells.len() % 2 == 1;
    grid.automaton(
        &zipped(cells),
        (0u8, 0u8),
        move |i, &(total, waiting), d| {
            if odd && i == 0 {
                return Some((d, 0));
            }
            if waiting == 0 {
                return (total == 0 || d < total).then_some((total, d));
            }
            let sum = waiting + d;
            (total == 0 || sum == total).then_some((sum, 0))
        },
        |_| true,
    )
}

fn check(line: &LineCheck<'_>) -> bool {
    let d = line.digits;
    let n = d.len();
    let total = if n % 2 == 1 {
        d[n / 2]
    } else {
        d[0] + d[n - 1]
    };
    (0..n / 2).all(|i| d[i] + d[n - 1 - i] == total)
}

line::line_rule! {
    doc: "Zipper lines (f-puzzles `zipperline`).",
    name: "zipper-line",
    key: "zipperline",
    title: "zipper line",
    colour: "#c4a3ff",
    ends: false,
    summary: "digits the same distance from the centre of a zipper line add up to the same total (the centre digit, on an odd line)",
    post: post,
    check: check,
    refuse: line::any_length,
}
