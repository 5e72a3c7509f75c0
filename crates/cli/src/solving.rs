//! What `solve` and `count` make of a puzzle once searched: the record,
//! the level needed, the uniqueness check. The commands and the Python
//! package both make their records here; each runs the search its own way
//! (with a trace, with heuristics written in Python, ...).

use std::cell::RefCell;
use std::time::Instant;

use sudoku::bitboard::{Bitboard, BitboardError};
use sudoku::{GridSize, Puzzle, SolveError, Sudoku, Symbols};

use crate::answering::{Answer, Runner, Searching};
use crate::records::{CountRecord, Found, Headed, SolveRecord, StrategyRecord, stop_words};
use crate::runner::{Job, Sudokus, on_puzzle, origin};

/// The checks made beside the search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolveChecks {
    /// Rate the puzzle: the lowest level that solves it without a guess
    /// (`level_needed`), within the strategy's time limit.
    pub rate: bool,
    /// Check that the solution is the only one (`--unique`).
    pub unique: bool,
}

/// `base` (the puzzle's origin and strategy) completed with the outcome
/// of the search that gave `answer`, and with the `checks` (the
/// uniqueness check by `runner` where the bitboard solver does not apply).
pub fn solve_record(
    base: SolveRecord,
    answer: &Answer,
    sudoku: &Sudoku,
    puzzle: &Puzzle,
    symbols: &Symbols,
    runner: &Runner,
    checks: SolveChecks,
) -> Result<SolveRecord, SolveError> {
    let report = &answer.report;
    let mut r = base.solved(Found::by_engine(report), sudoku, puzzle, symbols);
    if let Some(by) = &answer.by {
        r.strategy = by.clone();
    }
    if checks.rate {
        // Within the strategy's time limit; `unknown` past it.
        let rated = sudoku.level_needed_within(puzzle, runner.search().limits.timeout)?;
        r.level_needed = Some(rated.map_or("unknown", |l| l.name()));
    }
    if checks.unique && report.solution.is_some() {
        // Exact by the bitboard solver where it applies, else the engine
        // within the strategy's limits (a stopped check establishes
        // nothing: say so).
        let unique = match unique_by_bitboard(sudoku, puzzle) {
            Some(unique) => Some(unique),
            None => {
                let count = runner
                    .answer_on(sudoku, |c| sudoku.search(puzzle, c), Some(2))?
                    .report;
                if let Some(reason) = count.stop_reason() {
                    r.head.error = Some(format!(
                        "uniqueness unknown: {} in the search for a second solution",
                        stop_words(reason)
                    ));
                }
                count
                    .stop_reason()
                    .is_none()
                    .then(|| count.solutions() == 1)
            }
        };
        r = r.with_uniqueness(unique);
    }
    Ok(r)
}

thread_local! {
    /// Each worker's bitboard solver for classic grids of the last size it
    /// met: made once, not per puzzle.
    static CLASSIC: RefCell<Option<(GridSize, Bitboard)>> = const { RefCell::new(None) };
}

/// Counts `puzzle` with the bitboard solver (a thread's own for classic
/// grids; one made for the puzzle's rules otherwise), keeping the first
/// solution if `keep`.
pub fn bitboard_count(
    sudoku: &Sudoku,
    puzzle: &Puzzle,
    limit: u64,
    keep: bool,
) -> Result<(sudoku::bitboard::BitboardCount, std::time::Duration), BitboardError> {
    let run = |solver: &mut Bitboard| {
        let start = Instant::now();
        let counted = if keep {
            solver.count(puzzle, limit)?
        } else {
            solver.count_without_solution(puzzle, limit)?
        };
        Ok((counted, start.elapsed()))
    };
    if !sudoku.rules().is_classic() {
        return run(&mut Bitboard::new(sudoku)?);
    }
    CLASSIC.with_borrow_mut(|cached| {
        if cached
            .as_ref()
            .is_none_or(|(size, _)| *size != sudoku.size())
        {
            *cached = Some((sudoku.size(), Bitboard::new(sudoku)?));
        }
        run(&mut cached.as_mut().expect("made above").1)
    })
}

