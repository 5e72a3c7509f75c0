//! A sum of per-value weights: `sum of weight_i(x_i) <= rhs` (or `= rhs`),
//! each term any function of one variable (`x * x`, `|x - 3|`, a
//! coefficient times the value...).

use super::{
    Conflict, Events, ForwardCheck, Hypothesis, PropagationContext, PropagationLevel, Propagator,
};
use crate::explanation::{Explaining, Literal, removal_at};
use crate::{ValueSet, VarId};

/// `sum(weights[i][x_i]) <= rhs`, or `= rhs` when `equal`, where
/// `weights[i][v]` is what value `v` (a domain index, `0..64`) of the
/// `i`th variable adds. A linear sum is the case `weights[i][v] = c_i *
/// v`; here the weights need not grow with `v`, so a term that is a
/// function of one variable (a square, a distance to a constant) needs
/// no variable of its own.
///
/// - At [`PropagationLevel::None`] and
///   [`PropagationLevel::ForwardChecking`]: forward checking; once every
///   variable but one is assigned, the last keeps only the values that
///   meet `rhs`.
/// - At [`PropagationLevel::Singles`] and above: each variable keeps only
///   the values whose weight leaves room for the others' smallest (and,
///   with `equal`, largest) weights, repeated until nothing goes (a
///   removal can raise a minimum, since the weights are in no order).
///
/// All assigned with another sum is a conflict at every level.
#[derive(Clone, Debug)]
pub struct WeightedSum {
    vars: Vec<VarId>,
    /// Per variable, the weight of each of its 64 values (values past
    /// the table weigh 0 and are never in a domain the caller built).
    weights: Vec<[i64; 64]>,
    rhs: i64,
    equal: bool,
}

impl WeightedSum {
    /// `sum(weights[i][x_i]) <= rhs` (`equal`: `= rhs`); `weights[i]` lists
    /// the weight of values `0, 1, ...` of `vars[i]` (at most 64).
    ///
    /// # Panics
    /// If `vars` and `weights` differ in length or a list is longer than
    /// 64.
    pub fn new(vars: Vec<VarId>, weights: Vec<Vec<i64>>, rhs: i64, equal: bool) -> WeightedSum {
        assert_eq!(vars.len(), weights.len(), "one weight list per variable");
        let weights = (weights.iter())
            .map(|list| {
                assert!(list.len() <= 64, "at most 64 values per variable");
                let mut w = [0i64; 64];
                w[..list.len()].copy_from_slice(list);
                w
            })
            .collect();
        WeightedSum {
            vars,
            weights,
            rhs,
            equal,
        }
    }

    /// The smallest and largest weight over `domain` (`None`: empty).
    fn extremes(weights: &[i64; 64], domain: ValueSet) -> Option<(i64, i64)> {
        domain.iter().fold(None, |acc, v| {
            let w = weights[v as usize];
            Some(acc.map_or((w, w), |(lo, hi): (i64, i64)| (lo.min(w), hi.max(w))))
        })
    }

    /// The values of `domain` whose weight lies in `lo..=hi`.
    fn weighing(weights: &[i64; 64], domain: ValueSet, lo: i64, hi: i64) -> ValueSet {
        let mut keep = domain;
        for v in domain.iter() {
            if !(lo..=hi).contains(&weights[v as usize]) {
                keep = ValueSet(keep.0 & !(1u64 << v));
            }
        }
        keep
    }

    /// Whether `sum` meets the relation.
    fn meets(&self, sum: i64) -> bool {
        if self.equal {
            sum == self.rhs
        } else {
            sum <= self.rhs
        }
    }

    fn forward_check(&self, ctx: &mut impl ForwardCheck) -> Result<(), Conflict> {
        let mut open = None;
        let mut sum = 0;
        for (i, &v) in self.vars.iter().enumerate() {
            match ctx.value(v) {
                Some(x) => sum += self.weights[i][x as usize],
                None if open.is_none() => open = Some(i),
                None => return Ok(()),
            }
        }
        match open {
            None if self.meets(sum) => Ok(()),
            None => Err(Conflict),
            Some(i) => {
                let room = self.rhs - sum;
                let lo = if self.equal { room } else { i64::MIN };
                let keep = Self::weighing(&self.weights[i], ValueSet::range(64), lo, room);
                ctx.retain_values(self.vars[i], keep)
            }
        }
    }

    fn bounds(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        loop {
            let (mut lo, mut hi) = (0i64, 0i64);
            for (&v, w) in self.vars.iter().zip(&self.weights) {
                let (a, b) = Self::extremes(w, ctx.domain(v)).ok_or(Conflict)?;
                lo += a;
                hi += b;
            }
            if lo > self.rhs || (self.equal && hi < self.rhs) {
                return Err(Conflict);
            }
            let mut changed = false;
            for (&v, w) in self.vars.iter().zip(&self.weights) {
                let d = ctx.domain(v);
                let (own_lo, own_hi) = Self::extremes(w, d).ok_or(Conflict)?;
                // At most rhs minus the others' least; with `equal`, at
                // least rhs minus the others' most.
                let most = self.rhs - (lo - own_lo);
                let least = if self.equal {
                    self.rhs - (hi - own_hi)
                } else {
                    i64::MIN
                };
                let keep = Self::weighing(w, d, least, most);
                if keep != d {
                    ctx.retain_values(v, keep)?;
                    changed = true;
                }
            }
            if !changed {
                return Ok(());
            }
        }
    }
}

