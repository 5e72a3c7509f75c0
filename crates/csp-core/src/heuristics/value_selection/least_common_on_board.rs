//! `9`: the value that is a candidate of the fewest other unassigned variables anywhere (score: their number).

use crate::VarId;
use crate::heuristics::{SelectionContext, ValueSelector};

/// How many unassigned variables other than `var` have `value` as a
/// candidate.
pub(crate) fn board_support(ctx: &SelectionContext<'_>, var: VarId, value: u32) -> i64 {
    let holders = ctx.store().holders(value);
    let all: u32 = holders.iter().map(|w| w.count_ones()).sum();
    let own = holders
        .get(var.index() / 64)
        .is_some_and(|w| w >> (var.index() % 64) & 1 == 1);
    i64::from(all - u32::from(own))
}

/// Value heuristic `9`: the value that is a candidate of the fewest other unassigned variables anywhere (score: their number).
#[derive(Clone, Copy, Debug, Default)]
pub struct LeastCommonOnBoard;

impl ValueSelector for LeastCommonOnBoard {
    #[inline]
    fn score(&mut self, ctx: &SelectionContext<'_>, var: VarId, value: u32) -> i64 {
        board_support(ctx, var, value)
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
        // Other empty cells: x1 {2}, x2 {1,2}, x3 {2}, x5 {0,2}, x6 {1,2}, x7 {0,2}.
        assert_eq!(scores_of_x8(LeastCommonOnBoard), vec![2, 2, 6]);
    }
}
