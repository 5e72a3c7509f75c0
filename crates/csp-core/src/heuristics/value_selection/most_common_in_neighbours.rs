//! `8`: the value that is a candidate of the most unassigned related variables; on any rule set, ordered as `5` (score: the count of `5`, negated).

use super::forward_check_removals::ByRemovals;

/// Value heuristic `8`: the value that is a candidate of the most unassigned related variables; on any rule set, ordered as `5` (score: the count of `5`, negated).
///
/// The count is what forward checking would remove (see
/// [`ByRemovals`]).
pub type MostCommonInNeighbours = ByRemovals<true>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::value_selection::test_support::scores_of_x8_with;

    #[test]
    fn hand_checked_scores() {
        // x8 has {0, 1, 2}; its unassigned related cells x2 {1,2}, x5 {0,2},
        // x6 {1,2}, x7 {0,2}; the filled cells hold 0 (x0) and 1 (x4).
        assert_eq!(
            scores_of_x8_with(MostCommonInNeighbours::new),
            vec![-2, -2, -4]
        );
    }
}
