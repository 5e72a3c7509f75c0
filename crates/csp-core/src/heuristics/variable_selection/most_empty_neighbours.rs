//! `H`: most unassigned related variables (score: minus their number).

use super::tracked_sums::{Contribution, TrackedSums};
use crate::heuristics::{SelectionContext, VariableSelector};
use crate::{Model, VarId};

/// Cell heuristic `H`: most unassigned related variables (score: minus their number).
#[derive(Clone, Debug)]
pub struct MostEmptyNeighbours(TrackedSums);

impl MostEmptyNeighbours {
    /// For the variables of `model`.
    pub fn new(model: &Model) -> MostEmptyNeighbours {
        MostEmptyNeighbours(TrackedSums::new(model, Contribution::OpenNeighbour))
    }
}

impl VariableSelector for MostEmptyNeighbours {
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
            scores_with(MostEmptyNeighbours::new, &[1, 2, 8]),
            vec![-2, -3, -4]
        );
    }
}
