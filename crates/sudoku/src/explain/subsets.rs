//! Naked subsets (K cells of a house holding K candidates between them:
//! those digits leave the house's other cells) and hidden subsets (K
//! digits of a house with K places between them: those cells keep only
//! those digits).
//!
//! Pairs, triples and quads are looked for one by one, as a person does
//! ([`naked`], [`hidden`]); subsets of any size are found by the matching
//! of the `gac` level ([`any_size`]), which tells each candidate it rules
//! out with the subsets behind it. In a house of 9 cells every subset has
//! a naked or hidden side of at most 4 cells, so there the matching finds
//! nothing new; it matters in bigger grids and in houses with fewer cells
//! than digits.

use csp_core::propagation::unsupported_values;

use super::state::{HouseView, bit, digits_of, removals};
use super::{Pattern, State, Step, Technique, cells_text, digits_text, removed_cells};

/// The first naked subset of `k` cells that removes something.
pub(super) fn naked(state: &State, k: usize) -> Option<Step> {
    let mut found = None;
    naked_sets(state, k, |house, cells, union, removed| {
        found = Some(naked_step(state, house, cells, union, removed));
        true
    });
    found
}

/// Each naked subset of `k` cells that removes something, houses in
/// order: its house, cells, digits (a mask) and removals, to `visit`
/// until it says stop (true).
pub(super) fn naked_sets(
    state: &State,
    k: usize,
    mut visit: impl FnMut(&HouseView, &[usize], u64, Vec<(usize, u8)>) -> bool,
) {
    let mut open: Vec<usize> = Vec::with_capacity(state.side());
    for house in state.houses() {
        open.clear();
        open.extend((house.cells.iter().copied()).filter(|&c| state.digit(c) == 0));
        if open.len() <= k {
            continue;
        }
        let mut stop = false;
        combinations(&open, k, &mut |cells| {
            let union = cells.iter().fold(0, |m, &c| m | state.mask(c));
            if union.count_ones() as usize != k {
                return false;
            }
            let removed = naked_removals(state, &open, cells, union);
            if removed.is_empty() {
                return false;
            }
            stop = visit(house, cells, union, removed);
            stop
        });
        if stop {
            return;
        }
    }
}

/// The first hidden subset of `k` digits that removes something.
pub(super) fn hidden(state: &State, k: usize) -> Option<Step> {
    let mut found = None;
    hidden_sets(state, k, |house, digits, cells, removed| {
        found = Some(hidden_step(state, house, digits, cells, removed));
        true
    });
    found
}

/// Each hidden subset of `k` digits that removes something, houses in
/// order: its house, digits, cells and removals, to `visit` until it says
/// stop (true).
pub(super) fn hidden_sets(
    state: &State,
    k: usize,
    mut visit: impl FnMut(&HouseView, &[u8], &[usize], Vec<(usize, u8)>) -> bool,
) {
    let mut open: Vec<u8> = Vec::with_capacity(state.side());
    let mut cells: Vec<usize> = Vec::with_capacity(state.side());
    for house in state.houses().iter().filter(|h| h.full) {
        open.clear();
        open.extend(
            (1..=state.side() as u8).filter(|&d| house.cells.iter().all(|&c| state.digit(c) != d)),
        );
        if open.len() <= k {
            continue;
        }
        let mut stop = false;
        combinations(&open, k, &mut |digits| {
            let mask = digits.iter().fold(0, |m, &d| m | bit(d));
            cells.clear();
            cells.extend((house.cells.iter().copied()).filter(|&c| state.mask(c) & mask != 0));
            if cells.len() != k {
                return false;
            }
            // Nothing else in those cells: nothing to remove.
            if cells.iter().all(|&c| state.mask(c) & !mask == 0) {
                return false;
            }
            let removed = hidden_removals(state, &cells, mask);
            if removed.is_empty() {
                return false;
            }
            stop = visit(house, digits, &cells, removed);
            stop
        });
        if stop {
            return;
        }
    }
}

/// The first subset of any size, by the matching, that removes something:
/// told from its smaller side (naked when both sides are as small).
pub(super) fn any_size(state: &State) -> Option<Step> {
    for house in state.houses() {
        let open: Vec<usize> = (house.cells.iter().copied())
            .filter(|&c| state.digit(c) == 0)
            .collect();
        let domains: Vec<u64> = open.iter().map(|&c| state.mask(c)).collect();
        // No assignment at all is a contradiction, told elsewhere.
        let Some(gone) = unsupported_values(&domains) else {
            continue;
        };
        let Some(first) = gone.first() else {
            continue;
        };
        let cells_of = |mask: u64| -> Vec<usize> {
            (0..open.len())
                .filter(|i| mask >> i & 1 != 0)
                .map(|i| open[i])
                .collect()
        };
        let naked = cells_of(first.naked);
        let union = |cells: &[usize]| cells.iter().fold(0, |m, &c| m | state.mask(c));
        match first.hidden.map(cells_of) {
            Some(hidden) if hidden.len() < naked.len() => {
                // The digits with no place outside the hidden cells.
                let outside: Vec<usize> = (open.iter().copied())
                    .filter(|c| !hidden.contains(c))
                    .collect();
                let mask = union(&hidden) & !union(&outside);
                let removed = hidden_removals(state, &hidden, mask);
                return Some(hidden_step(
                    state,
                    house,
                    &digits_of(mask),
                    &hidden,
                    removed,
                ));
            }
            _ => {
                let union = union(&naked);
                let removed = naked_removals(state, &open, &naked, union);
                return Some(naked_step(state, house, &naked, union, removed));
            }
        }
    }
    None
}

