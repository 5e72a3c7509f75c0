//! `W`: dom/wdeg (Boussemart, Hemery, Lecoutre, Sais 2004).

use crate::heuristics::{
    Constraints, OpenCounts, Placement, SelectionContext, VariableSelector, scaled,
};
use crate::{Model, VarId};

/// Cell heuristic `W`, dom/wdeg (Boussemart, Hemery, Lecoutre, Sais 2004):
/// every constraint has a weight, 1 at the start, and 1 more each time its
/// propagation fails; the score is the domain size divided by the summed
/// weights of the variable's constraints that still have another
/// unassigned variable (smallest first, in billionths; a variable with no
/// such constraint scores last). Weights are kept for the whole search,
/// restarts included.
#[derive(Clone, Debug)]
pub struct DomWdeg {
    constraints: Constraints,
    weights: Vec<u64>,
    /// The open variables of each constraint, counted at `prepare`.
    open: OpenCounts,
}

impl DomWdeg {
    /// Weights of 1 on the constraints of `model`.
    pub fn new(model: &Model) -> DomWdeg {
        let constraints = Constraints::new(model);
        DomWdeg {
            weights: vec![1; constraints.len()],
            open: OpenCounts::new(&constraints),
            constraints,
        }
    }

    /// The weight of constraint `c` ([`Constraints`] numbering).
    pub fn weight(&self, c: u32) -> u64 {
        self.weights[c as usize]
    }

    /// The summed weights of the constraints of `var` that still have
    /// another unassigned variable.
    pub fn wdeg(&self, ctx: &SelectionContext<'_>, var: VarId) -> u64 {
        self.summed(var, |c| (self.constraints).constrains_now(c, var, ctx))
    }

    /// The summed weights of the constraints of `var` that `counts`.
    fn summed(&self, var: VarId, counts: impl Fn(u32) -> bool) -> u64 {
        (self.constraints.of_var(var).iter())
            .filter(|&&c| counts(c))
            .map(|&c| self.weights[c as usize])
            .sum()
    }
}

impl VariableSelector for DomWdeg {
    fn prepare(&mut self, ctx: &SelectionContext<'_>) {
        self.open.count(&self.constraints, ctx);
    }

    fn score(&mut self, ctx: &SelectionContext<'_>, var: VarId) -> i64 {
        // As `wdeg`, from the open variables counted in `prepare`.
        match self.summed(var, |c| self.open.constrains(c, var, ctx)) {
            0 => i64::MAX,
            w => scaled(f64::from(ctx.size(var)) / w as f64),
        }
    }

    fn learns(&self) -> bool {
        true
    }

    fn placed(&mut self, _ctx: &SelectionContext<'_>, placement: &Placement<'_>) {
        if let Some(Some(culprit)) = placement.conflict {
            self.weights[self.constraints.of_culprit(culprit) as usize] += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::variable_selection::test_support::{best_agrees_with_scores, failure};
    use crate::testing::latin3;

    #[test]
    fn weights_after_known_failures_pick_the_cell() {
        // latin3: p0 row 0, p1 column 0, p2 row 1, p3 column 1, p4 row 2,
        // p5 column 2. x8 {0,1,2} is in row 2 and column 2.
        let (model, store) = latin3();
        let ctx = SelectionContext::new(&model, &store);
        let mut h = DomWdeg::new(&model);
        h.prepare(&ctx);
        // Before any failure: dom/deg. x1 {2}: row 0 (x2 open) and column 1
        // (x7 open): 1/2.
        assert_eq!(h.score(&ctx, VarId(1)), 500_000_000);
        assert_eq!(h.score(&ctx, VarId(8)), 1_500_000_000);
        // Row 2 fails four times, column 2 twice, column 0 once: x8 has
        // 3/(5+3).
        let sizes = [0; 9];
        for p in [4, 4, 4, 4, 5, 5, 1] {
            h.placed(&ctx, &failure(8, p, &sizes));
        }
        assert_eq!(
            (h.weight(4), h.weight(5), h.weight(1), h.weight(0)),
            (5, 3, 2, 1)
        );
        assert_eq!(h.wdeg(&ctx, VarId(8)), 8);
        assert_eq!(h.score(&ctx, VarId(8)), 375_000_000);
        // x6 {1,2}: column 0 (x3 open) 2 + row 2 5: 2/7, the best; x7
        // {0,2}: column 1 1 + row 2 5: 2/6; x3 {2}: 1/(1+2).
        assert_eq!(h.score(&ctx, VarId(6)), 285_714_285);
        assert_eq!(h.score(&ctx, VarId(7)), 333_333_333);
        assert_eq!(h.score(&ctx, VarId(3)), 333_333_333);
        let mut best = Vec::new();
        h.best(&ctx, &mut best, false);
        assert_eq!(best, [VarId(6)]);
        best_agrees_with_scores(DomWdeg::new);
    }

    #[test]
    fn a_constraint_without_another_open_variable_does_not_count() {
        // x3 {2}: row 1 has x5 open, column 0 has x6 open; with x5 and x6
        // assigned neither counts and x3 scores last.
        let (model, mut store) = latin3();
        store.assign(VarId(5), 0);
        store.assign(VarId(6), 1);
        let ctx = SelectionContext::new(&model, &store);
        let mut h = DomWdeg::new(&model);
        h.prepare(&ctx);
        assert_eq!(h.wdeg(&ctx, VarId(3)), 0);
        assert_eq!(h.score(&ctx, VarId(3)), i64::MAX);
    }
}
