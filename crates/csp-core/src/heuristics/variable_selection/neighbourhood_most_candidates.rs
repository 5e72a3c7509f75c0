//! `L`: most candidates in the variable and its unassigned related variables together (score: minus the sum of their domain sizes).

use crate::heuristics::{SelectionContext, VariableSelector};
use crate::{Model, VarId};

use super::neighbourhood_fewest_candidates::NeighbourhoodCandidates;

/// Cell heuristic `L`: most candidates in the variable and its unassigned related variables together (score: minus the sum of their domain sizes).
#[derive(Clone, Debug, Default)]
pub struct NeighbourhoodMostCandidates(NeighbourhoodCandidates);

impl NeighbourhoodMostCandidates {
    /// For the variables of `model`.
    pub fn new(model: &Model) -> NeighbourhoodMostCandidates {
        NeighbourhoodMostCandidates(NeighbourhoodCandidates::new(model))
    }
}

impl VariableSelector for NeighbourhoodMostCandidates {
    #[inline]
    fn prepare(&mut self, ctx: &SelectionContext<'_>) {
        self.0.sync(ctx);
    }

    #[inline]
    fn score(&mut self, ctx: &SelectionContext<'_>, var: VarId) -> i64 {
        -self.0.get(ctx, var)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::variable_selection::test_support::scores;

    #[test]
    fn hand_checked_scores() {
        assert_eq!(
            scores(NeighbourhoodMostCandidates::default(), &[1, 2, 8]),
            vec![-5, -8, -11]
        );
    }
}
