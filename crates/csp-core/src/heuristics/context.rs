//! The read-only view heuristics get.

use crate::{DomainStore, Model, ValueSet, VarId};

/// What a heuristic may read: the model (constraint graph, positions) and
/// the current domains. Nothing here can change the state.
#[derive(Clone, Copy)]
pub struct SelectionContext<'a> {
    model: &'a Model,
    store: &'a DomainStore,
    depth: usize,
}

impl<'a> SelectionContext<'a> {
    /// A view of `store`, whose variables are those of `model`.
    pub fn new(model: &'a Model, store: &'a DomainStore) -> SelectionContext<'a> {
        SelectionContext {
            model,
            store,
            depth: 0,
        }
    }

    /// The same view, at `depth` placements on the search's current path
    /// (the search says so; 0 otherwise).
    pub fn at_depth(self, depth: usize) -> SelectionContext<'a> {
        SelectionContext { depth, ..self }
    }

    /// The placements on the search's current path (0 at the root).
    #[inline]
    pub fn depth(&self) -> usize {
        self.depth
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

    /// How many variables are unassigned.
    #[inline]
    pub fn unassigned_count(&self) -> usize {
        self.store.num_vars() - self.store.assigned_count() as usize
    }

    /// Whether `var` is assigned (filled).
    #[inline]
    pub fn is_assigned(&self, var: VarId) -> bool {
        self.store.is_assigned(var)
    }

    /// The fewest candidates an unassigned variable has (`None` when all
    /// are assigned).
    #[inline]
    pub fn smallest_open_size(&self) -> Option<u32> {
        self.store.smallest_open_size()
    }

    /// The most candidates an unassigned variable has.
    #[inline]
    pub fn largest_open_size(&self) -> Option<u32> {
        self.store.largest_open_size()
    }

    /// The first unassigned variable (in index order) of those with the
    /// fewest candidates.
    #[inline]
    pub fn first_of_fewest(&self) -> Option<VarId> {
        self.store.first_of_smallest_open()
    }

    /// The first unassigned variable in index order (kept by the store:
    /// no scan of the variables).
    #[inline]
    pub fn first_open(&self) -> Option<VarId> {
        self.store.first_open()
    }

    /// The last unassigned variable in index order.
    #[inline]
    pub fn last_open(&self) -> Option<VarId> {
        self.store.last_open()
    }

    /// The first unassigned variable (in index order) with `size`
    /// candidates (kept by the store: no scan of the variables).
    #[inline]
    pub fn first_of_size(&self, size: u32) -> Option<VarId> {
        self.store.first_open_of_size(size)
    }

    /// Appends to `out` the unassigned variables with `size` candidates,
    /// in index order.
    #[inline]
    pub fn all_of_size(&self, size: u32, out: &mut Vec<VarId>) {
        self.store.open_of_size(size, out);
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

    /// Calls `f` with each unassigned variable, in index order: the same
    /// walk as [`unassigned_vars`](Self::unassigned_vars), as a plain loop
    /// (the default [`VariableSelector::best`] scores through it; through
    /// the iterator it takes about 300 more instructions per selection).
    ///
    /// [`VariableSelector::best`]: crate::heuristics::VariableSelector::best
    #[inline(always)]
    pub fn for_each_unassigned(&self, mut f: impl FnMut(VarId)) {
        for b in 0..self.store.bucket_stride() {
            let mut w = self.store.open_block(b);
            while w != 0 {
                f(VarId(b as u32 * 64 + w.trailing_zeros()));
                w &= w - 1;
            }
        }
    }

    /// All unassigned variables, in index order (kept by the store: no
    /// scan of the variables).
    #[inline]
    pub fn unassigned_vars(&self) -> impl Iterator<Item = VarId> + 'a {
        self.store.open_vars()
    }
}
