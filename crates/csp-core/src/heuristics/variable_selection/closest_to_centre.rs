//! `D`: closest to the centre.

use crate::heuristics::{SelectionContext, VariableSelector};
use crate::{Model, VarId};

/// Cell heuristic `D`: closest to the centre. Score:
/// `round(100 * distance(position, centre))`, where the centre is the
/// centroid of all positions (`((N-1)/2, (N-1)/2)` on an `N`x`N` grid).
/// Computed once per model.
#[derive(Clone, Debug)]
pub struct ClosestToCentre {
    scores: Vec<i64>,
    /// The variables by score, then index.
    order: Vec<VarId>,
}

impl ClosestToCentre {
    /// Scores for `model`'s variables (0 for all if it has no positions).
    pub fn new(model: &Model) -> ClosestToCentre {
        let scores = match model.centre() {
            Some([cr, cc]) => model
                .vars()
                .map(|v| {
                    let [r, c] = model.position(v).expect("model has positions");
                    (100.0 * ((r - cr).powi(2) + (c - cc).powi(2)).sqrt()).round() as i64
                })
                .collect(),
            None => vec![0; model.num_vars()],
        };
        let mut order: Vec<VarId> = model.vars().collect();
        order.sort_by_key(|v| (scores[v.index()], v.0));
        ClosestToCentre { scores, order }
    }
}

impl VariableSelector for ClosestToCentre {
    #[inline]
    fn score(&mut self, _ctx: &SelectionContext<'_>, var: VarId) -> i64 {
        self.scores[var.index()]
    }

    /// The scores never change: the best are the first open variables in
    /// score order.
    #[inline]
    fn best(&mut self, ctx: &SelectionContext<'_>, out: &mut Vec<VarId>, first_only: bool) {
        let mut open = self.order.iter().filter(|&&v| !ctx.is_assigned(v));
        let Some(&first) = open.next() else {
            return;
        };
        out.push(first);
        if !first_only {
            let best = self.scores[first.index()];
            out.extend(open.take_while(|v| self.scores[v.index()] == best));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::variable_selection::test_support::{best_agrees_with_scores, scores};
    use crate::testing::latin3;

    #[test]
    fn hand_checked_scores() {
        // Centre (1,1): x1 at (0,1) is 1 away, corners sqrt(2).
        let (model, _) = latin3();
        let d = ClosestToCentre::new(&model);
        assert_eq!(scores(d, &[1, 2, 4, 8]), vec![100, 141, 0, 141]);
        best_agrees_with_scores(ClosestToCentre::new);
    }
}
