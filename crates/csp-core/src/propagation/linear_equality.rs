//! A linear equation over a scope: `sum of coef * value = rhs`.

use super::{
    Conflict, Events, ForwardCheck, Hypothesis, PropagationContext, PropagationLevel, Propagator,
};
use crate::explanation::{Explaining, Literal, linear_bounds};
use crate::{ValueSet, VarId};

/// `sum(coef_i * x_i) = rhs` over the values `x_i` of its variables (values
/// are the domain indices `0..64`; a Sudoku cage over digits `d = x + 1`
/// becomes `sum(x_i) = total - len`).
///
/// - At [`PropagationLevel::None`] and
///   [`PropagationLevel::ForwardChecking`]: forward checking; once every
///   variable but one is assigned, the last keeps only the value that
///   completes the sum.
/// - At [`PropagationLevel::Singles`] and above: bounds consistency; each
///   variable keeps only the values for which the others' minimum and
///   maximum can still reach `rhs`, repeated to a fixpoint.
///
/// All assigned with the wrong sum is a conflict at every level.
#[derive(Clone, Debug)]
pub struct LinearEquality {
    vars: Vec<VarId>,
    coefs: Vec<i64>,
    rhs: i64,
}

impl LinearEquality {
    /// `sum(coefs[i] * vars[i]) = rhs`.
    ///
    /// # Panics
    /// If `vars` and `coefs` differ in length or a coefficient is 0.
    pub fn new(vars: Vec<VarId>, coefs: Vec<i64>, rhs: i64) -> LinearEquality {
        assert_eq!(vars.len(), coefs.len(), "one coefficient per variable");
        assert!(coefs.iter().all(|&c| c != 0), "coefficients must not be 0");
        LinearEquality { vars, coefs, rhs }
    }

    /// `sum(vars) = rhs`.
    pub fn sum(vars: Vec<VarId>, rhs: i64) -> LinearEquality {
        let coefs = vec![1; vars.len()];
        LinearEquality::new(vars, coefs, rhs)
    }

    /// The smallest and largest contribution `coef * x` over a domain.
    fn term_bounds(coef: i64, domain: ValueSet) -> Option<(i64, i64)> {
        let (lo, hi) = (domain.min()? as i64, domain.max()? as i64);
        Some(if coef > 0 {
            (coef * lo, coef * hi)
        } else {
            (coef * hi, coef * lo)
        })
    }

    /// The values `x` (of `0..64`) whose term `coef * x` lies in
    /// `from..=to`: an interval of values, as a mask.
    fn reaching(coef: i64, from: i64, to: i64) -> ValueSet {
        // x >= from / coef and x <= to / coef, the other way round for a
        // negative coefficient; rounded inwards.
        let (lo, hi) = if coef == 1 {
            (from, to)
        } else if coef == -1 {
            (-to, -from)
        } else if coef > 0 {
            (ceil_div(from, coef), floor_div(to, coef))
        } else {
            (ceil_div(to, coef), floor_div(from, coef))
        };
        ValueSet::between(lo, hi)
    }

    fn forward_check(&self, ctx: &mut impl ForwardCheck) -> Result<(), Conflict> {
        let mut open = None;
        let mut sum = 0;
        for (i, &v) in self.vars.iter().enumerate() {
            match ctx.value(v) {
                Some(x) => sum += self.coefs[i] * x as i64,
                None if open.is_none() => open = Some(i),
                None => return Ok(()),
            }
        }
        match open {
            None if sum == self.rhs => Ok(()),
            None => Err(Conflict),
            Some(i) => {
                let keep = Self::solving(self.coefs[i], self.rhs - sum);
                ctx.retain_values(self.vars[i], keep)
            }
        }
    }

    /// Whether the equation holds with every variable assigned.
    pub(crate) fn holds(&self, ctx: &impl ForwardCheck) -> bool {
        (self.vars.iter().zip(&self.coefs))
            .map(|(&v, &c)| ctx.value(v).map(|x| c * x as i64))
            .sum::<Option<i64>>()
            == Some(self.rhs)
    }

    /// The values of `var` (of `0..64`) that make the equation hold, every
    /// other variable being assigned (none if one is not): one at most.
    pub(crate) fn completing(&self, ctx: &impl ForwardCheck, var: VarId) -> ValueSet {
        let mut rest = self.rhs;
        let mut coef = 0;
        for (&v, &c) in self.vars.iter().zip(&self.coefs) {
            match ctx.value(v) {
                _ if v == var => coef = c,
                Some(x) => rest -= c * x as i64,
                None => return ValueSet::EMPTY,
            }
        }
        Self::solving(coef, rest)
    }

    /// The value `x` (of `0..64`) with `coef * x = rest`, if there is one.
    fn solving(coef: i64, rest: i64) -> ValueSet {
        if coef != 0 && rest % coef == 0 {
            ValueSet::between(rest / coef, rest / coef)
        } else {
            ValueSet::EMPTY
        }
    }

