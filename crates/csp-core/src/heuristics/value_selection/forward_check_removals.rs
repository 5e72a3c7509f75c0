//! What forward checking would remove if a value were placed: the count
//! value heuristics `5`-`8` share.

use crate::heuristics::{SelectionContext, ValueSelector};
use crate::{Hypothesis, Model, ValueSet, VarId};

/// Counts, for a value of a variable, the candidates forward checking
/// would remove from the unassigned related variables if it were placed:
/// each propagator on the variable reports its removals
/// ([`Propagator::forward_check_removals`](crate::Propagator::forward_check_removals)),
/// and a candidate two of them remove counts once. On a classic grid that
/// is the number of empty related cells having the value as a candidate:
/// where the model's only propagator lists its forward checking ahead
/// ([`Model::peer_groups`]), the count is read from the store's holder
/// sets instead, and where the model's groups are listed ahead
/// ([`Model::listed_groups`]), their part is (the other propagators report
/// theirs, less what the groups remove already).
///
/// Keeps one set per variable, allocated with the selector and cleared
/// after each count, so counting allocates nothing.
#[derive(Clone, Debug)]
pub(crate) struct Removals {
    sets: Vec<ValueSet>,
    touched: Vec<VarId>,
}

impl Removals {
    /// Room for the variables of `model`.
    pub(crate) fn new(model: &Model) -> Removals {
        let n = model.num_vars();
        Removals {
            sets: vec![ValueSet::EMPTY; n],
            touched: Vec::with_capacity(n),
        }
    }

    pub(crate) fn count(&mut self, ctx: &SelectionContext<'_>, var: VarId, value: u32) -> i64 {
        let model = ctx.model();
        if let Some((groups, _)) = model.peer_groups() {
            // Forward checking listed ahead: the peers holding the value.
            return i64::from(groups.holders_among_peers(ctx.store(), var, value));
        }
        let (mut count, watchers, groups) = match model.listed_groups() {
            // The groups' peers holding the value, then the others' removals
            // but those.
            Some(listed) => (
                i64::from(listed.groups().holders_among_peers(ctx.store(), var, value)),
                &model.watchers(var)[listed.leading(var)..],
                Some(listed.groups()),
            ),
            None => (0, model.watchers(var), None),
        };
        let (sets, touched) = (&mut self.sets, &mut self.touched);
        let mut record = |v: VarId, gone: ValueSet| {
            let gone = match groups {
                Some(g) if gone.contains(value) && g.is_peer(var, v) => {
                    gone.difference(ValueSet::single(value))
                }
                _ => gone,
            };
            let set = &mut sets[v.index()];
            if set.is_empty() && !gone.is_empty() {
                touched.push(v);
            }
            *set = set.union(gone);
        };
        for w in watchers {
            let mut h = Hypothesis::new(ctx.store(), var, value, &mut record);
            model.propagators()[w.propagator as usize].forward_check_removals(&mut h);
        }
        for v in touched.drain(..) {
            count += i64::from(sets[v.index()].len());
            sets[v.index()] = ValueSet::EMPTY;
        }
        count
    }
}

/// A value heuristic scored by what forward checking would remove if the
/// value were placed (see this file's `Removals`): the most first (`5`, `8`) when `MOST`, the fewest first
/// (`6`, `7`) otherwise. The four differ by this alone.
#[derive(Clone, Debug)]
pub struct ByRemovals<const MOST: bool> {
    removals: Removals,
}

impl<const MOST: bool> ByRemovals<MOST> {
    /// The selector for `model`.
    pub fn new(model: &Model) -> ByRemovals<MOST> {
        ByRemovals {
            removals: Removals::new(model),
        }
    }
}

