//! `G`: fewest unassigned related variables (score: their number).

use crate::VarId;
use crate::heuristics::{SelectionContext, VariableSelector};

/// The number of unassigned variables related to `var`.
pub(crate) fn empty_neighbours(ctx: &SelectionContext<'_>, var: VarId) -> i64 {
    ctx.empty_neighbours(var).count() as i64
}

/// Cell heuristic `G`: fewest unassigned related variables (score: their number).
#[derive(Clone, Copy, Debug, Default)]
pub struct FewestEmptyNeighbours;

impl VariableSelector for FewestEmptyNeighbours {
    #[inline]
    fn score(&mut self, ctx: &SelectionContext<'_>, var: VarId) -> i64 {
        empty_neighbours(ctx, var)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::variable_selection::test_support::scores;

    #[test]
    fn hand_checked_scores() {
        // x1: x2 x7; x2: x1 x5 x8; x8: x2 x5 x6 x7.
        assert_eq!(scores(FewestEmptyNeighbours, &[1, 2, 8]), vec![2, 3, 4]);
    }
}
