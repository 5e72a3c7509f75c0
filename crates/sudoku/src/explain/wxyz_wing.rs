//! WXYZ-Wing, as Sudoku Explainer finds it (an ALS-XZ with a bivalue
//! cell): three cells that see one another hold four digits between them
//! (an almost locked set), and a cell with two candidates, x and z, both
//! among those four, sees every one of the three that holds x. If x is in
//! the two-candidate cell, it is in none of the three, which then need
//! their other three digits, z among them... so z is in the two-candidate
//! cell or in the three: it leaves every cell that sees all of them that
//! hold it. When z is bound the same way (doubly linked), every digit of
//! the four cells leaves the cells that see all of its places there.
//! Difficulty 5.5, 5.6 when the largest of the three cells has three
//! candidates.

use super::state::{bit, digits_of};
use super::{State, Step, Technique, cells_text, digits_text};

/// The WXYZ-Wing Sudoku Explainer would take: the easiest, then the one
/// removing the most.
pub(super) fn find(state: &State) -> Option<Step> {
    let open = |c: usize| state.digit(c) == 0 && state.mask(c).count_ones() > 1;
    let mut best: Option<(u8, usize, Step)> = None;
    for a in (0..state.cells()).filter(|&c| open(c) && state.mask(c).count_ones() <= 4) {
        let later = |c: usize, after: usize| c > after && open(c);
        for b in state.peers(a).into_iter().filter(|&b| later(b, a)) {
            if (state.mask(a) | state.mask(b)).count_ones() > 4 {
                continue;
            }
            for c in state
                .peers(b)
                .into_iter()
                .filter(|&c| later(c, b) && state.sees(a, c))
            {
                let union = state.mask(a) | state.mask(b) | state.mask(c);
                if union.count_ones() != 4 {
                    continue;
                }
                let set = [a, b, c];
                let mut near: Vec<usize> = set.iter().flat_map(|&x| state.peers(x)).collect();
                near.sort_unstable();
                near.dedup();
                for yz in near.into_iter().filter(|y| !set.contains(y)) {
                    let pair = state.mask(yz);
                    if state.digit(yz) != 0 || pair.count_ones() != 2 || pair & union != pair {
                        continue;
                    }
                    if let Some((largest, step)) = wing(state, set, yz)
                        && best.as_ref().is_none_or(|(l, n, _)| {
                            (rank(*l), std::cmp::Reverse(*n))
                                > (rank(largest), std::cmp::Reverse(step.removed.len()))
                        })
                    {
                        best = Some((largest, step.removed.len(), step));
                    }
                }
            }
        }
    }
    best.map(|(_, _, step)| step)
}

/// Ordered by difficulty: 5.5 (2 or 4 candidates) before 5.6 (3).
fn rank(largest: u8) -> u8 {
    u8::from(largest == 3)
}

/// The step of the almost locked set `set` with the two-candidate cell
/// `yz`, if one of yz's digits is bound and something goes.
fn wing(state: &State, set: [usize; 3], yz: usize) -> Option<(u8, Step)> {
    let side = state.side();
    let holders = |d: u8| state.places(&set, d);
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
    let why = format!(
        "{} hold only {} between them and see one another; {} holds {x} and {z} and sees each of them that holds {x}: were {x} there, the three would need their other digits, {z} among them, so {z} is in {} or in those of the three that hold it{kind}: {}",
        cells_text(&set, side),
        digits_text(&digits_of(union)),
        cells_text(&[yz], side),
        cells_text(&[yz], side),
        super::removals_text(&removed, side)
    );
    let step = Step {
        technique: Technique::WxyzWing { largest },
        placed: Vec::new(),
        removed,
        why,
    };
    Some((largest, step))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::state::empty_classic_keeping as keeping;

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
        let step = find(&state).unwrap();
        assert!(matches!(step.technique, Technique::WxyzWing { .. }));
        // Seeing r1c5, r2c2 and r3c3: r1c2, r1c3 (row 1, box 1).
        assert_eq!(step.removed, [(1, 4), (2, 4)]);
        // An XYZ-Wing's three cells are not four.
        let state = keeping(&[(0, &[1, 2, 4][..]), (4, &[1, 4]), (10, &[2, 4])]);
        assert_eq!(find(&state), None);
    }
}
