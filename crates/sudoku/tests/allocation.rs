#![allow(unsafe_code)]
//! The search allocates nothing per node: a counting allocator sees the same
//! handful of allocations for a run of 49,559 iterations as for a run of a
//! few dozen.

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use common::*;
use csp_core::PropagationLevel;
use sudoku::Sudoku;

struct Counting;

thread_local! {
    /// Allocations made by this thread (other threads, such as the test
    /// harness's, do not count: the search runs on the test's thread).
    static ALLOCATIONS: Cell<u64> = const { Cell::new(0) };
}

fn count_one() {
    // (`try_with`: a thread being torn down has no counter left.)
    let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
}

/// Allocations made by this thread so far.
fn allocations() -> u64 {
    ALLOCATIONS.with(Cell::get)
}

// SAFETY: forwards to the system allocator, only counting calls (in a
// thread-local cell with a const initializer, which never allocates).

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Allocations made by the search loop alone.
fn allocations_of_run(
    puzzle: &str,
    cells: &str,
    values: &str,
    level: PropagationLevel,
) -> (u64, u64) {
    let sudoku = Sudoku::classic();
    let puzzle = puzzle.parse().unwrap();
    let config = config(cells, values, level);
    let mut search = sudoku.search(&puzzle, &config).unwrap();
    // The root (and its exact search-space product, whose size depends on
    // the puzzle, not on the nodes) is done before counting.
    search.propagate_root().unwrap();
    let before = allocations();
    let result = search.run(Some(1));
    let after = allocations();
    (after - before, result.stats.iterations)
}

#[test]
fn search_allocates_nothing_per_node() {
    // Each strategy on a short and a long search: the allocations are the
    // same few (the first solution, the distance table the first time I or
    // J scores), whatever the number of nodes.
    for (cells, values, level, hard) in [
        ("A", "0", PropagationLevel::None, INKALA),
        ("EK", "5", PropagationLevel::ForwardChecking, INKALA),
        ("DIJ", "39a", PropagationLevel::ForwardChecking, INKALA),
        ("GH", "1678", PropagationLevel::ForwardChecking, INKALA),
        ("EC", "2", PropagationLevel::ForwardChecking, INKALA),
    ] {
        let easy = EASY_200.lines().next().unwrap();
        let (short, short_iterations) = allocations_of_run(easy, cells, values, level);
        let (long, long_iterations) = allocations_of_run(hard, cells, values, level);
        assert!(
            long_iterations >= 10 * short_iterations && long_iterations >= 100,
            "{cells}/{values} {level}: {short_iterations} vs {long_iterations} iterations"
        );
        assert_eq!(
            short, long,
            "{cells}/{values} {level}: allocations grow with nodes"
        );
        assert!(long <= 2, "{cells}/{values} {level}: {long} allocations");
    }
}

#[test]
fn variant_search_allocates_nothing_per_node() {
    // An arrow puzzle at none and fc, where the search lists its houses'
    // forward checking ahead and the engine runs the arrows, and at
    // singles: 100 placements against 10,000, stopped each time (no
    // solution is recorded), the same allocations.
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../puzzles/variants/arrow/arrow-lisudoku-arrow_9x9_2.json"
    );
    let vp = sudoku::VariantPuzzle::from_json(&std::fs::read_to_string(path).unwrap()).unwrap();
    let grid = Sudoku::with_rules(vp.puzzle.size(), vp.rules).unwrap();
    for (cells, values, level) in [
        ("EA", "0", PropagationLevel::None),
        ("ED", "5", PropagationLevel::ForwardChecking),
        ("L", "1", PropagationLevel::Singles),
    ] {
        let listed = level < PropagationLevel::Singles;
        let model = grid.model_for(level);
        let groups = model.listed_groups().expect("the houses come first");
        assert_eq!(groups.hold_at(level), listed);
        let run = |placements| {
            let mut config = config(cells, values, level);
            config.limits.max_placements = Some(placements);
            let mut search = grid.search(&vp.puzzle, &config).unwrap();
            search.propagate_root().unwrap();
            let before = allocations();
            let result = search.run(Some(1));
            assert_eq!(result.stats.placements, placements);
            allocations() - before
        };
        let (short, long) = (run(100), run(10_000));
        assert_eq!(
            short, long,
            "{cells}/{values} {level} (listed: {listed}): allocations grow with nodes"
        );
        assert!(long <= 2, "{cells}/{values} {level}: {long} allocations");
    }
}

