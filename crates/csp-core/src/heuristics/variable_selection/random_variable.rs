//! `C`: a random variable, from a seeded generator.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};

use crate::VarId;
use crate::heuristics::{SelectionContext, VariableSelector};

/// Cell heuristic `C`: a uniform random score for each variable at each
/// choice, from a ChaCha8 generator seeded with the chain's seed (the same
/// seed reproduces a run exactly, on every platform).
#[derive(Clone, Debug)]
pub struct RandomVariable {
    rng: ChaCha8Rng,
}

impl RandomVariable {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> RandomVariable {
        RandomVariable {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl VariableSelector for RandomVariable {
    #[inline]
    fn score(&mut self, _ctx: &SelectionContext<'_>, _var: VarId) -> i64 {
        (self.rng.next_u64() >> 1) as i64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heuristics::variable_selection::test_support::scores;

    #[test]
    fn same_seed_same_scores() {
        let vars = [1, 2, 3, 5, 6, 7, 8];
        let a = scores(RandomVariable::new(7), &vars);
        assert_eq!(a, scores(RandomVariable::new(7), &vars));
        assert_ne!(a, scores(RandomVariable::new(8), &vars));
        assert!(a.iter().all(|&s| s >= 0));
    }
}
