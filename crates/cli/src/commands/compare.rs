//! `sudoku compare`: the flags read into a [`Comparison`], run by the
//! library's pipeline with a progress bar, and the table printed.

use anyhow::{Result, bail};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::{Outcome, read_options};
use crate::cli::{CompareArgs, ComparisonArgs, CspCompareArgs};
use crate::compare::instance_sets;
use crate::compare::pipeline::{self, Comparison, InvalidLine, Progress};
use crate::compare::plot;
use crate::compare::report;
use crate::compare::sets::{self, PuzzleSet};
use crate::compare::strategies::{self, Lists};
use crate::diagnostics::ErrorReport;
use crate::runner::Sudokus;

pub fn compare(args: &CompareArgs) -> Result<Outcome> {
    let options = read_options(&args.read)?;
    let mut sets: Vec<PuzzleSet> = Vec::new();
    for name in &args.sets {
        sets.push(sets::built_in(name)?);
    }
    for path in &args.files {
        sets.push(sets::from_file(path, &options)?);
    }
    if sets.is_empty() {
        bail!("nothing to compare on: give puzzle files or --set NAME (e.g. --set top95)");
    }
    run(
        sets,
        &args.comparison,
        args.heatmap.clone(),
        super::sudokus(&args.read),
    )
}

/// `sudoku csp compare`: the same comparison over XCSP3 instance sets.
pub fn csp_compare(args: &CspCompareArgs) -> Result<Outcome> {
    let mut sets: Vec<PuzzleSet> = Vec::new();
    for path in &args.sets {
        sets.push(instance_sets::from_path(path)?);
    }
    let none = Sudokus::new(Default::default(), Default::default(), Vec::new());
    run(sets, &args.comparison, None, none)
}

/// Runs the comparison of `args` over `sets` with a progress bar and
/// prints its table (or, for a shard, where its runs went).
fn run(
    sets: Vec<PuzzleSet>,
    args: &ComparisonArgs,
    heatmap: Option<std::path::PathBuf>,
    sudokus: Sudokus,
) -> Result<Outcome> {
    if let Some(path) = &args.table.plot {
        plot::check_path(path)?;
    }
    let contenders = strategies::contenders(&Lists {
        configs: &args.configs,
        cells: args.cells.as_deref(),
        values: args.values.as_deref(),
        propagation: args.propagation.as_deref(),
        restarts: args.restarts.as_deref(),
        seeds: args.seeds.as_deref(),
        max_placements: args.max_placements,
        timeout_ms: args.timeout,
        spelling: crate::strategy::Spelling::Flags,
    })?;

    if args.seeds.is_some() && !contenders.iter().any(|c| c.is_random()) {
        crate::diagnostics::line(
            "sudoku: note: --seeds has no effect: no strategy compared has a random heuristic (cells C, values 2)",
        );
    }
    let comparison = Comparison {
        sets,
        contenders,
        sudokus,
        solutions: args.solutions,
        max_placements: args.max_placements,
        shard: args.shard,
        runs: args.runs.clone(),
        resume: args.resume.clone(),
        give_up_after: args.give_up_after,
        per_puzzle: args.per_puzzle.clone(),
        heatmap,
        timings: !args.table.no_timings,
        jobs: super::jobs(args.jobs),
    };
    let bar = Bar(progress_bar(0));
    let done = pipeline::run(comparison, &bar, None);
    bar.0.finish_and_clear();
    let done = done?;
    let outcome = match done.invalid.is_empty() {
        true => Outcome::Success,
        false => Outcome::Invalid,
    };
    if let Some(shard) = &done.shard {
        crate::diagnostics::line(&format!(
            "sudoku: shard {}: {} of the comparison's {} runs are in {}; `sudoku merge` the shards' files for the table",
            shard.shard,
            shard.runs,
            shard.total,
            shard.file.display()
        ));
        return Ok(outcome);
    }
    report::write(
        &done.plan,
        &done.rows,
        &done.abandoned,
        &args.table.options(),
    )?;
    Ok(outcome)
}

/// The progress bar, as the pipeline's [`Progress`].
struct Bar(ProgressBar);

impl Progress for Bar {
    /// Reports the invalid lines, in line order, before the runs start.
    fn start(&self, runs: u64, invalid: &[InvalidLine]) {
        let mut errors = ErrorReport::new();
        for line in invalid {
            errors.error(&line.place, line.kind, &line.message);
        }
        errors.finish();
        self.0.set_length(runs);
    }
    fn batch(&self, running: &str) {
        self.0.set_message(running.to_string());
    }
    fn run_done(&self) {
        self.0.inc(1);
    }
}

/// The progress bar of `runs` runs, on stderr.
fn progress_bar(runs: u64) -> ProgressBar {
    let progress = ProgressBar::with_draw_target(Some(runs), ProgressDrawTarget::stderr());
    progress.set_style(
        ProgressStyle::with_template(
            "{bar:40} {pos}/{len} runs, {elapsed} elapsed, eta {steady_eta} {msg}",
        )
        .expect("valid template")
        // The remaining runs at the average rate since the start: steadier
        // than a recent-rate estimate when strategies differ in speed.
        .with_key(
            "steady_eta",
            |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let (pos, len) = (state.pos(), state.len().unwrap_or(0));
                let text = if pos == 0 {
                    "-".to_string()
                } else {
                    let secs =
                        state.elapsed().as_secs_f64() * (len - pos.min(len)) as f64 / pos as f64;
                    let s = secs.round() as u64;
                    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
                };
                let _ = w.write_str(&text);
            },
        ),
    );
    progress
}
