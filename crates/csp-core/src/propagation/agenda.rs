//! The queue of propagators to run and of naked singles to assign.

use std::collections::VecDeque;
use std::time::Instant;

use fixedbitset::FixedBitSet;

use super::{
    Conflict, Events, NotifyContext, PeerGroups, PropagationContext, PropagationLevel, Rule,
    RuleStats, Wake,
};
use crate::{DomainStore, Model, VarId};

const NO_PROPAGATOR: u32 = u32::MAX;
/// No work item of a composite propagator is running.
const NO_ITEM: u32 = u32::MAX;
/// No note ([`Segment::note`]).
pub(crate) const NO_NOTE: u32 = u32::MAX;

/// The clock is read every this many propagator runs (a run is cheap; a
/// fixpoint on a 25x25 grid can take thousands of them).
const CLOCK_EVERY: u64 = 256;

/// Which propagators must run, in FIFO order, and which variables became
/// naked singles. Allocated once per search; running it allocates nothing.
#[derive(Clone, Debug)]
pub(crate) struct Agenda {
    pub(crate) level: PropagationLevel,
    queue: VecDeque<u32>,
    /// The woken propagators that run last
    /// ([`super::Propagator::runs_last`]), moved here from `queue` when
    /// they come out of it, and taken once `queue` is empty.
    late: VecDeque<u32>,
    /// Which propagators run last.
    runs_last: FixedBitSet,
    /// Whether any does (else `late` is never looked at).
    any_late: bool,
    queued: FixedBitSet,
    /// What each propagator listens to at this level, which of these it
    /// wants [`super::Propagator::notify`] calls for, and whether it is
    /// composite ([`super::Propagator::work_items`]).
    listens: Vec<(Events, Events, bool)>,
    /// Whether a propagator taking part at this level listens to
    /// [`Events::BOUNDS`] (if none does, no removal needs to tell whether
    /// it moved a bound).
    pub(crate) bounds_heard: bool,
    /// The work queue of each composite propagator (empty for the others).
    pub(crate) work: Vec<WorkQueue>,
    /// The composite propagators.
    composites: Vec<u32>,
    /// The propagators that take part at this level
    /// ([`super::Propagator::min_level`]) are those below this index.
    active_end: u32,
    pub(crate) current: u32,
    /// The work item the running composite propagator said it runs
    /// ([`PropagationContext::begin_run`]), or [`NO_ITEM`].
    pub(crate) item: u32,
    /// The rule the changes being made are credited to.
    pub(crate) rule: Rule,
    /// What each rule did.
    pub(crate) rules: RuleStats,
    pub(crate) singletons: Vec<VarId>,
    /// How many times a propagator ran (a composite propagator counts the
    /// runs of the propagators it stands for).
    pub(crate) runs: u64,
    /// The run count at which to read the clock next.
    clock_at: u64,
    /// When to give up (the search's time limit), checked inside
    /// propagation too: one probing pass can take seconds.
    pub(crate) deadline: Option<Instant>,
    /// The deadline passed: the last failure was no conflict but a stop.
    pub(crate) timed_out: bool,
    /// The running propagator asked to run again once the naked singles
    /// waiting are assigned ([`PropagationContext::run_again`]).
    pub(crate) again: bool,
    /// While a tracer listens ([`crate::trace`]): where on the trail each
    /// rule and propagator began to make changes. The changes themselves
    /// are read from the trail afterwards, so nothing is logged per
    /// removal.
    pub(crate) segments: Option<Vec<Segment>>,
    /// The rule and propagator of the last failure.
    pub(crate) failed_in: (Rule, u32),
    /// The work item the propagator of the last failure was running, or
    /// [`NO_ITEM`].
    pub(crate) failed_item: u32,
}

