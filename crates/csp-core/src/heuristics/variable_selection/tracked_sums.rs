//! Per-variable sums over what the variables contribute (one per open
//! neighbour, the candidates of an open neighbour or of the variable
//! itself, a filled variable's distance), kept up to date between
//! selections: instead of summing over the neighbours of every open
//! variable at every node, a selection finds the variables whose
//! (assigned, domain size) changed since the last one, from the store's
//! size buckets (or, for contributions that follow from being assigned
//! alone, from its open set), and spreads only the differences of their
//! contributions.
//! The sums are exact integers, so they equal the sums from scratch.

use std::marker::PhantomData;

use crate::heuristics::{SelectionContext, VariableSelector};
use crate::{Model, VarId};

/// What each variable contributes to the sums, and to which variables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contribution {
    /// 1 to each related variable while it is unassigned (`G`, `H`).
    OpenNeighbour,
    /// Its domain size to itself and to each related variable while it
    /// is unassigned (`K`, `L`: the candidates of its neighbourhood).
    OpenNeighbourhoodCandidates,
    /// Once assigned, its distance (in millionths) to every variable
    /// (`I`, `J`; nothing if the model has no positions).
    FilledDistance,
}

impl Contribution {
    /// Whether a variable's contribution depends on its domain size too,
    /// not only on its being assigned: which of the store's words
    /// [`TrackedSums`] diffs to find the variables that changed.
    fn follows_sizes(self) -> bool {
        match self {
            Contribution::OpenNeighbourhoodCandidates => true,
            Contribution::OpenNeighbour | Contribution::FilledDistance => false,
        }
    }
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
    /// The store's words that a contribution follows from, when the sums
    /// were last brought up to date: its
    /// [`bucket_words`](crate::DomainStore::bucket_words) where the
    /// contribution is a function of (assigned, domain size), its
    /// [`open_blocks`](crate::DomainStore::open_blocks) where it depends on
    /// being assigned alone (`G`-`J`: two words on a 9x9 grid, not twenty).
    /// Only the variables whose bit differs since can have changed theirs.
    seen_words: Vec<u64>,
    /// Whether `seen` and `seen_words` describe one state (not before
    /// the first sync).
    synced: bool,
}

impl TrackedSums {
    /// Sums of `kind` over the variables of `model`, all zero (allocated
    /// now, not during the search).
    pub(crate) fn new(model: &Model, kind: Contribution) -> TrackedSums {
        let n = model.num_vars();
        let largest = (model.initial_domains().iter())
            .map(|d| d.len() as usize)
            .max();
        let stride = n.div_ceil(64).max(1);
        let words = if kind.follows_sizes() {
            (largest.unwrap_or(0) + 1) * stride
        } else {
            stride
        };
        TrackedSums {
            kind,
            seen: vec![0; n],
            sums: vec![0; n],
            seen_words: vec![0; words],
            synced: false,
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
                self.catch_up(ctx, |v| i64::from(open(v)), to_neighbours);
            }
            Contribution::OpenNeighbourhoodCandidates => {
                let size = |v| i64::from(open(v)) * i64::from(ctx.size(v));
                self.catch_up(ctx, size, |var: VarId, delta, sums: &mut [i64]| {
                    sums[var.index()] += delta;
                    to_neighbours(var, delta, sums);
                });
            }
            Contribution::FilledDistance => {
                self.catch_up(
                    ctx,
                    |v| i64::from(!open(v)),
                    |var, delta, sums| {
                        let row = model.distances_from(var).unwrap_or(&[]);
                        let pairs = sums.iter_mut().zip(row);
                        // Filling or emptying: ±1, as word-wide adds.
                        match delta {
                            1 => pairs.for_each(|(sum, &d)| *sum += i64::from(d)),
                            -1 => pairs.for_each(|(sum, &d)| *sum -= i64::from(d)),
                            _ => pairs.for_each(|(sum, &d)| *sum += delta * i64::from(d)),
                        }
                    },
                );
            }
        }
    }

    /// Spreads the change of each variable's `contribution` since the last
    /// call: `spread(u, delta, sums)` adds `delta` times the weights of `u`.
    /// Looks only at the variables whose bit changed in the store's words
    /// it follows, when they are laid out as expected and a state was seen.
    #[inline]
    fn catch_up(
        &mut self,
        ctx: &SelectionContext<'_>,
        contribution: impl Fn(VarId) -> i64,
        mut spread: impl FnMut(VarId, i64, &mut [i64]),
    ) {
        let mut update = |var: VarId, seen: &mut i64, sums: &mut [i64]| {
            let now = contribution(var);
            if now != *seen {
                spread(var, now - *seen, sums);
                *seen = now;
            }
        };
        let store = ctx.store();
        let words = if self.kind.follows_sizes() {
            store.bucket_words()
        } else {
            store.open_blocks()
        };
        let stride = store.bucket_stride();
        // The store and `new` lay the words out alike (the stride follows
        // from the number of variables) unless the store's largest domain
        // differs from the model's.
        let expected = words.len() == self.seen_words.len();
        if !self.synced || !expected {
            for (u, seen) in self.seen.iter_mut().enumerate() {
                update(VarId(u as u32), seen, &mut self.sums);
            }
            if expected {
                self.seen_words.copy_from_slice(words);
                self.synced = true;
            }
            return;
        }
        for b in 0..stride {
            let mut changed = 0;
            for k in (b..words.len()).step_by(stride) {
                changed |= words[k] ^ self.seen_words[k];
                self.seen_words[k] = words[k];
            }
            while changed != 0 {
                let u = b * 64 + changed.trailing_zeros() as usize;
                changed &= changed - 1;
                update(VarId(u as u32), &mut self.seen[u], &mut self.sums);
            }
        }
    }

    /// The sum of `var`, as of the last [`TrackedSums::sync`].
    #[inline]
    pub(crate) fn get(&self, var: VarId) -> i64 {
        self.sums[var.index()]
    }
}

