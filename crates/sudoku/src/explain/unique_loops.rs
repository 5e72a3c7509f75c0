//! Unique rectangles and loops: cells that could all hold only the same
//! two digits a and b, each sharing a house with the next round a loop
//! (a rectangle of four cells in two rows, two columns and two boxes, or
//! a longer loop), would let a and b swap: a second solution. In a puzzle
//! with one solution that cannot be, so the loop's extra candidates are
//! not all false. Sudoku Explainer's types, looked for as it does (loops
//! from each two-candidate cell, through houses of a different kind at
//! each step):
//! - **type 1**: one cell has more candidates: it loses a and b;
//! - **type 2**: the cells with more candidates have one more digit x
//!   between them: one of them is x, which leaves the cells that see all
//!   of them;
//! - **type 3**: two cells with more candidates, in one house: one of
//!   their extra digits is in one of them, so together they act as one
//!   cell with those digits, making with other cells of the house a naked
//!   subset; or, the other way round, a hidden subset of the house with a
//!   and b;
//! - **type 4**: two cells with more candidates, in one house where they
//!   are the only places for a: a is in one of them, so neither is b.
//!
//! Difficulty 4.5 for a rectangle, 4.6 for a loop of 6 cells, 4.7 of 8,
//! 5.0 of 10 or more; type 3 adds 0.1 per digit of its naked subset past
//! the first, or of its hidden subset past the second. Only for puzzles of houses alone with one solution, up to 9x9
//! (checked before the explanation starts): elements can make such a swap
//! impossible.

use super::state::{HouseView, bit, digits_of, removals};
use super::subsets::combinations;
use super::{Pattern, State, Step, Technique, cells_text, digits_text, or_text, removals_text};
use crate::HouseKind;

/// A unique rectangle or loop step: its cells, type and subset.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UniqueLoop {
    /// Cells in the loop (4: a rectangle).
    pub cells: u8,
    /// Type 1 to 4.
    pub kind: u8,
    /// Type 3: the digits of its subset (0 otherwise).
    pub subset: u8,
    /// Type 3: a hidden subset (else naked).
    pub hidden: bool,
}

impl UniqueLoop {
    /// Sudoku Explainer's difficulty, in tenths.
    pub(super) fn tenths(self) -> u16 {
        let size = match self.cells {
            0..=5 => 0,
            6 | 7 => 1,
            8 | 9 => 2,
            _ => 5,
        };
        // Type 3: 0.1 per digit of a naked subset past the first; of a
        // hidden one, per cell it reduces past the first (its cells but
        // the loop's), one less.
        let past = if self.hidden { 2 } else { 1 };
        45 + size + u16::from(self.subset.saturating_sub(past))
    }

    /// `unique rectangle type 1`, `unique loop type 3 (6 cells, hidden
    /// pair)`.
    pub(super) fn name(self) -> String {
        let subset = match self.subset {
            2 => "pair".to_string(),
            3 => "triple".to_string(),
            4 => "quad".to_string(),
            k => format!("subset of {k}"),
        };
        let side = if self.hidden { "hidden" } else { "naked" };
        match (self.cells, self.kind) {
            (4, 3) => format!("unique rectangle type 3 ({side} {subset})"),
            (4, kind) => format!("unique rectangle type {kind}"),
            (n, 3) => format!("unique loop type 3 ({n} cells, {side} {subset})"),
            (n, kind) => format!("unique loop type {kind} ({n} cells)"),
        }
    }
}

/// A loop's cells in order, a type and its removals.
type Seen = (Vec<usize>, u8, Vec<(usize, u8)>);

