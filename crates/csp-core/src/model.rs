//! A constraint model: variables, their initial domains, positions and
//! propagators, with the constraint graph the heuristics read.

use std::sync::OnceLock;

use crate::propagation::{
    AllDifferent, ListedGroups, LockedCandidates, PeerGroups, Propagator, Rule,
};
use crate::{DomainStore, Rows, ValueSet, VarId};

/// The most variables a scope relates to each other (constraint-graph
/// neighbours, [`Model::neighbours`]): a larger constraint (a sum over
/// thousands of variables) relates none of them, as its n² pairs would
/// cost more than its propagation. Grids and the XCSP3 corpus stay far
/// below it.
pub const MAX_RELATED_SCOPE: usize = 4096;

/// Something wrong with how a model is put together.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ModelError {
    /// A propagator names a variable the model does not have.
    #[error("variable {var} does not exist (the model has {count} variables)")]
    UnknownVariable {
        /// The variable named.
        var: VarId,
        /// How many variables the model has.
        count: usize,
    },
    /// A scope names the same variable twice.
    #[error("variable {0} appears twice in one scope")]
    RepeatedVariable(VarId),
    /// A propagator that reads 64-value domains names a wide variable.
    #[error("the propagator {propagator} takes no wide variable, and {var} is one")]
    NarrowOnly {
        /// The propagator's name.
        propagator: &'static str,
        /// The wide variable.
        var: VarId,
    },
    /// A wide variable of no value, or of more than
    /// [`MAX_WIDE_VALUES`](crate::MAX_WIDE_VALUES).
    #[error("a wide variable has 1 to {max} values, not {count}", max = crate::MAX_WIDE_VALUES)]
    WideCount {
        /// The number of values asked for.
        count: u64,
    },
}

/// Builds a [`Model`].
#[derive(Debug, Default)]
pub struct ModelBuilder {
    domains: Vec<ValueSet>,
    positions: Vec<Option<[f64; 2]>>,
    propagators: Vec<Box<dyn Propagator>>,
    /// The owner of each propagator ([`ModelBuilder::set_owner`]).
    owners: Vec<Tag>,
    /// The owner given to propagators added from now on.
    owner: Option<u32>,
    /// The groups added with [`ModelBuilder::all_different`], with their
    /// values, for the locked-candidates pairs.
    groups: Vec<(Vec<VarId>, ValueSet, Option<u32>)>,
    /// Groups of related variables declared without a propagator
    /// ([`ModelBuilder::relate`]).
    relations: Vec<Vec<VarId>>,
    /// The wide variables and their numbers of values
    /// ([`ModelBuilder::new_wide_var`]).
    wide: Vec<(VarId, u32)>,
    /// Whether each variable is wide.
    is_wide: Vec<bool>,
    /// A mark per variable for [`ModelBuilder::add_propagator`]'s check
    /// of repeated variables: the call's number when it last saw it.
    marks: Vec<u32>,
    /// How many calls of `add_propagator` there were.
    calls: u32,
}

impl ModelBuilder {
    /// An empty model.
    pub fn new() -> ModelBuilder {
        ModelBuilder::default()
    }

    /// A new variable with the given initial domain.
    pub fn new_var(&mut self, domain: ValueSet) -> VarId {
        self.domains.push(domain);
        self.positions.push(None);
        self.is_wide.push(false);
        self.marks.push(u32::MAX);
        VarId(self.domains.len() as u32 - 1)
    }

    /// A new *wide* variable, of the values `0..count` (up to
    /// [`MAX_WIDE_VALUES`](crate::MAX_WIDE_VALUES)): its domain is an
    /// interval with holes rather than a 64-bit set (see
    /// [`DomainStore::is_wide`]). Only propagators that say they take
    /// wide variables ([`Propagator::takes_wide`]) may name it.
    pub fn new_wide_var(&mut self, count: u64) -> Result<VarId, ModelError> {
        let count = u32::try_from(count)
            .ok()
            .filter(|&c| c > 0)
            .ok_or(ModelError::WideCount { count })?;
        let var = self.new_var(ValueSet::EMPTY);
        self.wide.push((var, count));
        self.is_wide[var.index()] = true;
        Ok(var)
    }

    /// Whether `var` is a wide variable.
    pub fn is_wide(&self, var: VarId) -> bool {
        self.is_wide.get(var.index()).copied().unwrap_or(false)
    }

    /// How many values the wide variable `var` has (`0..count`); `None`
    /// for a narrow one.
    pub fn wide_count(&self, var: VarId) -> Option<u32> {
        // Made in increasing order.
        let at = self.wide.binary_search_by_key(&var, |&(v, _)| v).ok()?;
        Some(self.wide[at].1)
    }

