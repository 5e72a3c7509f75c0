//! Any text as the Python package's `Puzzle.parse` reads it, through the
//! library functions it calls (`text_entries`, `with_built_rules`): reading
//! never panics, every entry is a puzzle with its rules or an error, and a
//! puzzle's givens are checked as `Puzzle.parse` checks them.
//!
//! The rules of a plain line depend on its grid size alone (the classic
//! variant, no options): they are built once per size and kept, as the
//! command's runner keeps them, so that the fuzzer's time goes to reading.
#![no_main]

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use libfuzzer_sys::fuzz_target;
use sudoku::{GridSize, Sudoku, Variant};
use sudoku_cli::input::{ReadOptions, text_entries};
use sudoku_cli::runner::with_built_rules;

thread_local! {
    static BUILT: RefCell<HashMap<GridSize, Arc<Sudoku>>> = RefCell::new(HashMap::new());
}

fuzz_target!(|text: &str| {
    let options = ReadOptions::default();
    for entry in text_entries("<text>", text, &options) {
        let Ok(mut entry) = entry else { continue };
        if let (Ok(puzzle), None) = (&entry.puzzle, &entry.rules) {
            let size = puzzle.size();
            entry.rules = BUILT.with(|b| b.borrow().get(&size).cloned());
            if entry.rules.is_none() {
                entry = with_built_rules(entry, &Variant::default(), &options);
                if let Some(rules) = &entry.rules {
                    BUILT.with(|b| b.borrow_mut().insert(size, rules.clone()));
                }
            }
        }
        if let (Ok(puzzle), Some(sudoku)) = (&entry.puzzle, &entry.rules) {
            let _ = sudoku.check_givens(puzzle);
        }
    }
});
