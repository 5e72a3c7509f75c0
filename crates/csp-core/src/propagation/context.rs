//! What a propagator sees and may change.

use super::{Agenda, Conflict, Events, PropagationLevel, Rule};
use crate::{DomainStore, Model, ValueSet, VarId};

/// A propagator's access to the domains: read them, remove values, assign
/// variables. Every change is trailed (undone on backtrack) and wakes the
/// other propagators that watch the variable.
pub struct PropagationContext<'a> {
    pub(crate) store: &'a mut DomainStore,
    pub(crate) agenda: &'a mut Agenda,
    pub(crate) model: &'a Model,
    /// Where the running propagator's state words start.
    pub(crate) state: u32,
}

impl<'a> PropagationContext<'a> {
    /// A context for changes made outside any propagator (probing's
    /// removals, the nogoods'), credited to `rule`.
    pub(crate) fn crediting(
        rule: Rule,
        store: &'a mut DomainStore,
        agenda: &'a mut Agenda,
        model: &'a Model,
    ) -> PropagationContext<'a> {
        let mut ctx = PropagationContext {
            store,
            agenda,
            model,
            // No propagator runs: no state words to reach.
            state: 0,
        };
        ctx.credit(rule);
        ctx
    }
}

impl PropagationContext<'_> {
    /// The level to propagate at.
    #[inline]
    pub fn level(&self) -> PropagationLevel {
        self.agenda.level
    }

    /// Credits the changes made from now on to `rule` (and counts one run of
    /// it). The engine starts each run with [`super::Propagator::rule`]; a
    /// propagator that applies several rules in turn calls this between them.
    #[inline]
    pub fn begin(&mut self, rule: Rule) {
        self.agenda.begin(rule);
        self.agenda.segment(self.store.trail_len());
    }

    /// For a composite propagator ([`Propagator::work_items`](super::Propagator::work_items)):
    /// queues work item `item` (unless it is queued).
    #[inline]
    pub fn schedule(&mut self, item: usize) {
        self.agenda.work[self.agenda.current as usize].push(item);
    }

    /// For a composite propagator: takes the work item at the front of its
    /// queue.
    #[inline]
    pub fn next_item(&mut self) -> Option<usize> {
        self.agenda.work[self.agenda.current as usize].pop()
    }

    /// For a composite propagator: whether no work item is queued.
    #[inline]
    pub fn is_idle(&self) -> bool {
        self.agenda.work[self.agenda.current as usize].is_empty()
    }

    /// For a composite propagator: counts
    /// one run of a propagator it stands for, work item `item` (in
    /// [`SearchStats::propagations`](crate::SearchStats::propagations)) and
    /// begins `rule` as [`PropagationContext::begin`] does. A tracer is told
    /// the item of each deduction ([`Event::Deduce`](crate::trace::Event::Deduce)).
    #[inline]
    pub fn begin_run(&mut self, rule: Rule, item: usize) {
        self.agenda.runs += 1;
        self.agenda.item = item as u32;
        self.agenda.begin(rule);
        self.agenda.segment(self.store.trail_len());
    }

    /// Says what the changes made from now on in this run are: `note`, a
    /// number of the propagator's own that a tracer is told with each
    /// deduction ([`Event::Deduce`](crate::trace::Event::Deduce)`::note`)
    /// and that [`Propagator::note_name`](super::Propagator::note_name)
    /// names (a technique's step, say). Counts nothing: the counters are
    /// the same with and without notes.
    #[inline]
    pub fn note(&mut self, note: u32) {
        self.agenda.segment_noted(self.store.trail_len(), note);
    }

    /// Credits the changes made from now on to `rule`, without counting a
    /// run (to return to a rule after a detour).
    #[inline]
    pub fn credit(&mut self, rule: Rule) {
        self.agenda.rule = rule;
        self.agenda.segment(self.store.trail_len());
    }

    /// Marks the changes made from now on as `cause`'s (a learnt clause's,
    /// see [`crate::learning`]) for the explanations.
    #[inline]
    pub(crate) fn mark_cause(&mut self, cause: u32) {
        let rule = self.agenda.rule;
        self.agenda.segment_as(self.store.trail_len(), rule, cause);
    }

    /// Whether variables left with one value wait to be assigned as naked
    /// singles (at [`PropagationLevel::Singles`] and up). The engine assigns
    /// them between propagator runs, newest first.
    #[inline]
    pub fn singles_pending(&self) -> bool {
        !self.agenda.singletons.is_empty()
    }

    /// Asks to run again after this run, once the naked singles waiting are
    /// assigned (and behind the propagators queued before): for a
    /// propagator that does the work of many and hands back between them,
    /// so that it interleaves with naked singles as they would.
    #[inline]
    pub fn run_again(&mut self) {
        self.agenda.again = true;
    }

    /// The current domain of `var`.
    #[inline]
    pub fn domain(&self, var: VarId) -> ValueSet {
        self.store.domain(var)
    }

    /// The value of `var`, if it is assigned.
    #[inline]
    pub fn value(&self, var: VarId) -> Option<u32> {
        self.store.value(var)
    }

    /// Whether `var` is assigned.
    #[inline]
    pub fn is_assigned(&self, var: VarId) -> bool {
        self.store.is_assigned(var)
    }

    /// Block `b` of the unassigned variables whose domain holds `value`
    /// ([`DomainStore::holders`]): bit `k` is variable `64 b + k`.
    #[inline(always)]
    pub fn holder_block(&self, value: u32, b: usize) -> u64 {
        self.store.holder_block(value, b)
    }

    /// Removes `value` from the domain of `var`. Fails if that empties the
    /// domain and the level fails on wipe-outs.
    #[inline]
    pub fn remove(&mut self, var: VarId, value: u32) -> Result<(), Conflict> {
        if self.store.remove(var, value) {
            self.agenda.rules[self.agenda.rule].removals += 1;
            self.changed(var, ValueSet::single(value))?;
        }
        Ok(())
    }

    /// Removes every value of `values` from the domain of `var`.
    #[inline]
    pub fn remove_values(&mut self, var: VarId, values: ValueSet) -> Result<(), Conflict> {
        let gone = self.store.remove_values(var, values);
        if gone.is_empty() {
            return Ok(());
        }
        self.agenda.rules[self.agenda.rule].removals += u64::from(gone.len());
        self.changed(var, gone)
    }

    /// Forward checking of a constraint over `scope` that `check` decides
    /// on values: once every variable is assigned, a conflict where it
    /// fails (and the level fails on a wipe-out); before, nothing.
    pub fn check_once_assigned(
        &self,
        scope: &[VarId],
        check: impl FnOnce(&dyn Fn(VarId) -> u32) -> bool,
    ) -> Result<(), Conflict> {
        if scope.iter().any(|&x| self.value(x).is_none()) {
            return Ok(());
        }
        let value = |x: VarId| self.value(x).expect("assigned");
        if check(&value) || !self.level().fails_on_wipeout() {
            Ok(())
        } else {
            Err(Conflict)
        }
    }

    /// The smallest value of `var` (narrow or wide); `None` when its
    /// domain is empty.
    #[inline]
    pub fn lower(&self, var: VarId) -> Option<u32> {
        self.store.lower(var)
    }

    /// The largest value of `var` (narrow or wide); `None` when its domain
    /// is empty.
    #[inline]
    pub fn upper(&self, var: VarId) -> Option<u32> {
        self.store.upper(var)
    }

    /// Whether `value` is in the domain of `var` (narrow or wide).
    #[inline]
    pub fn holds(&self, var: VarId, value: u32) -> bool {
        self.store.holds(var, value)
    }

    /// Whether `var` is a wide variable.
    #[inline]
    pub fn is_wide(&self, var: VarId) -> bool {
        self.store.is_wide(var)
    }

    /// The number of values of `var` (narrow or wide).
    #[inline]
    pub fn size(&self, var: VarId) -> u32 {
        self.store.size(var)
    }

    /// Removes the values of `var` below `value` (narrow or wide).
    #[inline]
    pub fn raise_lower(&mut self, var: VarId, value: u32) -> Result<(), Conflict> {
        if !self.store.is_wide(var) {
            return self.remove_values(var, ValueSet::between(0, i64::from(value) - 1));
        }
        self.change_wide(var, |store| store.raise_lower(var, value))
    }

    /// Removes the values of `var` above `value` (narrow or wide).
    #[inline]
    pub fn lower_upper(&mut self, var: VarId, value: u32) -> Result<(), Conflict> {
        if !self.store.is_wide(var) {
            return self.remove_values(var, ValueSet::between(i64::from(value) + 1, 63));
        }
        self.change_wide(var, |store| store.lower_upper(var, value))
    }

    /// Removes `value` from the domain of `var` (narrow or wide).
    #[inline]
    pub fn remove_value(&mut self, var: VarId, value: u32) -> Result<(), Conflict> {
        if !self.store.is_wide(var) {
            return self.remove(var, value);
        }
        self.change_wide(var, |store| store.remove_value(var, value))
    }

    /// Makes `change` (which says whether it removed a value) to wide
    /// variable `var`: credits the removals to the running rule, fails on
    /// a wipe-out where the level does, tells the watchers.
    #[inline(never)]
    fn change_wide(
        &mut self,
        var: VarId,
        change: impl FnOnce(&mut DomainStore) -> bool,
    ) -> Result<(), Conflict> {
        let size = self.store.size(var);
        let bounds = (self.store.lower(var), self.store.upper(var));
        if !change(self.store) {
            return Ok(());
        }
        let left = self.store.size(var);
        self.agenda.rules[self.agenda.rule].removals += u64::from(size - left);
        if left == 0 && self.agenda.level.fails_on_wipeout() {
            return Err(Conflict);
        }
        (self.agenda).wide_changed(self.model, self.store, var, bounds);
        Ok(())
    }

    /// Counts `removals` of the running rule's removals as explained by a
    /// subset of `size` variables (GAC's, see [`SubsetSizes`](super::SubsetSizes)).
    #[inline]
    pub fn record_subset(&mut self, size: usize, removals: u64) {
        self.agenda.rules.record_subset(size, removals);
    }

    /// Keeps only the values of `values` in the domain of `var`.
    #[inline]
    pub fn retain_values(&mut self, var: VarId, values: ValueSet) -> Result<(), Conflict> {
        let gone = self.store.domain(var).difference(values);
        self.remove_values(var, gone)
    }

    /// Assigns `value` to `var` (propagation, not a search placement). Fails
    /// if `value` is not in its domain, or `var` holds another value.
    pub fn assign(&mut self, var: VarId, value: u32) -> Result<(), Conflict> {
        if let Some(v) = self.store.value(var) {
            return if v == value { Ok(()) } else { Err(Conflict) };
        }
        // A narrow domain's test first: the usual case needs no other.
        if !self.store.contains(var, value) && !self.store.holds(var, value) {
            return Err(Conflict);
        }
        let counter = &mut self.agenda.rules[self.agenda.rule];
        counter.removals += u64::from(self.store.size(var) - 1);
        counter.assignments += 1;
        self.agenda.assign(self.model, self.store, var, value);
        Ok(())
    }

    /// State word `i` of the running propagator (see
    /// [`Propagator::state_words`](super::Propagator::state_words)).
    #[inline]
    pub fn state(&self, i: usize) -> u64 {
        self.store.state(self.state_offset() + i)
    }

    /// Sets state word `i` of the running propagator (trailed).
    #[inline]
    pub fn set_state(&mut self, i: usize, word: u64) {
        let at = self.state_offset() + i;
        self.store.set_state(at, word);
    }

    #[inline]
    fn state_offset(&self) -> usize {
        self.state as usize
    }

    /// `gone` left the domain of `var`.
    #[inline(always)]
    fn changed(&mut self, var: VarId, gone: ValueSet) -> Result<(), Conflict> {
        let size = self.store.size(var);
        if size == 0 && self.agenda.level.fails_on_wipeout() {
            return Err(Conflict);
        }
        if size == 1 && self.agenda.level >= PropagationLevel::Singles {
            self.agenda.singletons.push(var);
        }
        // A bound moved if a value below the new smallest or above the new
        // largest went (an emptied domain: every bound moved).
        let (left, gone) = (self.store.domain(var).0, gone.0);
        let bounds = self.agenda.bounds_heard
            && (gone.trailing_zeros() < left.trailing_zeros()
                || gone.leading_zeros() < left.leading_zeros());
        let events = if bounds {
            Events::REMOVED | Events::BOUNDS
        } else {
            Events::REMOVED
        };
        self.agenda.notify(self.model, self.store, var, events);
        Ok(())
    }
}
