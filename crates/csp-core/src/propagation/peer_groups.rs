//! Forward checking listed ahead: the groups a placed value leaves.

use super::{Conflict, RuleCounter};
use crate::{DomainStore, Rows, ValueSet, VarId};

/// Marks, in a variable's row, where the next group begins.
const GROUP: VarId = VarId(u32::MAX);

/// For each variable, the groups (all-different houses) it belongs to, in
/// the order their propagator runs them after the variable is assigned,
/// each with its variables: what forward checking does below `singles`,
/// listed once so that the search can do it in one pass.
///
/// A propagator offers it through
/// [`Propagator::peer_groups`](super::Propagator::peer_groups) when, below
/// `singles`, all it does after an assignment of `var` to `value` is this:
/// one run per group of `var`, in this order, each removing `value` from
/// the group's unassigned variables in this order, and (at `fc`) failing at
/// the first domain it empties. Then, at `none` and `fc` with that
/// propagator alone, the search skips the engine's queue, its wake-up
/// calls and the propagator's state words, and counts the same runs,
/// removals and failures.
#[derive(Clone, Debug)]
pub struct PeerGroups {
    /// Row `v`: for each group of `v`, [`GROUP`] then its other variables.
    rows: Rows<VarId>,
}

impl PeerGroups {
    /// The groups over `num_vars` variables, each variable's in the order
    /// given (a variable in several groups meets them in that order).
    pub fn new(num_vars: usize, groups: &[Vec<VarId>]) -> PeerGroups {
        let mut rows: Vec<Vec<VarId>> = vec![Vec::new(); num_vars];
        for group in groups {
            for &var in group {
                let row = &mut rows[var.index()];
                row.push(GROUP);
                row.extend(group.iter().copied().filter(|&v| v != var));
            }
        }
        PeerGroups {
            rows: Rows::from(rows),
        }
    }

    /// After `var` was assigned `value`, removes `value` from the
    /// unassigned variables of its groups, counting in `counter` one run
    /// per group begun and every removal; fails at the first domain
    /// emptied if `fails` (at `fc`), having counted the runs and removals
    /// made until then. Returns the runs, and whether it failed.
    #[inline]
    pub(crate) fn forward_check(
        &self,
        store: &mut DomainStore,
        var: VarId,
        value: u32,
        fails: bool,
        counter: &mut RuleCounter,
    ) -> (u64, Result<(), Conflict>) {
        let gone = ValueSet::single(value);
        let mut runs = 0;
        let mut removals = 0;
        let mut result = Ok(());
        for &v in self.rows.row(var.index()) {
            if v == GROUP {
                runs += 1;
                continue;
            }
            if store.remove_open(v, gone) {
                removals += 1;
                if fails && store.size(v) == 0 {
                    result = Err(Conflict);
                    break;
                }
            }
        }
        counter.runs += runs;
        counter.removals += removals;
        (runs, result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ValueSet;

    /// Three variables over {0, 1}; groups {x0, x1} and {x0, x2}, and
    /// {x1, x2} after them.
    fn setup() -> (PeerGroups, DomainStore) {
        let v: Vec<VarId> = (0..3).map(VarId).collect();
        let groups = vec![vec![v[0], v[1]], vec![v[0], v[2]], vec![v[1], v[2]]];
        let groups = PeerGroups::new(3, &groups);
        (groups, DomainStore::new(&[ValueSet::range(2); 3]))
    }

    #[test]
    fn a_placement_leaves_each_group_in_turn() {
        let (groups, mut store) = setup();
        store.assign(VarId(0), 0);
        let mut counter = RuleCounter::default();
        let r = groups.forward_check(&mut store, VarId(0), 0, true, &mut counter);
        assert_eq!(r, (2, Ok(())));
        assert_eq!((counter.runs, counter.removals), (2, 2));
        assert_eq!(store.domain(VarId(1)), ValueSet::single(1));
        assert_eq!(store.domain(VarId(2)), ValueSet::single(1));
    }

    #[test]
    fn a_wipeout_fails_at_fc_only_and_stops_the_count_there() {
        let (groups, mut store) = setup();
        store.remove(VarId(1), 1);
        store.assign(VarId(0), 0);
        let mut counter = RuleCounter::default();
        let r = groups.forward_check(&mut store, VarId(0), 0, true, &mut counter);
        assert_eq!(r, (1, Err(Conflict)));
        // The first group emptied x1: the second never ran.
        assert_eq!((counter.runs, counter.removals), (1, 1));
        assert_eq!(store.domain(VarId(2)), ValueSet::range(2));
        // At `none`, the same removals do not fail.
        let (groups, mut store) = setup();
        store.remove(VarId(1), 1);
        store.assign(VarId(0), 0);
        let mut counter = RuleCounter::default();
        let r = groups.forward_check(&mut store, VarId(0), 0, false, &mut counter);
        assert_eq!(r, (2, Ok(())));
        assert_eq!((counter.runs, counter.removals), (2, 2));
    }

    #[test]
    fn assigned_variables_keep_their_value() {
        let (groups, mut store) = setup();
        store.assign(VarId(2), 0);
        store.assign(VarId(0), 0);
        let mut counter = RuleCounter::default();
        let r = groups.forward_check(&mut store, VarId(0), 0, true, &mut counter);
        assert_eq!(r, (2, Ok(())));
        assert_eq!(counter.removals, 1);
        assert_eq!(store.value(VarId(2)), Some(0));
    }
}
