//! `K`: fewest candidates in the variable and its unassigned related variables together (score: the sum of their domain sizes).

use super::tracked_sums::{Contribution, TrackedSums};
use crate::heuristics::{SelectionContext, VariableSelector};
use crate::{Model, VarId};

/// Cell heuristic `K`: fewest candidates in the variable and its unassigned related variables together (score: the sum of their domain sizes).
#[derive(Clone, Debug)]
pub struct NeighbourhoodFewestCandidates(TrackedSums);

impl NeighbourhoodFewestCandidates {
    /// For the variables of `model`.
    pub fn new(model: &Model) -> NeighbourhoodFewestCandidates {
        NeighbourhoodFewestCandidates(TrackedSums::new(
            model,
            Contribution::OpenNeighbourhoodCandidates,
        ))
    }
}

impl VariableSelector for NeighbourhoodFewestCandidates {
    #[inline]
    fn prepare(&mut self, ctx: &SelectionContext<'_>) {
        self.0.sync(ctx);
    }

    #[inline]
    fn score(&mut self, _ctx: &SelectionContext<'_>, var: VarId) -> i64 {
        self.0.get(var)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::variable_selection::test_support::scores_with;

    #[test]
    fn hand_checked_scores() {
        // x1: 1 + x2 (2) + x7 (2); x2: 2 + x1 (1) + x5 (2) + x8 (3);
        // x8: 3 + x2 x5 x6 x7 (2 each).
        assert_eq!(
            scores_with(NeighbourhoodFewestCandidates::new, &[1, 2, 8]),
            vec![5, 8, 11]
        );
    }
}
