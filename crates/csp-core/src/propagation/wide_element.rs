//! Element over narrow and wide variables, by bounds: `result =
//! list[index]`.

use super::{Conflict, Events, PropagationContext, PropagationLevel, Propagator, Rule};
use crate::VarId;

/// A value that [`WideElement`] reads: a variable's (its offset plus its
/// index) or a constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// The value `offset + i` of `var` at index `i`.
    Var {
        /// The variable.
        var: VarId,
        /// What its index adds to.
        offset: i64,
    },
    /// A constant.
    Const(i64),
}

impl Entry {
    /// Its variable, if it is one.
    pub fn var(self) -> Option<VarId> {
        match self {
            Entry::Var { var, .. } => Some(var),
            Entry::Const(_) => None,
        }
    }

    /// Its smallest value; `None` when a variable's domain is empty.
    #[inline]
    pub(crate) fn least(self, ctx: &PropagationContext<'_>) -> Option<i64> {
        match self {
            Entry::Var { var, offset } => Some(offset.saturating_add(i64::from(ctx.lower(var)?))),
            Entry::Const(k) => Some(k),
        }
    }

    /// Its smallest and largest values; `None` when a variable's domain
    /// is empty.
    #[inline]
    fn bounds(self, ctx: &PropagationContext<'_>) -> Option<(i64, i64)> {
        match self {
            Entry::Var { var, offset } => Some((
                offset + i64::from(ctx.lower(var)?),
                offset + i64::from(ctx.upper(var)?),
            )),
            Entry::Const(k) => Some((k, k)),
        }
    }

    /// Its value once assigned.
    #[inline]
    fn value(self, ctx: &PropagationContext<'_>) -> Option<i64> {
        match self {
            Entry::Var { var, offset } => Some(offset + i64::from(ctx.value(var)?)),
            Entry::Const(k) => Some(k),
        }
    }

    /// Removes its values below `bound`; whether one went.
    fn raise(self, ctx: &mut PropagationContext<'_>, bound: i64) -> Result<bool, Conflict> {
        let (lo, hi) = self.bounds(ctx).ok_or(Conflict)?;
        if bound <= lo {
            return Ok(false);
        }
        if bound > hi {
            return Err(Conflict);
        }
        let Entry::Var { var, offset } = self else {
            unreachable!("a constant's bounds are equal");
        };
        let index = u32::try_from(bound - offset).expect("between two indices");
        ctx.raise_lower(var, index)?;
        Ok(true)
    }

    /// Removes its values above `bound`; whether one went.
    pub(crate) fn lower(
        self,
        ctx: &mut PropagationContext<'_>,
        bound: i64,
    ) -> Result<bool, Conflict> {
        let (lo, hi) = self.bounds(ctx).ok_or(Conflict)?;
        if bound >= hi {
            return Ok(false);
        }
        if bound < lo {
            return Err(Conflict);
        }
        let Entry::Var { var, offset } = self else {
            unreachable!("a constant's bounds are equal");
        };
        let index = u32::try_from(bound - offset).expect("between two indices");
        ctx.lower_upper(var, index)?;
        Ok(true)
    }

    /// Its value read from a solution.
    pub(crate) fn read(self, value: &dyn Fn(VarId) -> u32) -> i64 {
        match self {
            Entry::Var { var, offset } => offset + i64::from(value(var)),
            Entry::Const(k) => k,
        }
    }
}

/// `result` equals the entry of `list` at position `p`, where `p` is the
/// value of `index` (its index in its domain) plus `shift`; variables of
/// either kind ([`Propagator::takes_wide`]), the index's values outside
/// the list's positions excluded.
///
/// From [`PropagationLevel::Singles`] up, by bounds (bounds consistency
/// on `result` and the entries, domain consistency on the index): a
/// position whose entry's bounds miss the result's leaves the index, the
/// result keeps the hull of the bounds of the entries left, and once one
/// position is left its entry and the result share their bounds;
/// repeated while a bound moves (a bound that lands on a hole moves on).
/// Below singles it fails once the index, its entry and the result are
/// assigned and differ. It wakes on any change from singles up (a value
/// inside the index's domain counts), on assignments below.
#[derive(Clone, Debug)]
pub struct WideElement {
    index: VarId,
    shift: i64,
    list: Vec<Entry>,
    result: Entry,
    /// The distinct variables read.
    scope: Vec<VarId>,
}

