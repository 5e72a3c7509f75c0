//! The queue of propagators to run and of naked singles to assign.

use std::collections::VecDeque;
use std::time::Instant;

use fixedbitset::FixedBitSet;

use super::{Conflict, PropagationContext, PropagationLevel, Rule, RuleStats};
use crate::{DomainStore, Model, VarId};

const NO_PROPAGATOR: u32 = u32::MAX;

/// Which propagators must run, in FIFO order, and which variables became
/// naked singles. Allocated once per search; running it allocates nothing.
#[derive(Clone, Debug)]
pub(crate) struct Agenda {
    pub(crate) level: PropagationLevel,
    queue: VecDeque<u32>,
    queued: FixedBitSet,
    wakes_on_removal: FixedBitSet,
    /// The propagators that take part at this level
    /// ([`super::Propagator::min_level`]) are those below this index.
    active_end: u32,
    pub(crate) current: u32,
    /// The rule the changes being made are credited to.
    pub(crate) rule: Rule,
    /// What each rule did.
    pub(crate) rules: RuleStats,
    pub(crate) singletons: Vec<VarId>,
    /// How many times a propagator ran.
    pub(crate) runs: u64,
    /// When to give up (the search's time limit), checked inside
    /// propagation too: one probing pass can take seconds.
    pub(crate) deadline: Option<Instant>,
    /// The deadline passed: the last failure was no conflict but a stop.
    pub(crate) timed_out: bool,
}

impl Agenda {
    pub(crate) fn new(model: &Model, level: PropagationLevel) -> Agenda {
        let n = model.propagators().len();
        let mut wakes_on_removal = FixedBitSet::with_capacity(n);
        for (i, p) in model.propagators().iter().enumerate() {
            wakes_on_removal.set(i, p.wakes_on_removal(level));
        }
        let active_end = model
            .propagators()
            .iter()
            .take_while(|p| p.min_level() <= level)
            .count() as u32;
        Agenda {
            level,
            queue: VecDeque::with_capacity(n),
            queued: FixedBitSet::with_capacity(n),
            wakes_on_removal,
            active_end,
            current: NO_PROPAGATOR,
            rule: Rule::Other,
            rules: RuleStats::default(),
            singletons: Vec::with_capacity(model.num_vars()),
            runs: 0,
            deadline: None,
            timed_out: false,
        }
    }

    /// Whether the deadline has passed (remembered once it has).
    #[inline]
    pub(crate) fn out_of_time(&mut self) -> bool {
        if !self.timed_out && self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.timed_out = true;
        }
        self.timed_out
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

    /// `var` changed: wake the propagators that watch it (not the one that
    /// made the change).
    #[inline]
    pub(crate) fn notify(&mut self, model: &Model, var: VarId, assigned: bool) {
        for &p in model.watchers(var) {
            if p >= self.active_end {
                break;
            }
            if p != self.current && (assigned || self.wakes_on_removal.contains(p as usize)) {
                self.push(p);
            }
        }
    }

    /// Credits the changes from now on to `rule`, and counts one run of it.
    #[inline]
    pub(crate) fn begin(&mut self, rule: Rule) {
        self.rule = rule;
        self.rules[rule].runs += 1;
    }

    fn clear(&mut self) {
        self.queue.clear();
        self.queued.clear();
        self.singletons.clear();
        self.current = NO_PROPAGATOR;
    }

    /// Runs propagators and naked singles to a fixpoint.
    pub(crate) fn run(&mut self, store: &mut DomainStore, model: &Model) -> Result<(), Conflict> {
        loop {
            while let Some(var) = self.singletons.pop() {
                if store.is_assigned(var) || store.size(var) != 1 {
                    continue;
                }
                let value = store.domain(var).min().expect("size is 1");
                store.assign(var, value);
                let naked = &mut self.rules[Rule::NakedSingles];
                naked.runs += 1;
                naked.assignments += 1;
                self.notify(model, var, true);
            }
            let Some(p) = self.queue.pop_front() else {
                return Ok(());
            };
            self.queued.set(p as usize, false);
            self.current = p;
            self.runs += 1;
            // The clock is read every few hundred runs (a run is cheap; a
            // fixpoint on a 25x25 grid can take thousands of them).
            if self.deadline.is_some() && self.runs % 256 == 0 && self.out_of_time() {
                self.clear();
                return Err(Conflict);
            }
            let propagator = &model.propagators()[p as usize];
            self.begin(propagator.rule());
            let result = propagator.propagate(&mut PropagationContext {
                store,
                agenda: self,
                model,
            });
            self.current = NO_PROPAGATOR;
            if result.is_err() {
                self.clear();
                return result;
            }
        }
    }
}
