//! The fuzz targets' properties (`fuzz/`), as a short proptest that runs on
//! stable in CI: parsers never panic on any text, and what parses prints
//! back to itself.

use csp_core::{PropagationLevel, ValueChain, VariableChain};
use proptest::prelude::*;
use sudoku::{Puzzle, Sudoku, Symbols, Variant, VariantPuzzle};

/// Text near the parsers' grammar: digits, dots, letters, separators and
/// JSON punctuation, plus any character now and then.
fn near_text() -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![
            8 => prop::sample::select(
                "0123456789.ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-,:;{}[]\"/ \t\n=#"
                    .chars()
                    .collect::<Vec<_>>()
            ),
            1 => any::<char>(),
        ],
        0..400,
    )
    .prop_map(|chars| chars.into_iter().collect())
}

/// A puzzle line of a valid size with random characters.
fn grid_line() -> impl Strategy<Value = String> {
    prop::sample::select(vec![16usize, 36, 64, 81, 144, 256])
        .prop_flat_map(|cells| {
            prop::collection::vec(
                prop::sample::select(".123456789ABCDEFG0".chars().collect::<Vec<_>>()),
                cells,
            )
        })
        .prop_map(|chars| chars.into_iter().collect())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2048, ..ProptestConfig::default() })]

    #[test]
    fn puzzle_lines_parse_or_fail_cleanly(text in prop_oneof![near_text(), grid_line()]) {
        if let Ok(puzzle) = text.parse::<Puzzle>() {
            let again: Puzzle = puzzle.to_line().parse().unwrap();
            prop_assert_eq!(&again, &puzzle);
            let sudoku = Sudoku::new(puzzle.size(), Variant::default());
            let _ = sudoku.check_givens(&puzzle);
        }
    }

    #[test]
    fn fpuzzles_documents_read_or_fail_cleanly(text in near_text()) {
        for read in [VariantPuzzle::from_json(&text), VariantPuzzle::from_link(&text)]
            .into_iter()
            .flatten()
        {
            let size = read.puzzle.size();
            if let Ok(sudoku) = Sudoku::with_rules(size, read.rules) {
                let _ = sudoku.check_givens(&read.puzzle);
            }
        }
    }

    #[test]
    fn chains_and_names_parse_or_fail_cleanly(text in near_text()) {
        if let Ok(chain) = text.parse::<VariableChain>() {
            prop_assert_eq!(chain.to_string().parse::<VariableChain>().ok(), Some(chain));
        }
        if let Ok(chain) = text.parse::<ValueChain>() {
            prop_assert_eq!(chain.to_string().parse::<ValueChain>().ok(), Some(chain));
        }
        let _ = text.parse::<PropagationLevel>();
        let _ = text.parse::<Symbols>();
        let _ = text.parse::<Variant>();
    }
}
