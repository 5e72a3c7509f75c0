//! Nabner lines: every two digits on the line differ by at least 2 (no two
//! equal or consecutive).

use super::line::{self, LineCheck};
use super::{GridBuilder, RulesError};

/// Every pair of cells on the line.
fn post(cells: &[usize], grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
    for (i, &a) in cells.iter().enumerate() {
        for &b in &cells[i + 1..] {
            grid.relate(a, b, |x, y| x.abs_diff(y) >= 2)?;
        }
    }
    Ok(())
}

fn check(line: &LineCheck<'_>) -> bool {
    let d = line.digits;
    (0..d.len()).all(|i| d[i + 1..].iter().all(|&y| d[i].abs_diff(y) >= 2))
}

fn refuse(cells: usize, side: usize) -> Option<String> {
    (cells > side.div_ceil(2))
        .then(|| format!("{cells} digits 1 to {side} cannot all differ by 2 or more"))
}

line::line_rule! {
    doc: "Nabner lines (f-puzzles `nabner`).",
    name: "nabner-line",
    key: "nabner",
    title: "Nabner line",
    colour: "#e6d200",
    ends: false,
    summary: "any two digits on a Nabner line differ by at least 2",
    post: post,
    check: check,
    refuse: refuse,
}