impl Agenda {
    pub(crate) fn new(model: &Model, level: PropagationLevel) -> Agenda {
        let n = model.propagators().len();
        let listens: Vec<(Events, Events, bool)> = (model.propagators().iter())
            .map(|p| {
                let events = p.events(level);
                (events, p.notifies(level) & events, p.work_items() > 0)
            })
            .collect();
        let work = (model.propagators().iter())
            .map(|p| WorkQueue::new(p.work_items()))
            .collect();
        let composites = (0..n as u32)
            .filter(|&p| model.propagators()[p as usize].work_items() > 0)
            .collect();
        let active_end = model
            .propagators()
            .iter()
            .take_while(|p| p.min_level() <= level)
            .count() as u32;
        let mut runs_last = FixedBitSet::with_capacity(n);
        for (p, propagator) in model.propagators().iter().enumerate() {
            runs_last.set(p, propagator.runs_last());
        }
        let bounds_heard = (listens.iter().take(active_end as usize))
            .any(|(events, _, _)| events.intersects(Events::BOUNDS));
        Agenda {
            bounds_heard,
            level,
            queue: VecDeque::with_capacity(n),
            late: VecDeque::with_capacity(runs_last.count_ones(..)),
            any_late: runs_last.count_ones(..) > 0,
            runs_last,
            queued: FixedBitSet::with_capacity(n),
            listens,
            work,
            composites,
            active_end,
            current: NO_PROPAGATOR,
            item: NO_ITEM,
            rule: Rule::Other,
            rules: RuleStats::default(),
            singletons: Vec::with_capacity(model.num_vars()),
            runs: 0,
            clock_at: CLOCK_EVERY,
            deadline: None,
            timed_out: false,
            again: false,
            segments: None,
            failed_in: (Rule::Other, NO_PROPAGATOR),
            failed_item: NO_ITEM,
        }
    }

    /// The propagator (and work item) whose run failed last, if a
    /// propagator's did.
    pub(crate) fn culprit(&self) -> Option<super::Culprit> {
        let p = self.failed_in.1;
        (p != NO_PROPAGATOR).then_some(super::Culprit {
            propagator: p,
            item: (self.failed_item != NO_ITEM).then_some(self.failed_item),
        })
    }

    /// Forgets which propagator failed last (before a fixpoint whose
    /// failure is to be told).
    pub(crate) fn forget_failure(&mut self) {
        self.failed_in.1 = NO_PROPAGATOR;
        self.failed_item = NO_ITEM;
    }

