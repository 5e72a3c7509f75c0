//! Any text as a SudokuPad puzzle's rules text, read for what it says of
//! lines, dots, outside clues and global rules: reading never panics and
//! always ends.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    let _ = sudoku::formats::sudokupad::describe_rules_text(text);
});
