//! `sudoku compare`.

use std::fs::File;
use std::io::{self, BufWriter, Write};

use anyhow::{Context, Result, bail};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use super::{Invalid, Outcome, parse_box, variant};
use crate::cli::CompareArgs;
use crate::compare::columns;
use crate::compare::export::{Meta, exporter};
use crate::compare::plot::{self, Series};
use crate::compare::sets::{self, PuzzleSet};
use crate::compare::stats::{Row, RowHead, Run, RunStatus, summarize};
use crate::compare::strategies::{self, Contender, Lists};
use crate::diagnostics::ErrorReport;
use crate::input::ReadOptions;
use crate::records::{Origin, SolveRecord, VERSION};
use crate::runner::Sudokus;

/// Runs of one strategy with one seed on one set.
struct Group {
    contender: usize,
    set: usize,
    seed: u64,
}

/// Runs are computed in batches of about this many, flattened across
/// groups, so that both cores stay busy and memory stays bounded.
const BATCH_RUNS: usize = 16_384;

pub fn compare(args: &CompareArgs) -> Result<Outcome> {
    let options = ReadOptions {
        symbols: args.symbols.as_deref().map(str::parse).transpose()?,
        shape: args.box_shape.as_deref().map(parse_box).transpose()?,
    };
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
    let contenders = strategies::contenders(&Lists {
        configs: &args.configs,
        cells: args.cells.as_deref(),
        values: args.values.as_deref(),
        propagation: args.propagation.as_deref(),
        seeds: args.seeds.as_deref(),
        max_placements: args.max_placements,
        timeout_ms: args.timeout,
    })?;

    // Lines that do not parse, or whose givens clash, are reported in line
    // order and left out of every run.
    let mut outcome = Outcome::Success;
    let mut errors = ErrorReport::new();
    let mut sudokus = Sudokus::new(variant(args.variant));
    let mut valid: Vec<Vec<usize>> = Vec::with_capacity(sets.len());
    for set in &sets {
        let mut ok = Vec::with_capacity(set.lines.len());
        for (i, line) in set.lines.iter().enumerate() {
            let checked = line.puzzle.as_ref().map_err(Invalid::from).and_then(|p| {
                sudokus.prepare(p.size());
                sudokus
                    .for_puzzle(p)
                    .map(|_| ())
                    .map_err(|e| Invalid::from(sudoku::SolveError::from(e)))
            });
            match checked {
                Ok(()) => ok.push(i),
                Err(e) => {
                    errors.error(&format!("{}:{}", set.name, line.line), e.kind, &e.message);
                    outcome = Outcome::Invalid;
                }
            }
        }
        valid.push(ok);
    }
    errors.finish();

    let mut groups = Vec::new();
    for (c, contender) in contenders.iter().enumerate() {
        for s in 0..sets.len() {
            for &seed in &contender.seeds {
                groups.push(Group {
                    contender: c,
                    set: s,
                    seed,
                });
            }
        }
    }
    let total_runs: usize = groups.iter().map(|g| valid[g.set].len()).sum();
    let progress =
        ProgressBar::with_draw_target(Some(total_runs as u64), ProgressDrawTarget::stderr());
    progress.set_style(
        ProgressStyle::with_template(
            "{bar:40} {pos}/{len} runs, {elapsed} elapsed, eta {eta} {msg}",
        )
        .expect("valid template"),
    );

    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(super::jobs(args.jobs))
        .build()?;
    let mut per_puzzle = match &args.per_puzzle {
        Some(path) => {
            Some(BufWriter::new(File::create(path).with_context(|| {
                format!("cannot create {}", path.display())
            })?))
        }
        None => None,
    };
    let timings = !args.no_timings;

    let mut results: Vec<Vec<Run>> = Vec::with_capacity(groups.len());
    let mut start = 0;
    while start < groups.len() {
        let mut end = start;
        let mut runs = 0;
        while end < groups.len()
            && (end == start || runs + valid[groups[end].set].len() <= BATCH_RUNS)
        {
            runs += valid[groups[end].set].len();
            end += 1;
        }
        let units: Vec<(usize, usize)> = (start..end)
            .flat_map(|g| valid[groups[g].set].iter().map(move |&i| (g, i)))
            .collect();
        progress.set_message(contenders[groups[start].contender].label.clone());
        let done: Vec<(Run, Option<String>)> = pool.install(|| {
            units
                .par_iter()
                .map(|&(g, i)| {
                    let r = run_one(
                        &groups[g],
                        &contenders,
                        &sets,
                        &sudokus,
                        i,
                        RunOptions {
                            record: per_puzzle.is_some(),
                            timings,
                            solutions: args.solutions,
                        },
                    );
                    progress.inc(1);
                    r
                })
                .collect()
        });
        let mut done = done.into_iter();
        for g in start..end {
            let mut runs = Vec::with_capacity(valid[groups[g].set].len());
            for _ in 0..valid[groups[g].set].len() {
                let (run, line) = done.next().expect("one result per unit");
                if let (Some(w), Some(line)) = (&mut per_puzzle, line) {
                    writeln!(w, "{line}")?;
                }
                runs.push(run);
            }
            results.push(runs);
        }
        start = end;
    }
    progress.finish_and_clear();
    if let Some(w) = &mut per_puzzle {
        w.flush()?;
    }

    // One row per (strategy, set), over its seeds.
    let mut rows: Vec<Row> = Vec::new();
    let mut series: Vec<Series> = Vec::new();
    let mut g = 0;
    for contender in &contenders {
        let mut solved_placements = Vec::new();
        for (s, set) in sets.iter().enumerate() {
            let by_seed: Vec<Vec<Run>> = contender
                .seeds
                .iter()
                .map(|_| {
                    let runs = std::mem::take(&mut results[g]);
                    g += 1;
                    runs
                })
                .collect();
            solved_placements.extend(
                by_seed
                    .iter()
                    .flatten()
                    .filter(|r| r.status == RunStatus::Solved)
                    .map(|r| r.placements),
            );
            let mut row = summarize(
                head(contender, set, set.lines.len() - valid[s].len()),
                &by_seed,
            );
            if !timings {
                row.time_s = None;
                row.puzzles_per_s = None;
            }
            rows.push(row);
        }
        series.push(Series {
            label: contender.label.clone(),
            placements: solved_placements,
        });
    }
    columns::sort(&mut rows, args.sort);
    let meta = Meta {
        version: VERSION,
        sets: sets
            .iter()
            .zip(&valid)
            .map(|(s, v)| (s.name.clone(), s.hash.clone(), v.len()))
            .collect(),
        max_placements: (args.max_placements > 0).then_some(args.max_placements),
        sort: args.sort,
        timings,
        rules: args.rules,
        solutions: args.solutions,
    };
    let mut out = io::stdout().lock();
    out.write_all(exporter(args.format).export(&rows, &meta).as_bytes())?;
    out.flush()?;
    if let Some(path) = &args.plot {
        let names: Vec<&str> = sets.iter().map(|s| s.name.as_str()).collect();
        plot::cactus(
            path,
            &format!("sudoku compare: {}", names.join(", ")),
            &series,
        )?;
    }
    Ok(outcome)
}

