//! Any text as an f-puzzles document or link: reading never panics, and a
//! document that reads builds its rules (or says why not).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku::{Sudoku, VariantPuzzle};

fuzz_target!(|text: &str| {
    for read in [
        VariantPuzzle::from_json(text),
        VariantPuzzle::from_link(text),
    ] {
        if let Ok(read) = read {
            let size = read.puzzle.size();
            if let Ok(sudoku) = Sudoku::with_rules(size, read.rules) {
                let _ = sudoku.check_givens(&read.puzzle);
            }
        }
    }
});
