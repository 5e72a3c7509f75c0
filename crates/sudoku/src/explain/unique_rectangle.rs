//! Unique rectangles: four cells in two rows, two columns and two boxes
//! that could all hold only the same two digits a and b would let those
//! digits swap, giving a second solution. In a puzzle with one solution
//! that cannot be, so (Sudoku Explainer's difficulty 4.5 for each type):
//! - **type 1**: three of the cells hold only a and b: the fourth loses
//!   them;
//! - **type 2**: two hold only a and b, the other two one more digit x,
//!   the same: one of those two is x, which leaves the cells that see
//!   both;
//! - **type 3**: two hold only a and b, and the other two, in one house,
//!   hold more digits between them: one of those is in one of the two, so
//!   together they act as one cell with those digits, which with K other
//!   cells of the house holding K + 1 digits in all makes a naked subset
//!   (4.6 with one other cell, 4.7 with two, 4.8 with three);
//! - **type 4**: two hold only a and b, and the other two, in one house,
//!   are the only places for a there: a is in one of them, so neither can
//!   be b.
//!
//! Only for puzzles of houses alone with one solution, up to 9x9 (checked
//! before the explanation starts): elements can make such a swap
//! impossible.

use super::state::{bit, digits_of, removals};
use super::subsets::combinations;
use super::{State, Step, Technique, cells_text, digits_text, or_text, removed_cells};

/// The first unique rectangle of type `kind` (1, 2 or 4; 3 with `others`
/// other cells in its subset) that removes something.
pub(super) fn find(state: &State, kind: u8, others: usize) -> Option<Step> {
    let side = state.side();
    let open = |c: usize| state.digit(c) == 0;
    let box_of = |c: usize| {
        let houses = state.houses();
        (state.houses_of(c).iter().copied()).find(|&h| houses[h].is_block)
    };
    for r1 in 0..side {
        for r2 in r1 + 1..side {
            for c1 in 0..side {
                for c2 in c1 + 1..side {
                    let cells = [
                        r1 * side + c1,
                        r1 * side + c2,
                        r2 * side + c1,
                        r2 * side + c2,
                    ];
                    if !cells.iter().all(|&c| open(c)) {
                        continue;
                    }
                    let mut boxes: Vec<_> = cells.iter().map(|&c| box_of(c)).collect();
                    boxes.sort_unstable();
                    boxes.dedup();
                    if boxes.len() != 2 || boxes.contains(&None) {
                        continue;
                    }
                    let common = cells.iter().fold(u64::MAX, |m, &c| m & state.mask(c));
                    for pair in pairs(common) {
                        let step = match kind {
                            1 => type_1(state, &cells, pair),
                            2 => type_2(state, &cells, pair),
                            3 => type_3(state, &cells, pair, others),
                            _ => type_4(state, &cells, pair),
                        };
                        if let Some((removed, why)) = step {
                            let [a, b] = digits_of(pair)[..] else {
                                continue;
                            };
                            return Some(Step {
                                technique: if kind == 3 {
                                    Technique::UniqueRectangleSubset(others + 1)
                                } else {
                                    Technique::UniqueRectangle(kind)
                                },
                                placed: Vec::new(),
                                removed,
                                why: format!(
                                    "if {} all held only {a} and {b}, the two could swap there: a second solution. {why}",
                                    cells_text(&cells, side),
                                ),
                            });
                        }
                    }
                }
            }
        }
    }
    None
}

/// Every two-digit subset of `mask`.
fn pairs(mask: u64) -> Vec<u64> {
    let digits = digits_of(mask);
    let mut out = Vec::new();
    for (i, &a) in digits.iter().enumerate() {
        for &b in &digits[i + 1..] {
            out.push(bit(a) | bit(b));
        }
    }
    out
}

type Found = Option<(Vec<(usize, u8)>, String)>;

/// Those of `cells` holding more than `pair`.
fn with_more(state: &State, cells: &[usize; 4], pair: u64) -> Vec<usize> {
    (cells.iter().copied())
        .filter(|&c| state.mask(c) != pair)
        .collect()
}

fn type_1(state: &State, cells: &[usize; 4], pair: u64) -> Found {
    let extra = with_more(state, cells, pair);
    let [corner] = extra[..] else { return None };
    let removed: Vec<(usize, u8)> = digits_of(pair).into_iter().map(|d| (corner, d)).collect();
    let side = state.side();
    Some((
        removed,
        format!(
            "Three of them do, so {} cannot hold {}",
            cells_text(&[corner], side),
            or_text(&digits_of(pair))
        ),
    ))
}

fn type_2(state: &State, cells: &[usize; 4], pair: u64) -> Found {
    let roof = with_more(state, cells, pair);
    let [r1, r2] = roof[..] else { return None };
    let x = state.mask(r1) & !pair;
    if x.count_ones() != 1 || state.mask(r2) & !pair != x {
        return None;
    }
    let gone = state.seeing_all(&[r1, r2], x);
    if gone.is_empty() {
        return None;
    }
    let [x] = digits_of(x)[..] else { return None };
    let side = state.side();
    Some((
        gone.iter().map(|&c| (c, x)).collect(),
        format!(
            "Two do, and {} both add {x}, so one of those is {x}: remove {x} from the cells that see both: {}",
            cells_text(&roof, side),
            cells_text(&gone, side)
        ),
    ))
}

