//! Contradiction: placing a digit, then following naked and hidden
//! singles (and what the elements rule out on their own), empties a cell,
//! leaves a digit without a place or breaks an element; that digit leaves
//! its cell. Cells with the fewest candidates are tried first.

use super::elements::Elements;
use super::{State, Step, Technique, singles};
use crate::rules::cell_name;

/// Singles followed after a tentative placement, at most.
const CHAIN: usize = 256;
/// Singles told in the explanation, at most.
const TOLD: usize = 8;

pub(super) fn find(state: &State, elements: &Elements<'_>) -> Option<Step> {
    let mut cells: Vec<usize> = (0..state.cells())
        .filter(|&c| state.digit(c) == 0)
        .collect();
    cells.sort_by_key(|&c| (state.mask(c).count_ones(), c));
    for cell in cells {
        // Past the explanation's time limit nothing more is found.
        if state.out_of_time() {
            return None;
        }
        for d in state.candidates(cell) {
            let mut trial = state.clone();
            trial.place(cell, d);
            let mut chain: Vec<String> = Vec::new();
            let mut why = trial.contradiction();
            while why.is_none() && chain.len() < CHAIN {
                let step = match singles::naked(&trial).or_else(|| singles::hidden(&trial)) {
                    Some(step) => step,
                    None => match elements.find_or_broken(&trial) {
                        Ok(Some(step)) => step,
                        Ok(None) => break,
                        Err(broken) => {
                            why = Some(broken);
                            break;
                        }
                    },
                };
                chain.push(short(&step, state.side()));
                trial.apply(&step);
                why = trial.contradiction();
            }
            let Some(why) = why else {
                continue;
            };
            let name = cell_name(cell, state.side());
            let told = match chain.len() {
                0 => String::new(),
                n if n <= TOLD => format!("{}, then ", chain.join(", ")),
                n => format!(
                    "{}, ... ({} more), then ",
                    chain[..TOLD].join(", "),
                    n - TOLD
                ),
            };
            return Some(Step {
                technique: Technique::Contradiction,
                placed: Vec::new(),
                removed: vec![(cell, d)],
                why: format!(
                    "{name} = {d} leads to a contradiction: {told}{why}: remove {d} from {name}"
                ),
                pattern: super::Pattern::of([(cell, d)]),
            });
        }
    }
    None
}

/// `r4c5 = 7 (naked single)`, or an element's step in full, in brackets.
fn short(step: &Step, side: usize) -> String {
    let Some(&(cell, d)) = step.placed.first() else {
        return format!("({})", step.why);
    };
    let how = match step.technique {
        Technique::NakedSingle => "naked single",
        _ => "hidden single",
    };
    format!("{} = {d} ({how})", cell_name(cell, side))
}
