//! The two selector traits.

use std::fmt;

use super::{Placement, SelectionContext};
use crate::VarId;

/// Scores unassigned variables; the search branches on the one with the
/// smallest score (ties: the next selector of the chain, then the lowest
/// index). A selector reads the state and cannot change domains.
pub trait VariableSelector: Send + fmt::Debug {
    /// The score of `var` (unassigned) in the current state, once
    /// [`prepare`](Self::prepare) has seen that state.
    fn score(&mut self, ctx: &SelectionContext<'_>, var: VarId) -> i64;

    /// Called once per selection, in the state to be scored, before the
    /// [`score`](Self::score) calls: a selector that keeps sums up to date
    /// instead of computing them per variable catches up here. The default
    /// does nothing.
    fn prepare(&mut self, _ctx: &SelectionContext<'_>) {}

    /// Replaces `scores` with the score of each of `candidates`, in
    /// order, and returns the smallest (`i64::MAX` for none). Not meant to
    /// be overridden: the default body is compiled for each selector, so
    /// its [`score`](Self::score) calls are static and the chain makes one
    /// dynamic call per selection rather than one per variable.
    #[inline]
    fn score_each(
        &mut self,
        ctx: &SelectionContext<'_>,
        candidates: &[VarId],
        scores: &mut Vec<i64>,
    ) -> i64 {
        scores.clear();
        let mut best = i64::MAX;
        for &v in candidates {
            let s = self.score(ctx, v);
            best = best.min(s);
            scores.push(s);
        }
        best
    }

    /// Appends to `out` the unassigned variables with the smallest score,
    /// in index order; with `first_only` (no later link breaks the ties
    /// but the index) only the first of them. The default
    /// [`prepare`](Self::prepare)s, then scores each unassigned variable
    /// once, in index order (static calls: the body is compiled for each
    /// selector), keeping the best as it goes; a selector that knows its
    /// best without scoring every variable overrides it. A lone unassigned
    /// variable is handed over unscored, as the chain's later links do
    /// with a lone candidate (so a random selector draws nothing for it).
    #[inline]
    fn best(&mut self, ctx: &SelectionContext<'_>, out: &mut Vec<VarId>, first_only: bool) {
        if ctx.unassigned_count() <= 1 {
            out.extend_from_slice(ctx.first_open().as_slice());
            return;
        }
        self.prepare(ctx);
        let start = out.len();
        let mut least = i64::MAX;
        ctx.for_each_unassigned(|v| {
            let s = self.score(ctx, v);
            // (The first is kept even if it scores i64::MAX.)
            if s < least || out.len() == start {
                least = s;
                out.truncate(start);
                out.push(v);
            } else if s == least && !first_only {
                out.push(v);
            }
        });
    }

    /// Whether its score is the variable's index (input order), so that of
    /// candidates in index order the first wins without scoring (no unless
    /// it says otherwise).
    fn scores_index(&self) -> bool {
        false
    }

    /// Whether it learns from the search (no unless it says otherwise):
    /// only then does the search tell it every [`placed`](Self::placed)
    /// and [`restarted`](Self::restarted), so static chains pay nothing.
    fn learns(&self) -> bool {
        false
    }

    /// Told the outcome of every placement, after its propagation (see
    /// [`Placement`]), when it [`learns`](Self::learns). The default does
    /// nothing.
    fn placed(&mut self, _ctx: &SelectionContext<'_>, _placement: &Placement<'_>) {}

    /// Told that the search restarted from the root (after the nogoods of
    /// the abandoned branch were recorded), when it
    /// [`learns`](Self::learns). The default does nothing.
    fn restarted(&mut self) {}

    /// Told, in a learning search ([`crate::learning`]), the variables of
    /// the literals met in the analysis of each conflict, when it
    /// [`learns`](Self::learns). The default does nothing.
    fn conflict_analysed(&mut self, _met: &[VarId]) {}
}

/// Scores the values of the variable being branched on; they are tried from
/// the smallest score up (ties: the next selector of the chain, then the
/// lowest value). Scores are taken once, in the state where the variable was
/// chosen. A selector reads the state and cannot change domains.
pub trait ValueSelector: Send + fmt::Debug {
    /// The score of trying `value` for `var`.
    fn score(&mut self, ctx: &SelectionContext<'_>, var: VarId, value: u32) -> i64;

    /// Whether its score is the value itself (lowest first), so that values
    /// already in ascending order need no scoring (no unless it says
    /// otherwise).
    fn scores_value(&self) -> bool {
        false
    }

    /// As [`VariableSelector::learns`].
    fn learns(&self) -> bool {
        false
    }

    /// As [`VariableSelector::placed`].
    fn placed(&mut self, _ctx: &SelectionContext<'_>, _placement: &Placement<'_>) {}

    /// As [`VariableSelector::restarted`].
    fn restarted(&mut self) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::latin3;

    /// Scores every variable alike, the largest score there is.
    #[derive(Debug)]
    struct AllMax;

    impl VariableSelector for AllMax {
        fn score(&mut self, _ctx: &SelectionContext<'_>, _var: VarId) -> i64 {
            i64::MAX
        }
    }

    #[test]
    fn the_default_best_keeps_ties_at_the_largest_score() {
        let (model, store) = latin3();
        let ctx = SelectionContext::new(&model, &store);
        let open: Vec<VarId> = ctx.unassigned_vars().collect();
        assert!(open.len() > 1);
        let mut first = Vec::new();
        AllMax.best(&ctx, &mut first, true);
        assert_eq!(first, open[..1]);
        let mut all = Vec::new();
        AllMax.best(&ctx, &mut all, false);
        assert_eq!(all, open);
    }
}
