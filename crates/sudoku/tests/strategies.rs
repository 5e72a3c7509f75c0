//! Heuristics at the level of whole searches: seeds reproduce runs, the
//! pairs that reduce to one order do so, every strategy agrees on unique
//! puzzles.

use crate::common;

use common::*;
use csp_core::{Limits, PropagationLevel, SearchConfig, ValueHeuristic, VariableHeuristic};
use proptest::prelude::*;
use sudoku::{Puzzle, SolveStatus, Sudoku};

fn seeded(cells: &str, values: &str, seed: u64) -> SearchConfig {
    SearchConfig {
        seed,
        ..config(cells, values, PropagationLevel::Singles)
    }
}

#[test]
fn random_heuristics_reproduce_a_run_for_a_seed() {
    let sudoku = Sudoku::classic();
    let puzzles = puzzles(MINIMAL_200);
    for (cells, values) in [("C", "0"), ("EC", "2"), ("A", "2")] {
        let mut differs = false;
        for puzzle in puzzles.iter().take(10) {
            let run = |seed| sudoku.solve(puzzle, &seeded(cells, values, seed)).unwrap();
            let (a, b, c) = (run(7), run(7), run(8));
            assert_eq!(a.solution, b.solution);
            assert_eq!(a.stats.placements, b.stats.placements);
            assert_eq!(a.stats.iterations, b.stats.iterations);
            differs |= a.stats.placements != c.stats.placements;
        }
        assert!(differs, "{cells}/{values}: seeds 7 and 8 never differ");
    }
}

#[test]
fn value_heuristics_5_and_8_and_6_and_7_order_alike() {
    let sudoku = Sudoku::classic();
    for puzzle in puzzles(TOP95).iter().take(15) {
        for (a, b) in [("5", "8"), ("6", "7"), ("50", "80"), ("61", "71")] {
            let run = |v| {
                let r = sudoku
                    .solve(puzzle, &config("EA", v, PropagationLevel::Singles))
                    .unwrap();
                (r.stats.placements, r.stats.iterations, r.solution)
            };
            assert_eq!(run(a), run(b), "{a} vs {b}");
        }
    }
}

#[test]
fn placement_limit_stops_and_says_so() {
    let puzzle = INKALA.parse().unwrap();
    let config = SearchConfig {
        limits: Limits {
            max_placements: Some(1000),
            timeout: None,
        },
        ..config("A", "0", PropagationLevel::None)
    };
    let r = Sudoku::classic().solve(&puzzle, &config).unwrap();
    assert_eq!(r.status(), SolveStatus::Stopped);
    assert_eq!(r.stats.placements, 1000);
    assert!(r.solution.is_none());
}

#[test]
fn time_limit_stops_and_says_so() {
    let puzzle = INKALA.parse().unwrap();
    let config = SearchConfig {
        limits: Limits {
            max_placements: None,
            timeout: Some(std::time::Duration::from_nanos(1)),
        },
        ..config("A", "0", PropagationLevel::None)
    };
    let r = Sudoku::classic().solve(&puzzle, &config).unwrap();
    assert_eq!(r.status(), SolveStatus::Stopped);
    assert_eq!(r.stop_reason(), Some(csp_core::StopReason::Timeout));
    // The clock is read every 1024 steps and every 256 propagator runs:
    // an expired limit stops at the first reading. (The fast propagator
    // counts the runs of the 27 houses it stands for, and the engine reads
    // the clock between its runs: up to 27 runs later.)
    assert!(r.stats.iterations + r.stats.backtrack_iterations <= 1023);
    assert!(r.stats.propagations <= 256 + 27, "{}", r.stats.propagations);
}

#[test]
fn time_limit_is_checked_inside_probing() {
    // An empty 25x25 grid at probing: the root propagation alone makes
    // 15,625 probes (about half a second in the test profile), with no
    // search step in which to read the clock.
    let sudoku = Sudoku::new(
        sudoku::GridSize::from_side(25).unwrap(),
        sudoku::Variant::CLASSIC,
    );
    let puzzle = Puzzle::empty(sudoku.size());
    let config = SearchConfig {
        limits: Limits {
            max_placements: None,
            timeout: Some(std::time::Duration::from_millis(20)),
        },
        ..config("EA", "0", PropagationLevel::Probing)
    };
    let r = sudoku.solve(&puzzle, &config).unwrap();
    assert_eq!(r.stop_reason(), Some(csp_core::StopReason::Timeout));
    assert!(r.solution.is_none());
    // Stopped inside the root's probing: no placement, not every probe.
    // (Counts, not the time taken, which a busy machine stretches.)
    assert_eq!(r.stats.placements, 0);
    let probes = r.stats.rules[csp_core::Rule::Probing].runs;
    assert!(probes < 15_625, "{probes} probes");
}

