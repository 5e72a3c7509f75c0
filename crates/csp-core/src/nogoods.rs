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
//!
//! A wide variable is branched on in two ways, `x = v` then `x != v`, or
//! `x <= v` then `x > v` ([`WideChoice`](crate::WideChoice)): a frame of
//! positive decision `d`. In its first branch `d` is in force and extends
//! the prefix, as a placement does; in its second `d` was refuted, which
//! is the nogood `prefix, d`, and the refutation in force is left out of
//! the prefix (the reduced nld-nogoods of binary branching, in the same
//! paper). A prefix's decision `x <= v` is entailed when `x`'s largest
//! value is at most `v`; a refuted decision's negation is what its
//! nogood enforces.

use crate::propagation::{Agenda, Conflict, PropagationContext, Rule};
use crate::{DomainStore, Model, ValueSet, VarId};

/// No node, no removal.
const NONE: u32 = u32::MAX;

/// A prefix of placements: the one it adds to its parent's (`var =
/// value`, or `var <= value` for a wide variable's split).
#[derive(Clone, Copy, Debug)]
struct Node {
    var: VarId,
    value: u32,
    at_most: bool,
    first_child: u32,
    next_sibling: u32,
    first_removal: u32,
}

/// A decision of a branch as the nogoods read it, from the root down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Branch {
    /// A narrow variable's frame: `var = value` in force, after the values
    /// `tried` (their subtrees explored).
    Values {
        var: VarId,
        value: u32,
        tried: ValueSet,
    },
    /// A wide variable's frame of decision `decision`: in force, or (in
    /// its `second` branch) refuted with its negation in force.
    Wide {
        var: VarId,
        decision: Decision,
        second: bool,
    },
}

/// A positive decision on a wide variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Decision {
    /// `x = v`.
    Equal(u32),
    /// `x <= v`.
    AtMost(u32),
}

/// A literal on a wide variable that a nogood refutes: its negation is
/// enforced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Refuted {
    /// `x = v` refuted: `v` removed.
    Equal(u32),
    /// `x != v` refuted: `x` assigned `v`.
    NotEqual(u32),
    /// `x <= v` refuted: the values up to `v` removed.
    AtMost(u32),
    /// `x > v` refuted: the values above `v` removed.
    Above(u32),
}

/// What a node's nogoods remove from a variable.
#[derive(Clone, Copy, Debug)]
enum Removed {
    /// Values of a narrow variable.
    Values(ValueSet),
    /// A literal of a wide one.
    Literal(Refuted),
}

/// What one of a node's nogoods removes.
#[derive(Clone, Copy, Debug)]
struct Removal {
    var: VarId,
    removed: Removed,
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
    at_most: false,
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

    /// Records the branch `frames` (from the root down; the deepest
    /// frame's alternative in force was refuted) and returns how many
    /// nogoods it adds.
    pub(crate) fn record(&mut self, frames: impl Iterator<Item = Branch>) -> u64 {
        if self.nodes.is_empty() {
            self.nodes.push(ROOT);
        }
        let mut frames = frames.peekable();
        let mut node = 0;
        let mut added = 0;
        while let Some(frame) = frames.next() {
            let last = frames.peek().is_none();
            match frame {
                Branch::Values { var, value, tried } => {
                    let refuted = if last {
                        tried.union(ValueSet::single(value))
                    } else {
                        tried
                    };
                    if !refuted.is_empty() {
                        self.add_removal(node, var, Removed::Values(refuted));
                        added += u64::from(refuted.len());
                    }
                    if !last {
                        node = self.child(node, var, value, false);
                    }
                }
                Branch::Wide {
                    var,
                    decision,
                    second,
                } => {
                    let (refuted, negation) = match decision {
                        Decision::Equal(v) => (Refuted::Equal(v), Refuted::NotEqual(v)),
                        Decision::AtMost(v) => (Refuted::AtMost(v), Refuted::Above(v)),
                    };
                    if second || last {
                        self.add_removal(node, var, Removed::Literal(refuted));
                        added += 1;
                    }
                    if second && last {
                        self.add_removal(node, var, Removed::Literal(negation));
                        added += 1;
                    }
                    if !second && !last {
                        node = match decision {
                            Decision::Equal(v) => self.child(node, var, v, false),
                            Decision::AtMost(v) => self.child(node, var, v, true),
                        };
                    }
                }
            }
        }
        self.count += added;
        added
    }

