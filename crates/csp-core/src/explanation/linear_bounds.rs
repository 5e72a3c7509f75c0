//! Explaining bounds reasoning on `sum(c_i * x_i)`: a term's least value
//! holds because the values below it (above it, for a negative
//! coefficient) were removed.

use super::{Explaining, Literal};
use crate::{ValueSet, VarId};

/// The least value of `sign * sum(coefs[i] * vars[i])` over the domains
/// `ex` shows, leaving out position `skip`; `None` when a domain is empty.
pub(crate) fn least(
    vars: &[VarId],
    coefs: &[i64],
    sign: i64,
    ex: &Explaining<'_>,
    skip: Option<usize>,
) -> Option<i64> {
    let mut sum = 0;
    for (i, (&x, &c)) in vars.iter().zip(coefs).enumerate() {
        if Some(i) == skip {
            continue;
        }
        let d = ex.domain(x);
        let at = if sign * c > 0 { d.min()? } else { d.max()? };
        sum += sign * c * i64::from(at);
    }
    Some(sum)
}

/// Pushes the removals that give every term but `skip`'s its least value
/// in [`least`].
pub(crate) fn push_least(
    vars: &[VarId],
    coefs: &[i64],
    sign: i64,
    ex: &Explaining<'_>,
    skip: Option<usize>,
    reason: &mut Vec<Literal>,
) {
    for (i, (&x, &c)) in vars.iter().zip(coefs).enumerate() {
        if Some(i) == skip {
            continue;
        }
        let d = ex.domain(x);
        let beyond = match (sign * c > 0, d.min(), d.max()) {
            (true, Some(lo), _) => ValueSet::between(0, i64::from(lo) - 1),
            (false, _, Some(hi)) => ValueSet::between(i64::from(hi) + 1, 63),
            _ => ex.removed(x),
        };
        ex.push_removed(x, beyond, reason);
    }
}

/// Explains, for `sign * sum(coefs[i] * vars[i]) <= rhs`, the removal of
/// `value` from `var` (or, for `None`, a failure) by the other terms'
/// least values, when they account for it; `false` otherwise.
pub(crate) fn explain_at_most(
    vars: &[VarId],
    coefs: &[i64],
    sign: i64,
    rhs: i64,
    removal: Option<(VarId, u32)>,
    ex: &Explaining<'_>,
    reason: &mut Vec<Literal>,
) -> bool {
    let Some((var, value)) = removal else {
        if ex.push_emptied(vars, reason) {
            return true;
        }
        return match least(vars, coefs, sign, ex, None) {
            Some(lo) if lo > rhs => {
                push_least(vars, coefs, sign, ex, None, reason);
                true
            }
            _ => false,
        };
    };
    let Some(j) = super::position_once(vars, var) else {
        return false;
    };
    match least(vars, coefs, sign, ex, Some(j)) {
        Some(rest) if sign * coefs[j] * i64::from(value) + rest > rhs => {
            push_least(vars, coefs, sign, ex, Some(j), reason);
            true
        }
        _ => false,
    }
}
