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

    #[test]
    fn a_lone_open_variable_is_handed_over_without_a_draw() {
        let (model, mut store) = crate::testing::latin3();
        let open: Vec<VarId> = (model.vars()).filter(|&v| !store.is_assigned(v)).collect();
        for &v in &open[1..] {
            store.assign(v, store.domain(v).min().unwrap_or(0));
        }
        let ctx = SelectionContext::new(&model, &store);
        let mut rng = RandomVariable::new(7);
        let mut best = Vec::new();
        rng.best(&ctx, &mut best, true);
        assert_eq!(best, [open[0]]);
        // The stream is where a fresh generator's is.
        let fresh = RandomVariable::new(7).score(&ctx, open[0]);
        assert_eq!(rng.score(&ctx, open[0]), fresh);
    }
}
