//! `2`: a random value order, from a seeded generator.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};

use crate::VarId;
use crate::heuristics::{SelectionContext, ValueSelector};

/// Value heuristic `2`: a uniform random score for each value at each
/// choice, from a ChaCha8 generator seeded with the chain's seed (the same
/// seed reproduces a run exactly, on every platform).
#[derive(Clone, Debug)]
pub struct RandomValue {
    rng: ChaCha8Rng,
}

impl RandomValue {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> RandomValue {
        RandomValue {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl ValueSelector for RandomValue {
    #[inline]
    fn score(&mut self, _ctx: &SelectionContext<'_>, _var: VarId, _value: u32) -> i64 {
        (self.rng.next_u64() >> 1) as i64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::value_selection::test_support::scores_of_x8;

    #[test]
    fn same_seed_same_scores() {
        let a = scores_of_x8(RandomValue::new(3));
        assert_eq!(a, scores_of_x8(RandomValue::new(3)));
        assert_ne!(a, scores_of_x8(RandomValue::new(4)));
    }
}