/// The step Sudoku Explainer would take: the easiest, then the lowest
/// type, then the first found.
pub(super) fn find(state: &State) -> Option<Step> {
    let mut found: Vec<(u16, u8, Step)> = Vec::new();
    // A loop is found from each of its two-candidate cells, both ways
    // round: each (cells, type, removals) once.
    let mut seen: Vec<Seen> = Vec::new();
    for start in (0..state.cells()).filter(|&c| state.digit(c) == 0) {
        let mask = state.mask(start);
        if mask.count_ones() != 2 {
            continue;
        }
        let pair = digits_of(mask);
        let (a, b) = (pair[0], pair[1]);
        let mut loops = Vec::new();
        let mut path = Vec::new();
        search(state, start, a, b, &mut path, 2, 0, None, &mut loops);
        for cells in loops.into_iter().filter(|l| valid(state, l)) {
            for step in steps(state, &cells, a, b) {
                let Technique::Unique(pattern) = step.technique else {
                    continue;
                };
                let mut key_cells = cells.clone();
                key_cells.sort_unstable();
                let key = (key_cells, pattern.kind, step.removed.clone());
                if !seen.contains(&key) {
                    seen.push(key);
                    found.push((pattern.tenths(), pattern.kind, step));
                }
            }
        }
    }
    let best = (0..found.len()).min_by_key(|&i| (found[i].0, found[i].1, i))?;
    Some(found.swap_remove(best).2)
}

/// The kinds of house in Sudoku Explainer's order: box, row, column, the
/// others.
fn kind_rank(house: &HouseView) -> u8 {
    match house.kind {
        _ if house.is_block => 0,
        HouseKind::Row => 1,
        HouseKind::Column => 2,
        HouseKind::MainDiagonal => 3,
        HouseKind::AntiDiagonal => 4,
        HouseKind::Window => 5,
        HouseKind::DisjointGroup => 6,
        _ => 7,
    }
}

/// The houses of `cell` by kind.
fn houses_of(state: &State, cell: usize) -> Vec<usize> {
    let mut of: Vec<usize> = state.houses_of(cell).to_vec();
    of.sort_by_key(|&h| kind_rank(&state.houses()[h]));
    of
}

/// Loops through cells holding both `a` and `b`, each step in a house of
/// another kind than the last; at most two cells with more candidates,
/// unless their extra digits are one.
#[allow(clippy::too_many_arguments)]
fn search(
    state: &State,
    cell: usize,
    a: u8,
    b: u8,
    path: &mut Vec<usize>,
    allowed: i32,
    extra: u64,
    last_kind: Option<u8>,
    loops: &mut Vec<Vec<usize>>,
) {
    path.push(cell);
    let both = bit(a) | bit(b);
    for h in houses_of(state, cell) {
        let house = &state.houses()[h];
        let kind = kind_rank(house);
        if Some(kind) == last_kind {
            continue;
        }
        for &next in &house.cells {
            if next == path[0] && path.len() >= 4 {
                loops.push(path.clone());
            } else if !path.contains(&next) && state.mask(next) & both == both {
                let more = extra | (state.mask(next) & !both);
                let n = state.mask(next).count_ones();
                if n == 2 || more.count_ones() == 1 || allowed > 0 {
                    let left = if n > 2 { allowed - 1 } else { allowed };
                    search(state, next, a, b, path, left, more, Some(kind), loops);
                }
            }
        }
    }
    path.pop();
}

/// A loop is one where the cells at odd places and those at even places
/// cover the same houses, each once.
fn valid(state: &State, cells: &[usize]) -> bool {
    let mut odd: Vec<usize> = Vec::new();
    let mut even: Vec<usize> = Vec::new();
    for (i, &c) in cells.iter().enumerate() {
        let side = if i % 2 == 1 { &mut odd } else { &mut even };
        for &h in state.houses_of(c) {
            if side.contains(&h) {
                return false;
            }
            side.push(h);
        }
    }
    odd.sort_unstable();
    even.sort_unstable();
    odd == even
}

