//! SudokuPad links and payloads: `https://sudokupad.app/scl...`,
//! `ctc...`, `fpuzzles...` (and the payload pasted alone). The data is
//! decompressed and unzipped ([`decode`]); an f-puzzles payload is read as
//! an f-puzzles document, SudokuPad's own format is translated into one
//! (see [`VariantPuzzle::from_sudokupad`] for the shapes read): every shape
//! that is no known rule is named, and the puzzle is refused unless those
//! shapes are ignored on purpose.

mod colour;
mod geometry;
mod lines;
mod payload;
mod rules_text;
mod shapes;
mod sheet;

pub use payload::{Payload, decode, is_payload};
pub use rules_text::describe as describe_rules_text;

use super::VariantPuzzle;
use crate::rules::RulesError;

impl VariantPuzzle {
    /// Reads a SudokuPad link or payload. Shapes that are no rule this
    /// solver knows are an error naming them, unless `ignore_unknown`:
    /// then the puzzle is read without them and they are listed in
    /// [`VariantPuzzle::ignored`].
    pub fn from_sudokupad(text: &str, ignore_unknown: bool) -> Result<VariantPuzzle, RulesError> {
        match decode(text)? {
            Payload::Fpuzzles(json) => VariantPuzzle::from_json(&json),
            Payload::Scl(value) => VariantPuzzle::from_scl(&value, ignore_unknown),
        }
    }

    /// Reads SudokuPad's own puzzle data once decompressed: its JSON, or
    /// the zipped form SudokuPad writes (unquoted keys, short names), as
    /// [`VariantPuzzle::from_sudokupad`] reads the data of an `scl` or
    /// `ctc` link.
    pub fn from_sudokupad_data(
        text: &str,
        ignore_unknown: bool,
    ) -> Result<VariantPuzzle, RulesError> {
        VariantPuzzle::from_scl(&payload::unzip(text)?, ignore_unknown)
    }

    /// The puzzle of SudokuPad's data, unzipped.
    fn from_scl(
        value: &serde_json::Value,
        ignore_unknown: bool,
    ) -> Result<VariantPuzzle, RulesError> {
        let translated = shapes::translate(value)?;
        if !translated.unknown.is_empty() && !ignore_unknown {
            return Err(RulesError::Invalid {
                element: "SudokuPad puzzle".into(),
                what: format!(
                    "{} shape(s) are no rule this solver knows (solving without them would answer another puzzle; --ignore-unknown does so on purpose): {}",
                    translated.unknown.len(),
                    translated.unknown.join("; ")
                ),
            });
        }
        let mut vp = VariantPuzzle::from_json(&translated.document.to_string())?;
        if translated.cosmetic > 0 {
            vp.skipped
                .push(format!("{} cell colours", translated.cosmetic));
        }
        vp.ignored = translated.unknown;
        Ok(vp)
    }
}
