//! `H`: most unassigned related variables (score: minus their number).

use crate::VarId;
use crate::heuristics::{SelectionContext, VariableSelector};

use super::fewest_empty_neighbours::empty_neighbours;

/// Cell heuristic `H`: most unassigned related variables (score: minus their number).
#[derive(Clone, Copy, Debug, Default)]
pub struct MostEmptyNeighbours;

impl VariableSelector for MostEmptyNeighbours {
    #[inline]
    fn score(&mut self, ctx: &SelectionContext<'_>, var: VarId) -> i64 {
        -empty_neighbours(ctx, var)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::variable_selection::test_support::scores;

    #[test]
    fn hand_checked_scores() {
        assert_eq!(scores(MostEmptyNeighbours, &[1, 2, 8]), vec![-2, -3, -4]);
    }
}