/// Sandwich clues on every row and column (0 or 35, which cannot all
/// hold), a renban line, a little killer and a quadruple on an empty grid.
fn unsatisfiable_sandwiches() -> serde_json::Value {
    let mut sandwiches = Vec::new();
    for k in 1..=9 {
        let row = if k % 2 == 1 { "35" } else { "0" };
        let col = if k % 2 == 0 { "35" } else { "0" };
        sandwiches.push(serde_json::json!({ "cell": format!("R{k}C0"), "value": row }));
        sandwiches.push(serde_json::json!({ "cell": format!("R0C{k}"), "value": col }));
    }
    let grid: Vec<Vec<serde_json::Value>> = vec![vec![serde_json::json!({}); 9]; 9];
    serde_json::json!({
        "size": 9,
        "grid": grid,
        "sandwichsum": sandwiches,
        "renban": [{ "lines": [["R5C1", "R5C2", "R5C3", "R5C4"]] }],
        "littlekillersum": [{ "cell": "R0C1", "direction": "DR", "value": "40" }],
        "quadruple": [{ "cells": ["R1C2", "R1C3", "R2C2", "R2C3"], "values": [1, 2] }],
    })
}

#[test]
fn regular_constraints_allocate_nothing_per_node() {
    // Sandwich clues on every row and column (0 or 35, which cannot all
    // hold), a renban line, a little killer and a quadruple: regular and
    // table constraints on an empty grid, searched at none and fc for 100 and for 10,000
    // placements: the same allocations (the automata's work space grows
    // once, then is reused).
    let doc = unsatisfiable_sandwiches();
    let vp = sudoku::VariantPuzzle::from_json(&doc.to_string()).unwrap();
    let grid = Sudoku::with_rules(vp.puzzle.size(), vp.rules).unwrap();
    for (cells, values, level) in [
        ("EA", "0", PropagationLevel::None),
        ("ED", "5", PropagationLevel::ForwardChecking),
    ] {
        let run = |placements| {
            let mut config = config(cells, values, level);
            config.limits.max_placements = Some(placements);
            let mut search = grid.search(&vp.puzzle, &config).unwrap();
            search.propagate_root().unwrap();
            let before = allocations();
            let result = search.run(Some(1));
            assert_eq!(result.stats.placements, placements);
            allocations() - before
        };
        let (short, long) = (run(100), run(10_000));
        assert_eq!(
            short, long,
            "{cells}/{values} {level}: allocations grow with nodes"
        );
        assert!(long <= 2, "{cells}/{values} {level}: {long} allocations");
    }
}

