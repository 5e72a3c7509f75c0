//! Singles: a full house (the last empty cell of a house), a hidden
//! single (a digit with one place in a house) and a naked single (a cell
//! with one candidate), looked for as Sudoku Explainer does: full houses
//! first, then hidden singles, boxes before columns before rows.

use super::state::{HouseView, bit};
use super::{Pattern, State, Step, Technique};
use crate::rules::cell_name;

/// The first cell, in reading order, with one candidate left.
pub(super) fn naked(state: &State) -> Option<Step> {
    let cell =
        (0..state.cells()).find(|&c| state.digit(c) == 0 && state.mask(c).count_ones() == 1)?;
    let d = state.candidates(cell)[0];
    Some(placing(
        state,
        Technique::NakedSingle,
        cell,
        d,
        format!(
            "{} = {d}: {}",
            cell_name(cell, state.side()),
            others(state, cell, d)
        ),
    ))
}

/// The step placing `d` in `cell`, its peers losing `d`.
pub(super) fn placing(
    state: &State,
    technique: Technique,
    cell: usize,
    d: u8,
    why: String,
) -> Step {
    let mut after = state.clone();
    let removed = after.place(cell, d);
    Step {
        technique,
        placed: vec![(cell, d)],
        removed,
        why,
        pattern: Pattern::of([(cell, d)]),
    }
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

/// The first full house, then the first hidden single, each in Sudoku
/// Explainer's order of houses (boxes, columns, rows, the others) and
/// digits.
pub(super) fn hidden(state: &State) -> Option<Step> {
    let open = |h: &HouseView| h.cells.iter().filter(|&&c| state.digit(c) == 0).count();
    for alone in [true, false] {
        for house in state.houses_in_explainer_order().filter(|h| h.full) {
            if (open(house) == 1) != alone {
                continue;
            }
            for d in 1..=state.side() as u8 {
                let Some(cell) = only_place(state, house, d) else {
                    continue;
                };
                let name = cell_name(cell, state.side());
                let (technique, why) = if alone {
                    let why = format!("{name} = {d}: the last empty cell of {}", house.name);
                    (Technique::FullHouse, why)
                } else {
                    let why = format!("{name} = {d}: the only place for {d} in {}", house.name);
                    let in_block = house.is_block;
                    (Technique::HiddenSingle { in_block }, why)
                };
                let pattern = Pattern::of([(cell, d)]).in_houses(vec![house.index], Vec::new());
                return Some(placing(state, technique, cell, d, why).on(pattern));
            }
        }
    }
    None
}

/// The one cell of `house` where `d` is a candidate, if there is one
/// (and `d` is not placed there yet).
pub(super) fn only_place(state: &State, house: &HouseView, d: u8) -> Option<usize> {
    let mut places = house.cells.iter().filter(|&&c| state.mask(c) & bit(d) != 0);
    match (places.next(), places.next()) {
        (Some(&cell), None) if state.digit(cell) == 0 => Some(cell),
        _ => None,
    }
}
