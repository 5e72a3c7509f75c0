//! Sudoku Explainer's "direct" techniques: a hidden single that appears
//! only once locked candidates or a hidden subset have taken a digit out
//! of some cells. The step places the single (the removals that lead to
//! it are its reason, not made on their own), and is rated below a naked
//! single: direct pointing 1.7, direct claiming 1.9, direct hidden pair
//! 2.0, direct hidden triple 2.5.

use super::locked_candidates::{EXPLAINER_PAIRS, locked_sets};
use super::singles::placing;
use super::state::{HouseView, bit};
use super::{Pattern, State, Step, Technique, cells_text, digits_text};
use crate::rules::cell_name;

/// The first direct pointing or claiming: a digit of one house confined
/// to its intersection with a crossing house, whose removal from the
/// rest of that house leaves another house of the first kind one place
/// for the digit. Pairs of kinds as Sudoku Explainer takes them: box and
/// column, box and row, column and box, row and box; digits in order,
/// then houses.
pub(super) fn locked(state: &State) -> Option<Step> {
    let houses = state.houses();
    let crosses = |a: &HouseView, b: &HouseView| a.cells.iter().any(|c| b.cells.contains(c));
    EXPLAINER_PAIRS.iter().find_map(|&(first, second)| {
        locked_sets(state, first, second, |d, i1, from, to, places| {
            let third_left = (houses.iter().enumerate())
                .filter(|&(i3, h)| i3 != i1 && h.full && first(h) && crosses(h, to))
                .find_map(|(_, third)| {
                    // The digit's places in the third house, and those
                    // left once it leaves the second: two or more, one.
                    let mut places3 = 0;
                    let (mut left, mut last) = (0, 0);
                    for &c in third.cells.iter().filter(|&&c| state.mask(c) & bit(d) != 0) {
                        places3 += 1;
                        if !to.cells.contains(&c) {
                            left += 1;
                            last = c;
                        }
                    }
                    (places3 >= 2 && left == 1).then_some((third, last))
                });
            let (third, cell) = third_left?;
            let technique = if from.is_block {
                Technique::DirectPointing
            } else {
                Technique::DirectClaiming
            };
            let side = state.side();
            let why = format!(
                "{} = {d}: {d} in {} can only go in {}, which are in {}, so {d} leaves the rest of {}; the only place left for {d} in {}",
                cell_name(cell, side),
                from.name,
                cells_text(places, side),
                to.name,
                to.name,
                third.name
            );
            let candidates = places.iter().map(|&c| (c, d)).chain([(cell, d)]);
            let pattern =
                Pattern::of(candidates).in_houses(vec![from.index, third.index], vec![to.index]);
            Some(placing(state, technique, cell, d, why).on(pattern))
        })
    })
}

