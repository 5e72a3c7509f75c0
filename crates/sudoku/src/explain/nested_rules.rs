//! What a dynamic forcing chain "plus" (9.0) or a nested forcing chain
//! (9.5 and up) applies when its links run out, as Sudoku Explainer's
//! chains do: on the grid as the chain has left it, the first of these
//! rules that removes something, all its removals, each an off candidate
//! of the chain whose parents are the chain's own off candidates the rule
//! needed (those on at the chain's start and off now):
//!
//! 1. (every level) locked candidates, hidden pairs, naked pairs,
//!    X-Wings;
//! 2. (level 2) cycles and forcing X- and XY-chains, (level 3) then
//!    multiple forcing chains, (level 4) instead dynamic forcing chains,
//!    themselves of level `nesting` ("plus" at 1).
//!
//! A nested chain adds its own candidates to the outer chain's count.

use super::literal::Lit;
use super::locked_candidates::{EXPLAINER_PAIRS, Kind, locked_sets};
use super::state::bit;
use super::{State, fish, subsets};
use crate::HouseKind;

/// A rule's removals on a chain's grid, with what they need.
#[derive(Debug)]
pub(super) struct Deduction {
    /// The candidates it removes.
    pub(super) removed: Vec<(usize, u8)>,
    /// The candidates it needs off (on at the chain's start).
    pub(super) parents: Vec<Lit>,
    /// A nested chain's candidates (its complexity), 0 for the others.
    pub(super) nested: u16,
}

/// Why a chain turned a candidate on: where a single was left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Cause {
    /// The assumption, or a rule's removal.
    None,
    /// The cell's last candidate.
    Cell,
    /// The digit's last place in house `h`.
    House(usize),
}

/// Whether `d` was a candidate of `cell` in `source` and is not in
/// `current`: what a chain took out.
fn taken_out(source: &State, current: &State, cell: usize, d: u8) -> bool {
    source.mask(cell) & bit(d) != 0 && current.mask(cell) & bit(d) == 0
}

/// The candidates an on candidate `lit` with `cause` needed off: those
/// on in `source` and off in `current`, of its cell or of its digit in
/// its house.
pub(super) fn cause_parents(
    source: &State,
    current: &State,
    lit: Lit,
    cause: Cause,
    out: &mut Vec<Lit>,
) {
    let gone = |cell: usize, d: u8| taken_out(source, current, cell, d);
    let mut push = |cell: usize, d: u8| {
        let off = Lit {
            cell,
            digit: d,
            on: false,
        };
        if !out.contains(&off) {
            out.push(off);
        }
    };
    match cause {
        Cause::None => {}
        Cause::Cell => {
            for d in (1..=source.side() as u8).filter(|&d| gone(lit.cell, d)) {
                push(lit.cell, d);
            }
        }
        Cause::House(h) => {
            for &cell in source.houses()[h]
                .cells
                .iter()
                .filter(|&&c| gone(c, lit.digit))
            {
                push(cell, lit.digit);
            }
        }
    }
}

