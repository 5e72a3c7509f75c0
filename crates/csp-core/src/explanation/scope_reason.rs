//! The explanation every propagator has: the removals in its scope.

use super::{Explaining, Literal};
use crate::VarId;

/// Pushes onto `reason` every removal in `scope` by then (`x ≠ w` for each
/// `w` out of the domain of `x` and in its initial one). A sound
/// propagator deduces only what its constraint and its scope's domains
/// imply, so this explains any of its removals and failures; it is the
/// weakest such explanation, the fallback of those without their own.
pub fn scope_reason(scope: &[VarId], ex: &Explaining<'_>, reason: &mut Vec<Literal>) {
    for &x in scope {
        ex.push_removed(x, ex.removed(x), reason);
    }
}
