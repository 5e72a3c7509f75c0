//! When a search restarts: never (the default), or after a number of
//! failures that grows along the Luby sequence or geometrically.
//!
//! A restart abandons the branch being explored and starts again from the
//! root, keeping what the learning heuristics learnt. What the abandoned
//! branch had refuted is kept as nogoods ([`crate::Rule::Nogood`]), so
//! the search stays complete and never finds a solution twice.

use std::fmt;
use std::str::FromStr;

/// When to restart: after `cutoff` failures since the last restart, the
/// cutoffs following a sequence.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Restarts {
    /// Never (every figure of the static heuristics is without restarts).
    #[default]
    Never,
    /// Luby et al. (1993): the `i`-th cutoff is `scale` times the `i`-th
    /// term of 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8, ...
    Luby {
        /// Failures per unit of the sequence.
        scale: u64,
    },
    /// Walsh (1999): the first cutoff is `first`, each next one `growth`
    /// thousandths of the last (rounded down, at least one more).
    Geometric {
        /// The first cutoff.
        first: u64,
        /// The growth factor in thousandths (1500 for 1.5).
        growth_permille: u32,
    },
}

/// A restart policy that does not parse.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error(
    "bad restart policy `{0}` (valid: none, luby, luby:SCALE, geometric, geometric:FIRST:FACTOR with FACTOR > 1, e.g. luby:100 or geometric:100:1.5)"
)]
pub struct BadRestarts(pub String);

impl Restarts {
    /// The Luby policy's default scale.
    pub const LUBY_SCALE: u64 = 100;

    /// The cutoff (failures) before restart number `i` (from 0), or
    /// `None` for [`Restarts::Never`].
    pub fn cutoff(self, i: u64) -> Option<u64> {
        match self {
            Restarts::Never => None,
            Restarts::Luby { scale } => Some(scale.saturating_mul(luby(i + 1))),
            Restarts::Geometric {
                first,
                growth_permille,
            } => {
                let mut cutoff = first;
                for _ in 0..i {
                    let next = u128::from(cutoff) * u128::from(growth_permille) / 1000;
                    cutoff = u64::try_from(next).unwrap_or(u64::MAX).max(cutoff + 1);
                    if cutoff == u64::MAX {
                        break;
                    }
                }
                Some(cutoff)
            }
        }
    }
}

/// The `i`-th term (from 1) of the Luby sequence 1, 1, 2, 1, 1, 2, 4, ...
pub fn luby(i: u64) -> u64 {
    let mut i = i.max(1);
    loop {
        // The smallest k with 2^k - 1 >= i.
        let k = 64 - i.leading_zeros();
        if i == (1u64 << k) - 1 {
            return 1u64 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

impl FromStr for Restarts {
    type Err = BadRestarts;

    fn from_str(s: &str) -> Result<Self, BadRestarts> {
        let bad = || BadRestarts(s.to_string());
        let t = s.trim().to_ascii_lowercase();
        let mut parts = t.split(':');
        let policy = match parts.next().unwrap_or("") {
            "none" | "never" => Restarts::Never,
            "luby" => Restarts::Luby {
                scale: match parts.next() {
                    Some(n) => n.parse().map_err(|_| bad())?,
                    None => Restarts::LUBY_SCALE,
                },
            },
            "geometric" => {
                let first = match parts.next() {
                    Some(n) => n.parse().map_err(|_| bad())?,
                    None => 100,
                };
                let factor: f64 = match parts.next() {
                    Some(f) => f.parse().map_err(|_| bad())?,
                    None => 1.5,
                };
                if !(factor > 1.0 && factor <= 1000.0) {
                    return Err(bad());
                }
                Restarts::Geometric {
                    first,
                    growth_permille: (factor * 1000.0).round() as u32,
                }
            }
            _ => return Err(bad()),
        };
        let zero = matches!(policy, Restarts::Luby { scale: 0 })
            || matches!(policy, Restarts::Geometric { first: 0, .. });
        if parts.next().is_some() || zero {
            return Err(bad());
        }
        Ok(policy)
    }
}

impl fmt::Display for Restarts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Restarts::Never => f.write_str("none"),
            Restarts::Luby { scale } => write!(f, "luby:{scale}"),
            Restarts::Geometric {
                first,
                growth_permille,
            } => write!(
                f,
                "geometric:{first}:{}",
                f64::from(growth_permille) / 1000.0
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_luby_sequence() {
        let terms: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
        let p: Restarts = "luby:10".parse().unwrap();
        assert_eq!(p.cutoff(6), Some(40));
        assert_eq!(Restarts::Never.cutoff(0), None);
    }

    #[test]
    fn geometric_cutoffs_grow() {
        let p: Restarts = "geometric:10:1.5".parse().unwrap();
        let cutoffs: Vec<u64> = (0..5).map(|i| p.cutoff(i).unwrap()).collect();
        assert_eq!(cutoffs, [10, 15, 22, 33, 49]);
        // Always at least one more.
        let slow: Restarts = "geometric:1:1.1".parse().unwrap();
        assert_eq!(slow.cutoff(3), Some(4));
    }

    #[test]
    fn policies_parse_and_print() {
        for s in ["none", "luby:100", "geometric:100:1.5", "luby:7"] {
            assert_eq!(s.parse::<Restarts>().unwrap().to_string(), s);
        }
        assert_eq!("luby".parse(), Ok(Restarts::Luby { scale: 100 }));
        assert_eq!(
            "geometric".parse::<Restarts>().unwrap().to_string(),
            "geometric:100:1.5"
        );
        for bad in [
            "",
            "luby:0",
            "luby:x",
            "geometric:10:1",
            "geometric:10:1.5:2",
            "often",
        ] {
            assert_eq!(bad.parse::<Restarts>(), Err(BadRestarts(bad.into())));
        }
    }
}