    /// `n` new variables with the same initial domain.
    pub fn new_vars(&mut self, n: usize, domain: ValueSet) -> Vec<VarId> {
        (0..n).map(|_| self.new_var(domain)).collect()
    }

    /// Narrows the initial domain of `var` to the values also in `values`
    /// (a unary restriction such as "even digits only").
    pub fn restrict(&mut self, var: VarId, values: ValueSet) -> Result<(), ModelError> {
        let count = self.domains.len();
        let d = (self.domains.get_mut(var.index()))
            .ok_or(ModelError::UnknownVariable { var, count })?;
        *d = d.intersection(values);
        Ok(())
    }

    /// The initial domain of `var` as set so far.
    pub fn domain(&self, var: VarId) -> Option<ValueSet> {
        self.domains.get(var.index()).copied()
    }

    /// Places `var` at `(row, col)` (any real coordinates); the geometric
    /// heuristics (closest to the centre, distance to the filled variables)
    /// need every variable placed.
    pub fn set_position(&mut self, var: VarId, row: f64, col: f64) {
        self.positions[var.index()] = Some([row, col]);
    }

    /// Adds a propagator.
    pub fn add_propagator(&mut self, p: impl Propagator + 'static) -> Result<(), ModelError> {
        let count = self.domains.len();
        // Marked with the call's number: linear in its scope, not in the
        // model's variables.
        self.calls = self.calls.wrapping_add(1);
        let mark = self.calls;
        for &var in p.scope() {
            if var.index() >= count {
                return Err(ModelError::UnknownVariable { var, count });
            }
            if std::mem::replace(&mut self.marks[var.index()], mark) == mark {
                return Err(ModelError::RepeatedVariable(var));
            }
        }
        if !p.takes_wide()
            && let Some(&var) = p.scope().iter().find(|v| self.is_wide[v.index()])
        {
            return Err(ModelError::NarrowOnly {
                propagator: p.name(),
                var,
            });
        }
        self.propagators.push(Box::new(p));
        self.owners.push(Tag {
            owner: self.owner,
            pair: None,
        });
        Ok(())
    }

    /// Tags the propagators added from now on (by any method) with
    /// `owner`, a number of the caller's choosing (say, the index of the
    /// rule they enforce), read back with [`Model::owner`]; `None` stops
    /// tagging. A failure in a trace can so name what failed in the
    /// caller's words.
    pub fn set_owner(&mut self, owner: Option<u32>) {
        self.owner = owner;
    }

    /// The owner propagators added from now on are tagged with
    /// ([`ModelBuilder::set_owner`]).
    pub fn owner(&self) -> Option<u32> {
        self.owner
    }

    /// The propagators added so far (not counting the locked-candidates
    /// pairs [`ModelBuilder::build`] adds).
    pub fn num_propagators(&self) -> usize {
        self.propagators.len()
    }

    /// Declares `vars` related to each other (constraint-graph neighbours
    /// for the heuristics) without a propagator: for a propagator that
    /// covers many constraints at once and says its scope is not related
    /// ([`Propagator::relates_scope`]), so that the heuristics see the same
    /// graph as with one propagator per constraint.
    pub fn relate(&mut self, vars: &[VarId]) -> Result<(), ModelError> {
        let count = self.domains.len();
        if let Some(&var) = vars.iter().find(|v| v.index() >= count) {
            return Err(ModelError::UnknownVariable { var, count });
        }
        self.relations.push(vars.to_vec());
        Ok(())
    }

    /// Adds an [`AllDifferent`] over `vars`; its value set is the union of
    /// their initial domains.
    pub fn all_different(&mut self, vars: &[VarId]) -> Result<(), ModelError> {
        let values = vars
            .iter()
            .filter_map(|v| self.domains.get(v.index()))
            .fold(ValueSet::EMPTY, |acc, &d| acc.union(d));
        self.add_propagator(AllDifferent::new(vars.to_vec(), values))?;
        self.groups.push((vars.to_vec(), values, self.owner));
        Ok(())
    }

    /// Adds a [`LinkedPlaces`](crate::LinkedPlaces) for every permutation group added so far
    /// with [`ModelBuilder::all_different`] that a
    /// [`BinaryRelation`](crate::BinaryRelation) added so far links a
    /// variable to; returns how many. A model without them searches as
    /// before; with them, from `singles` up, a value that would leave a
    /// group's value without a place through the relations is removed.
    pub fn link_places(&mut self) -> usize {
        let plain: Vec<(Vec<VarId>, ValueSet)> = (self.groups.iter())
            .map(|(g, v, _)| (g.clone(), *v))
            .collect();
        let made = crate::propagation::linked_places(&plain, &self.propagators, &self.domains);
        let count = made.len();
        for p in made {
            self.propagators.push(Box::new(p));
            self.owners.push(Tag::default());
        }
        count
    }

