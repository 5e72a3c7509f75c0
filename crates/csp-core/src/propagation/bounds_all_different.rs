//! All-different over narrow and wide variables, by bounds consistency
//! (López-Ortiz, Quimper, Tromp, van Beek, IJCAI 2003).

use std::cell::RefCell;

use super::{Conflict, Events, PropagationContext, PropagationLevel, Propagator, Rule};
use crate::VarId;

/// The intervals and arrays of one run, reused from run to run.
#[derive(Default)]
struct Space {
    /// Each variable's bounds as values: `[lo, hi + 1)`.
    lo: Vec<i64>,
    hi: Vec<i64>,
    /// The bounds found, as values.
    new_lo: Vec<i64>,
    new_hi: Vec<i64>,
    /// Ranks of `lo` and `hi + 1` in `bounds`.
    min_rank: Vec<usize>,
    max_rank: Vec<usize>,
    /// Variables by `lo`, by `hi`.
    by_min: Vec<usize>,
    by_max: Vec<usize>,
    /// The distinct interval ends, sorted, between two sentinels.
    bounds: Vec<i64>,
    /// The union-find trees (`t`: critical capacities, `h`: Hall
    /// intervals) and the capacities `d` over `bounds`.
    t: Vec<usize>,
    h: Vec<usize>,
    d: Vec<i64>,
}

thread_local! {
    static SPACE: RefCell<Space> = RefCell::default();
}

/// The values of `vars` are pairwise different, over variables of either
/// kind ([`Propagator::takes_wide`]), variable `i` taking `offsets[i]`
/// plus its index: the value of an assigned variable leaves the others
/// (forward checking, at every level), and from
/// [`PropagationLevel::Singles`] up every bound without a support among
/// the others' intervals moves, by Hall intervals (López-Ortiz et al.
/// 2003, `O(n log n)` a pass), repeated while a bound moves (a wide
/// domain's hole under a new bound moves it on). It wakes on
/// assignments below singles, on bounds from it up.
#[derive(Clone, Debug)]
pub struct BoundsAllDifferent {
    vars: Vec<VarId>,
    offsets: Vec<i64>,
}

impl BoundsAllDifferent {
    /// `vars` (distinct, as a model's propagator takes them) pairwise
    /// different, the value of `vars[i]` being `offsets[i]` plus its
    /// index.
    ///
    /// # Panics
    /// If `vars` and `offsets` differ in length, or an offset is farther
    /// than 2^62 from 0 (values then pass 64 bits).
    pub fn new(vars: Vec<VarId>, offsets: Vec<i64>) -> Self {
        assert_eq!(vars.len(), offsets.len(), "one offset per variable");
        assert!(
            offsets.iter().all(|o| o.unsigned_abs() <= 1 << 62),
            "offsets within 2^62"
        );
        BoundsAllDifferent { vars, offsets }
    }

    /// Removes the value of each assigned variable from the others.
    fn forward_check(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        for (i, &x) in self.vars.iter().enumerate() {
            let Some(v) = ctx.value(x) else { continue };
            let value = self.offsets[i] + i64::from(v);
            for (k, &y) in self.vars.iter().enumerate() {
                if k == i {
                    continue;
                }
                if let Ok(w) = u32::try_from(value - self.offsets[k])
                    && ctx.holds(y, w)
                {
                    ctx.remove_value(y, w)?;
                }
            }
        }
        Ok(())
    }

    /// One pass of both filters over the current bounds, then the bounds
    /// moved; whether one moved.
    fn narrow(&self, ctx: &mut PropagationContext<'_>, s: &mut Space) -> Result<bool, Conflict> {
        let n = self.vars.len();
        s.lo.clear();
        s.hi.clear();
        for (i, &x) in self.vars.iter().enumerate() {
            let (Some(lo), Some(hi)) = (ctx.lower(x), ctx.upper(x)) else {
                return Err(Conflict);
            };
            s.lo.push(self.offsets[i] + i64::from(lo));
            s.hi.push(self.offsets[i] + i64::from(hi) + 1);
        }
        s.new_lo.clone_from(&s.lo);
        s.new_hi.clone_from(&s.hi);
        sort(s, n);
        filter_lower(s, n)?;
        filter_upper(s, n)?;
        let mut moved = false;
        for (i, &x) in self.vars.iter().enumerate() {
            if s.new_lo[i] > s.lo[i] {
                let index = u32::try_from(s.new_lo[i] - self.offsets[i]).map_err(|_| Conflict)?;
                ctx.raise_lower(x, index)?;
                moved = true;
            }
            if s.new_hi[i] < s.hi[i] {
                let index =
                    u32::try_from(s.new_hi[i] - 1 - self.offsets[i]).map_err(|_| Conflict)?;
                ctx.lower_upper(x, index)?;
                moved = true;
            }
        }
        Ok(moved)
    }
}