    /// Whether the deadline has passed (remembered once it has).
    #[inline]
    pub(crate) fn out_of_time(&mut self) -> bool {
        if !self.timed_out && self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.timed_out = true;
        }
        self.timed_out
    }

    /// Before a propagator run: whether the deadline has passed, reading
    /// the clock only when the run count reaches the next reading.
    #[inline]
    fn clock_passed(&mut self) -> bool {
        if self.deadline.is_none() || self.runs + 1 < self.clock_at {
            return false;
        }
        self.clock_at = self.runs + 1 + CLOCK_EVERY;
        self.out_of_time()
    }

    /// Queues every propagator (done once, at the root).
    pub(crate) fn schedule_all(&mut self) {
        for p in 0..self.active_end {
            self.push(p);
        }
    }

    #[inline]
    fn push(&mut self, p: u32) {
        if !self.queued.put(p as usize) {
            self.queue.push_back(p);
        }
    }

    /// Sets up the state of the propagators that keep one (at the root).
    pub(crate) fn initialise(&mut self, store: &mut DomainStore, model: &Model) {
        for p in 0..self.active_end {
            let propagator = &model.propagators()[p as usize];
            if propagator.state_words() > 0 {
                let state = model.state_offset(p);
                propagator.initialise(&mut NotifyContext {
                    store,
                    state,
                    level: self.level,
                    work: &mut self.work[p as usize],
                });
            }
        }
    }

    /// Assigns `value` to `var` and tells the watching propagators: an
    /// assignment is every event at once. Every assignment after the root
    /// (search placements, probes, naked singles, propagators) goes
    /// through here.
    #[inline]
    pub(crate) fn assign(
        &mut self,
        model: &Model,
        store: &mut DomainStore,
        var: VarId,
        value: u32,
    ) {
        store.assign(var, value);
        self.notify(model, store, var, Events::ANY);
    }

    /// Assigns `value` to `var` and does what the model's only propagator
    /// would, `groups` ([`PeerGroups`]) crediting `rule`: its runs,
    /// removals and failure are counted as its own would be. Unless
    /// `failed_state_read`, a failure leaves the removals unmade (see
    /// [`PeerGroups::forward_check`]).
    #[inline]
    pub(crate) fn assign_forward_checking(
        &mut self,
        store: &mut DomainStore,
        (groups, rule): (&PeerGroups, Rule),
        var: VarId,
        value: u32,
        failed_state_read: bool,
    ) -> Result<(), Conflict> {
        store.assign(var, value);
        // The clock is read as before a run of the propagator.
        if self.clock_passed() {
            return Err(Conflict);
        }
        let fails = self.level.fails_on_wipeout();
        let (runs, result) = (groups).forward_check(
            store,
            var,
            value,
            fails,
            failed_state_read,
            &mut self.rules[rule],
        );
        self.runs += runs;
        if result.is_err() {
            self.failed_in = (rule, 0);
            self.failed_item = NO_ITEM;
        }
        result
    }

    /// Wide variable `var`, whose bounds were `before`, lost values: tells
    /// its watchers [`Events::REMOVED`], with [`Events::BOUNDS`] when a
    /// bound moved, and queues it as a naked single when one value is
    /// left (at [`PropagationLevel::Singles`] and up).
    #[inline(never)]
    pub(crate) fn wide_changed(
        &mut self,
        model: &Model,
        store: &mut DomainStore,
        var: VarId,
        before: (Option<u32>, Option<u32>),
    ) {
        let events = if (store.lower(var), store.upper(var)) == before {
            Events::REMOVED
        } else {
            Events::BOUNDS | Events::REMOVED
        };
        if store.size(var) == 1 && self.level >= PropagationLevel::Singles {
            self.singletons.push(var);
        }
        self.notify(model, store, var, events);
    }

    /// `events` happened to `var`: tell the propagators that watch it and
    /// listen to them, and wake them (not the one that made the change).
    #[inline(always)]
    pub(crate) fn notify(
        &mut self,
        model: &Model,
        store: &mut DomainStore,
        var: VarId,
        events: Events,
    ) {
        self.notify_from(model, store, var, events, 0);
    }

    /// [`notify`](Self::notify), skipping `var`'s first `skip` watchers.
    #[inline(always)]
    pub(crate) fn notify_from(
        &mut self,
        model: &Model,
        store: &mut DomainStore,
        var: VarId,
        events: Events,
        skip: usize,
    ) {
        for w in &model.watchers(var)[skip..] {
            let p = w.propagator;
            if p >= self.active_end {
                break;
            }
            let (listens, notifies, composite) = self.listens[p as usize];
            if !events.intersects(listens) || (p == self.current && composite) {
                continue;
            }
            let wake = if events.intersects(notifies) {
                let mut ctx = NotifyContext {
                    store,
                    state: model.state_offset(p),
                    level: self.level,
                    work: &mut self.work[p as usize],
                };
                let heard = events & listens;
                model.propagators()[p as usize].notify(&mut ctx, w.local as usize, heard)
            } else {
                Wake::Run
            };
            if wake == Wake::Run && p != self.current {
                self.push(p);
            }
        }
    }

    /// Marks, for a tracer if one listens, that the changes from trail
    /// position `trail_at` on are the running rule's and propagator's.
    #[inline]
    pub(crate) fn segment(&mut self, trail_at: usize) {
        self.segment_noted(trail_at, NO_NOTE);
    }

    /// Marks, as [`segment`](Self::segment) does, that the changes from
    /// trail position `trail_at` on are the running propagator's under
    /// its `note` ([`PropagationContext::note`]).
    #[inline]
    pub(crate) fn segment_noted(&mut self, trail_at: usize, note: u32) {
        if let Some(segments) = &mut self.segments {
            segments.push(Segment {
                trail_at,
                rule: self.rule,
                propagator: self.current,
                item: self.item,
                note,
            });
        }
    }

    /// Marks, as [`segment`](Self::segment) does, that the changes from
    /// trail position `trail_at` on are `cause`'s: a search decision or a
    /// learnt clause ([`crate::learning`]), which no propagator makes.
    #[inline]
    pub(crate) fn segment_as(&mut self, trail_at: usize, rule: Rule, cause: u32) {
        if let Some(segments) = &mut self.segments {
            segments.push(Segment {
                trail_at,
                rule,
                propagator: cause,
                item: NO_ITEM,
                note: NO_NOTE,
            });
        }
    }

    /// Credits the changes from now on to `rule`, and counts one run of it.
    #[inline]
    pub(crate) fn begin(&mut self, rule: Rule) {
        self.rule = rule;
        self.rules[rule].runs += 1;
    }

    /// Empties the queues (after a failure found outside a propagator
    /// run).
    pub(crate) fn clear(&mut self) {
        self.queue.clear();
        self.late.clear();
        self.queued.clear();
        self.singletons.clear();
        self.current = NO_PROPAGATOR;
        self.item = NO_ITEM;
        self.again = false;
        for &p in &self.composites {
            self.work[p as usize].clear();
        }
    }

    /// Runs propagators and naked singles to a fixpoint.
    pub(crate) fn run(&mut self, store: &mut DomainStore, model: &Model) -> Result<(), Conflict> {
        loop {
            while let Some(var) = self.singletons.pop() {
                if store.is_assigned(var) || store.size(var) != 1 {
                    continue;
                }
                let value = store.lower(var).expect("size is 1");
                let naked = &mut self.rules[Rule::NakedSingles];
                naked.runs += 1;
                naked.assignments += 1;
                self.rule = Rule::NakedSingles;
                self.segment(store.trail_len());
                self.assign(model, store, var, value);
            }
            // A propagator that runs last waits in `late` (still queued)
            // until the queue is empty: the queue is as it was before
            // such propagators existed, and models without them never
            // look further.
            let p = match self.queue.pop_front() {
                Some(p) if self.any_late && self.runs_last.contains(p as usize) => {
                    self.late.push_back(p);
                    continue;
                }
                Some(p) => p,
                None => match self.late.pop_front() {
                    Some(p) => p,
                    None => return Ok(()),
                },
            };
            self.queued.set(p as usize, false);
            self.current = p;
            // Before the run that reaches the next reading (a composite
            // propagator counts many runs at once: then before the first
            // run after it passed it).
            if self.clock_passed() {
                self.clear();
                return Err(Conflict);
            }
            let propagator = &model.propagators()[p as usize];
            if self.listens[p as usize].2 {
                self.rule = propagator.rule();
            } else {
                self.runs += 1;
                self.begin(propagator.rule());
            }
            self.segment(store.trail_len());
            let result = propagator.propagate(&mut PropagationContext {
                store,
                agenda: self,
                model,
                state: model.state_offset(p),
            });
            self.current = NO_PROPAGATOR;
            let item = std::mem::replace(&mut self.item, NO_ITEM);
            if result.is_err() {
                self.failed_in = (self.rule, p);
                self.failed_item = item;
                self.clear();
                return result;
            }
            if self.again {
                self.again = false;
                self.push(p);
            }
        }
    }
}