#[test]
fn adaptive_search_and_restarts_allocate_nothing_per_node() {
    // Adaptive chains (weights, conflict scores, activities, impacts,
    // last conflict) and Luby restarts with their nogoods, counting every
    // solution of the empty grid at fc: 100 placements against 10,000, the
    // same allocations (the sizes the learning links read and the nogood store
    // are made once per run; the store has room for eight restarts of full
    // depth and grows by doubling past that, never per node).
    let grid = Sudoku::classic();
    let empty: sudoku::Puzzle = ".".repeat(81).parse().unwrap();
    for (cells, values, level, restarts) in [
        ("ZWA", "0", PropagationLevel::ForwardChecking, "none"),
        ("XEA", "b0", PropagationLevel::ForwardChecking, "none"),
        ("QEA", "0", PropagationLevel::ForwardChecking, "luby:10"),
        ("VPA", "b", PropagationLevel::ForwardChecking, "luby:10"),
    ] {
        let run = |placements| {
            let mut config = config(cells, values, level);
            config.limits.max_placements = Some(placements);
            config.restarts = restarts.parse().unwrap();
            let mut search = grid.search(&empty, &config).unwrap();
            search.propagate_root().unwrap();
            let before = allocations();
            let result = search.run(None);
            assert_eq!(result.stats.placements, placements);
            (allocations() - before, result.stats.restarts)
        };
        let ((short, _), (long, restarts_made)) = (run(100), run(10_000));
        assert!(
            restarts == "none" || restarts_made >= 5,
            "{cells}/{values} {level}: {restarts_made} restarts"
        );
        // Without restarts the same; with them, at most one growth of the
        // nogood store per doubling of the restarts (17 restarts here).
        let growths = u64::from(64 - restarts_made.leading_zeros());
        assert!(
            long == short || (restarts != "none" && long <= short + growths),
            "{cells}/{values} {level} {restarts}: {short} then {long} allocations, {restarts_made} restarts"
        );
        // The sizes, the nogoods' three arrays, the first solution.
        assert!(short <= 5, "{cells}/{values} {level}: {short} allocations");
    }
}

/// The bitboard solver allocates its frames once, when it is made: a count
/// allocates the first solution only, however many nodes it visits (the
/// Inkala's puzzle against an easy one, and an empty 16x16 grid).
#[test]
fn the_bitboard_solver_allocates_nothing_per_node() {
    use sudoku::bitboard::Bitboard;
    use sudoku::{GridSize, Puzzle, Variant};
    let mut solver = Bitboard::new(&Sudoku::classic()).unwrap();
    let allocations_of = |solver: &mut Bitboard, line: &str| {
        let puzzle = Puzzle::parse(line).unwrap();
        let before = allocations();
        let counted = solver.count(&puzzle, 2).unwrap();
        (allocations() - before, counted.placements)
    };
    let (easy, few) = allocations_of(&mut solver, EASY_200.lines().next().unwrap());
    let (hard, many) = allocations_of(&mut solver, INKALA);
    assert!(few < 10 && many > 100, "{few} {many}");
    assert_eq!(easy, hard);
    assert!(hard <= 2, "{hard}");
    let sixteen = Sudoku::new(GridSize::from_side(16).unwrap(), Variant::default());
    let mut solver = Bitboard::new(&sixteen).unwrap();
    let empty = Puzzle::empty(sixteen.size());
    let before = allocations();
    let counted = solver.count(&empty, 2).unwrap();
    assert!(counted.placements > 100, "{}", counted.placements);
    assert!(allocations() - before <= 2);
}

#[test]
fn a_human_step_allocates_what_it_finds_and_no_more() {
    // `human:4.4` on top95's first five puzzles, search and root alike:
    // the finders that look and find nothing allocate nothing, so what a
    // step costs is the step found (its removals, words and picture:
    // 1,715 allocations for 70 steps). Before the finders kept their work
    // on the stack and their room per thread: 30,506, 435 a step.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../puzzles/top95.txt");
    let text = std::fs::read_to_string(path).unwrap();
    let sudoku = Sudoku::classic();
    let level = PropagationLevel::Human(44);
    let config = config("EA", "0", level);
    let (mut steps, mut allocated) = (0, 0);
    for line in text.lines().take(5) {
        let puzzle = line.parse().unwrap();
        let mut search = sudoku.search(&puzzle, &config).unwrap();
        let before = allocations();
        // (The root's exact search-space product depends on the puzzle.)
        let root = search.propagate_root();
        let result = search.run(Some(2));
        allocated += allocations() - before;
        assert!(root.is_ok());
        let human = (result.stats.rules.iter())
            .find(|(rule, _)| *rule == csp_core::Rule::Human)
            .map(|(_, counter)| counter.runs)
            .unwrap();
        steps += human;
    }
    assert_eq!(steps, 70, "the human runs of the five");
    let per_step = allocated / steps;
    assert!(
        per_step <= 40,
        "{allocated} allocations for {steps} human runs: {per_step} a run"
    );
}
