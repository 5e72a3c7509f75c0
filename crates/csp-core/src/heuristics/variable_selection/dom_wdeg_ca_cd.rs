//! `X`: dom/wdeg^ca.cd (Wattez, Lecoutre, Paparrizou, Tabary 2019).

use crate::heuristics::{
    Constraints, OpenCounts, Placement, SelectionContext, VariableSelector, scaled,
};
use crate::{Model, VarId};

/// Cell heuristic `X`, dom/wdeg^ca.cd (Wattez, Lecoutre, Paparrizou,
/// Tabary 2019, "Refining constraint weighting"): a weight per constraint
/// *and variable*, 0 at the start; when a constraint's propagation fails,
/// each of its unassigned variables `x` gains `1 / (|fut| x |D(x)|)`, `fut`
/// its unassigned variables and `D(x)` the domain where the failure left it
/// (counted as 1 if empty): a failure says more about the variables of a
/// constraint with few open variables, and those with few candidates. The
/// score is the domain size divided by the summed weights of the
/// variable's constraints that still have another unassigned variable
/// (smallest first, in billionths; a variable with no weight yet scores
/// last, so the next link decides until failures are seen).
#[derive(Clone, Debug)]
pub struct DomWdegCaCd {
    constraints: Constraints,
    /// The open variables of each constraint, counted at `prepare`.
    open: OpenCounts,
    /// Per variable, the weight of each of its constraints (in
    /// [`Constraints::of_var`] order).
    weights: Vec<Vec<f64>>,
}

impl DomWdegCaCd {
    /// Weights of 0 on the constraints of `model`.
    pub fn new(model: &Model) -> DomWdegCaCd {
        let constraints = Constraints::new(model);
        DomWdegCaCd {
            weights: (model.vars())
                .map(|v| vec![0.0; constraints.of_var(v).len()])
                .collect(),
            open: OpenCounts::new(&constraints),
            constraints,
        }
    }

    /// The weight of constraint `c` for `var` (0 if `var` is not in it).
    pub fn weight(&self, c: u32, var: VarId) -> f64 {
        (self.constraints.of_var(var).iter())
            .position(|&k| k == c)
            .map_or(0.0, |i| self.weights[var.index()][i])
    }
}

impl VariableSelector for DomWdegCaCd {
    fn prepare(&mut self, ctx: &SelectionContext<'_>) {
        self.open.count(&self.constraints, ctx);
    }

    fn score(&mut self, ctx: &SelectionContext<'_>, var: VarId) -> i64 {
        let weights = &self.weights[var.index()];
        // (A weight of 0 adds nothing: its scope is not even looked at.)
        let wdeg: f64 = (self.constraints.of_var(var).iter().zip(weights))
            .filter(|&(&c, &w)| w > 0.0 && self.open.constrains(c, var, ctx))
            .map(|(_, &w)| w)
            .sum();
        if wdeg > 0.0 {
            scaled(f64::from(ctx.size(var)) / wdeg)
        } else {
            i64::MAX
        }
    }

    fn learns(&self) -> bool {
        true
    }

    fn placed(&mut self, ctx: &SelectionContext<'_>, placement: &Placement<'_>) {
        let Some(Some(culprit)) = placement.conflict else {
            return;
        };
        let c = self.constraints.of_culprit(culprit);
        let scope = self.constraints.scope(c);
        let fut = scope.iter().filter(|&&v| !ctx.is_assigned(v)).count();
        for &x in scope.iter().filter(|&&v| !ctx.is_assigned(v)) {
            let slot = (self.constraints.of_var(x).iter()).position(|&k| k == c);
            if let Some(i) = slot {
                let gain = 1.0 / (fut as f64 * f64::from(ctx.size(x).max(1)));
                self.weights[x.index()][i] += gain;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::variable_selection::test_support::{best_agrees_with_scores, failure};
    use crate::testing::latin3;

    #[test]
    fn weights_follow_the_open_variables_and_their_domains() {
        let (model, store) = latin3();
        let ctx = SelectionContext::new(&model, &store);
        let mut h = DomWdegCaCd::new(&model);
        h.prepare(&ctx);
        // No weight yet: every variable scores last.
        assert_eq!(h.score(&ctx, VarId(8)), i64::MAX);
        let sizes = [0; 9];
        // Row 2 (p4: x6 {1,2}, x7 {0,2}, x8 {0,1,2}, all open) fails:
        // x6 and x7 gain 1/(3 x 2), x8 1/(3 x 3). Column 2 (p5: x2 {1,2},
        // x5 {0,2}, x8) fails: the same gains.
        h.placed(&ctx, &failure(8, 4, &sizes));
        h.placed(&ctx, &failure(8, 5, &sizes));
        assert_eq!(h.weight(4, VarId(6)), 1.0 / 6.0);
        assert_eq!(h.weight(4, VarId(8)), 1.0 / 9.0);
        assert_eq!(h.weight(4, VarId(1)), 0.0);
        // x8: 3 / (2/9) = 13.5; x6: 2 / (1/6) = 12, as x7, x2 and x5.
        assert_eq!(h.score(&ctx, VarId(8)), 13_500_000_000);
        assert_eq!(h.score(&ctx, VarId(6)), scaled(12.0));
        let mut best = Vec::new();
        h.best(&ctx, &mut best, false);
        assert_eq!(best, [VarId(2), VarId(5), VarId(6), VarId(7)]);
        best_agrees_with_scores(DomWdegCaCd::new);
    }
}
