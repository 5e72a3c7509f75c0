//! The fast grid propagator against the generic propagators: same
//! counters, per rule too, for every strategy.

use crate::common;

use common::*;
use csp_core::{Limits, PropagationLevel, SearchConfig, SearchStats};
use sudoku::{Propagators, Puzzle, Sudoku};

const LETTERS: &str = "ABCDEFGHIJKL";
const VALUES: [&str; 3] = ["0", "5", "9"];
const LEVELS: [PropagationLevel; 4] = [
    PropagationLevel::None,
    PropagationLevel::ForwardChecking,
    PropagationLevel::Singles,
    PropagationLevel::Locked,
];

/// Every counter but the time.
fn counters(s: &SearchStats) -> impl PartialEq + std::fmt::Debug {
    let rules: Vec<_> = (s.rules.iter())
        .map(|(r, c)| (r.name(), c.runs, c.removals, c.assignments))
        .collect();
    (
        [
            s.placements,
            s.backtracks,
            s.guesses,
            s.iterations,
            s.backtrack_iterations,
            s.failures,
            s.max_depth,
            s.solutions,
            s.vars_placed,
            s.propagations,
        ],
        s.search_space.clone(),
        rules,
    )
}

/// Runs every strategy on `puzzles` with both propagator sets, counting
/// solutions to 2, and compares; returns how many runs were compared.
fn compare(grid: impl Fn() -> Sudoku, puzzles: &[Puzzle], max_placements: u64) -> usize {
    let fast = grid();
    for level in LEVELS {
        assert!(fast.runs_fast(level), "the fast propagator covers {level}");
    }
    let generic = grid().with_propagators(Propagators::Generic);
    compare_at(&fast, &generic, puzzles, &LEVELS, max_placements)
}

/// [`compare`] at `levels`, `fast` and `generic` given.
fn compare_at(
    fast: &Sudoku,
    generic: &Sudoku,
    puzzles: &[Puzzle],
    levels: &[PropagationLevel],
    max_placements: u64,
) -> usize {
    let mut runs = 0;
    for &level in levels {
        for cells in LETTERS.chars() {
            for values in VALUES {
                let config = SearchConfig {
                    limits: Limits {
                        max_placements: Some(max_placements),
                        timeout: None,
                    },
                    seed: 11,
                    ..config(&cells.to_string(), values, level)
                };
                for (i, puzzle) in puzzles.iter().enumerate() {
                    let a = fast.count_solutions(puzzle, &config, Some(2)).unwrap();
                    let b = generic.count_solutions(puzzle, &config, Some(2)).unwrap();
                    assert_eq!(
                        (counters(&a.stats), a.termination, &a.solution),
                        (counters(&b.stats), b.termination, &b.solution),
                        "{cells}/{values}/{level}, puzzle {i}"
                    );
                    runs += 1;
                }
            }
        }
    }
    runs
}

#[test]
fn fast_and_generic_agree_on_a_sample_of_every_strategy() {
    let mut sample = puzzles(HARDEST11);
    sample.truncate(3);
    sample.extend(puzzles(TOP1465).into_iter().step_by(300));
    assert_eq!(compare(Sudoku::classic, &sample, 2_000), 144 * 8);
}

/// The placements the ignored runs go up to: `PARITY_MAX_PLACEMENTS`, or
/// 10^5.
fn parity_limit() -> u64 {
    std::env::var("PARITY_MAX_PLACEMENTS")
        .map(|v| v.parse().expect("PARITY_MAX_PLACEMENTS is a number"))
        .unwrap_or(100_000)
}

/// The full sample: hardest11 and 50 of top1465, every strategy, up to
/// 10^5 placements (about ten minutes in release: `cargo test --release -p
/// sudoku --test it -- --ignored propagators::`). `PARITY_MAX_PLACEMENTS` sets
/// another limit: CI runs it with 10^4.
#[test]
#[ignore]
fn fast_and_generic_agree_on_every_strategy() {
    let limit = parity_limit();
    let mut sample = puzzles(HARDEST11);
    sample.extend(puzzles(TOP1465).into_iter().take(50));
    assert_eq!(compare(Sudoku::classic, &sample, limit), 144 * 61);
}

