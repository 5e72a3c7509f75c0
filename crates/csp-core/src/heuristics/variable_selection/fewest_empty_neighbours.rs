//! `G`: fewest unassigned related variables (score: their number).

use super::tracked_sums::{Contribution, TrackedSums};
use crate::heuristics::{SelectionContext, VariableSelector};
use crate::{Model, VarId};

/// Cell heuristic `G`: fewest unassigned related variables (score: their number).
#[derive(Clone, Debug)]
pub struct FewestEmptyNeighbours(TrackedSums);

impl FewestEmptyNeighbours {
    /// For the variables of `model`.
    pub fn new(model: &Model) -> FewestEmptyNeighbours {
        FewestEmptyNeighbours(TrackedSums::new(model, Contribution::OpenNeighbour))
    }
}

impl VariableSelector for FewestEmptyNeighbours {
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
        // x1: x2 x7; x2: x1 x5 x8; x8: x2 x5 x6 x7.
        assert_eq!(
            scores_with(FewestEmptyNeighbours::new, &[1, 2, 8]),
            vec![2, 3, 4]
        );
    }
}
