//! What can be wrong with a puzzle.

use std::fmt;

/// A cell position, 1-based for messages: `r3c7`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CellRef {
    /// Row, from 1.
    pub row: usize,
    /// Column, from 1.
    pub col: usize,
}

impl fmt::Display for CellRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "r{}c{}", self.row, self.col)
    }
}

/// A puzzle that cannot be read or cannot be solved as given.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum PuzzleError {
    /// Nothing to read.
    #[error("empty puzzle")]
    Empty,
    /// A length that is no supported grid (`side * side` cells).
    #[error(
        "{len} cells is not a grid size: expected 16 (4x4), 36 (6x6), 64 (8x8), 81 (9x9), 144 (12x12), 256 (16x16) or 625 (25x25){hint}",
        hint = if let Some(n) = expected { format!(", or {n} for this grid") } else { String::new() }
    )]
    WrongLength {
        /// The number of cells read.
        len: usize,
        /// The length the chosen grid needs, when one was chosen.
        expected: Option<usize>,
    },
    /// A character that is neither a digit nor an empty mark.
    #[error("invalid character {ch:?} at position {position} ({cell}): use {allowed}")]
    InvalidCharacter {
        /// The character.
        ch: char,
        /// Its position in the line, from 1.
        position: usize,
        /// Its cell.
        cell: CellRef,
        /// The characters that are allowed, in words (`1-9, A-Z, or . 0 _
        /// for empty`).
        allowed: String,
    },
    /// A digit larger than the side.
    #[error(
        "digit {ch:?} at position {position} ({cell}) is out of range for a {side}x{side} grid ({range}, or {empty} for empty)"
    )]
    DigitOutOfRange {
        /// The character.
        ch: char,
        /// Its position in the line, from 1.
        position: usize,
        /// Its cell.
        cell: CellRef,
        /// The grid's side.
        side: usize,
        /// The digits of that grid (`1-9`).
        range: String,
        /// The characters for an empty cell, in words (`. 0 _`).
        empty: &'static str,
    },
    /// Two givens with the same digit in one house.
    #[error("contradictory givens: {digit} appears twice in {house}, at {first} and {second}", digit = crate::symbol::digit_char(*digit))]
    Contradiction {
        /// The digit.
        digit: u8,
        /// The house, e.g. `row 3`, `box 5`, `diagonal 1`.
        house: String,
        /// Where it appears first.
        first: CellRef,
        /// Where it appears again.
        second: CellRef,
    },
    /// The puzzle's grid is not the one being solved.
    #[error("a {found} puzzle given to a {expected} solver")]
    SizeMismatch {
        /// The puzzle's size.
        found: crate::GridSize,
        /// The solver's size.
        expected: crate::GridSize,
    },
    /// Rules given for every puzzle (`--rule`) that do not fit its grid.
    #[error("{0}")]
    Rules(crate::RulesError),
}

impl PuzzleError {
    /// The kind of error in a few words (`wrong length`), to count errors
    /// by.
    pub fn kind(&self) -> &'static str {
        match self {
            PuzzleError::Empty => "empty",
            PuzzleError::WrongLength { .. } => "wrong length",
            PuzzleError::InvalidCharacter { .. } => "invalid character",
            PuzzleError::DigitOutOfRange { .. } => "digit out of range",
            PuzzleError::Contradiction { .. } => "contradictory givens",
            PuzzleError::SizeMismatch { .. } => "size mismatch",
            PuzzleError::Rules(e) => e.kind(),
        }
    }
}
