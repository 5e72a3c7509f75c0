//! Any text as a `--rule` (a `regex:` or `chess:` rule of the user's):
//! parsing never panics, and a rule that parses is put on the grids of
//! every size that it fits (or says why not), whose givens are checked;
//! on a 4x4 grid the puzzle is counted to 2.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku::{GridSize, Propagators, Puzzle, UserRule, Variant};
use sudoku_cli::runner::build_rules;

fuzz_target!(|text: &str| {
    let Ok(rule) = text.parse::<UserRule>() else {
        return;
    };
    for (rows, columns) in [(2, 2), (2, 3), (3, 3), (4, 4)] {
        let size = GridSize::new(rows, columns).expect("a grid size");
        let Ok(sudoku) = build_rules(&Variant::default(), Propagators::default(), &[rule.clone()], size)
        else {
            continue;
        };
        let empty = Puzzle::from_digits(size, vec![0; size.cells()]);
        if sudoku.check_givens(&empty).is_ok() && size.side() == 4 {
            let config = csp_core::SearchConfig::default();
            let _ = sudoku.count_solutions(&empty, &config, Some(2));
        }
    }
});
