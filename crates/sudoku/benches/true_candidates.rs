//! True candidates (`candidates --true`, the workbench's overlay) of 9x9
//! puzzles with the default preset's search, counted up to 8: a puzzle
//! with one solution, one with 6 (a minimal puzzle with a clue taken
//! out: one search lists them all), and one with 40 (more than the limit:
//! the candidates held by fewer than 8 are counted again one by one).
//!
//! `cargo bench -p sudoku --bench true_candidates`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use csp_core::{PropagationLevel, SearchConfig};
use sudoku::{Puzzle, Sudoku};

const PUZZLES: [(&str, &str, u64); 3] = [
    (
        "1 solution (top95 #1)",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        1,
    ),
    (
        "6 solutions",
        ".2..3.9....37....2........87....95....16...4..94.....63.52...9.1..........9.4..63",
        6,
    ),
    (
        "40 solutions",
        ".173698.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        9,
    ),
];

fn benches(c: &mut Criterion) {
    let sudoku = Sudoku::classic();
    // The default preset: EH/5 at singles.
    let config = SearchConfig {
        variables: "EH".parse().unwrap(),
        values: "5".parse().unwrap(),
        level: PropagationLevel::Singles,
        ..SearchConfig::default()
    };
    let mut group = c.benchmark_group("true candidates, limit 8");
    for (name, text, solutions) in PUZZLES {
        let puzzle: Puzzle = text.parse().unwrap();
        let found = sudoku.true_candidates(&puzzle, &config, 8, None).unwrap();
        assert_eq!(found.solutions, solutions, "{name}");
        group.bench_function(name, |b| {
            b.iter(|| sudoku.true_candidates(black_box(&puzzle), &config, 8, None))
        });
    }
    group.finish();
}

criterion_group! {
    name = true_candidates;
    config = Criterion::default().sample_size(20);
    targets = benches
}
criterion_main!(true_candidates);
