//! `I`: closest to the assigned variables (score: the sum of the euclidean distances to every assigned variable, each in millionths, rounded, so that mirror-image positions tie exactly).

use super::tracked_sums::TrackedSums;
use crate::heuristics::{SelectionContext, VariableSelector};
use crate::{Model, VarId};

/// The sum of the distances (in millionths) from each variable to every
/// assigned variable (0 if the model has no positions), kept up to date
/// ([`TrackedSums`]).
#[derive(Clone, Debug, Default)]
pub(crate) struct DistanceToFilled(TrackedSums);

impl DistanceToFilled {
    /// For the variables of `model`.
    pub(crate) fn new(model: &Model) -> DistanceToFilled {
        DistanceToFilled(TrackedSums::new(model.num_vars()))
    }

    /// Catches up with the state of `ctx`.
    #[inline]
    pub(crate) fn sync(&mut self, ctx: &SelectionContext<'_>) {
        let model = ctx.model();
        let filled = |v| i64::from(ctx.is_assigned(v));
        self.0.sync(ctx, filled, |f, delta, sums| {
            for (sum, &d) in sums.iter_mut().zip(model.distances_from(f).unwrap_or(&[])) {
                *sum += delta * i64::from(d);
            }
        });
    }

    /// The sum of the distances from `var` to every assigned variable.
    #[inline]
    pub(crate) fn get(&self, var: VarId) -> i64 {
        self.0.get(var)
    }
}

/// Cell heuristic `I`: closest to the assigned variables (score: the sum of the euclidean distances to every assigned variable, each in millionths, rounded, so that mirror-image positions tie exactly).
#[derive(Clone, Debug, Default)]
pub struct ClosestToFilled(DistanceToFilled);

impl ClosestToFilled {
    /// For the variables of `model`.
    pub fn new(model: &Model) -> ClosestToFilled {
        ClosestToFilled(DistanceToFilled::new(model))
    }
}

impl VariableSelector for ClosestToFilled {
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
    use crate::heuristics::variable_selection::test_support::scores;

    #[test]
    fn hand_checked_scores() {
        // Filled: x0 at (0,0), x4 at (1,1).
        // x1 (0,1): 1 + 1; x2 (0,2): 2 + 1.414214; x8 (2,2): 2.828427 + 1.414214.
        assert_eq!(
            scores(ClosestToFilled::default(), &[1, 2, 8]),
            vec![2_000_000, 3_414_214, 4_242_641]
        );
    }
}
