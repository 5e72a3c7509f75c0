//! `E`: fewest candidates, MRV or first fail (score: the domain size).

use crate::VarId;
use crate::heuristics::{SelectionContext, VariableSelector};

/// Cell heuristic `E`: fewest candidates, MRV or first fail (score: the domain size).
#[derive(Clone, Copy, Debug, Default)]
pub struct FewestCandidates;

impl VariableSelector for FewestCandidates {
    #[inline]
    fn score(&mut self, ctx: &SelectionContext<'_>, var: VarId) -> i64 {
        ctx.size(var) as i64
    }

    /// The store keeps variables by domain size: no scan.
    #[inline]
    fn best(&mut self, ctx: &SelectionContext<'_>, out: &mut Vec<VarId>, first_only: bool) {
        if first_only {
            out.extend_from_slice(ctx.first_of_fewest().as_slice());
        } else if let Some(k) = ctx.smallest_open_size() {
            ctx.all_of_size(k, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::variable_selection::test_support::{best_agrees_with_scores, scores};

    #[test]
    fn hand_checked_scores() {
        assert_eq!(scores(FewestCandidates, &[1, 2, 8]), vec![1, 2, 3]);
        best_agrees_with_scores(|_| FewestCandidates);
    }
}
