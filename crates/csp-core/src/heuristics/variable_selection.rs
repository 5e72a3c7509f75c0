//! Cell (variable) heuristics `A`-`L`, one per file. Each scores an
//! unassigned variable; the smallest score is branched on.

mod activity;
mod closest_to_centre;
mod closest_to_filled;
mod conflict_history;
mod dom_wdeg;
mod dom_wdeg_ca_cd;
mod fewest_candidates;
mod fewest_empty_neighbours;
mod furthest_from_filled;
mod impact;
mod input_order;
mod last_conflict;
mod most_candidates;
mod most_empty_neighbours;
mod neighbourhood_fewest_candidates;
mod neighbourhood_most_candidates;
mod random_variable;
mod reverse_input_order;
mod tracked_sums;
mod vsids;

pub use activity::{ACTIVITY_DECAY, Activity};
pub use closest_to_centre::ClosestToCentre;
pub use closest_to_filled::{ClosestToFilled, ClosestToFilledScore};
pub use conflict_history::ConflictHistory;
pub use dom_wdeg::DomWdeg;
pub use dom_wdeg_ca_cd::DomWdegCaCd;
pub use fewest_candidates::FewestCandidates;
pub use fewest_empty_neighbours::{FewestEmptyNeighbours, FewestEmptyNeighboursScore};
pub use furthest_from_filled::{FurthestFromFilled, FurthestFromFilledScore};
pub use impact::{Impact, ImpactTable};
pub use input_order::InputOrder;
pub use last_conflict::LastConflict;
pub use most_candidates::MostCandidates;
pub use most_empty_neighbours::{MostEmptyNeighbours, MostEmptyNeighboursScore};
pub use neighbourhood_fewest_candidates::{
    NeighbourhoodFewestCandidates, NeighbourhoodFewestCandidatesScore,
};
pub use neighbourhood_most_candidates::{
    NeighbourhoodMostCandidates, NeighbourhoodMostCandidatesScore,
};
pub use random_variable::RandomVariable;
pub use reverse_input_order::ReverseInputOrder;
pub use tracked_sums::{Contribution, SumScore, SumSelector};
pub use vsids::{VSIDS_DECAY, Vsids};

#[cfg(test)]
pub(crate) mod test_support {
    use crate::heuristics::{Culprit, Placement, SelectionContext, VariableSelector};
    use crate::testing::latin3;
    use crate::{Model, VarId};

    /// The placement of 0 in `var` at the root, whose propagation failed
    /// in propagator `p`, the sizes before it `sizes`.
    pub(crate) fn failure(var: u32, p: u32, sizes: &[u32]) -> Placement<'_> {
        Placement {
            var: VarId(var),
            value: 0,
            depth: 0,
            conflict: Some(Some(Culprit {
                propagator: p,
                item: None,
            })),
            sizes_before: sizes,
        }
    }

    /// The placement of `value` in `var` at the root, whose propagation
    /// reached a fixpoint, the sizes before it `sizes`.
    pub(crate) fn success(var: u32, value: u32, sizes: &[u32]) -> Placement<'_> {
        Placement {
            var: VarId(var),
            value,
            depth: 0,
            conflict: None,
            sizes_before: sizes,
        }
    }

    /// The scores `selector` gives the listed variables of the `latin3`
    /// fixture.
    pub(crate) fn scores(selector: impl VariableSelector, vars: &[u32]) -> Vec<i64> {
        scores_with(|_| selector, vars)
    }

    /// The scores the selector `new` makes for the `latin3` fixture's
    /// model gives the listed variables.
    pub(crate) fn scores_with<S: VariableSelector>(
        new: impl FnOnce(&Model) -> S,
        vars: &[u32],
    ) -> Vec<i64> {
        let (model, store) = latin3();
        let mut selector = new(&model);
        let ctx = SelectionContext::new(&model, &store);
        selector.prepare(&ctx);
        vars.iter()
            .map(|&v| selector.score(&ctx, VarId(v)))
            .collect()
    }

    /// Checks the selector's [`VariableSelector::best`] against its
    /// scores, on the `latin3` fixture and on it with every open variable
    /// filled in turn: the open variables of smallest score in index
    /// order, or the first of them alone with `first_only`.
    pub(crate) fn best_agrees_with_scores<S: VariableSelector>(new: impl Fn(&Model) -> S) {
        let (model, mut store) = latin3();
        loop {
            let mut selector = new(&model);
            let ctx = SelectionContext::new(&model, &store);
            selector.prepare(&ctx);
            let open: Vec<VarId> = ctx.unassigned_vars().collect();
            let scored: Vec<i64> = open.iter().map(|&v| selector.score(&ctx, v)).collect();
            let least = scored.iter().min().copied();
            let best: Vec<VarId> = (open.iter().zip(&scored))
                .filter(|&(_, &s)| Some(s) == least)
                .map(|(&v, _)| v)
                .collect();
            let mut all = Vec::new();
            selector.best(&ctx, &mut all, false);
            assert_eq!(all, best);
            let mut first = Vec::new();
            selector.best(&ctx, &mut first, true);
            assert_eq!(first.first(), best.first());
            let Some(&var) = open.first() else { break };
            let value = store.domain(var).min().unwrap_or(0);
            store.assign(var, value);
        }
    }
}
