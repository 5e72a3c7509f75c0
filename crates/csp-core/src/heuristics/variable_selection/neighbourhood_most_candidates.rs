//! `L`: most candidates in the variable and its unassigned related variables together (score: minus the sum of their domain sizes).

use super::tracked_sums::{Contribution, TrackedSums};
use crate::heuristics::{SelectionContext, VariableSelector};
use crate::{Model, VarId};

/// Cell heuristic `L`: most candidates in the variable and its unassigned related variables together (score: minus the sum of their domain sizes).
#[derive(Clone, Debug)]
pub struct NeighbourhoodMostCandidates(TrackedSums);

impl NeighbourhoodMostCandidates {
    /// For the variables of `model`.
    pub fn new(model: &Model) -> NeighbourhoodMostCandidates {
        NeighbourhoodMostCandidates(TrackedSums::new(
            model,
            Contribution::OpenNeighbourhoodCandidates,
        ))
    }
}

impl VariableSelector for NeighbourhoodMostCandidates {
    #[inline]
    fn prepare(&mut self, ctx: &SelectionContext<'_>) {
        self.0.sync(ctx);
    }

    #[inline]
    fn score(&mut self, _ctx: &SelectionContext<'_>, var: VarId) -> i64 {
        -self.0.get(var)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::variable_selection::test_support::scores_with;

    #[test]
    fn hand_checked_scores() {
        assert_eq!(
            scores_with(NeighbourhoodMostCandidates::new, &[1, 2, 8]),
            vec![-5, -8, -11]
        );
    }
}
