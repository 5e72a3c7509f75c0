//! `S`: VSIDS, variable state independent decaying sum (Moskewicz et al.
//! 2001), the branching of conflict-driven clause learning.

use crate::heuristics::{Constraints, Placement, SelectionContext, VariableSelector};
use crate::{Model, VarId};

/// The bump grows by 1 / this at every conflict (older conflicts weigh
/// less, geometrically).
pub const VSIDS_DECAY: f64 = 0.95;
/// Past this, every activity and the bump are scaled down by it.
const RESCALE_AT: f64 = 1e100;

/// Cell heuristic `S`, VSIDS (Moskewicz et al. 2001, as MiniSat runs it):
/// every variable has an activity, 0 at the start; at every conflict the
/// variables met get the bump (1 at the start), which then grows by
/// 1/0.95, so that recent conflicts weigh most. In a learning search
/// ([`crate::learning`]) the variables met are those of the literals of
/// the conflict's analysis; in any other search, those of the constraint
/// that failed. The variable with the largest activity goes first
/// (compared exactly: scored by its activity's order, negated).
#[derive(Clone, Debug)]
pub struct Vsids {
    activity: Vec<f64>,
    bump: f64,
    constraints: Constraints,
}

impl Vsids {
    /// Activities of 0 on the variables of `model`.
    pub fn new(model: &Model) -> Vsids {
        Vsids {
            activity: vec![0.0; model.num_vars()],
            bump: 1.0,
            constraints: Constraints::new(model),
        }
    }

    /// The activity of `var`.
    pub fn activity(&self, var: VarId) -> f64 {
        self.activity[var.index()]
    }

    /// After a conflict's bumps: the bump grows.
    fn decay(&mut self) {
        self.bump /= VSIDS_DECAY;
        if self.bump > RESCALE_AT {
            for a in &mut self.activity {
                *a /= RESCALE_AT;
            }
            self.bump /= RESCALE_AT;
        }
    }
}

impl VariableSelector for Vsids {
    fn score(&mut self, _ctx: &SelectionContext<'_>, var: VarId) -> i64 {
        // A non-negative float's bits order as it does.
        -(self.activity[var.index()].to_bits() as i64)
    }

    fn learns(&self) -> bool {
        true
    }

    fn placed(&mut self, _ctx: &SelectionContext<'_>, placement: &Placement<'_>) {
        let Some(Some(culprit)) = placement.conflict else {
            return;
        };
        let c = self.constraints.of_culprit(culprit);
        for &v in self.constraints.scope(c) {
            self.activity[v.index()] += self.bump;
        }
        self.decay();
    }

    fn conflict_analysed(&mut self, met: &[VarId]) {
        for &v in met {
            self.activity[v.index()] += self.bump;
        }
        self.decay();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::variable_selection::test_support::{best_agrees_with_scores, failure};
    use crate::testing::latin3;

    #[test]
    fn recent_conflicts_weigh_more() {
        let (model, store) = latin3();
        let ctx = SelectionContext::new(&model, &store);
        let mut h = Vsids::new(&model);
        assert_eq!(h.score(&ctx, VarId(4)), 0);
        // x0, x1 met in a first conflict (bump 1), x2 in a second (bump
        // 1/0.95): x2 first, then x0 and x1 tied.
        h.conflict_analysed(&[VarId(0), VarId(1)]);
        h.conflict_analysed(&[VarId(2)]);
        assert_eq!(
            (h.activity(VarId(0)), h.activity(VarId(2))),
            (1.0, 1.0 / 0.95)
        );
        assert!(h.score(&ctx, VarId(2)) < h.score(&ctx, VarId(0)));
        assert_eq!(h.score(&ctx, VarId(0)), h.score(&ctx, VarId(1)));
        // Without learning: the failed constraint's scope (row 2, p4:
        // x6, x7, x8) gets the bump 1/0.95^2.
        h.placed(&ctx, &failure(8, 4, &[0; 9]));
        assert_eq!(h.activity(VarId(7)), 1.0 / (0.95 * 0.95));
        assert_eq!(h.activity(VarId(3)), 0.0);
        best_agrees_with_scores(Vsids::new);
    }

    #[test]
    fn activities_are_scaled_down_without_changing_their_order() {
        let (model, store) = latin3();
        let ctx = SelectionContext::new(&model, &store);
        let mut h = Vsids::new(&model);
        // 0.95^-4,500 is past 10^100.
        for k in 0..4_500 {
            h.conflict_analysed(&[VarId(k % 3)]);
        }
        assert!(h.activity(VarId(0)) < RESCALE_AT && h.bump < RESCALE_AT);
        // The last conflict (4,499: x2) is the newest, then x1, then x0.
        let s: Vec<i64> = (0..3).map(|v| h.score(&ctx, VarId(v))).collect();
        assert!(s[2] < s[1] && s[1] < s[0], "{s:?}");
    }
}
