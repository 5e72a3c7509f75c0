//! `K`: fewest candidates in the variable and its unassigned related variables together (score: the sum of their domain sizes).

use super::tracked_sums::TrackedSums;
use crate::heuristics::{SelectionContext, VariableSelector};
use crate::{Model, VarId};

/// The domain sizes of the unassigned variables related to each variable,
/// summed and kept up to date ([`TrackedSums`]).
#[derive(Clone, Debug, Default)]
pub(crate) struct NeighbourhoodCandidates(TrackedSums);

impl NeighbourhoodCandidates {
    /// For the variables of `model`.
    pub(crate) fn new(model: &Model) -> NeighbourhoodCandidates {
        NeighbourhoodCandidates(TrackedSums::new(model.num_vars()))
    }

    /// Catches up with the state of `ctx`.
    #[inline]
    pub(crate) fn sync(&mut self, ctx: &SelectionContext<'_>) {
        let open_size = |v| match ctx.is_assigned(v) {
            true => 0,
            false => i64::from(ctx.size(v)),
        };
        self.0.sync(ctx, open_size, TrackedSums::to_neighbours(ctx));
    }

    /// The domain size of `var` plus those of its unassigned related
    /// variables.
    #[inline]
    pub(crate) fn get(&self, ctx: &SelectionContext<'_>, var: VarId) -> i64 {
        i64::from(ctx.size(var)) + self.0.get(var)
    }
}

/// Cell heuristic `K`: fewest candidates in the variable and its unassigned related variables together (score: the sum of their domain sizes).
#[derive(Clone, Debug, Default)]
pub struct NeighbourhoodFewestCandidates(NeighbourhoodCandidates);

impl NeighbourhoodFewestCandidates {
    /// For the variables of `model`.
    pub fn new(model: &Model) -> NeighbourhoodFewestCandidates {
        NeighbourhoodFewestCandidates(NeighbourhoodCandidates::new(model))
    }
}

impl VariableSelector for NeighbourhoodFewestCandidates {
    #[inline]
    fn prepare(&mut self, ctx: &SelectionContext<'_>) {
        self.0.sync(ctx);
    }

    #[inline]
    fn score(&mut self, ctx: &SelectionContext<'_>, var: VarId) -> i64 {
        self.0.get(ctx, var)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::variable_selection::test_support::scores;

    #[test]
    fn hand_checked_scores() {
        // x1: 1 + x2 (2) + x7 (2); x2: 2 + x1 (1) + x5 (2) + x8 (3);
        // x8: 3 + x2 x5 x6 x7 (2 each).
        assert_eq!(
            scores(NeighbourhoodFewestCandidates::default(), &[1, 2, 8]),
            vec![5, 8, 11]
        );
    }
}