fn type_3(state: &State, cells: &[usize; 4], pair: u64, others: usize) -> Found {
    let roof = with_more(state, cells, pair);
    let [r1, r2] = roof[..] else { return None };
    let extra = (state.mask(r1) | state.mask(r2)) & !pair;
    let side = state.side();
    for house in state.full_houses_with(r1, r2) {
        let open: Vec<usize> = (house.cells.iter().copied())
            .filter(|&c| c != r1 && c != r2 && state.digit(c) == 0)
            .collect();
        let mut found = None;
        combinations(&open, others, &mut |chosen| {
            let digits = chosen.iter().fold(extra, |m, &c| m | state.mask(c));
            if digits.count_ones() as usize != others + 1 {
                return false;
            }
            let rest = open.iter().copied().filter(|c| !chosen.contains(c));
            let removed = removals(rest, |c| state.mask(c) & digits);
            if removed.is_empty() {
                return false;
            }
            let cells = removed_cells(&removed);
            found = Some((
                removed,
                format!(
                    "Two do, and one of {} holds {}, so with {} they hold {} alone in {}: remove those from the rest of {}: {}",
                    cells_text(&roof, side),
                    or_text(&digits_of(extra)),
                    cells_text(chosen, side),
                    digits_text(&digits_of(digits)),
                    house.name,
                    house.name,
                    cells_text(&cells, side)
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

fn type_4(state: &State, cells: &[usize; 4], pair: u64) -> Found {
    let roof = with_more(state, cells, pair);
    let [r1, r2] = roof[..] else { return None };
    let side = state.side();
    for house in state.full_houses_with(r1, r2) {
        for (a, b) in digits_of(pair).iter().zip(digits_of(pair).iter().rev()) {
            if state.places(&house.cells, *a).len() != 2 {
                continue;
            }
            return Some((
                vec![(r1, *b), (r2, *b)],
                format!(
                    "Two do, and {} are the only places for {a} in {}, so one of them is {a} and neither can be {b}",
                    cells_text(&roof, side),
                    house.name
                ),
            ));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::state::empty_classic_keeping as keeping;

    // The rectangle of the tests: r1c1, r1c4, r2c1, r2c4 (cells 0, 3, 9,
    // 12): two rows, two columns, boxes 1 and 2.

    #[test]
    fn type_1_takes_the_pair_from_the_fourth_cell() {
        let state = keeping(&[
            (0, &[1, 2][..]),
            (3, &[1, 2]),
            (9, &[1, 2]),
            (12, &[1, 2, 5]),
        ]);
        let step = find(&state, 1, 0).unwrap();
        assert_eq!(step.technique, Technique::UniqueRectangle(1));
        assert_eq!(step.removed, [(12, 1), (12, 2)]);
        assert_eq!(
            step.why,
            "if r1c1, r1c4, r2c1, r2c4 all held only 1 and 2, the two could swap there: a second solution. Three of them do, so r2c4 cannot hold 1 or 2"
        );
        assert_eq!(find(&state, 2, 0), None);
    }

    #[test]
    fn type_2_takes_the_extra_digit_from_what_sees_both_roof_cells() {
        let state = keeping(&[
            (0, &[1, 2][..]),
            (3, &[1, 2]),
            (9, &[1, 2, 7]),
            (12, &[1, 2, 7]),
        ]);
        assert_eq!(find(&state, 1, 0), None);
        let step = find(&state, 2, 0).unwrap();
        // Row 2 but its roof cells.
        let expected: Vec<(usize, u8)> = (9..18)
            .filter(|&c| c != 9 && c != 12)
            .map(|c| (c, 7))
            .collect();
        assert_eq!(step.removed, expected);
    }

    #[test]
    fn type_4_takes_the_other_digit_from_the_roof() {
        // 1 in row 2 only at r2c1 and r2c4.
        let mut cells: Vec<(usize, &[u8])> = vec![
            (0, &[1, 2][..]),
            (3, &[1, 2]),
            (9, &[1, 2, 7, 8]),
            (12, &[1, 2, 8, 9]),
        ];
        let others: Vec<usize> = (9..18).filter(|&c| c != 9 && c != 12).collect();
        for &c in &others {
            cells.push((c, &[2, 3, 4, 5, 6, 7, 8, 9]));
        }
        let state = keeping(&cells);
        assert_eq!(find(&state, 2, 0), None);
        let step = find(&state, 4, 0).unwrap();
        assert_eq!(step.removed, [(9, 2), (12, 2)]);
        assert!(step.why.ends_with("r2c1, r2c4 are the only places for 1 in row 2, so one of them is 1 and neither can be 2"), "{}", step.why);
    }

    #[test]
    fn type_3_makes_the_roof_one_cell_of_a_naked_subset() {
        // Roof r2c1 {1, 2, 7}, r2c4 {1, 2, 8}; r2c7 {7, 8}: with the roof
        // a naked pair of 7 and 8 in row 2.
        let state = keeping(&[
            (0, &[1, 2][..]),
            (3, &[1, 2]),
            (9, &[1, 2, 7]),
            (12, &[1, 2, 8]),
            (15, &[7, 8]),
        ]);
        assert_eq!(
            find(&state, 3, 1).unwrap().technique,
            Technique::UniqueRectangleSubset(2)
        );
        let step = find(&state, 3, 1).unwrap();
        let expected: Vec<(usize, u8)> = [10, 11, 13, 14, 16, 17]
            .into_iter()
            .flat_map(|c| [(c, 7), (c, 8)])
            .collect();
        assert_eq!(step.removed, expected);
        assert!(step.why.contains("Two do, and one of r2c1, r2c4 holds 7 or 8, so with r2c7 they hold 7, 8 alone in row 2"), "{}", step.why);
    }
}
