//! `B`: the last variable in input order (score: minus the index).

use crate::VarId;
use crate::heuristics::{SelectionContext, VariableSelector};

/// Cell heuristic `B`: the last variable in input order (score: minus the index).
#[derive(Clone, Copy, Debug, Default)]
pub struct ReverseInputOrder;

impl VariableSelector for ReverseInputOrder {
    #[inline]
    fn score(&mut self, ctx: &SelectionContext<'_>, var: VarId) -> i64 {
        let _ = ctx;
        -(var.0 as i64)
    }

    /// Scores are distinct: the best is the last open variable.
    #[inline]
    fn best(&mut self, ctx: &SelectionContext<'_>, out: &mut Vec<VarId>, _first_only: bool) {
        out.extend_from_slice(ctx.last_open().as_slice());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::variable_selection::test_support::{best_agrees_with_scores, scores};

    #[test]
    fn hand_checked_scores() {
        assert_eq!(scores(ReverseInputOrder, &[1, 2, 8]), vec![-1, -2, -8]);
        best_agrees_with_scores(|_| ReverseInputOrder);
    }
}
