//! Explanations: why a propagator removed a value, or failed, as literals
//! that were true at the time and imply it with the constraint alone.
//!
//! This is the ground of conflict-driven learning (lazy clause
//! generation): a learning search asks, after a failure, why each removal
//! on the way to it happened, and resolves the answers into a clause over
//! earlier choices. Here:
//! - [`Literal`]: `x = v` or `x ≠ v`;
//! - [`Explaining`]: the domains a question is asked against (those just
//!   before the removal or failure) and the model's initial ones;
//! - [`Propagator::explain`](crate::Propagator::explain): a propagator's
//!   own explanation, when it has one (all-different, binary relations,
//!   tables, sums, automata, chains so far); every other falls back to [`scope_reason`], the
//!   removals in its scope, which implies anything a sound propagator
//!   deduces (correct, and weaker);
//! - [`check_propagator`](crate::harness::check_propagator): every
//!   explanation checked true, on random models, by enumeration.
//!
//! ```
//! use csp_core::explanation::{Explaining, Literal};
//! use csp_core::{AllDifferent, Propagator, ValueSet, VarId};
//!
//! // x0 = 2 in an all-different group takes 2 from x1.
//! let group = AllDifferent::new(vec![VarId(0), VarId(1)], ValueSet::range(3));
//! let (initial, before) = ([ValueSet::range(3); 2], [ValueSet::single(2), ValueSet::range(3)]);
//! let mut reason = Vec::new();
//! let ex = Explaining::new(&before, &initial);
//! assert!(group.explain(Some((VarId(1), 2)), &ex, &mut reason));
//! assert_eq!(reason, [Literal::Is(VarId(0), 2)]);
//! ```

mod explaining;
pub(crate) mod linear_bounds;
mod literal;
mod scope_reason;

pub use explaining::Explaining;
pub use literal::Literal;
pub use scope_reason::scope_reason;

use crate::VarId;

/// The position of `var` in `scope` when it stands there once (`None`
/// when it is absent or repeated: a removal from a repeated variable
/// could come from any of its places).
pub fn position_once(scope: &[VarId], var: VarId) -> Option<usize> {
    let mut at = scope.iter().enumerate().filter(|&(_, &x)| x == var);
    match (at.next(), at.next()) {
        (Some((i, _)), None) => Some(i),
        _ => None,
    }
}

/// Where the removal a propagator is asked to explain stands in its
/// `scope`: `Some(None)` for a failure (no removal), `Some(Some((i,
/// value)))` for a removal from the variable at position `i`, `None` when
/// that variable is absent or repeated (see [`position_once`]).
pub fn removal_at(scope: &[VarId], removal: Option<(VarId, u32)>) -> Option<Option<(usize, u32)>> {
    match removal {
        Some((var, value)) => position_once(scope, var).map(|i| Some((i, value))),
        None => Some(None),
    }
}
