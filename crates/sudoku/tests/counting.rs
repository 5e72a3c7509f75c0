//! Solution counts against known facts and an independent enumeration.

use crate::common;

use common::*;
use csp_core::{PropagationLevel, SearchConfig};
use sudoku::{GridSize, Puzzle, Sudoku, Variant};

fn count_empty(side: usize, variant: Variant, level: PropagationLevel) -> u64 {
    let size = GridSize::from_side(side).unwrap();
    let config = SearchConfig {
        level,
        ..SearchConfig::default()
    };
    let r = Sudoku::new(size, variant)
        .count_solutions(&Puzzle::empty(size), &config, None)
        .unwrap();
    assert!(r.is_exact());
    r.solutions()
}

#[test]
fn four_by_four_has_288_grids_at_every_level() {
    for level in PropagationLevel::ALL {
        assert_eq!(count_empty(4, Variant::CLASSIC, level), 288, "{level}");
    }
}

/// 28,200,960 grids; about 40 s in the test profile, 38 s in release: kept
/// out of the default run (`.ci/run` runs it with `-- --ignored`).
#[test]
#[ignore = "about 40 s: cargo test --release -p sudoku --test it -- --ignored counting::"]
fn six_by_six_has_28_200_960_grids() {
    assert_eq!(
        count_empty(6, Variant::CLASSIC, PropagationLevel::Singles),
        28_200_960
    );
}

/// Counts 4x4 X-Sudoku grids without the engine: every choice of four row
/// permutations, checked for columns, boxes and both diagonals.
fn brute_force_x_sudoku_4x4() -> u64 {
    let mut perms = Vec::new();
    for a in 1..=4u8 {
        for b in 1..=4u8 {
            for c in 1..=4u8 {
                for d in 1..=4u8 {
                    let row = [a, b, c, d];
                    let mut seen = [false; 5];
                    if row
                        .iter()
                        .all(|&x| !std::mem::replace(&mut seen[x as usize], true))
                    {
                        perms.push(row);
                    }
                }
            }
        }
    }
    let distinct = |xs: [u8; 4]| {
        let mut seen = [false; 5];
        xs.iter()
            .all(|&x| !std::mem::replace(&mut seen[x as usize], true))
    };
    let mut count = 0;
    for r0 in &perms {
        for r1 in &perms {
            for r2 in &perms {
                for r3 in &perms {
                    let g = [r0, r1, r2, r3];
                    let cols = (0..4).all(|c| distinct([g[0][c], g[1][c], g[2][c], g[3][c]]));
                    let boxes = [(0, 0), (0, 2), (2, 0), (2, 2)].iter().all(|&(r, c)| {
                        distinct([g[r][c], g[r][c + 1], g[r + 1][c], g[r + 1][c + 1]])
                    });
                    let main = distinct([g[0][0], g[1][1], g[2][2], g[3][3]]);
                    let anti = distinct([g[0][3], g[1][2], g[2][1], g[3][0]]);
                    count += (cols && boxes && main && anti) as u64;
                }
            }
        }
    }
    count
}

#[test]
fn x_sudoku_4x4_matches_brute_force() {
    let expected = brute_force_x_sudoku_4x4();
    assert_eq!(expected, 48);
    for level in PropagationLevel::ALL {
        assert_eq!(
            count_empty(4, "diagonal".parse().unwrap(), level),
            expected,
            "{level}"
        );
    }
}

#[test]
fn every_top95_puzzle_is_unique() {
    let sudoku = Sudoku::classic();
    let config = config("EA", "0", PropagationLevel::Singles);
    for (i, puzzle) in puzzles(TOP95).iter().enumerate() {
        let r = sudoku.count_solutions(puzzle, &config, Some(2)).unwrap();
        assert_eq!(
            (r.solutions(), r.is_exact()),
            (1, true),
            "top95 line {}",
            i + 1
        );
    }
}

#[test]
fn serg_puzzles_have_several_solutions() {
    let sudoku = Sudoku::classic();
    let config = config("EA", "0", PropagationLevel::Singles);
    for (i, puzzle) in puzzles(SERG_100).iter().enumerate() {
        let r = sudoku.count_solutions(puzzle, &config, Some(2)).unwrap();
        assert_eq!(r.solutions(), 2, "serg line {}", i + 1);
        assert!(!r.is_exact(), "stopped at the limit, not exhausted");
    }
}

#[test]
fn sixteen_by_sixteen_and_twelve_by_twelve_solve() {
    for side in [8, 12, 16, 25] {
        let size = GridSize::from_side(side).unwrap();
        let sudoku = Sudoku::new(size, Variant::CLASSIC);
        let empty = Puzzle::empty(size);
        let r = sudoku
            .solve(&empty, &config("EA", "0", PropagationLevel::Singles))
            .unwrap();
        let grid = r.solution.expect("an empty grid has solutions");
        assert!(sudoku.is_solution_of(&grid, &empty), "{side}");
    }
}