/// The deductions of the first of the basic rules (locked candidates,
/// hidden pairs, naked pairs, X-Wings) that makes one on `current`, the
/// grid a chain started on `source` has come to. (The nested chains of
/// level 2 and up are the forcing chains' own.)
pub(super) fn basic_deductions(source: &State, current: &State) -> Vec<Deduction> {
    let gone = |cell: usize, d: u8| taken_out(source, current, cell, d);
    let off = |cell: usize, digit: u8| Lit {
        cell,
        digit,
        on: false,
    };
    let mut out: Vec<Deduction> = Vec::new();
    // Kept where the rule needs something the chain did (else it held
    // before the chain), once (the pass over any two houses meets the
    // locked sets of boxes and lines again).
    fn keep(out: &mut Vec<Deduction>, removed: Vec<(usize, u8)>, parents: Vec<Lit>) {
        let again = |d: &Deduction| d.removed == removed && d.parents == parents;
        if !parents.is_empty() && !removed.is_empty() && !out.iter().any(again) {
            out.push(Deduction {
                removed,
                parents,
                nested: 0,
            });
        }
    }
    // Locked candidates: the digit's places in the first house, gone from
    // its cells outside the second, let it leave the rest of the second.
    // Between any two houses only where there are more than lines and
    // boxes (or regions): else it meets the same locked sets again.
    let any: Kind = |_| true;
    let more = (current.houses().iter()).any(|h| {
        !matches!(
            h.kind,
            HouseKind::Row | HouseKind::Column | HouseKind::Box | HouseKind::Region
        )
    });
    let pairs = if more { &[(any, any)][..] } else { &[] };
    for &(first, second) in EXPLAINER_PAIRS.iter().chain(pairs) {
        locked_sets(current, first, second, |d, _, from, to, _| {
            let removed: Vec<(usize, u8)> = (to.cells.iter())
                .filter(|c| !from.cells.contains(c) && current.mask(**c) & bit(d) != 0)
                .map(|&c| (c, d))
                .collect();
            let parents = (from.cells.iter())
                .filter(|c| !to.cells.contains(c) && gone(**c, d))
                .map(|&c| off(c, d))
                .collect();
            keep(&mut out, removed, parents);
            None
        });
    }
    if !out.is_empty() {
        return out;
    }
    subsets::hidden_sets(current, 2, |house, digits, cells, removed| {
        let parents = (house.cells.iter().filter(|c| !cells.contains(c)))
            .flat_map(|&c| {
                digits
                    .iter()
                    .filter(move |&&d| source.mask(c) & bit(d) != 0)
                    .map(move |&d| off(c, d))
            })
            .collect();
        keep(&mut out, removed, parents);
        false
    });
    if !out.is_empty() {
        return out;
    }
    subsets::naked_sets(current, 2, |_, cells, union, removed| {
        let parents = (cells.iter())
            .flat_map(|&c| {
                (1..=source.side() as u8)
                    .filter(move |&d| union & bit(d) == 0 && source.mask(c) & bit(d) != 0)
                    .map(move |d| off(c, d))
            })
            .collect();
        keep(&mut out, removed, parents);
        false
    });
    if !out.is_empty() {
        return out;
    }
    fish::fishes(current, 2, |found| {
        let d = found.digit;
        let (base, cover) = fish::line_houses(current, found.by_rows, found.lines, &found.covered);
        let in_cover = |c: usize| {
            cover
                .iter()
                .any(|&h| current.houses()[h].cells.contains(&c))
        };
        let parents = (base.iter())
            .flat_map(|&h| current.houses()[h].cells.iter().copied())
            .filter(|&c| !in_cover(c) && gone(c, d))
            .map(|c| off(c, d))
            .collect();
        let removed = found.gone.iter().map(|&c| (c, d)).collect();
        keep(&mut out, removed, parents);
        false
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::state::{empty_classic_keeping, empty_classic_without};

    fn off(cell: usize, digit: u8) -> Lit {
        Lit {
            cell,
            digit,
            on: false,
        }
    }

    #[test]
    fn a_rule_made_by_the_chain_needs_what_the_chain_took_out() {
        // The chain took 1 out of r1c4-r1c9: 1 in row 1 is locked in box
        // 1 (claiming), so it leaves the rest of box 1, because of those
        // six.
        let source = empty_classic_keeping(&[]);
        let current = empty_classic_without((3..9).map(|c| (c, 1)));
        let found = basic_deductions(&source, &current);
        assert_eq!(found.len(), 1, "{found:?}");
        let removed: Vec<usize> = found[0].removed.iter().map(|&(c, _)| c).collect();
        assert_eq!(removed, [9, 10, 11, 18, 19, 20]);
        assert!(found[0].removed.iter().all(|&(_, d)| d == 1));
        let parents: Vec<Lit> = (3..9).map(|c| off(c, 1)).collect();
        assert_eq!(found[0].parents, parents);
        assert_eq!(found[0].nested, 0);
        // What held before the chain is no rule of the chain's: the same
        // grid as its start gives nothing.
        assert!(basic_deductions(&current, &current).is_empty());
    }

    #[test]
    fn a_single_needs_the_candidates_gone_from_its_cell_or_house() {
        let source = empty_classic_keeping(&[]);
        // r1c1 left with 5 alone.
        let current = empty_classic_keeping(&[(0, &[5])]);
        let lit = Lit {
            cell: 0,
            digit: 5,
            on: true,
        };
        let mut out = Vec::new();
        cause_parents(&source, &current, lit, Cause::Cell, &mut out);
        let expected: Vec<Lit> = [1, 2, 3, 4, 6, 7, 8, 9].map(|d| off(0, d)).to_vec();
        assert_eq!(out, expected);
        // 5 with one place left in row 1 (house 0 is row 1).
        let current = empty_classic_without((1..9).map(|c| (c, 5)));
        assert_eq!(source.houses()[0].name, "row 1");
        out.clear();
        cause_parents(&source, &current, lit, Cause::House(0), &mut out);
        let expected: Vec<Lit> = (1..9).map(|c| off(c, 5)).collect();
        assert_eq!(out, expected);
        out.clear();
        cause_parents(&source, &current, lit, Cause::None, &mut out);
        assert!(out.is_empty());
    }
}