    /// Node `node`'s nogoods also remove `removed` from `var`.
    fn add_removal(&mut self, node: u32, var: VarId, removed: Removed) {
        let mut r = self.nodes[node as usize].first_removal;
        while r != NONE {
            let removal = &mut self.removals[r as usize];
            if removal.var == var {
                match (&mut removal.removed, removed) {
                    (Removed::Values(values), Removed::Values(more)) => {
                        *values = values.union(more);
                        return;
                    }
                    (Removed::Literal(a), Removed::Literal(b)) if *a == b => return,
                    _ => {}
                }
            }
            r = removal.next;
        }
        let first = &mut self.nodes[node as usize].first_removal;
        self.removals.push(Removal {
            var,
            removed,
            next: *first,
        });
        *first = (self.removals.len() - 1) as u32;
    }

    /// The child of `node` that places `value` in `var` (`at_most`: that
    /// bounds `var` by it), made if new.
    fn child(&mut self, node: u32, var: VarId, value: u32, at_most: bool) -> u32 {
        let mut c = self.nodes[node as usize].first_child;
        while c != NONE {
            let n = &self.nodes[c as usize];
            if (n.var, n.value, n.at_most) == (var, value, at_most) {
                return c;
            }
            c = n.next_sibling;
        }
        let id = self.nodes.len() as u32;
        self.nodes.push(Node {
            var,
            value,
            at_most,
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
                let holds = if child.at_most {
                    store.lower(child.var).is_some_and(|lo| lo <= child.value)
                } else {
                    store.holds(child.var, child.value)
                };
                if holds {
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
        let mut removed_any = false;
        self.stack.clear();
        self.stack.push(0);
        while let Some(n) = self.stack.pop() {
            let node = self.nodes[n as usize];
            let mut r = node.first_removal;
            while r != NONE {
                let Removal { var, removed, next } = self.removals[r as usize];
                removed_any |= Self::remove(var, removed, agenda, store, model)?;
                r = next;
            }
            let mut c = node.first_child;
            while c != NONE {
                let child = self.nodes[c as usize];
                let entailed = if child.at_most {
                    store.upper(child.var).is_some_and(|hi| hi <= child.value)
                } else {
                    store.size(child.var) == 1 && store.holds(child.var, child.value)
                };
                if entailed {
                    self.stack.push(c);
                }
                c = child.next_sibling;
            }
        }
        Ok(removed_any)
    }

    /// Removes what one nogood forbids of `var` now; whether it removed
    /// anything. A wipeout fails at every level: the nogoods are what
    /// keeps a solution from being counted twice.
    fn remove(
        var: VarId,
        removed: Removed,
        agenda: &mut Agenda,
        store: &mut DomainStore,
        model: &Model,
    ) -> Result<bool, Conflict> {
        let (lo, hi) = match (store.lower(var), store.upper(var)) {
            (Some(lo), Some(hi)) => (lo, hi),
            _ => return Err(Conflict),
        };
        let acts = match removed {
            Removed::Values(values) => {
                let domain = store.domain(var);
                if domain.difference(values).is_empty() {
                    return Err(Conflict);
                }
                !domain.intersection(values).is_empty()
            }
            Removed::Literal(Refuted::Equal(v)) => {
                if lo == v && hi == v {
                    return Err(Conflict);
                }
                store.holds(var, v)
            }
            Removed::Literal(Refuted::NotEqual(v)) => {
                if !store.holds(var, v) {
                    return Err(Conflict);
                }
                lo != hi
            }
            Removed::Literal(Refuted::AtMost(v)) => {
                if hi <= v {
                    return Err(Conflict);
                }
                lo <= v
            }
            Removed::Literal(Refuted::Above(v)) => {
                if lo > v {
                    return Err(Conflict);
                }
                hi > v
            }
        };
        if !acts {
            return Ok(false);
        }
        agenda.rules[Rule::Nogood].runs += 1;
        let mut ctx = PropagationContext::crediting(Rule::Nogood, store, agenda, model);
        match removed {
            Removed::Values(values) => ctx.remove_values(var, values)?,
            Removed::Literal(Refuted::Equal(v)) => ctx.remove_value(var, v)?,
            Removed::Literal(Refuted::NotEqual(v)) => ctx.assign(var, v)?,
            Removed::Literal(Refuted::AtMost(v)) => ctx.raise_lower(var, v + 1)?,
            Removed::Literal(Refuted::Above(v)) => ctx.lower_upper(var, v)?,
        }
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ModelBuilder, PropagationLevel};

    fn values(var: u32, value: u32, tried: &[u32]) -> Branch {
        Branch::Values {
            var: VarId(var),
            value,
            tried: tried.iter().copied().collect(),
        }
    }

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
        let first = [values(0, 2, &[0, 1]), values(3, 1, &[]), values(5, 0, &[])];
        assert_eq!(n.record(first.into_iter()), 3);
        // The same prefix, x5 = 3 refuted too: merged into x5's removal.
        let second = [values(0, 2, &[]), values(3, 1, &[]), values(5, 3, &[])];
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

    #[test]
    fn wide_decisions_keep_their_positive_part_in_the_prefix() {
        // x0 narrow (0..5); x1, x2 wide (0..100).
        let mut b = ModelBuilder::new();
        b.new_var(ValueSet::range(5));
        b.new_wide_var(100).unwrap();
        b.new_wide_var(100).unwrap();
        let model = b.build();
        let mut agenda = Agenda::new(&model, PropagationLevel::ForwardChecking);
        let mut n = RestartNogoods::with_capacity(3);
        let wide = |var: u32, decision, second| Branch::Wide {
            var: VarId(var),
            decision,
            second,
        };
        // x1 <= 40 in force, x0 = 1 after 0, x2 = 7 refuted (its second
        // branch x2 != 7 in force), then x2 <= 60 refuted: at prefix
        // (x1 <= 40), x0 loses 0; at (x1 <= 40, x0 = 1), x2 loses 7 and
        // its values up to 60.
        let branch = [
            wide(1, Decision::AtMost(40), false),
            values(0, 1, &[0]),
            wide(2, Decision::Equal(7), true),
            wide(2, Decision::AtMost(60), false),
        ];
        assert_eq!(n.record(branch.into_iter()), 3);
        // x2's refutation in force is no node: the prefix is two deep.
        assert_eq!(n.nodes.len(), 3);
        let mut store = DomainStore::with_wide(
            &[ValueSet::range(5), ValueSet::EMPTY, ValueSet::EMPTY],
            &[(VarId(1), 100), (VarId(2), 100)],
            0,
        );
        // Nothing is entailed at the root; x1 <= 40 is once x1 <= 30.
        assert_eq!(n.propagate(&mut agenda, &mut store, &model), Ok(false));
        store.checkpoint();
        store.lower_upper(VarId(1), 30);
        assert_eq!(n.propagate(&mut agenda, &mut store, &model), Ok(true));
        assert_eq!(domains(&store)[0], [1, 2, 3, 4]);
        assert_eq!(store.lower(VarId(2)), Some(0));
        store.assign(VarId(0), 1);
        assert_eq!(n.propagate(&mut agenda, &mut store, &model), Ok(true));
        assert_eq!(
            (store.lower(VarId(2)), store.upper(VarId(2))),
            (Some(61), Some(99))
        );
        // x2 at 50 then breaks a nogood.
        store.restore();
        store.checkpoint();
        store.lower_upper(VarId(1), 40);
        store.assign(VarId(0), 1);
        store.lower_upper(VarId(2), 50);
        assert_eq!(n.propagate(&mut agenda, &mut store, &model), Err(Conflict));
        store.restore();
        // Both branches of the deepest frame refuted: its prefix (x1 = 3)
        // is a nogood; x1's root domain above 40 cuts the node (x1 <= 40)
        // with its nogoods.
        let branch = [
            wide(1, Decision::Equal(3), false),
            wide(2, Decision::Equal(5), true),
        ];
        assert_eq!(n.record(branch.into_iter()), 2);
        store.checkpoint();
        store.assign(VarId(1), 3);
        assert_eq!(n.propagate(&mut agenda, &mut store, &model), Err(Conflict));
        store.restore();
        store.raise_lower(VarId(1), 41);
        n.prune(&store);
        let children: Vec<(u32, bool)> = {
            let mut c = n.nodes[0].first_child;
            let mut out = Vec::new();
            while c != NONE {
                out.push((n.nodes[c as usize].value, n.nodes[c as usize].at_most));
                c = n.nodes[c as usize].next_sibling;
            }
            out
        };
        assert_eq!(children, []);
        assert_eq!(n.count(), 5);
    }
}
