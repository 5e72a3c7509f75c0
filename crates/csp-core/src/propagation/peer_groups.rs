//! Forward checking listed ahead: the groups a placed value leaves.

use super::{Conflict, RuleCounter};
use crate::{DomainStore, Rows, VarId};

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
    /// value gone from it already), as blocks of 64 variables.
    blocks: Rows<PeerBlock>,
    /// Row `v`: the same peers by block alone, each block once, in
    /// increasing order: where no domain empties, the order of the
    /// removals does not matter.
    merged: Rows<(u32, u64)>,
    /// How many groups each variable is in.
    groups: Vec<u32>,
}

/// Some of one variable's peers: those of block `block` (variables
/// `64 block ..`) first met in its group `group`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PeerBlock {
    group: u32,
    block: u32,
    bits: u64,
}

impl PeerGroups {
    /// The groups over `num_vars` variables, each variable's in the order
    /// given (a variable in several groups meets them in that order).
    /// Each group must list its variables in increasing order, the order
    /// its propagator removes a value from them; `None` if one does not
    /// (the search then runs the propagator).
    pub fn new(num_vars: usize, groups: &[Vec<VarId>]) -> Option<PeerGroups> {
        if groups.iter().any(|g| g.windows(2).any(|w| w[0] >= w[1])) {
            return None;
        }
        let mut blocks: Vec<Vec<PeerBlock>> = vec![Vec::new(); num_vars];
        let mut counts = vec![0u32; num_vars];
        for group in groups {
            for &var in group {
                let row = &mut blocks[var.index()];
                let seen = |v: VarId| {
                    row.iter()
                        .any(|b| b.block == v.0 / 64 && b.bits >> (v.0 % 64) & 1 == 1)
                };
                let fresh: Vec<VarId> = group
                    .iter()
                    .copied()
                    .filter(|&v| v != var && !seen(v))
                    .collect();
                let g = counts[var.index()];
                counts[var.index()] += 1;
                for v in fresh {
                    match row.last_mut() {
                        Some(b) if b.group == g && b.block == v.0 / 64 => b.bits |= 1 << (v.0 % 64),
                        _ => row.push(PeerBlock {
                            group: g,
                            block: v.0 / 64,
                            bits: 1 << (v.0 % 64),
                        }),
                    }
                }
            }
        }
        let merged: Vec<Vec<(u32, u64)>> = (blocks.iter())
            .map(|row| {
                let mut merged: Vec<(u32, u64)> = Vec::new();
                for b in row {
                    match merged.iter_mut().find(|(block, _)| *block == b.block) {
                        Some((_, bits)) => *bits |= b.bits,
                        None => merged.push((b.block, b.bits)),
                    }
                }
                merged.sort_unstable();
                merged
            })
            .collect();
        Some(PeerGroups {
            merged: Rows::from(merged),
            blocks: Rows::from(blocks),
            groups: counts,
        })
    }

    /// After `var` was assigned `value`, removes `value` from the
    /// unassigned variables of its groups, counting in `counter` one run
    /// per group begun and every removal; fails at the first domain
    /// emptied if `fails` (at `fc`), having counted the runs and removals
    /// made until then. Returns the runs, and whether it failed.
    ///
    /// Only the peers that hold `value` are visited: each block of peers
    /// is matched against the store's [`holders`](DomainStore::holders)
    /// of `value`. If none of them has `value` as its last one, the
    /// removals are made block by block, all groups at once; otherwise
    /// group by group, in increasing order within each, as the
    /// propagator makes them, until the first domain emptied. Unless
    /// `failed_state_read` (someone reads the store after a failure, as
    /// learning heuristics do, before it is restored), that failure is
    /// counted without making the removals: the search undoes them next.
    #[inline]
    pub(crate) fn forward_check(
        &self,
        store: &mut DomainStore,
        var: VarId,
        value: u32,
        fails: bool,
        failed_state_read: bool,
        counter: &mut RuleCounter,
    ) -> (u64, Result<(), Conflict>) {
        let merged = self.merged.row(var.index());
        let empties = |&(b, bits): &(u32, u64)| {
            bits & store.holder_block(value, b as usize) & store.open_block_of_size(1, b as usize)
                != 0
        };
        let (runs, removals, result) = if fails && merged.iter().any(empties) {
            let read_off = if failed_state_read {
                None
            } else {
                self.counted_until_empty(store, var, value)
            };
            match read_off {
                Some((runs, removals)) => (runs, removals, Err(Conflict)),
                None => self.in_order_until_empty(store, var, value),
            }
        } else {
            let removed = (merged.iter())
                .map(|&(b, bits)| store.remove_from_holders(value, b as usize, bits, false).0)
                .sum::<u32>();
            (u64::from(self.groups[var.index()]), removed, Ok(()))
        };
        counter.runs += runs;
        counter.removals += u64::from(removals);
        (runs, result)
    }