    /// The finished model. For every pair of groups added with
    /// [`ModelBuilder::all_different`] that share two or more variables (and
    /// neither holds the other) it adds a [`LockedCandidates`], which takes
    /// part from [`PropagationLevel::Locked`](crate::PropagationLevel::Locked)
    /// on.
    pub fn build(mut self) -> Model {
        let groups = std::mem::take(&mut self.groups);
        for (i, (a, a_values, a_owner)) in groups.iter().enumerate() {
            for (b, b_values, b_owner) in &groups[i + 1..] {
                if let Some(p) = LockedCandidates::new(a, *a_values, b, *b_values) {
                    self.propagators.push(Box::new(p));
                    self.owners.push(Tag {
                        owner: None,
                        pair: Some([*a_owner, *b_owner]),
                    });
                }
            }
        }
        self.build_model()
    }

    fn build_model(mut self) -> Model {
        // Weaker levels first, so that the propagators taking part at a
        // level are a prefix and every watcher list ends with the others.
        let mut tagged: Vec<_> = (self.propagators.drain(..))
            .zip(std::mem::take(&mut self.owners))
            .collect();
        tagged.sort_by_key(|(p, _)| p.min_level());
        let (propagators, owners): (Vec<_>, Vec<_>) = tagged.into_iter().unzip();
        self.propagators = propagators;
        let n = self.domains.len();
        let mut watchers: Vec<Vec<Watch>> = vec![Vec::new(); n];
        let mut related: Vec<Vec<VarId>> = vec![Vec::new(); n];
        let mut state_offsets = Vec::with_capacity(self.propagators.len() + 1);
        let mut words = 0u32;
        for (i, p) in self.propagators.iter().enumerate() {
            state_offsets.push(words);
            words += p.state_words() as u32;
            let scope = p.scope();
            for (local, &v) in scope.iter().enumerate() {
                watchers[v.index()].push(Watch {
                    propagator: i as u32,
                    local: local as u32,
                });
            }
        }
        // Each related scope and declared relation makes its variables
        // neighbours of each other, up to MAX_RELATED_SCOPE of them (past
        // it the pairs would be quadratic: a sum of 50,000 terms took a
        // minute to build).
        let scopes = (self.propagators.iter())
            .filter(|p| p.relates_scope())
            .map(|p| p.scope());
        let groups = scopes.chain(self.relations.iter().map(Vec::as_slice));
        for group in groups.filter(|g| g.len() <= MAX_RELATED_SCOPE) {
            for &v in group {
                related[v.index()].extend(group.iter().copied().filter(|&w| w != v));
            }
        }
        for r in &mut related {
            r.sort_unstable();
            r.dedup();
        }
        let positions = if self.positions.iter().all(Option::is_some) && n > 0 {
            Some(self.positions.iter().map(|p| p.expect("checked")).collect())
        } else {
            None
        };
        let watchers = Rows::from(watchers);
        let listed = match self.propagators.as_slice() {
            [only] if only.peer_groups().is_some() => None,
            all => ListedGroups::of(all, &watchers),
        };
        Model {
            domains: self.domains,
            wide: self.wide,
            positions,
            propagators: self.propagators,
            owners,
            watchers,
            listed,
            state_offsets,
            state_words: words as usize,
            neighbours: Rows::from(related),
            distances: OnceLock::new(),
        }
    }
}

/// What a propagator was tagged with: its owner, or for a pair that
/// [`ModelBuilder::build`] made, its two groups' owners.
#[derive(Clone, Copy, Debug, Default)]
struct Tag {
    owner: Option<u32>,
    pair: Option<[Option<u32>; 2]>,
}

/// A propagator that watches a variable, and where the variable sits in
/// its scope.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Watch {
    /// The propagator's index in [`Model::propagators`].
    pub propagator: u32,
    /// The variable's index in the propagator's [`Propagator::scope`].
    pub local: u32,
}

/// A finished constraint model. Shared, read-only, by any number of
/// [`Search`](crate::Search)es (it is `Sync`).
#[derive(Debug)]
pub struct Model {
    domains: Vec<ValueSet>,
    /// The wide variables and their numbers of values.
    wide: Vec<(VarId, u32)>,
    positions: Option<Vec<[f64; 2]>>,
    propagators: Vec<Box<dyn Propagator>>,
    owners: Vec<Tag>,
    watchers: Rows<Watch>,
    /// Where each propagator's state words start.
    state_offsets: Vec<u32>,
    state_words: usize,
    neighbours: Rows<VarId>,
    distances: OnceLock<Vec<u32>>,
    /// Its forward-checking groups, if the search may list them ahead.
    listed: Option<ListedGroups>,
}