/// The steps of the loop `cells` on `a` and `b`, by type.
fn steps(state: &State, cells: &[usize], a: u8, b: u8) -> Vec<Step> {
    let both = bit(a) | bit(b);
    let more: Vec<usize> = (cells.iter().copied())
        .filter(|&c| state.mask(c).count_ones() > 2)
        .collect();
    let extra = more.iter().fold(0, |m, &c| m | state.mask(c)) & !both;
    let n = cells.len() as u8;
    let pattern = |kind| UniqueLoop {
        cells: n,
        kind,
        subset: 0,
        hidden: false,
    };
    let side = state.side();
    let shape = if n == 4 { "rectangle" } else { "loop" };
    let grave = format!(
        "if {} all held only {a} and {b}, the two could swap round the {shape}: a second solution",
        cells_text(cells, side)
    );
    let mut out = Vec::new();
    match more.len() {
        1 => {
            let cell = more[0];
            let removed: Vec<(usize, u8)> = vec![(cell, a), (cell, b)];
            out.push(Step {
                technique: Technique::Unique(pattern(1)),
                placed: Vec::new(),
                pattern: Pattern::default(),
                removed,
                why: format!(
                    "{grave}. All but {} do, so it cannot hold {a} or {b}",
                    cells_text(&[cell], side)
                ),
            });
        }
        k if k >= 2 && extra.count_ones() == 1 => {
            out.extend(type_2(state, cells, &more, extra, &grave, n))
        }
        2 if extra.count_ones() >= 2 => {
            out.extend(type_3(state, cells, more[0], more[1], a, b, &grave, n))
        }
        _ => {}
    }
    if more.len() == 2 {
        out.extend(type_4(state, more[0], more[1], a, b, &grave, n));
    }
    out.retain(|s| !s.removed.is_empty());
    let candidates = cells.iter().flat_map(|&c| [(c, a), (c, b)]);
    let candidates: Vec<(usize, u8)> = candidates
        .filter(|&(c, d)| state.mask(c) & bit(d) != 0)
        .collect();
    for step in &mut out {
        step.pattern = Pattern::of(candidates.iter().copied());
    }
    out
}

fn type_2(
    state: &State,
    _cells: &[usize],
    more: &[usize],
    extra: u64,
    grave: &str,
    n: u8,
) -> Option<Step> {
    let x = digits_of(extra)[0];
    let gone: Vec<usize> = (state.seeing_all(more, bit(x)).into_iter())
        .filter(|c| !more.contains(c))
        .collect();
    let side = state.side();
    Some(Step::removing(
        Technique::Unique(UniqueLoop {
            cells: n,
            kind: 2,
            subset: 0,
            hidden: false,
        }),
        x,
        &gone,
        format!(
            "{grave}. So one of {} is {x}, which leaves the cells that see them all: {}",
            cells_text(more, side),
            cells_text(&gone, side)
        ),
    ))
}

/// The houses holding both `c1` and `c2`, by kind.
fn houses_with(state: &State, c1: usize, c2: usize) -> Vec<usize> {
    (houses_of(state, c1).into_iter())
        .filter(|&h| state.houses()[h].cells.contains(&c2))
        .collect()
}

