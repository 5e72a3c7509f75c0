//! Which propagators enforce the houses: the fast grid propagator or the
//! generic ones.

use std::fmt;
use std::str::FromStr;

use csp_core::PropagationLevel;

/// Which propagators a [`Sudoku`](crate::Sudoku) searches with. Both give
/// the same domains after every fixpoint and the same counters, per rule
/// too, `propagations` included: only the time differs.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Propagators {
    /// One [`FastHouses`](crate::FastHouses) propagator for all the houses,
    /// where it applies: grids whose only constraints are houses, at levels
    /// `none` to `locked`. On grids with other rules, at `none` and `fc`,
    /// the search makes the houses' forward checking itself after each
    /// placement (csp-core's [`ListedGroups`](csp_core::ListedGroups))
    /// and the engine runs the other rules. Elsewhere the generic
    /// propagators run.
    #[default]
    Fast,
    /// One all-different propagator per house and one locked-candidates
    /// propagator per pair of houses sharing cells, as csp-core makes them,
    /// all run by the engine.
    Generic,
}

impl Propagators {
    /// Both, the default first.
    pub const ALL: [Propagators; 2] = [Propagators::Fast, Propagators::Generic];

    /// The name in configs and output: `fast`, `generic`.
    pub fn name(self) -> &'static str {
        match self {
            Propagators::Fast => "fast",
            Propagators::Generic => "generic",
        }
    }

    /// What it is, in words (for help texts).
    pub fn title(self) -> &'static str {
        match self {
            Propagators::Fast => {
                "one propagator for all houses where the grid has only houses and the level is at most locked, the houses' forward checking done by the search at none and fc on other grids (default)"
            }
            Propagators::Generic => {
                "one propagator per house and per pair of houses, all run by the engine"
            }
        }
    }

    /// The highest level the fast propagator covers.
    pub const FAST_UP_TO: PropagationLevel = PropagationLevel::Locked;
}

impl fmt::Display for Propagators {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A propagators name that is not known.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("unknown propagators `{0}` (valid: {valid})", valid = valid_names())]
pub struct UnknownPropagators(pub String);

/// The valid names, comma separated.
pub fn valid_names() -> String {
    let names: Vec<_> = Propagators::ALL.iter().map(|p| p.name()).collect();
    names.join(", ")
}

impl FromStr for Propagators {
    type Err = UnknownPropagators;
    fn from_str(s: &str) -> Result<Self, UnknownPropagators> {
        let wanted = s.trim().to_ascii_lowercase();
        (Propagators::ALL.into_iter())
            .find(|p| p.name() == wanted)
            .ok_or_else(|| UnknownPropagators(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for p in Propagators::ALL {
            assert_eq!(p.name().parse::<Propagators>(), Ok(p));
        }
        assert_eq!(
            "bitboard".parse::<Propagators>().unwrap_err().to_string(),
            "unknown propagators `bitboard` (valid: fast, generic)"
        );
    }
}
