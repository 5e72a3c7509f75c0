//! Terms of a sum that fall into groups of pairwise distinct values: the
//! bounds their distinctness gives the sum and each term.

use super::{Conflict, PropagationContext};
use crate::explanation::{Explaining, Literal};
use crate::{ValueSet, VarId};

/// The groups of a sum's terms (indices into the terms, every term in one
/// group; a group of one is a lone term) and the offset of their numbers
/// (value `x` is the number `x + offset`).
#[derive(Clone, Debug)]
pub(crate) struct DistinctTerms {
    groups: Vec<Vec<usize>>,
    offset: i64,
}

/// The sum of the `k` smallest (or, `largest`, the `k` largest) numbers
/// of `values` (value `x` is the number `x + offset`); `None` if it has
/// fewer than `k`.
fn extreme_sum(values: ValueSet, k: usize, offset: i64, largest: bool) -> Option<i64> {
    let n = values.len() as usize;
    if n < k {
        return None;
    }
    let skip = if largest { n - k } else { 0 };
    Some(
        values
            .iter()
            .skip(skip)
            .take(k)
            .map(|x| x as i64 + offset)
            .sum(),
    )
}

impl DistinctTerms {
    /// The groups over `terms` terms; `None` when no group has two terms
    /// (nothing to add to plain bounds).
    ///
    /// # Panics
    /// If an index is not a term's or a term is in two groups.
    pub(crate) fn new(groups: Vec<Vec<usize>>, terms: usize, offset: i64) -> Option<DistinctTerms> {
        let mut seen = vec![false; terms];
        for &t in groups.iter().flatten() {
            assert!(t < terms, "term {t} of {terms}");
            assert!(!seen[t], "term {t} is in two groups");
            seen[t] = true;
        }
        if groups.iter().all(|g| g.len() < 2) {
            return None;
        }
        let mut groups: Vec<Vec<usize>> = groups.into_iter().filter(|g| !g.is_empty()).collect();
        groups.extend((0..terms).filter(|&t| !seen[t]).map(|t| vec![t]));
        Some(DistinctTerms { groups, offset })
    }

    /// The smallest and largest sums of `terms` with each group's values
    /// distinct: each group's smallest (largest) distinct numbers of the
    /// union of its domains. A group with fewer values than terms is a
    /// conflict.
    pub(crate) fn sums(
        &self,
        ctx: &PropagationContext<'_>,
        terms: &[VarId],
    ) -> Result<(i64, i64), Conflict> {
        self.sums_of(|v| ctx.domain(v), terms).ok_or(Conflict)
    }

    /// [`sums`](Self::sums) over the domains `domain` gives; `None` for a
    /// group short of values.
    fn sums_of(&self, domain: impl Fn(VarId) -> ValueSet, terms: &[VarId]) -> Option<(i64, i64)> {
        let (mut lo, mut hi) = (0, 0);
        for group in &self.groups {
            let union = (group.iter()).fold(ValueSet::EMPTY, |u, &t| u.union(domain(terms[t])));
            lo += extreme_sum(union, group.len(), self.offset, false)?;
            hi += extreme_sum(union, group.len(), self.offset, true)?;
        }
        Some((lo, hi))
    }

    /// Keeps each term to the numbers that let the sum reach `low..=high`
    /// when the other groups and the rest of its own group take their
    /// largest or smallest distinct numbers (`sums`: what
    /// [`sums`](Self::sums) gave). Whether a domain changed.
    pub(crate) fn narrow(
        &self,
        ctx: &mut PropagationContext<'_>,
        terms: &[VarId],
        (low, high): (i64, i64),
        (sum_lo, sum_hi): (i64, i64),
    ) -> Result<bool, Conflict> {
        let mut changed = false;
        for group in &self.groups {
            let union = (group.iter()).fold(ValueSet::EMPTY, |u, &t| u.union(ctx.domain(terms[t])));
            let k = group.len();
            let group_lo = extreme_sum(union, k, self.offset, false).ok_or(Conflict)?;
            let group_hi = extreme_sum(union, k, self.offset, true).ok_or(Conflict)?;
            for &t in group {
                let others = (group.iter().filter(|&&o| o != t))
                    .fold(ValueSet::EMPTY, |u, &o| u.union(ctx.domain(terms[o])));
                let others_lo = extreme_sum(others, k - 1, self.offset, false).ok_or(Conflict)?;
                let others_hi = extreme_sum(others, k - 1, self.offset, true).ok_or(Conflict)?;
                let from = low - (sum_hi - group_hi) - others_hi - self.offset;
                let to = high - (sum_lo - group_lo) - others_lo - self.offset;
                let d = ctx.domain(terms[t]);
                let keep = d.intersection(ValueSet::between(from, to));
                if keep != d {
                    ctx.retain_values(terms[t], keep)?;
                    changed = true;
                }
            }
        }
        Ok(changed)
    }

