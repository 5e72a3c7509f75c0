//! Any text as a puzzle line: parsing never panics, and a line that parses
//! prints back to a line that parses to the same puzzle; its givens are
//! checked and, on a 4x4 grid, it is solved.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku::{Puzzle, Sudoku, Variant};

fuzz_target!(|text: &str| {
    let Ok(puzzle) = text.parse::<Puzzle>() else {
        return;
    };
    let again: Puzzle = puzzle.to_line().parse().expect("a printed line reads back");
    assert_eq!(again, puzzle);
    let sudoku = Sudoku::new(puzzle.size(), Variant::default());
    if sudoku.check_givens(&puzzle).is_ok() && puzzle.size().side() == 4 {
        let config = csp_core::SearchConfig::default();
        let _ = sudoku.count_solutions(&puzzle, &config, Some(2));
    }
});
