//! The propagation levels beyond singles: the same answers as `singles`,
//! the same solution counts (soundness), and pinned figures.

use crate::common;

use common::*;
use csp_core::{PropagationLevel, Rule};
use sudoku::{LevelNeeded, Puzzle, SolveStatus, Sudoku};

const STRONG: [PropagationLevel; 3] = [
    PropagationLevel::Locked,
    PropagationLevel::Gac,
    PropagationLevel::Probing,
];

/// Every level solves every puzzle of a sample to the solution `singles`
/// finds: all of top95, every 5th of top1465 and the first 300 17-clue
/// puzzles (the full sets are checked from the command line; see the
/// guide, docs/guide/propagation.md).
#[test]
fn every_level_finds_the_singles_solution() {
    let sudoku = Sudoku::classic();
    let mut sample = puzzles(TOP95);
    sample.extend(puzzles(TOP1465).into_iter().step_by(5));
    sample.extend(puzzles(CLUE17_1000).into_iter().take(300));
    for (i, puzzle) in sample.iter().enumerate() {
        let reference = sudoku
            .solve(puzzle, &config("EA", "0", PropagationLevel::Singles))
            .unwrap();
        assert_eq!(reference.status(), SolveStatus::Solved);
        for level in STRONG {
            let r = sudoku.solve(puzzle, &config("EA", "0", level)).unwrap();
            assert_eq!(r.solution, reference.solution, "sample {i} at {level}");
        }
    }
}

/// Puzzles with several solutions: the top95 puzzles at `lines` (0-based)
/// with their first given removed. Chosen to have a few hundred solutions
/// each (146 to 996), so that counting them all at `probing` stays quick.
fn loosened(lines: &[usize]) -> Vec<Puzzle> {
    let top95 = puzzles(TOP95);
    lines
        .iter()
        .map(|&i| {
            let mut line = top95[i].to_line().into_bytes();
            let first = line.iter().position(|&c| c != b'.').unwrap();
            line[first] = b'.';
            String::from_utf8(line).unwrap().parse().unwrap()
        })
        .collect()
}

/// Soundness: no rule removes a candidate that some solution uses, so the
/// exact solution count is the same at every level (each level adds one
/// rule's deductions to the level below it).
#[test]
fn every_level_counts_the_same_solutions() {
    let sudoku = Sudoku::classic();
    let mut sample = loosened(&[11, 16, 23, 24]);
    sample.extend(puzzles(SERG_100).into_iter().take(20));
    let mut all_counts = Vec::new();
    for (i, puzzle) in sample.iter().enumerate() {
        let counts: Vec<u64> = PropagationLevel::ALL[2..]
            .iter()
            .map(|&level| {
                let r = sudoku
                    .count_solutions(puzzle, &config("EA", "0", level), None)
                    .unwrap();
                assert!(r.is_exact());
                r.solutions()
            })
            .collect();
        assert!(
            counts.iter().all(|&c| c == counts[0]),
            "sample {i}: {counts:?}"
        );
        all_counts.push(counts[0]);
    }
    // The loosened puzzles' counts (the serg ones all exceed one as well).
    assert_eq!(all_counts[..4], [996, 376, 146, 578]);
    assert!(all_counts.iter().all(|&c| c > 1));
}

#[test]
fn stronger_levels_place_less_on_top95() {
    // Placements over top95 with EA/0, counting to 2 (the search goes on
    // after the first solution), per level: pinned figures.
    let sudoku = Sudoku::classic();
    let mut totals = Vec::new();
    let mut no_guess = Vec::new();
    let mut guesses = Vec::new();
    for level in PropagationLevel::ALL[2..].iter().copied() {
        let mut placements = 0;
        let mut zero = 0;
        let mut guessed = 0;
        for puzzle in puzzles(TOP95) {
            let r = sudoku
                .count_solutions(&puzzle, &config("EA", "0", level), Some(2))
                .unwrap();
            assert_eq!((r.solutions(), r.is_exact()), (1, true));
            placements += r.stats.placements;
            guessed += r.stats.guesses;
            zero += (r.stats.placements == 0) as u64;
        }
        totals.push(placements);
        no_guess.push(zero);
        guesses.push(guessed);
    }
    assert_eq!(totals, [10952, 3828, 1880, 0]);
    assert_eq!(no_guess, [0, 10, 29, 95]);
    // Placements with an alternative left (the others were forced).
    assert_eq!(guesses, [5496, 1915, 940, 0]);
}

#[test]
fn rule_counters_on_the_25_placement_puzzle() {
    let sudoku = Sudoku::classic();
    let puzzle: Puzzle = SINGLES_25.parse().unwrap();
    let figures = |level| {
        let r = sudoku.solve(&puzzle, &config("EA", "0", level)).unwrap();
        let rules = r.stats.rules;
        Rule::ALL.map(|rule| (rule.name(), rules[rule].removals, rules[rule].assignments))
    };
    // At singles no stronger rule runs.
    let singles = figures(PropagationLevel::Singles);
    assert!(singles[3..].iter().all(|&(_, removed, _)| removed == 0));
    // At probing the givens' propagation fills all 64 empty cells (22 naked
    // and 42 hidden singles) and `gac` is already enough: probing runs but
    // removes nothing.
    assert_eq!(
        figures(PropagationLevel::Probing),
        [
            ("fc", 329, 0),
            ("naked_singles", 0, 22),
            ("hidden_singles", 58, 42),
            ("locked", 98, 0),
            ("gac", 27, 0),
            ("probing", 0, 0),
            ("other", 0, 0),
            ("sum", 0, 0),
            ("order", 0, 0),
            ("number_sum", 0, 0),
            ("relation", 0, 0),
            ("regular", 0, 0),
            ("table", 0, 0),
            ("element", 0, 0),
            ("nogood", 0, 0),
            ("human", 0, 0),
            ("linked", 0, 0),
        ]
    );
}

#[test]
fn level_needed_over_top95() {
    let sudoku = Sudoku::classic();
    let mut counts = std::collections::BTreeMap::new();
    for puzzle in puzzles(TOP95) {
        *counts
            .entry(sudoku.level_needed(&puzzle).unwrap().name())
            .or_insert(0) += 1;
    }
    let counts: Vec<(&str, u32)> = counts.into_iter().collect();
    assert_eq!(counts, [("gac", 19), ("locked", 10), ("probing", 66)]);
    let inkala: Puzzle = INKALA.parse().unwrap();
    assert_eq!(sudoku.level_needed(&inkala).unwrap(), LevelNeeded::Unsolved);
}
