//! Nogoods recorded at restarts (Lecoutre, Sais, Tabary, Vidal 2007,
//! "Recording and minimizing nogoods from restarts"), for d-way branching.
//!
//! When the search restarts, the branch it abandons is a list of frames:
//! at depth `k` the variable `x_k`, the value `v_k` in force, and the values
//! `R_k` tried before it, whose subtrees were fully explored (refuted, or
//! holding solutions already counted). At the deepest frame the value in
//! force was just refuted too. Each `b` in `R_k` gives the reduced
//! nld-nogood `x_1 = v_1, ..., x_(k-1) = v_(k-1), x_k = b`: no later search
//! may go there again. So no solution is found twice, and the search stays
//! complete.
//!
//! The nogoods of all branches are kept in one trie of placements: a node
//! stands for a prefix `x_1 = v_1, ..., x_k = v_k`, holds the values its
//! nogoods remove (`x_(k+1)` loses `R_(k+1)`, merged over the branches that
//! share the prefix) and has a child per placement that extends it. After
//! every fixpoint the trie is walked from the root into the children whose
//! placement is entailed (the variable's domain is `{v}`), removing the
//! values of each node reached. This is unit propagation on the nogoods
//! whose only open literal is their last one; it detects every violated
//! nogood once the variables are fixed, which is all completeness needs;
//! and a walk costs the entailed part of the trie, not the number of
//! restarts. Everything lives in flat arrays that grow by doubling, at a
//! restart, never per node of the search.

use crate::propagation::{Agenda, Conflict, PropagationContext, Rule};
use crate::{DomainStore, Model, ValueSet, VarId};

/// No node, no removal.
const NONE: u32 = u32::MAX;

/// A prefix of placements: the one it adds to its parent's.
#[derive(Clone, Copy, Debug)]
struct Node {
    var: VarId,
    value: u32,
    first_child: u32,
    next_sibling: u32,
    first_removal: u32,
}

/// Values a node's nogoods remove from a variable.
#[derive(Clone, Copy, Debug)]
struct Removal {
    var: VarId,
    values: ValueSet,
    next: u32,
}

/// The nogoods of every restart so far.
#[derive(Clone, Debug)]
pub(crate) struct RestartNogoods {
    /// The trie; node 0 is the root (the empty prefix).
    nodes: Vec<Node>,
    removals: Vec<Removal>,
    /// The walk's nodes to visit.
    stack: Vec<u32>,
    /// How many nogoods: refuted values over all branches.
    count: u64,
}

impl Default for RestartNogoods {
    /// No nogood, nothing allocated (the search without restarts).
    fn default() -> Self {
        RestartNogoods {
            nodes: Vec::new(),
            removals: Vec::new(),
            stack: Vec::new(),
            count: 0,
        }
    }
}

/// The root of the trie: the empty prefix.
const ROOT: Node = Node {
    var: VarId(0),
    value: 0,
    first_child: NONE,
    next_sibling: NONE,
    first_removal: NONE,
};

impl RestartNogoods {
    /// Room for the branches of 8 restarts of full depth over `num_vars`
    /// variables before the arrays grow (by doubling: at most once per
    /// restart, never per node).
    pub(crate) fn with_capacity(num_vars: usize) -> RestartNogoods {
        let mut nodes = Vec::with_capacity(8 * num_vars + 1);
        nodes.push(ROOT);
        RestartNogoods {
            nodes,
            removals: Vec::with_capacity(8 * num_vars),
            stack: Vec::with_capacity(num_vars + 1),
            count: 0,
        }
    }

    /// Records the branch `frames` (variable, value in force, values tried
    /// before it; the deepest frame's value in force was refuted) and
    /// returns how many nogoods it adds.
    pub(crate) fn record(&mut self, frames: impl Iterator<Item = (VarId, u32, ValueSet)>) -> u64 {
        if self.nodes.is_empty() {
            self.nodes.push(ROOT);
        }
        let mut frames = frames.peekable();
        let mut node = 0;
        let mut added = 0;
        while let Some((var, value, tried)) = frames.next() {
            let last = frames.peek().is_none();
            let refuted = if last {
                tried.union(ValueSet::single(value))
            } else {
                tried
            };
            if !refuted.is_empty() {
                self.add_removal(node, var, refuted);
                added += u64::from(refuted.len());
            }
            if last {
                break;
            }
            node = self.child(node, var, value);
        }
        self.count += added;
        added
    }

    /// Node `node`'s nogoods also remove `values` from `var`.
    fn add_removal(&mut self, node: u32, var: VarId, values: ValueSet) {
        let mut r = self.nodes[node as usize].first_removal;
        while r != NONE {
            let removal = &mut self.removals[r as usize];
            if removal.var == var {
                removal.values = removal.values.union(values);
                return;
            }
            r = removal.next;
        }
        let first = &mut self.nodes[node as usize].first_removal;
        self.removals.push(Removal {
            var,
            values,
            next: *first,
        });
        *first = (self.removals.len() - 1) as u32;
    }

    /// The child of `node` that places `value` in `var`, made if new.
    fn child(&mut self, node: u32, var: VarId, value: u32) -> u32 {
        let mut c = self.nodes[node as usize].first_child;
        while c != NONE {
            let n = &self.nodes[c as usize];
            if (n.var, n.value) == (var, value) {
                return c;
            }
            c = n.next_sibling;
        }
        let id = self.nodes.len() as u32;
        self.nodes.push(Node {
            var,
            value,
            first_child: NONE,
            next_sibling: self.nodes[node as usize].first_child,
            first_removal: NONE,
        });
        self.nodes[node as usize].first_child = id;
        id
    }

