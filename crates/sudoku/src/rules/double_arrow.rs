//! Double arrows: the two ends of the line add up to the sum of the cells
//! between them.

use super::line::{self, LineCheck};
use super::{GridBuilder, RulesError};

/// State: the ends' sum less the middle's so far.
fn post(cells: &[usize], grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
    let last = cells.len() - 1;
    grid.automaton(
        cells,
        0i32,
        move |i, &diff, d| {
            let d = i32::from(d);
            Some(if i == 0 || i == last {
                diff + d
            } else {
                diff - d
            })
        },
        |&diff| diff == 0,
    )
}

fn check(line: &LineCheck<'_>) -> bool {
    let d = line.digits;
    let ends = u32::from(d[0]) + u32::from(d[d.len() - 1]);
    ends == d[1..d.len() - 1].iter().map(|&x| u32::from(x)).sum::<u32>()
}

fn refuse(cells: usize, _side: usize) -> Option<String> {
    (cells < 3).then(|| "a double arrow needs a cell between its ends".into())
}

line::line_rule! {
    doc: "Double arrows (f-puzzles `doublearrow`).",
    name: "double-arrow",
    key: "doublearrow",
    title: "double arrow",
    colour: "#808080",
    ends: true,
    summary: "the two ends of a double arrow add up to the sum of the digits between them",
    post: post,
    check: check,
    refuse: refuse,
}
