//! Forward checking listed ahead: the groups a placed value leaves.

use super::{Conflict, RuleCounter};
use crate::{DomainStore, Rows, ValueSet, VarId};

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
    /// Row `v`: the other variables of the groups of `v`, group after
    /// group, each once (where it first appears: a later group finds the
    /// value gone from it already).
    peers: Rows<VarId>,
    /// Row `v`: where in its peers each of its groups begins (a group
    /// that adds no new peer begins where the next one does).
    starts: Rows<u32>,
}

impl PeerGroups {
    /// The groups over `num_vars` variables, each variable's in the order
    /// given (a variable in several groups meets them in that order).
    pub fn new(num_vars: usize, groups: &[Vec<VarId>]) -> PeerGroups {
        let mut peers: Vec<Vec<VarId>> = vec![Vec::new(); num_vars];
        let mut starts: Vec<Vec<u32>> = vec![Vec::new(); num_vars];
        for group in groups {
            for &var in group {
                let row = &mut peers[var.index()];
                starts[var.index()].push(row.len() as u32);
                for &v in group {
                    if v != var && !row.contains(&v) {
                        row.push(v);
                    }
                }
            }
        }
        PeerGroups {
            peers: Rows::from(peers),
            starts: Rows::from(starts),
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
        let starts = self.starts.row(var.index());
        let mut removals = 0;
        let mut result = Ok(());
        let mut runs = starts.len() as u64;
        for (at, &v) in self.peers.row(var.index()).iter().enumerate() {
            if let Some(left) = store.remove_open(v, gone) {
                removals += 1;
                if fails && left == 0 {
                    // The groups begun by then ran.
                    runs = starts.iter().take_while(|&&s| s as usize <= at).count() as u64;
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

    /// Places 0 in x0 and forward-checks it (failing on a wipeout if
    /// `fails`): what it returned, and the runs and removals counted.
    fn place_0_in_x0(
        groups: &PeerGroups,
        store: &mut DomainStore,
        fails: bool,
    ) -> ((u64, Result<(), Conflict>), (u64, u64)) {
        store.assign(VarId(0), 0);
        let mut counter = RuleCounter::default();
        let r = groups.forward_check(store, VarId(0), 0, fails, &mut counter);
        (r, (counter.runs, counter.removals))
    }

    #[test]
    fn a_placement_leaves_each_group_in_turn() {
        let (groups, mut store) = setup();
        let (r, counted) = place_0_in_x0(&groups, &mut store, true);
        assert_eq!(r, (2, Ok(())));
        assert_eq!(counted, (2, 2));
        assert_eq!(store.domain(VarId(1)), ValueSet::single(1));
        assert_eq!(store.domain(VarId(2)), ValueSet::single(1));
    }

    #[test]
    fn a_wipeout_fails_at_fc_only_and_stops_the_count_there() {
        let (groups, mut store) = setup();
        store.remove(VarId(1), 1);
        let (r, counted) = place_0_in_x0(&groups, &mut store, true);
        assert_eq!(r, (1, Err(Conflict)));
        // The first group emptied x1: the second never ran.
        assert_eq!(counted, (1, 1));
        assert_eq!(store.domain(VarId(2)), ValueSet::range(2));
        // At `none`, the same removals do not fail.
        let (groups, mut store) = setup();
        store.remove(VarId(1), 1);
        let (r, counted) = place_0_in_x0(&groups, &mut store, false);
        assert_eq!(r, (2, Ok(())));
        assert_eq!(counted, (2, 2));
    }

    #[test]
    fn assigned_variables_keep_their_value() {
        let (groups, mut store) = setup();
        store.assign(VarId(2), 0);
        let (r, (_, removals)) = place_0_in_x0(&groups, &mut store, true);
        assert_eq!(r, (2, Ok(())));
        assert_eq!(removals, 1);
        assert_eq!(store.value(VarId(2)), Some(0));
    }

    #[test]
    fn a_peer_shared_by_two_groups_is_visited_once_and_every_group_runs() {
        // x0 is in {x0, x1}, {x0, x1} again (nothing new) and {x0, x2};
        // x2 can only take 0.
        let v: Vec<VarId> = (0..3).map(VarId).collect();
        let twice = vec![v[0], v[1]];
        let groups = PeerGroups::new(3, &[twice.clone(), twice, vec![v[0], v[2]]]);
        assert_eq!(groups.peers.row(0), &[v[1], v[2]]);
        assert_eq!(groups.starts.row(0), &[0, 1, 1]);
        let mut store = DomainStore::new(&[ValueSet::range(2); 3]);
        store.remove(v[2], 1);
        let (r, counted) = place_0_in_x0(&groups, &mut store, true);
        assert_eq!(r, (3, Err(Conflict)));
        assert_eq!(counted, (3, 2));
    }
}
