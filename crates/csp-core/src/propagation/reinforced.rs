//! A propagator reinforced, from a level up, by a second one over the same
//! scope.

use super::{
    Conflict, Events, Hypothesis, NotifyContext, PropagationContext, PropagationLevel, Propagator,
    Rule, Wake,
};
use crate::VarId;

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
}
