//! Links, one door for both formats: an f-puzzles link, a SudokuPad link
//! (`scl`, `ctc`, `fpuzzles`), or the compressed data alone, sent to the
//! reader that knows it.

use super::{VariantPuzzle, fpuzzles, sudokupad};
use crate::rules::RulesError;

impl VariantPuzzle {
    /// Reads an f-puzzles link, a SudokuPad link (`scl`, `ctc`,
    /// `fpuzzles`), or the compressed text alone; SudokuPad shapes that are
    /// no known rule are an error.
    pub fn from_link(text: &str) -> Result<VariantPuzzle, RulesError> {
        VariantPuzzle::from_link_with(text, false)
    }

    /// The same; with `ignore_unknown`, SudokuPad shapes that are no known
    /// rule are left out and listed in [`VariantPuzzle::ignored`].
    pub fn from_link_with(text: &str, ignore_unknown: bool) -> Result<VariantPuzzle, RulesError> {
        if text.contains("sudokupad") || sudokupad::is_payload(text) {
            return VariantPuzzle::from_sudokupad(text, ignore_unknown);
        }
        VariantPuzzle::from_json(&fpuzzles::decode_link(text)?)
    }
}
