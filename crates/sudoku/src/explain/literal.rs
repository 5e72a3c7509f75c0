//! A candidate on or off: what chains of candidates are made of.

use super::State;
use super::pattern::{Link, Pattern};
use super::state::bit;
use crate::rules::cell_name;

/// A candidate on (the digit is in the cell) or off (it is not).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Lit {
    pub(super) cell: usize,
    pub(super) digit: u8,
    pub(super) on: bool,
}

impl Lit {
    /// The same candidate the other way.
    pub(super) fn opposite(self) -> Lit {
        Lit {
            on: !self.on,
            ..self
        }
    }

    /// Its place among every candidate on or off of a grid of `side`.
    pub(super) fn slot(self, side: usize) -> usize {
        (self.cell * side + usize::from(self.digit) - 1) * 2 + usize::from(self.on)
    }

    /// What making it hold takes out of its cell on `state`: the cell's
    /// other candidates (on), or itself where it is a candidate (off).
    pub(super) fn cell_removals(self, state: &State) -> Vec<(usize, u8)> {
        let mask = state.mask(self.cell);
        if self.on {
            (1..=state.side() as u8)
                .filter(|&d| d != self.digit && mask & bit(d) != 0)
                .map(|d| (self.cell, d))
                .collect()
        } else if mask & bit(self.digit) != 0 {
            vec![(self.cell, self.digit)]
        } else {
            Vec::new()
        }
    }

    /// Whether making it hold takes something out of its cell on `state`
    /// (see [`Lit::cell_removals`]).
    pub(super) fn removes_from(self, state: &State) -> bool {
        let mask = state.mask(self.cell);
        if self.on {
            mask & !bit(self.digit) != 0
        } else {
            mask & bit(self.digit) != 0
        }
    }

    /// `r1c2 = 5`, `r1c2 <> 5`.
    pub(super) fn text(self, side: usize) -> String {
        let sign = if self.on { "=" } else { "<>" };
        format!("{} {sign} {}", cell_name(self.cell, side), self.digit)
    }
}

/// `r1c2 = 5 -> r1c7 <> 5 -> ...`.
pub(super) fn path_text(lits: impl Iterator<Item = Lit>, side: usize) -> String {
    let texts: Vec<String> = lits.map(|lit| lit.text(side)).collect();
    texts.join(" -> ")
}

/// The links between consecutive candidates of a chain, in its order:
/// off to on is strong, on to off weak.
pub(super) fn path_links(lits: &[Lit]) -> Vec<Link> {
    (lits.windows(2))
        .filter(|w| (w[0].cell, w[0].digit) != (w[1].cell, w[1].digit))
        .map(|w| Link {
            from: (w[0].cell, w[0].digit),
            to: (w[1].cell, w[1].digit),
            strong: !w[0].on && w[1].on,
        })
        .collect()
}

/// The pattern of a chain: its candidates and links.
pub(super) fn path_pattern(lits: &[Lit]) -> Pattern {
    Pattern::of(lits.iter().map(|l| (l.cell, l.digit))).linked(path_links(lits))
}