/// The record of `solve --engine bitboard` for one puzzle of the input:
/// the bitboard solver counts it to 1 (to 2 with `unique`); a puzzle it
/// cannot take (other rules than houses) is that puzzle's error, of kind
/// `bitboard`.
pub fn bitboard_solve_job(
    job: &Job,
    sudokus: &Sudokus,
    strategy: &StrategyRecord,
    unique: bool,
) -> SolveRecord {
    let base = SolveRecord::new(origin(job), strategy.clone());
    let limit = if unique { 2 } else { 1 };
    let result = on_puzzle(job, sudokus, |sudoku, puzzle| {
        let counted = bitboard_count(sudoku, puzzle, limit, true);
        Ok(counted.map(|(counted, elapsed)| {
            let found = Found::by_bitboard(&counted, elapsed);
            let r = (base.clone()).solved(found, sudoku, puzzle, &job.entry.symbols);
            // Counted to 2: whether the solution is the only one.
            match counted.solutions {
                n if unique && n > 0 => r.with_uniqueness(Some(n == 1)),
                _ => r,
            }
        }))
    });
    let (kind, message) = match result {
        Ok(Ok(record)) => return record,
        Ok(Err(e)) => ("bitboard", e.to_string()),
        Err(e) => (e.kind, e.message),
    };
    base.invalid(kind, message)
}

/// The record of `count --engine bitboard` for one puzzle of the input,
/// up to `limit` solutions (`None`: all); a puzzle the bitboard solver
/// cannot take is that puzzle's error, of kind `bitboard`.
pub fn bitboard_count_job(
    job: &Job,
    sudokus: &Sudokus,
    strategy: &StrategyRecord,
    limit: Option<u64>,
) -> CountRecord {
    let base = CountRecord::new(origin(job), strategy.clone(), limit);
    let result = on_puzzle(job, sudokus, |sudoku, puzzle| {
        let counted = bitboard_count(sudoku, puzzle, limit.unwrap_or(u64::MAX), true);
        Ok(counted.map(|(counted, elapsed)| {
            base.clone()
                .counted(Found::by_bitboard(&counted, elapsed), sudoku)
        }))
    });
    match result {
        Ok(Ok(record)) => record,
        Ok(Err(e)) => base.invalid("bitboard", e.to_string()),
        Err(e) => base.invalid(e.kind, e.message),
    }
}

/// Grids of houses up to 16x16: whether `puzzle` (which has a solution)
/// has only one, by the bitboard solver, which is exact and has no
/// limits; `None` elsewhere (other rules, or 25x25, where a count to 2 can
/// take it long and the engine's check keeps the strategy's limits).
fn unique_by_bitboard(sudoku: &Sudoku, puzzle: &Puzzle) -> Option<bool> {
    if !sudoku.has_only_houses() || sudoku.size().side() > 16 {
        return None;
    }
    let (counted, _) = bitboard_count(sudoku, puzzle, 2, false).ok()?;
    Some(counted.solutions == 1)
}

/// The record of `solve` for one puzzle of the input: the `runner`'s
/// strategy answers, `searching` the puzzle (with the rules for it, its
/// givens checked) for one solution with each config the runner gives
/// it; the `checks` follow. A puzzle that cannot be worked on gets an
/// `invalid` record.
pub fn solve_job(
    job: &Job,
    sudokus: &Sudokus,
    runner: &Runner,
    checks: SolveChecks,
    mut searching: Searching<'_>,
) -> SolveRecord {
    let base = SolveRecord::new(origin(job), runner.record().clone());
    let result = on_puzzle(job, sudokus, |sudoku, puzzle| {
        let answer = runner.answer_with(sudoku, puzzle, &mut searching, Some(1))?;
        let symbols = &job.entry.symbols;
        solve_record(
            base.clone(),
            &answer,
            sudoku,
            puzzle,
            symbols,
            runner,
            checks,
        )
    });
    result.unwrap_or_else(|e| base.invalid(e.kind, e.message))
}

/// The record of `count` for one puzzle of the input, counting to `limit`
/// (`None`: all): the `runner`'s strategy answers, `searching` the puzzle
/// (with the rules for it, its givens checked) with each config the
/// runner gives it; a puzzle that cannot be worked on gets an `invalid`
/// record.
pub fn count_job(
    job: &Job,
    sudokus: &Sudokus,
    runner: &Runner,
    limit: Option<u64>,
    mut searching: Searching<'_>,
) -> CountRecord {
    let base = CountRecord::new(origin(job), runner.record().clone(), limit);
    let result = on_puzzle(job, sudokus, |sudoku, puzzle| {
        let answer = runner.answer_with(sudoku, puzzle, &mut searching, limit)?;
        let mut r = base.clone();
        if let Some(by) = answer.by {
            r.strategy = by;
        }
        Ok(r.counted(Found::by_engine(&answer.report), sudoku))
    });
    result.unwrap_or_else(|e| base.invalid(e.kind, e.message))
}
