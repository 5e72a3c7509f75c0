//! Value heuristics `0`-`9`, `a`, one per file. Each scores a candidate value
//! of the chosen variable; values are tried from the smallest score up.
//!
//! `5` and `8` order values identically, and so do `6` and `7`: they are
//! defined differently (what placing the value leaves the related variables,
//! versus how common the value is among them) but reduce to the same order.

mod highest_value;
mod least_common_in_neighbours;
mod least_common_on_board;
mod least_constraining;
mod least_used;
mod lowest_value;
mod most_common_in_neighbours;
mod most_common_on_board;
mod most_constraining;
mod most_used;
mod random_value;

pub use highest_value::HighestValue;
pub use least_common_in_neighbours::LeastCommonInNeighbours;
pub use least_common_on_board::LeastCommonOnBoard;
pub use least_constraining::LeastConstraining;
pub use least_used::LeastUsed;
pub use lowest_value::LowestValue;
pub use most_common_in_neighbours::MostCommonInNeighbours;
pub use most_common_on_board::MostCommonOnBoard;
pub use most_constraining::MostConstraining;
pub use most_used::MostUsed;
pub use random_value::RandomValue;

#[cfg(test)]
pub(crate) mod test_support {
    use crate::VarId;
    use crate::heuristics::{SelectionContext, ValueSelector};
    use crate::testing::latin3;

    /// The scores `selector` gives the values 0, 1, 2 of `x8` in the
    /// `latin3` fixture.
    pub(crate) fn scores_of_x8(mut selector: impl ValueSelector) -> Vec<i64> {
        let (model, store) = latin3();
        let ctx = SelectionContext::new(&model, &store);
        (0..3).map(|v| selector.score(&ctx, VarId(8), v)).collect()
    }
}
