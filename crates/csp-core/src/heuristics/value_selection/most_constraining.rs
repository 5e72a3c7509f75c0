//! `5`: the value that leaves the unassigned related variables the fewest candidates (score: the candidates they keep, counted together, once the value is placed).

use crate::VarId;
use crate::heuristics::{SelectionContext, ValueSelector};

/// How many candidates the unassigned variables related to `var` keep, all
/// together, once `value` is placed in `var`.
pub(crate) fn candidates_left(ctx: &SelectionContext<'_>, var: VarId, value: u32) -> i64 {
    ctx.empty_neighbours(var)
        .map(|n| {
            ctx.domain(n)
                .difference(crate::ValueSet::single(value))
                .len() as i64
        })
        .sum()
}

/// Value heuristic `5`: the value that leaves the unassigned related variables the fewest candidates (score: the candidates they keep, counted together, once the value is placed).
#[derive(Clone, Copy, Debug, Default)]
pub struct MostConstraining;

impl ValueSelector for MostConstraining {
    #[inline]
    fn score(&mut self, ctx: &SelectionContext<'_>, var: VarId, value: u32) -> i64 {
        candidates_left(ctx, var, value)
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
        // Their 8 candidates lose 2, 2 and 4.
        assert_eq!(scores_of_x8(MostConstraining), vec![6, 6, 4]);
    }
}
