//! The check of each solution against every constraint, incremental
//! once a few have passed.
//!
//! Propagation at a weak level need not catch every violated
//! constraint, so each full assignment is checked with
//! [`Propagator::check`](crate::Propagator::check) before it counts. On
//! a model of many constraints whose solutions come one placement apart
//! (SlowConvergence counts a million a second), checking them all took
//! four tenths of the search's time. A check reads only its scope's
//! values, so a constraint that held at the last verified solution and
//! none of whose variables changed since still holds: after
//! [`FULL_CHECKS`] solutions, only the propagators watching a variable
//! changed since the last one are checked. The answer is the same; the
//! counters do not move.

use crate::{DomainStore, Model, VarId};

/// Solutions checked in full before the checks become incremental (a
/// search that finds few pays nothing for the stamps).
const FULL_CHECKS: u32 = 16;

/// What the incremental check keeps between solutions.
#[derive(Debug)]
pub(super) struct SolutionCheck {
    /// Solutions checked, up to [`FULL_CHECKS`].
    verified: u32,
    /// Per propagator, the stamp of the check that last read it.
    stamps: Vec<u32>,
    stamp: u32,
}

impl SolutionCheck {
    /// For a search of `model` (its one allocation, made with the search
    /// and not during it).
    pub(super) fn new(model: &Model) -> SolutionCheck {
        SolutionCheck {
            verified: 0,
            stamps: vec![0; model.propagators().len()],
            stamp: 0,
        }
    }

    /// Whether the assignment of `store` (every variable assigned, else
    /// false) satisfies every constraint of `model`; when it does, the
    /// store notes it as the last verified one.
    pub(super) fn holds(&mut self, model: &Model, store: &mut DomainStore) -> bool {
        if self.verified < FULL_CHECKS {
            let holds = model.check(store);
            if holds {
                self.verified += 1;
                store.mark_verified();
            }
            return holds;
        }
        if store.assigned_count() as usize != model.num_vars() {
            return false;
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.stamps.fill(0);
            self.stamp = 1;
        }
        let (stamps, stamp) = (&mut self.stamps, self.stamp);
        let propagators = model.propagators();
        let value = |v: VarId| store.value(v).unwrap_or(u32::MAX);
        let holds = store.all_changed_since_verified(|var| {
            (model.watchers(VarId(var as u32)).iter()).all(|w| {
                let p = w.propagator as usize;
                if stamps[p] == stamp {
                    return true;
                }
                stamps[p] = stamp;
                propagators[p].check(&value)
            })
        });
        // Every test run in a debug build checks the shortcut.
        debug_assert_eq!(holds, model.check(store), "the incremental check");
        if holds {
            store.mark_verified();
        }
        holds
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{LinearInequality, ModelBuilder, ValueSet};

    /// x + y ≤ 3 over 0..3 each, checked incrementally as a search would
    /// meet its assignments: each answer is the full check's.
    #[test]
    fn incremental_checks_answer_as_the_full_check() {
        let mut b = ModelBuilder::new();
        let x = b.new_var(ValueSet::range(4));
        let y = b.new_var(ValueSet::range(4));
        let z = b.new_var(ValueSet::range(4));
        b.add_propagator(LinearInequality::new(vec![x, y], vec![1, 1], 3))
            .unwrap();
        let model = b.build();
        let mut store = DomainStore::new(model.initial_domains());
        let mut check = SolutionCheck::new(&model);
        let mut answers = Vec::new();
        // z first (as a search's first decision), then every (x, y), the
        // last ones many times: the incremental checks start at 17.
        store.checkpoint();
        store.assign(z, 2);
        for round in 0..6 {
            for a in 0..4 {
                store.checkpoint();
                store.assign(x, a);
                for c in 0..4 {
                    store.checkpoint();
                    store.assign(y, c);
                    let full = model.check(&store);
                    assert_eq!(check.holds(&model, &mut store), full, "{round} {a} {c}");
                    answers.push(full);
                    store.restore();
                }
                store.restore();
            }
        }
        assert_eq!(answers.iter().filter(|&&h| h).count(), 6 * 10);
        assert!(check.verified == FULL_CHECKS && check.stamp > 0);
        // Not every variable assigned: false.
        store.restore();
        assert!(!check.holds(&model, &mut store));
    }
}
