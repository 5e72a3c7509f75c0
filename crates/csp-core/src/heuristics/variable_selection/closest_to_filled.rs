//! `I`: closest to the assigned variables (score: the sum of the euclidean distances to every assigned variable, each in millionths, rounded, so that mirror-image positions tie exactly).

use super::tracked_sums::{Contribution, SumScore, SumSelector};

/// Cell heuristic `I`: closest to the assigned variables (score: the sum of the euclidean distances to every assigned variable, each in millionths, rounded, so that mirror-image positions tie exactly).
pub type ClosestToFilled = SumSelector<ClosestToFilledScore>;

/// The sums and score of [`ClosestToFilled`].
#[derive(Clone, Copy, Debug)]
pub struct ClosestToFilledScore;

impl SumScore for ClosestToFilledScore {
    const CONTRIBUTION: Contribution = Contribution::FilledDistance;

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
        // Filled: x0 at (0,0), x4 at (1,1).
        // x1 (0,1): 1 + 1; x2 (0,2): 2 + 1.414214; x8 (2,2): 2.828427 + 1.414214.
        assert_eq!(
            scores_with(ClosestToFilled::new, &[1, 2, 8]),
            vec![2_000_000, 3_414_214, 4_242_641]
        );
    }
}
