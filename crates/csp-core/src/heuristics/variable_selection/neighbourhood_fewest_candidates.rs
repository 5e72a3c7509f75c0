//! `K`: fewest candidates in the variable and its unassigned related variables together (score: the sum of their domain sizes).

use crate::VarId;
use crate::heuristics::{SelectionContext, VariableSelector};

/// The domain size of `var` plus those of its unassigned related variables.
pub(crate) fn neighbourhood_candidates(ctx: &SelectionContext<'_>, var: VarId) -> i64 {
    let around: u32 = ctx.empty_neighbours(var).map(|n| ctx.size(n)).sum();
    (ctx.size(var) + around) as i64
}

/// Cell heuristic `K`: fewest candidates in the variable and its unassigned related variables together (score: the sum of their domain sizes).
#[derive(Clone, Copy, Debug, Default)]
pub struct NeighbourhoodFewestCandidates;

impl VariableSelector for NeighbourhoodFewestCandidates {
    #[inline]
    fn score(&mut self, ctx: &SelectionContext<'_>, var: VarId) -> i64 {
        neighbourhood_candidates(ctx, var)
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
            scores(NeighbourhoodFewestCandidates, &[1, 2, 8]),
            vec![5, 8, 11]
        );
    }
}
