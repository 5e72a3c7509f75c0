//! `Σ aᵢ·xᵢ = c`, `≤ c` or `≠ c` over narrow and wide variables, by
//! bounds.

use super::{Conflict, Events, PropagationContext, PropagationLevel, Propagator, Rule};
use crate::VarId;

/// The relation of [`WideLinear`]'s sum to its constant.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LinearRelation {
    /// `Σ aᵢ·xᵢ = c`.
    Equal,
    /// `Σ aᵢ·xᵢ ≤ c`.
    AtMost,
    /// `Σ aᵢ·xᵢ ≠ c`: once every variable but one is assigned, the one
    /// value of the last that would make the sum `c` goes.
    NotEqual,
}

/// `Σ aᵢ·xᵢ = c` or `≤ c`, coefficients of either sign, over variables of
/// either kind ([`Propagator::takes_wide`]): bounds consistency. From the
/// smallest and largest sums the other terms can make, each variable's
/// bounds are narrowed (`aᵢ·xᵢ ≤ c - min of the others`, and for an
/// equation `≥ c - max of the others`), repeated to a fixpoint. Holes
/// are not looked at, and make none: it wakes on bounds and assignments
/// only. Sums are exact (128-bit), whatever the values and coefficients.
///
/// Below [`PropagationLevel::Singles`] it checks once every variable is
/// assigned, as forward checking of a sum does.
#[derive(Clone, Debug)]
pub struct WideLinear {
    vars: Vec<VarId>,
    coefs: Vec<i64>,
    rhs: i64,
    relation: LinearRelation,
}

impl WideLinear {
    /// `Σ coefs[i]·vars[i] relation rhs` (the values being the variables'
    /// indices: a caller whose values start elsewhere folds the offsets
    /// into `rhs`).
    ///
    /// # Panics
    /// If `vars` and `coefs` differ in length.
    pub fn new(vars: Vec<VarId>, coefs: Vec<i64>, relation: LinearRelation, rhs: i64) -> Self {
        assert_eq!(vars.len(), coefs.len(), "one coefficient per variable");
        WideLinear {
            vars,
            coefs,
            rhs,
            relation,
        }
    }

    /// The smallest and largest values of `a·x`, `x` between `lo` and `hi`.
    #[inline]
    fn term(a: i64, lo: u32, hi: u32) -> (i128, i128) {
        let (l, h) = (
            i128::from(a) * i128::from(lo),
            i128::from(a) * i128::from(hi),
        );
        if a >= 0 { (l, h) } else { (h, l) }
    }
}

/// `⌊n / d⌋` for `d > 0`.
#[inline]
fn floor_div(n: i128, d: i128) -> i128 {
    n.div_euclid(d)
}

/// `⌈n / d⌉` for `d > 0`.
#[inline]
fn ceil_div(n: i128, d: i128) -> i128 {
    -(-n).div_euclid(d)
}

impl Propagator for WideLinear {
    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn name(&self) -> &'static str {
        "wide-linear"
    }

    fn rule(&self) -> Rule {
        Rule::Other
    }

    fn takes_wide(&self) -> bool {
        true
    }

    fn events(&self, level: PropagationLevel) -> Events {
        if self.relation == LinearRelation::NotEqual {
            return Events::forward_checking_then(level, Events::ASSIGNED);
        }
        Events::forward_checking_then(level, Events::ASSIGNED | Events::BOUNDS)
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let rhs = i128::from(self.rhs);
        if ctx.level() < PropagationLevel::Singles {
            // Forward checking: fail once every variable is assigned and
            // the sum is wrong.
            let mut sum = 0i128;
            for (&x, &a) in self.vars.iter().zip(&self.coefs) {
                match ctx.value(x) {
                    Some(v) => sum += i128::from(a) * i128::from(v),
                    None => return Ok(()),
                }
            }
            let holds = match self.relation {
                LinearRelation::Equal => sum == rhs,
                LinearRelation::AtMost => sum <= rhs,
                LinearRelation::NotEqual => sum != rhs,
            };
            return if holds || !ctx.level().fails_on_wipeout() {
                Ok(())
            } else {
                Err(Conflict)
            };
        }
        self.tighten(ctx)
    }

    fn check(&self, value: &dyn Fn(VarId) -> u32) -> bool {
        let sum: i128 = (self.vars.iter().zip(&self.coefs))
            .map(|(&x, &a)| i128::from(a) * i128::from(value(x)))
            .sum();
        match self.relation {
            LinearRelation::Equal => sum == i128::from(self.rhs),
            LinearRelation::AtMost => sum <= i128::from(self.rhs),
            LinearRelation::NotEqual => sum != i128::from(self.rhs),
        }
    }
}

