//! `6`: the value whose placement removes the fewest candidates from the unassigned related variables (score: that count).

use super::forward_check_removals::ByRemovals;

/// Value heuristic `6`: the value whose placement removes the fewest candidates from the unassigned related variables (score: that count).
///
/// The count is what forward checking would remove (see
/// [`ByRemovals`]).
pub type LeastConstraining = ByRemovals<false>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::value_selection::test_support::scores_of_x8_with;

    #[test]
    fn hand_checked_scores() {
        // x8 has {0, 1, 2}; its unassigned related cells x2 {1,2}, x5 {0,2},
        // x6 {1,2}, x7 {0,2}; the filled cells hold 0 (x0) and 1 (x4).
        // Their 8 candidates lose 2, 2 and 4.
        assert_eq!(scores_of_x8_with(LeastConstraining::new), vec![2, 2, 4]);
    }
}
