//! The subcommands, over one driver that streams puzzles through a worker
//! function and a reporter.

mod candidates;
mod compare;
mod completions;
mod configs;
mod count;
mod csp;
mod explain;
mod generate;
mod man;
mod merge;
mod rate;
mod render;
mod serve;
mod solve;

use std::io::{self, BufWriter, IsTerminal, Write};

use anyhow::Result;

pub use candidates::candidates;
pub use compare::compare;
pub use completions::completions;
pub use configs::configs;
pub use count::count;
pub use csp::csp;
pub use explain::explain;
pub use generate::generate;
pub use man::man;
pub use merge::merge;
pub use rate::rate;
pub use render::render;
pub use serve::serve;
pub use solve::solve;

use crate::cli::{Format, InputArgs, OutputArgs, ReadArgs};
use crate::diagnostics::{self, ErrorReport};
use crate::input::{PuzzleLines, ReadOptions, parse_box};
use crate::output::{Row, reporter};
pub use crate::runner::origin;
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
    /// Whether the puzzle was invalid: the kind of error (to count errors
    /// by) and the message.
    fn invalid(&self) -> Option<(&'static str, &str)>;
    /// Whether the puzzle failed (unsolvable, stopped, ...).
    fn failed(&self) -> bool;
    /// How it failed, in a few words (`multiple solutions (not unique)`):
    /// what `--quiet` text says on standard error for a failed puzzle,
    /// since its standard output holds only the answer.
    fn failure(&self) -> String;
}

/// The puzzles of the input files (or standard input), read with the
/// input flags.
pub fn puzzle_lines(input: &InputArgs) -> Result<PuzzleLines> {
    Ok(PuzzleLines::new(
        input.files.clone(),
        read_options(&input.read)?,
    ))
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
    let jobs = jobs(output.jobs);
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut report = reporter::<R>(output.format, output.quiet);
    let mut outcome = Outcome::Success;
    let mut errors = ErrorReport::new();
    let quiet_text = output.quiet && output.format == Format::Text;
    // Whether any puzzle was read, and any input could not be: when
    // nothing was read because an input is missing, there is no total
    // to print beside the error.
    let (mut read_any, mut unreadable) = (false, false);
    if let Some(hint) = stdin_hint(&input.files, std::io::stdin().is_terminal()) {
        diagnostics::line(hint);
    }
    let lines = puzzle_lines(input)?;
    if let Some(note) = crate::input::skipped_note(lines.skipped()) {
        diagnostics::line(&format!("sudoku: {note}"));
    }
    runner::run(lines, sudokus(&input.read), jobs, work, |item| {
        match item {
            Item::Done(job, record) => {
                read_any = true;
                if let Some(note) = &job.entry.note {
                    out.flush()?;
                    diagnostics::line(&format!("sudoku: {note}"));
                }
                let place = || format!("{}:{}", job.entry.source, job.entry.line);
                let invalid = record.invalid();
                if let Some((kind, why)) = invalid {
                    out.flush()?;
                    errors.error(&place(), kind, why);
                    outcome = outcome.max(Outcome::Invalid);
                } else if record.failed() {
                    if quiet_text {
                        out.flush()?;
                        diagnostics::line(&format!("sudoku: {}: {}", place(), record.failure()));
                    }
                    outcome = outcome.max(Outcome::Failure);
                }
                // An invalid line's error is on standard error already:
                // the text output does not say it again (json and csv
                // keep the record; quiet text keeps one output line per
                // puzzle, an empty one).
                if invalid.is_none() || output.format != Format::Text {
                    report.record(&mut out, &record)?;
                } else if output.quiet {
                    writeln!(out)?;
                }
                summary(Some(&record));
            }
            Item::Unreadable(e) => {
                unreadable = true;
                out.flush()?;
                diagnostics::line(&format!("sudoku: {e}"));
                outcome = outcome.max(Outcome::Invalid);
            }
        }
        Ok(())
    })?;
    let text = match unreadable && !read_any {
        true => String::new(),
        false => summary(None),
    };
    report.finish(&mut out, &text)?;
    out.flush()?;
    errors.finish();
    Ok(outcome)
}