    /// How many peers of `var` (unassigned, in its groups) hold `value`:
    /// what forward checking would remove if `value` were placed in `var`.
    #[inline]
    pub fn holders_among_peers(&self, store: &DomainStore, var: VarId, value: u32) -> u32 {
        (self.merged.row(var.index()).iter())
            .map(|&(b, bits)| (bits & store.holder_block(value, b as usize)).count_ones())
            .sum()
    }

    /// Whether `other` is in one of `var`'s groups (and is not `var`).
    #[inline]
    pub fn is_peer(&self, var: VarId, other: VarId) -> bool {
        (self.merged.row(var.index()).iter())
            .any(|&(b, bits)| b == other.0 / 64 && bits >> (other.0 % 64) & 1 == 1)
    }

    /// The runs and removals that
    /// [`in_order_until_empty`](Self::in_order_until_empty) would count
    /// up to the first domain it empties, read off the store without a
    /// change (each peer is in one block of the row: a peer holding
    /// `value` loses it once, and empties if it was its last); `None` if
    /// no domain would empty.
    #[inline]
    fn counted_until_empty(
        &self,
        store: &DomainStore,
        var: VarId,
        value: u32,
    ) -> Option<(u64, u32)> {
        let mut removals = 0;
        for b in self.blocks.row(var.index()) {
            let block = b.block as usize;
            let held = b.bits & store.holder_block(value, block);
            let last = held & store.open_block_of_size(1, block);
            if last != 0 {
                // Up to the first peer emptied, in increasing order.
                let first = last & last.wrapping_neg();
                removals += (held & (first | (first - 1))).count_ones();
                return Some((u64::from(b.group) + 1, removals));
            }
            removals += held.count_ones();
        }
        None
    }

