//! A propagator reinforced, from a level up, by a second one over the same
//! scope.

use super::{
    Conflict, Events, Hypothesis, NotifyContext, PropagationContext, PropagationLevel, Propagator,
    Rule, Wake,
};
use crate::VarId;
use crate::explanation::{Explaining, Literal};

/// `base` at every level; from `from` up, `extra` too, run after `base`
/// over the same scope. Below `from` it is `base` in every respect (its
/// events, state, rule, forward checking), so the counters of searches
/// below `from` are those `base` alone gives; from `from` up, `extra`'s
/// removals are credited to `base`'s rule. A complete assignment must
/// satisfy both.
///
/// So a rule can be propagated more strongly at [`PropagationLevel::Gac`]
/// (say, with the all-different of the house its cells fill) while the
/// weaker levels keep their exact behaviour.
#[derive(Debug)]
pub struct Reinforced<B, E> {
    base: B,
    extra: E,
    from: PropagationLevel,
}

impl<B: Propagator, E: Propagator> Reinforced<B, E> {
    /// `base`, and `extra` from `from` up.
    ///
    /// # Panics
    /// If the scopes differ, or `extra` keeps state words or is composite
    /// (it runs without notifications).
    pub fn new(base: B, extra: E, from: PropagationLevel) -> Reinforced<B, E> {
        assert_eq!(base.scope(), extra.scope(), "one scope for both");
        assert_eq!(extra.state_words(), 0, "the reinforcement keeps no state");
        assert_eq!(extra.work_items(), 0, "the reinforcement is not composite");
        Reinforced { base, extra, from }
    }
}

impl<B: Propagator, E: Propagator> Propagator for Reinforced<B, E> {
    fn scope(&self) -> &[VarId] {
        self.base.scope()
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        self.base.propagate(ctx)?;
        if ctx.level() >= self.from {
            self.extra.propagate(ctx)?;
        }
        Ok(())
    }

    fn check(&self, value: &dyn Fn(VarId) -> u32) -> bool {
        self.base.check(value) && self.extra.check(value)
    }

    fn name(&self) -> &'static str {
        self.base.name()
    }

    fn events(&self, level: PropagationLevel) -> Events {
        let events = self.base.events(level);
        if level >= self.from {
            events | self.extra.events(level)
        } else {
            events
        }
    }

    fn state_words(&self) -> usize {
        self.base.state_words()
    }

    fn notifies(&self, level: PropagationLevel) -> Events {
        self.base.notifies(level)
    }

    fn work_items(&self) -> usize {
        self.base.work_items()
    }

    fn item_scope(&self, item: usize) -> Option<Vec<VarId>> {
        self.base.item_scope(item)
    }

    fn initialise(&self, ctx: &mut NotifyContext<'_>) {
        self.base.initialise(ctx)
    }

    fn notify(&self, ctx: &mut NotifyContext<'_>, local: usize, events: Events) -> Wake {
        match self.base.notify(ctx, local, events) {
            // The reinforcement reads every change it listens to.
            Wake::Skip if ctx.level() >= self.from => Wake::Run,
            wake => wake,
        }
    }

    fn relates_scope(&self) -> bool {
        self.base.relates_scope()
    }

    fn min_level(&self) -> PropagationLevel {
        self.base.min_level()
    }

    fn forward_check_removals(&self, hypothesis: &mut Hypothesis<'_>) {
        self.base.forward_check_removals(hypothesis)
    }

    fn rule(&self) -> Rule {
        self.base.rule()
    }

    /// `base`'s explanation, else `extra`'s: both constraints hold, so
    /// either one's explanation implies the removal whichever of the two
    /// made it, provided it explains only what its own constraint implies
    /// from the domains (a [`Regular`](super::Regular)'s cut exists only
    /// then; the harness checks the pairs the rules post).
    fn explain(
        &self,
        removal: Option<(VarId, u32)>,
        ex: &Explaining<'_>,
        reason: &mut Vec<Literal>,
    ) -> bool {
        let start = reason.len();
        if self.base.explain(removal, ex, reason) {
            return true;
        }
        reason.truncate(start);
        if self.extra.explain(removal, ex, reason) {
            return true;
        }
        reason.truncate(start);
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::{ExplanationCounts, below, check_propagator};
    use crate::{LinearEquality, Regular};

    /// A little killer's pair: an automaton over a sum, reinforced at
    /// `gac` by the same sum as a linear equation.
    #[test]
    fn harness_sum_automaton_reinforced() {
        let counts = check_propagator("reinforced sum", 200, 71, 2..=5, |b, vars, rng| {
            let sum = below(rng, 4 * vars.len() as u32 + 1);
            let automaton = Regular::new(
                vars.to_vec(),
                9,
                0u32,
                |_, s, x| Some(s + x).filter(|&t| t <= sum),
                move |&s| s == sum,
            )
            .unwrap();
            let ones = vec![1; vars.len()];
            let line = LinearEquality::new(vars.to_vec(), ones, i64::from(sum));
            (b.add_propagator(Reinforced::new(automaton, line, PropagationLevel::Gac))).unwrap();
        });
        assert_eq!(
            counts,
            ExplanationCounts {
                own: 6274,
                scope: 0
            }
        );
    }
}
