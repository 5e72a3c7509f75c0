//! A literal: a variable takes a value, or does not.

use std::fmt;

use crate::{ValueSet, VarId};

/// `x = v` ([`Literal::Is`]: the domain of `x` is `{v}`) or `x ≠ v`
/// ([`Literal::IsNot`]: `v` is out of it).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Literal {
    /// The variable takes the value.
    Is(VarId, u32),
    /// The variable does not take the value.
    IsNot(VarId, u32),
}

impl Literal {
    /// The variable it is about.
    pub fn var(self) -> VarId {
        match self {
            Literal::Is(x, _) | Literal::IsNot(x, _) => x,
        }
    }

    /// Whether it holds when its variable has `domain`.
    pub fn holds(self, domain: ValueSet) -> bool {
        match self {
            Literal::Is(_, v) => domain == ValueSet::single(v),
            Literal::IsNot(_, v) => !domain.contains(v),
        }
    }

    /// Whether an assignment of `value` to its variable satisfies it.
    pub fn allows(self, value: u32) -> bool {
        match self {
            Literal::Is(_, v) => value == v,
            Literal::IsNot(_, v) => value != v,
        }
    }

    /// The opposite literal.
    pub fn negated(self) -> Literal {
        match self {
            Literal::Is(x, v) => Literal::IsNot(x, v),
            Literal::IsNot(x, v) => Literal::Is(x, v),
        }
    }
}

impl fmt::Display for Literal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Literal::Is(x, v) => write!(f, "x{} = {v}", x.index()),
            Literal::IsNot(x, v) => write!(f, "x{} != {v}", x.index()),
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
}