#[test]
fn unsolvable_puzzle_is_reported_at_every_level() {
    // Valid givens, no solution: r1c9 can only be 9 by its row, and 9 is in
    // its column.
    let line = "12345678.........9...............................................................";
    let puzzle: Puzzle = line.parse().unwrap();
    let sudoku = Sudoku::classic();
    sudoku.check_givens(&puzzle).unwrap();
    for level in PropagationLevel::ALL {
        let r = sudoku.solve(&puzzle, &config("EA", "0", level)).unwrap();
        assert_eq!(r.status(), SolveStatus::Unsolvable, "{level}");
        assert!(r.is_exact());
    }
}

fn unique_puzzles() -> Vec<Puzzle> {
    let mut all = puzzles(EASY_200);
    all.truncate(40);
    all.extend(puzzles(MINIMAL_200).into_iter().take(20));
    all
}

fn chain<T: Copy + std::fmt::Debug>(
    items: &'static [T],
    max: usize,
) -> impl Strategy<Value = Vec<T>> {
    proptest::collection::vec(proptest::sample::select(items), 1..=max)
}

/// Leading cell heuristics that finish easy puzzles quickly at `fc`. (F, H,
/// L and C leading at `none` can need over a million placements on a 35-clue
/// puzzle: F, for one, never chooses a cell without candidates while another
/// is open, so dead ends surface only at the bottom.)
const QUICK_LEADERS: &[VariableHeuristic] = &[
    VariableHeuristic::InputOrder,
    VariableHeuristic::ReverseInputOrder,
    VariableHeuristic::ClosestToCentre,
    VariableHeuristic::FewestCandidates,
    VariableHeuristic::FewestEmptyNeighbours,
    VariableHeuristic::ClosestToFilled,
    VariableHeuristic::FurthestFromFilled,
    VariableHeuristic::NeighbourhoodFewestCandidates,
];

/// Leaders that are also quick at `none` (D, I and J need 10^5 placements
/// on some 35-clue puzzles there).
const QUICK_LEADERS_AT_NONE: &[VariableHeuristic] = &[
    VariableHeuristic::InputOrder,
    VariableHeuristic::ReverseInputOrder,
    VariableHeuristic::FewestCandidates,
    VariableHeuristic::FewestEmptyNeighbours,
    VariableHeuristic::NeighbourhoodFewestCandidates,
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// On unique puzzles every strategy and level finds the same solution,
    /// which keeps the givens and fills every house with distinct digits.
    /// Any chain runs at `singles` on all 60 puzzles; at `none` and `fc` the
    /// chain starts with a quick leader and the puzzle is an easy one.
    #[test]
    fn every_strategy_finds_the_unique_solution(
        index in 0usize..60,
        leader in 0usize..QUICK_LEADERS.len(),
        cells in chain(VariableHeuristic::ALL, 3),
        values in chain(ValueHeuristic::ALL, 2),
        level in proptest::sample::select(&PropagationLevel::ALL[..]),
        seed in any::<u64>(),
        restarts in proptest::sample::select(&["none", "luby:10"][..]),
        learning in any::<bool>(),
    ) {
        let sudoku = Sudoku::classic();
        let puzzle = &unique_puzzles()[index];
        let leader = match level {
            PropagationLevel::None => QUICK_LEADERS_AT_NONE[leader % QUICK_LEADERS_AT_NONE.len()],
            _ => QUICK_LEADERS[leader],
        };
        let cells = if level < PropagationLevel::Singles {
            std::iter::once(leader).chain(cells).collect()
        } else {
            cells
        };
        let level = if index >= 40 { level.max(PropagationLevel::Singles) } else { level };
        let reference = sudoku
            .solve(puzzle, &config("EA", "0", PropagationLevel::Singles))
            .unwrap()
            .solution
            .unwrap();
        let config = SearchConfig {
            variables: csp_core::VariableChain::new(cells).unwrap(),
            values: csp_core::ValueChain::new(values).unwrap(),
            level,
            seed,
            limits: Limits { max_placements: Some(1_000_000), timeout: None },
            restarts: restarts.parse().unwrap(),
            // Clause learning runs between fc and gac.
            learning: learning && level > PropagationLevel::None && level < PropagationLevel::Probing,
            // A classic grid has no rule between two cells to link.
            links: false,
            // Nor a wide variable.
            wide_choice: None,
        };
        let r = sudoku.solve(puzzle, &config).unwrap();
        prop_assert_eq!(r.status(), SolveStatus::Solved, "{} {} {} {} {}", config.variables, config.values, level, restarts, config.learning);
        let solution = r.solution.unwrap();
        prop_assert!(sudoku.is_solution_of(&solution, puzzle));
        prop_assert_eq!(solution, reference);
    }
}
