//! A heatmap in the making: the choice counts of many searches over grids
//! of one size, summed, then drawn as an SVG file.

use std::path::PathBuf;
use std::sync::Mutex;

use anyhow::{Context, Result};
use csp_core::trace::ChoiceCounts;
use sudoku::GridSize;
use sudoku::render::{self, Drawing};

use crate::diagnostics;

/// The counts of every search of the first grid size seen, for `path`.
pub struct Heatmap {
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

impl Heatmap {
    /// An empty heatmap, to be written to `path`.
    pub fn new(path: PathBuf) -> Heatmap {
        Heatmap {
            path,
            counts: Mutex::new(None),
        }
    }

    /// Adds one search's counts.
    pub fn add(&self, size: GridSize, counts: &ChoiceCounts) {
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

    /// Writes the picture, titled `title` and the number of puzzles.
    pub fn write(&self, title: &str) -> Result<()> {
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
