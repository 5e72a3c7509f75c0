//! Generated puzzles, checked by the engine (not the generator's own
//! solver): unique, their clues those of their grid, symmetric, minimal
//! and at the level asked for, over several seeds, sizes and rules.

use csp_core::{PropagationLevel, SearchConfig};
use sudoku::generate::{GenerateOptions, Generated, Generator, Symmetry, level_named};
use sudoku::{GridSize, LevelNeeded, Puzzle, Sudoku, Variant};

/// Solutions up to 2, by the engine.
fn count(sudoku: &Sudoku, cells: &[u8]) -> u64 {
    let config = SearchConfig {
        variables: "E".parse().unwrap(),
        level: PropagationLevel::Singles,
        ..SearchConfig::default()
    };
    let puzzle = Puzzle::from_digits(sudoku.size(), cells.to_vec());
    sudoku
        .count_solutions(&puzzle, &config, Some(2))
        .unwrap()
        .solutions()
}

/// Checks one generated puzzle; `minimal`: no orbit of clues can go.
fn check(sudoku: &Sudoku, made: &Generated, symmetry: Symmetry, minimal: bool) {
    let side = sudoku.size().side();
    let (puzzle, solution) = (made.puzzle.cells(), made.solution.cells());
    assert!(
        sudoku.is_solution_of(&made.solution, &made.puzzle),
        "{made:?}"
    );
    assert!((puzzle.iter().zip(solution)).all(|(&p, &s)| p == 0 || p == s));
    assert_eq!(
        count(sudoku, puzzle),
        1,
        "not unique: {}",
        made.puzzle.to_line()
    );
    assert!(
        symmetry.holds(puzzle, side),
        "{symmetry}: {}",
        made.puzzle.to_line()
    );
    if minimal {
        for orbit in symmetry.orbits(side) {
            if puzzle[orbit[0]] != 0 {
                let mut fewer = puzzle.to_vec();
                for &c in &orbit {
                    fewer[c] = 0;
                }
                assert_eq!(
                    count(sudoku, &fewer),
                    2,
                    "not minimal at {orbit:?}: {}",
                    made.puzzle.to_line()
                );
            }
        }
    }
}

#[test]
fn puzzles_are_unique_symmetric_and_minimal_over_seeds_and_sizes() {
    let grids = [
        Sudoku::new(GridSize::from_side(4).unwrap(), Variant::CLASSIC),
        Sudoku::new(GridSize::from_side(6).unwrap(), Variant::CLASSIC),
        Sudoku::classic(),
        Sudoku::new(GridSize::CLASSIC, "diagonal".parse().unwrap()),
        Sudoku::new(GridSize::CLASSIC, "anti-knight".parse().unwrap()),
    ];
    for sudoku in &grids {
        for symmetry in Symmetry::ALL {
            let options = GenerateOptions {
                symmetry,
                ..GenerateOptions::default()
            };
            assert!(options.makes_minimal());
            let mut generator = Generator::new(sudoku, options).unwrap();
            for seed in 0..3 {
                let made = generator.generate(seed, 7).unwrap();
                assert!(made.minimal);
                check(sudoku, &made, symmetry, true);
                // Puzzle 7 of the run depends on nothing else.
                assert_eq!(generator.generate(seed, 7).unwrap(), made);
                assert_eq!(
                    generator
                        .from_grid_seed(made.grid_seed)
                        .unwrap()
                        .unwrap()
                        .puzzle,
                    made.puzzle
                );
            }
        }
    }
}

#[test]
fn sixteen_by_sixteen() {
    let sudoku = Sudoku::new(GridSize::from_side(16).unwrap(), Variant::CLASSIC);
    let options = GenerateOptions {
        symmetry: Symmetry::Rot180,
        ..GenerateOptions::default()
    };
    let made = Generator::new(&sudoku, options)
        .unwrap()
        .generate(1, 0)
        .unwrap();
    check(&sudoku, &made, Symmetry::Rot180, false);
}

#[test]
fn clue_ranges_stop_digging_inside_them() {
    let sudoku = Sudoku::classic();
    for (low, high, minimal) in [(30, 32, false), (40, 40, false), (22, 26, true)] {
        let options = GenerateOptions {
            clues: Some((low, high)),
            minimal,
            symmetry: Symmetry::None,
            ..GenerateOptions::default()
        };
        let mut generator = Generator::new(&sudoku, options).unwrap();
        for seed in 0..3 {
            let made = generator.generate(seed, 0).unwrap();
            let clues = made.puzzle.givens();
            assert!(
                (low..=high).contains(&clues),
                "{clues} not in {low}..{high}"
            );
            check(&sudoku, &made, Symmetry::None, minimal);
        }
    }
}