impl Model {
    /// The number of variables.
    pub fn num_vars(&self) -> usize {
        self.domains.len()
    }

    /// All variables, in index order.
    pub fn vars(&self) -> impl ExactSizeIterator<Item = VarId> + use<> {
        (0..self.domains.len() as u32).map(VarId)
    }

    /// The initial domain of `var`.
    pub fn initial_domain(&self, var: VarId) -> ValueSet {
        self.domains[var.index()]
    }

    /// The wide variables ([`ModelBuilder::new_wide_var`]) and their
    /// numbers of values, in variable order.
    pub fn wide_vars(&self) -> &[(VarId, u32)] {
        &self.wide
    }

    /// The initial domains, in variable order (a wide variable's reads
    /// empty: see [`wide_vars`](Self::wide_vars)).
    pub fn initial_domains(&self) -> &[ValueSet] {
        &self.domains
    }

    /// The propagators, in the order they were added, stably sorted by
    /// [`Propagator::min_level`].
    pub fn propagators(&self) -> &[Box<dyn Propagator>] {
        &self.propagators
    }

    /// When the model's only propagator lists its forward checking ahead
    /// ([`Propagator::peer_groups`]): its groups and the rule it credits.
    pub fn peer_groups(&self) -> Option<(&PeerGroups, Rule)> {
        match self.propagators.as_slice() {
            [only] => only.peer_groups().map(|groups| (groups, only.rule())),
            _ => None,
        }
    }

    /// Its forward-checking groups
    /// ([`Propagator::is_forward_checking_group`]), if they come ahead of
    /// its other propagators so that a search may list them ahead (see
    /// [`ListedGroups`]); `None` also where the only propagator lists its
    /// own ([`Model::peer_groups`]).
    pub fn listed_groups(&self) -> Option<&ListedGroups> {
        self.listed.as_ref()
    }

    /// The owner propagator `p` (an index in
    /// [`Model::propagators`]) was tagged with when it was added
    /// ([`ModelBuilder::set_owner`]); `None` if it was not tagged or
    /// there is no such propagator.
    pub fn owner(&self, p: u32) -> Option<u32> {
        self.owners.get(p as usize).and_then(|t| t.owner)
    }

    /// For a [`LockedCandidates`] that [`ModelBuilder::build`] made from
    /// two groups of [`ModelBuilder::all_different`], the owners those
    /// groups were added under, in the order they were added; `None` for
    /// any other propagator.
    pub fn pair_owners(&self, p: u32) -> Option<[Option<u32>; 2]> {
        self.owners.get(p as usize).and_then(|t| t.pair)
    }

    /// The propagators whose scope holds `var`, in index order, with where
    /// `var` sits in each scope.
    #[inline]
    pub fn watchers(&self, var: VarId) -> &[Watch] {
        self.watchers.row(var.index())
    }

    /// Where the state words of propagator `p` start in the store.
    #[inline]
    pub(crate) fn state_offset(&self, p: u32) -> u32 {
        self.state_offsets[p as usize]
    }

    /// How many state words all propagators together keep.
    pub fn state_words(&self) -> usize {
        self.state_words
    }

    /// The variables that share a constraint with `var` (its *related*
    /// variables), in index order.
    #[inline]
    pub fn neighbours(&self, var: VarId) -> &[VarId] {
        self.neighbours.row(var.index())
    }

    /// The position of `var`, if every variable has one.
    pub fn position(&self, var: VarId) -> Option<[f64; 2]> {
        self.positions.as_ref().map(|p| p[var.index()])
    }

    /// Whether every variable has a position.
    pub fn has_positions(&self) -> bool {
        self.positions.is_some()
    }

    /// The centroid of all positions (the centre of a grid).
    pub fn centre(&self) -> Option<[f64; 2]> {
        let p = self.positions.as_ref()?;
        let n = p.len() as f64;
        let (r, c) = p.iter().fold((0.0, 0.0), |(r, c), q| (r + q[0], c + q[1]));
        Some([r / n, c / n])
    }

    /// The distances from `var` to every variable, in variable order
    /// (see [`Model::distance_micros`]; `None` if the model has no
    /// positions).
    #[inline]
    pub fn distances_from(&self, var: VarId) -> Option<&[u32]> {
        let n = self.num_vars();
        let table = self.distance_table()?;
        Some(&table[var.index() * n..(var.index() + 1) * n])
    }

