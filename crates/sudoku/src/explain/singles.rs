//! Naked single (a cell with one candidate) and hidden single (a digit
//! with one place in a house).

use super::state::bit;
use super::{State, Step, Technique};
use crate::rules::cell_name;

/// The first cell, in reading order, with one candidate left.
pub(super) fn naked(state: &State) -> Option<Step> {
    let cell =
        (0..state.cells()).find(|&c| state.digit(c) == 0 && state.mask(c).count_ones() == 1)?;
    let d = state.candidates(cell)[0];
    let mut after = state.clone();
    let removed = after.place(cell, d);
    Some(Step {
        technique: Technique::NakedSingle,
        placed: vec![(cell, d)],
        removed,
        why: format!(
            "{} = {d}: {}",
            cell_name(cell, state.side()),
            others(state, cell, d)
        ),
    })
}

/// Where the other digits of a naked single went: `the other digits are
/// in row 3, column 4 and box 2` (and, for digits no house of the cell
/// holds, `removed by earlier steps`).
fn others(state: &State, cell: usize, d: u8) -> String {
    let mut holders: Vec<usize> = Vec::new();
    let mut removed = false;
    for x in (1..=state.side() as u8).filter(|&x| x != d) {
        let holder = (state.houses_of(cell).iter().copied())
            .find(|&h| state.houses()[h].cells.iter().any(|&c| state.digit(c) == x));
        match holder {
            Some(h) => holders.push(h),
            None => removed = true,
        }
    }
    // In house order: row, column, box, then the others.
    holders.sort_unstable();
    holders.dedup();
    let houses: Vec<&str> = holders
        .iter()
        .map(|&h| state.houses()[h].name.as_str())
        .collect();
    let listed = match houses.as_slice() {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    };
    match (houses.is_empty(), removed) {
        (false, false) => format!("the other digits are in {listed}"),
        (false, true) => {
            format!("the other digits are in {listed} or were removed by earlier steps")
        }
        _ => "the other digits were removed by earlier steps".into(),
    }
}

/// The first house, in house order, with a digit that has one place left.
pub(super) fn hidden(state: &State) -> Option<Step> {
    for house in state.houses().iter().filter(|h| h.full) {
        for d in 1..=state.side() as u8 {
            if house.cells.iter().any(|&c| state.digit(c) == d) {
                continue;
            }
            let mut places = house.cells.iter().filter(|&&c| state.mask(c) & bit(d) != 0);
            if let (Some(&cell), None) = (places.next(), places.next()) {
                let mut after = state.clone();
                let removed = after.place(cell, d);
                return Some(Step {
                    technique: Technique::HiddenSingle,
                    placed: vec![(cell, d)],
                    removed,
                    why: format!(
                        "{} = {d}: the only place for {d} in {}",
                        cell_name(cell, state.side()),
                        house.name
                    ),
                });
            }
        }
    }
    None
}
