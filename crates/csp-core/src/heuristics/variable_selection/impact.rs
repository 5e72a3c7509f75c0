//! `P`: impact-based search, IBS (Refalo 2004), and the impacts it keeps
//! (shared with the value heuristic `b`).

use crate::heuristics::{Placement, SelectionContext, VariableSelector, scaled};
use crate::{MAX_VALUES, Model, VarId};

/// The impact of each placement seen so far (Refalo 2004): placing `a` in
/// `x` shrank the search space estimate `P` (the product of every domain
/// size) from `P_before` to `P_after`; its impact is `1 - P_after /
/// P_before` (1 when propagation failed), and the impact of `x = a` is the
/// mean over the placements of `a` in `x` so far (0 before any). A wide
/// variable's choices (`x = v`, `x <= v`) share one mean, the variable's:
/// its values are too many to weigh one by one.
#[derive(Clone, Debug)]
pub struct ImpactTable {
    /// Per variable, per value: the mean impact and how many placements
    /// it is the mean of.
    impacts: Vec<(f64, u32)>,
    width: usize,
    /// `ln(size)` for every narrow size.
    ln: Vec<f64>,
    /// Per wide variable (by index; empty without one): the mean impact
    /// of its choices and how many.
    wide: Vec<Option<(f64, u32)>>,
}

impl ImpactTable {
    /// No impact seen yet, for the variables of `model`.
    pub fn new(model: &Model) -> ImpactTable {
        let width = (model.initial_domains().iter())
            .filter_map(|d| d.max())
            .max()
            .map_or(1, |m| m as usize + 1);
        let mut wide = Vec::new();
        if !model.wide_vars().is_empty() {
            wide = vec![None; model.num_vars()];
            for &(v, _) in model.wide_vars() {
                wide[v.index()] = Some((0.0, 0));
            }
        }
        ImpactTable {
            impacts: vec![(0.0, 0); model.num_vars() * width],
            width,
            ln: (0..=MAX_VALUES).map(|s| (s.max(1) as f64).ln()).collect(),
            wide,
        }
    }

    /// The mean impact of placing `value` in `var` (0 before any); for a
    /// wide variable, that of its choices, whatever the value.
    pub fn impact(&self, var: VarId, value: u32) -> f64 {
        if let Some(&Some((mean, _))) = self.wide.get(var.index()) {
            return mean;
        }
        (self.impacts.get(var.index() * self.width + value as usize)).map_or(0.0, |&(i, _)| i)
    }

    /// `ln(size)`, from the table for a narrow size.
    #[inline]
    fn ln(&self, size: u32) -> f64 {
        match self.ln.get(size as usize) {
            Some(&l) => l,
            None => f64::from(size).ln(),
        }
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
                    log_ratio += self.ln(now) - self.ln(before);
                }
            }
            1.0 - log_ratio.exp()
        };
        let slot = placement.var.index() * self.width + placement.value as usize;
        let entry = match self.wide.get_mut(placement.var.index()) {
            Some(Some(wide)) => Some(wide),
            _ => self.impacts.get_mut(slot),
        };
        if let Some((mean, n)) = entry {
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
/// at 0.) A wide variable scores its size times `1 - I`, `I` the mean
/// impact of its choices so far.
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
        if let Some(&Some((mean, _))) = self.table.wide.get(var.index()) {
            // Each value weighed by the variable's mean.
            return scaled(f64::from(ctx.size(var)) * (1.0 - mean));
        }
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

    #[test]
    fn a_wide_variable_has_one_mean_impact() {
        // x0 wide over 0..1000, x1 narrow {0, 1, 2}.
        let mut b = crate::ModelBuilder::new();
        let x = b.new_wide_var(1_000).unwrap();
        b.new_var(crate::ValueSet::range(3));
        let model = b.build();
        let store = crate::DomainStore::with_wide(model.initial_domains(), model.wide_vars(), 0);
        let ctx = SelectionContext::new(&model, &store);
        let mut h = Impact::new(&model);
        assert_eq!(h.score(&ctx, x), 1_000_000_000_000);
        // A choice at 700 failed (1), one at 3 halved the domain (0.5):
        // the mean 0.75 for every value; the score 1000 · 0.25.
        let now: Vec<u32> = model.vars().map(|v| store.size(v)).collect();
        let mut before = now.clone();
        before[0] *= 2;
        let mut failed = failure(0, 0, &now);
        failed.value = 700;
        h.placed(&ctx, &failed);
        h.placed(&ctx, &success(0, 3, &before));
        assert_eq!(h.table().impact(x, 12), 0.75);
        assert_eq!(h.score(&ctx, x), 250_000_000_000);
        // The narrow variable's impacts are untouched.
        assert_eq!(h.table().impact(VarId(1), 0), 0.0);
    }
}
