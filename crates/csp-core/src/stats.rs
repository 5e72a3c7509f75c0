//! Search counters.

use std::ops::AddAssign;
use std::time::Duration;

use num_bigint::BigUint;

use crate::propagation::RuleStats;

/// What one search did. The counters follow the reference semantics exactly
/// (`placements`, `backtracks`, `iterations`, `backtrack_iterations`,
/// `failures`, `search_space`); the others are this project's own.
/// Stats of several searches add up with `+=` (maxima take the maximum).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct SearchStats {
    /// Values placed by the search (every value tried), not by propagation.
    pub placements: u64,
    /// Placements undone.
    pub backtracks: u64,
    /// Placements made while the variable still had an untried value in its
    /// value order: every placement but the one of the last value left
    /// after the others failed (that one is forced). What solver benchmarks
    /// count as guesses; `placements - guesses` placements were forced.
    pub guesses: u64,
    /// Steps of the main loop: one per variable choice (including a choice
    /// that finds no candidate), plus the step that finds every variable
    /// assigned (one per solution found).
    pub iterations: u64,
    /// Steps of the backtracking loop: one per look at a previous placement,
    /// each ending in trying its next value or in giving it up.
    pub backtrack_iterations: u64,
    /// Placements whose propagation failed, plus chosen variables with no
    /// candidate (and complete assignments a constraint rejects, which the
    /// built-in propagators never produce).
    pub failures: u64,
    /// Propagator runs: how many times a propagator's `propagate` was called,
    /// at the root and after placements.
    pub propagations: u64,
    /// The deepest the search went: the largest number of placements in
    /// force at once.
    pub max_depth: u64,
    /// Solutions found.
    pub solutions: u64,
    /// How many distinct variables the search placed a value in.
    pub vars_placed: u64,
    /// The product of the domain sizes of the unassigned variables once the
    /// givens were propagated, before the first placement (0 if that
    /// propagation failed).
    pub search_space: BigUint,
    /// Wall-clock time of the search, root propagation included.
    pub elapsed: Duration,
    /// What each propagation rule did (at the root and after placements).
    pub rules: RuleStats,
    /// Restarts from the root ([`Restarts`](crate::Restarts); 0 without).
    /// The placements undone by a restart are not counted as backtracks.
    pub restarts: u64,
    /// Nogoods recorded at the restarts: one per value refuted on the
    /// abandoned branches.
    pub nogoods: u64,
}

impl SearchStats {
    /// Placements plus backtracks.
    pub fn moves(&self) -> u64 {
        self.placements + self.backtracks
    }
}

impl AddAssign<&SearchStats> for SearchStats {
    fn add_assign(&mut self, o: &SearchStats) {
        self.placements += o.placements;
        self.backtracks += o.backtracks;
        self.guesses += o.guesses;
        self.iterations += o.iterations;
        self.backtrack_iterations += o.backtrack_iterations;
        self.failures += o.failures;
        self.propagations += o.propagations;
        self.max_depth = self.max_depth.max(o.max_depth);
        self.solutions += o.solutions;
        self.vars_placed += o.vars_placed;
        self.search_space += &o.search_space;
        self.elapsed += o.elapsed;
        self.rules += &o.rules;
        self.restarts += o.restarts;
        self.nogoods += o.nogoods;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stats_add_up() {
        let a = SearchStats {
            placements: 3,
            backtracks: 1,
            max_depth: 4,
            search_space: BigUint::from(10u32),
            ..SearchStats::default()
        };
        let mut total = SearchStats::default();
        total += &a;
        total += &SearchStats {
            max_depth: 2,
            ..a.clone()
        };
        assert_eq!(total.placements, 6);
        assert_eq!(total.moves(), 8);
        assert_eq!(total.max_depth, 4);
        assert_eq!(total.search_space, BigUint::from(20u32));
    }
}
