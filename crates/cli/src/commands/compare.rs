//! `sudoku compare`.

use std::io::{self, Write};

use anyhow::{Result, bail};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use super::{Invalid, Outcome, read_options};
use crate::cli::CompareArgs;
use crate::compare::columns;
use crate::compare::export::{Meta, exporter};
use crate::compare::per_puzzle::PerPuzzle;
use crate::compare::plot::{self, Series};
use crate::compare::sets::{self, PuzzleSet};
use crate::compare::stats::{Accumulator, Row, RowHead, Run, RunStatus};
use crate::compare::strategies::{self, Contender, Lists};
use crate::diagnostics::ErrorReport;
use crate::records::{Origin, SolveRecord, VERSION};
use crate::runner::Sudokus;

/// Runs of one strategy with one seed on one set.
struct Group {
    contender: usize,
    set: usize,
    seed: u64,
}

/// Above this many runs, a note says the comparison may take long.
const LARGE_RUN_COUNT: usize = 10_000_000;

/// Runs are computed in batches of about this many, flattened across
/// groups, so that both cores stay busy and memory stays bounded.
const BATCH_RUNS: usize = 16_384;

pub fn compare(args: &CompareArgs) -> Result<Outcome> {
    let options = read_options(
        args.symbols.as_deref(),
        args.box_shape.as_deref(),
        args.propagators,
    )?;
    let mut sets: Vec<PuzzleSet> = Vec::new();
    for name in &args.sets {
        sets.push(sets::built_in(name)?);
    }
    for path in &args.files {
        sets.push(sets::from_file(path, &options)?);
    }
    if let Some(path) = &args.plot {
        plot::check_path(path)?;
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

    if args.seeds.is_some() && !contenders.iter().any(|c| c.is_random()) {
        crate::diagnostics::line(
            "sudoku: note: --seeds has no effect: no strategy compared has a random heuristic (cells C, values 2)",
        );
    }

    // Lines that do not parse, or whose givens clash, are reported in line
    // order and left out of every run.
    let mut outcome = Outcome::Success;
    let mut errors = ErrorReport::new();
    let mut sudokus = Sudokus::new(args.variant.clone(), args.propagators);
    let mut valid: Vec<Vec<usize>> = Vec::with_capacity(sets.len());
    for set in &sets {
        let mut ok = Vec::with_capacity(set.lines.len());
        for (i, line) in set.lines.iter().enumerate() {
            let checked = line.puzzle.as_ref().map_err(Invalid::from).and_then(|p| {
                sudokus.prepare(line.rules.as_ref(), p);
                sudokus
                    .for_entry(line.rules.as_ref(), p)
                    .map(|_| ())
                    .map_err(Invalid::from)
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
    if total_runs > LARGE_RUN_COUNT {
        crate::diagnostics::line(&format!(
            "sudoku: note: this comparison makes {total_runs} runs; it streams them (memory stays small) but may take long: fewer --seeds or a smaller set give a first answer sooner"
        ));
    }
    let progress =
        ProgressBar::with_draw_target(Some(total_runs as u64), ProgressDrawTarget::stderr());
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

    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(super::jobs(args.jobs))
        .build()?;
    let mut per_puzzle = args
        .per_puzzle
        .as_deref()
        .map(PerPuzzle::create)
        .transpose()?;
    let timings = !args.no_timings;

    // One accumulator per (strategy, set): runs are folded in as they come,
    // so memory does not grow with the number of runs.
    let mut accumulators: Vec<Accumulator> =
        vec![Accumulator::default(); contenders.len() * sets.len()];
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
        progress.set_message(running(&contenders, &groups[start..end]));
        let done: Vec<(Run, Option<SolveRecord>)> = pool.install(|| {
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
        for group in &groups[start..end] {
            let acc = &mut accumulators[group.contender * sets.len() + group.set];
            acc.begin_seed(group.seed);
            for _ in 0..valid[group.set].len() {
                let (run, record) = done.next().expect("one result per unit");
                if let (Some(w), Some(record)) = (&mut per_puzzle, record) {
                    w.write(&contenders[group.contender].label, &record)?;
                }
                acc.add(group.seed, &run);
            }
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
    for (c, contender) in contenders.iter().enumerate() {
        for (s, set) in sets.iter().enumerate() {
            let acc = &accumulators[c * sets.len() + s];
            series.push(Series {
                label: contender.label.clone(),
                set: set.name.clone(),
                // Enough points for the plot's width, whatever the runs.
                placements: acc.solved_placements.sorted_sample(5_000),
            });
            let mut row = acc.row(head(contender, set, set.lines.len() - valid[s].len()));
            if !timings {
                row.time_s = None;
                row.puzzles_per_s = None;
            }
            rows.push(row);
        }
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
        columns: args.columns.clone(),
        width: table_width(),
    };
    let mut out = io::stdout().lock();
    out.write_all(exporter(args.format).export(&rows, &meta).as_bytes())?;
    out.flush()?;
    if let Some(path) = &args.plot {
        // Each set's lines in rank order.
        let rank = |s: &Series| {
            rows.iter()
                .find(|r| r.head.set == s.set && r.head.strategy == s.label)
                .map_or(usize::MAX, |r| r.rank)
        };
        series.sort_by_key(|s| rank(s));
        let names: Vec<String> = sets.iter().map(|s| s.name.clone()).collect();
        plot::cactus(path, &names, &series)?;
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

/// The width the text table must fit: `COLUMNS` if set, else the
/// terminal's when stdout is one; none when piped.
fn table_width() -> Option<usize> {
    if let Some(n) = std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse().ok())
    {
        return Some(n);
    }
    let term = console::Term::stdout();
    term.is_term().then(|| term.size().1 as usize)
}

/// The strategies a batch of groups runs, for the progress bar.
fn running(contenders: &[Contender], groups: &[Group]) -> String {
    let mut labels: Vec<&str> = Vec::new();
    for g in groups {
        let label = contenders[g.contender].label.as_str();
        if !labels.contains(&label) {
            labels.push(label);
        }
    }
    match labels.len() {
        0..=3 => labels.join(", "),
        n => format!("{} (+{} more)", labels[..3].join(", "), n - 3),
    }
}

/// Solves one puzzle of a group; its per-puzzle record if asked for.
fn run_one(
    group: &Group,
    contenders: &[Contender],
    sets: &[PuzzleSet],
    sudokus: &Sudokus,
    line: usize,
    options: RunOptions,
) -> (Run, Option<SolveRecord>) {
    let RunOptions {
        record,
        timings,
        solutions,
    } = options;
    let contender = &contenders[group.contender];
    let set = &sets[group.set];
    let entry = &set.lines[line];
    let puzzle = entry.puzzle.as_ref().expect("only valid puzzles run");
    let sudoku = sudokus
        .for_entry(entry.rules.as_ref(), puzzle)
        .expect("givens checked");
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
        let mut r = SolveRecord::new(origin, strategy.record()).solved(
            &report,
            sudoku,
            puzzle,
            &entry.symbols,
        );
        if !timings {
            if let Some(stats) = &mut r.stats {
                stats.elapsed_us = 0;
            }
        }
        r
    });
    (run, line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::built_in;

    #[test]
    fn the_progress_label_names_the_strategies_running() {
        let presets = built_in().unwrap();
        let contenders: Vec<Contender> = presets
            .into_iter()
            .map(|p| Contender {
                label: p.name.clone(),
                strategy: p,
                seeds: vec![1],
            })
            .collect();
        let group = |c| Group {
            contender: c,
            set: 0,
            seed: 1,
        };
        assert_eq!(
            running(&contenders, &[group(1), group(1), group(2)]),
            "naive, mrv"
        );
        assert_eq!(
            running(
                &contenders,
                &[group(0), group(1), group(2), group(3), group(4)]
            ),
            "default, naive, mrv (+2 more)"
        );
    }
}