impl WideElement {
    /// `result = list[p]`, `p` being `shift` plus the index of `index`'s
    /// value.
    ///
    /// # Panics
    /// If an offset, a constant or `shift` is farther than 2^62 from 0
    /// (values then pass 64 bits).
    pub fn new(index: VarId, shift: i64, list: Vec<Entry>, result: Entry) -> Self {
        let small = |k: i64| k.unsigned_abs() <= 1 << 62;
        let entry_small = |e: &Entry| match *e {
            Entry::Var { offset, .. } => small(offset),
            Entry::Const(k) => small(k),
        };
        assert!(
            small(shift) && list.iter().all(entry_small) && entry_small(&result),
            "offsets and constants within 2^62"
        );
        let mut scope = vec![index];
        for e in list.iter().chain([&result]) {
            if let Entry::Var { var, .. } = *e
                && !scope.contains(&var)
            {
                scope.push(var);
            }
        }
        WideElement {
            index,
            shift,
            list,
            result,
            scope,
        }
    }

    /// The index's value at position `p`, if it is one.
    #[inline]
    fn index_value(&self, p: usize) -> Option<u32> {
        u32::try_from(p as i64 - self.shift).ok()
    }

    /// One pass; whether a bound moved.
    fn narrow(&self, ctx: &mut PropagationContext<'_>) -> Result<bool, Conflict> {
        let (r_lo, r_hi) = self.result.bounds(ctx).ok_or(Conflict)?;
        let (mut lo, mut hi) = (i64::MAX, i64::MIN);
        let (mut first, mut last, mut live) = (None, 0, 0usize);
        for (p, &entry) in self.list.iter().enumerate() {
            let Some(i) = self.index_value(p) else {
                continue;
            };
            if !ctx.holds(self.index, i) {
                continue;
            }
            let (e_lo, e_hi) = entry.bounds(ctx).ok_or(Conflict)?;
            if e_hi < r_lo || e_lo > r_hi {
                ctx.remove_value(self.index, i)?;
                continue;
            }
            lo = lo.min(e_lo);
            hi = hi.max(e_hi);
            first.get_or_insert(i);
            last = i;
            live += 1;
        }
        let Some(first) = first else {
            return Err(Conflict);
        };
        // The index's values outside the positions, or whose entries miss.
        ctx.raise_lower(self.index, first)?;
        ctx.lower_upper(self.index, last)?;
        let mut moved = self.result.raise(ctx, lo)?;
        moved |= self.result.lower(ctx, hi)?;
        if live == 1 {
            let p = (i64::from(first) + self.shift) as usize;
            let entry = self.list[p];
            let (r_lo, r_hi) = self.result.bounds(ctx).ok_or(Conflict)?;
            moved |= entry.raise(ctx, r_lo)?;
            moved |= entry.lower(ctx, r_hi)?;
            let (e_lo, e_hi) = entry.bounds(ctx).ok_or(Conflict)?;
            moved |= self.result.raise(ctx, e_lo)?;
            moved |= self.result.lower(ctx, e_hi)?;
        }
        Ok(moved)
    }
}