impl Propagator for WeightedSum {
    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        if ctx.level() >= PropagationLevel::Singles {
            self.bounds(ctx)
        } else {
            self.forward_check(ctx)
        }
    }

    fn forward_check_removals(&self, h: &mut Hypothesis<'_>) {
        let _ = self.forward_check(h);
    }

    fn check(&self, value: &dyn Fn(VarId) -> u32) -> bool {
        let sum: i64 = (self.vars.iter().zip(&self.weights))
            .map(|(&v, w)| w[value(v) as usize])
            .sum();
        self.meets(sum)
    }

    /// The other terms' smallest (or, with `equal`, largest) weights
    /// leave no room for the value's weight: the removals of the values
    /// that weigh less (more) than each term's smallest (largest).
    fn explain(
        &self,
        removal: Option<(VarId, u32)>,
        ex: &Explaining<'_>,
        reason: &mut Vec<Literal>,
    ) -> bool {
        if removal.is_none() && ex.push_emptied(&self.vars, reason) {
            return true;
        }
        let Some(at) = removal_at(&self.vars, removal) else {
            return false;
        };
        let skip = at.map(|(j, _)| j);
        let signs: &[i64] = if self.equal { &[1, -1] } else { &[1] };
        for &sign in signs {
            // Each other term's least signed weight over its domain.
            let Some(least) = (self.vars.iter().zip(&self.weights))
                .map(|(&x, w)| ex.domain(x).iter().map(|v| sign * w[v as usize]).min())
                .collect::<Option<Vec<i64>>>()
            else {
                return false;
            };
            let rest: i64 = (least.iter().enumerate())
                .filter(|&(i, _)| Some(i) != skip)
                .map(|(_, &l)| l)
                .sum();
            let own = match (skip, removal) {
                (Some(j), Some((_, v))) => sign * self.weights[j][v as usize],
                _ => 0,
            };
            if own + rest > sign * self.rhs {
                for (i, (&x, w)) in self.vars.iter().zip(&self.weights).enumerate() {
                    if Some(i) != skip {
                        let lighter: ValueSet = (ex.removed(x).iter())
                            .filter(|&u| sign * w[u as usize] < least[i])
                            .collect();
                        ex.push_removed(x, lighter, reason);
                    }
                }
                return true;
            }
        }
        false
    }

    fn name(&self) -> &'static str {
        "weighted-sum"
    }

    /// Any removal: the weights are in no order, so a value gone from
    /// inside a domain can change its extremes.
    fn events(&self, level: PropagationLevel) -> Events {
        Events::forward_checking_then(level, Events::ANY)
    }
}

#[cfg(test)]
mod tests {
    use super::WeightedSum;
    use crate::harness::{ExplanationCounts, below, check_propagator};
    use crate::testing::{domains_after, fixed};
    use crate::{ModelBuilder, PropagationLevel, ValueSet};

    /// Squares of 0..10.
    fn squares() -> Vec<i64> {
        (0..10).map(|v| v * v).collect()
    }

    #[test]
    fn squares_summing_to_a_total_keep_only_what_fits() {
        // x0^2 + x1^2 = 25 over 0..10: each of x0, x1 in {0, 3, 4, 5}.
        let mut b = ModelBuilder::new();
        let v = b.new_vars(2, ValueSet::range(10));
        b.add_propagator(WeightedSum::new(v, vec![squares(), squares()], 25, true))
            .unwrap();
        let m = b.build();
        let d = domains_after(&m, PropagationLevel::Singles, &[]).unwrap();
        // Bounds on weights: each at most 25 (0..=5), at least 25 - 81.
        assert_eq!(d[0], ValueSet::range(6));
        let d = domains_after(&m, PropagationLevel::Singles, &fixed(&[(0, 3)])).unwrap();
        assert_eq!(d[1], ValueSet::single(4));
        assert!(domains_after(&m, PropagationLevel::Singles, &fixed(&[(0, 2)])).is_err());
        // Forward checking: the last open variable keeps the exact fits.
        let d = domains_after(&m, PropagationLevel::ForwardChecking, &fixed(&[(0, 0)])).unwrap();
        assert_eq!(d[1], ValueSet::single(5));
    }

    #[test]
    fn an_inequality_repeats_until_nothing_goes() {
        // w0 = [5, 0, 9], w1 = [0, 7, 100], sum <= 6: the others' least
        // is 0 each, so x0 loses 2 (9) and x1 loses 1 and 2 (7, 100).
        let mut b = ModelBuilder::new();
        let v = b.new_vars(2, ValueSet::range(3));
        b.add_propagator(WeightedSum::new(
            v,
            vec![vec![5, 0, 9], vec![0, 7, 100]],
            6,
            false,
        ))
        .unwrap();
        let m = b.build();
        let d = domains_after(&m, PropagationLevel::Singles, &[]).unwrap();
        assert_eq!((d[0], d[1]), (ValueSet(0b011), ValueSet(0b001)));
    }

    #[test]
    fn the_harness_finds_it_sound() {
        // Every removal and failure explained by the weights' bounds.
        let mut counts = Vec::new();
        for equal in [false, true] {
            counts.push(check_propagator(
                "weighted sum",
                300,
                11,
                2..=5,
                |b, vars, rng| {
                    let weights: Vec<Vec<i64>> = (vars.iter())
                        .map(|_| (0..11).map(|_| i64::from(below(rng, 13)) - 4).collect())
                        .collect();
                    let rhs = i64::from(below(rng, 25)) - 4;
                    b.add_propagator(WeightedSum::new(vars.to_vec(), weights, rhs, equal))
                        .unwrap();
                },
            ));
        }
        let own = |own| ExplanationCounts { own, scope: 0 };
        assert_eq!(counts, [own(2719), own(6434)]);
    }
}
