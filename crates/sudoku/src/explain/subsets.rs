//! Naked subsets (K cells of a house holding K candidates between them:
//! those digits leave the house's other cells) and hidden subsets (K
//! digits of a house with K places between them: those cells keep only
//! those digits).

use super::state::{bit, digits_of};
use super::{State, Step, Technique, cells_text, digits_text};

/// The first naked subset of `k` cells that removes something.
pub(super) fn naked(state: &State, k: usize) -> Option<Step> {
    for house in state.houses() {
        let open: Vec<usize> = (house.cells.iter().copied())
            .filter(|&c| state.digit(c) == 0)
            .collect();
        if open.len() <= k {
            continue;
        }
        let mut found = None;
        combinations(&open, k, &mut |cells| {
            let union = cells.iter().fold(0, |m, &c| m | state.mask(c));
            if union.count_ones() as usize != k {
                return false;
            }
            let removed: Vec<(usize, u8)> = (open.iter().copied())
                .filter(|c| !cells.contains(c))
                .flat_map(|c| {
                    digits_of(state.mask(c) & union)
                        .into_iter()
                        .map(move |d| (c, d))
                })
                .collect();
            if removed.is_empty() {
                return false;
            }
            let digits = digits_of(union);
            let side = state.side();
            found = Some(Step {
                technique: Technique::NakedSubset(k),
                placed: Vec::new(),
                why: format!(
                    "{{{}}} in {} ({}): remove {} from the rest of {}: {}",
                    digits_text(&digits),
                    cells_text(cells, side),
                    house.name,
                    digits_text(&digits),
                    house.name,
                    cells_text(&dedup_cells(&removed), side)
                ),
                removed,
            });
            true
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The first hidden subset of `k` digits that removes something.
pub(super) fn hidden(state: &State, k: usize) -> Option<Step> {
    for house in state.houses().iter().filter(|h| h.full) {
        let open: Vec<u8> = (1..=state.side() as u8)
            .filter(|&d| house.cells.iter().all(|&c| state.digit(c) != d))
            .collect();
        if open.len() <= k {
            continue;
        }
        let mut found = None;
        combinations(&open, k, &mut |digits| {
            let mask = digits.iter().fold(0, |m, &d| m | bit(d));
            let cells: Vec<usize> = (house.cells.iter().copied())
                .filter(|&c| state.mask(c) & mask != 0)
                .collect();
            if cells.len() != k {
                return false;
            }
            let removed: Vec<(usize, u8)> = (cells.iter().copied())
                .flat_map(|c| {
                    digits_of(state.mask(c) & !mask)
                        .into_iter()
                        .map(move |d| (c, d))
                })
                .collect();
            if removed.is_empty() {
                return false;
            }
            let side = state.side();
            found = Some(Step {
                technique: Technique::HiddenSubset(k),
                placed: Vec::new(),
                why: format!(
                    "{{{}}} in {} ({}): only these cells can hold them, so they keep only {}",
                    digits_text(digits),
                    cells_text(&cells, side),
                    house.name,
                    digits_text(digits)
                ),
                removed,
            });
            true
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The cells of removals, once each, in order.
fn dedup_cells(removed: &[(usize, u8)]) -> Vec<usize> {
    let mut cells: Vec<usize> = removed.iter().map(|&(c, _)| c).collect();
    cells.dedup();
    cells
}

/// Calls `f` on each `k`-subset of `items` (in lexicographic order) until
/// it returns `true`.
fn combinations<T: Copy>(items: &[T], k: usize, f: &mut dyn FnMut(&[T]) -> bool) -> bool {
    fn go<T: Copy>(
        items: &[T],
        k: usize,
        start: usize,
        chosen: &mut Vec<T>,
        f: &mut dyn FnMut(&[T]) -> bool,
    ) -> bool {
        if chosen.len() == k {
            return f(chosen);
        }
        for i in start..items.len() {
            if items.len() - i < k - chosen.len() {
                break;
            }
            chosen.push(items[i]);
            if go(items, k, i + 1, chosen, f) {
                return true;
            }
            chosen.pop();
        }
        false
    }
    go(items, k, 0, &mut Vec::with_capacity(k), f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_come_in_order() {
        let mut seen = Vec::new();
        combinations(&[1, 2, 3, 4], 2, &mut |c| {
            seen.push(c.to_vec());
            false
        });
        assert_eq!(seen, [[1, 2], [1, 3], [1, 4], [2, 3], [2, 4], [3, 4]]);
    }
}
