//! Per-variable sums over what the other variables contribute (their
//! distance once filled, one per open neighbour, an open neighbour's
//! candidates), kept up to date between selections: instead of summing
//! over the neighbours of every open variable at every node, a selection
//! compares each variable's contribution with the one it last saw and
//! spreads only the differences. The sums are exact integers, so they equal
//! the sums from scratch.

use crate::VarId;
use crate::heuristics::SelectionContext;

/// `sums[v] = Σ_u weight(v, u) · contribution(u)`, for a contribution and
/// weights of the caller's choosing, brought up to date by
/// [`TrackedSums::sync`].
#[derive(Clone, Debug, Default)]
pub(crate) struct TrackedSums {
    /// What each variable contributed when the sums were last brought up
    /// to date.
    seen: Vec<i64>,
    sums: Vec<i64>,
}

impl TrackedSums {
    /// Sums over `num_vars` variables, all zero (allocated now, not during
    /// the search).
    pub(crate) fn new(num_vars: usize) -> TrackedSums {
        TrackedSums {
            seen: vec![0; num_vars],
            sums: vec![0; num_vars],
        }
    }

    /// Brings the sums up to date with `contribution`, where
    /// `spread(u, delta, sums)` adds `delta` times the weights of `u` to
    /// `sums`.
    #[inline]
    pub(crate) fn sync(
        &mut self,
        ctx: &SelectionContext<'_>,
        contribution: impl Fn(VarId) -> i64,
        mut spread: impl FnMut(VarId, i64, &mut [i64]),
    ) {
        let n = ctx.num_vars();
        if self.seen.len() != n {
            *self = TrackedSums::new(n);
        }
        for (u, seen) in self.seen.iter_mut().enumerate() {
            let var = VarId(u as u32);
            let now = contribution(var);
            if now != *seen {
                spread(var, now - *seen, &mut self.sums);
                *seen = now;
            }
        }
    }

    /// The sum of `var`, as of the last [`TrackedSums::sync`].
    #[inline]
    pub(crate) fn get(&self, var: VarId) -> i64 {
        self.sums[var.index()]
    }

    /// Spreads `delta` over the variables related to `var`
    /// ([`Model::neighbours`](crate::Model::neighbours)), weight 1 each.
    #[inline]
    pub(crate) fn to_neighbours<'a>(
        ctx: &SelectionContext<'a>,
    ) -> impl FnMut(VarId, i64, &mut [i64]) + 'a {
        let model = ctx.model();
        move |var, delta, sums| {
            for &w in model.neighbours(var) {
                sums[w.index()] += delta;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::latin3;
    use crate::{DomainStore, Model};

    /// Each open variable's open neighbours' candidates, from scratch.
    fn from_scratch(model: &Model, store: &DomainStore) -> Vec<i64> {
        let ctx = SelectionContext::new(model, store);
        (model.vars())
            .map(|v| {
                ctx.empty_neighbours(v)
                    .map(|n| i64::from(ctx.size(n)))
                    .sum()
            })
            .collect()
    }

    #[test]
    fn sums_follow_removals_assignments_and_restores() {
        let (model, mut store) = latin3();
        let mut sums = TrackedSums::default();
        let mut check = |store: &DomainStore| {
            let ctx = SelectionContext::new(&model, store);
            let size = |v| i64::from(!ctx.is_assigned(v)) * i64::from(ctx.size(v));
            sums.sync(&ctx, size, TrackedSums::to_neighbours(&ctx));
            let tracked: Vec<i64> = model.vars().map(|v| sums.get(v)).collect();
            assert_eq!(tracked, from_scratch(&model, store));
        };
        check(&store);
        store.checkpoint();
        let open = (model.vars()).find(|&v| !store.is_assigned(v)).unwrap();
        let value = store.domain(open).min().unwrap();
        store.assign(open, value);
        check(&store);
        let other = (model.vars())
            .find(|&v| !store.is_assigned(v) && store.size(v) > 1)
            .unwrap();
        store.remove(other, store.domain(other).min().unwrap());
        check(&store);
        store.restore();
        check(&store);
    }
}
