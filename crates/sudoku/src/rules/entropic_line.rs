//! Entropic lines: any three cells in a row on the line hold one low, one
//! middle and one high digit (1-3, 4-6, 7-9 on 9x9).

use super::line::{self, LineCheck};
use super::{GridBuilder, RulesError};

/// The third of the digits `d` lies in: 0 low, 1 middle, 2 high (the
/// digits `1..=side` cut into three equal parts).
pub(super) fn third(d: u8, side: usize) -> u8 {
    ((usize::from(d) - 1) * 3 / side) as u8
}

/// Three cells in a row differ in `class`: the state is the classes of the
/// last two cells (3: none yet).
pub(super) fn post_classes(
    cells: &[usize],
    grid: &mut GridBuilder<'_>,
    class: fn(u8, usize) -> u8,
) -> Result<(), RulesError> {
    let side = grid.side();
    grid.automaton(
        cells,
        (3u8, 3u8),
        move |_, &(a, b), d| {
            let c = class(d, side);
            (c != a && c != b).then_some((b, c))
        },
        |_| true,
    )
}

/// Whether any three cells in a row differ in `class`.
pub(super) fn classes_differ(line: &LineCheck<'_>, class: fn(u8, usize) -> u8) -> bool {
    let c: Vec<u8> = line.digits.iter().map(|&d| class(d, line.side)).collect();
    c.windows(2).all(|w| w[0] != w[1]) && c.windows(3).all(|w| w[0] != w[2])
}

fn post(cells: &[usize], grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
    post_classes(cells, grid, third)
}

fn check(line: &LineCheck<'_>) -> bool {
    classes_differ(line, third)
}

fn refuse(_cells: usize, side: usize) -> Option<String> {
    (side % 3 != 0).then(|| format!("the digits 1 to {side} do not fall into three equal thirds"))
}

line::line_rule! {
    doc: "Entropic lines (f-puzzles `entropicline`).",
    name: "entropic-line",
    key: "entropicline",
    title: "entropic line",
    colour: "#f5a623",
    ends: false,
    summary: "any three cells in a row on an entropic line hold a low (1-3), a middle (4-6) and a high (7-9) digit",
    post: post,
    check: check,
    refuse: refuse,
}
