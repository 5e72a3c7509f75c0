//! Any text as the Python package's `Puzzle.parse` reads it, through the
//! library functions it calls (`text_entries`, `with_built_rules`): reading
//! never panics, every entry is a puzzle with its rules or an error, and a
//! puzzle's givens are checked as `Puzzle.parse` checks them.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku::Variant;
use sudoku_cli::input::{ReadOptions, text_entries};
use sudoku_cli::runner::with_built_rules;

fuzz_target!(|text: &str| {
    let options = ReadOptions::default();
    for entry in text_entries("<text>", text, &options) {
        let Ok(entry) = entry else { continue };
        let entry = with_built_rules(entry, &Variant::default(), &options);
        if let (Ok(puzzle), Some(sudoku)) = (&entry.puzzle, &entry.rules) {
            let _ = sudoku.check_givens(puzzle);
        }
    }
});
