//! `D`: closest to the centre.

use crate::heuristics::{SelectionContext, VariableSelector};
use crate::{Model, VarId};

/// Cell heuristic `D`: closest to the centre. Score:
/// `round(100 * distance(position, centre))`, where the centre is the
/// centroid of all positions (`((N-1)/2, (N-1)/2)` on an `N`x`N` grid).
/// Computed once per model.
#[derive(Clone, Debug)]
pub struct ClosestToCentre {
    scores: Vec<i64>,
    /// The variables of each score (a class), as bitsets of
    /// [`ClosestToCentre::stride`] blocks of 64, classes by increasing
    /// score: the best open variables are those of the first class with
    /// an open one, a few word operations per class (15 classes on a 9x9
    /// grid) instead of a walk through the variables in score order.
    classes: Vec<u64>,
    stride: usize,
}

impl ClosestToCentre {
    /// Scores for `model`'s variables (0 for all if it has no positions).
    pub fn new(model: &Model) -> ClosestToCentre {
        let scores: Vec<i64> = match model.centre() {
            Some([cr, cc]) => model
                .vars()
                .map(|v| {
                    let [r, c] = model.position(v).expect("model has positions");
                    (100.0 * ((r - cr).powi(2) + (c - cc).powi(2)).sqrt()).round() as i64
                })
                .collect(),
            None => vec![0; model.num_vars()],
        };
        let mut distinct = scores.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let stride = model.num_vars().div_ceil(64).max(1);
        let mut classes = vec![0u64; distinct.len() * stride];
        for (i, score) in scores.iter().enumerate() {
            let class = distinct.binary_search(score).expect("a score of the list");
            classes[class * stride + i / 64] |= 1 << (i % 64);
        }
        ClosestToCentre {
            scores,
            classes,
            stride,
        }
    }
}

impl VariableSelector for ClosestToCentre {
    #[inline]
    fn score(&mut self, _ctx: &SelectionContext<'_>, var: VarId) -> i64 {
        self.scores[var.index()]
    }

    /// The scores never change: the best are the open variables of the
    /// first class that has one, in index order.
    #[inline]
    fn best(&mut self, ctx: &SelectionContext<'_>, out: &mut Vec<VarId>, first_only: bool) {
        let open = ctx.store().open_blocks();
        // The first class with an open variable; unrolled for the usual
        // one or two blocks.
        let first = match (self.stride, open) {
            (1, &[o]) => first_with_open(&self.classes, &[o]),
            (2, &[o0, o1]) => first_with_open(&self.classes, &[o0, o1]),
            _ => (self.classes.chunks_exact(self.stride))
                .find(|class| class.iter().zip(open).any(|(m, o)| m & o != 0)),
        };
        let Some(class) = first else {
            return;
        };
        for (b, (&members, &o)) in class.iter().zip(open).enumerate() {
            let mut left = members & o;
            while left != 0 {
                out.push(VarId(b as u32 * 64 + left.trailing_zeros()));
                if first_only {
                    return;
                }
                left &= left - 1;
            }
        }
    }
}

/// The first class of `S` blocks in `classes` that shares a variable with
/// `open` (`S` blocks).
#[inline(always)]
fn first_with_open<'c, const S: usize>(classes: &'c [u64], open: &[u64; S]) -> Option<&'c [u64]> {
    (classes.chunks_exact(S)).find(|class| (0..S).fold(0, |any, b| any | (class[b] & open[b])) != 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::variable_selection::test_support::{best_agrees_with_scores, scores};
    use crate::testing::latin3;

    #[test]
    fn hand_checked_scores() {
        // Centre (1,1): x1 at (0,1) is 1 away, corners sqrt(2).
        let (model, _) = latin3();
        let d = ClosestToCentre::new(&model);
        assert_eq!(scores(d, &[1, 2, 4, 8]), vec![100, 141, 0, 141]);
        best_agrees_with_scores(ClosestToCentre::new);
    }

    /// On 4x4, 9x9 and 16x16 grids (one, two and four blocks of 64
    /// variables), filled cell by cell in a scattered order from the
    /// centre: the best open cells are those a scan of the scores finds,
    /// at every step.
    #[test]
    fn best_agrees_with_a_scan_across_blocks() {
        use crate::{DomainStore, ModelBuilder, ValueSet};
        for (n, classes) in [(4, 3), (9, 15), (16, 0)] {
            let cells = n * n;
            let mut b = ModelBuilder::new();
            let v = b.new_vars(cells, ValueSet::range(n as u32));
            for (i, &x) in v.iter().enumerate() {
                b.set_position(x, (i / n) as f64, (i % n) as f64);
            }
            let model = b.build();
            let mut d = ClosestToCentre::new(&model);
            if classes > 0 {
                assert_eq!(d.classes.len(), classes * cells.div_ceil(64));
            }
            // A step coprime with the number of cells visits each once:
            // a scattered order from the centre, then reading order
            // (which empties the first block while the last is full).
            let step = (1..cells)
                .rev()
                .find(|s| gcd(*s, cells) == 1 && *s < cells / 2)
                .unwrap();
            let scattered: Vec<usize> =
                (0..cells).map(|k| (cells / 2 + step * k) % cells).collect();
            let reading: Vec<usize> = (0..cells).collect();
            for order in [scattered, reading] {
                let mut store = DomainStore::new(model.initial_domains());
                for &cell in &order {
                    let ctx = SelectionContext::new(&model, &store);
                    let open: Vec<VarId> = ctx.unassigned_vars().collect();
                    let least = open.iter().map(|&v| d.scores[v.index()]).min();
                    let best: Vec<VarId> = (open.iter().copied())
                        .filter(|v| Some(d.scores[v.index()]) == least)
                        .collect();
                    let mut all = Vec::new();
                    d.best(&ctx, &mut all, false);
                    assert_eq!(all, best, "{n}x{n}, before {cell}");
                    let mut first = Vec::new();
                    d.best(&ctx, &mut first, true);
                    assert_eq!(first, best[..1]);
                    store.assign(VarId(cell as u32), 0);
                }
                let ctx = SelectionContext::new(&model, &store);
                let mut none = Vec::new();
                d.best(&ctx, &mut none, false);
                assert!(none.is_empty());
            }
        }
    }

    fn gcd(a: usize, b: usize) -> usize {
        if b == 0 { a } else { gcd(b, a % b) }
    }
}