impl<const MOST: bool> ValueSelector for ByRemovals<MOST> {
    #[inline]
    fn score(&mut self, ctx: &SelectionContext<'_>, var: VarId, value: u32) -> i64 {
        let count = self.removals.count(ctx, var, value);
        if MOST { -count } else { count }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{fixed, store_after};
    use crate::{BinaryRelation, DistinctSum, IncreasingChain, ModelBuilder, PropagationLevel};

    /// The count for each value of `var` after fixing `givens` at fc.
    fn counts(model: &crate::Model, givens: &[(u32, u32)], var: u32) -> Vec<i64> {
        let store = store_after(model, PropagationLevel::ForwardChecking, &fixed(givens)).unwrap();
        let ctx = SelectionContext::new(model, &store);
        let mut removals = Removals::new(model);
        (store.domain(VarId(var)).iter())
            .map(|x| removals.count(&ctx, VarId(var), x))
            .collect()
    }

    #[test]
    fn a_candidate_two_constraints_remove_counts_once() {
        // x0 and x1 are in two groups together; x2 only in one.
        let mut b = ModelBuilder::new();
        let v = b.new_vars(3, ValueSet::range(3));
        b.all_different(&v).unwrap();
        b.all_different(&v[..2]).unwrap();
        let m = b.build();
        assert_eq!(counts(&m, &[], 0), vec![2, 2, 2]);
    }

    /// A 4x4 Latin square (rows, then columns) with a dot between x0 and
    /// x1 (consecutive), a thermometer x0 < x4 < x8 and a cage x5 + x6 =
    /// 5 (values 0..4 as digits 1..4): the groups ahead (listed) or
    /// behind the other constraints (not listed).
    fn latin_with_rules(groups_first: bool) -> crate::Model {
        let mut b = ModelBuilder::new();
        let v = b.new_vars(16, ValueSet::range(4));
        let groups = |b: &mut ModelBuilder| {
            for r in 0..4 {
                b.all_different(&v[4 * r..4 * r + 4]).unwrap();
            }
            for c in 0..4 {
                b.all_different(&[v[c], v[4 + c], v[8 + c], v[12 + c]])
                    .unwrap();
            }
        };
        if groups_first {
            groups(&mut b);
        }
        (b.add_propagator(BinaryRelation::new(v[0], v[1], 4, |a, b| {
            a.abs_diff(b) == 1
        })))
        .unwrap();
        b.add_propagator(IncreasingChain::new(vec![v[0], v[4], v[8]]))
            .unwrap();
        b.add_propagator(DistinctSum::new(vec![v[5], v[6]], 5, 1))
            .unwrap();
        if !groups_first {
            groups(&mut b);
        }
        b.build()
    }

    #[test]
    fn listed_groups_count_as_their_propagators_would() {
        let (listed, engine) = (latin_with_rules(true), latin_with_rules(false));
        assert!(listed.listed_groups().is_some() && engine.listed_groups().is_none());
        let states: [&[(u32, u32)]; 4] = [&[], &[(5, 0)], &[(1, 1), (10, 3)], &[(4, 1), (15, 0)]];
        let mut total = 0;
        for givens in states {
            for var in 0..16 {
                let a = counts(&listed, givens, var);
                assert_eq!(a, counts(&engine, givens, var), "{givens:?}, x{var}");
                total += a.iter().sum::<i64>();
            }
        }
        // Overlaps included: x1 is both x0's row peer and its dot partner.
        assert_eq!(total, 1164);
    }

    #[test]
    fn variant_constraints_count_what_their_forward_checking_removes() {
        // A thermometer x0 < x1 < x2 over 0..9: placing 3 in x1 removes
        // 3..9 from x0 (6 values) and 0..=3 from x2 (4).
        let mut b = ModelBuilder::new();
        let v = b.new_vars(3, ValueSet::range(9));
        b.add_propagator(IncreasingChain::new(v.clone())).unwrap();
        let m = b.build();
        assert_eq!(counts(&m, &[], 1)[3], 10);
        // Not just the value itself, as counting candidates equal to it
        // would say: a cage of 2 summing to 5 (digits 1..9, values 0..8).
        let mut b = ModelBuilder::new();
        let v = b.new_vars(2, ValueSet::range(9));
        b.add_propagator(DistinctSum::new(v.clone(), 5, 1)).unwrap();
        let m = b.build();
        // Forward checking at the root leaves digits 1..=5; placing digit 1
        // (value 0) leaves x1 only digit 4: the other 4 go; digit 5 leaves
        // nothing (forward checking would fail there).
        assert_eq!(counts(&m, &[], 0), vec![4, 4, 4, 4, 5]);
        // A kropki white dot: digit 5 leaves 4 and 6 of 9.
        let mut b = ModelBuilder::new();
        let v = b.new_vars(2, ValueSet::range(9));
        b.add_propagator(BinaryRelation::new(v[0], v[1], 9, |a, b| {
            a.abs_diff(b) == 1
        }))
        .unwrap();
        let m = b.build();
        assert_eq!(counts(&m, &[], 0)[4], 7);
        // An assigned partner loses nothing.
        assert_eq!(counts(&m, &[(1, 3)], 0), vec![0, 0]);
    }
}
