//! `8`: the value that is a candidate of the most unassigned related variables (score: minus their number).

use crate::VarId;
use crate::heuristics::{SelectionContext, ValueSelector};

use super::least_common_in_neighbours::neighbour_support;

/// Value heuristic `8`: the value that is a candidate of the most unassigned related variables (score: minus their number).
#[derive(Clone, Copy, Debug, Default)]
pub struct MostCommonInNeighbours;

impl ValueSelector for MostCommonInNeighbours {
    #[inline]
    fn score(&mut self, ctx: &SelectionContext<'_>, var: VarId, value: u32) -> i64 {
        -neighbour_support(ctx, var, value)
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
        assert_eq!(scores_of_x8(MostCommonInNeighbours), vec![-2, -2, -4]);
    }
}
