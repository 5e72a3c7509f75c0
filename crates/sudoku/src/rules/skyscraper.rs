//! Skyscrapers: seen from the clue, the digits larger than every digit
//! before them number the clue.

use super::outside;
use super::{GridBuilder, RulesError};

/// State: the tallest digit so far and how many were seen.
fn post(cells: &[usize], value: i64, grid: &mut GridBuilder<'_>) -> Result<(), RulesError> {
    grid.automaton(
        cells,
        (0u8, 0i64),
        move |_, &(tallest, seen), d| {
            if d <= tallest {
                return Some((tallest, seen));
            }
            (seen < value).then_some((d, seen + 1))
        },
        move |&(_, seen)| seen == value,
    )
}

fn check(digits: &[u8], value: i64, _side: usize) -> bool {
    let mut tallest = 0;
    let mut seen = 0;
    for &d in digits {
        if d > tallest {
            tallest = d;
            seen += 1;
        }
    }
    seen == value
}

outside::clue_rule! {
    doc: "Skyscrapers (f-puzzles `skyscraper`: `cell` outside the grid, `value`).",
    name: "skyscraper",
    key: "skyscraper",
    title: "skyscraper",
    diagonal: false,
    summary: "seen from an outside clue, the digits taller than all before them number the clue",
    post: post,
    check: check,
}