/// Variants made only of houses take the fast path too.
#[test]
fn fast_and_generic_agree_on_variants_of_houses() {
    use sudoku::{GridSize, Variant};
    let empty = |side| Puzzle::empty(GridSize::from_side(side).unwrap());
    for variant in ["diagonal", "windoku", "diagonal,windoku"] {
        let variant: Variant = variant.parse().unwrap();
        let grid = || Sudoku::new(GridSize::CLASSIC, variant.clone());
        let mut sample = puzzles(TOP95);
        sample.truncate(2);
        sample.push(empty(9));
        compare(grid, &sample, 300);
    }
    let six = || Sudoku::new(GridSize::from_side(6).unwrap(), Variant::CLASSIC);
    compare(six, &[empty(6)], 300);
    // 256 cells: the house runs' bitsets span four blocks of 64.
    let sixteen = || Sudoku::new(GridSize::from_side(16).unwrap(), Variant::CLASSIC);
    compare(sixteen, &[empty(16)], 300);
}

/// Every variant puzzle of the corpus (`puzzles/variants/`): its name, its
/// grid with the default propagators and with the generic ones, and its
/// givens.
fn variant_corpus() -> Vec<(String, Sudoku, Sudoku, Puzzle)> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../puzzles/variants");
    let mut files: Vec<_> = (std::fs::read_dir(root).unwrap())
        .map(|family| family.unwrap().path())
        .filter(|family| family.is_dir())
        .flat_map(|family| std::fs::read_dir(family).unwrap())
        .map(|f| f.unwrap().path())
        .collect();
    files.sort();
    (files.iter())
        .map(|f| {
            let name = f.file_stem().unwrap().to_string_lossy().into_owned();
            let text = std::fs::read_to_string(f).unwrap();
            let grid = || {
                let vp = sudoku::VariantPuzzle::from_json(&text).unwrap();
                (
                    Sudoku::with_rules(vp.puzzle.size(), vp.rules).unwrap(),
                    vp.puzzle,
                )
            };
            let ((fast, puzzle), (generic, _)) = (grid(), grid());
            (
                name,
                fast,
                generic.with_propagators(Propagators::Generic),
                puzzle,
            )
        })
        .collect()
}

/// On grids with other rules than houses, at `none` and `fc`: the houses'
/// forward checking listed ahead (fast) against the engine running every
/// propagator (generic), on every corpus puzzle with such rules (each
/// lists its houses: none adds a house behind another rule); returns the
/// runs compared.
fn compare_variants(max_placements: u64) -> usize {
    let levels = [PropagationLevel::None, PropagationLevel::ForwardChecking];
    let mut listed = 0;
    let mut runs = 0;
    for (name, grid, generic, puzzle) in variant_corpus() {
        if grid.has_only_houses() {
            continue;
        }
        let model = grid.model_for(PropagationLevel::ForwardChecking);
        let groups = (model.listed_groups())
            .unwrap_or_else(|| panic!("{name}: its houses come ahead of its other rules"));
        assert!(groups.hold_at(PropagationLevel::None), "{name}");
        listed += 1;
        runs += compare_at(&grid, &generic, &[puzzle], &levels, max_placements);
    }
    assert_eq!(listed, 43, "corpus puzzles with other rules than houses");
    runs
}

#[test]
fn listed_houses_and_the_engine_agree_on_variants() {
    assert_eq!(compare_variants(100), 43 * 36 * 2);
}

/// [`listed_houses_and_the_engine_agree_on_variants`] up to 10^5
/// placements, or `PARITY_MAX_PLACEMENTS`.
#[test]
#[ignore]
fn listed_houses_and_the_engine_agree_on_variants_at_length() {
    let limit = parity_limit();
    assert_eq!(compare_variants(limit), 43 * 36 * 2);
}
