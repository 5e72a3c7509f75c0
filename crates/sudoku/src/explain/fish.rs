//! Basic fish: when a digit's places in N rows all lie in N columns, each
//! of those columns holds the digit in one of those rows, so it leaves the
//! rest of the columns (and the same with rows and columns swapped). Two
//! lines make an X-Wing, three a Swordfish, four a Jellyfish.

use super::state::bit;
use super::subsets::combinations;
use super::{Pattern, State, Step, Technique, cells_text};
use crate::HouseKind;

/// The fish's name for `n` lines.
pub(super) fn name(n: usize) -> String {
    match n {
        2 => "X-Wing".into(),
        3 => "Swordfish".into(),
        4 => "Jellyfish".into(),
        n => format!("fish of {n}"),
    }
}

/// The first fish of `n` lines (rows as the base, then columns) that
/// removes something, digits from 1.
pub(super) fn find(state: &State, n: usize) -> Option<Step> {
    let mut found = None;
    fishes(state, n, |fish| {
        found = Some(step(state, fish));
        true
    });
    found
}

/// A fish found: its digit, its base lines (rows when `by_rows`, else
/// columns, by number from 0), the crossing lines that cover them, where
/// the digit goes in the base, and the cells it leaves.
pub(super) struct Fish<'a> {
    pub(super) digit: u8,
    pub(super) by_rows: bool,
    pub(super) lines: &'a [usize],
    pub(super) covered: Vec<usize>,
    pub(super) corners: Vec<usize>,
    pub(super) gone: Vec<usize>,
}

/// Each fish of `n` lines that removes something (digits from 1, rows as
/// the base, then columns), to `visit` until it says stop (true).
pub(super) fn fishes(state: &State, n: usize, mut visit: impl FnMut(Fish) -> bool) {
    let side = state.side();
    let mut base: Vec<usize> = Vec::with_capacity(side);
    for d in 1..=side as u8 {
        for by_rows in [true, false] {
            // Cell `k` of line `i`: row i, column k, or column i, row k.
            let cell = |i: usize, k: usize| if by_rows { i * side + k } else { k * side + i };
            // For each line, the crossing lines where the digit may go
            // (none if it is placed there).
            let mut places = [0u64; 64];
            for (i, line) in places.iter_mut().enumerate().take(side) {
                *line = (0..side)
                    .filter(|&k| state.mask(cell(i, k)) & bit(d) != 0)
                    .fold(0u64, |m, k| m | 1 << k);
            }
            let places = &places;
            base.clear();
            base.extend(
                (0..side).filter(|&i| (2..=n).contains(&(places[i].count_ones() as usize))),
            );
            let mut stop = false;
            combinations(&base, n, &mut |lines| {
                let covers = lines.iter().fold(0u64, |m, &i| m | places[i]);
                if covers.count_ones() as usize != n {
                    return false;
                }
                let mut gone: Vec<usize> = (0..side)
                    .filter(|i| !lines.contains(i))
                    .flat_map(|i| {
                        (0..side)
                            .filter(move |&k| covers >> k & 1 == 1)
                            .map(move |k| (i, k))
                    })
                    .map(|(i, k)| cell(i, k))
                    .filter(|&c| state.mask(c) & bit(d) != 0)
                    .collect();
                if gone.is_empty() {
                    return false;
                }
                gone.sort_unstable();
                let mut corners: Vec<usize> = (lines.iter())
                    .flat_map(|&i| {
                        (0..side)
                            .filter(move |&k| places[i] >> k & 1 == 1)
                            .map(move |k| (i, k))
                    })
                    .map(|(i, k)| cell(i, k))
                    .collect();
                corners.sort_unstable();
                let covered: Vec<usize> = (0..side).filter(|&k| covers >> k & 1 == 1).collect();
                stop = visit(Fish {
                    digit: d,
                    by_rows,
                    lines,
                    covered,
                    corners,
                    gone,
                });
                stop
            });
            if stop {
                return;
            }
        }
    }
}

