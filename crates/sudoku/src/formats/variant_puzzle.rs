//! What reading a puzzle document gives: the givens, the rules and what
//! was left out.

use crate::{Puzzle, Rules};

/// A puzzle with its rules, as read from an f-puzzles document.
#[derive(Debug)]
pub struct VariantPuzzle {
    /// The givens.
    pub puzzle: Puzzle,
    /// Regions and elements.
    pub rules: Rules,
    /// The solution the document carries, if any.
    pub solution: Option<Puzzle>,
    /// Its title, if any.
    pub title: Option<String>,
    /// Drawings that were skipped because they carry no rule (`2 line`).
    pub skipped: Vec<String>,
    /// SudokuPad shapes that are no known rule, ignored on request (see
    /// [`VariantPuzzle::from_sudokupad`]).
    pub ignored: Vec<String>,
}
