//! WXYZ-Wing: a cell (the pivot) and three cells it sees hold four digits
//! between them, and for three of those digits the cells holding each
//! all see one another (each can be in only one of the four). The four
//! cells need four digits, so the fourth, z, is in one of them: it leaves
//! every cell that sees all of their cells with z. Sudoku Explainer's
//! difficulty 5.5 (5.6 when the pivot has three candidates).

use super::state::{bit, digits_of};
use super::subsets::combinations;
use super::{State, Step, Technique, cells_text};

pub(super) fn find(state: &State) -> Option<Step> {
    let side = state.side();
    let open = |c: usize| state.digit(c) == 0;
    for pivot in
        (0..state.cells()).filter(|&c| open(c) && (2..=4).contains(&state.mask(c).count_ones()))
    {
        let pivot_mask = state.mask(pivot);
        let wings: Vec<usize> = (state.peers(pivot).into_iter())
            .filter(|&c| open(c) && (2..=4).contains(&state.mask(c).count_ones()))
            .filter(|&c| (state.mask(c) | pivot_mask).count_ones() <= 4)
            .collect();
        let mut found = None;
        combinations(&wings, 3, &mut |three| {
            let cells = [pivot, three[0], three[1], three[2]];
            let union = cells.iter().fold(0, |m, &c| m | state.mask(c));
            if union.count_ones() != 4 {
                return false;
            }
            // The digits whose cells here do not all see one another.
            let holding = |d: u8| state.places(&cells, d);
            let loose: Vec<u8> = (digits_of(union).into_iter())
                .filter(|&d| {
                    let at = holding(d);
                    at.iter()
                        .enumerate()
                        .any(|(i, &a)| at[i + 1..].iter().any(|&b| !state.sees(a, b)))
                })
                .collect();
            let [z] = loose[..] else { return false };
            let at = holding(z);
            let gone = state.seeing_all(&at, bit(z));
            let gone: Vec<usize> = gone.into_iter().filter(|c| !cells.contains(c)).collect();
            if gone.is_empty() {
                return false;
            }
            let mut sorted = cells;
            sorted.sort_unstable();
            found = Some(Step::removing(
                Technique::WxyzWing,
                z,
                &gone,
                format!(
                    "{} hold only {} between them, and each digit but {z} can be in one of them at most (its cells there see one another): four cells need four digits, so {z} is in one of {}, and it leaves the cells that see them all: {}",
                    cells_text(&sorted, side),
                    super::digits_text(&digits_of(union)),
                    cells_text(&at, side),
                    cells_text(&gone, side)
                ),
            ));
            true
        });
        if found.is_some() {
            return found;
        }
    }
    None
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
        assert_eq!(step.technique, Technique::WxyzWing);
        // Seeing r1c5, r2c2 and r3c3: r1c2, r1c3 (row 1, box 1).
        assert_eq!(step.removed, [(1, 4), (2, 4)]);
        // An XYZ-Wing's three cells are not four.
        let state = keeping(&[(0, &[1, 2, 4][..]), (4, &[1, 4]), (10, &[2, 4])]);
        assert_eq!(find(&state), None);
    }
}