/// Sorts the intervals by each end and ranks the distinct ends.
fn sort(s: &mut Space, n: usize) {
    s.by_min.clear();
    s.by_min.extend(0..n);
    s.by_max.clear();
    s.by_max.extend(0..n);
    let (lo, hi) = (&s.lo, &s.hi);
    s.by_min.sort_unstable_by_key(|&i| lo[i]);
    s.by_max.sort_unstable_by_key(|&i| hi[i]);
    s.min_rank.resize(n, 0);
    s.max_rank.resize(n, 0);
    s.bounds.clear();
    let mut min = lo[s.by_min[0]];
    let mut max = hi[s.by_max[0]];
    let mut last = min - 2;
    s.bounds.push(last);
    let (mut i, mut j) = (0, 0);
    loop {
        if i < n && min <= max {
            if min != last {
                last = min;
                s.bounds.push(min);
            }
            s.min_rank[s.by_min[i]] = s.bounds.len() - 1;
            i += 1;
            if i < n {
                min = lo[s.by_min[i]];
            }
        } else {
            if max != last {
                last = max;
                s.bounds.push(max);
            }
            s.max_rank[s.by_max[j]] = s.bounds.len() - 1;
            j += 1;
            if j == n {
                break;
            }
            max = hi[s.by_max[j]];
        }
    }
    s.bounds.push(last + 2);
}

/// Follows `a` up from `i` to a root (`a[i] > i` leads on).
fn path_max(a: &[usize], mut i: usize) -> usize {
    while a[i] > i {
        i = a[i];
    }
    i
}

/// Follows `a` down from `i` to a root (`a[i] < i` leads on).
fn path_min(a: &[usize], mut i: usize) -> usize {
    while a[i] < i {
        i = a[i];
    }
    i
}

/// Points every node on the path from `start` to `end` at `to`.
fn path_set(a: &mut [usize], start: usize, end: usize, to: usize) {
    let mut l = start;
    while l != end {
        let k = l;
        l = a[k];
        a[k] = to;
    }
}

/// Raises lower bounds past the Hall intervals below them (variables by
/// upper bound); fails where more variables than values share one.
fn filter_lower(s: &mut Space, n: usize) -> Result<(), Conflict> {
    let nb = s.bounds.len() - 2;
    s.t.resize(nb + 2, 0);
    s.h.resize(nb + 2, 0);
    s.d.resize(nb + 2, 0);
    for i in 1..=nb + 1 {
        s.t[i] = i - 1;
        s.h[i] = i - 1;
        s.d[i] = s.bounds[i] - s.bounds[i - 1];
    }
    for k in 0..n {
        let v = s.by_max[k];
        let (x, y) = (s.min_rank[v], s.max_rank[v]);
        let mut z = path_max(&s.t, x + 1);
        let j = s.t[z];
        s.d[z] -= 1;
        if s.d[z] == 0 {
            s.t[z] = z + 1;
            z = path_max(&s.t, s.t[z]);
            s.t[z] = j;
        }
        path_set(&mut s.t, x + 1, z, z);
        if s.d[z] < s.bounds[z] - s.bounds[y] {
            return Err(Conflict);
        }
        if s.h[x] > x {
            let w = path_max(&s.h, s.h[x]);
            s.new_lo[v] = s.bounds[w];
            path_set(&mut s.h, x, w, w);
        }
        if s.d[z] == s.bounds[z] - s.bounds[y] {
            let from = s.h[y];
            path_set(&mut s.h, from, j - 1, y);
            s.h[y] = j - 1;
        }
    }
    Ok(())
}

/// Lowers upper bounds below the Hall intervals above them, the mirror
/// of [`filter_lower`] (variables by lower bound, last first).
fn filter_upper(s: &mut Space, n: usize) -> Result<(), Conflict> {
    let nb = s.bounds.len() - 2;
    for i in 0..=nb {
        s.t[i] = i + 1;
        s.h[i] = i + 1;
        s.d[i] = s.bounds[i + 1] - s.bounds[i];
    }
    for k in (0..n).rev() {
        let v = s.by_min[k];
        let (x, y) = (s.max_rank[v], s.min_rank[v]);
        let mut z = path_min(&s.t, x - 1);
        let j = s.t[z];
        s.d[z] -= 1;
        if s.d[z] == 0 {
            s.t[z] = z - 1;
            z = path_min(&s.t, s.t[z]);
            s.t[z] = j;
        }
        path_set(&mut s.t, x - 1, z, z);
        if s.d[z] < s.bounds[y] - s.bounds[z] {
            return Err(Conflict);
        }
        if s.h[x] < x {
            let w = path_min(&s.h, s.h[x]);
            s.new_hi[v] = s.bounds[w];
            path_set(&mut s.h, x, w, w);
        }
        if s.d[z] == s.bounds[y] - s.bounds[z] {
            let from = s.h[y];
            path_set(&mut s.h, from, j + 1, y);
            s.h[y] = j + 1;
        }
    }
    Ok(())
}

