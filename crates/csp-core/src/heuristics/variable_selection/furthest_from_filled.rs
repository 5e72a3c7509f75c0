//! `J`: furthest from the assigned variables (score: minus the score of I).

use crate::VarId;
use crate::heuristics::{SelectionContext, VariableSelector};

use super::closest_to_filled::distance_to_filled;

/// Cell heuristic `J`: furthest from the assigned variables (score: minus the score of I).
#[derive(Clone, Copy, Debug, Default)]
pub struct FurthestFromFilled;

impl VariableSelector for FurthestFromFilled {
    #[inline]
    fn score(&mut self, ctx: &SelectionContext<'_>, var: VarId) -> i64 {
        -distance_to_filled(ctx, var)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::variable_selection::test_support::scores;

    #[test]
    fn hand_checked_scores() {
        assert_eq!(
            scores(FurthestFromFilled, &[1, 2, 8]),
            vec![-2_000_000, -3_414_214, -4_242_641]
        );
    }
}
