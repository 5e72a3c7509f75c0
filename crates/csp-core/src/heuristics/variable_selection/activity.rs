//! `V`: activity-based search, ABS (Michel & Van Hentenryck 2012).

use crate::heuristics::{Placement, SelectionContext, VariableSelector, scaled};
use crate::{Model, VarId};

/// The factor the activity of a variable with more than one candidate
/// decays by at each placement.
pub const ACTIVITY_DECAY: f64 = 0.999;

/// Cell heuristic `V`, activity-based search, ABS (Michel & Van
/// Hentenryck 2012): every variable has an activity, 0 at the start; after
/// each placement's propagation (failed or not) the activity of every
/// variable that had more than one candidate before it decays by the
/// factor 0.999, then every variable whose domain it narrowed gains 1. The variable with the largest activity divided by its
/// domain size goes first (scored negated, in billionths). Activities are
/// kept across restarts. (The paper also starts the activities by random
/// probing; here they start at 0 and the next link of the chain decides
/// until they differ.)
#[derive(Clone, Debug)]
pub struct Activity {
    activity: Vec<f64>,
}

impl Activity {
    /// Activities of 0 for the variables of `model`.
    pub fn new(model: &Model) -> Activity {
        Activity {
            activity: vec![0.0; model.num_vars()],
        }
    }

    /// The activity of `var`.
    pub fn activity(&self, var: VarId) -> f64 {
        self.activity[var.index()]
    }
}

impl VariableSelector for Activity {
    fn score(&mut self, ctx: &SelectionContext<'_>, var: VarId) -> i64 {
        -scaled(self.activity[var.index()] / f64::from(ctx.size(var).max(1)))
    }

    fn learns(&self) -> bool {
        true
    }

    fn placed(&mut self, ctx: &SelectionContext<'_>, placement: &Placement<'_>) {
        for (i, (a, &before)) in self
            .activity
            .iter_mut()
            .zip(placement.sizes_before)
            .enumerate()
        {
            if before > 1 {
                *a *= ACTIVITY_DECAY;
            }
            if ctx.size(VarId(i as u32)) < before {
                *a += 1.0;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::variable_selection::test_support::{best_agrees_with_scores, success};
    use crate::testing::latin3;

    #[test]
    fn narrowed_variables_gain_and_the_others_decay() {
        let (model, store) = latin3();
        let ctx = SelectionContext::new(&model, &store);
        let mut h = Activity::new(&model);
        // As if the placement had narrowed x2 (3 -> 2) and x8 (4 -> 3):
        // sizes before one larger for them.
        let now: Vec<u32> = model.vars().map(|v| store.size(v)).collect();
        let mut before = now.clone();
        before[2] += 1;
        before[8] += 1;
        h.placed(&ctx, &success(0, 0, &before));
        h.placed(&ctx, &success(0, 0, &before));
        before[8] -= 1;
        h.placed(&ctx, &success(0, 0, &before));
        // x2 (3 candidates, then 2) decays and gains 3 times; x8 twice,
        // then decays; x1 (one candidate) stays at 0.
        let d = ACTIVITY_DECAY;
        let x2 = (d + 1.0) * d + 1.0;
        assert_eq!(h.activity(VarId(2)), x2);
        assert_eq!(h.activity(VarId(8)), (d + 1.0) * d);
        assert_eq!(h.activity(VarId(1)), 0.0);
        // x2 {1,2}: about 3/2 beats x8 {0,1,2}: about 2/3.
        assert_eq!(h.score(&ctx, VarId(2)), -scaled(x2 / 2.0));
        assert_eq!(h.score(&ctx, VarId(8)), -scaled((d + 1.0) * d / 3.0));
        let mut best = Vec::new();
        h.best(&ctx, &mut best, false);
        assert_eq!(best, [VarId(2)]);
        best_agrees_with_scores(Activity::new);
    }
}
