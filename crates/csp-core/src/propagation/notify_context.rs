//! What a propagator sees when it is told of an event or sets up its state.

use super::PropagationLevel;
use super::agenda::WorkQueue;
use crate::{DomainStore, ValueSet, VarId};

/// A propagator's view while it is told what changed
/// ([`Propagator::notify`](super::Propagator::notify)) or sets up its state
/// at the root ([`Propagator::initialise`](super::Propagator::initialise)):
/// the domains, read only, and its own state words, read and write.
///
/// State words are trailed: whatever a propagator writes is undone when the
/// search backtracks past the write, so the state always matches the
/// domains.
pub struct NotifyContext<'a> {
    pub(crate) store: &'a mut DomainStore,
    pub(crate) state: u32,
    pub(crate) level: PropagationLevel,
    pub(crate) work: &'a mut WorkQueue,
}

impl NotifyContext<'_> {
    /// For a composite propagator ([`Propagator::work_items`](super::Propagator::work_items)):
    /// queues work item `item` (unless it is queued).
    #[inline]
    pub fn schedule(&mut self, item: usize) {
        self.work.push(item);
    }

    /// For a composite propagator: whether no work item is queued.
    #[inline]
    pub fn is_idle(&self) -> bool {
        self.work.is_empty()
    }

    /// The level propagation runs at.
    #[inline]
    pub fn level(&self) -> PropagationLevel {
        self.level
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

    /// State word `i` of the propagator (`i` below its
    /// [`Propagator::state_words`](super::Propagator::state_words)).
    #[inline]
    pub fn state(&self, i: usize) -> u64 {
        self.store.state(self.state as usize + i)
    }

    /// Sets state word `i` (trailed).
    #[inline]
    pub fn set_state(&mut self, i: usize, word: u64) {
        self.store.set_state(self.state as usize + i, word);
    }
}