fn head(c: &Contender, set: &PuzzleSet, invalid: usize) -> RowHead {
    let s = &c.strategy.search;
    RowHead {
        strategy: c.label.clone(),
        cells: s.variables.to_string(),
        values: s.values.to_string(),
        propagation: s.level.to_string(),
        config: c.strategy.name.clone(),
        seeds: c.seeds.clone(),
        max_placements: s.limits.max_placements,
        timeout_ms: s.limits.timeout.map(|t| t.as_millis() as u64),
        set: set.name.clone(),
        set_hash: set.hash.clone(),
        invalid,
    }
}

/// How each run goes and what it reports.
#[derive(Clone, Copy)]
struct RunOptions {
    /// Build the per-puzzle JSON line.
    record: bool,
    /// Keep elapsed times in that line (else 0).
    timings: bool,
    /// Search each puzzle for up to this many solutions.
    solutions: u64,
}

/// Solves one puzzle of a group; the per-puzzle JSON line if asked for.
fn run_one(
    group: &Group,
    contenders: &[Contender],
    sets: &[PuzzleSet],
    sudokus: &Sudokus,
    line: usize,
    options: RunOptions,
) -> (Run, Option<String>) {
    let RunOptions {
        record,
        timings,
        solutions,
    } = options;
    let contender = &contenders[group.contender];
    let set = &sets[group.set];
    let entry = &set.lines[line];
    let puzzle = entry.puzzle.as_ref().expect("only valid puzzles run");
    let sudoku = sudokus.for_puzzle(puzzle).expect("givens checked");
    let mut strategy = contender.strategy.clone();
    strategy.search.seed = group.seed;
    let report = sudoku
        .count_solutions(puzzle, &strategy.search, Some(solutions))
        .expect("heuristics checked");
    let s = &report.stats;
    let run = Run {
        // A run stopped while checking for a further solution is stopped
        // too: its counters are not the ones the run was asked for.
        status: match (report.stop_reason(), report.status()) {
            (Some(_), _) | (None, sudoku::SolveStatus::Stopped) => RunStatus::Stopped,
            (None, sudoku::SolveStatus::Solved) => RunStatus::Solved,
            (None, sudoku::SolveStatus::Unsolvable) => RunStatus::Unsolvable,
        },
        placements: s.placements,
        backtracks: s.backtracks,
        guesses: s.guesses,
        iterations: s.iterations,
        elapsed_us: s.elapsed.as_micros() as u64,
        rules: s.rules,
    };
    let line = record.then(|| {
        let origin = Origin {
            file: set.name.clone(),
            line: entry.line,
            puzzle: entry.text.clone(),
        };
        let mut r =
            SolveRecord::new(origin, strategy.record()).solved(&report, puzzle, &entry.symbols);
        if !timings {
            if let Some(stats) = &mut r.stats {
                stats.elapsed_us = 0;
            }
        }
        serde_json::to_string(&r).expect("records serialize")
    });
    (run, line)
}
