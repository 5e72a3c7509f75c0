//! Per-variable sums over what the other variables contribute (one per
//! open neighbour, an open neighbour's candidates, a filled variable's
//! distance), kept up to date between selections: instead of summing over
//! the neighbours of every open variable at every node, a selection
//! compares each variable's contribution with the one it last saw and
//! spreads only the differences. The sums are exact integers, so they equal
//! the sums from scratch.

use crate::heuristics::SelectionContext;
use crate::{Model, VarId};

/// What each variable contributes to the sums, and to which variables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Contribution {
    /// 1 to each related variable while it is unassigned (`G`, `H`).
    OpenNeighbour,
    /// Its domain size to each related variable while it is unassigned
    /// (`K`, `L`).
    OpenNeighbourCandidates,
    /// Once assigned, its distance (in millionths) to every variable
    /// (`I`, `J`; nothing if the model has no positions).
    FilledDistance,
}

/// `sums[v] = Σ_u weight(v, u) · contribution(u)` for one kind of
/// [`Contribution`], over the variables of one model, brought up to date by
/// [`TrackedSums::sync`].
#[derive(Clone, Debug)]
pub(crate) struct TrackedSums {
    kind: Contribution,
    /// What each variable contributed when the sums were last brought up
    /// to date.
    seen: Vec<i64>,
    sums: Vec<i64>,
}

impl TrackedSums {
    /// Sums of `kind` over the variables of `model`, all zero (allocated
    /// now, not during the search).
    pub(crate) fn new(model: &Model, kind: Contribution) -> TrackedSums {
        let n = model.num_vars();
        TrackedSums {
            kind,
            seen: vec![0; n],
            sums: vec![0; n],
        }
    }

    /// Brings the sums up to date with the state of `ctx` (over the model
    /// they were made for).
    #[inline]
    pub(crate) fn sync(&mut self, ctx: &SelectionContext<'_>) {
        let model = ctx.model();
        let open = |v| !ctx.is_assigned(v);
        let to_neighbours = |var, delta, sums: &mut [i64]| {
            for &w in model.neighbours(var) {
                sums[w.index()] += delta;
            }
        };
        match self.kind {
            Contribution::OpenNeighbour => {
                self.catch_up(|v| i64::from(open(v)), to_neighbours);
            }
            Contribution::OpenNeighbourCandidates => {
                let size = |v| i64::from(open(v)) * i64::from(ctx.size(v));
                self.catch_up(size, to_neighbours);
            }
            Contribution::FilledDistance => {
                self.catch_up(
                    |v| i64::from(!open(v)),
                    |var, delta, sums| {
                        let row = model.distances_from(var).unwrap_or(&[]);
                        for (sum, &d) in sums.iter_mut().zip(row) {
                            *sum += delta * i64::from(d);
                        }
                    },
                );
            }
        }
    }

    /// Spreads the change of each variable's `contribution` since the last
    /// call: `spread(u, delta, sums)` adds `delta` times the weights of `u`.
    #[inline]
    fn catch_up(
        &mut self,
        contribution: impl Fn(VarId) -> i64,
        mut spread: impl FnMut(VarId, i64, &mut [i64]),
    ) {
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DomainStore;
    use crate::testing::latin3;

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
        let mut sums = TrackedSums::new(&model, Contribution::OpenNeighbourCandidates);
        let mut check = |store: &DomainStore| {
            sums.sync(&SelectionContext::new(&model, store));
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
