//! `7`: the value that is a candidate of the fewest unassigned related variables (score: their number).

use crate::VarId;
use crate::heuristics::{SelectionContext, ValueSelector};

/// How many unassigned variables related to `var` have `value` as a
/// candidate.
pub(crate) fn neighbour_support(ctx: &SelectionContext<'_>, var: VarId, value: u32) -> i64 {
    ctx.empty_neighbours(var)
        .filter(|&n| ctx.domain(n).contains(value))
        .count() as i64
}

/// Value heuristic `7`: the value that is a candidate of the fewest unassigned related variables (score: their number).
#[derive(Clone, Copy, Debug, Default)]
pub struct LeastCommonInNeighbours;

impl ValueSelector for LeastCommonInNeighbours {
    #[inline]
    fn score(&mut self, ctx: &SelectionContext<'_>, var: VarId, value: u32) -> i64 {
        neighbour_support(ctx, var, value)
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
        // 0 is a candidate of x5 and x7, 1 of x2 and x6, 2 of all four.
        assert_eq!(scores_of_x8(LeastCommonInNeighbours), vec![2, 2, 4]);
    }
}
