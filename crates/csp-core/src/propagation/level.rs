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
    /// Singles plus the model's *rated rules* up to a difficulty: the
    /// deductions a person would make, each rated on the model's scale (in
    /// tenths: `Human(44)` is `human:4.4`). They are applied by propagators
    /// that credit [`Rule::Human`](super::Rule::Human), take part from
    /// `Human(0)` up ([`Propagator::min_level`](super::Propagator::min_level))
    /// and read the difficulty from the level; they run last
    /// ([`Propagator::runs_last`](super::Propagator::runs_last)), once the
    /// singles are at their fixpoint. Every built-in propagator does here
    /// what it does at `singles`; a model without rated rules searches as
    /// at `singles`. Levels order by difficulty, between `singles` and
    /// `locked`.
    Human(u16),
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
    /// `locked`, `gac`, `probing`; `human` for every difficulty of the
    /// rated rules (written in full by `Display`: `human:4.4`).
    pub fn name(self) -> &'static str {
        match self {
            PropagationLevel::Human(_) => "human",
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

    /// The most difficult rated rule applied, in tenths, at
    /// [`PropagationLevel::Human`]; `None` at the other levels.
    #[inline]
    pub fn rated_up_to(self) -> Option<u16> {
        match self {
            PropagationLevel::Human(tenths) => Some(tenths),
            _ => None,
        }
    }
}

impl fmt::Display for PropagationLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PropagationLevel::Human(tenths) => write!(f, "human:{}.{}", tenths / 10, tenths % 10),
            _ => f.write_str(self.name()),
        }
    }
}

/// A propagation level name that is not known.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error(
    "unknown propagation level `{0}` (valid: none, fc, singles, human:D, locked, gac, probing; D is a difficulty such as 4.4, at most one decimal, up to 100.0; `forward-checking` is an alias of fc)"
)]
pub struct UnknownLevel(pub String);

impl FromStr for PropagationLevel {
    type Err = UnknownLevel;
    fn from_str(s: &str) -> Result<Self, UnknownLevel> {
        let lower = s.trim().to_ascii_lowercase();
        if let Some(difficulty) = lower.strip_prefix("human:") {
            return tenths(difficulty)
                .map(PropagationLevel::Human)
                .ok_or_else(|| UnknownLevel(s.to_string()));
        }
        match lower.as_str() {
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

/// The most difficult rated rule of `human:D`: `D` as whole tenths
/// (`4`, `4.4`; at most [`MAX_HUMAN`] tenths).
fn tenths(difficulty: &str) -> Option<u16> {
    let (whole, tenth) = match difficulty.split_once('.') {
        Some((whole, tenth)) => (whole, tenth),
        None => (difficulty, "0"),
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !digits(tenth) || tenth.len() != 1 || whole.len() > 3 {
        return None;
    }
    let value = whole.parse::<u16>().ok()? * 10 + tenth.parse::<u16>().ok()?;
    (value <= MAX_HUMAN).then_some(value)
}

/// The most difficult `human:D` level there is, in tenths (100.0).
pub const MAX_HUMAN: u16 = 1000;

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
        assert_eq!(
            "human:4.4".parse::<PropagationLevel>(),
            Ok(PropagationLevel::Human(44))
        );
        assert_eq!("HUMAN:7".parse(), Ok(PropagationLevel::Human(70)));
        assert_eq!(PropagationLevel::Human(44).to_string(), "human:4.4");
        assert_eq!(PropagationLevel::Human(100).to_string(), "human:10.0");
        for bad in [
            "human",
            "human:",
            "human:4.45",
            "human:.4",
            "human:4.",
            "human:-1",
            "human:100.1",
        ] {
            assert!(bad.parse::<PropagationLevel>().is_err(), "{bad}");
        }
        assert!(PropagationLevel::Singles < PropagationLevel::Human(0));
        assert!(PropagationLevel::Human(44) < PropagationLevel::Human(45));
        assert!(PropagationLevel::Human(1000) < PropagationLevel::Locked);
        assert_eq!(PropagationLevel::Human(12).rated_up_to(), Some(12));
        assert_eq!(PropagationLevel::Gac.rated_up_to(), None);
        assert!(PropagationLevel::None < PropagationLevel::Singles);
    }
}
