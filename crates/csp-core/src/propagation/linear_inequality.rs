//! A linear inequality over a scope: `sum of coef * value <= rhs`.

use super::{
    Conflict, Events, ForwardCheck, Hypothesis, PropagationContext, PropagationLevel, Propagator,
};
use crate::explanation::{Explaining, Literal, linear_bounds};
use crate::{ValueSet, VarId};

/// `sum(coef_i * x_i) <= rhs` over the values `x_i` of its variables (the
/// domain indices `0..64`; `>=` is the same with every coefficient and
/// `rhs` negated).
///
/// - At [`PropagationLevel::None`] and
///   [`PropagationLevel::ForwardChecking`]: forward checking; once every
///   variable but one is assigned, the last keeps only the values that
///   keep the sum within `rhs`.
/// - At [`PropagationLevel::Singles`] and above: bounds consistency; each
///   variable keeps only the values for which the others' minimum leaves
///   room, in one pass (a removal only raises no other term's minimum, so
///   one pass is a fixpoint).
///
/// All assigned with a larger sum is a conflict at every level.
#[derive(Clone, Debug)]
pub struct LinearInequality {
    vars: Vec<VarId>,
    coefs: Vec<i64>,
    rhs: i64,
}

impl LinearInequality {
    /// `sum(coefs[i] * vars[i]) <= rhs`.
    ///
    /// # Panics
    /// If `vars` and `coefs` differ in length or a coefficient is 0.
    pub fn new(vars: Vec<VarId>, coefs: Vec<i64>, rhs: i64) -> LinearInequality {
        assert_eq!(vars.len(), coefs.len(), "one coefficient per variable");
        assert!(coefs.iter().all(|&c| c != 0), "coefficients must not be 0");
        LinearInequality { vars, coefs, rhs }
    }

    /// The smallest contribution `coef * x` over a domain.
    fn term_min(coef: i64, domain: ValueSet) -> Option<i64> {
        let x = if coef > 0 {
            domain.min()?
        } else {
            domain.max()?
        };
        Some(coef * i64::from(x))
    }

    /// The values `x` (of `0..64`) whose term `coef * x` is at most
    /// `room`, as a mask.
    fn within(coef: i64, room: i64) -> ValueSet {
        if coef > 0 {
            ValueSet::between(0, room.div_euclid(coef))
        } else {
            // coef * x <= room  <=>  x >= room / coef, rounded up.
            let (a, b) = (-room, -coef);
            ValueSet::between(a.div_euclid(b) + i64::from(a.rem_euclid(b) != 0), 63)
        }
    }

    fn forward_check(&self, ctx: &mut impl ForwardCheck) -> Result<(), Conflict> {
        let mut open = None;
        let mut sum = 0;
        for (i, &v) in self.vars.iter().enumerate() {
            match ctx.value(v) {
                Some(x) => sum += self.coefs[i] * i64::from(x),
                None if open.is_none() => open = Some(i),
                None => return Ok(()),
            }
        }
        match open {
            None if sum <= self.rhs => Ok(()),
            None => Err(Conflict),
            Some(i) => ctx.retain_values(self.vars[i], Self::within(self.coefs[i], self.rhs - sum)),
        }
    }

    fn bounds(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let mut lo = 0i64;
        for (&v, &c) in self.vars.iter().zip(&self.coefs) {
            lo += Self::term_min(c, ctx.domain(v)).ok_or(Conflict)?;
        }
        if lo > self.rhs {
            return Err(Conflict);
        }
        for (&v, &c) in self.vars.iter().zip(&self.coefs) {
            let d = ctx.domain(v);
            let own = Self::term_min(c, d).ok_or(Conflict)?;
            let keep = d.intersection(Self::within(c, self.rhs - (lo - own)));
            if keep != d {
                ctx.retain_values(v, keep)?;
            }
        }
        Ok(())
    }
}

impl Propagator for LinearInequality {
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
        let sum: i64 = (self.vars.iter().zip(&self.coefs))
            .map(|(&v, &c)| c * i64::from(value(v)))
            .sum();
        sum <= self.rhs
    }

    /// The other terms' least values leave no room for the value: the
    /// removals that set those bounds.
    fn explain(
        &self,
        removal: Option<(VarId, u32)>,
        ex: &Explaining<'_>,
        reason: &mut Vec<Literal>,
    ) -> bool {
        linear_bounds::explain_at_most(&self.vars, &self.coefs, 1, self.rhs, removal, ex, reason)
    }

    fn name(&self) -> &'static str {
        "linear-inequality"
    }

    fn events(&self, level: PropagationLevel) -> Events {
        Events::forward_checking_then(level, Events::ASSIGNED | Events::BOUNDS)
    }
}

#[cfg(test)]
mod tests {
    use super::LinearInequality;
    use crate::harness::{ExplanationCounts, below, check_propagator};
    use crate::testing::{domains_after, fixed};
    use crate::{ModelBuilder, PropagationLevel, ValueSet};

    #[test]
    fn bounds_leave_room_for_the_others() {
        // 2 x0 - x1 + x2 <= 3 over 0..10: x0 <= (3 + 9) / 2 = 6.
        let mut b = ModelBuilder::new();
        let v = b.new_vars(3, ValueSet::range(10));
        b.add_propagator(LinearInequality::new(v, vec![2, -1, 1], 3))
            .unwrap();
        let m = b.build();
        let d = domains_after(&m, PropagationLevel::Singles, &[]).unwrap();
        assert_eq!(d[0], ValueSet::range(7));
        assert_eq!(d[2], ValueSet::range(10));
        // x0 = 6 and x2 = 5: x1 >= 12 + 5 - 3 = 14, out of reach.
        assert!(domains_after(&m, PropagationLevel::Singles, &fixed(&[(0, 6), (2, 5)])).is_err());
        // x0 = 6, x2 = 0: x1 >= 9.
        let d = domains_after(&m, PropagationLevel::Singles, &fixed(&[(0, 6), (2, 0)])).unwrap();
        assert_eq!(d[1], ValueSet::single(9));
        // Forward checking waits for the last open variable.
        let d = domains_after(&m, PropagationLevel::ForwardChecking, &fixed(&[(0, 6)])).unwrap();
        assert_eq!(d[1], ValueSet::range(10));
        let d = domains_after(
            &m,
            PropagationLevel::ForwardChecking,
            &fixed(&[(0, 5), (2, 0)]),
        )
        .unwrap();
        assert_eq!(d[1], ValueSet(0b11_1000_0000));
    }

    #[test]
    fn the_harness_finds_it_sound() {
        // Every removal and failure explained by the bounds.
        let counts = check_propagator("linear inequality", 300, 11, 2..=6, |b, vars, rng| {
            let coefs: Vec<i64> = (vars.iter())
                .map(|_| {
                    let c = i64::from(below(rng, 7)) - 3;
                    if c == 0 { 1 } else { c }
                })
                .collect();
            let rhs = i64::from(below(rng, 31)) - 10;
            b.add_propagator(LinearInequality::new(vars.to_vec(), coefs, rhs))
                .unwrap();
        });
        assert_eq!(
            counts,
            ExplanationCounts {
                own: 2784,
                scope: 0
            }
        );
    }
}
