//! Any text as a SudokuPad link or payload (`scl`, `ctc`, `fpuzzles`,
//! `fpuz`: LZ-string compressed base64, percent-encoded in links), and as
//! the data such a payload holds (SudokuPad's JSON or its zipped form,
//! whose shapes are translated into an f-puzzles document): reading never
//! panics, with or without unknown shapes ignored; what reads strictly
//! reads leniently too, and a puzzle has as many givens as its grid has
//! cells. (Building a model of the rules read is the `fpuzzles` target's.)
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku::{RulesError, VariantPuzzle};

fn check(read: impl Fn(bool) -> Result<VariantPuzzle, RulesError>) {
    let strict = read(false);
    let lenient = read(true);
    if let Ok(puzzle) = &strict {
        assert!(puzzle.ignored.is_empty());
        assert!(lenient.is_ok(), "what reads strictly reads leniently");
    }
    if let Ok(puzzle) = lenient {
        assert_eq!(puzzle.puzzle.cells().len(), puzzle.puzzle.size().cells());
    }
}

fuzz_target!(|text: &str| {
    check(|ignore| VariantPuzzle::from_sudokupad(text, ignore));
    check(|ignore| VariantPuzzle::from_sudokupad_data(text, ignore));
});
