//! Locked candidates: when a digit's places in a house that needs it all
//! lie in another house, the digit leaves the rest of that other house.
//! From a box or region it is *pointing*, from a line *claiming*.
//!
//! Looked for as Sudoku Explainer does: from boxes to columns, boxes to
//! rows, columns to boxes, rows to boxes, each digit in turn; then, on
//! grids with other houses, between any two houses.

use super::state::{HouseView, bit};
use super::{Pattern, State, Step, Technique, cells_text};
use crate::HouseKind;

/// Which houses a kind takes.
pub(super) type Kind = fn(&HouseView) -> bool;

fn block(h: &HouseView) -> bool {
    h.is_block
}

fn column(h: &HouseView) -> bool {
    h.kind == HouseKind::Column
}

fn row(h: &HouseView) -> bool {
    h.kind == HouseKind::Row
}

/// The pairs of kinds in Sudoku Explainer's order: box and column, box
/// and row, column and box, row and box.
pub(super) const EXPLAINER_PAIRS: [(Kind, Kind); 4] =
    [(block, column), (block, row), (column, block), (row, block)];

pub(super) fn find(state: &State) -> Option<Step> {
    let any: Kind = |_| true;
    (EXPLAINER_PAIRS.iter().chain(&[(any, any)]))
        .find_map(|&(first, second)| between(state, first, second))
}

/// The first locked candidates from a house of the `first` kind to one
/// of the `second`, digits in order, then houses.
fn between(state: &State, first: Kind, second: Kind) -> Option<Step> {
    locked_sets(state, first, second, |d, _, from, to, places| {
        let goes = |c: &usize| !from.cells.contains(c) && state.mask(*c) & bit(d) != 0;
        if !to.cells.iter().any(goes) {
            return None;
        }
        let gone: Vec<usize> = to.cells.iter().copied().filter(goes).collect();
        let pattern = Pattern::digit_in(d, places).in_houses(vec![from.index], vec![to.index]);
        let technique = if from.is_block {
            Technique::Pointing
        } else {
            Technique::Claiming
        };
        let side = state.side();
        Some(Step::removing(
            technique,
            d,
            &gone,
            format!(
                "{d} in {} can only go in {} ({}), which are in {}: remove {d} from the rest of {}: {}",
                from.name,
                if places.len() == 2 {
                    "two cells"
                } else {
                    "cells"
                },
                cells_text(places, side),
                to.name,
                to.name,
                cells_text(&gone, side)
            ),
        )
        .on(pattern))
    })
}

/// Each locked set from a house of the `first` kind (that holds every
/// digit) to another of the `second`, digits in order, then houses: the
/// digit, the first house's index and the house, the second house, the
/// digit's places; the first step `step` makes of one.
pub(super) fn locked_sets(
    state: &State,
    first: Kind,
    second: Kind,
    mut step: impl FnMut(u8, usize, &HouseView, &HouseView, &[usize]) -> Option<Step>,
) -> Option<Step> {
    let houses = state.houses();
    // A house's places of a digit, on the stack (a house holds at most
    // 64 cells: digits are bits of a u64).
    let mut room = [0usize; 64];
    for d in 1..=state.side() as u8 {
        for (a, from) in houses
            .iter()
            .enumerate()
            .filter(|(_, h)| h.full && first(h))
        {
            let mut len = 0;
            for &c in from.cells.iter().filter(|&&c| state.mask(c) & bit(d) != 0) {
                room[len] = c;
                len += 1;
            }
            let places = &room[..len];
            if places.len() < 2 {
                continue;
            }
            // The houses holding every place: those of the first.
            for &b in state.houses_of(places[0]) {
                let to = &houses[b];
                if a == b
                    || !second(to)
                    || !places[1..].iter().all(|&c| state.houses_of(c).contains(&b))
                {
                    continue;
                }
                if let Some(found) = step(d, a, from, to, places) {
                    return Some(found);
                }
            }
        }
    }
    None
}
