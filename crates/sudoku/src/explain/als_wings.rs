//! The wings of Sudoku Explainer from the WXYZ-Wing to the TUVWXYZ-Wing
//! (each an ALS-XZ with a bivalue cell): N cells that see one another
//! hold N + 1 digits between them (an almost locked set), and a cell with
//! two candidates, x and z, both among those digits, sees every one of
//! the N that holds x. If x is in the two-candidate cell, it is in none
//! of the N, which then need their other N digits, z among them... so z
//! is in the two-candidate cell or in the N: it leaves every cell that
//! sees all of them that hold it. When z is bound the same way (doubly
//! linked), every digit of the cells leaves the cells that see all of its
//! places there.
//!
//! | cells | name | difficulty |
//! |---|---|---|
//! | 3 | WXYZ-Wing | 5.5, 5.6 when the largest of the three has 3 candidates |
//! | 4 | VWXYZ-Wing | 6.2 + 0.1 x (2 - \|3 - the largest's candidates\|) |
//! | 5 | UVWXYZ-Wing | 6.6 |
//! | 6 | TUVWXYZ-Wing | 7.5 |

use super::state::{bit, digits_of};
use super::subsets::combinations;
use super::{State, Step, Technique, cells_text, digits_text};

/// An ALS wing: how many cells in its almost locked set, and the most
/// candidates one of them has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AlsWing {
    /// Cells in the almost locked set (3 to 6).
    pub cells: u8,
    /// The most candidates one of them has.
    pub largest: u8,
}

impl AlsWing {
    /// Sudoku Explainer's difficulty, in tenths.
    pub(super) fn tenths(self) -> Option<u16> {
        let off_middle = u16::from(self.largest.abs_diff(3));
        match self.cells {
            3 => Some(55 + 1u16.saturating_sub(off_middle)),
            4 => Some(62 + 2u16.saturating_sub(off_middle)),
            5 => Some(66),
            6 => Some(75),
            _ => None,
        }
    }

    /// `WXYZ-Wing`, ..., `TUVWXYZ-Wing`.
    pub(super) fn name(self) -> String {
        let letters = "TUVWXYZ";
        let n = usize::from(self.cells) + 1;
        format!("{}-Wing", &letters[letters.len().saturating_sub(n)..])
    }
}

/// The wing of `size` cells Sudoku Explainer would take: the easiest,
/// then the one removing the most.
pub(super) fn find(state: &State, size: usize) -> Option<Step> {
    let sets = almost_locked_sets(state, size);
    let mut best: Option<(u16, usize, Step)> = None;
    for set in &sets {
        let union = set.iter().fold(0, |m, &c| m | state.mask(c));
        let mut near: Vec<usize> = set
            .iter()
            .flat_map(|&x| state.peers(x).iter().copied())
            .collect();
        near.sort_unstable();
        near.dedup();
        for yz in near.into_iter().filter(|y| !set.contains(y)) {
            let pair = state.mask(yz);
            if state.digit(yz) != 0 || pair.count_ones() != 2 || pair & union != pair {
                continue;
            }
            let Some(step) = wing(state, set, yz) else {
                continue;
            };
            let Technique::AlsWing(wing) = step.technique else {
                continue;
            };
            let tenths = wing.tenths().unwrap_or(u16::MAX);
            let better = best.as_ref().is_none_or(|(t, n, _)| {
                (*t, std::cmp::Reverse(*n)) > (tenths, std::cmp::Reverse(step.removed.len()))
            });
            if better {
                best = Some((tenths, step.removed.len(), step));
            }
        }
    }
    best.map(|(_, _, step)| step)
}

/// The almost locked sets of `size` cells: open cells of one house,
/// each with two candidates or more, holding `size + 1` digits between
/// them; each once, its cells in order, the sets in order.
pub(super) fn almost_locked_sets(state: &State, size: usize) -> Vec<Vec<usize>> {
    let open = |c: &usize| state.digit(*c) == 0 && state.mask(*c).count_ones() > 1;
    let mut sets: Vec<Vec<usize>> = Vec::new();
    for house in state.houses() {
        let cells: Vec<usize> = house.cells.iter().copied().filter(open).collect();
        combinations(&cells, size, &mut |chosen| {
            let union = chosen.iter().fold(0, |m, &c| m | state.mask(c));
            if union.count_ones() as usize == size + 1 {
                let mut set = chosen.to_vec();
                set.sort_unstable();
                if !sets.contains(&set) {
                    sets.push(set);
                }
            }
            false
        });
    }
    sets.sort();
    sets
}

