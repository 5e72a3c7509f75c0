//! `A`: the first variable in input order (score: the index).

use crate::VarId;
use crate::heuristics::{SelectionContext, VariableSelector};

/// Cell heuristic `A`: the first variable in input order (score: the index).
#[derive(Clone, Copy, Debug, Default)]
pub struct InputOrder;

impl VariableSelector for InputOrder {
    #[inline]
    fn score(&mut self, ctx: &SelectionContext<'_>, var: VarId) -> i64 {
        let _ = ctx;
        var.0 as i64
    }

    /// Scores are distinct: the best is the first open variable.
    #[inline]
    fn best(&mut self, ctx: &SelectionContext<'_>, out: &mut Vec<VarId>, _first_only: bool) {
        out.extend_from_slice(ctx.first_open().as_slice());
    }

    fn scores_index(&self) -> bool {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::variable_selection::test_support::{best_agrees_with_scores, scores};

    #[test]
    fn hand_checked_scores() {
        // Unassigned cells of the fixture: x1 x2 x3 x5 x6 x7 x8.
        assert_eq!(scores(InputOrder, &[1, 2, 8]), vec![1, 2, 8]);
        assert!(InputOrder.scores_index());
        best_agrees_with_scores(|_| InputOrder);
    }
}
