//! Any text as a `--rule` (a `regex:` or `chess:` rule of the user's):
//! parsing never panics, and a rule that parses makes its element on a
//! 4x4 grid (or says why not), which is put with the classic rules, and
//! the empty grid counted to 2.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku::{GridSize, Puzzle, Sudoku, UserRule, Variant};

fuzz_target!(|text: &str| {
    let Ok(rule) = text.parse::<UserRule>() else {
        return;
    };
    let size = GridSize::new(2, 2).expect("a grid size");
    let Ok(element) = rule.element(4) else {
        return;
    };
    let mut rules = Variant::default().rules();
    rules.elements.push(element);
    if let Ok(sudoku) = Sudoku::with_rules(size, rules) {
        let empty = Puzzle::from_digits(size, vec![0; size.cells()]);
        if sudoku.check_givens(&empty).is_ok() {
            let config = csp_core::SearchConfig::default();
            let _ = sudoku.count_solutions(&empty, &config, Some(2));
        }
    }
});