#[allow(clippy::too_many_arguments)]
fn type_3(
    state: &State,
    _cells: &[usize],
    c1: usize,
    c2: usize,
    a: u8,
    b: u8,
    grave: &str,
    n: u8,
) -> Vec<Step> {
    let side = state.side();
    let both = bit(a) | bit(b);
    let extra = (state.mask(c1) | state.mask(c2)) & !both;
    let mut out = Vec::new();
    for k in 2..=7usize {
        for h in houses_with(state, c1, c2) {
            let house = &state.houses()[h];
            let open: Vec<usize> = (house.cells.iter().copied())
                .filter(|&c| state.digit(c) == 0)
                .collect();
            if k * 2 <= open.len() && k >= extra.count_ones() as usize {
                // Naked: the pair of extra-holding cells as one cell with
                // `extra`, and k - 1 other cells.
                let others: Vec<usize> = (house.cells.iter().copied())
                    .filter(|&c| c != c1 && c != c2)
                    .collect();
                combinations(&others, k - 1, &mut |chosen| {
                    let union = chosen.iter().fold(extra, |m, &c| m | state.mask(c));
                    let two_each = chosen.iter().all(|&c| state.mask(c).count_ones() > 1);
                    // Sudoku Explainer also counts the extra digits the two
                    // share with the others' candidates alone.
                    let shared = extra & state.mask(c1) & state.mask(c2);
                    let others_union = chosen.iter().fold(shared, |m, &c| m | state.mask(c));
                    if union.count_ones() as usize != k
                        || others_union.count_ones() as usize != k
                        || !two_each
                        || extra.count_ones() < 2
                    {
                        return false;
                    }
                    let mut removed: Vec<(usize, u8)> = Vec::new();
                    for d in digits_of(union) {
                        let holders: Vec<usize> = (chosen.iter().copied().chain([c1, c2]))
                            .filter(|&c| state.mask(c) & bit(d) != 0)
                            .collect();
                        for c in state.seeing_all(&holders, bit(d)) {
                            if !chosen.contains(&c) && c != c1 && c != c2 {
                                removed.push((c, d));
                            }
                        }
                    }
                    removed.sort_unstable();
                    removed.dedup();
                    out.push(Step {
                        technique: Technique::Unique(UniqueLoop {
                            cells: n,
                            kind: 3,
                            subset: k as u8,
                            hidden: false,
                        }),
                        placed: Vec::new(),
                        pattern: Pattern::default(),
                        removed: removed.clone(),
                        why: format!(
                            "{grave}. So one of {}, {} holds {}: with {} they hold {} alone in {} (a naked subset): {}",
                            cells_text(&[c1], side),
                            cells_text(&[c2], side),
                            or_text(&digits_of(extra)),
                            cells_text(chosen, side),
                            digits_text(&digits_of(union)),
                            house.name,
                            removals_text(&removed, side)
                        ),
                    });
                    false
                });
            }
            if k * 2 < open.len() {
                // Hidden: a and b with k - 2 digits that are not extra,
                // their places but c2 being k cells.
                let rest: Vec<u8> = (1..=side as u8)
                    .filter(|&d| d != a && d != b && extra & bit(d) == 0)
                    .collect();
                if k - 2 > rest.len() {
                    continue;
                }
                combinations(&rest, k - 2, &mut |chosen| {
                    let mut digits = chosen.to_vec();
                    digits.extend([a, b]);
                    let mut places: Vec<usize> = Vec::new();
                    for &d in &digits {
                        let at: Vec<usize> = (house.cells.iter().copied())
                            .filter(|&c| c != c2 && state.mask(c) & bit(d) != 0)
                            .collect();
                        if at.is_empty() {
                            return false;
                        }
                        places.extend(at);
                    }
                    places.sort_unstable();
                    places.dedup();
                    if places.len() != k {
                        return false;
                    }
                    let mask = digits.iter().fold(0, |m, &d| m | bit(d));
                    let keep: Vec<usize> = places.iter().copied().filter(|&c| c != c1).collect();
                    let removed = removals(keep, |c| state.mask(c) & !mask);
                    digits.sort_unstable();
                    out.push(Step {
                        technique: Technique::Unique(UniqueLoop {
                            cells: n,
                            kind: 3,
                            subset: k as u8,
                            hidden: true,
                        }),
                        placed: Vec::new(),
                        pattern: Pattern::default(),
                        removed: removed.clone(),
                        why: format!(
                            "{grave}. So one of {}, {} holds {}, not {a} or {b}: in {} then {} have only {} for {} (a hidden subset): {}",
                            cells_text(&[c1], side),
                            cells_text(&[c2], side),
                            or_text(&digits_of(extra)),
                            house.name,
                            cells_text(&places, side),
                            if places.len() == 2 { "these two places" } else { "these places" },
                            digits_text(&digits),
                            removals_text(&removed, side)
                        ),
                    });
                    false
                });
            }
        }
    }
    out
}