/// What a cell heuristic over tracked sums is: the sums it keeps and
/// its score of a variable from its sum. `G`-`L` differ by this alone.
pub trait SumScore: Clone + std::fmt::Debug + Send + Sync + 'static {
    /// What each variable contributes to the sums.
    const CONTRIBUTION: Contribution;

    /// The score of a variable whose sum is `sum`.
    fn score(sum: i64) -> i64;
}

/// A cell heuristic that scores each variable from its sum, kept up to
/// date between selections ([`SumScore`] says which sum and how).
#[derive(Clone, Debug)]
pub struct SumSelector<S> {
    sums: TrackedSums,
    score: PhantomData<S>,
}

impl<S: SumScore> SumSelector<S> {
    /// For the variables of `model`.
    pub fn new(model: &Model) -> SumSelector<S> {
        SumSelector {
            sums: TrackedSums::new(model, S::CONTRIBUTION),
            score: PhantomData,
        }
    }
}

impl<S: SumScore> VariableSelector for SumSelector<S> {
    #[inline]
    fn prepare(&mut self, ctx: &SelectionContext<'_>) {
        self.sums.sync(ctx);
    }

    #[inline]
    fn score(&mut self, _ctx: &SelectionContext<'_>, var: VarId) -> i64 {
        S::score(self.sums.get(var))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::DomainStore;
    use crate::testing::latin3;

    /// The sums of `kind`, from scratch.
    fn from_scratch(model: &Model, store: &DomainStore, kind: Contribution) -> Vec<i64> {
        let ctx = SelectionContext::new(model, store);
        let filled: Vec<VarId> = ctx.assigned_vars().collect();
        (model.vars())
            .map(|v| match kind {
                Contribution::OpenNeighbour => ctx.empty_neighbours(v).count() as i64,
                Contribution::OpenNeighbourhoodCandidates => {
                    let own = i64::from(!ctx.is_assigned(v)) * i64::from(ctx.size(v));
                    own + (ctx.empty_neighbours(v).map(|n| i64::from(ctx.size(n)))).sum::<i64>()
                }
                Contribution::FilledDistance => (filled.iter())
                    .map(|&f| i64::from(model.distance_micros(v, f).unwrap()))
                    .sum(),
            })
            .collect()
    }

    /// From a state with filled variables (before the first sync), through
    /// assignments, removals and nested restores: the tracked sums equal
    /// the sums from scratch at every look, for each kind.
    #[test]
    fn sums_follow_removals_assignments_and_restores() {
        use Contribution::*;
        for kind in [OpenNeighbour, OpenNeighbourhoodCandidates, FilledDistance] {
            let (model, mut store) = latin3();
            assert!(store.assigned_count() > 0);
            let mut sums = TrackedSums::new(&model, kind);
            let mut check = |store: &DomainStore| {
                sums.sync(&SelectionContext::new(&model, store));
                let tracked: Vec<i64> = model.vars().map(|v| sums.get(v)).collect();
                assert_eq!(tracked, from_scratch(&model, store, kind), "{kind:?}");
            };
            check(&store);
            for _ in 0..2 {
                store.checkpoint();
                let open = (model.vars()).find(|&v| !store.is_assigned(v)).unwrap();
                store.assign(open, store.domain(open).min().unwrap());
                check(&store);
                let other = (model.vars())
                    .find(|&v| !store.is_assigned(v) && store.size(v) > 1)
                    .unwrap();
                store.remove(other, store.domain(other).min().unwrap());
                check(&store);
            }
            store.restore();
            check(&store);
            store.restore();
            check(&store);
        }
    }
}