impl WideLinear {
    /// Whether the bounds of its variables already make it false (its
    /// smallest sum above `c`; for `=` also its largest below; for `≠`
    /// every variable assigned and the sum `c`).
    pub(crate) fn refuted(&self, ctx: &PropagationContext<'_>) -> bool {
        let (mut min, mut max) = (0i128, 0i128);
        for (&x, &a) in self.vars.iter().zip(&self.coefs) {
            let (Some(lo), Some(hi)) = (ctx.lower(x), ctx.upper(x)) else {
                return true;
            };
            let (l, h) = WideLinear::term(a, lo, hi);
            min += l;
            max += h;
        }
        let rhs = i128::from(self.rhs);
        match self.relation {
            LinearRelation::AtMost => min > rhs,
            LinearRelation::Equal => min > rhs || max < rhs,
            LinearRelation::NotEqual => min == max && min == rhs,
        }
    }

    /// Narrows the bounds of its variables to a fixpoint (`≠`: removes
    /// the one value it forbids, if it is down to one variable).
    pub(crate) fn tighten(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        if self.relation == LinearRelation::NotEqual {
            return self.not_equal(ctx);
        }
        let rhs = i128::from(self.rhs);
        loop {
            let (mut min, mut max) = (0i128, 0i128);
            for (&x, &a) in self.vars.iter().zip(&self.coefs) {
                let (Some(lo), Some(hi)) = (ctx.lower(x), ctx.upper(x)) else {
                    return Err(Conflict);
                };
                let (l, h) = WideLinear::term(a, lo, hi);
                min += l;
                max += h;
            }
            if min > rhs || (self.relation == LinearRelation::Equal && max < rhs) {
                return Err(Conflict);
            }
            let mut changed = false;
            for (&x, &a) in self.vars.iter().zip(&self.coefs) {
                if a == 0 {
                    continue;
                }
                let (lo, hi) = (ctx.lower(x).ok_or(Conflict)?, ctx.upper(x).ok_or(Conflict)?);
                let (l, h) = WideLinear::term(a, lo, hi);
                // a·x ≤ rhs - (min - l); for an equation also
                // a·x ≥ rhs - (max - h).
                let most = rhs - (min - l);
                let least = match self.relation {
                    LinearRelation::Equal => Some(rhs - (max - h)),
                    LinearRelation::AtMost | LinearRelation::NotEqual => None,
                };
                let a = i128::from(a);
                let (mut new_lo, mut new_hi) = (i128::from(lo), i128::from(hi));
                if a > 0 {
                    new_hi = new_hi.min(floor_div(most, a));
                    if let Some(least) = least {
                        new_lo = new_lo.max(ceil_div(least, a));
                    }
                } else {
                    new_lo = new_lo.max(ceil_div(-most, -a));
                    if let Some(least) = least {
                        new_hi = new_hi.min(floor_div(-least, -a));
                    }
                }
                if new_lo > new_hi {
                    return Err(Conflict);
                }
                if new_lo > i128::from(lo) {
                    ctx.raise_lower(x, new_lo as u32)?;
                    changed = true;
                }
                if new_hi < i128::from(hi) {
                    ctx.lower_upper(x, new_hi as u32)?;
                    changed = true;
                }
            }
            if !changed {
                return Ok(());
            }
        }
    }
}

