//! Locked candidates: when a digit's places in a house that needs it all
//! lie in another house, the digit leaves the rest of that other house.
//! From a box or region it is *pointing*, from a line *claiming*.

use super::state::bit;
use super::{State, Step, Technique, cells_text};

pub(super) fn find(state: &State) -> Option<Step> {
    let houses = state.houses();
    for (a, from) in houses.iter().enumerate().filter(|(_, h)| h.full) {
        for d in 1..=state.side() as u8 {
            let places = state.places(&from.cells, d);
            if places.len() < 2 {
                continue;
            }
            for (b, to) in houses.iter().enumerate() {
                if a == b || !places.iter().all(|c| to.cells.contains(c)) {
                    continue;
                }
                let gone: Vec<usize> = (to.cells.iter().copied())
                    .filter(|c| !from.cells.contains(c) && state.mask(*c) & bit(d) != 0)
                    .collect();
                if gone.is_empty() {
                    continue;
                }
                let technique = if from.is_block {
                    Technique::Pointing
                } else {
                    Technique::Claiming
                };
                let side = state.side();
                return Some(Step::removing(
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
                        cells_text(&places, side),
                        to.name,
                        to.name,
                        cells_text(&gone, side)
                    ),
                ));
            }
        }
    }
    None
}
