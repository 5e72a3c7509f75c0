//! The subcommands, over one driver that streams puzzles through a worker
//! function and a reporter.

mod candidates;
mod compare;
mod configs;
mod count;
mod solve;

use std::io::{self, BufWriter, Write};

use anyhow::Result;

pub use candidates::candidates;
pub use compare::compare;
pub use configs::configs;
pub use count::count;
pub use solve::solve;

use crate::cli::{InputArgs, OutputArgs, VariantArg};
use crate::input::PuzzleLines;
use crate::output::{Row, reporter};
use crate::records::Origin;
use crate::runner::{self, Item, Job, Sudokus};

/// How a run went, as an exit code: 0 all good, 1 some puzzle failed
/// (unsolvable, stopped, several solutions where one was required), 2 some
/// input was invalid.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Outcome {
    Success = 0,
    Failure = 1,
    Invalid = 2,
}

/// What each result means for the exit code.
pub trait Classify {
    /// Whether the puzzle line was invalid (and why).
    fn invalid(&self) -> Option<&str>;
    /// Whether the puzzle failed (unsolvable, stopped, ...).
    fn failed(&self) -> bool;
}

/// Runs `f` on the job's puzzle and the rules for its size, once the
/// puzzle parsed and its givens were checked.
pub fn on_puzzle<T>(
    job: &Job,
    sudokus: &Sudokus,
    f: impl FnOnce(&sudoku::Sudoku, &sudoku::Puzzle) -> Result<T, sudoku::SolveError>,
) -> Result<T, sudoku::SolveError> {
    let puzzle = job
        .puzzle
        .as_ref()
        .map_err(|e| sudoku::SolveError::from(e.clone()))?;
    f(sudokus.for_puzzle(puzzle)?, puzzle)
}

/// The origin of a job, for its record.
pub fn origin(job: &Job) -> Origin {
    Origin {
        file: job.entry.source.to_string(),
        line: job.entry.line,
        puzzle: job.entry.text.clone(),
    }
}

pub fn variant(v: VariantArg) -> sudoku::Variant {
    match v {
        VariantArg::Classic => sudoku::Variant::Classic,
        VariantArg::Diagonal => sudoku::Variant::Diagonal,
    }
}

/// Streams the input through `work`, prints every result with the chosen
/// format, reports invalid lines on stderr, and returns the outcome.
/// `summary` turns all results (seen one at a time) into the text
/// summary.
pub fn drive<R: Row + Classify + Send>(
    input: &InputArgs,
    output: &OutputArgs,
    work: impl Fn(&Job, &Sudokus) -> R + Sync,
    mut summary: impl FnMut(Option<&R>) -> String,
) -> Result<Outcome> {
    let jobs = output
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut report = reporter::<R>(output.format, output.quiet);
    let mut outcome = Outcome::Success;
    runner::run(
        PuzzleLines::new(input.files.clone()),
        variant(input.variant),
        jobs.max(1),
        work,
        |item| {
            match item {
                Item::Done(job, record) => {
                    if let Some(why) = record.invalid() {
                        out.flush()?;
                        eprintln!("sudoku: {}:{}: {why}", job.entry.source, job.entry.line);
                        outcome = outcome.max(Outcome::Invalid);
                    } else if record.failed() {
                        outcome = outcome.max(Outcome::Failure);
                    }
                    report.record(&mut out, &record)?;
                    summary(Some(&record));
                }
                Item::Unreadable(e) => {
                    out.flush()?;
                    eprintln!("sudoku: {}: {}", e.source, e.error);
                    outcome = outcome.max(Outcome::Invalid);
                }
            }
            Ok(())
        },
    )?;
    let text = summary(None);
    report.finish(&mut out, &text)?;
    out.flush()?;
    Ok(outcome)
}
