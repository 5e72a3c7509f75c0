//! A strictly increasing chain of variables.

use super::{
    Conflict, Events, ForwardCheck, Hypothesis, PropagationContext, PropagationLevel, Propagator,
    Rule,
};
use crate::explanation::{Explaining, Literal, position_once};
use crate::{ValueSet, VarId};

/// `x0 < x1 < ... < xk` (a Sudoku thermometer, bulb first).
///
/// - At [`PropagationLevel::None`] and
///   [`PropagationLevel::ForwardChecking`]: the order against the assigned
///   variables only: a variable keeps the values above every assigned one
///   before it and below every assigned one after it. Two assigned variables
///   out of order are a conflict.
/// - At [`PropagationLevel::Singles`] and above: arc consistency, which on a
///   chain is two passes: each variable's smallest value is above its
///   predecessor's smallest, its largest below its successor's largest.
#[derive(Clone, Debug)]
pub struct IncreasingChain {
    vars: Vec<VarId>,
}

/// The values strictly above `v` (all of them for `None`).
fn above(v: Option<u32>) -> ValueSet {
    match v {
        None => ValueSet(u64::MAX),
        Some(63..) => ValueSet::EMPTY,
        Some(v) => ValueSet(u64::MAX << (v + 1)),
    }
}

/// The values strictly below `v` (all of them for `None`).
fn below(v: Option<u32>) -> ValueSet {
    match v {
        None => ValueSet(u64::MAX),
        Some(v) => ValueSet::range(v),
    }
}

impl IncreasingChain {
    /// `vars[0] < vars[1] < ...`.
    pub fn new(vars: Vec<VarId>) -> IncreasingChain {
        IncreasingChain { vars }
    }

    fn forward_check(&self, ctx: &mut impl ForwardCheck) -> Result<(), Conflict> {
        // The largest assigned value before each position.
        let mut floor = None;
        for &v in &self.vars {
            match ctx.value(v) {
                Some(x) if floor.is_some_and(|f| x <= f) => return Err(Conflict),
                Some(x) => floor = Some(x),
                None => ctx.retain_values(v, above(floor))?,
            }
        }
        let mut ceiling = None;
        for &v in self.vars.iter().rev() {
            match ctx.value(v) {
                Some(x) => ceiling = Some(x),
                None => ctx.retain_values(v, below(ceiling))?,
            }
        }
        Ok(())
    }

    fn bounds(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let mut floor = None;
        for &v in &self.vars {
            ctx.retain_values(v, above(floor))?;
            floor = Some(ctx.domain(v).min().ok_or(Conflict)?);
        }
        let mut ceiling = None;
        for &v in self.vars.iter().rev() {
            ctx.retain_values(v, below(ceiling))?;
            ceiling = Some(ctx.domain(v).max().ok_or(Conflict)?);
        }
        Ok(())
    }
}

impl Propagator for IncreasingChain {
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

    fn check(&self, value: &dyn Fn(VarId) -> u32) -> bool {
        self.vars.windows(2).all(|w| value(w[0]) < value(w[1]))
    }

    /// A variable before it whose smallest value, plus the steps between
    /// them, passes the value (or one after it whose largest, minus the
    /// steps, falls short of it): the removals that set that bound. A
    /// failure: two such bounds that cross, or an emptied domain.
    fn explain(
        &self,
        removal: Option<(VarId, u32)>,
        ex: &Explaining<'_>,
        reason: &mut Vec<Literal>,
    ) -> bool {
        let n = self.vars.len();
        let lo = |j: usize| ex.domain(self.vars[j]).min().map(i64::from);
        let hi = |j: usize| ex.domain(self.vars[j]).max().map(i64::from);
        let at_least = |j: usize, a: i64, reason: &mut Vec<Literal>| {
            ex.push_removed(self.vars[j], ValueSet::between(0, a - 1), reason);
        };
        let at_most = |k: usize, b: i64, reason: &mut Vec<Literal>| {
            ex.push_removed(self.vars[k], ValueSet::between(b + 1, 63), reason);
        };
        let Some((var, value)) = removal else {
            if ex.push_emptied(&self.vars, reason) {
                return true;
            }
            for j in 0..n {
                for k in j + 1..n {
                    if let (Some(a), Some(b)) = (lo(j), hi(k))
                        && a + (k - j) as i64 > b
                    {
                        at_least(j, a, reason);
                        at_most(k, b, reason);
                        return true;
                    }
                }
            }
            return false;
        };
        let Some(i) = position_once(&self.vars, var) else {
            return false;
        };
        let v = i64::from(value);
        for j in 0..i {
            if let Some(a) = lo(j).filter(|&a| a + (i - j) as i64 > v) {
                at_least(j, a, reason);
                return true;
            }
        }
        for k in i + 1..n {
            if let Some(b) = hi(k).filter(|&b| b - ((k - i) as i64) < v) {
                at_most(k, b, reason);
                return true;
            }
        }
        false
    }

    fn forward_check_removals(&self, h: &mut Hypothesis<'_>) {
        // A conflict stops the count where forward checking would stop.
        let _ = self.forward_check(h);
    }

    fn name(&self) -> &'static str {
        "increasing-chain"
    }

    fn events(&self, level: PropagationLevel) -> Events {
        Events::forward_checking_then(level, Events::ASSIGNED | Events::BOUNDS)
    }

    fn rule(&self) -> Rule {
        Rule::Order
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{domains_after, fixed};
    use crate::{Model, ModelBuilder};

    fn chain_of(n: usize) -> Model {
        let mut b = ModelBuilder::new();
        let v = b.new_vars(n, ValueSet::range(9));
        b.add_propagator(IncreasingChain::new(v)).unwrap();
        b.build()
    }

    #[test]
    fn forward_checking_orders_against_assigned_values_only() {
        let m = chain_of(4);
        let d = domains_after(&m, PropagationLevel::ForwardChecking, &fixed(&[(1, 3)])).unwrap();
        assert_eq!(d[0], ValueSet::range(3));
        // No gap reasoning: x2 and x3 only need to exceed 3.
        assert_eq!(d[2], ValueSet::range(9).difference(ValueSet::range(4)));
        assert_eq!(d[3], d[2]);
        let d = domains_after(&m, PropagationLevel::ForwardChecking, &[]).unwrap();
        assert_eq!(d[0], ValueSet::range(9));
    }

    #[test]
    fn bounds_from_singles() {
        let m = chain_of(4);
        let d = domains_after(&m, PropagationLevel::Singles, &[]).unwrap();
        assert_eq!(d[0], ValueSet::range(6));
        assert_eq!(d[3], ValueSet::range(9).difference(ValueSet::range(3)));
        let d = domains_after(&m, PropagationLevel::Singles, &fixed(&[(2, 3)])).unwrap();
        assert_eq!(d[0], ValueSet::range(2));
        assert_eq!(d[1], ValueSet::range(3).difference(ValueSet::range(1)));
    }

    #[test]
    fn out_of_order_conflicts() {
        let m = chain_of(3);
        assert!(domains_after(&m, PropagationLevel::None, &fixed(&[(0, 5), (2, 5)])).is_err());
        // Nine cells need nine values: a 10-chain over 0..9 has no solution.
        assert!(domains_after(&chain_of(10), PropagationLevel::Singles, &[]).is_err());
    }
}