/// The queue of a composite propagator's work items.
#[derive(Clone, Debug, Default)]
pub(crate) struct WorkQueue {
    queue: VecDeque<u32>,
    queued: FixedBitSet,
}

impl WorkQueue {
    fn new(items: usize) -> WorkQueue {
        WorkQueue {
            queue: VecDeque::with_capacity(items),
            queued: FixedBitSet::with_capacity(items),
        }
    }

    /// Queues `item` at the back, unless it is queued.
    #[inline]
    pub(crate) fn push(&mut self, item: usize) {
        if !self.queued.put(item) {
            self.queue.push_back(item as u32);
        }
    }

    /// Takes the item at the front.
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<usize> {
        let item = self.queue.pop_front()? as usize;
        self.queued.set(item, false);
        Some(item)
    }

    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.queue.is_empty()
    }

    fn clear(&mut self) {
        self.queue.clear();
        self.queued.clear();
    }
}

/// Where on the trail a rule and propagator began to make changes, as
/// marked while a tracer listens.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Segment {
    pub(crate) trail_at: usize,
    pub(crate) rule: Rule,
    /// The propagator running, or [`u32::MAX`] for none.
    pub(crate) propagator: u32,
    /// The work item of a composite propagator running, or [`u32::MAX`].
    pub(crate) item: u32,
    /// What the propagator said its changes from here on are
    /// ([`PropagationContext::note`]), or [`NO_NOTE`].
    pub(crate) note: u32,
}

#[cfg(test)]
mod tests {
    use crate::propagation::{Events, NotifyContext, Wake};
    use crate::testing::store_after;
    use crate::{
        Conflict, ModelBuilder, PropagationContext, PropagationLevel, Propagator, ValueSet, VarId,
    };

    /// On x0..x2 over 0..5: removes 0 from x0 (a bound), 2 from x1 (inside),
    /// and assigns x2 = 4 if told to.
    #[derive(Debug)]
    struct Changer(Vec<VarId>, bool);

