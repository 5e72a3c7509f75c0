//! Symmetries of a clue pattern: which cells must be clues together.

use std::fmt;
use std::str::FromStr;

/// A symmetry of the clue pattern (not of the digits): the generator keeps
/// or removes the cells of an [orbit](Symmetry::orbits) together.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Symmetry {
    /// No symmetry: cells are removed one at a time.
    #[default]
    None,
    /// Half-turn rotation about the centre ("central symmetry").
    Rot180,
    /// Quarter-turn rotation: the pattern looks the same turned by 90°.
    Rot90,
    /// Mirror about the vertical centre line (left and right swap).
    Mirror,
    /// Mirror about the main diagonal (top-left to bottom-right).
    Diagonal,
    /// Mirror about the anti-diagonal (top-right to bottom-left).
    Antidiagonal,
    /// All eight symmetries of the square together.
    Dihedral,
}

/// A map of the square onto itself: `(row, col)` to `(row, col)` in a grid
/// of side `n`.
type Map = fn(usize, usize, usize) -> (usize, usize);

fn identity(r: usize, c: usize, _: usize) -> (usize, usize) {
    (r, c)
}
fn rot90(r: usize, c: usize, n: usize) -> (usize, usize) {
    (c, n - 1 - r)
}
fn rot180(r: usize, c: usize, n: usize) -> (usize, usize) {
    (n - 1 - r, n - 1 - c)
}
fn rot270(r: usize, c: usize, n: usize) -> (usize, usize) {
    (n - 1 - c, r)
}
fn mirror(r: usize, c: usize, n: usize) -> (usize, usize) {
    (r, n - 1 - c)
}
fn flip(r: usize, c: usize, n: usize) -> (usize, usize) {
    (n - 1 - r, c)
}
fn diagonal(r: usize, c: usize, _: usize) -> (usize, usize) {
    (c, r)
}
fn antidiagonal(r: usize, c: usize, n: usize) -> (usize, usize) {
    (n - 1 - c, n - 1 - r)
}

impl Symmetry {
    /// Every symmetry, in the order help texts list them. The one registry
    /// of names.
    pub const ALL: [Symmetry; 7] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
        Symmetry::Antidiagonal,
        Symmetry::Dihedral,
    ];

    /// Its name on the command line and in output.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
            Symmetry::Antidiagonal => "antidiagonal",
            Symmetry::Dihedral => "dihedral",
        }
    }

    /// What it is, in words (for help texts).
    pub fn description(self) -> &'static str {
        match self {
            Symmetry::None => "no symmetry",
            Symmetry::Rot180 => "half-turn rotation (central symmetry)",
            Symmetry::Rot90 => "quarter-turn rotation",
            Symmetry::Mirror => "mirror left-right",
            Symmetry::Diagonal => "mirror about the main diagonal",
            Symmetry::Antidiagonal => "mirror about the anti-diagonal",
            Symmetry::Dihedral => "all eight symmetries of the square",
        }
    }

    /// The maps of its group.
    fn maps(self) -> &'static [Map] {
        match self {
            Symmetry::None => &[identity],
            Symmetry::Rot180 => &[identity, rot180],
            Symmetry::Rot90 => &[identity, rot90, rot180, rot270],
            Symmetry::Mirror => &[identity, mirror],
            Symmetry::Diagonal => &[identity, diagonal],
            Symmetry::Antidiagonal => &[identity, antidiagonal],
            Symmetry::Dihedral => &[
                identity,
                rot90,
                rot180,
                rot270,
                mirror,
                flip,
                diagonal,
                antidiagonal,
            ],
        }
    }

    /// The cells (reading order) a clue at `cell` brings with it in a grid
    /// of side `side`, `cell` first, each once.
    pub fn orbit(self, cell: usize, side: usize) -> Vec<usize> {
        let (r, c) = (cell / side, cell % side);
        let mut orbit = Vec::with_capacity(8);
        for map in self.maps() {
            let (r2, c2) = map(r, c, side);
            let image = r2 * side + c2;
            if !orbit.contains(&image) {
                orbit.push(image);
            }
        }
        orbit
    }

    /// The orbits of a grid of side `side`: every cell in exactly one,
    /// ordered by their first cell in reading order.
    pub fn orbits(self, side: usize) -> Vec<Vec<usize>> {
        let mut seen = vec![false; side * side];
        let mut orbits = Vec::new();
        for cell in 0..side * side {
            if !seen[cell] {
                let orbit = self.orbit(cell, side);
                for &c in &orbit {
                    seen[c] = true;
                }
                orbits.push(orbit);
            }
        }
        orbits
    }

    /// Whether a grid of side `side` (digits, `0` empty) has a clue
    /// pattern with this symmetry.
    pub fn holds(self, cells: &[u8], side: usize) -> bool {
        (0..cells.len())
            .all(|i| (self.orbit(i, side).iter()).all(|&j| (cells[j] == 0) == (cells[i] == 0)))
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A symmetry name that is not known.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("unknown symmetry `{0}` (valid: {valid})", valid = valid_names())]
pub struct UnknownSymmetry(pub String);

/// The names `--symmetry` takes, comma-separated.
pub fn valid_names() -> String {
    let names: Vec<&str> = Symmetry::ALL.iter().map(|s| s.name()).collect();
    names.join(", ")
}

impl FromStr for Symmetry {
    type Err = UnknownSymmetry;

    fn from_str(s: &str) -> Result<Symmetry, UnknownSymmetry> {
        Symmetry::ALL
            .into_iter()
            .find(|sym| sym.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownSymmetry(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_grid() {
        for sym in Symmetry::ALL {
            for side in [4, 6, 9, 16] {
                let orbits = sym.orbits(side);
                let mut cells: Vec<usize> = orbits.concat();
                cells.sort_unstable();
                assert_eq!(cells, (0..side * side).collect::<Vec<_>>(), "{sym} {side}");
            }
        }
    }

    #[test]
    fn orbit_sizes() {
        // r1c1 of a 9x9 grid, and the centre.
        let sizes = |cell| Symmetry::ALL.map(|s| s.orbit(cell, 9).len());
        assert_eq!(sizes(0), [1, 2, 4, 2, 1, 2, 4]);
        assert_eq!(sizes(1), [1, 2, 4, 2, 2, 2, 8]);
        assert_eq!(sizes(40), [1; 7]);
        assert_eq!(Symmetry::Rot90.orbit(1, 9), vec![1, 17, 79, 63]);
        assert_eq!(Symmetry::Rot180.orbits(9).len(), 41);
        assert_eq!(Symmetry::Dihedral.orbits(9).len(), 15);
    }

    #[test]
    fn holds_checks_the_pattern() {
        let mut cells = vec![0u8; 81];
        cells[0] = 5;
        assert!(!Symmetry::Rot180.holds(&cells, 9));
        assert!(Symmetry::Diagonal.holds(&cells, 9));
        cells[80] = 3;
        assert!(Symmetry::Rot180.holds(&cells, 9));
    }

    #[test]
    fn names_round_trip() {
        for sym in Symmetry::ALL {
            assert_eq!(sym.name().parse::<Symmetry>(), Ok(sym));
        }
        assert_eq!(
            "spiral".parse::<Symmetry>().unwrap_err().to_string(),
            "unknown symmetry `spiral` (valid: none, rot180, rot90, mirror, diagonal, antidiagonal, dihedral)"
        );
    }
}