impl Propagator for WideElement {
    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn name(&self) -> &'static str {
        "wide-element"
    }

    fn rule(&self) -> Rule {
        Rule::Other
    }

    fn takes_wide(&self) -> bool {
        true
    }

    fn events(&self, level: PropagationLevel) -> Events {
        Events::forward_checking_then(level, Events::ANY)
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        if ctx.level() < PropagationLevel::Singles {
            let Some(i) = ctx.value(self.index) else {
                return Ok(());
            };
            let entry = usize::try_from(i64::from(i) + self.shift)
                .ok()
                .and_then(|p| self.list.get(p));
            let holds = match entry {
                None => false,
                Some(e) => match (e.value(ctx), self.result.value(ctx)) {
                    (Some(a), Some(b)) => a == b,
                    _ => return Ok(()),
                },
            };
            return if holds || !ctx.level().fails_on_wipeout() {
                Ok(())
            } else {
                Err(Conflict)
            };
        }
        while self.narrow(ctx)? {}
        Ok(())
    }

    fn check(&self, value: &dyn Fn(VarId) -> u32) -> bool {
        let p = i64::from(value(self.index)) + self.shift;
        usize::try_from(p)
            .ok()
            .and_then(|p| self.list.get(p))
            .is_some_and(|e| e.read(value) == self.result.read(value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{LinearRelation, ModelBuilder, Search, SearchConfig, WideLinear};

    /// The bounds (as values) of each variable after root propagation at
    /// singles, or `None` if it fails.
    fn root(counts: &[u64], post: impl Fn(&mut ModelBuilder, &[VarId])) -> Option<Vec<(u32, u32)>> {
        let mut b = ModelBuilder::new();
        let vars: Vec<VarId> = (counts.iter())
            .map(|&k| b.new_wide_var(k).unwrap())
            .collect();
        post(&mut b, &vars);
        let model = b.build();
        let config = SearchConfig {
            level: PropagationLevel::Singles,
            ..SearchConfig::default()
        };
        let mut search = Search::new(&model, &config).unwrap();
        search.propagate_root().ok()?;
        let s = search.store();
        Some(
            (vars.iter())
                .map(|&v| (s.lower(v).unwrap(), s.upper(v).unwrap()))
                .collect(),
        )
    }

    fn var(var: VarId, offset: i64) -> Entry {
        Entry::Var { var, offset }
    }

    #[test]
    fn the_result_keeps_the_hull_of_the_entries() {
        // z = [10..=19, 5, 30..=39][i], i in 0..=9: i keeps 0..=2, z
        // (0..=99) keeps 5..=39.
        let bounds = root(&[10, 10, 10, 100], |b, v| {
            let list = vec![var(v[1], 10), Entry::Const(5), var(v[2], 30)];
            b.add_propagator(WideElement::new(v[0], 0, list, var(v[3], 0)))
                .unwrap();
        });
        assert_eq!(
            bounds,
            Some(vec![(0, 2), (0, 9), (0, 9), (5, 39)]),
            "i, a, b, z"
        );
    }

    #[test]
    fn positions_whose_entries_miss_leave_the_index() {
        // [10..=19, 25, 30..=39], z in 20..=29: only 25 meets. Shift -1
        // (position i - 1): i = 2, and z = 25 (index 5).
        let bounds = root(&[10, 10, 10, 10], |b, v| {
            let list = vec![var(v[1], 10), Entry::Const(25), var(v[2], 30)];
            b.add_propagator(WideElement::new(v[0], -1, list, var(v[3], 20)))
                .unwrap();
        });
        assert_eq!(bounds, Some(vec![(2, 2), (0, 9), (0, 9), (5, 5)]));
    }

    #[test]
    fn one_position_left_shares_its_bounds() {
        // i fixed at 0 by a row: a (0..=1_000_000) and z (offset 500,
        // 0..=1_000) meet on 500..=1_500.
        let bounds = root(&[1, 1_000_001, 1_001], |b, v| {
            let list = vec![var(v[1], 0), Entry::Const(-1)];
            b.add_propagator(WideElement::new(v[0], 0, list, var(v[2], 500)))
                .unwrap();
        });
        assert_eq!(bounds, Some(vec![(0, 0), (500, 1_500), (0, 1_000)]));
    }

    #[test]
    fn a_bound_on_a_hole_moves_on() {
        // z = [a][i], a in 0..=9 less 0: z keeps 1..=9.
        let bounds = root(&[1, 10, 10], |b, v| {
            let hole = WideLinear::new(vec![v[1]], vec![1], LinearRelation::NotEqual, 0);
            b.add_propagator(hole).unwrap();
            let list = vec![var(v[1], 0)];
            b.add_propagator(WideElement::new(v[0], 0, list, var(v[2], 0)))
                .unwrap();
        });
        assert_eq!(bounds, Some(vec![(0, 0), (1, 9), (1, 9)]));
    }

    #[test]
    fn no_position_fails() {
        // The index's values 5..=9 are past the list's two positions.
        let failed = root(&[10, 3], |b, v| {
            let list = vec![Entry::Const(1), Entry::Const(2)];
            b.add_propagator(WideElement::new(v[0], -5, list, var(v[1], 10)))
                .unwrap();
        });
        assert_eq!(failed, None);
    }
}
