//! A literal: a variable takes a value, or does not; or, for a wide
//! variable, its value is at least or at most a bound.

use std::fmt;

use crate::{ValueSet, VarId};

/// `x = v` ([`Literal::Is`]: the domain of `x` is `{v}`), `x ≠ v`
/// ([`Literal::IsNot`]: `v` is out of it), `x ≥ v` ([`Literal::AtLeast`]:
/// every value below `v` is out) or `x ≤ v` ([`Literal::AtMost`]). The
/// bound literals are those of wide variables (a learning search meets
/// them only there); the negation of `x ≥ v` is `x ≤ v - 1`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Literal {
    /// The variable takes the value.
    Is(VarId, u32),
    /// The variable does not take the value.
    IsNot(VarId, u32),
    /// The variable's value is at least the bound (at least 1: `x ≥ 0`
    /// always holds and is no literal).
    AtLeast(VarId, u32),
    /// The variable's value is at most the bound.
    AtMost(VarId, u32),
}

impl Literal {
    /// The variable it is about.
    pub fn var(self) -> VarId {
        match self {
            Literal::Is(x, _)
            | Literal::IsNot(x, _)
            | Literal::AtLeast(x, _)
            | Literal::AtMost(x, _) => x,
        }
    }

    /// The value or bound it is about.
    pub fn value(self) -> u32 {
        match self {
            Literal::Is(_, v)
            | Literal::IsNot(_, v)
            | Literal::AtLeast(_, v)
            | Literal::AtMost(_, v) => v,
        }
    }

    /// Whether it holds when its variable has `domain`.
    pub fn holds(self, domain: ValueSet) -> bool {
        match self {
            Literal::Is(_, v) => domain == ValueSet::single(v),
            Literal::IsNot(_, v) => !domain.contains(v),
            Literal::AtLeast(_, v) => domain.min().is_none_or(|m| m >= v),
            Literal::AtMost(_, v) => domain.max().is_none_or(|m| m <= v),
        }
    }

    /// Whether an assignment of `value` to its variable satisfies it.
    pub fn allows(self, value: u32) -> bool {
        match self {
            Literal::Is(_, v) => value == v,
            Literal::IsNot(_, v) => value != v,
            Literal::AtLeast(_, v) => value >= v,
            Literal::AtMost(_, v) => value <= v,
        }
    }

    /// The opposite literal (`x ≥ v` and `x ≤ v - 1`: a bound literal's
    /// bound is at least 1 for `x ≥ v`, so the opposite of `x ≤ v` is
    /// `x ≥ v + 1`, which is well formed below `u32::MAX`).
    pub fn negated(self) -> Literal {
        match self {
            Literal::Is(x, v) => Literal::IsNot(x, v),
            Literal::IsNot(x, v) => Literal::Is(x, v),
            Literal::AtLeast(x, v) => Literal::AtMost(x, v - 1),
            Literal::AtMost(x, v) => Literal::AtLeast(x, v + 1),
        }
    }
}

impl fmt::Display for Literal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Literal::Is(x, v) => write!(f, "x{} = {v}", x.index()),
            Literal::IsNot(x, v) => write!(f, "x{} != {v}", x.index()),
            Literal::AtLeast(x, v) => write!(f, "x{} >= {v}", x.index()),
            Literal::AtMost(x, v) => write!(f, "x{} <= {v}", x.index()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_hold_on_domains_and_values() {
        let x = VarId(3);
        let one: ValueSet = [4].into_iter().collect();
        let two: ValueSet = [4, 6].into_iter().collect();
        assert!(Literal::Is(x, 4).holds(one) && !Literal::Is(x, 4).holds(two));
        assert!(Literal::IsNot(x, 5).holds(two) && !Literal::IsNot(x, 6).holds(two));
        assert!(Literal::IsNot(x, 6).allows(4) && !Literal::Is(x, 6).allows(4));
        assert_eq!(Literal::Is(x, 4).negated(), Literal::IsNot(x, 4));
        assert_eq!(Literal::IsNot(x, 4).to_string(), "x3 != 4");
    }

    #[test]
    fn bound_literals_hold_negate_and_print() {
        let x = VarId(1);
        let two: ValueSet = [4, 6].into_iter().collect();
        assert!(Literal::AtLeast(x, 4).holds(two) && !Literal::AtLeast(x, 5).holds(two));
        assert!(Literal::AtMost(x, 6).holds(two) && !Literal::AtMost(x, 5).holds(two));
        assert!(Literal::AtLeast(x, 5).allows(5) && !Literal::AtLeast(x, 5).allows(4));
        assert_eq!(
            (Literal::AtMost(x, 4).var(), Literal::AtMost(x, 4).value()),
            (x, 4)
        );
        assert_eq!(Literal::AtLeast(x, 5).negated(), Literal::AtMost(x, 4));
        assert_eq!(Literal::AtMost(x, 4).negated(), Literal::AtLeast(x, 5));
        assert_eq!(
            Literal::AtMost(x, 4).negated().negated(),
            Literal::AtMost(x, 4)
        );
        assert_eq!(
            (
                Literal::AtLeast(x, 5).to_string(),
                Literal::AtMost(x, 4).to_string()
            ),
            ("x1 >= 5".to_string(), "x1 <= 4".to_string())
        );
    }
}