#[test]
fn impossible_targets_are_refused_and_rare_ones_missed() {
    let sudoku = Sudoku::classic();
    let refused = |clues| {
        let options = GenerateOptions {
            clues: Some(clues),
            ..GenerateOptions::default()
        };
        Generator::new(&sudoku, options).err().unwrap().to_string()
    };
    assert_eq!(
        refused((10, 16)),
        "no 9x9 (3x3 boxes) puzzle with fewer than 17 clues has a unique solution, so 10 to 16 clues is impossible"
    );
    assert_eq!(refused((30, 20)), "the clue range 30..20 is empty");
    assert_eq!(
        refused((90, 95)),
        "a 9x9 grid has 81 cells, fewer than 90 clues"
    );
    // 17 clues exist, but a random grid almost never has one.
    let options = GenerateOptions {
        clues: Some((17, 17)),
        attempts: 3,
        ..GenerateOptions::default()
    };
    let missed = Generator::new(&sudoku, options)
        .unwrap()
        .generate(0, 0)
        .unwrap_err();
    assert_eq!(
        missed.to_string(),
        "missed the target (17 clues) in 3 grids; try more --attempts or a wider target"
    );
}

#[test]
fn levels_are_exactly_the_one_asked_for() {
    let sudoku = Sudoku::classic();
    for name in ["singles", "locked", "gac", "probing"] {
        for minimal in [false, true] {
            let level = level_named(name).unwrap();
            let options = GenerateOptions {
                level: Some(level),
                minimal,
                attempts: 5000,
                ..GenerateOptions::default()
            };
            let mut generator = Generator::new(&sudoku, options).unwrap();
            for seed in 0..2 {
                let made = generator.generate(seed, 0).unwrap();
                assert_eq!(made.level, Some(level));
                assert_eq!(sudoku.level_needed(&made.puzzle).unwrap(), level, "{name}");
                let rating = sudoku.rate(&made.puzzle).unwrap();
                assert_eq!(sudoku.rate_at(&made.puzzle, level).unwrap(), rating);
                check(&sudoku, &made, Symmetry::None, minimal);
            }
        }
    }
    assert_eq!(level_named("guessing"), Some(LevelNeeded::Unsolved));
    // One name for each level everywhere: `generate --level`, `rate` and
    // `solve`'s level needed.
    for (name, level) in sudoku::generate::LEVELS {
        assert_eq!(level.name(), name);
    }
}

#[test]
fn guessing_puzzles_are_made_on_sixteen_by_sixteen() {
    // Random 9x9 puzzles practically never need guessing (none in 50,000
    // tried); about one 16x16 puzzle in ten does.
    let sudoku = Sudoku::new(GridSize::from_side(16).unwrap(), Variant::default());
    let options = GenerateOptions {
        level: Some(LevelNeeded::Unsolved),
        attempts: 200,
        ..GenerateOptions::default()
    };
    let mut generator = Generator::new(&sudoku, options).unwrap();
    for seed in 0..2 {
        let made = generator.generate(seed, 0).unwrap();
        assert_eq!(made.level, Some(LevelNeeded::Unsolved));
        assert_eq!(
            sudoku.level_needed(&made.puzzle).unwrap(),
            LevelNeeded::Unsolved
        );
        check(&sudoku, &made, Symmetry::None, false);
    }
}

#[test]
fn full_grids_are_flat_per_cell() {
    // 10,000 random grids: each digit's count in each cell is near
    // 10,000 / 9, within 5 standard deviations (sd = 31.4).
    let sudoku = Sudoku::classic();
    let mut generator = Generator::new(&sudoku, GenerateOptions::default()).unwrap();
    let mut counts = vec![[0u32; 9]; 81];
    for seed in 0..10_000 {
        let grid = generator.full_grid(seed).unwrap();
        assert!(sudoku.is_solution_of(&grid, &Puzzle::empty(GridSize::CLASSIC)));
        for (c, &d) in grid.cells().iter().enumerate() {
            counts[c][d as usize - 1] += 1;
        }
    }
    let (low, high) = (1111 - 157, 1111 + 157);
    for (c, per_digit) in counts.iter().enumerate() {
        for (d, &n) in per_digit.iter().enumerate() {
            assert!((low..=high).contains(&n), "cell {c} digit {}: {n}", d + 1);
        }
    }
}