    impl Propagator for Changer {
        fn scope(&self) -> &[VarId] {
            &self.0
        }
        fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
            ctx.remove(self.0[0], 0)?;
            ctx.remove(self.0[1], 2)?;
            if self.1 {
                ctx.assign(self.0[2], 4)?;
            }
            Ok(())
        }
        fn check(&self, _: &dyn Fn(VarId) -> u32) -> bool {
            true
        }
    }

    /// Records in its state word, per local index `i`, the events heard
    /// (bits `4i..4i+3`), and counts its runs in word 1.
    #[derive(Debug)]
    struct Recorder(Vec<VarId>);

    impl Propagator for Recorder {
        fn scope(&self) -> &[VarId] {
            &self.0
        }
        fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
            let runs = ctx.state(1);
            ctx.set_state(1, runs + 1);
            Ok(())
        }
        fn check(&self, _: &dyn Fn(VarId) -> u32) -> bool {
            true
        }
        fn state_words(&self) -> usize {
            2
        }
        fn events(&self, _: PropagationLevel) -> Events {
            Events::ASSIGNED | Events::BOUNDS
        }
        fn initialise(&self, ctx: &mut NotifyContext<'_>) {
            ctx.set_state(0, 1 << 63);
        }
        fn notify(&self, ctx: &mut NotifyContext<'_>, local: usize, events: Events) -> Wake {
            let bits = [Events::ASSIGNED, Events::BOUNDS, Events::REMOVED]
                .iter()
                .enumerate()
                .filter(|(_, e)| events.contains(**e))
                .fold(0u64, |acc, (i, _)| acc | 1 << i);
            let word = ctx.state(0) | bits << (4 * local);
            ctx.set_state(0, word);
            if events.contains(Events::ASSIGNED) {
                Wake::Run
            } else {
                Wake::Skip
            }
        }
    }

    /// The recorder's two state words after the root fixpoint, the
    /// recorder first in the queue, then a changer.
    fn recorded(assign: bool) -> (u64, u64) {
        let mut b = ModelBuilder::new();
        let v = b.new_vars(3, ValueSet::range(5));
        // The recorder sees the variables in another order: x2, x0, x1.
        b.add_propagator(Recorder(vec![v[2], v[0], v[1]])).unwrap();
        b.add_propagator(Changer(v.clone(), assign)).unwrap();
        let model = b.build();
        let store = store_after(&model, PropagationLevel::Singles, &[]).unwrap();
        let state = model.state_offset(0) as usize;
        (store.state(state), store.state(state + 1))
    }

    /// Records in its state word the size of x1's domain each time it
    /// runs (4 bits a run), running last or not.
    #[derive(Debug)]
    struct Late(Vec<VarId>, bool);

    impl Propagator for Late {
        fn scope(&self) -> &[VarId] {
            &self.0
        }
        fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
            let word = ctx.state(0);
            ctx.set_state(0, word << 4 | u64::from(ctx.domain(self.0[1]).len()));
            Ok(())
        }
        fn check(&self, _: &dyn Fn(VarId) -> u32) -> bool {
            true
        }
        fn state_words(&self) -> usize {
            1
        }
        fn runs_last(&self) -> bool {
            self.1
        }
    }

    #[test]
    fn a_propagator_that_runs_last_waits_for_the_others() {
        let sizes = |last: bool| {
            let mut b = ModelBuilder::new();
            let v = b.new_vars(3, ValueSet::range(5));
            // Posted first: queued first at the root.
            b.add_propagator(Late(v.clone(), last)).unwrap();
            b.add_propagator(Changer(v.clone(), false)).unwrap();
            let model = b.build();
            let store = store_after(&model, PropagationLevel::Singles, &[]).unwrap();
            store.state(model.state_offset(0) as usize)
        };
        // In queue order it runs before the changer (x1 has 5 values),
        // then again for the changer's removals (4).
        assert_eq!(sizes(false), 0x54);
        // Last: once, after the changer, which woke it while it waited.
        assert_eq!(sizes(true), 0x4);
    }

    #[test]
    fn propagators_hear_what_changed_where_and_may_skip() {
        // x2 (local 0) assigned: every event, filtered to what it listens
        // to; x0 (local 1) lost a bound; x1 (local 2) lost an inner value,
        // which it does not listen to. Run at the root, then again for the
        // assignment.
        assert_eq!(recorded(true), (1 << 63 | 0b011 | 0b010 << 4, 2));
        // The bound alone was answered with Skip: no second run.
        assert_eq!(recorded(false), (1 << 63 | 0b010 << 4, 1));
    }
}
