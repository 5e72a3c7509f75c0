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

use super::state::removals;
use super::{State, Step, Technique, cells_text, removals_text};

/// The first aligned exclusion of `degree` cells (2 or 3) that removes
/// something.
pub(super) fn find(state: &State, degree: usize) -> Option<Step> {
    let open = |c: usize| state.digit(c) == 0;
    let words = state.cell_words();
    // The candidate cells, their excluders (as sets of cells, `words`
    // words each), and all of them as a set.
    let mut cells: Vec<usize> = Vec::new();
    let mut excluders: Vec<u64> = Vec::new();
    let mut candidate = vec![0u64; words];
    for cell in (0..state.cells()).filter(|&c| open(c) && state.mask(c).count_ones() >= 2) {
        let seen = state.peers(cell);
        if seen
            .iter()
            .any(|&c| open(c) && state.mask(c).count_ones() == 1)
        {
            continue;
        }
        let start = excluders.len();
        excluders.resize(start + words, 0);
        for &c in seen {
            if open(c) && (2..=degree as u32).contains(&state.mask(c).count_ones()) {
                excluders[start + c / 64] |= 1 << (c % 64);
            }
        }
        if excluders[start..].iter().all(|&w| w == 0) {
            excluders.truncate(start);
            continue;
        }
        cells.push(cell);
        candidate[cell / 64] |= 1 << (cell % 64);
    }
    let of = |k: usize| &excluders[k * words..(k + 1) * words];
    // Each candidate cell's place in `cells`.
    let mut index_of = vec![usize::MAX; state.cells()];
    for (k, &c) in cells.iter().enumerate() {
        index_of[c] = k;
    }
    // Room kept from set to set: the excluders the cells share, the third
    // cells of a triplet, the excluders as a list.
    let mut pair_common = vec![0u64; words];
    let mut common = vec![0u64; words];
    let mut tails: Vec<usize> = Vec::new();
    let mut listed: Vec<usize> = Vec::new();
    let mut room: Vec<u64> = Vec::new();
    // Pairs of candidate cells, by the later one, then the earlier.
    for j in 1..cells.len() {
        for i in 0..j {
            for (w, slot) in pair_common.iter_mut().enumerate() {
                *slot = of(i)[w] & of(j)[w];
            }
            // A triplet's excluders are among the pair's: fewer than two,
            // no set of these two has enough.
            if count(&pair_common) < 2 {
                continue;
            }
            if degree == 2 {
                members_into(&pair_common, &mut listed);
                if let Some(step) = exclusion(state, &[cells[i], cells[j]], &listed, &mut room) {
                    return Some(step);
                }
                continue;
            }
            // The third cells: candidate cells among the excluders of the
            // first, then of the second.
            tails.clear();
            let (first, second) = (of(i), of(j));
            for w in 0..words {
                let bits = first[w] & candidate[w];
                tails.extend(bits_of(bits).map(|b| 64 * w + b));
            }
            for w in 0..words {
                let bits = second[w] & !first[w] & candidate[w];
                tails.extend(bits_of(bits).map(|b| 64 * w + b));
            }
            for &t in &tails {
                if t == cells[i] || t == cells[j] {
                    continue;
                }
                let third = of(index_of[t]);
                for (w, slot) in common.iter_mut().enumerate() {
                    *slot = pair_common[w] & third[w];
                }
                if count(&common) < 2 {
                    continue;
                }
                members_into(&common, &mut listed);
                if let Some(step) = exclusion(state, &[cells[i], cells[j], t], &listed, &mut room) {
                    return Some(step);
                }
            }
        }
    }
    None
}

/// How many cells a set holds.
fn count(set: &[u64]) -> u32 {
    set.iter().map(|w| w.count_ones()).sum()
}

/// The positions of the bits of `word`, lowest first.
fn bits_of(mut word: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (word != 0).then(|| {
            let b = word.trailing_zeros() as usize;
            word &= word - 1;
            b
        })
    })
}

/// The cells of a set, in order, into `out`.
fn members_into(set: &[u64], out: &mut Vec<usize>) {
    out.clear();
    for (w, &word) in set.iter().enumerate() {
        out.extend(bits_of(word).map(|b| 64 * w + b));
    }
}

/// The step of the aligned cells `set` with the `common` excluders, if a
/// candidate goes; `room` holds the excluders' candidates.
fn exclusion(state: &State, set: &[usize], common: &[usize], room: &mut Vec<u64>) -> Option<Step> {
    room.clear();
    room.extend(common.iter().map(|&c| state.mask(c)));
    let mut ways = Ways {
        masks: [0; 3],
        sees: [[false; 3]; 3],
        excluders: room,
        picked: [0; 3],
        used: [0; 3],
        n: set.len(),
    };
    for (k, &c) in set.iter().enumerate() {
        ways.masks[k] = state.mask(c);
        for (l, &o) in set.iter().enumerate() {
            ways.sees[k][l] = state.sees(c, o);
        }
    }
    // Every candidate used by a way that remains: nothing goes.
    if ways.fill(0) {
        return None;
    }
    let used = ways.used;
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

/// The ways of filling two or three cells, and the candidates those that
/// remain use.
struct Ways<'a> {
    /// Each cell's candidates.
    masks: [u64; 3],
    /// Which of them see each other.
    sees: [[bool; 3]; 3],
    /// The candidates of the cells that see them all.
    excluders: &'a [u64],
    /// The digit (as a bit) of each cell in the way being filled.
    picked: [u64; 3],
    /// The digits the remaining ways give each cell.
    used: [u64; 3],
    /// How many cells.
    n: usize,
}

impl Ways<'_> {
    /// Fills cells `k..` every way, keeping in `used` the digits of the
    /// ways that remain (no two cells that see each other alike, no
    /// excluder left without a candidate); true as soon as every
    /// candidate is used.
    fn fill(&mut self, k: usize) -> bool {
        let n = self.n;
        if k == n {
            let taken = self.picked[..n].iter().fold(0, |m, &b| m | b);
            if self.excluders.iter().any(|&e| e & !taken == 0) {
                return false;
            }
            for i in 0..n {
                self.used[i] |= self.picked[i];
            }
            return self.used[..n] == self.masks[..n];
        }
        let mut rest = self.masks[k];
        while rest != 0 {
            let b = rest & rest.wrapping_neg();
            rest &= rest - 1;
            if (0..k).any(|a| self.picked[a] == b && self.sees[a][k]) {
                continue;
            }
            self.picked[k] = b;
            if self.fill(k + 1) {
                return true;
            }
        }
        false
    }
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