/// The step of the almost locked set `set` with the two-candidate cell
/// `yz`, if one of yz's digits is bound and something goes.
fn wing(state: &State, set: &[usize], yz: usize) -> Option<Step> {
    let side = state.side();
    let holders = |d: u8| state.places(set, d);
    let bound = |d: u8| holders(d).iter().all(|&c| state.sees(c, yz));
    let pair = digits_of(state.mask(yz));
    let restricted: Vec<u8> = pair.iter().copied().filter(|&d| bound(d)).collect();
    let union = set.iter().fold(0, |m, &c| m | state.mask(c));
    let mut removed: Vec<(usize, u8)> = Vec::new();
    let mut take = |d: u8, with_yz: bool| {
        let mut cells = holders(d);
        if with_yz {
            cells.push(yz);
        }
        for c in state.seeing_all(&cells, bit(d)) {
            if !set.contains(&c) && c != yz {
                removed.push((c, d));
            }
        }
    };
    let (kind, z) = match restricted[..] {
        [x] => {
            let z = pair.iter().copied().find(|&d| d != x)?;
            take(z, true);
            ("", z)
        }
        [_, _] => {
            for d in digits_of(union) {
                take(d, pair.contains(&d));
            }
            (", doubly linked", pair[1])
        }
        _ => return None,
    };
    if removed.is_empty() {
        return None;
    }
    removed.sort_unstable();
    removed.dedup();
    let largest = set
        .iter()
        .map(|&c| state.mask(c).count_ones())
        .max()
        .unwrap_or(0) as u8;
    let x = pair.iter().copied().find(|&d| d != z).unwrap_or(z);
    let n = set.len();
    let why = format!(
        "{} hold only {} between them and see one another; {} holds {x} and {z} and sees each of them that holds {x}: were {x} there, the {n} would need their other digits, {z} among them, so {z} is in {} or in those of the {n} that hold it{kind}: {}",
        cells_text(set, side),
        digits_text(&digits_of(union)),
        cells_text(&[yz], side),
        cells_text(&[yz], side),
        super::removals_text(&removed, side)
    );
    Some(Step {
        technique: Technique::AlsWing(AlsWing {
            cells: n as u8,
            largest,
        }),
        placed: Vec::new(),
        removed,
        why,
        pattern: super::Pattern::all_in(state, &[set, &[yz]].concat()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::state::empty_classic_keeping as keeping;

    #[test]
    fn names_and_difficulties_by_size() {
        let wing = |cells, largest| AlsWing { cells, largest };
        let rated = |w: AlsWing| (w.name(), w.tenths().unwrap());
        assert_eq!(rated(wing(3, 2)), ("WXYZ-Wing".to_string(), 55));
        assert_eq!(rated(wing(3, 3)), ("WXYZ-Wing".to_string(), 56));
        assert_eq!(rated(wing(4, 2)), ("VWXYZ-Wing".to_string(), 63));
        assert_eq!(rated(wing(4, 3)), ("VWXYZ-Wing".to_string(), 64));
        assert_eq!(rated(wing(4, 5)), ("VWXYZ-Wing".to_string(), 62));
        assert_eq!(rated(wing(5, 4)), ("UVWXYZ-Wing".to_string(), 66));
        assert_eq!(rated(wing(6, 4)), ("TUVWXYZ-Wing".to_string(), 75));
    }

    #[test]
    fn four_cells_of_four_digits_put_the_loose_one_in_them() {
        // Pivot r1c1 {1, 2, 3}; r1c5 {1, 4}, r2c2 {2, 4}, r3c3 {3, 4}:
        // 1, 2, 3 each in two cells that see each other, 4 in three cells
        // that do not all (r1c5 and r2c2 do not).
        let state = keeping(&[
            (0, &[1, 2, 3][..]),
            (4, &[1, 4]),
            (10, &[2, 4]),
            (20, &[3, 4]),
        ]);
        let step = find(&state, 3).unwrap();
        assert_eq!(step.technique.name(), "WXYZ-Wing");
        // Seeing r1c5, r2c2 and r3c3: r1c2, r1c3 (row 1, box 1).
        assert_eq!(step.removed, [(1, 4), (2, 4)]);
        // An XYZ-Wing's three cells are not four.
        let state = keeping(&[(0, &[1, 2, 4][..]), (4, &[1, 4]), (10, &[2, 4])]);
        assert_eq!(find(&state, 3), None);
    }
}