    /// How many nogoods were recorded.
    #[cfg(test)]
    pub(crate) fn count(&self) -> u64 {
        self.count
    }

    /// Whether none were.
    pub(crate) fn is_empty(&self) -> bool {
        self.removals.is_empty()
    }

    /// Unlinks every child whose placement can no longer hold (its value
    /// gone from the variable's domain in `store`, the root's: root
    /// removals are never undone): the nogoods below it contain that
    /// placement and can never fire again; those above it stay. Keeps the
    /// walk short over long runs with many restarts.
    pub(crate) fn prune(&mut self, store: &DomainStore) {
        if self.nodes.is_empty() {
            return;
        }
        self.stack.clear();
        self.stack.push(0);
        while let Some(n) = self.stack.pop() {
            let mut previous = NONE;
            let mut c = self.nodes[n as usize].first_child;
            while c != NONE {
                let child = self.nodes[c as usize];
                if store.contains(child.var, child.value) {
                    previous = c;
                    self.stack.push(c);
                } else if previous == NONE {
                    self.nodes[n as usize].first_child = child.next_sibling;
                } else {
                    self.nodes[previous as usize].next_sibling = child.next_sibling;
                }
                c = child.next_sibling;
            }
        }
    }

    /// Removes the values the nogoods forbid now (credited to
    /// [`Rule::Nogood`], the watching propagators told); whether it removed
    /// any. Fails if a domain empties.
    pub(crate) fn propagate(
        &mut self,
        agenda: &mut Agenda,
        store: &mut DomainStore,
        model: &Model,
    ) -> Result<bool, Conflict> {
        let mut removed = false;
        self.stack.clear();
        self.stack.push(0);
        while let Some(n) = self.stack.pop() {
            let node = self.nodes[n as usize];
            let mut r = node.first_removal;
            while r != NONE {
                let Removal { var, values, next } = self.removals[r as usize];
                let domain = store.domain(var);
                if domain.difference(values).is_empty() {
                    // A wipeout fails at every level: the nogoods are
                    // what keeps a solution from being counted twice.
                    return Err(Conflict);
                }
                if !domain.intersection(values).is_empty() {
                    agenda.rules[Rule::Nogood].runs += 1;
                    removed = true;
                    PropagationContext::crediting(Rule::Nogood, store, agenda, model)
                        .remove_values(var, values)?;
                }
                r = next;
            }
            let mut c = node.first_child;
            while c != NONE {
                let child = self.nodes[c as usize];
                if store.size(child.var) == 1 && store.contains(child.var, child.value) {
                    self.stack.push(c);
                }
                c = child.next_sibling;
            }
        }
        Ok(removed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ModelBuilder, PropagationLevel};

    fn domains(store: &DomainStore) -> Vec<Vec<u32>> {
        (0..store.num_vars())
            .map(|v| store.domain(VarId(v as u32)).iter().collect())
            .collect()
    }

    #[test]
    fn branches_share_a_trie_and_propagate_while_their_placements_hold() {
        let mut b = ModelBuilder::new();
        b.new_vars(6, ValueSet::range(5));
        let model = b.build();
        let mut agenda = Agenda::new(&model, PropagationLevel::ForwardChecking);
        let mut n = RestartNogoods::with_capacity(6);
        assert!(n.is_empty());
        // x0 = 2 after 0 and 1; x3 = 1; x5 = 0 refuted: 3 nogoods.
        let first = [
            (VarId(0), 2, ValueSet::from_iter([0, 1])),
            (VarId(3), 1, ValueSet::EMPTY),
            (VarId(5), 0, ValueSet::EMPTY),
        ];
        assert_eq!(n.record(first.into_iter()), 3);
        // The same prefix, x5 = 3 refuted too: merged into x5's removal.
        let second = [
            (VarId(0), 2, ValueSet::EMPTY),
            (VarId(3), 1, ValueSet::EMPTY),
            (VarId(5), 3, ValueSet::EMPTY),
        ];
        assert_eq!(n.record(second.into_iter()), 1);
        assert_eq!(n.count(), 4);
        assert_eq!(n.nodes.len(), 3);
        let mut store = DomainStore::new(&[ValueSet::range(5); 6]);
        // At the root only x0 loses 0 and 1.
        assert_eq!(n.propagate(&mut agenda, &mut store, &model), Ok(true));
        assert_eq!(domains(&store)[0], [2, 3, 4]);
        assert_eq!(domains(&store)[5], [0, 1, 2, 3, 4]);
        // With x0 = 2 and x3 = 1, x5 loses 0 and 3.
        store.checkpoint();
        store.assign(VarId(0), 2);
        store.assign(VarId(3), 1);
        assert_eq!(n.propagate(&mut agenda, &mut store, &model), Ok(true));
        assert_eq!(domains(&store)[5], [1, 2, 4]);
        assert_eq!(n.propagate(&mut agenda, &mut store, &model), Ok(false));
        // x5 = 0 then breaks a nogood: a wipeout is a failure.
        store.remove_values(VarId(5), ValueSet::from_iter([1, 2, 4]));
        store.restore();
        store.checkpoint();
        store.assign(VarId(0), 2);
        store.assign(VarId(3), 1);
        store.assign(VarId(5), 3);
        assert_eq!(n.propagate(&mut agenda, &mut store, &model), Err(Conflict));
        store.restore();
        assert_eq!(agenda.rules[Rule::Nogood].removals, 4);
        // With 2 gone from x0 at the root, the subtrie below x0 = 2 is cut;
        // x0's own removal stays.
        store.remove(VarId(0), 2);
        n.prune(&store);
        assert_eq!(n.nodes[0].first_child, NONE);
        assert_ne!(n.nodes[0].first_removal, NONE);
    }
}
