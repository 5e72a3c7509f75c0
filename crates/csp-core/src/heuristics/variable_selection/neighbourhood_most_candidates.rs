//! `L`: most candidates in the variable and its unassigned related variables together (score: minus the sum of their domain sizes).

use super::tracked_sums::{Contribution, SumScore, SumSelector};

/// Cell heuristic `L`: most candidates in the variable and its unassigned related variables together (score: minus the sum of their domain sizes).
pub type NeighbourhoodMostCandidates = SumSelector<NeighbourhoodMostCandidatesScore>;

/// The sums and score of [`NeighbourhoodMostCandidates`].
#[derive(Clone, Copy, Debug)]
pub struct NeighbourhoodMostCandidatesScore;

impl SumScore for NeighbourhoodMostCandidatesScore {
    const CONTRIBUTION: Contribution = Contribution::OpenNeighbourhoodCandidates;

    #[inline]
    fn score(sum: i64) -> i64 {
        -sum
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::variable_selection::test_support::scores_with;

    #[test]
    fn hand_checked_scores() {
        assert_eq!(
            scores_with(NeighbourhoodMostCandidates::new, &[1, 2, 8]),
            vec![-5, -8, -11]
        );
    }
}
