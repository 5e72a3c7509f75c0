//! The domains an explanation is asked against.

use super::Literal;
use crate::{ValueSet, VarId};

/// The domains just before a removal or failure, and the model's initial
/// domains (a value out of a variable's initial domain is no literal: the
/// model itself excludes it).
#[derive(Clone, Copy, Debug)]
pub struct Explaining<'a> {
    domains: &'a [ValueSet],
    initial: &'a [ValueSet],
}

impl<'a> Explaining<'a> {
    /// The view of `domains` (before the removal), within `initial`; one of
    /// each per variable.
    pub fn new(domains: &'a [ValueSet], initial: &'a [ValueSet]) -> Explaining<'a> {
        Explaining { domains, initial }
    }

    /// The domain of `var` before the removal.
    #[inline]
    pub fn domain(&self, var: VarId) -> ValueSet {
        self.domains[var.index()]
    }

    /// The initial domain of `var`.
    #[inline]
    pub fn initial(&self, var: VarId) -> ValueSet {
        self.initial[var.index()]
    }

    /// The values removed from `var` by then.
    #[inline]
    pub fn removed(&self, var: VarId) -> ValueSet {
        self.initial(var).difference(self.domain(var))
    }

    /// If a variable of `scope` has no value left, pushes its removals
    /// (they explain any failure) and says so.
    pub fn push_emptied(&self, scope: &[VarId], reason: &mut Vec<Literal>) -> bool {
        match scope.iter().find(|&&x| self.domain(x).is_empty()) {
            Some(&x) => {
                self.push_removed(x, self.removed(x), reason);
                true
            }
            None => false,
        }
    }

    /// Pushes `var ≠ w` onto `reason` for each `w` of `values` removed by
    /// then (the others are no literals, or do not hold).
    pub fn push_removed(&self, var: VarId, values: ValueSet, reason: &mut Vec<Literal>) {
        for w in self.removed(var).intersection(values).iter() {
            reason.push(Literal::IsNot(var, w));
        }
    }
}
