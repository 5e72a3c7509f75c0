//! Propagation levels.

use std::fmt;
use std::str::FromStr;

/// How much is deduced after each placement (and from the givens before
/// search). Each level includes the ones before it; the order is the
/// declaration order.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Default)]
pub enum PropagationLevel {
    /// Values inconsistent with the assigned variables are removed from the
    /// domains (so domains are exactly the "candidates"), but nothing fails:
    /// a variable with an empty domain is found only when the search chooses
    /// it (a dead end). Plain chronological backtracking.
    None,
    /// Forward checking: as `None`, but a placement that leaves some variable
    /// with an empty domain fails at once.
    #[default]
    ForwardChecking,
    /// Forward checking plus naked singles (a variable with one value left is
    /// assigned) and hidden singles (a value with one possible variable in a
    /// permutation all-different is assigned there; no possible variable is a
    /// conflict), repeated to a fixpoint.
    Singles,
}

impl PropagationLevel {
    /// All levels, weakest first.
    pub const ALL: [PropagationLevel; 3] = [
        PropagationLevel::None,
        PropagationLevel::ForwardChecking,
        PropagationLevel::Singles,
    ];

    /// The short name used in configs and output: `none`, `fc`, `singles`.
    pub fn name(self) -> &'static str {
        match self {
            PropagationLevel::None => "none",
            PropagationLevel::ForwardChecking => "fc",
            PropagationLevel::Singles => "singles",
        }
    }

    /// Whether a wiped-out domain is a conflict at this level.
    #[inline]
    pub fn fails_on_wipeout(self) -> bool {
        self >= PropagationLevel::ForwardChecking
    }
}

impl fmt::Display for PropagationLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A propagation level name that is not known.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error(
    "unknown propagation level `{0}` (valid: none, fc, singles; `forward-checking` is an alias of fc)"
)]
pub struct UnknownLevel(pub String);

impl FromStr for PropagationLevel {
    type Err = UnknownLevel;
    fn from_str(s: &str) -> Result<Self, UnknownLevel> {
        match s.trim().to_ascii_lowercase().as_str() {
            "none" => Ok(PropagationLevel::None),
            "fc" | "forward-checking" | "forward_checking" => Ok(PropagationLevel::ForwardChecking),
            "singles" => Ok(PropagationLevel::Singles),
            _ => Err(UnknownLevel(s.to_string())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for level in PropagationLevel::ALL {
            assert_eq!(level.name().parse::<PropagationLevel>(), Ok(level));
        }
        assert_eq!(
            "forward-checking".parse::<PropagationLevel>(),
            Ok(PropagationLevel::ForwardChecking)
        );
        assert!("gac2".parse::<PropagationLevel>().is_err());
        assert!(PropagationLevel::None < PropagationLevel::Singles);
    }
}
