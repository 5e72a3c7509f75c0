//! `sudoku generate`.

use std::io::{self, BufWriter, Write};

use anyhow::{Result, bail};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use sudoku::Sudoku;
use sudoku::generate::Generator;

use super::Outcome;
use crate::cli::{GenerateArgs, GenerateFormat};
use crate::diagnostics;
use crate::generating::{GenerateSettings, Made, clock_seed, make, record};

/// Puzzles made per batch and thread: batches keep memory flat and the
/// output in index order.
const BATCH_PER_THREAD: u64 = 16;

/// The settings of the flags.
fn settings(args: &GenerateArgs) -> GenerateSettings {
    GenerateSettings {
        size: args.size,
        box_shape: args.box_shape.clone(),
        variant: args.variant.clone(),
        symmetry: args.symmetry,
        minimal: args.minimal,
        clues: args.clues.clone(),
        level: args.level.clone(),
        attempts: args.attempts,
        jigsaw: args.jigsaw,
        killer: args.killer,
        lines: args.lines.clone(),
        line_count: args.line_count,
        se: args.se.clone(),
        technique: args.technique.clone(),
        spelling: crate::strategy::Spelling::Flags,
    }
}

pub fn generate(args: &GenerateArgs) -> Result<Outcome> {
    let settings = settings(args);
    let size = settings.grid_size()?;
    let sudoku = Sudoku::new(size, args.variant.clone());
    let options = settings.options()?;
    let own_layout = options.jigsaw || options.killer || !options.lines.is_empty();
    let format = match args.format {
        Some(GenerateFormat::Text) if own_layout => bail!(
            "--format text writes digits only, and --jigsaw, --killer and --lines puzzles have regions, cages or lines: use --format fpuzzles or json"
        ),
        Some(format) => format,
        None if own_layout => GenerateFormat::Fpuzzles,
        None => GenerateFormat::Text,
    };
    // Checks the options before any work.
    Generator::new(&sudoku, options.clone())?;
    let seed = args.seed.unwrap_or_else(clock_seed);
    if args.seed.is_none() && !args.quiet {
        diagnostics::line(&format!(
            "sudoku: note: --seed {seed} (give it to make these puzzles again)"
        ));
    }
    let jobs = super::jobs(args.jobs);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build()?;
    let progress = if args.quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::with_draw_target(Some(args.count), ProgressDrawTarget::stderr())
    };
    progress.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {elapsed} elapsed, eta {eta}")
            .expect("valid template"),
    );
    let json = format == GenerateFormat::Json;
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let mut outcome = Outcome::Success;
    let batch = BATCH_PER_THREAD * jobs as u64;
    let mut start = 0;
    while start < args.count {
        let end = (start + batch).min(args.count);
        let made: Vec<(u64, Made)> = pool.install(|| {
            (start..end)
                .into_par_iter()
                .map_init(
                    || Generator::new(&sudoku, options.clone()).expect("checked options"),
                    |generator, index| {
                        let made = make(generator, &sudoku, seed, index, json);
                        progress.inc(1);
                        (index, made)
                    },
                )
                .collect()
        });
        for (index, made) in made {
            if let Err(e) = &made {
                progress.suspend(|| diagnostics::line(&format!("sudoku: puzzle {index}: {e}")));
                outcome = outcome.max(Outcome::Failure);
            }
            match (made, format) {
                (Ok((g, _, _)), GenerateFormat::Text) => writeln!(out, "{}", g.puzzle.to_line())?,
                (Ok((g, _, document)), GenerateFormat::Fpuzzles) => {
                    let document = document.unwrap_or_else(|| {
                        sudoku
                            .rules()
                            .to_fpuzzles(&g.puzzle, Some(&g.solution), None)
                    });
                    serde_json::to_writer(&mut out, &document)?;
                    writeln!(out)?;
                }
                (made, GenerateFormat::Json) => {
                    let record = record(&sudoku, &options, seed, index, made);
                    serde_json::to_writer(&mut out, &record)?;
                    writeln!(out)?;
                }
                (Err(_), _) => {}
            }
        }
        out.flush()?;
        start = end;
    }
    progress.finish_and_clear();
    Ok(outcome)
}