/// The step of a fish.
fn step(state: &State, fish: Fish) -> Step {
    let side = state.side();
    let (d, by_rows, lines) = (fish.digit, fish.by_rows, fish.lines);
    let (covered, corners, gone) = (fish.covered, fish.corners, fish.gone);
    let (base_kind, cover_kind) = if by_rows {
        ("rows", "columns")
    } else {
        ("columns", "rows")
    };
    let numbers = |v: &[usize]| {
        let names: Vec<String> = v.iter().map(|i| (i + 1).to_string()).collect();
        match names.split_last() {
            Some((last, rest)) if !rest.is_empty() => {
                format!("{} and {last}", rest.join(", "))
            }
            _ => names.join(""),
        }
    };
    let (base, cover) = line_houses(state, by_rows, lines, &covered);
    let pattern = Pattern::digit_in(d, &corners).in_houses(base, cover);
    Step::removing(
        Technique::Fish(lines.len()),
        d,
        &gone,
        format!(
            "in {base_kind} {}, {d} can only go in {cover_kind} {} ({}): each of those {cover_kind} has its {d} in one of those {base_kind}, so remove {d} from the rest of them: {}",
            numbers(lines),
            numbers(&covered),
            cells_text(&corners, side),
            cells_text(&gone, side)
        ),
    )
    .on(pattern)
}

/// The houses of the `base` lines (rows when `by_rows`, else columns)
/// and of the `cover` lines (the other kind), by number from 0.
pub(super) fn line_houses(
    state: &State,
    by_rows: bool,
    base: &[usize],
    cover: &[usize],
) -> (Vec<usize>, Vec<usize>) {
    let side = state.side();
    let (base_kind, cover_kind) = if by_rows {
        (HouseKind::Row, HouseKind::Column)
    } else {
        (HouseKind::Column, HouseKind::Row)
    };
    // Line i crosses the other kind's line i at the diagonal cell.
    let houses = |lines: &[usize], kind| -> Vec<usize> {
        (lines.iter())
            .filter_map(|&i| state.house_of_kind(i * side + i, kind))
            .collect()
    };
    (houses(base, base_kind), houses(cover, cover_kind))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GridSize, Puzzle, Sudoku, Variant};

    /// An empty 9x9 grid's candidates, less `(cell, digit)`s.
    fn empty_without(gone: impl IntoIterator<Item = (usize, u8)>) -> State {
        let size = GridSize::from_side(9).unwrap();
        let sudoku = Sudoku::new(size, Variant::CLASSIC);
        let mut state = State::new(&sudoku, &Puzzle::empty(size));
        for (cell, d) in gone {
            state.remove(cell, d);
        }
        state
    }

    #[test]
    fn an_x_wing_in_rows_clears_its_columns() {
        // 1 only in columns 2 and 7 of rows 1 and 5.
        let state = empty_without([0, 4].into_iter().flat_map(|r| {
            (0..9)
                .filter(|&c| c != 1 && c != 6)
                .map(move |c| (9 * r + c, 1))
        }));
        let step = find(&state, 2).unwrap();
        assert_eq!(step.technique, Technique::Fish(2));
        let expected: Vec<(usize, u8)> = (0..81)
            .filter(|&c| (c % 9 == 1 || c % 9 == 6) && c / 9 != 0 && c / 9 != 4)
            .map(|c| (c, 1))
            .collect();
        assert_eq!(step.removed, expected);
        assert!(
            step.why.starts_with(
                "in rows 1 and 5, 1 can only go in columns 2 and 7 (r1c2, r1c7, r5c2, r5c7)"
            ),
            "{}",
            step.why
        );
        // An empty grid has no fish.
        assert_eq!(find(&empty_without([]), 2), None);
        assert_eq!(find(&empty_without([]), 3), None);
    }

    #[test]
    fn a_swordfish_in_columns_takes_lines_of_two_or_three_places() {
        // 5 in columns 1, 4 and 9 only in rows 2, 3 and 8 (column 4: rows
        // 2 and 8).
        let keep = [(0, [1, 2, 7].as_slice()), (3, &[1, 7]), (8, &[1, 2, 7])];
        let gone = keep.iter().flat_map(|&(c, rows)| {
            (0..9)
                .filter(move |r| !rows.contains(r))
                .map(move |r| (9 * r + c, 5))
        });
        let state = empty_without(gone);
        assert_eq!(find(&state, 2), None);
        let step = find(&state, 3).unwrap();
        assert_eq!(name(3), "Swordfish");
        let expected: Vec<(usize, u8)> = (0..81)
            .filter(|&c| [1, 2, 7].contains(&(c / 9)) && ![0, 3, 8].contains(&(c % 9)))
            .map(|c| (c, 5))
            .collect();
        assert_eq!(step.removed, expected);
        assert!(
            step.why
                .starts_with("in columns 1, 4 and 9, 5 can only go in rows 2, 3 and 8"),
            "{}",
            step.why
        );
    }
}
