//! Value heuristics `0`-`9`, `a`, one per file. Each scores a candidate value
//! of the chosen variable; values are tried from the smallest score up.
//!
//! `5`-`8` count, for a value, the candidates forward checking would remove
//! from the unassigned related variables if it were placed (see
//! `forward_check_removals.rs`): `5` tries the value with the largest count
//! first, `6` the smallest; `7` orders as `6` and `8` as `5`. On a classic
//! grid the count is the number of empty related cells having the value as
//! a candidate (`7` and `8` are "how common the value is among them").

mod forward_check_removals;
mod highest_value;
mod least_common_in_neighbours;
mod least_common_on_board;
mod least_constraining;
mod least_impact;
mod least_used;
mod lowest_value;
mod most_common_in_neighbours;
mod most_common_on_board;
mod most_constraining;
mod most_used;
mod random_value;

pub use forward_check_removals::ByRemovals;
pub use highest_value::HighestValue;
pub use least_common_in_neighbours::LeastCommonInNeighbours;
pub use least_common_on_board::LeastCommonOnBoard;
pub use least_constraining::LeastConstraining;
pub use least_impact::LeastImpact;
pub use least_used::LeastUsed;
pub use lowest_value::LowestValue;
pub use most_common_in_neighbours::MostCommonInNeighbours;
pub use most_common_on_board::MostCommonOnBoard;
pub use most_constraining::MostConstraining;
pub use most_used::MostUsed;
pub use random_value::RandomValue;

#[cfg(test)]
pub(crate) mod test_support {
    use crate::heuristics::{SelectionContext, ValueSelector};
    use crate::testing::latin3;
    use crate::{Model, VarId};

    /// The scores `selector` gives the values 0, 1, 2 of `x8` in the
    /// `latin3` fixture.
    pub(crate) fn scores_of_x8(selector: impl ValueSelector) -> Vec<i64> {
        scores_of_x8_with(|_| selector)
    }

    /// [`scores_of_x8`] for a selector made for the fixture's model.
    pub(crate) fn scores_of_x8_with<S: ValueSelector>(
        selector: impl FnOnce(&Model) -> S,
    ) -> Vec<i64> {
        let (model, store) = latin3();
        let mut selector = selector(&model);
        let ctx = SelectionContext::new(&model, &store);
        (0..3).map(|v| selector.score(&ctx, VarId(8), v)).collect()
    }
}
