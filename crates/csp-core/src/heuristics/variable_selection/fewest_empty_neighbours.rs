//! `G`: fewest unassigned related variables (score: their number).

use super::tracked_sums::TrackedSums;
use crate::heuristics::{SelectionContext, VariableSelector};
use crate::{Model, VarId};

/// The number of unassigned variables related to each variable, kept up to
/// date ([`TrackedSums`]).
#[derive(Clone, Debug, Default)]
pub(crate) struct EmptyNeighbours(TrackedSums);

impl EmptyNeighbours {
    /// For the variables of `model`.
    pub(crate) fn new(model: &Model) -> EmptyNeighbours {
        EmptyNeighbours(TrackedSums::new(model.num_vars()))
    }

    /// Catches up with the state of `ctx`.
    #[inline]
    pub(crate) fn sync(&mut self, ctx: &SelectionContext<'_>) {
        let open = |v| i64::from(!ctx.is_assigned(v));
        self.0.sync(ctx, open, TrackedSums::to_neighbours(ctx));
    }

    /// The number of unassigned variables related to `var`.
    #[inline]
    pub(crate) fn get(&self, var: VarId) -> i64 {
        self.0.get(var)
    }
}

/// Cell heuristic `G`: fewest unassigned related variables (score: their number).
#[derive(Clone, Debug, Default)]
pub struct FewestEmptyNeighbours(EmptyNeighbours);

impl FewestEmptyNeighbours {
    /// For the variables of `model`.
    pub fn new(model: &Model) -> FewestEmptyNeighbours {
        FewestEmptyNeighbours(EmptyNeighbours::new(model))
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
    use crate::heuristics::variable_selection::test_support::scores;

    #[test]
    fn hand_checked_scores() {
        // x1: x2 x7; x2: x1 x5 x8; x8: x2 x5 x6 x7.
        assert_eq!(
            scores(FewestEmptyNeighbours::default(), &[1, 2, 8]),
            vec![2, 3, 4]
        );
    }
}
