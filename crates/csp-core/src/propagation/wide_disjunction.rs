//! At least one of several conjunctions of linear constraints holds, over
//! narrow and wide variables: the disjunctions of scheduling models
//! (`s₁ + d₁ ≤ s₂ ∨ s₂ + d₂ ≤ s₁`), by bounds.

use super::{Conflict, Events, PropagationContext, PropagationLevel, Propagator, Rule};
use crate::{VarId, WideLinear};

/// `P₁ ∨ P₂ ∨ …`, each part `Pₖ` a conjunction of [`WideLinear`] rows,
/// over variables of either kind ([`Propagator::takes_wide`]).
///
/// A part is refuted once its variables' bounds make one of its rows
/// false (see [`WideLinear`]); with every part refuted it fails, and with
/// one left that part's rows narrow the bounds as [`WideLinear`] does
/// (constructive disjunction is not attempted). It wakes on bounds and
/// assignments. Below [`PropagationLevel::Singles`] it checks once every
/// variable is assigned.
#[derive(Clone, Debug)]
pub struct WideDisjunction {
    parts: Vec<Vec<WideLinear>>,
    scope: Vec<VarId>,
}

impl WideDisjunction {
    /// At least one of `parts` holds: every row of it.
    ///
    /// # Panics
    /// If `parts` is empty (a disjunction of nothing is false: post a
    /// failing constraint instead).
    pub fn new(parts: Vec<Vec<WideLinear>>) -> Self {
        assert!(!parts.is_empty(), "a disjunction of one part at least");
        let mut scope: Vec<VarId> = (parts.iter().flatten())
            .flat_map(|row| row.scope().iter().copied())
            .collect();
        scope.sort_unstable();
        scope.dedup();
        WideDisjunction { parts, scope }
    }

    /// Whether some row of `part` is already false.
    fn refuted(part: &[WideLinear], ctx: &PropagationContext<'_>) -> bool {
        part.iter().any(|row| row.refuted(ctx))
    }
}

impl Propagator for WideDisjunction {
    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn name(&self) -> &'static str {
        "wide-disjunction"
    }

    fn rule(&self) -> Rule {
        Rule::Other
    }

    fn takes_wide(&self) -> bool {
        true
    }

    fn events(&self, level: PropagationLevel) -> Events {
        Events::forward_checking_then(level, Events::ASSIGNED | Events::BOUNDS)
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        if ctx.level() < PropagationLevel::Singles {
            return ctx.check_once_assigned(&self.scope, |value| self.check(value));
        }
        let mut live = None;
        for (k, part) in self.parts.iter().enumerate() {
            if !WideDisjunction::refuted(part, ctx) {
                if live.is_some() {
                    // Two parts may still hold: nothing to say.
                    return Ok(());
                }
                live = Some(k);
            }
        }
        let Some(k) = live else {
            return Err(Conflict);
        };
        // The one part left must hold: each of its rows narrows the
        // bounds, until none moves one.
        let part = &self.parts[k];
        loop {
            let before: u64 = (self.scope.iter()).map(|&x| u64::from(ctx.size(x))).sum();
            for row in part {
                row.tighten(ctx)?;
            }
            let after: u64 = (self.scope.iter()).map(|&x| u64::from(ctx.size(x))).sum();
            if part.len() == 1 || after == before {
                return Ok(());
            }
        }
    }

    fn check(&self, value: &dyn Fn(VarId) -> u32) -> bool {
        (self.parts.iter()).any(|part| part.iter().all(|row| row.check(value)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{LinearRelation, ModelBuilder, Search, SearchConfig, WideChoice};

    fn singles() -> SearchConfig {
        SearchConfig {
            level: PropagationLevel::Singles,
            ..SearchConfig::default()
        }
    }

    /// Two tasks of 3 and 5 time units, starting in 0..10, on one machine:
    /// `s₀ + 3 ≤ s₁ ∨ s₁ + 5 ≤ s₀`.
    fn two_tasks() -> (crate::Model, VarId, VarId) {
        let mut b = ModelBuilder::new();
        let s0 = b.new_wide_var(10).unwrap();
        let s1 = b.new_wide_var(10).unwrap();
        let first = WideLinear::new(vec![s0, s1], vec![1, -1], LinearRelation::AtMost, -3);
        let second = WideLinear::new(vec![s1, s0], vec![1, -1], LinearRelation::AtMost, -5);
        b.add_propagator(WideDisjunction::new(vec![vec![first], vec![second]]))
            .unwrap();
        (b.build(), s0, s1)
    }

    #[test]
    fn the_one_part_left_narrows_the_bounds() {
        let (model, s0, s1) = two_tasks();
        let mut search = Search::new(&model, &singles()).unwrap();
        // s₀ ≥ 6 refutes s₀ + 3 ≤ s₁ (s₁ ≤ 9): then s₁ + 5 ≤ s₀ ≤ 9, s₁ ≤ 4.
        search.fix(s0, 7).unwrap();
        search.propagate_root().unwrap();
        let s = search.store();
        assert_eq!((s.lower(s1), s.upper(s1)), (Some(0), Some(2)));
    }

    #[test]
    fn it_counts_what_enumeration_counts() {
        let (model, _, _) = two_tasks();
        let expected = (0..10i64)
            .flat_map(|a| (0..10i64).map(move |b| (a, b)))
            .filter(|&(a, b)| a + 3 <= b || b + 5 <= a)
            .count() as u64;
        assert_eq!(expected, 43);
        for level in [PropagationLevel::ForwardChecking, PropagationLevel::Singles] {
            for choice in [WideChoice::Min, WideChoice::Max, WideChoice::Split] {
                let config = SearchConfig {
                    level,
                    ..SearchConfig::default()
                };
                let search = Search::new(&model, &config)
                    .unwrap()
                    .with_wide_choice(choice);
                assert_eq!(
                    search.run(None).stats.solutions,
                    expected,
                    "{level:?} {choice:?}"
                );
            }
        }
    }

    #[test]
    fn an_equation_part_holds_both_ways() {
        // x = 4 ∨ (x ≤ 1 ∧ -x ≤ -1), x in 0..100: x is 1 or 4.
        let mut b = ModelBuilder::new();
        let x = b.new_wide_var(100).unwrap();
        let is4 = WideLinear::new(vec![x], vec![1], LinearRelation::Equal, 4);
        let at_most1 = WideLinear::new(vec![x], vec![1], LinearRelation::AtMost, 1);
        let at_least1 = WideLinear::new(vec![x], vec![-1], LinearRelation::AtMost, -1);
        b.add_propagator(WideDisjunction::new(vec![
            vec![is4],
            vec![at_most1, at_least1],
        ]))
        .unwrap();
        let model = b.build();
        let search = Search::new(&model, &singles()).unwrap();
        let result = search.run(None);
        assert_eq!(result.stats.solutions, 2);
    }
}