/// The first direct hidden subset of `k` digits (2 or 3): `k` digits of
/// a house with `k` places between them, whose other digits leave those
/// places, leaving one of those other digits a single place in the house.
/// Houses in Sudoku Explainer's order, the sets of digits in the order of
/// their bit masks.
pub(super) fn hidden_subset(state: &State, k: usize) -> Option<Step> {
    let side = state.side();
    for house in state.houses_in_explainer_order().filter(|h| h.full) {
        let open = house.cells.iter().filter(|&&c| state.digit(c) == 0).count();
        if open <= k {
            continue;
        }
        // Each digit's places, as bits of the house's cells.
        let mut places = [0u64; 64];
        for (i, &c) in house.cells.iter().enumerate() {
            let mut mask = state.mask(c);
            while mask != 0 {
                places[mask.trailing_zeros() as usize] |= 1 << i;
                mask &= mask - 1;
            }
        }
        let places = &places[..side];
        // The digits of a set have two places or more: the sets of `k` of
        // them, in the order of their masks.
        let mut eligible = [0u8; 64];
        let mut n = 0;
        for (d, at) in places.iter().enumerate() {
            if at.count_ones() > 1 {
                eligible[n] = d as u8;
                n += 1;
            }
        }
        for chosen in subsets_of(n, k) {
            let mut set = 0u64;
            let mut common = 0u64;
            let mut bits = chosen;
            while bits != 0 {
                let d = eligible[bits.trailing_zeros() as usize];
                set |= 1 << d;
                common |= places[usize::from(d)];
                bits &= bits - 1;
            }
            if common.count_ones() as usize != k {
                continue;
            }
            for d in (0..side).filter(|d| set >> d & 1 == 0) {
                let at = places[d];
                let left = at & !common;
                if at.count_ones() < 2 || left.count_ones() != 1 {
                    continue;
                }
                let d = d as u8 + 1;
                let cell = house.cells[left.trailing_zeros() as usize];
                let digits: Vec<u8> = (1..=side as u8).filter(|&x| set & bit(x) != 0).collect();
                let mut cells: Vec<usize> = (0..house.cells.len())
                    .filter(|i| common >> i & 1 != 0)
                    .map(|i| house.cells[i])
                    .collect();
                cells.sort_unstable();
                let why = format!(
                    "{} = {d}: {} can only go in {} in {} (a hidden {}), so {d} leaves those cells; the only place left for {d} in {}",
                    cell_name(cell, side),
                    digits_text(&digits),
                    cells_text(&cells, side),
                    house.name,
                    if k == 2 { "pair" } else { "triple" },
                    house.name
                );
                let candidates = (cells.iter())
                    .flat_map(|&c| digits.iter().map(move |&x| (c, x)))
                    .filter(|&(c, x)| state.mask(c) & bit(x) != 0)
                    .chain([(cell, d)]);
                let pattern = Pattern::of(candidates).in_houses(vec![house.index], Vec::new());
                let step = placing(state, Technique::DirectHiddenSubset(k), cell, d, why);
                return Some(step.on(pattern));
            }
        }
    }
    None
}

/// The sets of `k` of `n` items (bit `i` for item `i`), in increasing
/// order of their masks (Gosper's hack).
fn subsets_of(n: usize, k: usize) -> impl Iterator<Item = u64> {
    // Grids have at most 25 digits: no mask reaches the top bit.
    let end = 1u64 << n.min(62);
    let mut next = (k <= n.min(62) && k > 0).then(|| (1u64 << k) - 1);
    std::iter::from_fn(move || {
        let set = next.filter(|&s| s < end)?;
        let low = set & set.wrapping_neg();
        let up = set + low;
        next = Some(up + (((up ^ set) / low) >> 2));
        Some(set)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::state::empty_classic_without;

    #[test]
    fn the_subsets_come_in_the_order_of_their_masks() {
        let all: Vec<u64> = subsets_of(5, 3).collect();
        let expected: Vec<u64> = (0u64..32).filter(|m| m.count_ones() == 3).collect();
        assert_eq!(all, expected);
        assert_eq!(subsets_of(25, 3).count(), 2300);
        assert_eq!(subsets_of(2, 3).count(), 0);
    }

    #[test]
    fn a_pointing_that_leaves_a_single_places_it() {
        // 5 in box 1 only in row 1 (r1c1, r1c2); box 2 has 5 only in
        // r1c4 and r2c5 and box 3 elsewhere: r2c5 = 5.
        let mut gone: Vec<(usize, u8)> = (9..27).filter(|c| c % 9 < 3).map(|c| (c, 5)).collect();
        gone.push((2, 5));
        gone.extend([3, 5, 9 + 3, 18 + 3, 18 + 4, 18 + 5, 9 + 5].map(|c| (c, 5)));
        let state = empty_classic_without(gone);
        let step = locked(&state).unwrap();
        assert_eq!(step.technique, Technique::DirectPointing);
        assert_eq!(step.placed, vec![(13, 5)]);
    }

    #[test]
    fn a_hidden_pair_that_leaves_a_single_places_it() {
        // Row 1: 1 and 2 only in r1c1, r1c2; 3 only in r1c1 and r1c9.
        let mut gone: Vec<(usize, u8)> = Vec::new();
        for c in 2..9 {
            gone.extend([(c, 1), (c, 2)]);
        }
        for c in 1..8 {
            gone.push((c, 3));
        }
        let state = empty_classic_without(gone);
        let step = hidden_subset(&state, 2).unwrap();
        assert_eq!(step.technique, Technique::DirectHiddenSubset(2));
        assert_eq!(step.placed, vec![(8, 3)]);
    }
}