#[test]
fn the_guide_shows_the_rating_scale_of_the_registry() {
    let readme = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/guide/generating.md"
    ))
    .unwrap();
    for table in [sudoku::rate::grade_table(), sudoku::rate::weight_table()] {
        assert!(
            readme.contains(&table),
            "docs/guide/generating.md lacks:\n{table}"
        );
    }
}

#[test]
fn jigsaw_and_killer_puzzles_are_unique_and_minimal_under_their_own_rules() {
    let cases = [
        (GridSize::from_side(6).unwrap(), true, false),
        (GridSize::CLASSIC, true, false),
        (GridSize::from_side(4).unwrap(), false, true),
        (GridSize::from_side(6).unwrap(), true, true),
    ];
    for (size, jigsaw, killer) in cases {
        let base = Sudoku::new(size, Variant::default());
        let options = GenerateOptions {
            jigsaw,
            killer,
            ..GenerateOptions::default()
        };
        let mut generator = Generator::new(&base, options.clone()).unwrap();
        for index in 0..3 {
            let made = generator.generate(21, index).unwrap();
            let rules = made.rules(&base).expect("own rules");
            assert_eq!(rules.regions.is_some(), jigsaw);
            assert_eq!(made.cages.is_empty(), !killer);
            let own = Sudoku::with_rules(size, rules).unwrap();
            check(&own, &made, Symmetry::None, true);
            // Cages cover the grid, each with the sum of its digits.
            if killer {
                let mut covered = vec![0; size.cells()];
                for cage in &made.cages {
                    let sum: u32 = (cage.cells.iter())
                        .map(|&c| u32::from(made.solution.cells()[c]))
                        .sum();
                    assert_eq!(sum, cage.sum);
                    cage.cells.iter().for_each(|&c| covered[c] += 1);
                }
                assert!(covered.iter().all(|&k| k == 1));
            }
            // The same seed and index, the same puzzle and layout.
            let mut again = Generator::new(&base, options.clone()).unwrap();
            assert_eq!(again.generate(21, index).unwrap(), made);
        }
    }
}

#[test]
fn a_symmetry_on_random_jigsaw_regions_is_refused() {
    let base = Sudoku::classic();
    let options = GenerateOptions {
        jigsaw: true,
        symmetry: Symmetry::Rot180,
        ..GenerateOptions::default()
    };
    let Err(e) = Generator::new(&base, options) else {
        panic!("accepted");
    };
    assert_eq!(
        e.to_string(),
        "symmetry rot180 needs a symmetric layout, and random jigsaw regions have none: use --symmetry none"
    );
}

/// Puzzles with random lines and outside clues: every rule the generator
/// draws, alone and together, gives puzzles whose only solution under
/// their own rules (read back from their f-puzzles document) is the grid
/// they were dug from, and the lines asked for.
#[test]
fn line_puzzles_are_unique_under_their_own_rules() {
    let sudoku = Sudoku::classic();
    let all: Vec<&'static str> = sudoku::generate::DRAWN_RULES
        .iter()
        .map(|(n, _)| *n)
        .collect();
    let mut sets: Vec<Vec<&'static str>> = all.iter().map(|&r| vec![r]).collect();
    sets.push(all.clone());
    for rules in sets {
        let options = GenerateOptions {
            lines: rules.clone(),
            line_count: 6,
            ..GenerateOptions::default()
        };
        let made = Generator::new(&sudoku, options)
            .unwrap()
            .generate(3, 0)
            .unwrap();
        assert_eq!(made.drawn.len(), 6, "{rules:?}");
        let own = made.rules(&sudoku).expect("rules of its own");
        let document = own.to_fpuzzles(&made.puzzle, Some(&made.solution), None);
        let read = sudoku::VariantPuzzle::from_json(&document.to_string()).unwrap();
        let kinds: std::collections::BTreeSet<&str> =
            read.rules.elements.iter().map(|e| e.kind()).collect();
        assert!(
            rules.iter().all(|r| kinds.contains(r)) || rules.len() > 6,
            "{rules:?} {kinds:?}"
        );
        let grid = Sudoku::with_rules(sudoku.size(), read.rules).unwrap();
        let counted =
            (grid.count_solutions(&read.puzzle, &SearchConfig::default(), Some(2))).unwrap();
        assert_eq!(counted.stats.solutions, 1, "{rules:?}");
        assert!(
            grid.is_solution_of(&made.solution, &read.puzzle),
            "{rules:?}"
        );
    }
}
