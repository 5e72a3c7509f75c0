//! `0`: the lowest value first (score: the value).

use crate::VarId;
use crate::heuristics::{SelectionContext, ValueSelector};

/// Value heuristic `0`: the lowest value first (score: the value).
#[derive(Clone, Copy, Debug, Default)]
pub struct LowestValue;

impl ValueSelector for LowestValue {
    #[inline]
    fn score(&mut self, ctx: &SelectionContext<'_>, var: VarId, value: u32) -> i64 {
        let _ = (ctx, var);
        value as i64
    }

    fn scores_value(&self) -> bool {
        true
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
        assert_eq!(scores_of_x8(LowestValue), vec![0, 1, 2]);
    }
}
