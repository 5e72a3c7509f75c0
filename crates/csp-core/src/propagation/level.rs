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
    /// Singles plus locked candidates over every pair of permutation
    /// all-different groups that share two or more variables: a value whose
    /// every place in one group lies in the shared part is removed from the
    /// rest of the other group (Sudoku's *pointing* and *claiming*).
    Locked,
    /// Locked plus generalized arc consistency on every all-different
    /// (Régin's matching algorithm): every value left in a domain is part of
    /// some assignment of the group's variables to distinct values. Subsumes
    /// naked and hidden subsets (pairs, triples, ...) of every size.
    Gac,
    /// Gac plus probing (singleton arc consistency): each value of each
    /// unassigned variable, in variable order, is placed tentatively and
    /// propagated at [`PropagationLevel::Gac`]; if that fails the value is
    /// removed (and the removal propagated). The variables are taken round
    /// and round until each was probed since the last removal.
    Probing,
}

impl PropagationLevel {
    /// All levels, weakest first.
    pub const ALL: [PropagationLevel; 6] = [
        PropagationLevel::None,
        PropagationLevel::ForwardChecking,
        PropagationLevel::Singles,
        PropagationLevel::Locked,
        PropagationLevel::Gac,
        PropagationLevel::Probing,
    ];

    /// The short name used in configs and output: `none`, `fc`, `singles`,
    /// `locked`, `gac`, `probing`.
    pub fn name(self) -> &'static str {
        match self {
            PropagationLevel::None => "none",
            PropagationLevel::ForwardChecking => "fc",
            PropagationLevel::Singles => "singles",
            PropagationLevel::Locked => "locked",
            PropagationLevel::Gac => "gac",
            PropagationLevel::Probing => "probing",
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
    "unknown propagation level `{0}` (valid: none, fc, singles, locked, gac, probing; `forward-checking` is an alias of fc)"
)]
pub struct UnknownLevel(pub String);

impl FromStr for PropagationLevel {
    type Err = UnknownLevel;
    fn from_str(s: &str) -> Result<Self, UnknownLevel> {
        match s.trim().to_ascii_lowercase().as_str() {
            "none" => Ok(PropagationLevel::None),
            "fc" | "forward-checking" | "forward_checking" => Ok(PropagationLevel::ForwardChecking),
            "singles" => Ok(PropagationLevel::Singles),
            "locked" | "locked-candidates" | "locked_candidates" => Ok(PropagationLevel::Locked),
            "gac" => Ok(PropagationLevel::Gac),
            "probing" => Ok(PropagationLevel::Probing),
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
