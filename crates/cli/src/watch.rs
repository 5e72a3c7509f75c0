//! What watches the searches of `solve` and `count`: `--trace` (every
//! event, to a file) and `--heatmap` (how often each cell was chosen and
//! backtracked over, as a picture).

use anyhow::Result;
use csp_core::SearchConfig;
use csp_core::trace::{ChoiceCounts, Tracer};
use sudoku::{Puzzle, SolveError, SolveReport, Sudoku};

use crate::cli::{OutputArgs, TraceArgs};
use crate::heatmap::Heatmap;
use crate::records::Origin;
use crate::trace_file::{self, TraceFile};

/// The watchers asked for.
pub struct Watch {
    trace: Option<TraceFile>,
    heatmap: Option<Heatmap>,
}

impl Watch {
    /// The watchers of `args`, and the output settings they need.
    pub fn open(args: &TraceArgs, output: &OutputArgs) -> Result<(Watch, OutputArgs)> {
        let (trace, output) = trace_file::open(args, output)?;
        let heatmap = args.heatmap.clone().map(Heatmap::new);
        Ok((Watch { trace, heatmap }, output))
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
            None => sudoku.run_traced(puzzle, config, max_solutions, also),
        };
        if let (Some(heatmap), Some(counts), Ok(_)) = (&self.heatmap, &counts, &report) {
            heatmap.add(puzzle.size(), counts);
        }
        report
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
