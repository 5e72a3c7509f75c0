//! XYZ-Wing: a cell with three candidates x, y and z (the pivot) sees a
//! cell with x and z and a cell with y and z (the pincers). Whichever
//! digit the pivot takes, one of the three is z: z leaves every cell that
//! sees all three.

use super::Pattern;
use super::state::digits_of;
use super::{State, Step, Technique, cells_text, or_text};

pub(super) fn find(state: &State) -> Option<Step> {
    let side = state.side();
    let open = |c: usize| state.digit(c) == 0;
    for pivot in (0..state.cells()).filter(|&c| open(c) && state.mask(c).count_ones() == 3) {
        let pivot_mask = state.mask(pivot);
        let sees_pivot = state.peers(pivot);
        // Pincers: two candidates, both the pivot's.
        let wings: Vec<usize> = (sees_pivot.iter().copied())
            .filter(|&c| open(c) && state.mask(c).count_ones() == 2)
            .filter(|&c| state.mask(c) & !pivot_mask == 0)
            .collect();
        for (i, &a) in wings.iter().enumerate() {
            for &b in &wings[i + 1..] {
                let (ma, mb) = (state.mask(a), state.mask(b));
                let z = ma & mb;
                if z.count_ones() != 1 || ma | mb != pivot_mask {
                    continue;
                }
                let gone = state.seeing_all(&[pivot, a, b], z);
                if gone.is_empty() {
                    continue;
                }
                let [z] = digits_of(z)[..] else { continue };
                let pattern = Pattern::all_in(state, &[pivot, a, b]);
                return Some(Step::removing(
                    Technique::XyzWing,
                    z,
                    &gone,
                    format!(
                        "{} holds {}, and sees {} ({}) and {} ({}): whichever it holds, one of the three is {z}, so remove {z} from the cells that see all three: {}",
                        cells_text(&[pivot], side),
                        or_text(&digits_of(pivot_mask)),
                        cells_text(&[a], side),
                        or_text(&digits_of(ma)),
                        cells_text(&[b], side),
                        or_text(&digits_of(mb)),
                        cells_text(&gone, side)
                    ),
                )
                .on(pattern));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::state::empty_classic_keeping as empty_with;

    #[test]
    fn the_shared_digit_leaves_the_cells_that_see_all_three() {
        let state = empty_with(&[(0, &[1, 2, 3][..]), (4, &[1, 3]), (10, &[2, 3])]);
        let step = find(&state).unwrap();
        assert_eq!(step.technique, Technique::XyzWing);
        assert_eq!(step.removed, [(1, 3), (2, 3)]);
        assert_eq!(
            step.why,
            "r1c1 holds 1, 2 or 3, and sees r1c5 (1 or 3) and r2c2 (2 or 3): whichever it holds, one of the three is 3, so remove 3 from the cells that see all three: r1c2, r1c3"
        );
        // An XY-Wing has a two-candidate pivot: not this.
        assert_eq!(
            find(&empty_with(&[
                (0, &[1, 2][..]),
                (4, &[1, 3]),
                (10, &[2, 3])
            ])),
            None
        );
    }
}
