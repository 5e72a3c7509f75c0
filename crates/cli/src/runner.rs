//! Runs work over puzzle lines in parallel batches, results in input order,
//! with memory bounded by one batch.

use std::collections::HashMap;

use anyhow::Result;
use rayon::prelude::*;
use sudoku::{GridSize, Propagators, Puzzle, PuzzleError, RulesError, Sudoku, UserRule, Variant};

use crate::input::{Entry, InputError, ReadError};
use crate::records::Origin;

/// Lines read, parsed and then processed together.
const BATCH: usize = 2048;

/// A puzzle of the input, parsed (or not).
pub struct Job {
    /// The puzzle as read.
    pub entry: Entry,
}

/// One [`Sudoku`] per grid size met in the input, built once and shared by
/// the workers.
pub struct Sudokus {
    variant: Variant,
    propagators: Propagators,
    /// Rules given for every puzzle (`--rule`).
    user_rules: Vec<UserRule>,
    /// The rules of each size, or why the user's rules do not fit it.
    by_size: HashMap<GridSize, Result<Sudoku, RulesError>>,
}

impl Sudokus {
    /// For puzzles of the `variant`'s rules, built with `propagators`,
    /// with `user_rules` added to every puzzle's rules.
    pub fn new(variant: Variant, propagators: Propagators, user_rules: Vec<UserRule>) -> Sudokus {
        Sudokus {
            variant,
            propagators,
            user_rules,
            by_size: HashMap::new(),
        }
    }

    /// Builds the rules a puzzle will need, unless it brings its own (an
    /// f-puzzles document).
    pub fn prepare(&mut self, rules: Option<&std::sync::Arc<Sudoku>>, puzzle: &Puzzle) {
        if rules.is_some() {
            return;
        }
        let (size, variant) = (puzzle.size(), &self.variant);
        let (propagators, user_rules) = (self.propagators, &self.user_rules);
        (self.by_size.entry(size))
            .or_insert_with(|| build_rules(variant, propagators, user_rules, size));
    }

    /// The rules for an entry's puzzle (its own, for an f-puzzles
    /// document; else those of its size), with its givens checked.
    pub fn for_entry<'a>(
        &'a self,
        rules: Option<&'a std::sync::Arc<Sudoku>>,
        puzzle: &Puzzle,
    ) -> Result<&'a Sudoku, PuzzleError> {
        let sudoku = match rules {
            Some(own) => own,
            None => (self.by_size[&puzzle.size()].as_ref())
                .map_err(|e| PuzzleError::Rules(e.clone()))?,
        };
        sudoku.check_givens(puzzle)?;
        Ok(sudoku)
    }
}

/// Why a puzzle could not be worked on: its kind (`wrong length`) and the
/// message.
#[derive(Clone, Debug)]
pub struct Invalid {
    /// The kind, to count errors by.
    pub kind: &'static str,
    /// What is wrong.
    pub message: String,
}

impl From<sudoku::SolveError> for Invalid {
    fn from(e: sudoku::SolveError) -> Invalid {
        let kind = match &e {
            sudoku::SolveError::Puzzle(p) => p.kind(),
            sudoku::SolveError::Heuristic(_) => "heuristic",
        };
        Invalid {
            kind,
            message: e.to_string(),
        }
    }
}

impl From<sudoku::PuzzleError> for Invalid {
    fn from(e: sudoku::PuzzleError) -> Invalid {
        Invalid::from(sudoku::SolveError::from(e))
    }
}

impl From<&InputError> for Invalid {
    fn from(e: &InputError) -> Invalid {
        Invalid {
            kind: e.kind(),
            message: e.to_string(),
        }
    }
}

/// Runs `f` on the job's puzzle and the rules for its size, once the
/// puzzle parsed and its givens were checked.
pub fn on_puzzle<T>(
    job: &Job,
    sudokus: &Sudokus,
    f: impl FnOnce(&sudoku::Sudoku, &sudoku::Puzzle) -> Result<T, sudoku::SolveError>,
) -> Result<T, Invalid> {
    let puzzle = job.entry.puzzle.as_ref().map_err(Invalid::from)?;
    let sudoku = sudokus
        .for_entry(job.entry.rules.as_ref(), puzzle)
        .map_err(Invalid::from)?;
    Ok(f(sudoku, puzzle)?)
}

/// The origin of a job, for its record.
pub fn origin(job: &Job) -> Origin {
    Origin {
        file: job.entry.source.to_string(),
        line: job.entry.line,
        puzzle: job.entry.text.clone(),
    }
}

/// The rules of a plain puzzle of `size`: the `variant`'s, with
/// `user_rules` added, enforced by `propagators`.
pub fn build_rules(
    variant: &Variant,
    propagators: Propagators,
    user_rules: &[UserRule],
    size: GridSize,
) -> Result<Sudoku, RulesError> {
    let mut rules = variant.rules();
    for rule in user_rules {
        rules.elements.push(rule.element(size.side())?);
    }
    Ok(Sudoku::with_rules(size, rules)?.with_propagators(propagators))
}

/// `entry` with the rules it is solved under built now (its own for a
/// document, else `variant`'s with the options' propagators and rules for
/// its size), so that it keeps them wherever it goes; rules that do not
/// fit make its puzzle an error.
pub fn with_built_rules(
    mut entry: Entry,
    variant: &Variant,
    options: &crate::input::ReadOptions,
) -> Entry {
    if entry.rules.is_none()
        && let Ok(p) = &entry.puzzle
    {
        match build_rules(variant, options.propagators, &options.user_rules, p.size()) {
            Ok(s) => entry.rules = Some(std::sync::Arc::new(s)),
            Err(e) => entry.puzzle = Err(InputError::Rules(e)),
        }
    }
    entry
}

/// What the runner hands the sink, in input order.
pub enum Item<'a, R> {
    /// A puzzle and what the work made of it.
    Done(&'a Job, R),
    /// Input that could not be read at all (the run goes on with the next
    /// file).
    Unreadable(ReadError),
}

/// Runs `work` on every puzzle of `lines` (a [`PuzzleLines`](crate::input::PuzzleLines) or any entries) on `jobs` threads and passes
/// the results to `sink` in input order.
pub fn run<R: Send>(
    lines: impl IntoIterator<Item = Result<Entry, ReadError>>,
    mut sudokus: Sudokus,
    jobs: usize,
    work: impl Fn(&Job, &Sudokus) -> R + Sync,
    mut sink: impl FnMut(Item<'_, R>) -> Result<()>,
) -> Result<()> {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build()?;
    let mut batch: Vec<Job> = Vec::with_capacity(BATCH);
    let flush = |batch: &mut Vec<Job>,
                 sudokus: &Sudokus,
                 sink: &mut dyn FnMut(Item<'_, R>) -> Result<()>| {
        let results: Vec<R> = pool.install(|| batch.par_iter().map(|j| work(j, sudokus)).collect());
        for (job, r) in batch.iter().zip(results) {
            sink(Item::Done(job, r))?;
        }
        batch.clear();
        anyhow::Ok(())
    };
    for item in lines {
        match item {
            Ok(entry) => {
                if let Ok(p) = &entry.puzzle {
                    sudokus.prepare(entry.rules.as_ref(), p);
                }
                batch.push(Job { entry });
                if batch.len() == BATCH {
                    flush(&mut batch, &sudokus, &mut sink)?;
                }
            }
            Err(e) => {
                flush(&mut batch, &sudokus, &mut sink)?;
                sink(Item::Unreadable(e))?;
            }
        }
    }
    flush(&mut batch, &sudokus, &mut sink)
}
