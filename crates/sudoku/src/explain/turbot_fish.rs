//! Two strong links joined by a weak one: a digit with two places left in
//! one house (a1, a2) and two in another (b1, b2), where a1 sees b1. They
//! cannot both hold it, so a2 or b2 does: the digit leaves every cell that
//! sees both. Named as people name its shapes, in the order of their
//! Sudoku Explainer difficulties:
//! - **Skyscraper** (4.0): two rows (or two columns), a1 and b1 in one
//!   column (row);
//! - **2-String Kite** (4.1): a row and a column, a1 and b1 in one box;
//! - **Turbot Fish** (4.2): any other two houses (a box, a region, a
//!   diagonal), or a1 and b1 joined by a box.

use super::state::bit;
use super::{State, Step, Technique, cells_text};
use crate::HouseKind;

/// The first pattern of the shape `wanted` that removes something.
pub(super) fn find(state: &State, wanted: Technique) -> Option<Step> {
    let side = state.side();
    let houses = state.houses();
    for d in 1..=side as u8 {
        // Strong links: houses needing the digit with two places for it,
        // each pair of cells once (its first house: rows, then columns,
        // then the rest, as the houses are listed).
        let mut links: Vec<(usize, [usize; 2])> = Vec::new();
        for (h, house) in houses.iter().enumerate().filter(|(_, h)| h.full) {
            let places = state.places(&house.cells, d);
            if let [a, b] = places[..]
                && !links.iter().any(|(_, pair)| *pair == [a, b])
            {
                links.push((h, [a, b]));
            }
        }
        for (i, &(ha, a)) in links.iter().enumerate() {
            for &(hb, b) in &links[i + 1..] {
                for (a1, a2) in [(a[0], a[1]), (a[1], a[0])] {
                    for (b1, b2) in [(b[0], b[1]), (b[1], b[0])] {
                        if [a1, a2].contains(&b1) || [a1, a2].contains(&b2) || !state.sees(a1, b1) {
                            continue;
                        }
                        if shape(state, ha, hb, a1, b1) != wanted {
                            continue;
                        }
                        let gone = state
                            .seeing_all(&[a2, b2], bit(d))
                            .into_iter()
                            .filter(|c| ![a1, b1].contains(c))
                            .collect::<Vec<_>>();
                        if gone.is_empty() {
                            continue;
                        }
                        let name = |c: usize| cells_text(&[c], side);
                        return Some(Step::removing(
                            wanted,
                            d,
                            &gone,
                            format!(
                                "{d} in {} is at {} or {}, in {} at {} or {}; {} and {} see each other, so they cannot both be {d}: {} or {} is {d}, and {d} leaves the cells that see both: {}",
                                houses[ha].name,
                                name(a1),
                                name(a2),
                                houses[hb].name,
                                name(b1),
                                name(b2),
                                name(a1),
                                name(b1),
                                name(a2),
                                name(b2),
                                cells_text(&gone, side)
                            ),
                        ));
                    }
                }
            }
        }
    }
    None
}

/// The name of the pattern of links in houses `ha` and `hb` joined at
/// `a1` and `b1`.
fn shape(state: &State, ha: usize, hb: usize, a1: usize, b1: usize) -> Technique {
    let side = state.side();
    let (ka, kb) = (state.houses()[ha].kind, state.houses()[hb].kind);
    let same_row = a1 / side == b1 / side;
    let same_column = a1 % side == b1 % side;
    match (ka, kb) {
        (HouseKind::Row, HouseKind::Row) if same_column => Technique::Skyscraper,
        (HouseKind::Column, HouseKind::Column) if same_row => Technique::Skyscraper,
        (HouseKind::Row, HouseKind::Column) | (HouseKind::Column, HouseKind::Row)
            if !same_row && !same_column =>
        {
            Technique::TwoStringKite
        }
        _ => Technique::TurbotFish,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::state::empty_classic_without as empty_without;

    /// Digit 1 kept only at `cells` of the houses given by `lines` (rows
    /// `r` as `(true, r)`, columns as `(false, c)`).
    fn only_at(lines: &[(bool, usize)], cells: &[usize]) -> State {
        let gone: Vec<(usize, u8)> = (lines.iter())
            .flat_map(|&(row, i)| (0..9).map(move |k| if row { 9 * i + k } else { 9 * k + i }))
            .filter(|c| !cells.contains(c))
            .map(|c| (c, 1))
            .collect();
        empty_without(gone)
    }

    #[test]
    fn a_skyscraper_stands_on_one_column() {
        // Rows 1 and 5: 1 at r1c1/r1c5 and r5c1/r5c6.
        let state = only_at(&[(true, 0), (true, 4)], &[0, 4, 36, 41]);
        assert_eq!(find(&state, Technique::TwoStringKite), None);
        let step = find(&state, Technique::Skyscraper).unwrap();
        // Seeing r1c5 and r5c6: box 2 in column 6, column 5 in box 5.
        assert_eq!(step.removed, [(14, 1), (23, 1), (31, 1), (49, 1)]);
        assert_eq!(
            step.why,
            "1 in row 1 is at r1c1 or r1c5, in row 5 at r5c1 or r5c6; r1c1 and r5c1 see each other, so they cannot both be 1: r1c5 or r5c6 is 1, and 1 leaves the cells that see both: r2c6, r3c6, r4c5, r6c5"
        );
    }

    #[test]
    fn a_kite_joins_a_row_and_a_column_in_a_box() {
        // Row 1: r1c2/r1c7; column 1: r2c1/r8c1 (r1c2 and r2c1 in box 1).
        let state = only_at(&[(true, 0), (false, 0)], &[1, 6, 9, 63]);
        let step = find(&state, Technique::TwoStringKite).unwrap();
        assert_eq!(step.technique, Technique::TwoStringKite);
        // The cell that sees r1c7 and r8c1: r8c7.
        assert_eq!(step.removed, [(69, 1)]);
        assert_eq!(find(&state, Technique::Skyscraper), None);
    }
}
