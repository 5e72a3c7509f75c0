//! `J`: furthest from the assigned variables (score: minus the score of I).

use super::tracked_sums::{Contribution, TrackedSums};
use crate::heuristics::{SelectionContext, VariableSelector};
use crate::{Model, VarId};

/// Cell heuristic `J`: furthest from the assigned variables (score: minus the score of I).
#[derive(Clone, Debug)]
pub struct FurthestFromFilled(TrackedSums);

impl FurthestFromFilled {
    /// For the variables of `model`.
    pub fn new(model: &Model) -> FurthestFromFilled {
        FurthestFromFilled(TrackedSums::new(model, Contribution::FilledDistance))
    }
}

impl VariableSelector for FurthestFromFilled {
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
            scores_with(FurthestFromFilled::new, &[1, 2, 8]),
            vec![-2_000_000, -3_414_214, -4_242_641]
        );
    }
}