impl Propagator for BoundsAllDifferent {
    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn name(&self) -> &'static str {
        "bounds-all-different"
    }

    fn rule(&self) -> Rule {
        Rule::Other
    }

    fn takes_wide(&self) -> bool {
        true
    }

    fn events(&self, level: PropagationLevel) -> Events {
        Events::forward_checking_then(level, Events::ASSIGNED | Events::BOUNDS)
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        self.forward_check(ctx)?;
        if ctx.level() < PropagationLevel::Singles || self.vars.is_empty() {
            return Ok(());
        }
        SPACE.with_borrow_mut(|s| {
            while self.narrow(ctx, s)? {
                self.forward_check(ctx)?;
            }
            Ok(())
        })
    }

    fn check(&self, value: &dyn Fn(VarId) -> u32) -> bool {
        let mut values: Vec<i64> = (self.vars.iter().zip(&self.offsets))
            .map(|(&x, &o)| o + i64::from(value(x)))
            .collect();
        values.sort_unstable();
        values.windows(2).all(|w| w[0] != w[1])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ModelBuilder, Search, SearchConfig};

    /// The bounds (as values) of `vars` after root propagation at
    /// singles, or `None` if it fails.
    fn root(
        counts: &[u64],
        offsets: &[i64],
        prepare: impl Fn(&mut ModelBuilder, &[VarId]),
    ) -> Option<Vec<(i64, i64)>> {
        let mut b = ModelBuilder::new();
        let vars: Vec<VarId> = (counts.iter())
            .map(|&k| b.new_wide_var(k).unwrap())
            .collect();
        prepare(&mut b, &vars);
        b.add_propagator(BoundsAllDifferent::new(vars.clone(), offsets.to_vec()))
            .unwrap();
        let model = b.build();
        let config = SearchConfig {
            level: PropagationLevel::Singles,
            ..SearchConfig::default()
        };
        let mut search = Search::new(&model, &config).unwrap();
        search.propagate_root().ok()?;
        let s = search.store();
        Some(
            (vars.iter().zip(offsets))
                .map(|(&v, &o)| {
                    let (lo, hi) = (s.lower(v).unwrap(), s.upper(v).unwrap());
                    (o + i64::from(lo), o + i64::from(hi))
                })
                .collect(),
        )
    }

    #[test]
    fn a_hall_interval_pushes_the_others_out() {
        // x, y in 1..=2 take both values: z in 1..=3 is 3, w in 0..=4
        // keeps 0 and 4 as bounds (bounds do not make holes).
        let bounds = root(&[2, 2, 3, 5], &[1, 1, 1, 0], |_, _| {});
        assert_eq!(bounds, Some(vec![(1, 2), (1, 2), (3, 3), (0, 4)]));
        // Values past 2^32 apart: offsets carry them.
        let far = 1 << 40;
        let bounds = root(&[2, 2, 3], &[far, far, far], |_, _| {});
        assert_eq!(
            bounds,
            Some(vec![(far, far + 1), (far, far + 1), (far + 2, far + 2)])
        );
    }

    #[test]
    fn more_variables_than_values_fail() {
        // Three variables over 10..=11.
        assert_eq!(root(&[2, 2, 2], &[10, 10, 10], |_, _| {}), None);
        // 0..=1, 1..=2 (offset 1), 0..=2: fits.
        assert_eq!(
            root(&[2, 2, 3], &[0, 1, 0], |_, _| {}),
            Some(vec![(0, 1), (1, 2), (0, 2)])
        );
    }

    #[test]
    fn a_bound_on_a_hole_moves_on() {
        // x, y in 0..=1; z in 0..=1_000_000 less 2: z ≥ 2, then 3.
        let bounds = root(&[2, 2, 1_000_001], &[0, 0, 0], |b, vars| {
            let hole =
                crate::WideLinear::new(vec![vars[2]], vec![1], crate::LinearRelation::NotEqual, 2);
            b.add_propagator(hole).unwrap();
        });
        assert_eq!(bounds, Some(vec![(0, 1), (0, 1), (3, 1_000_000)]));
    }
}