fn type_4(state: &State, c1: usize, c2: usize, a: u8, b: u8, grave: &str, n: u8) -> Option<Step> {
    let only = |d: u8, h: usize| {
        (state.houses()[h].cells.iter()).all(|&c| c == c1 || c == c2 || state.mask(c) & bit(d) == 0)
    };
    let (mut for_a, mut for_b) = (None, None);
    for h in houses_with(state, c1, c2) {
        if only(a, h) {
            for_a = Some(h);
        }
        if only(b, h) {
            for_b = Some(h);
        }
    }
    let (locked, gone, h) = match (for_a, for_b) {
        (Some(h), _) => (a, b, h),
        (None, Some(h)) => (b, a, h),
        _ => return None,
    };
    let side = state.side();
    let removed: Vec<(usize, u8)> = [c1, c2]
        .into_iter()
        .filter(|&c| state.mask(c) & bit(gone) != 0)
        .map(|c| (c, gone))
        .collect();
    Some(Step {
        technique: Technique::Unique(UniqueLoop {
            cells: n,
            kind: 4,
            subset: 0,
            hidden: false,
        }),
        placed: Vec::new(),
        pattern: Pattern::default(),
        removed,
        why: format!(
            "{grave}. {}, {} are the only places for {locked} in {}, so one of them is {locked} and neither can be {gone}",
            cells_text(&[c1], side),
            cells_text(&[c2], side),
            state.houses()[h].name
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::state::empty_classic_keeping as keeping;

    #[test]
    fn difficulties_and_names() {
        let ul = |cells, kind, subset, hidden| UniqueLoop {
            cells,
            kind,
            subset,
            hidden,
        };
        assert_eq!(ul(4, 1, 0, false).tenths(), 45);
        assert_eq!(ul(6, 1, 0, false).tenths(), 46);
        assert_eq!(ul(8, 2, 0, false).tenths(), 47);
        assert_eq!(ul(10, 4, 0, false).tenths(), 50);
        assert_eq!(ul(4, 3, 2, true).tenths(), 45);
        assert_eq!(ul(4, 3, 3, true).tenths(), 46);
        assert_eq!(ul(4, 3, 3, false).tenths(), 47);
        assert_eq!(
            ul(4, 3, 2, true).name(),
            "unique rectangle type 3 (hidden pair)"
        );
        assert_eq!(ul(6, 1, 0, false).name(), "unique loop type 1 (6 cells)");
    }

    #[test]
    fn type_1_takes_the_pair_from_the_fourth_cell() {
        // r1c1, r1c4, r2c1 hold 1 and 2 alone, r2c4 also 3.
        let state = keeping(&[
            (0, &[1, 2][..]),
            (3, &[1, 2]),
            (9, &[1, 2]),
            (12, &[1, 2, 3]),
        ]);
        let step = find(&state).unwrap();
        assert_eq!(step.technique.name(), "unique rectangle type 1");
        assert_eq!(step.removed, [(12, 1), (12, 2)]);
    }

    #[test]
    fn type_2_takes_the_extra_digit_from_what_sees_both_roof_cells() {
        let state = keeping(&[
            (0, &[1, 2][..]),
            (3, &[1, 2]),
            (9, &[1, 2, 7]),
            (12, &[1, 2, 7]),
        ]);
        let step = find(&state).unwrap();
        assert_eq!(step.technique.name(), "unique rectangle type 2");
        // Row 2 but its roof cells, then box 2's r1c5... (what sees both).
        assert!(step.removed.contains(&(10, 7)), "{:?}", step.removed);
        assert!(step.removed.iter().all(|&(_, d)| d == 7));
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
        let step = find(&state).unwrap();
        assert_eq!(step.technique.name(), "unique rectangle type 4");
        assert_eq!(step.removed, [(9, 2), (12, 2)]);
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
        let step = find(&state).unwrap();
        assert_eq!(
            step.technique.name(),
            "unique rectangle type 3 (naked pair)"
        );
        let expected: Vec<(usize, u8)> = [10, 11, 13, 14, 16, 17]
            .into_iter()
            .flat_map(|c| [(c, 7), (c, 8)])
            .collect();
        assert_eq!(step.removed, expected);
    }
}
