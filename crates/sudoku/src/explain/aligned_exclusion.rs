//! Aligned exclusion, as Sudoku Explainer finds it: for two cells (a
//! pair, 6.2) or three (a triplet, 7.5), every way of filling them with
//! their candidates is tried; a way is excluded when two of them that see
//! each other take the same digit, or when a cell that sees them all (an
//! *excluder*, with two candidates for a pair, two or three for a
//! triplet) would have none left. A candidate that no remaining way uses
//! goes.
//!
//! The cells: any two cells with two candidates or more, no cell with a
//! single candidate among the cells they see, and some excluders; for a
//! triplet, a third cell among the excluders of the first two. They need
//! at least two excluders in common.

use super::state::{bit, digits_of, removals};
use super::subsets::combinations;
use super::{State, Step, Technique, cells_text, removals_text};

/// The first aligned exclusion of `degree` cells (2 or 3) that removes
/// something.
pub(super) fn find(state: &State, degree: usize) -> Option<Step> {
    let open = |c: usize| state.digit(c) == 0;
    // The candidate cells and their excluders.
    let mut cells: Vec<usize> = Vec::new();
    let mut excluders: Vec<Vec<usize>> = Vec::new();
    for cell in (0..state.cells()).filter(|&c| open(c) && state.mask(c).count_ones() >= 2) {
        let seen = state.peers(cell);
        if seen
            .iter()
            .any(|&c| open(c) && state.mask(c).count_ones() == 1)
        {
            continue;
        }
        let of: Vec<usize> = (seen.iter().copied())
            .filter(|&c| open(c) && (2..=degree as u32).contains(&state.mask(c).count_ones()))
            .collect();
        if !of.is_empty() {
            cells.push(cell);
            excluders.push(of);
        }
    }
    // Each candidate cell's place in `cells`.
    let mut index_of = vec![usize::MAX; state.cells()];
    for (k, &c) in cells.iter().enumerate() {
        index_of[c] = k;
    }
    // Pairs of candidate cells, by the later one, then the earlier.
    for j in 1..cells.len() {
        for i in 0..j {
            let tails: Vec<usize> = if degree == 2 {
                vec![usize::MAX]
            } else {
                let mut area: Vec<usize> = Vec::new();
                for &c in excluders[i].iter().chain(&excluders[j]) {
                    if !area.contains(&c)
                        && c != cells[i]
                        && c != cells[j]
                        && index_of[c] != usize::MAX
                    {
                        area.push(c);
                    }
                }
                area
            };
            let mut found = None;
            let mut try_set = |set: &[usize]| {
                // Excluders are peers, in order: found by halves.
                let of = |c: usize| &excluders[index_of[c]];
                let common: Vec<usize> = (of(set[0]).iter().copied())
                    .filter(|c| set[1..].iter().all(|&s| of(s).binary_search(c).is_ok()))
                    .collect();
                if common.len() < 2 {
                    return false;
                }
                found = exclusion(state, set, &common);
                found.is_some()
            };
            if degree == 2 {
                try_set(&[cells[i], cells[j]]);
            } else {
                combinations(&tails, degree - 2, &mut |tail| {
                    let mut set = vec![cells[i], cells[j]];
                    set.extend_from_slice(tail);
                    try_set(&set)
                });
            }
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// The step of the aligned cells `set` with the `common` excluders, if a
/// candidate goes.
fn exclusion(state: &State, set: &[usize], common: &[usize]) -> Option<Step> {
    let options: Vec<Vec<u8>> = set.iter().map(|&c| digits_of(state.mask(c))).collect();
    let mut used: Vec<u64> = vec![0; set.len()];
    let mut pick = vec![0usize; set.len()];
    let mut way = [0u8; 3];
    loop {
        for k in 0..set.len() {
            way[k] = options[k][pick[k]];
        }
        let digits = &way[..set.len()];
        let clash = (0..set.len()).any(|a| {
            (a + 1..set.len()).any(|b| digits[a] == digits[b] && state.sees(set[a], set[b]))
        });
        let taken = digits.iter().fold(0, |m, &d| m | bit(d));
        let locked = common.iter().any(|&c| state.mask(c) & !taken == 0);
        if !clash && !locked {
            for (k, &d) in digits.iter().enumerate() {
                used[k] |= bit(d);
            }
        }
        // The next way.
        let mut k = 0;
        while k < set.len() {
            pick[k] += 1;
            if pick[k] < options[k].len() {
                break;
            }
            pick[k] = 0;
            k += 1;
        }
        if k == set.len() {
            break;
        }
    }
    let used_in = |c: usize| used[set.iter().position(|&s| s == c).unwrap_or(0)];
    let removed = removals(set.iter().copied(), |c| state.mask(c) & !used_in(c));
    if removed.is_empty() {
        return None;
    }
    let side = state.side();
    let technique = Technique::AlignedExclusion(set.len() as u8);
    let why = format!(
        "of the ways to fill {}, those where two of them that see each other repeat a digit, or where {} would be left without a candidate, are impossible; what no other way uses goes: {}",
        cells_text(set, side),
        match common {
            [one] => cells_text(&[*one], side),
            many => format!("one of {}", cells_text(many, side)),
        },
        removals_text(&removed, side)
    );
    let cells: Vec<usize> = set.iter().chain(common).copied().collect();
    Some(Step {
        technique,
        placed: Vec::new(),
        removed,
        why,
        pattern: super::Pattern::all_in(state, &cells),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::state::empty_classic_keeping as keeping;

    #[test]
    fn a_pair_whose_ways_empty_an_excluder_loses_a_candidate() {
        // r1c1 {1, 2}, r1c2 {1, 3}; excluders seeing both: r1c3 {1, 2},
        // r2c1 {1, 3}... r1c1 = 1 would empty... the ways (2, 1) and
        // (2, 3) and (1, 3) remain or go by the excluders r1c3 {2, 3} and
        // r2c2 {1, 3}: (1, 3) empties r2c2, (2, 3) empties r1c3; so r1c1
        // and r1c2 are 2 and 1: r1c1 loses 1, r1c2 loses 3.
        let state = keeping(&[(0, &[1, 2][..]), (1, &[1, 3]), (2, &[2, 3]), (10, &[1, 3])]);
        let step = find(&state, 2).unwrap();
        assert_eq!(step.technique.name(), "Aligned Pair Exclusion");
        assert!(step.removed.contains(&(0, 1)), "{:?}", step.removed);
    }
}
