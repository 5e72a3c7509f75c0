//! Helpers shared by the integration tests.
#![allow(dead_code)]

use csp_core::{PropagationLevel, SearchConfig};
use sudoku::Puzzle;

pub const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
pub const FC_1004: &str =
    ".....2.......7...17..3...9.8..7......2.89.6...13..6....9..5.824.....891..........";
pub const SINGLES_25: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

pub const TOP95: &str = include_str!("../../../../puzzles/top95.txt");
pub const HARDEST11: &str = include_str!("../../../../puzzles/hardest11.txt");
pub const TOP1465: &str = include_str!("../../../../puzzles/top1465.txt");
pub const CLUE17_1000: &str = include_str!("../../../../puzzles/17-clue-1000.txt");
pub const SERG_100: &str = include_str!("../../../../puzzles/serg-multi-solution-100.txt");
pub const EASY_200: &str = include_str!("../../../../puzzles/easy-35-clue-200.txt");
pub const MINIMAL_200: &str = include_str!("../../../../puzzles/minimal-200.txt");

pub fn puzzles(text: &str) -> Vec<Puzzle> {
    text.lines()
        .map(|l| l.parse().expect("shipped puzzles parse"))
        .collect()
}

pub fn config(cells: &str, values: &str, level: PropagationLevel) -> SearchConfig {
    SearchConfig {
        variables: cells.parse().unwrap(),
        values: values.parse().unwrap(),
        level,
        ..SearchConfig::default()
    }
}
