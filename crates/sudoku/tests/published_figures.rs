//! The published figures of the reference semantics (`spec/heuristics.md`),
//! reproduced to the last digit.

use crate::common;

use common::*;
use csp_core::{BigUint, PropagationLevel::*};
use sudoku::{SolveStatus, Sudoku};

#[test]
fn inkala_naive_backtracking() {
    let puzzle = INKALA.parse().unwrap();
    let r = Sudoku::classic()
        .solve(&puzzle, &config("A", "0", None))
        .unwrap();
    assert_eq!(r.status(), SolveStatus::Solved);
    assert_eq!(r.stats.iterations, 49559);
    assert_eq!(r.stats.backtrack_iterations, 49498);
    assert_eq!(81 - puzzle.givens(), 60);
    assert_eq!(r.stats.iterations - r.stats.backtrack_iterations, 60 + 1);
    assert_eq!(
        r.stats.search_space,
        "9586591201964851200000000000000000000"
            .parse::<BigUint>()
            .unwrap()
    );
    // The rest of the counters, pinned so that a change shows.
    assert_eq!(r.stats.placements, 49558);
    assert_eq!(r.stats.backtracks, 49498);
    assert_eq!(r.stats.failures, 16476);
    assert_eq!(r.stats.max_depth, 60);
}

#[test]
fn forward_checking_mrv_1004_moves() {
    let puzzle = FC_1004.parse().unwrap();
    let r = Sudoku::classic()
        .solve(&puzzle, &config("EA", "0", ForwardChecking))
        .unwrap();
    assert_eq!(r.stats.moves(), 1004);
    assert_eq!((r.stats.placements, r.stats.backtracks), (531, 473));
}

#[test]
fn singles_25_placements_on_9_cells() {
    let puzzle = SINGLES_25.parse().unwrap();
    let r = Sudoku::classic()
        .solve(&puzzle, &config("EA", "0", Singles))
        .unwrap();
    assert_eq!(r.stats.placements, 25);
    assert_eq!(r.stats.vars_placed, 9);
}

#[test]
fn top95_singles_6127_placements() {
    let sudoku = Sudoku::classic();
    let config = config("EA", "0", Singles);
    let mut total = 0;
    for puzzle in puzzles(TOP95) {
        let r = sudoku.solve(&puzzle, &config).unwrap();
        assert!(sudoku.is_solution_of(r.solution.as_ref().unwrap(), &puzzle));
        total += r.stats.placements;
    }
    assert_eq!(total, 6127);
}

#[test]
fn iterations_minus_backtrack_iterations_is_empty_cells_plus_one_at_none() {
    let sudoku = Sudoku::classic();
    for puzzle in puzzles(EASY_200).iter().take(20) {
        for cells in ["A", "B", "E", "K"] {
            let r = sudoku.solve(puzzle, &config(cells, "0", None)).unwrap();
            let empty = 81 - puzzle.givens() as u64;
            assert_eq!(r.stats.iterations - r.stats.backtrack_iterations, empty + 1);
        }
    }
}
