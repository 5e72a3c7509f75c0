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
//! A branch's nogoods share their prefix, so they are kept as the branch
//! and propagated together: walking the frames from the root, while each
//! `x_i = v_i` is entailed (the domain of `x_i` is `{v_i}`), the refuted
//! values `R_(i+1)` of the next frame are removed from `x_(i+1)`. This is
//! unit propagation on the nogoods whose only open literal is their last
//! one; it detects every violated nogood once the variables are fixed,
//! which is all completeness needs.

use crate::propagation::{Agenda, Conflict, PropagationContext, Rule};
use crate::{DomainStore, Model, ValueSet, VarId};

/// One frame of an abandoned branch.
#[derive(Clone, Copy, Debug)]
struct Frame {
    var: VarId,
    /// The value in force (`None` at the deepest frame: refuted too).
    in_force: Option<u32>,
    refuted: ValueSet,
}

/// The nogoods of every restart so far.
#[derive(Clone, Debug, Default)]
pub(crate) struct RestartNogoods {
    frames: Vec<Frame>,
    /// Per branch, where its frames end in `frames`.
    ends: Vec<u32>,
    /// How many nogoods: refuted values over all branches.
    count: u64,
}

impl RestartNogoods {
    /// Room for the branches of 8 restarts of full depth over `num_vars`
    /// variables before the store grows (by doubling: at most once per
    /// restart, never per node).
    pub(crate) fn with_capacity(num_vars: usize) -> RestartNogoods {
        RestartNogoods {
            frames: Vec::with_capacity(8 * num_vars),
            ends: Vec::with_capacity(64),
            count: 0,
        }
    }

    /// Records the branch `frames` (variable, value in force, values tried
    /// before it; the deepest frame's value in force was refuted) and
    /// returns how many nogoods it adds.
    pub(crate) fn record(&mut self, frames: impl Iterator<Item = (VarId, u32, ValueSet)>) -> u64 {
        let start = self.frames.len();
        for (var, value, tried) in frames {
            self.frames.push(Frame {
                var,
                in_force: Some(value),
                refuted: tried,
            });
        }
        if let Some(last) = self.frames[start..].last_mut() {
            let value = last.in_force.take().expect("a value in force");
            last.refuted = last.refuted.union(ValueSet::single(value));
        }
        // Frames after the last with a refuted value make no nogood.
        while self.frames.len() > start && self.frames.last().is_some_and(|f| f.refuted.is_empty())
        {
            self.frames.pop();
        }
        let added: u64 = (self.frames[start..].iter())
            .map(|f| u64::from(f.refuted.len()))
            .sum();
        if self.frames.len() > start {
            self.ends.push(self.frames.len() as u32);
        }
        self.count += added;
        added
    }

    /// Cuts each branch after its first placement that can no longer hold
    /// (its value gone from the variable's domain in `store`, the root's:
    /// root removals are never undone): the nogoods past it contain it and
    /// can never fire again; those up to it stay. Keeps the walk after
    /// every fixpoint shorter over long runs with many restarts.
    pub(crate) fn prune(&mut self, store: &DomainStore) {
        let mut kept = 0;
        let mut ends = 0;
        let mut start = 0;
        for b in 0..self.ends.len() {
            let end = self.ends[b] as usize;
            for i in start..end {
                let mut f = self.frames[i];
                let dead = f.in_force.is_some_and(|v| !store.contains(f.var, v));
                if dead {
                    f.in_force = None;
                }
                self.frames[kept] = f;
                kept += 1;
                if dead {
                    break;
                }
            }
            self.ends[ends] = kept as u32;
            ends += 1;
            start = end;
        }
        self.frames.truncate(kept);
        self.ends.truncate(ends);
    }

    /// How many nogoods were recorded.
    #[cfg(test)]
    pub(crate) fn count(&self) -> u64 {
        self.count
    }

    /// Whether none were.
    pub(crate) fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Removes the values the nogoods forbid now (credited to
    /// [`Rule::Nogood`], the watching propagators told); whether it removed
    /// any. Fails if a domain empties.
    pub(crate) fn propagate(
        &self,
        agenda: &mut Agenda,
        store: &mut DomainStore,
        model: &Model,
    ) -> Result<bool, Conflict> {
        let mut removed = false;
        let mut start = 0;
        for &end in &self.ends {
            for f in &self.frames[start..end as usize] {
                let domain = store.domain(f.var);
                if domain.difference(f.refuted).is_empty() {
                    // A wipeout fails at every level: the nogoods are
                    // what keeps a solution from being counted twice.
                    return Err(Conflict);
                }
                if !domain.intersection(f.refuted).is_empty() {
                    agenda.rules[Rule::Nogood].runs += 1;
                    removed = true;
                    let mut ctx = PropagationContext {
                        store,
                        agenda,
                        model,
                        // No propagator runs: no state words to reach.
                        state: 0,
                    };
                    ctx.credit(Rule::Nogood);
                    ctx.remove_values(f.var, f.refuted)?;
                }
                match f.in_force {
                    Some(v) if store.size(f.var) == 1 && store.contains(f.var, v) => {}
                    _ => break,
                }
            }
            start = end as usize;
        }
        Ok(removed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_branch_gives_one_nogood_per_refuted_value() {
        let mut n = RestartNogoods::default();
        let added = n.record(
            [
                (VarId(0), 2, ValueSet::from_iter([0, 1])),
                (VarId(3), 1, ValueSet::EMPTY),
                (VarId(5), 0, ValueSet::EMPTY),
            ]
            .into_iter(),
        );
        // 0 and 1 at the root; the deepest value in force was refuted.
        assert_eq!(added, 3);
        assert_eq!(n.count(), 3);
        // A branch refuting nothing but its last placement still records it.
        assert_eq!(n.record([(VarId(1), 4, ValueSet::EMPTY)].into_iter()), 1);
        assert_eq!(n.ends, [3, 4]);
        // With 2 gone from x0 (at the root), the first branch is cut after
        // x0: its nogoods x0 = 0 and x0 = 1 stay, x0 = 2, x3 = ... can
        // never fire again; the second branch stays whole.
        let mut store = DomainStore::new(&[ValueSet::range(5); 6]);
        store.remove(VarId(0), 2);
        n.prune(&store);
        assert_eq!(n.ends, [1, 2]);
        assert_eq!(n.frames[0].in_force, None);
        assert_eq!(n.frames[0].refuted, ValueSet::from_iter([0, 1]));
        assert_eq!(n.frames[1].var, VarId(1));
        assert_eq!(n.count(), 4);
    }
}