/// What a naked subset of `cells` holding `union` removes: those digits
/// from the other cells of `open`.
fn naked_removals(state: &State, open: &[usize], cells: &[usize], union: u64) -> Vec<(usize, u8)> {
    let others = (open.iter().copied()).filter(|c| !cells.contains(c));
    removals(others, |c| state.mask(c) & union)
}

/// What a hidden subset of the digits of `mask` in `cells` removes: every
/// other digit from those cells.
fn hidden_removals(state: &State, cells: &[usize], mask: u64) -> Vec<(usize, u8)> {
    removals(cells.iter().copied(), |c| state.mask(c) & !mask)
}

/// `cells` of `house` hold the digits of `union` between them: `removed`.
fn naked_step(
    state: &State,
    house: &HouseView,
    cells: &[usize],
    union: u64,
    removed: Vec<(usize, u8)>,
) -> Step {
    let digits = digits_of(union);
    let side = state.side();
    Step {
        technique: Technique::NakedSubset(cells.len()),
        placed: Vec::new(),
        why: format!(
            "{{{}}} in {} ({}): remove {} from the rest of {}: {}",
            digits_text(&digits),
            cells_text(cells, side),
            house.name,
            digits_text(&digits),
            house.name,
            cells_text(&removed_cells(&removed), side)
        ),
        removed,
        pattern: subset_pattern(state, house, cells, union),
    }
}

/// `digits` of `house` have no places but `cells`: `removed`.
fn hidden_step(
    state: &State,
    house: &HouseView,
    digits: &[u8],
    cells: &[usize],
    removed: Vec<(usize, u8)>,
) -> Step {
    Step {
        technique: Technique::HiddenSubset(cells.len()),
        placed: Vec::new(),
        why: format!(
            "{{{}}} in {} ({}): only these cells can hold them, so they keep only {}",
            digits_text(digits),
            cells_text(cells, state.side()),
            house.name,
            digits_text(digits)
        ),
        removed,
        pattern: subset_pattern(
            state,
            house,
            cells,
            digits.iter().fold(0, |m, &d| m | bit(d)),
        ),
    }
}

/// The digits of `mask` in `cells` of `house`.
fn subset_pattern(state: &State, house: &HouseView, cells: &[usize], mask: u64) -> Pattern {
    let candidates = (cells.iter()).flat_map(|&c| {
        digits_of(state.mask(c) & mask)
            .into_iter()
            .map(move |d| (c, d))
    });
    Pattern::of(candidates).in_houses(vec![house.index], Vec::new())
}

/// Calls `f` on each `k`-subset of `items` (in lexicographic order) until
/// it returns `true`.
pub(super) fn combinations<T: Copy>(
    items: &[T],
    k: usize,
    f: &mut dyn FnMut(&[T]) -> bool,
) -> bool {
    fn go<T: Copy>(
        items: &[T],
        k: usize,
        start: usize,
        chosen: &mut [T],
        len: usize,
        f: &mut dyn FnMut(&[T]) -> bool,
    ) -> bool {
        if len == k {
            return f(&chosen[..k]);
        }
        for i in start..items.len() {
            if items.len() - i < k - len {
                break;
            }
            chosen[len] = items[i];
            if go(items, k, i + 1, chosen, len + 1, f) {
                return true;
            }
        }
        false
    }
    if k > items.len() {
        return false;
    }
    let Some(&first) = items.first() else {
        // Only the empty set, of nothing.
        return f(&[]);
    };
    // The sets the ladder asks for are small: kept on the stack.
    const ON_STACK: usize = 8;
    if k <= ON_STACK {
        go(items, k, 0, &mut [first; ON_STACK], 0, f)
    } else {
        go(items, k, 0, &mut vec![first; k], 0, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GridSize, Puzzle, Sudoku, Variant};

    /// An empty 16x16 grid, where rows are 16 cells.
    fn empty_16() -> State {
        let size = GridSize::from_side(16).unwrap();
        State::new(&Sudoku::new(size, Variant::CLASSIC), &Puzzle::empty(size))
    }

    #[test]
    fn a_naked_quint_is_found_by_the_matching() {
        // r1c1-r1c5 hold only 1-5: a naked subset of 5 (its hidden side is
        // 11 digits), which no search of pairs, triples or quads sees.
        let mut state = empty_16();
        for c in 0..5 {
            for d in 6..=16 {
                state.remove(c, d);
            }
        }
        assert!((2..=4).all(|k| naked(&state, k).is_none() && hidden(&state, k).is_none()));
        let step = any_size(&state).unwrap();
        assert_eq!(step.technique, Technique::NakedSubset(5));
        assert_eq!(step.removed.len(), 11 * 5);
        assert!(
            step.removed
                .iter()
                .all(|&(c, d)| (5..16).contains(&c) && d <= 5)
        );
        assert!(
            step.why
                .starts_with("{1, 2, 3, 4, 5} in r1c1, r1c2, r1c3, r1c4, r1c5 (row 1)")
        );
    }

    #[test]
    fn a_hidden_quint_is_found_by_the_matching() {
        // 1-5 have no place in row 1 but r1c1-r1c5: a hidden subset of 5,
        // those cells keep only 1-5.
        let mut state = empty_16();
        for c in 5..16 {
            for d in 1..=5 {
                state.remove(c, d);
            }
        }
        let step = any_size(&state).unwrap();
        assert_eq!(step.technique, Technique::HiddenSubset(5));
        assert_eq!(step.removed.len(), 11 * 5);
        assert!(step.removed.iter().all(|&(c, d)| c < 5 && d > 5));
        assert!(
            step.why
                .starts_with("{1, 2, 3, 4, 5} in r1c1, r1c2, r1c3, r1c4, r1c5 (row 1): only")
        );
    }

    #[test]
    fn nothing_when_every_candidate_fits() {
        assert!(any_size(&empty_16()).is_none());
    }

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
