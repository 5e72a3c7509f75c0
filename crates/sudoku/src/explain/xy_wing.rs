//! XY-Wing: a cell with two candidates x and y (the pivot) sees a cell
//! with x and z and a cell with y and z (the pincers). Whichever digit the
//! pivot takes, one pincer is z: z leaves every cell that sees both.

use super::state::digits_of;
use super::{Pattern, State, Step, Technique, cells_text, or_text};

pub(super) fn find(state: &State) -> Option<Step> {
    let side = state.side();
    let pairs: Vec<usize> = (0..state.cells())
        .filter(|&c| state.digit(c) == 0 && state.mask(c).count_ones() == 2)
        .collect();
    let mut wings: Vec<usize> = Vec::new();
    for &pivot in &pairs {
        wings.clear();
        wings.extend((pairs.iter().copied()).filter(|&c| state.sees(pivot, c)));
        let pivot_mask = state.mask(pivot);
        for &a in &wings {
            let shared_a = state.mask(a) & pivot_mask;
            if shared_a.count_ones() != 1 {
                continue;
            }
            let z = state.mask(a) & !pivot_mask;
            for &b in &wings {
                // The other pincer: the pivot's other digit and z.
                if b == a || state.mask(b) != (pivot_mask & !shared_a) | z {
                    continue;
                }
                // The pivot sees both, but holds no z.
                let gone = state.seeing_all(&[a, b], z);
                if gone.is_empty() {
                    continue;
                }
                let [z] = digits_of(z)[..] else { continue };
                let [x, y] = digits_of(pivot_mask)[..] else {
                    continue;
                };
                // x is the digit `a` shares with the pivot.
                let (xa, yb) = if shared_a & super::state::bit(x) != 0 {
                    (x, y)
                } else {
                    (y, x)
                };
                let nodes = [(a, z), (a, xa), (pivot, xa), (pivot, yb), (b, yb), (b, z)];
                let pattern = Pattern::of(nodes).alternating(&nodes);
                return Some(Step::removing(
                    Technique::XyWing,
                    z,
                    &gone,
                    format!(
                        "{} holds {x} or {y}, and sees {} ({}) and {} ({}): whichever it holds, one of those two is {z}, so remove {z} from the cells that see both: {}",
                        cells_text(&[pivot], side),
                        cells_text(&[a], side),
                        or_text(&digits_of(state.mask(a))),
                        cells_text(&[b], side),
                        or_text(&digits_of(state.mask(b))),
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
    fn the_third_digit_leaves_the_cells_that_see_both_pincers() {
        // Pivot r1c1 {1, 2}; pincers r1c5 {1, 3} (its row), r2c2 {2, 3}
        // (its box).
        let state = empty_with(&[(0, &[1, 2][..]), (4, &[1, 3]), (10, &[2, 3])]);
        let step = find(&state).unwrap();
        assert_eq!(step.technique, Technique::XyWing);
        // r1c2, r1c3 (row 1 and box 1), r2c4-r2c6 (row 2 and box 2).
        assert_eq!(step.removed, [(1, 3), (2, 3), (12, 3), (13, 3), (14, 3)]);
        assert_eq!(
            step.why,
            "r1c1 holds 1 or 2, and sees r1c5 (1 or 3) and r2c2 (2 or 3): whichever it holds, one of those two is 3, so remove 3 from the cells that see both: r1c2, r1c3, r2c4, r2c5, r2c6"
        );
        // Pincers sharing the pivot's digit make no wing.
        assert_eq!(
            find(&empty_with(&[
                (0, &[1, 2][..]),
                (4, &[1, 3]),
                (10, &[1, 3])
            ])),
            None
        );
    }
}
