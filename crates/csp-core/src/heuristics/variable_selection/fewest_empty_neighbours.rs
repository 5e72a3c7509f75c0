//! `G`: fewest unassigned related variables (score: their number).

use super::tracked_sums::{Contribution, SumScore, SumSelector};

/// Cell heuristic `G`: fewest unassigned related variables (score: their number).
pub type FewestEmptyNeighbours = SumSelector<FewestEmptyNeighboursScore>;

/// The sums and score of [`FewestEmptyNeighbours`].
#[derive(Clone, Copy, Debug)]
pub struct FewestEmptyNeighboursScore;

impl SumScore for FewestEmptyNeighboursScore {
    const CONTRIBUTION: Contribution = Contribution::OpenNeighbour;

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
        // x1: x2 x7; x2: x1 x5 x8; x8: x2 x5 x6 x7.
        assert_eq!(
            scores_with(FewestEmptyNeighbours::new, &[1, 2, 8]),
            vec![2, 3, 4]
        );
    }
}
