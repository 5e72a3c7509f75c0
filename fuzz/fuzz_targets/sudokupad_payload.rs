//! Any text as a SudokuPad link or payload, as it is and as the data of
//! each kind of payload (`scl`, `ctc`, `fpuzzles`, `fpuz`: the text
//! LZ-string compressed, so that the fuzzer reaches the unzipping of
//! SudokuPad's zipped JSON and the translation of its shapes): reading
//! never panics, and a puzzle that reads builds its rules (or says why
//! not).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku::{Sudoku, VariantPuzzle};

fuzz_target!(|text: &str| {
    let packed = lz_str::compress_to_base64(text);
    let inputs = [
        text.to_string(),
        format!("scl{packed}"),
        format!("ctc{packed}"),
        format!("fpuzzles{packed}"),
        format!("https://sudokupad.app/fpuz{}", packed.replace('+', "%2B")),
        format!("https://sudokupad.app/?puzzleid=scl{packed}&setting=1"),
    ];
    for input in &inputs {
        for ignore_unknown in [false, true] {
            if let Ok(read) = VariantPuzzle::from_sudokupad(input, ignore_unknown) {
                let size = read.puzzle.size();
                if let Ok(sudoku) = Sudoku::with_rules(size, read.rules) {
                    let _ = sudoku.check_givens(&read.puzzle);
                }
            }
        }
    }
});
