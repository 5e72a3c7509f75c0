//! `K`: fewest candidates in the variable and its unassigned related variables together (score: the sum of their domain sizes).

use super::tracked_sums::{Contribution, SumScore, SumSelector};

/// Cell heuristic `K`: fewest candidates in the variable and its unassigned related variables together (score: the sum of their domain sizes).
pub type NeighbourhoodFewestCandidates = SumSelector<NeighbourhoodFewestCandidatesScore>;

/// The sums and score of [`NeighbourhoodFewestCandidates`].
#[derive(Clone, Copy, Debug)]
pub struct NeighbourhoodFewestCandidatesScore;

impl SumScore for NeighbourhoodFewestCandidatesScore {
    const CONTRIBUTION: Contribution = Contribution::OpenNeighbourhoodCandidates;

    #[inline]
    fn score(sum: i64) -> i64 {
        sum
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::variable_selection::test_support::scores_with;

    #[test]
    fn hand_checked_scores() {
        // x1: 1 + x2 (2) + x7 (2); x2: 2 + x1 (1) + x5 (2) + x8 (3);
        // x8: 3 + x2 x5 x6 x7 (2 each).
        assert_eq!(
            scores_with(NeighbourhoodFewestCandidates::new, &[1, 2, 8]),
            vec![5, 8, 11]
        );
    }
}
