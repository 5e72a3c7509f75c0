//! What watches the searches of `solve` and `count`: `--trace` (every
//! event, to a file), `--heatmap` (how often each cell was chosen and
//! backtracked over, as a picture), and on a terminal a status line for
//! each search that runs long.

use anyhow::Result;
use csp_core::trace::{ChoiceCounts, Tracer};
use csp_core::{Search, SearchConfig};
use sudoku::{Puzzle, SolveError, SolveReport, Sudoku};

use crate::answering::{Searching, starter};
use crate::cli::{OutputArgs, TraceArgs, TraceFormatArg};
use crate::diagnostics;
use crate::heatmap::Heatmap;
use crate::records::Origin;
use crate::trace_file::{self, TraceFile};
use sudoku_cli::long_searches::LongSearches;

/// The watchers asked for.
pub struct Watch {
    trace: Option<TraceFile>,
    heatmap: Option<Heatmap>,
    long: Option<LongSearches>,
}

impl Watch {
    /// The watchers of `args`, and the output settings they need.
    pub fn open(args: &TraceArgs, output: &OutputArgs) -> Result<(Watch, OutputArgs)> {
        let (trace, output) = open_trace(args, output)?;
        let heatmap = args.heatmap.clone().map(Heatmap::new);
        let long = LongSearches::on_terminal();
        Ok((
            Watch {
                trace,
                heatmap,
                long,
            },
            output,
        ))
    }

    /// Searches `puzzle` (up to `max_solutions`) under the watchers.
    pub fn run(
        &self,
        origin: &Origin,
        sudoku: &Sudoku,
        puzzle: &Puzzle,
        config: &SearchConfig,
        max_solutions: Option<u64>,
    ) -> Result<SolveReport, SolveError> {
        let mut counts = (self.heatmap.as_ref()).map(|_| ChoiceCounts::new(puzzle.size().cells()));
        let also = counts.as_mut().map(|c| c as &mut dyn Tracer);
        let report = match &self.trace {
            Some(t) => t.run(origin, sudoku, puzzle, config, max_solutions, also),
            None => {
                let mut line = self.long.as_ref().map(|l| l.watch(origin));
                let mut see = (line.as_mut())
                    .map(|line| move |stats: &csp_core::SearchStats| line.see(stats));
                let progress = see.as_mut().map(|see| see as &mut dyn FnMut(&_));
                sudoku.run_watched(puzzle, config, max_solutions, also, progress)
            }
        };
        if let (Some(heatmap), Some(counts), Ok(_)) = (&self.heatmap, &counts, &report) {
            heatmap.add(puzzle.size(), counts);
        }
        report
    }

    /// Hands `job` how the puzzle at `origin` is searched to
    /// `max_solutions` under the watchers: whole runs, from scratch at
    /// every turn of a portfolio, where a trace or a heatmap watches each
    /// run ([`run`](Watch::run)); else searches a portfolio keeps
    /// ([`start`](Watch::start)).
    pub fn searching<R>(
        &self,
        origin: &Origin,
        max_solutions: Option<u64>,
        job: impl FnOnce(Searching<'_>) -> R,
    ) -> R {
        let mut run = |sudoku: &_, puzzle: &_, config: &_| {
            self.run(origin, sudoku, puzzle, config, max_solutions)
        };
        let start = starter(|sudoku, puzzle, config| self.start(origin, sudoku, puzzle, config));
        job(match self.trace.is_some() || self.heatmap.is_some() {
            true => Searching::Runs(&mut run),
            false => Searching::Starts(&start),
        })
    }

    /// A search of `puzzle` with its status line (on a terminal), for a
    /// runner that keeps it ([`crate::answering::Searching::Starts`]).
    fn start<'s>(
        &self,
        origin: &Origin,
        sudoku: &'s Sudoku,
        puzzle: &Puzzle,
        config: &SearchConfig,
    ) -> Result<Search<'s>, SolveError> {
        let mut search = sudoku.search(puzzle, config)?;
        if let Some(long) = &self.long {
            let mut line = long.watch(origin);
            search.set_progress(Box::new(move |stats| line.see(stats)));
        }
        Ok(search)
    }

    /// Writes the heatmap (titled `title`) and flushes the trace.
    pub fn finish(&self, title: &str) -> Result<()> {
        if let Some(t) = &self.trace {
            t.finish()?;
        }
        if let Some(h) = &self.heatmap {
            h.write(title)?;
        }
        Ok(())
    }
}

/// Opens `--trace FILE`, if given, with the output settings it needs: one
/// puzzle at a time (a note says so if `--jobs` asked for more).
fn open_trace(trace: &TraceArgs, output: &OutputArgs) -> Result<(Option<TraceFile>, OutputArgs)> {
    let Some(path) = &trace.trace else {
        return Ok((None, output.clone()));
    };
    if output.jobs.is_some_and(|j| j != 1) {
        diagnostics::line("sudoku: note: --trace runs one puzzle at a time: --jobs is ignored");
    }
    let output = OutputArgs {
        jobs: Some(1),
        ..output.clone()
    };
    let format: Box<dyn trace_file::TraceFormat> = match trace.trace_format {
        TraceFormatArg::Jsonl => Box::new(trace_file::jsonl::Jsonl),
        TraceFormatArg::Text => Box::new(trace_file::text::Text),
    };
    let file = TraceFile::create(path, trace.trace_limit, format)?;
    Ok((Some(file), output))
}
