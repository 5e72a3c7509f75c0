//! `b`: least impact first (Refalo 2004).

use crate::heuristics::variable_selection::ImpactTable;
use crate::heuristics::{Placement, SelectionContext, ValueSelector, scaled};
use crate::{Model, VarId};

/// Value heuristic `b`, least impact first (Refalo 2004): the value whose
/// placements in this variable so far shrank the search space the least
/// (the mean impact `1 - P_after / P_before`, 1 for a failed placement, 0
/// before any: see the cell heuristic `P`) is tried first (in billionths).
/// Impacts are kept across restarts.
#[derive(Clone, Debug)]
pub struct LeastImpact {
    table: ImpactTable,
}

impl LeastImpact {
    /// No impact seen yet, for the variables of `model`.
    pub fn new(model: &Model) -> LeastImpact {
        LeastImpact {
            table: ImpactTable::new(model),
        }
    }
}

impl ValueSelector for LeastImpact {
    fn score(&mut self, _ctx: &SelectionContext<'_>, var: VarId, value: u32) -> i64 {
        scaled(self.table.impact(var, value))
    }

    fn learns(&self) -> bool {
        true
    }

    fn placed(&mut self, ctx: &SelectionContext<'_>, placement: &Placement<'_>) {
        self.table.record(ctx, placement);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::variable_selection::test_support::{failure, success};
    use crate::testing::latin3;

    #[test]
    fn the_value_that_failed_goes_last() {
        let (model, store) = latin3();
        let ctx = SelectionContext::new(&model, &store);
        let mut h = LeastImpact::new(&model);
        let now: Vec<u32> = model.vars().map(|v| store.size(v)).collect();
        let mut larger = now.clone();
        larger[2] *= 2;
        h.placed(&ctx, &failure(8, 4, &now));
        h.placed(&ctx, &success(8, 1, &larger));
        // x8: 0 failed (1), 1 halved the space (0.5), 2 unseen (0).
        let scores: Vec<i64> = (0..3).map(|a| h.score(&ctx, VarId(8), a)).collect();
        assert_eq!(scores, [1_000_000_000, 500_000_000, 0]);
    }
}
