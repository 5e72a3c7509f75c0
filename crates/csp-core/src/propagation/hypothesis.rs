//! Forward checking on a value not placed yet: what it would remove.

use super::{Conflict, PropagationContext};
use crate::{DomainStore, ValueSet, VarId};

/// A placement considered but not made: `var = value` on top of the current
/// state. A propagator's
/// [`forward_check_removals`](super::Propagator::forward_check_removals)
/// reads the state through it as if the placement were made, and reports
/// what its forward checking would remove with [`Hypothesis::remove`].
/// Value heuristics `5`-`8` count these removals.
pub struct Hypothesis<'a> {
    store: &'a DomainStore,
    var: VarId,
    value: u32,
    removed: &'a mut dyn FnMut(VarId, ValueSet),
}

impl<'a> Hypothesis<'a> {
    /// `var = value` over `store`; removals go to `removed` (only values
    /// still in the domain of an unassigned variable other than `var`).
    pub fn new(
        store: &'a DomainStore,
        var: VarId,
        value: u32,
        removed: &'a mut dyn FnMut(VarId, ValueSet),
    ) -> Hypothesis<'a> {
        Hypothesis {
            store,
            var,
            value,
            removed,
        }
    }

    /// The placement considered.
    #[inline]
    pub fn placement(&self) -> (VarId, u32) {
        (self.var, self.value)
    }

    /// The value of `var` with the placement made.
    #[inline]
    pub fn value(&self, var: VarId) -> Option<u32> {
        if var == self.var {
            Some(self.value)
        } else {
            self.store.value(var)
        }
    }

    /// Whether `var` is assigned with the placement made.
    #[inline]
    pub fn is_assigned(&self, var: VarId) -> bool {
        var == self.var || self.store.is_assigned(var)
    }

    /// The domain of `var` with the placement made.
    #[inline]
    pub fn domain(&self, var: VarId) -> ValueSet {
        if var == self.var {
            ValueSet::single(self.value)
        } else {
            self.store.domain(var)
        }
    }

    /// Forward checking would remove `values` from `var`.
    #[inline]
    pub fn remove(&mut self, var: VarId, values: ValueSet) {
        if !self.is_assigned(var) {
            let gone = self.store.domain(var).intersection(values);
            if !gone.is_empty() {
                (self.removed)(var, gone);
            }
        }
    }
}

/// What forward checking reads and changes, so that one function serves
/// propagation ([`PropagationContext`]) and counting ([`Hypothesis`]).
pub(crate) trait ForwardCheck {
    fn value(&self, var: VarId) -> Option<u32>;
    fn domain(&self, var: VarId) -> ValueSet;
    fn retain_values(&mut self, var: VarId, keep: ValueSet) -> Result<(), Conflict>;

    fn is_assigned(&self, var: VarId) -> bool {
        self.value(var).is_some()
    }
}

impl ForwardCheck for PropagationContext<'_> {
    #[inline]
    fn value(&self, var: VarId) -> Option<u32> {
        PropagationContext::value(self, var)
    }
    #[inline]
    fn domain(&self, var: VarId) -> ValueSet {
        PropagationContext::domain(self, var)
    }
    #[inline]
    fn retain_values(&mut self, var: VarId, keep: ValueSet) -> Result<(), Conflict> {
        PropagationContext::retain_values(self, var, keep)
    }
}

impl ForwardCheck for Hypothesis<'_> {
    #[inline]
    fn value(&self, var: VarId) -> Option<u32> {
        Hypothesis::value(self, var)
    }
    #[inline]
    fn domain(&self, var: VarId) -> ValueSet {
        Hypothesis::domain(self, var)
    }
    #[inline]
    fn retain_values(&mut self, var: VarId, keep: ValueSet) -> Result<(), Conflict> {
        let gone = Hypothesis::domain(self, var).difference(keep);
        self.remove(var, gone);
        Ok(())
    }
}
