//! `I`: closest to the assigned variables (score: the sum of the euclidean distances to every assigned variable, each in millionths, rounded, so that mirror-image positions tie exactly).

use crate::VarId;
use crate::heuristics::{SelectionContext, VariableSelector};

/// The sum of the distances (in millionths) from `var` to every assigned
/// variable; 0 if the model has no positions.
pub(crate) fn distance_to_filled(ctx: &SelectionContext<'_>, var: VarId) -> i64 {
    let model = ctx.model();
    ctx.assigned_vars()
        .map(|f| model.distance_micros(var, f).unwrap_or(0) as i64)
        .sum()
}

/// Cell heuristic `I`: closest to the assigned variables (score: the sum of the euclidean distances to every assigned variable, each in millionths, rounded, so that mirror-image positions tie exactly).
#[derive(Clone, Copy, Debug, Default)]
pub struct ClosestToFilled;

impl VariableSelector for ClosestToFilled {
    #[inline]
    fn score(&mut self, ctx: &SelectionContext<'_>, var: VarId) -> i64 {
        distance_to_filled(ctx, var)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::variable_selection::test_support::scores;

    #[test]
    fn hand_checked_scores() {
        // Filled: x0 at (0,0), x4 at (1,1).
        // x1 (0,1): 1 + 1; x2 (0,2): 2 + 1.414214; x8 (2,2): 2.828427 + 1.414214.
        assert_eq!(
            scores(ClosestToFilled, &[1, 2, 8]),
            vec![2_000_000, 3_414_214, 4_242_641]
        );
    }
}
