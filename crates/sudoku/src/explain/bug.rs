//! BUG, the bivalue universal grave: were every open cell down to two
//! candidates, with every digit two places (or none) in every house, the
//! puzzle would have two solutions (each cell could take its other
//! candidate). So in a puzzle with one solution, the candidates beyond
//! such a grave (the *BUG candidates*, in the *BUG cells*) cannot all be
//! false. Sudoku Explainer's four types:
//! - **type 1** (BUG+1, 5.6): one BUG cell; it keeps only its BUG
//!   candidates;
//! - **type 2** (5.7): one BUG digit in several cells; it leaves the cells
//!   that see them all;
//! - **type 3** (5.7 + 0.1 per digit past the first): the BUG digits of
//!   cells in one house act as one cell of a naked subset with other
//!   cells there;
//! - **type 4** (5.7): two BUG cells in one house sharing one other
//!   digit: one of them holds its BUG digit, so neither holds its
//!   remaining candidate.
//!
//! The BUG cells are found as Sudoku Explainer finds them: in each house,
//! a digit with neither zero nor two places whose places include one cell
//! of three or more candidates marks that cell and digit (several such
//! cells for one digit everywhere make all of them BUG cells).
//!
//! Only where the puzzle has houses alone, each holding every digit, and
//! one solution (checked before the explanation starts).

use super::state::{bit, digits_of, removals};
use super::subsets::combinations;
use super::{Pattern, State, Step, Technique, cells_text, digits_text, or_text};

/// The grave's BUG cells and candidates.
struct Grave {
    /// In the order found.
    cells: Vec<usize>,
    /// Per BUG cell, its BUG digits.
    digits: Vec<u64>,
    /// Every BUG digit.
    all: u64,
    /// The cells that see every BUG cell.
    common: Vec<usize>,
}

pub(super) fn find(state: &State) -> Option<Step> {
    if state.houses().iter().any(|h| !h.full) {
        return None;
    }
    let grave = grave(state)?;
    let one_digit = grave.all.count_ones() == 1;
    match grave.cells.len() {
        1 => Some(type_1(state, &grave)),
        _ if one_digit => type_2(state, &grave).or_else(|| type_4(state, &grave)),
        _ if !grave.common.is_empty() => type_4(state, &grave).or_else(|| type_3(state, &grave)),
        _ => None,
    }
}

/// The BUG cells and digits, if taking them away leaves a grave.
fn grave(state: &State) -> Option<Grave> {
    let side = state.side();
    let mut grave = Grave {
        cells: Vec::new(),
        digits: Vec::new(),
        all: 0,
        common: Vec::new(),
    };
    let mut common: Option<Vec<usize>> = None;
    let mut left: Vec<u64> = (0..state.cells()).map(|c| state.mask(c)).collect();
    // Every BUG cell of the first digit that has some, while no other
    // digit has any.
    let mut only: Option<(u8, Vec<usize>)> = None;
    let mut one_digit = true;
    let mut mark = |grave: &mut Grave, common: &mut Option<Vec<usize>>, cell: usize, d: u8| {
        match grave.cells.iter().position(|&c| c == cell) {
            Some(i) => grave.digits[i] |= bit(d),
            None => {
                grave.cells.push(cell);
                grave.digits.push(bit(d));
            }
        }
        grave.all |= bit(d);
        left[cell] &= !bit(d);
        let seen = state.peers(cell);
        let kept = match common.take() {
            None => seen.to_vec(),
            Some(cells) => cells.into_iter().filter(|c| seen.contains(c)).collect(),
        };
        *common = Some(
            kept.into_iter()
                .filter(|c| !grave.cells.contains(c))
                .collect(),
        );
        let none_common = common.as_ref().is_some_and(|c| c.is_empty());
        grave.cells.len() > 1 && grave.all.count_ones() > 1 && none_common
    };
    for house in houses_by_kind(state) {
        for d in 1..=side as u8 {
            let places = state.places(&house.cells, d);
            if places.is_empty() || places.len() == 2 {
                continue;
            }
            let bug: Vec<usize> = (places.iter().copied())
                .filter(|&c| state.mask(c).count_ones() >= 3)
                .collect();
            match &mut only {
                None => only = Some((d, bug.clone())),
                Some((digit, cells)) if one_digit => {
                    if *digit == d {
                        for &c in &bug {
                            if !cells.contains(&c) {
                                cells.push(c);
                            }
                        }
                    } else {
                        one_digit = false;
                    }
                }
                _ => {}
            }
            if let [cell] = bug[..]
                && mark(&mut grave, &mut common, cell, d)
            {
                return None;
            }
            if bug.is_empty() {
                return None;
            }
        }
    }
    if let (true, Some((d, cells))) = (one_digit, only)
        && cells.len() > grave.cells.len()
    {
        let more: Vec<usize> = (cells.into_iter())
            .filter(|c| !grave.cells.contains(c))
            .collect();
        for cell in more {
            if mark(&mut grave, &mut common, cell, d) {
                return None;
            }
        }
    }
    // Without the BUG candidates: a grave.
    let open = (0..state.cells()).filter(|&c| state.digit(c) == 0);
    if open.into_iter().any(|c| left[c].count_ones() != 2) {
        return None;
    }
    for house in state.houses() {
        for d in 1..=side as u8 {
            let n = (house.cells.iter())
                .filter(|&&c| left[c] & bit(d) != 0)
                .count();
            if n != 0 && n != 2 {
                return None;
            }
        }
    }
    grave.common = common.unwrap_or_default();
    Some(grave)
}