    pub(crate) fn bounds(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        loop {
            let (mut lo, mut hi) = (0i64, 0i64);
            for (&v, &c) in self.vars.iter().zip(&self.coefs) {
                let (l, h) = Self::term_bounds(c, ctx.domain(v)).ok_or(Conflict)?;
                lo += l;
                hi += h;
            }
            if lo > self.rhs || hi < self.rhs {
                return Err(Conflict);
            }
            let mut changed = false;
            for (&v, &c) in self.vars.iter().zip(&self.coefs) {
                let d = ctx.domain(v);
                let (l, h) = Self::term_bounds(c, d).ok_or(Conflict)?;
                // The others contribute between lo - l and hi - h.
                let (others_lo, others_hi) = (lo - l, hi - h);
                let keep = d.intersection(Self::reaching(
                    c,
                    self.rhs - others_hi,
                    self.rhs - others_lo,
                ));
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

/// `a / b` rounded down.
fn floor_div(a: i64, b: i64) -> i64 {
    let q = a / b;
    if a % b != 0 && (a < 0) != (b < 0) {
        q - 1
    } else {
        q
    }
}

/// `a / b` rounded up.
fn ceil_div(a: i64, b: i64) -> i64 {
    -floor_div(-a, b)
}

impl Propagator for LinearEquality {
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
        // A conflict stops the count where forward checking would stop.
        let _ = self.forward_check(h);
    }

    fn check(&self, value: &dyn Fn(VarId) -> u32) -> bool {
        let sum: i64 = (self.vars.iter().zip(&self.coefs))
            .map(|(&v, &c)| c * value(v) as i64)
            .sum();
        sum == self.rhs
    }

    /// The other terms' least (or greatest) values leave no room for the
    /// value below (or above) the total: the removals that set those
    /// bounds.
    fn explain(
        &self,
        removal: Option<(VarId, u32)>,
        ex: &Explaining<'_>,
        reason: &mut Vec<Literal>,
    ) -> bool {
        let (vars, coefs) = (&self.vars, &self.coefs);
        linear_bounds::explain_at_most(vars, coefs, 1, self.rhs, removal, ex, reason)
            || linear_bounds::explain_at_most(vars, coefs, -1, -self.rhs, removal, ex, reason)
    }

    fn name(&self) -> &'static str {
        "linear-equality"
    }

    fn events(&self, level: PropagationLevel) -> Events {
        Events::forward_checking_then(level, Events::ASSIGNED | Events::BOUNDS)
    }
}

#[cfg(test)]
mod tests {
    use super::LinearEquality;
    use crate::testing::{domains_after, fixed};
    use crate::{Model, ModelBuilder, PropagationLevel, ValueSet, VarId};

    /// x0 + x1 + x2 = rhs over values 0..10.
    fn sum_of_three(rhs: i64) -> Model {
        let mut b = ModelBuilder::new();
        let v = b.new_vars(3, ValueSet::range(10));
        b.add_propagator(LinearEquality::sum(v, rhs)).unwrap();
        b.build()
    }

    #[test]
    fn forward_checking_fixes_the_last_variable() {
        let m = sum_of_three(12);
        let d = domains_after(&m, PropagationLevel::ForwardChecking, &fixed(&[(0, 3)])).unwrap();
        assert_eq!(d[2], ValueSet::range(10), "two open: nothing to do");
        let d = domains_after(
            &m,
            PropagationLevel::ForwardChecking,
            &fixed(&[(0, 3), (1, 4)]),
        )
        .unwrap();
        assert_eq!(d[2], ValueSet::single(5));
    }

    #[test]
    fn forward_checking_fails_when_the_rest_is_out_of_range() {
        let m = sum_of_three(25);
        let givens = fixed(&[(0, 2), (1, 3)]);
        assert!(domains_after(&m, PropagationLevel::ForwardChecking, &givens).is_err());
        // At `none` the last variable is simply left without a value.
        let d = domains_after(&m, PropagationLevel::None, &givens).unwrap();
        assert_eq!(d[2], ValueSet::EMPTY);
    }

    #[test]
    fn bounds_consistency_at_singles() {
        // x0 + x1 + x2 = 25 over 0..10: each needs at least 25 - 18 = 7.
        let m = sum_of_three(25);
        let d = domains_after(&m, PropagationLevel::Singles, &[]).unwrap();
        assert_eq!(d[0], ValueSet(0b11_1000_0000));
        // Forward checking alone does not see that.
        let d = domains_after(&m, PropagationLevel::ForwardChecking, &[]).unwrap();
        assert_eq!(d[0], ValueSet::range(10));
    }

    #[test]
    fn negative_coefficients() {
        // x0 - x1 = 8 over 0..10: x0 in {8, 9}, x1 in {0, 1}.
        let mut b = ModelBuilder::new();
        let v = b.new_vars(2, ValueSet::range(10));
        b.add_propagator(LinearEquality::new(v, vec![1, -1], 8))
            .unwrap();
        let m = b.build();
        let d = domains_after(&m, PropagationLevel::Singles, &[]).unwrap();
        assert_eq!(d[0], ValueSet(0b11_0000_0000));
        assert_eq!(d[1], ValueSet(0b11));
    }

    #[test]
    fn impossible_sum_conflicts() {
        assert!(domains_after(&sum_of_three(28), PropagationLevel::Singles, &[]).is_err());
    }

    #[test]
    fn reaching_keeps_the_values_whose_term_lies_in_the_interval() {
        // Against the definition, value by value, over every sign and
        // rounding case.
        for coef in [-100, -11, -10, -3, -2, -1, 1, 2, 3, 7, 10, 100] {
            for from in -130..130 {
                for to in [from - 1, from, from + 1, from + 5, from + 37, from + 400] {
                    let slow: ValueSet = (0..64)
                        .filter(|&x| (from..=to).contains(&(coef * x as i64)))
                        .collect();
                    assert_eq!(
                        LinearEquality::reaching(coef, from, to),
                        slow,
                        "{coef} x in {from}..={to}"
                    );
                }
            }
        }
    }

    #[test]
    fn check_sums() {
        let p = LinearEquality::new(vec![VarId(0), VarId(1)], vec![2, 3], 13);
        use super::Propagator;
        assert!(p.check(&|v: VarId| if v.0 == 0 { 2 } else { 3 }));
        assert!(!p.check(&|_| 1));
    }
}
