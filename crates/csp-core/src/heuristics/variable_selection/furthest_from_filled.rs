//! `J`: furthest from the assigned variables (score: minus the score of I).

use super::tracked_sums::{Contribution, SumScore, SumSelector};

/// Cell heuristic `J`: furthest from the assigned variables (score: minus the score of I).
pub type FurthestFromFilled = SumSelector<FurthestFromFilledScore>;

/// The sums and score of [`FurthestFromFilled`].
#[derive(Clone, Copy, Debug)]
pub struct FurthestFromFilledScore;

impl SumScore for FurthestFromFilledScore {
    const CONTRIBUTION: Contribution = Contribution::FilledDistance;

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
            scores_with(FurthestFromFilled::new, &[1, 2, 8]),
            vec![-2_000_000, -3_414_214, -4_242_641]
        );
    }
}