/// Boxes (or regions), rows, columns, then the other houses.
fn houses_by_kind(state: &State) -> impl Iterator<Item = &super::state::HouseView> {
    use crate::HouseKind::{Column, Row};
    let houses = state.houses();
    let of = |k| move |h: &&super::state::HouseView| h.kind == k && !h.is_block;
    let other = |h: &&super::state::HouseView| !h.is_block && !matches!(h.kind, Row | Column);
    (houses.iter().filter(|h| h.is_block))
        .chain(houses.iter().filter(of(Row)))
        .chain(houses.iter().filter(of(Column)))
        .chain(houses.iter().filter(other))
}

fn grave_text(state: &State, grave: &Grave) -> String {
    let side = state.side();
    let beyond: Vec<String> = (grave.cells.iter().zip(&grave.digits))
        .map(|(&c, &m)| format!("{} in {}", or_text(&digits_of(m)), cells_text(&[c], side)))
        .collect();
    format!(
        "without {} every open cell would have two candidates and every digit two places in each house: a grave with two solutions",
        beyond.join(", ")
    )
}

/// The candidates beyond the grave.
fn extras(grave: &Grave) -> Pattern {
    Pattern::of(
        (grave.cells.iter().zip(&grave.digits))
            .flat_map(|(&c, &m)| digits_of(m).into_iter().map(move |d| (c, d))),
    )
}

fn type_1(state: &State, grave: &Grave) -> Step {
    let cell = grave.cells[0];
    let keep = grave.all;
    let side = state.side();
    Step {
        technique: Technique::Bug(1),
        placed: Vec::new(),
        removed: removals([cell], |c| state.mask(c) & !keep),
        why: format!(
            "{}, so {} keeps {} alone",
            grave_text(state, grave),
            cells_text(&[cell], side),
            or_text(&digits_of(keep))
        ),
        pattern: extras(grave),
    }
}

fn type_2(state: &State, grave: &Grave) -> Option<Step> {
    let d = digits_of(grave.all)[0];
    let gone = state.places(&grave.common, d);
    if gone.is_empty() {
        return None;
    }
    let side = state.side();
    Some(
        Step::removing(
            Technique::Bug(2),
            d,
            &gone,
            format!(
                "{}, so one of {} is {d}, and {d} leaves the cells that see them all: {}",
                grave_text(state, grave),
                cells_text(&grave.cells, side),
                cells_text(&gone, side)
            ),
        )
        .on(extras(grave)),
    )
}

fn type_4(state: &State, grave: &Grave) -> Option<Step> {
    let &[c1, c2] = &grave.cells[..] else {
        return None;
    };
    let shared = state.mask(c1) & state.mask(c2) & !grave.all;
    if shared.count_ones() != 1 || !state.sees(c1, c2) {
        return None;
    }
    let extra = |c: usize| grave.digits[usize::from(c == c2)];
    let removed = removals([c1, c2], |c| state.mask(c) & !extra(c) & !shared);
    if removed.is_empty() {
        return None;
    }
    let side = state.side();
    let d = digits_of(shared)[0];
    Some(Step {
        technique: Technique::Bug(4),
        placed: Vec::new(),
        removed,
        why: format!(
            "{}, so {} or {} holds its BUG digit; they see each other and share {d}, so one of them is {d} and neither keeps its other candidate",
            grave_text(state, grave),
            cells_text(&[c1], side),
            cells_text(&[c2], side)
        ),
        pattern: extras(grave),
    })
}

fn type_3(state: &State, grave: &Grave) -> Option<Step> {
    if grave.all.count_ones() < 2 {
        return None;
    }
    let side = state.side();
    for k in 2..=6 {
        for house in houses_by_kind(state) {
            if !grave.cells.iter().all(|c| house.cells.contains(c)) {
                continue;
            }
            let others: Vec<usize> = (grave.common.iter().copied())
                .filter(|c| house.cells.contains(c))
                .collect();
            if others.len() < k {
                continue;
            }
            let mut found = None;
            combinations(&others, k - 1, &mut |cells| {
                let union = cells.iter().fold(0, |m, &c| m | state.mask(c));
                let two_each = cells.iter().all(|&c| state.mask(c).count_ones() > 1);
                if union.count_ones() as usize != k || !two_each || (union | grave.all) != union {
                    return false;
                }
                let mut removed: Vec<(usize, u8)> = Vec::new();
                for d in digits_of(union) {
                    let holders: Vec<usize> = (cells.iter().chain(&grave.cells).copied())
                        .filter(|&c| state.mask(c) & bit(d) != 0)
                        .collect();
                    for c in state.seeing_all(&holders, bit(d)) {
                        if !cells.contains(&c) && !grave.cells.contains(&c) {
                            removed.push((c, d));
                        }
                    }
                }
                if removed.is_empty() {
                    return false;
                }
                removed.sort_unstable();
                removed.dedup();
                found = Some(Step {
                    technique: Technique::BugSubset(k),
                    placed: Vec::new(),
                    removed,
                    why: format!(
                        "{}, so {} holds one of {}: with {} they are a naked subset of {} in {}, whose digits leave the cells that see all of their places",
                        grave_text(state, grave),
                        cells_text(&grave.cells, side),
                        or_text(&digits_of(grave.all)),
                        cells_text(cells, side),
                        digits_text(&digits_of(union)),
                        house.name
                    ),
                    pattern: {
                        let subset = Pattern::all_in(state, cells).candidates;
                        let mut pattern = extras(grave);
                        pattern.candidates.extend(subset);
                        Pattern::of(pattern.candidates).in_houses(vec![house.index], Vec::new())
                    },
                });
                true
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
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
