//! What `candidates` makes of a puzzle: the candidates left by
//! propagation at a level, or the true candidates (the digits of every
//! solution, counted). The command, the Python package and the web
//! server make their records here.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use csp_core::{Limits, PropagationLevel};

use crate::records::{CandidatesRecord, Headed};
use crate::runner::{Job, Sudokus, on_puzzle, origin};
use crate::strategy::Strategy;

/// The record of `candidates --propagation LEVEL` for one puzzle of the
/// input; a puzzle that cannot be worked on gets an `invalid` record.
pub fn candidates_job(job: &Job, sudokus: &Sudokus, level: PropagationLevel) -> CandidatesRecord {
    let base = CandidatesRecord::new(origin(job), level.to_string());
    let result = on_puzzle(job, sudokus, |sudoku, puzzle| {
        Ok(base
            .clone()
            .shown(&sudoku.candidates(puzzle, level)?, sudoku))
    });
    result.unwrap_or_else(|e| base.invalid(e.kind, e.message))
}

/// The record of `candidates --true --limit LIMIT` for one puzzle of the
/// input, each search made by the turns of `strategy` on that puzzle's
/// grid ([`Strategy::turns`]: a portfolio's, or its one search), all within `limits`,
/// until `interrupt` is raised, if given; a puzzle that cannot be worked
/// on gets an `invalid` record.
pub fn true_candidates_job(
    job: &Job,
    sudokus: &Sudokus,
    strategy: &Strategy,
    limits: Limits,
    limit: u64,
    interrupt: Option<&Arc<AtomicBool>>,
) -> CandidatesRecord {
    let base = CandidatesRecord::new(origin(job), "true".to_string());
    let result = on_puzzle(job, sudokus, |sudoku, puzzle| {
        let turns = strategy.turns(sudoku);
        let found = sudoku.true_candidates_by(puzzle, &turns, limits, limit, interrupt)?;
        Ok(base.clone().true_shown(&found, sudoku))
    });
    result.unwrap_or_else(|e| base.invalid(e.kind, e.message))
}
