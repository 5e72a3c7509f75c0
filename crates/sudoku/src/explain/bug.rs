//! BUG+1 (bivalue universal grave, Sudoku Explainer's difficulty 5.6):
//! every open cell has two candidates but one, which has three, and every
//! digit has two places (or none) in every house, but one digit with
//! three places in each house of that cell. Without that digit there,
//! every cell could take its other candidate instead: a second solution.
//! In a puzzle with one solution the cell holds that digit.
//!
//! Only where the puzzle has houses alone, each holding every digit, and
//! one solution (checked before the explanation starts).

use super::{State, Step, Technique, cells_text};

pub(super) fn find(state: &State) -> Option<Step> {
    let side = state.side();
    let open: Vec<usize> = (0..state.cells())
        .filter(|&c| state.digit(c) == 0)
        .collect();
    let mut three = open
        .iter()
        .copied()
        .filter(|&c| state.mask(c).count_ones() != 2);
    let (Some(cell), None) = (three.next(), three.next()) else {
        return None;
    };
    if state.mask(cell).count_ones() != 3 || state.houses().iter().any(|h| !h.full) {
        return None;
    }
    // The digit with three places in the cell's houses: the same in each.
    let mut extra = None;
    for house in state.houses() {
        for d in 1..=side as u8 {
            match state.places(&house.cells, d).len() {
                0 | 2 => {}
                3 if house.cells.contains(&cell) && extra.is_none_or(|e| e == d) => extra = Some(d),
                _ => return None,
            }
        }
    }
    let d = extra?;
    // Each house of the cell has the digit three times.
    let houses = state.houses();
    let in_all =
        (state.houses_of(cell).iter()).all(|&h| state.places(&houses[h].cells, d).len() == 3);
    if !in_all {
        return None;
    }
    let removed = state.clone().place(cell, d);
    Some(Step {
        technique: Technique::Bug,
        placed: vec![(cell, d)],
        removed,
        why: format!(
            "every open cell has two candidates but {}, and every digit two places in each house but {d} in the houses of {}: without {d} there, each cell could take its other candidate instead, a second solution, so {} = {d}",
            cells_text(&[cell], side),
            cells_text(&[cell], side),
            cells_text(&[cell], side)
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GridSize, Puzzle, Sudoku, Variant};

    #[test]
    fn a_grave_without_a_cell_of_three_places_nothing() {
        // A solved grid with r1c1, r1c2, r4c1 and r4c2 opened: 1 and 2
        // crosswise, every open cell with two candidates (a grave: both
        // ways are solutions).
        let solution =
            "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
        let size = GridSize::from_side(9).unwrap();
        let sudoku = Sudoku::new(size, Variant::CLASSIC);
        let mut digits: Vec<u8> = solution.bytes().map(|b| b - b'0').collect();
        for cell in [0, 1, 27, 28] {
            digits[cell] = 0;
        }
        let state = State::new(&sudoku, &Puzzle::from_digits(size, digits));
        assert!(
            (0..81)
                .filter(|&c| state.digit(c) == 0)
                .all(|c| state.mask(c).count_ones() == 2)
        );
        assert_eq!(find(&state), None);
    }
}