impl WideLinear {
    /// `≠`: with every variable but one assigned, removes the value of the
    /// last that makes the sum `rhs`; with all assigned, fails on it.
    fn not_equal(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let mut sum = 0i128;
        let mut free = None;
        for (&x, &a) in self.vars.iter().zip(&self.coefs) {
            match ctx.value(x) {
                Some(v) => sum += i128::from(a) * i128::from(v),
                None if a == 0 => {}
                None if free.is_some() => return Ok(()),
                None => free = Some((x, a)),
            }
        }
        let rest = i128::from(self.rhs) - sum;
        match free {
            None if rest == 0 => Err(Conflict),
            None => Ok(()),
            Some((x, a)) => {
                let a = i128::from(a);
                if rest % a != 0 {
                    return Ok(());
                }
                match u32::try_from(rest / a) {
                    Ok(v) if ctx.holds(x, v) => ctx.remove_value(x, v),
                    _ => Ok(()),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ModelBuilder, Search, SearchConfig, ValueSet};

    /// Counts the solutions of a model by search at `level`, with `choice`.
    fn count(model: &crate::Model, level: PropagationLevel, choice: crate::WideChoice) -> u64 {
        let config = SearchConfig {
            level,
            ..SearchConfig::default()
        };
        let search = Search::new(model, &config)
            .unwrap()
            .with_wide_choice(choice);
        search.run(None).stats.solutions
    }

    #[test]
    fn bounds_narrow_wide_and_narrow_variables_alike() {
        // 3x + 5y - z = 1000, x < 1000, y < 200 wide, z < 10 narrow.
        let mut b = ModelBuilder::new();
        let x = b.new_wide_var(1000).unwrap();
        let y = b.new_wide_var(200).unwrap();
        let z = b.new_var(ValueSet::range(10));
        let p = WideLinear::new(vec![x, y, z], vec![3, 5, -1], LinearRelation::Equal, 1000);
        b.add_propagator(p).unwrap();
        let model = b.build();
        let config = SearchConfig {
            level: PropagationLevel::Singles,
            ..SearchConfig::default()
        };
        let mut search = Search::new(&model, &config).unwrap();
        search.propagate_root().unwrap();
        let s = search.store();
        // 3x ≤ 1000 + 9 → x ≤ 336; 3x ≥ 1000 - 5·199 → x ≥ 2; 5y ≤ 1009
        // → y ≤ 201 (199 already).
        assert_eq!((s.lower(x), s.upper(x)), (Some(2), Some(336)));
        assert_eq!((s.lower(y), s.upper(y)), (Some(0), Some(199)));
        assert_eq!(s.size(z), 10);
        // Every solution: for each (x, z) with 1000 - 3x + z ≥ 0 divisible
        // by 5 and at most 5·199.
        let expected = (0..1000u32)
            .flat_map(|x| (0..10u32).map(move |z| (x, z)))
            .filter(|&(x, z)| {
                let rest = 1000 - 3 * i64::from(x) + i64::from(z);
                rest >= 0 && rest % 5 == 0 && rest / 5 < 200
            })
            .count() as u64;
        assert_eq!(expected, 666);
        for choice in [
            crate::WideChoice::Min,
            crate::WideChoice::Max,
            crate::WideChoice::Median,
            crate::WideChoice::Split,
        ] {
            let level = PropagationLevel::Singles;
            assert_eq!(count(&model, level, choice), expected, "{choice:?}");
        }
    }

    #[test]
    fn an_inequality_of_large_values_is_exact() {
        // 2,000,000,000 values: x + y ≤ 10 leaves 11 · 12 / 2 pairs.
        let mut b = ModelBuilder::new();
        let x = b.new_wide_var(2_000_000_000).unwrap();
        let y = b.new_wide_var(2_000_000_000).unwrap();
        let p = WideLinear::new(vec![x, y], vec![1, 1], LinearRelation::AtMost, 10);
        b.add_propagator(p).unwrap();
        let model = b.build();
        for choice in [crate::WideChoice::Min, crate::WideChoice::Split] {
            assert_eq!(count(&model, PropagationLevel::Singles, choice), 66);
        }
        // A sum of coefficients near 2^62 times values near 2^31 does not
        // overflow.
        let mut b = ModelBuilder::new();
        let x = b.new_wide_var(u64::from(u32::MAX)).unwrap();
        let p = WideLinear::new(
            vec![x],
            vec![i64::MAX / 2],
            LinearRelation::AtMost,
            i64::MAX,
        );
        b.add_propagator(p).unwrap();
        assert_eq!(
            count(
                &b.build(),
                PropagationLevel::Singles,
                crate::WideChoice::Split
            ),
            3
        );
    }

    #[test]
    fn not_equal_removes_the_last_value_that_makes_the_sum() {
        // x - y ≠ 0 and x + y = 6, x in 0..5 (wide), y in 0..7 (narrow):
        // (0,6) (1,5) (2,4) (4,2); (3,3) is the one that ≠ removes.
        let expected = (0..5u32)
            .flat_map(|x| (0..7u32).map(move |y| (x, y)))
            .filter(|&(x, y)| x != y && x + y == 6)
            .count() as u64;
        assert_eq!(expected, 4);
        let mut b = ModelBuilder::new();
        let x = b.new_wide_var(5).unwrap();
        let y = b.new_var(ValueSet::range(7));
        let ne = WideLinear::new(vec![x, y], vec![1, -1], LinearRelation::NotEqual, 0);
        b.add_propagator(ne).unwrap();
        let sum = WideLinear::new(vec![x, y], vec![1, 1], LinearRelation::Equal, 6);
        b.add_propagator(sum).unwrap();
        let model = b.build();
        for level in [PropagationLevel::ForwardChecking, PropagationLevel::Singles] {
            for choice in [crate::WideChoice::Min, crate::WideChoice::Split] {
                assert_eq!(
                    count(&model, level, choice),
                    expected,
                    "{level:?} {choice:?}"
                );
            }
        }
        // Once x is 3, y = 3 goes at once.
        let config = SearchConfig {
            level: PropagationLevel::Singles,
            ..SearchConfig::default()
        };
        let mut search = Search::new(&model, &config).unwrap();
        search.fix(x, 3).unwrap();
        assert!(search.propagate_root().is_err());
    }

    #[test]
    fn narrow_propagators_refuse_wide_variables() {
        let mut b = ModelBuilder::new();
        let x = b.new_wide_var(100).unwrap();
        let y = b.new_var(ValueSet::range(3));
        let err = b.all_different(&[x, y]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the propagator all-different takes no wide variable, and x0 is one"
        );
        assert!(b.new_wide_var(0).is_err() && b.new_wide_var(1 << 32).is_err());
    }
}
