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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::variable_selection::test_support::scores;

    #[test]
    fn hand_checked_scores() {
        assert_eq!(scores(ReverseInputOrder, &[1, 2, 8]), vec![-1, -2, -8]);
    }
}
