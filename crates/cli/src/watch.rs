//! What watches the searches of `solve` and `count`: `--trace` (every
//! event, to a file) and `--heatmap` (how often each cell was chosen and
//! backtracked over, as a picture).

use std::path::PathBuf;
use std::sync::Mutex;

use anyhow::{Context, Result};
use csp_core::SearchConfig;
use csp_core::trace::{ChoiceCounts, Tracer};
use sudoku::render::{self, Drawing};
use sudoku::{GridSize, Puzzle, SolveError, SolveReport, Sudoku};

use crate::cli::{OutputArgs, TraceArgs};
use crate::diagnostics;
use crate::records::Origin;
use crate::trace_file::{self, TraceFile};

/// The watchers asked for.
pub struct Watch {
    trace: Option<TraceFile>,
    heatmap: Option<Heatmap>,
}

/// `--heatmap FILE`: the counts of every puzzle of the first size seen.
struct Heatmap {
    path: PathBuf,
    counts: Mutex<Option<Counts>>,
}

struct Counts {
    size: GridSize,
    choices: ChoiceCounts,
    puzzles: u64,
    /// Puzzles of another size, left out.
    skipped: u64,
}

impl Watch {
    /// The watchers of `args`, and the output settings they need.
    pub fn open(args: &TraceArgs, output: &OutputArgs) -> Result<(Watch, OutputArgs)> {
        let (trace, output) = trace_file::open(args, output)?;
        let heatmap = (args.heatmap.clone()).map(|path| Heatmap {
            path,
            counts: Mutex::new(None),
        });
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
        if self.trace.is_none() && self.heatmap.is_none() {
            return sudoku.run(puzzle, config, max_solutions);
        }
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

impl Heatmap {
    fn add(&self, size: GridSize, counts: &ChoiceCounts) {
        let mut all = self.counts.lock().expect("no panics holding the lock");
        let all = all.get_or_insert_with(|| Counts {
            size,
            choices: ChoiceCounts::new(size.cells()),
            puzzles: 0,
            skipped: 0,
        });
        if all.size == size {
            all.choices.add(counts);
            all.puzzles += 1;
        } else {
            all.skipped += 1;
        }
    }

    fn write(&self, title: &str) -> Result<()> {
        let counts = self.counts.lock().expect("no panics holding the lock");
        let Some(c) = counts.as_ref() else {
            diagnostics::line(&format!(
                "sudoku: note: no puzzle was searched: no heatmap written to {}",
                self.path.display()
            ));
            return Ok(());
        };
        if c.skipped > 0 {
            diagnostics::line(&format!(
                "sudoku: note: the heatmap covers the {} {} puzzles; {} of other sizes are left out",
                c.puzzles, c.size, c.skipped
            ));
        }
        let plural = if c.puzzles == 1 { "" } else { "s" };
        let title = format!("{title}: {} puzzle{plural}", c.puzzles);
        let drawing = Drawing::heatmap(c.size, &c.choices.chosen, &c.choices.backtracked, &title);
        std::fs::write(&self.path, render::svg(&drawing))
            .with_context(|| format!("cannot write the heatmap {}", self.path.display()))
    }
}
