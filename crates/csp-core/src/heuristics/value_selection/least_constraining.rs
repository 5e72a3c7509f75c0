//! `6`: the value that leaves the unassigned related variables the most candidates (score: minus the score of 5).

use crate::VarId;
use crate::heuristics::{SelectionContext, ValueSelector};

use super::most_constraining::candidates_left;

/// Value heuristic `6`: the value that leaves the unassigned related variables the most candidates (score: minus the score of 5).
#[derive(Clone, Copy, Debug, Default)]
pub struct LeastConstraining;

impl ValueSelector for LeastConstraining {
    #[inline]
    fn score(&mut self, ctx: &SelectionContext<'_>, var: VarId, value: u32) -> i64 {
        -candidates_left(ctx, var, value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::value_selection::test_support::scores_of_x8;

    #[test]
    fn hand_checked_scores() {
        // x8 has {0, 1, 2}; its unassigned related cells x2 {1,2}, x5 {0,2},
        // x6 {1,2}, x7 {0,2}; the filled cells hold 0 (x0) and 1 (x4).
        assert_eq!(scores_of_x8(LeastConstraining), vec![-6, -6, -4]);
    }
}
