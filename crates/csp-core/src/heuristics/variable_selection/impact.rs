//! `P`: impact-based search, IBS (Refalo 2004), and the impacts it keeps
//! (shared with the value heuristic `b`).

use crate::heuristics::{Placement, SelectionContext, VariableSelector, scaled};
use crate::{MAX_VALUES, Model, VarId};

/// The impact of each placement seen so far (Refalo 2004): placing `a` in
/// `x` shrank the search space estimate `P` (the product of every domain
/// size) from `P_before` to `P_after`; its impact is `1 - P_after /
/// P_before` (1 when propagation failed), and the impact of `x = a` is the
/// mean over the placements of `a` in `x` so far (0 before any).
#[derive(Clone, Debug)]
pub struct ImpactTable {
    /// Per variable, per value: the mean impact and how many placements
    /// it is the mean of.
    impacts: Vec<(f64, u32)>,
    width: usize,
    /// `ln(size)` for every size.
    ln: Vec<f64>,
}

impl ImpactTable {
    /// No impact seen yet, for the variables of `model`.
    pub fn new(model: &Model) -> ImpactTable {
        let width = (model.initial_domains().iter())
            .filter_map(|d| d.max())
            .max()
            .map_or(1, |m| m as usize + 1);
        ImpactTable {
            impacts: vec![(0.0, 0); model.num_vars() * width],
            width,
            ln: (0..=MAX_VALUES).map(|s| (s.max(1) as f64).ln()).collect(),
        }
    }

    /// The mean impact of placing `value` in `var` (0 before any).
    pub fn impact(&self, var: VarId, value: u32) -> f64 {
        (self.impacts.get(var.index() * self.width + value as usize)).map_or(0.0, |&(i, _)| i)
    }

    /// Records the impact of `placement`, the domains now those of `ctx`.
    pub fn record(&mut self, ctx: &SelectionContext<'_>, placement: &Placement<'_>) {
        let impact = if placement.failed() {
            1.0
        } else {
            let mut log_ratio = 0.0;
            for (i, &before) in placement.sizes_before.iter().enumerate() {
                let now = ctx.size(VarId(i as u32));
                if now != before {
                    log_ratio += self.ln[now as usize] - self.ln[before as usize];
                }
            }
            1.0 - log_ratio.exp()
        };
        let slot = placement.var.index() * self.width + placement.value as usize;
        if let Some((mean, n)) = self.impacts.get_mut(slot) {
            *n += 1;
            *mean += (impact - *mean) / f64::from(*n);
        }
    }
}

/// Cell heuristic `P`, impact-based search, IBS (Refalo 2004): the
/// variable whose values leave the least of the search space, the sum over
/// its candidates `a` of `1 - I(x = a)` with `I` the mean impact of placing
/// `a` in `x` ([`ImpactTable`]: `1 - P_after / P_before`, `P` the product of
/// the domain sizes; 1 for a placement that failed; 0 before any), goes
/// first (in billionths). Before any impact is known this is the domain
/// size (as `E`). Impacts are kept across restarts. (The paper also
/// starts the impacts by probing the values at the root; here they start
/// at 0.)
#[derive(Clone, Debug)]
pub struct Impact {
    table: ImpactTable,
}

impl Impact {
    /// No impact seen yet, for the variables of `model`.
    pub fn new(model: &Model) -> Impact {
        Impact {
            table: ImpactTable::new(model),
        }
    }

    /// The impacts seen so far.
    pub fn table(&self) -> &ImpactTable {
        &self.table
    }
}

impl VariableSelector for Impact {
    fn score(&mut self, ctx: &SelectionContext<'_>, var: VarId) -> i64 {
        let left: f64 = (ctx.domain(var).iter())
            .map(|a| 1.0 - self.table.impact(var, a))
            .sum();
        scaled(left)
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
    use crate::heuristics::variable_selection::test_support::{
        best_agrees_with_scores, failure, success,
    };
    use crate::testing::latin3;

    #[test]
    fn impacts_after_known_placements_pick_the_cell() {
        let (model, store) = latin3();
        let ctx = SelectionContext::new(&model, &store);
        let mut h = Impact::new(&model);
        // Nothing seen: the domain size.
        assert_eq!(h.score(&ctx, VarId(8)), 3_000_000_000);
        // x8 = 0 failed once (impact 1); x8 = 1 halved two domains once
        // (P_after / P_before = 1/4: impact 0.75) and left them once (0).
        let now: Vec<u32> = model.vars().map(|v| store.size(v)).collect();
        let mut doubled = now.clone();
        doubled[2] *= 2;
        doubled[5] *= 2;
        h.placed(&ctx, &failure(8, 4, &now));
        h.placed(&ctx, &success(8, 1, &doubled));
        h.placed(&ctx, &success(8, 1, &now));
        let t = h.table();
        assert_eq!(t.impact(VarId(8), 0), 1.0);
        assert!((t.impact(VarId(8), 1) - 0.375).abs() < 1e-12);
        assert_eq!(t.impact(VarId(8), 2), 0.0);
        // x8: (1 - 1) + (1 - 0.375) + 1 = 1.625 beats x2 {1,2}: 2.
        assert_eq!(h.score(&ctx, VarId(8)), 1_625_000_000);
        let mut best = Vec::new();
        h.best(&ctx, &mut best, false);
        // x1 and x3 have one candidate: 1 each.
        assert_eq!(best, [VarId(1), VarId(3)]);
        best_agrees_with_scores(Impact::new);
    }
}