    /// The euclidean distance between two variables' positions in
    /// millionths, rounded (a table computed on first use, then shared;
    /// `None` if the model has no positions).
    #[inline]
    pub fn distance_micros(&self, a: VarId, b: VarId) -> Option<u32> {
        let table = self.distance_table()?;
        Some(table[a.index() * self.num_vars() + b.index()])
    }

    fn distance_table(&self) -> Option<&[u32]> {
        let p = self.positions.as_ref()?;
        Some(self.distances.get_or_init(|| {
            let mut t = Vec::with_capacity(p.len() * p.len());
            for a in p {
                for b in p {
                    let d = ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2)).sqrt();
                    t.push((d * 1e6).round() as u32);
                }
            }
            t
        }))
    }

    /// Whether the assigned values of `store` (all variables assigned)
    /// satisfy every constraint.
    pub fn check(&self, store: &DomainStore) -> bool {
        let value = |v: VarId| store.value(v).unwrap_or(u32::MAX);
        self.vars().all(|v| store.is_assigned(v))
            && self.propagators.iter().all(|p| p.check(&value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn owners_follow_their_propagators_through_the_sort() {
        let mut b = ModelBuilder::new();
        let v = b.new_vars(4, ValueSet::range(4));
        b.set_owner(Some(7));
        b.all_different(&v[..3]).unwrap();
        b.set_owner(None);
        b.all_different(&[v[0], v[1], v[3]]).unwrap();
        b.set_owner(Some(9));
        b.add_propagator(crate::LinearEquality::new(vec![v[0], v[3]], vec![1, 1], 3))
            .unwrap();
        // The two groups' locked-candidates pair comes last (it takes
        // part from a higher level), untagged but for its groups' owners.
        let m = b.build();
        let names: Vec<&str> = m.propagators().iter().map(|p| p.name()).collect();
        assert_eq!(names.len(), 4);
        assert_eq!(names[3], "locked-candidates");
        let owners: Vec<Option<u32>> = (0..5).map(|p| m.owner(p)).collect();
        assert_eq!(owners, [Some(7), None, Some(9), None, None]);
        let pairs: Vec<_> = (0..5).map(|p| m.pair_owners(p)).collect();
        assert_eq!(pairs, [None, None, None, Some([Some(7), None]), None]);
    }

    #[test]
    fn neighbours_and_watchers() {
        let mut b = ModelBuilder::new();
        let v = b.new_vars(4, ValueSet::range(3));
        b.all_different(&v[..3]).unwrap();
        b.all_different(&[v[2], v[3]]).unwrap();
        let m = b.build();
        assert_eq!(m.neighbours(v[2]), &[v[0], v[1], v[3]]);
        assert_eq!(m.neighbours(v[3]), &[v[2]]);
        let watch = |propagator, local| Watch { propagator, local };
        assert_eq!(m.watchers(v[2]), &[watch(0, 2), watch(1, 0)]);
        assert!(!m.has_positions());
        assert_eq!(m.distance_micros(v[0], v[1]), None);
        // The same graph declared without propagators.
        let mut b = ModelBuilder::new();
        let v = b.new_vars(4, ValueSet::range(3));
        b.relate(&v[..3]).unwrap();
        b.relate(&[v[2], v[3]]).unwrap();
        assert_eq!(b.num_propagators(), 0);
        let m = b.build();
        assert_eq!(m.neighbours(v[2]), &[v[0], v[1], v[3]]);
        assert_eq!(m.neighbours(v[3]), &[v[2]]);
        assert!(m.watchers(v[2]).is_empty());
    }

    #[test]
    fn bad_scopes_are_errors() {
        let mut b = ModelBuilder::new();
        let v = b.new_var(ValueSet::range(2));
        assert_eq!(
            b.all_different(&[v, VarId(7)]),
            Err(ModelError::UnknownVariable {
                var: VarId(7),
                count: 1
            })
        );
        assert_eq!(
            b.all_different(&[v, v]),
            Err(ModelError::RepeatedVariable(v))
        );
    }

    #[test]
    fn positions_give_centre_and_distances() {
        let mut b = ModelBuilder::new();
        let v = b.new_vars(2, ValueSet::range(2));
        b.set_position(v[0], 0.0, 0.0);
        b.set_position(v[1], 3.0, 4.0);
        let m = b.build();
        assert_eq!(m.centre(), Some([1.5, 2.0]));
        assert_eq!(m.distance_micros(v[0], v[1]), Some(5_000_000));
    }
}
