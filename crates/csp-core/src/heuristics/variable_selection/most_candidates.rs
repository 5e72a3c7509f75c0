//! `F`: most candidates (score: minus the domain size).

use crate::VarId;
use crate::heuristics::{SelectionContext, VariableSelector};

/// Cell heuristic `F`: most candidates (score: minus the domain size).
#[derive(Clone, Copy, Debug, Default)]
pub struct MostCandidates;

impl VariableSelector for MostCandidates {
    #[inline]
    fn score(&mut self, ctx: &SelectionContext<'_>, var: VarId) -> i64 {
        -(ctx.size(var) as i64)
    }

    /// The store keeps variables by domain size: no scan.
    #[inline]
    fn best(&mut self, ctx: &SelectionContext<'_>, out: &mut Vec<VarId>, first_only: bool) {
        let size = ctx.largest_open_size();
        match (size, first_only) {
            (Some(k), true) => out.extend_from_slice(ctx.first_of_size(k).as_slice()),
            (Some(k), false) => ctx.all_of_size(k, out),
            (None, _) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::variable_selection::test_support::scores;

    #[test]
    fn hand_checked_scores() {
        assert_eq!(scores(MostCandidates, &[1, 2, 8]), vec![-1, -2, -3]);
    }
}
