//! Solving speed on the shipped sets: puzzles per second and placements per
//! second (the same runs, measured twice with different throughput units).
//!
//! `cargo bench -p sudoku --bench solve`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use csp_core::{PropagationLevel, SearchConfig};
use sudoku::{Puzzle, Sudoku};

const TOP95: &str = include_str!("../../../puzzles/top95.txt");
const SEVENTEEN: &str = include_str!("../../../puzzles/17-clue-1000.txt");

fn config(cells: &str, values: &str, level: PropagationLevel) -> SearchConfig {
    SearchConfig {
        variables: cells.parse().unwrap(),
        values: values.parse().unwrap(),
        level,
        ..SearchConfig::default()
    }
}

/// Solves every puzzle; returns the total placements.
fn solve_all(sudoku: &Sudoku, puzzles: &[Puzzle], config: &SearchConfig) -> u64 {
    puzzles
        .iter()
        .map(|p| sudoku.solve(black_box(p), config).unwrap().stats.placements)
        .sum()
}

fn bench_set(c: &mut Criterion, name: &str, text: &str, cells: &str, values: &str) {
    let sudoku = Sudoku::classic();
    let puzzles: Vec<Puzzle> = text.lines().map(|l| l.parse().unwrap()).collect();
    let config = config(cells, values, PropagationLevel::Singles);
    let placements = solve_all(&sudoku, &puzzles, &config);
    let label = format!("{name} singles {cells}/{values}");

    let mut group = c.benchmark_group("puzzles");
    group.throughput(Throughput::Elements(puzzles.len() as u64));
    group.bench_function(&label, |b| b.iter(|| solve_all(&sudoku, &puzzles, &config)));
    group.finish();

    let mut group = c.benchmark_group("placements");
    group.throughput(Throughput::Elements(placements));
    group.bench_function(&label, |b| b.iter(|| solve_all(&sudoku, &puzzles, &config)));
    group.finish();
}

fn benches(c: &mut Criterion) {
    bench_set(c, "top95", TOP95, "EA", "0");
    bench_set(c, "top95", TOP95, "EH", "5");
    bench_set(c, "17-clue-1000", SEVENTEEN, "EA", "0");
}

criterion_group! {
    name = solve;
    config = Criterion::default().sample_size(20);
    targets = benches
}
criterion_main!(solve);
