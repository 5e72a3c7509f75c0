//! Double arrows: the two ends of the line add up to the sum of the cells
//! between them.

use super::line::{self, LineCheck, LineRule};
use super::{ElementKind, FpuzzlesDocument, GridBuilder, RulesError};

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

static RULE: LineRule = LineRule {
    kind: KIND.name,
    key: "doublearrow",
    title: "double arrow",
    colour: "#808080",
    ends: true,
    post,
    check,
    refuse,
};

fn read(doc: &FpuzzlesDocument) -> Result<Vec<Box<dyn super::Element>>, RulesError> {
    line::read(doc, &RULE)
}

/// Double arrows (f-puzzles `doublearrow`).
pub(super) const KIND: ElementKind = ElementKind {
    name: "double-arrow",
    summary: "the two ends of a double arrow add up to the sum of the digits between them",
    fpuzzles_keys: &["doublearrow"],
    negatives: &[],
    read,
    global: None,
};
