//! `Q`: conflict history search, CHS (Habet & Terrioux 2021).

use crate::heuristics::{
    Constraints, OpenCounts, Placement, SelectionContext, VariableSelector, scaled,
};
use crate::{Model, VarId};

/// The step size at the start and after each restart.
const ALPHA_START: f64 = 0.4;
/// The step size never falls below this.
const ALPHA_MIN: f64 = 0.06;
/// The step size falls by this at every conflict.
const ALPHA_STEP: f64 = 1e-6;
/// Added to every constraint's score, so that constraints that never
/// failed still count.
const DELTA: f64 = 1e-4;
/// At a restart, a score is multiplied by this once per conflict since the
/// constraint last failed.
const SMOOTHING: f64 = 0.995;

/// Cell heuristic `Q`, conflict history search, CHS (Habet & Terrioux
/// 2021): every constraint has a score `q`, 0 at the start; when its
/// propagation fails (the search's `n`-th conflict, the constraint's last
/// one being its `m`-th) `q` moves towards the reward `1 / (n - m + 1)` by
/// the step `alpha` (0.4, falling by 10^-6 per conflict to 0.06):
/// `q = (1 - alpha) q + alpha / (n - m + 1)`. The variable with the largest
/// sum of `q + 10^-4` over its constraints that still have another
/// unassigned variable, divided by its domain size, goes first (scored
/// negated, in billionths). A restart sets `alpha` back to 0.4 and
/// multiplies each `q` by 0.995 per conflict since its constraint last
/// failed.
#[derive(Clone, Debug)]
pub struct ConflictHistory {
    constraints: Constraints,
    /// The open variables of each constraint, counted at `prepare`.
    open: OpenCounts,
    q: Vec<f64>,
    /// The conflict number of each constraint's last failure (0: none).
    last: Vec<u64>,
    /// Conflicts so far.
    conflicts: u64,
    alpha: f64,
}

impl ConflictHistory {
    /// Scores of 0 on the constraints of `model`.
    pub fn new(model: &Model) -> ConflictHistory {
        let constraints = Constraints::new(model);
        ConflictHistory {
            q: vec![0.0; constraints.len()],
            last: vec![0; constraints.len()],
            open: OpenCounts::new(&constraints),
            constraints,
            conflicts: 0,
            alpha: ALPHA_START,
        }
    }

    /// The score `q` of constraint `c`.
    pub fn q(&self, c: u32) -> f64 {
        self.q[c as usize]
    }

    /// The step size now.
    pub fn alpha(&self) -> f64 {
        self.alpha
    }
}

impl VariableSelector for ConflictHistory {
    fn prepare(&mut self, ctx: &SelectionContext<'_>) {
        self.open.count(&self.constraints, ctx);
    }

    fn score(&mut self, ctx: &SelectionContext<'_>, var: VarId) -> i64 {
        let sum: f64 = (self.constraints.of_var(var).iter())
            .filter(|&&c| self.open.constrains(c, var, ctx))
            .map(|&c| self.q[c as usize] + DELTA)
            .sum();
        -scaled(sum / f64::from(ctx.size(var).max(1)))
    }

    fn learns(&self) -> bool {
        true
    }

    fn placed(&mut self, _ctx: &SelectionContext<'_>, placement: &Placement<'_>) {
        let Some(Some(culprit)) = placement.conflict else {
            return;
        };
        self.conflicts += 1;
        let c = self.constraints.of_culprit(culprit) as usize;
        let reward = 1.0 / (self.conflicts - self.last[c] + 1) as f64;
        self.q[c] = (1.0 - self.alpha) * self.q[c] + self.alpha * reward;
        self.last[c] = self.conflicts;
        self.alpha = (self.alpha - ALPHA_STEP).max(ALPHA_MIN);
    }

    fn restarted(&mut self) {
        self.alpha = ALPHA_START;
        for (q, &last) in self.q.iter_mut().zip(&self.last) {
            *q *= SMOOTHING.powf((self.conflicts - last) as f64);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::variable_selection::test_support::{best_agrees_with_scores, failure};
    use crate::testing::latin3;

    #[test]
    fn scores_after_known_conflicts_pick_the_cell() {
        let (model, store) = latin3();
        let ctx = SelectionContext::new(&model, &store);
        let mut h = ConflictHistory::new(&model);
        h.prepare(&ctx);
        // Before any conflict: (2 x 10^-4) / dom, x1 {2} first.
        assert_eq!(h.score(&ctx, VarId(1)), -200_000);
        let sizes = [0; 9];
        // Conflict 1 in row 2 (p4): reward 1/(1 - 0 + 1), q = 0.4 x 0.5.
        h.placed(&ctx, &failure(8, 4, &sizes));
        assert!((h.q(4) - 0.2).abs() < 1e-12);
        // Conflict 2 in column 2 (p5): reward 1/3, alpha 0.4 - 10^-6.
        h.placed(&ctx, &failure(8, 5, &sizes));
        let alpha = 0.4 - 1e-6;
        assert!((h.q(5) - alpha / 3.0).abs() < 1e-12);
        // Conflict 3 in row 2 again: reward 1/(3 - 1 + 1).
        h.placed(&ctx, &failure(8, 4, &sizes));
        let alpha2 = alpha - 1e-6;
        let q4 = (1.0 - alpha2) * 0.2 + alpha2 / 3.0;
        assert!((h.q(4) - q4).abs() < 1e-12);
        // x8 {0,1,2}: (q4 + q5 + 2 x 10^-4) / 3 (about 0.129) beats x6
        // {1,2} (column 0 and row 2) and x7 {0,2} (column 1 and row 2):
        // (q4 + 2 x 10^-4) / 2 (about 0.127).
        let q5 = alpha / 3.0;
        assert_eq!(h.score(&ctx, VarId(8)), -scaled((q4 + q5 + 2e-4) / 3.0));
        assert_eq!(h.score(&ctx, VarId(6)), -scaled((q4 + 2e-4) / 2.0));
        assert_eq!(h.score(&ctx, VarId(7)), h.score(&ctx, VarId(6)));
        let mut best = Vec::new();
        h.best(&ctx, &mut best, false);
        assert_eq!(best, [VarId(8)]);
        // A restart: alpha back to 0.4; row 2 last failed at conflict 3
        // (no decay), column 2 at conflict 2 (one step of 0.995).
        h.restarted();
        assert_eq!(h.alpha(), 0.4);
        assert_eq!(h.q(4), q4);
        assert!((h.q(5) - q5 * 0.995).abs() < 1e-15);
        best_agrees_with_scores(ConflictHistory::new);
    }
}
