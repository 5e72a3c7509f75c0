//! W-Wing: two cells that do not see each other hold only the same two
//! digits x and y, and a house where x has two places left, one seeing
//! each cell. If both cells were x, neither place could be: so one of the
//! two cells is y, and y leaves every cell that sees both. Sudoku
//! Explainer counts it as a chain; it is named here as people look for
//! it, and tried after the wings and BUG+1.

use super::state::{bit, digits_of};
use super::{Pattern, State, Step, Technique, cells_text};

pub(super) fn find(state: &State) -> Option<Step> {
    find_where(state, |_, _| true)
}

/// The first W-Wing whose digit `y` and removals `gone` are `wanted`.
pub(super) fn find_where(state: &State, wanted: impl Fn(u8, &[usize]) -> bool) -> Option<Step> {
    let side = state.side();
    let pairs: Vec<usize> = (0..state.cells())
        .filter(|&c| state.digit(c) == 0 && state.mask(c).count_ones() == 2)
        .collect();
    for (i, &a) in pairs.iter().enumerate() {
        for &b in &pairs[i + 1..] {
            let mask = state.mask(a);
            if state.mask(b) != mask || state.sees(a, b) {
                continue;
            }
            let [d1, d2] = digits_of(mask)[..] else {
                continue;
            };
            for (x, y) in [(d1, d2), (d2, d1)] {
                let gone = state.seeing_all(&[a, b], bit(y));
                if gone.is_empty() || !wanted(y, &gone) {
                    continue;
                }
                for house in state.houses().iter().filter(|h| h.full) {
                    let places = state.places(&house.cells, x);
                    let [p, q] = places[..] else { continue };
                    if [p, q].contains(&a) || [p, q].contains(&b) {
                        continue;
                    }
                    let (p, q) = if state.sees(p, a) && state.sees(q, b) {
                        (p, q)
                    } else if state.sees(q, a) && state.sees(p, b) {
                        (q, p)
                    } else {
                        continue;
                    };
                    let name = |c: usize| cells_text(&[c], side);
                    let nodes = [(a, y), (a, x), (p, x), (q, x), (b, x), (b, y)];
                    let pattern = Pattern::of(nodes)
                        .in_houses(vec![house.index], Vec::new())
                        .alternating(&nodes);
                    return Some(Step::removing(
                        Technique::WWing,
                        y,
                        &gone,
                        format!(
                            "{} and {} hold only {x} and {y}, and {x} in {} is at {} or {}, which see {} and {}: both {x} would leave {x} no place there, so one of them is {y}, and {y} leaves the cells that see both: {}",
                            name(a),
                            name(b),
                            house.name,
                            name(p),
                            name(q),
                            name(a),
                            name(b),
                            cells_text(&gone, side)
                        ),
                    )
                    .on(pattern));
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::state::empty_classic_keeping as keeping;

    #[test]
    fn a_strong_link_between_two_equal_pairs_removes_their_other_digit() {
        // r1c1 and r5c2 hold {1, 2}; 1 in row 9 only at r9c1 and r9c2.
        let mut cells: Vec<(usize, &[u8])> = vec![(0, &[1, 2][..]), (37, &[1, 2])];
        for c in 74..81 {
            cells.push((c, &[3, 4, 5, 6, 7, 8, 9]));
        }
        let state = keeping(&cells);
        let step = find(&state).unwrap();
        assert_eq!(step.technique, Technique::WWing);
        // Seeing r1c1 and r5c2: r1c2 (row 1, column 2), r2c2 and r3c2
        // (box 1, column 2), r4c1, r5c1 and r6c1 (column 1, box 4).
        assert_eq!(
            step.removed,
            [(1, 2), (10, 2), (19, 2), (27, 2), (36, 2), (45, 2)]
        );
        assert!(
            step.why
                .starts_with("r1c1 and r5c2 hold only 1 and 2, and 1 in row 9 is at r9c1 or r9c2"),
            "{}",
            step.why
        );
        // Without the link, nothing.
        assert_eq!(find(&keeping(&[(0, &[1, 2][..]), (37, &[1, 2])])), None);
    }
}