    /// The removals of [`forward_check`](Self::forward_check) group by
    /// group until the first domain emptied: the runs, the removals and
    /// whether a domain emptied.
    #[cold]
    fn in_order_until_empty(
        &self,
        store: &mut DomainStore,
        var: VarId,
        value: u32,
    ) -> (u64, u32, Result<(), Conflict>) {
        let mut removals = 0;
        for b in self.blocks.row(var.index()) {
            let (removed, emptied) =
                store.remove_from_holders(value, b.block as usize, b.bits, true);
            removals += removed;
            if emptied {
                // The groups begun by then ran.
                return (u64::from(b.group) + 1, removals, Err(Conflict));
            }
        }
        (u64::from(self.groups[var.index()]), removals, Ok(()))
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
        let groups = PeerGroups::new(3, &groups).unwrap();
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
        let r = groups.forward_check(store, VarId(0), 0, fails, true, &mut counter);
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
    fn a_wipeout_left_unmade_counts_the_same() {
        let (groups, mut store) = setup();
        store.remove(VarId(1), 1);
        store.assign(VarId(0), 0);
        let mut counter = RuleCounter::default();
        let r = groups.forward_check(&mut store, VarId(0), 0, true, false, &mut counter);
        assert_eq!(
            (r, (counter.runs, counter.removals)),
            ((1, Err(Conflict)), (1, 1))
        );
        // Nothing removed: the search restores the assignment next.
        assert_eq!(store.domain(VarId(1)), ValueSet::single(0));
        assert_eq!(store.domain(VarId(2)), ValueSet::range(2));
    }

    /// On the rows, columns and boxes of a 9x9 grid with random domains
    /// and filled cells, the counts read off the store are those of the
    /// removals made in order, for every open cell and value that empties
    /// a peer.
    #[test]
    fn counts_read_off_the_store_are_those_of_the_removals() {
        use rand_chacha::ChaCha8Rng;
        use rand_chacha::rand_core::{RngCore, SeedableRng};
        let cell = |r: u32, c: u32| VarId(9 * r + c);
        let mut houses: Vec<Vec<VarId>> = Vec::new();
        for i in 0..9 {
            houses.push((0..9).map(|j| cell(i, j)).collect());
            houses.push((0..9).map(|j| cell(j, i)).collect());
            let (r, c) = (i / 3 * 3, i % 3 * 3);
            houses.push((0..9).map(|j| cell(r + j / 3, c + j % 3)).collect());
        }
        let groups = PeerGroups::new(81, &houses).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut compared = 0;
        for _ in 0..200 {
            let mut store = DomainStore::new(&[ValueSet::range(9); 81]);
            for v in 0..81 {
                let keep = ValueSet((rng.next_u64() & 0x1ff) | 1 << (rng.next_u32() % 9));
                store.remove_values(VarId(v), ValueSet(0x1ff).difference(keep));
                if rng.next_u32() % 4 == 0 {
                    store.assign(VarId(v), store.domain(VarId(v)).min().unwrap());
                }
            }
            for v in (0..81).map(VarId).filter(|&v| !store.is_assigned(v)) {
                for value in 0..9 {
                    let Some(counted) = groups.counted_until_empty(&store, v, value) else {
                        continue;
                    };
                    let (runs, removals, result) =
                        groups.in_order_until_empty(&mut store.clone(), v, value);
                    assert_eq!(
                        (runs, removals, result),
                        (counted.0, counted.1, Err(Conflict))
                    );
                    compared += 1;
                }
            }
        }
        assert_eq!(compared, 713);
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
        let groups = PeerGroups::new(3, &[twice.clone(), twice, vec![v[0], v[2]]]).unwrap();
        let block = |group, bits| PeerBlock {
            group,
            block: 0,
            bits,
        };
        assert_eq!(groups.blocks.row(0), &[block(0, 0b10), block(2, 0b100)]);
        assert_eq!(groups.groups[0], 3);
        let mut store = DomainStore::new(&[ValueSet::range(2); 3]);
        store.remove(v[2], 1);
        let (r, counted) = place_0_in_x0(&groups, &mut store, true);
        assert_eq!(r, (3, Err(Conflict)));
        assert_eq!(counted, (3, 2));
    }

    #[test]
    fn holders_among_peers_counts_each_open_peer_holding_the_value_once() {
        // x0 meets x1 in two groups and x2 in one.
        let v: Vec<VarId> = (0..3).map(VarId).collect();
        let twice = vec![v[0], v[1]];
        let groups = PeerGroups::new(3, &[twice.clone(), twice, vec![v[0], v[2]]]).unwrap();
        let mut store = DomainStore::new(&[ValueSet::range(2); 3]);
        assert_eq!(groups.holders_among_peers(&store, v[0], 0), 2);
        store.remove(v[1], 0);
        assert_eq!(groups.holders_among_peers(&store, v[0], 0), 1);
        store.assign(v[2], 0);
        assert_eq!(groups.holders_among_peers(&store, v[0], 0), 0);
        assert_eq!(groups.holders_among_peers(&store, v[0], 1), 1);
    }
}
