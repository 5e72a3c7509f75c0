//! `H`: most unassigned related variables (score: minus their number).

use super::tracked_sums::{Contribution, SumScore, SumSelector};

/// Cell heuristic `H`: most unassigned related variables (score: minus their number).
pub type MostEmptyNeighbours = SumSelector<MostEmptyNeighboursScore>;

/// The sums and score of [`MostEmptyNeighbours`].
#[derive(Clone, Copy, Debug)]
pub struct MostEmptyNeighboursScore;

impl SumScore for MostEmptyNeighboursScore {
    const CONTRIBUTION: Contribution = Contribution::OpenNeighbour;

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
            scores_with(MostEmptyNeighbours::new, &[1, 2, 8]),
            vec![-2, -3, -4]
        );
    }
}