    /// Explains, by the bounds [`narrow`](Self::narrow) and
    /// [`sums`](Self::sums) reason with, the removal of a value from a
    /// term (`None`: that the sum cannot reach `low..=high`), with the
    /// domains `ex` holds. `false` if these bounds do not imply it.
    ///
    /// A group's smallest distinct sum stays at least what it is while the
    /// values below the `k`-th smallest of its union that are missing from
    /// every term stay missing: those removals are the reason (and the
    /// values above the `k`-th largest for its largest sum). A group with
    /// fewer values than terms is explained by the removals outside its
    /// union.
    pub(crate) fn explain<'a>(
        &'a self,
        terms: &[VarId],
        (low, high): (i64, i64),
        removal: Option<(VarId, u32)>,
        ex: &Explaining<'_>,
        reason: &mut Vec<Literal>,
    ) -> bool {
        if removal.is_none() && ex.push_emptied(terms, reason) {
            return true;
        }
        // Two terms of a group fixed to one value (a full assignment that
        // breaks the distinctness).
        for group in removal.map_or(&self.groups[..], |_| &[]) {
            for (i, &a) in group.iter().enumerate() {
                let fixed = ex.domain(terms[a]);
                if fixed.len() != 1 {
                    continue;
                }
                if let Some(&b) = group[i + 1..]
                    .iter()
                    .find(|&&b| ex.domain(terms[b]) == fixed)
                {
                    ex.push_removed(terms[a], ex.removed(terms[a]), reason);
                    ex.push_removed(terms[b], ex.removed(terms[b]), reason);
                    return true;
                }
            }
        }
        // The groups that bound the rest of the sum: every group but the
        // removal's, and the other terms of the removal's group (its term
        // skipped).
        let mut own: Option<(usize, usize)> = None;
        if let Some((var, _)) = removal {
            let Some(t) = terms.iter().position(|&x| x == var) else {
                return false;
            };
            own = (self.groups.iter().enumerate())
                .find_map(|(g, group)| group.contains(&t).then_some((g, t)));
        }
        let parts = || {
            (self.groups.iter().enumerate()).map(move |(g, group)| match own {
                Some((mine, t)) if g == mine => (group.as_slice(), Some(t)),
                _ => (group.as_slice(), None),
            })
        };
        let members = |(group, skip): (&'a [usize], Option<usize>)| {
            group.iter().copied().filter(move |&t| Some(t) != skip)
        };
        let union = |part| members(part).fold(ValueSet::EMPTY, |u, t| u.union(ex.domain(terms[t])));
        let size = |part| members(part).count();
        // A group short of values fails alone; then the other terms of the
        // removal's group short of values.
        let whole = (self.groups.iter()).map(|group| (group.as_slice(), None));
        for part in whole.chain(parts().filter(|&(_, skip)| skip.is_some())) {
            let values = union(part);
            if (values.len() as usize) < size(part) {
                for t in members(part) {
                    ex.push_removed(terms[t], ValueSet(!values.0), reason);
                }
                return true;
            }
        }
        let bound = |largest: bool| -> i64 {
            parts()
                .map(|part| extreme_sum(union(part), size(part), self.offset, largest))
                .map(|sum| sum.expect("enough values"))
                .sum()
        };
        let number = removal.map_or(0, |(_, v)| i64::from(v) + self.offset);
        let largest = if number + bound(false) > high {
            false
        } else if number + bound(true) < low {
            true
        } else {
            return false;
        };
        for part in parts() {
            let members = members(part);
            Self::push_bound(
                members.clone(),
                union(part),
                members.count(),
                largest,
                terms,
                ex,
                reason,
            );
        }
        true
    }

    /// Pushes the removals that keep the smallest (`largest`: largest)
    /// distinct sum of `k` `members`, whose domains' union is `values`,
    /// where it is: the values missing from every member beyond the
    /// `k`-th smallest (largest) value of the union, on the near side.
    fn push_bound(
        members: impl Iterator<Item = usize>,
        values: ValueSet,
        k: usize,
        largest: bool,
        terms: &[VarId],
        ex: &Explaining<'_>,
        reason: &mut Vec<Literal>,
    ) {
        if k == 0 {
            return;
        }
        let kth = values
            .iter()
            .nth(if largest {
                values.len() as usize - k
            } else {
                k - 1
            })
            .expect("enough values");
        let near = if largest {
            ValueSet(!0u64 << kth << 1)
        } else {
            ValueSet((1u64 << kth) - 1)
        };
        for t in members {
            ex.push_removed(terms[t], near, reason);
        }
    }

    /// The smallest and largest distinct sums of the groups with the
    /// domains `ex` holds, pushing the removals that keep both where they
    /// are; `None` (nothing pushed) if a group is short of values.
    pub(crate) fn push_sum_bounds(
        &self,
        terms: &[VarId],
        ex: &Explaining<'_>,
        reason: &mut Vec<Literal>,
    ) -> Option<(i64, i64)> {
        let sums = self.sums_of(|v| ex.domain(v), terms)?;
        for group in &self.groups {
            let values = (group.iter()).fold(ValueSet::EMPTY, |u, &t| u.union(ex.domain(terms[t])));
            for largest in [false, true] {
                let members = group.iter().copied();
                Self::push_bound(members, values, group.len(), largest, terms, ex, reason);
            }
        }
        Some(sums)
    }

    /// The offset of the terms' numbers.
    pub(crate) fn offset(&self) -> i64 {
        self.offset
    }

    /// Whether each group's terms hold distinct values.
    pub(crate) fn distinct(&self, terms: &[VarId], value: &dyn Fn(VarId) -> u32) -> bool {
        self.groups.iter().all(|g| {
            let set = (g.iter()).fold(ValueSet::EMPTY, |s, &t| {
                s.union(ValueSet::single(value(terms[t])))
            });
            set.len() as usize == g.len()
        })
    }
}
