//! Sudoku variants: extra houses on top of rows, columns and boxes.

use std::fmt;
use std::str::FromStr;

/// Which rules apply beyond rows, columns and boxes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Variant {
    /// Rows, columns and boxes.
    #[default]
    Classic,
    /// X-Sudoku: both main diagonals are houses too.
    Diagonal,
}

impl Variant {
    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Classic => "classic",
            Variant::Diagonal => "diagonal",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A variant name that is not known.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("unknown variant `{0}` (valid: classic, diagonal; `x` is an alias of diagonal)")]
pub struct UnknownVariant(pub String);

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        match s.trim().to_ascii_lowercase().as_str() {
            "classic" => Ok(Variant::Classic),
            "diagonal" | "x" | "x-sudoku" => Ok(Variant::Diagonal),
            _ => Err(UnknownVariant(s.to_string())),
        }
    }
}