/// The head of a closing line: `total: 95 puzzles (90 solved, 5
/// stopped)`, `total: 1 puzzle (1 solved)`, or `total: 0 puzzles` when
/// nothing was read.
pub fn total_head(puzzles: u64, statuses: &[String]) -> String {
    let counted = sudoku_cli::words::count(puzzles, "puzzle");
    if statuses.is_empty() {
        format!("total: {counted}")
    } else {
        format!("total: {counted} ({})", statuses.join(", "))
    }
}

/// A strategy in short: `EA/0/fc`.
pub fn short_strategy(config: &csp_core::SearchConfig) -> String {
    format!("{}/{}/{}", config.variables, config.values, config.level)
}

/// The strategy of a job where only the answer matters (`count`, `solve
/// --unique`): the portfolio unless a preset, chain or engine is named, or
/// a search is traced (a trace or heatmap is one search's story: then the
/// `default` preset); a portfolio named with `--trace` or `--heatmap` is
/// refused.
pub fn answering_strategy(
    overrides: &crate::strategy::Overrides,
    trace: &crate::cli::TraceArgs,
) -> Result<crate::strategy::Strategy> {
    let traced = trace.trace.is_some() || trace.heatmap.is_some();
    let overrides = if traced {
        overrides.clone()
    } else {
        crate::strategy::answering(overrides)
    };
    let strategy = crate::strategy::resolve(&overrides)?;
    if let (true, Some(plan)) = (traced, &strategy.portfolio) {
        anyhow::bail!(
            "--trace and --heatmap follow one search, and the portfolio `{}` runs several: name one of its members ({}) with --config",
            strategy.name,
            plan.all_names().join(", ")
        );
    }
    Ok(strategy)
}

/// A note when `--seed` was given to a strategy with no random heuristic
/// (C, 2): it has no effect there.
pub fn note_unused_seed(flag: Option<u64>, strategy: &crate::strategy::Strategy) {
    let s = &strategy.search;
    if flag.is_some() && !s.variables.is_random() && !s.values.is_random() {
        diagnostics::line(&format!(
            "sudoku: note: --seed has no effect: the strategy {}/{} has no random heuristic (cells C, values 2)",
            s.variables, s.values
        ));
    }
}

/// What to say when puzzles are read from a terminal: otherwise the
/// program seems to hang, waiting for input.
pub fn stdin_hint(files: &[std::path::PathBuf], stdin_is_terminal: bool) -> Option<&'static str> {
    let reads_stdin = files.is_empty() || files.iter().any(|f| f.as_os_str() == "-");
    (reads_stdin && stdin_is_terminal).then_some(
        "sudoku: reading puzzles from the terminal: paste or type them, one per line, then press Ctrl-D (or give a file; see --help)",
    )
}

/// Worker threads: `None` or 0 mean one per core.
pub fn jobs(requested: Option<usize>) -> usize {
    match requested {
        Some(n) if n > 0 => n,
        _ => std::thread::available_parallelism().map_or(1, |n| n.get()),
    }
}

/// How to read the input, from the `--symbols`, `--box` and
/// `--propagators` flags.
pub fn read_options(read: &ReadArgs) -> Result<ReadOptions> {
    let symbols = (read.symbols.as_deref())
        .map(str::parse::<sudoku::Symbols>)
        .transpose()?;
    let shape = (read.box_shape.as_deref())
        .map(|text| parse_box(text, crate::strategy::Spelling::Flags))
        .transpose()?;
    Ok(ReadOptions {
        symbols,
        shape,
        propagators: read.propagators,
        user_rules: read.user_rules.clone(),
        ignore_unknown: read.ignore_unknown,
    })
}

/// The models for the puzzles read with `read` (its global rules and
/// propagators), made per rule set as puzzles come.
pub fn sudokus(read: &ReadArgs) -> Sudokus {
    Sudokus::new(
        read.variant.clone(),
        read.propagators,
        read.user_rules.clone(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hint_only_when_puzzles_come_from_a_terminal() {
        let file = [std::path::PathBuf::from("p.txt")];
        let dash = [std::path::PathBuf::from("-")];
        assert!(stdin_hint(&[], true).unwrap().contains("Ctrl-D"));
        assert!(stdin_hint(&dash, true).is_some());
        assert_eq!(stdin_hint(&[], false), None);
        assert_eq!(stdin_hint(&file, true), None);
    }

    #[test]
    fn zero_jobs_means_every_core() {
        assert!(jobs(Some(0)) >= 1);
        assert_eq!(jobs(Some(0)), jobs(None));
        assert_eq!(jobs(Some(3)), 3);
    }
}
