//! The read-only view heuristics get.

use crate::{DomainStore, Model, ValueSet, VarId};

/// What a heuristic may read: the model (constraint graph, positions) and
/// the current domains. Nothing here can change the state.
#[derive(Clone, Copy)]
pub struct SelectionContext<'a> {
    model: &'a Model,
    store: &'a DomainStore,
}

impl<'a> SelectionContext<'a> {
    /// A view of `store`, whose variables are those of `model`.
    pub fn new(model: &'a Model, store: &'a DomainStore) -> SelectionContext<'a> {
        SelectionContext { model, store }
    }

    /// The model.
    #[inline]
    pub fn model(&self) -> &'a Model {
        self.model
    }

    /// The domains.
    #[inline]
    pub(crate) fn store(&self) -> &'a DomainStore {
        self.store
    }

    /// The number of variables.
    #[inline]
    pub fn num_vars(&self) -> usize {
        self.store.num_vars()
    }

    /// The current domain (candidates) of `var`.
    #[inline]
    pub fn domain(&self, var: VarId) -> ValueSet {
        self.store.domain(var)
    }

    /// The number of candidates of `var`.
    #[inline]
    pub fn size(&self, var: VarId) -> u32 {
        self.store.size(var)
    }

    /// Whether `var` is assigned (filled).
    #[inline]
    pub fn is_assigned(&self, var: VarId) -> bool {
        self.store.is_assigned(var)
    }

    /// The unassigned variables with the fewest candidates, in index order
    /// (kept by the store: no scan of the variables).
    #[inline]
    pub fn fewest_candidates(&self) -> impl Iterator<Item = VarId> + 'a {
        let store = self.store;
        (store.smallest_open_size().into_iter()).flat_map(move |k| store.open_of_size(k))
    }

    /// The unassigned variables with the most candidates, in index order.
    #[inline]
    pub fn most_candidates(&self) -> impl Iterator<Item = VarId> + 'a {
        let store = self.store;
        (store.largest_open_size().into_iter()).flat_map(move |k| store.open_of_size(k))
    }

    /// How many assigned variables hold `value`.
    #[inline]
    pub fn value_use(&self, value: u32) -> u32 {
        self.store.value_use(value)
    }

    /// The unassigned variables related to `var`.
    #[inline]
    pub fn empty_neighbours(&self, var: VarId) -> impl Iterator<Item = VarId> + 'a {
        let store = self.store;
        (self.model.neighbours(var).iter().copied()).filter(move |&n| !store.is_assigned(n))
    }

    /// All assigned variables.
    #[inline]
    pub fn assigned_vars(&self) -> impl Iterator<Item = VarId> + 'a {
        let store = self.store;
        self.model.vars().filter(move |&v| store.is_assigned(v))
    }

    /// All unassigned variables.
    #[inline]
    pub fn unassigned_vars(&self) -> impl Iterator<Item = VarId> + 'a {
        let store = self.store;
        self.model.vars().filter(move |&v| !store.is_assigned(v))
    }
}
