//! `L`: most candidates in the variable and its unassigned related variables together (score: minus the sum of their domain sizes).

use crate::VarId;
use crate::heuristics::{SelectionContext, VariableSelector};

use super::neighbourhood_fewest_candidates::neighbourhood_candidates;

/// Cell heuristic `L`: most candidates in the variable and its unassigned related variables together (score: minus the sum of their domain sizes).
#[derive(Clone, Copy, Debug, Default)]
pub struct NeighbourhoodMostCandidates;

impl VariableSelector for NeighbourhoodMostCandidates {
    #[inline]
    fn score(&mut self, ctx: &SelectionContext<'_>, var: VarId) -> i64 {
        -neighbourhood_candidates(ctx, var)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::variable_selection::test_support::scores;

    #[test]
    fn hand_checked_scores() {
        assert_eq!(
            scores(NeighbourhoodMostCandidates, &[1, 2, 8]),
            vec![-5, -8, -11]
        );
    }
}
