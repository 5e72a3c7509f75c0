//! `sudoku compare`.

use anyhow::{Context, Result, bail};
use csp_core::trace::{ChoiceCounts, Tracer};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use sudoku::GridSize;

use super::{Invalid, Outcome, read_options};
use crate::cli::CompareArgs;
use crate::compare::per_puzzle::PerPuzzle;
use crate::compare::plan::{Group as PlannedGroup, Plan, PlannedSet, PlannedStrategy, Shard};
use crate::compare::plot;
use crate::compare::report::{self, Tally};
use crate::compare::runs_file::{self, Heading, RunsWriter, UnitRun};
use crate::compare::sets::{self, PuzzleSet};
use crate::compare::stats::{Run, RunStatus};
use crate::compare::strategies::{self, Contender, Lists};
use crate::diagnostics::ErrorReport;
use crate::heatmap::Heatmap;
use crate::records::{Origin, SolveRecord, StrategyRecord, VERSION};
use crate::runner::Sudokus;

/// Above this many runs, a note says the comparison may take long.
const LARGE_RUN_COUNT: u64 = 10_000_000;

/// Runs are computed in batches of about this many, flattened across
/// groups, so that both cores stay busy and memory stays bounded.
const BATCH_RUNS: usize = 16_384;

/// With `--give-up-after`, the units of each row a batch takes.
const GIVE_UP_STEP: usize = 8;

pub fn compare(args: &CompareArgs) -> Result<Outcome> {
    let options = read_options(&args.read)?;
    let mut sets: Vec<PuzzleSet> = Vec::new();
    for name in &args.sets {
        sets.push(sets::built_in(name)?);
    }
    for path in &args.files {
        sets.push(sets::from_file(path, &options)?);
    }
    if let Some(path) = &args.table.plot {
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
        restarts: args.restarts.as_deref(),
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
    let mut sudokus = super::sudokus(&args.read);
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

    if args.shard.is_some() && args.runs.is_none() && args.resume.is_none() {
        bail!(
            "--shard writes its runs to a file for `sudoku merge`: give --runs FILE (or --resume FILE)"
        );
    }
    let give_up_after = args.give_up_after.filter(|&k| k > 0);
    if give_up_after.is_some()
        && (args.shard.is_some() || args.runs.is_some() || args.resume.is_some())
    {
        bail!(
            "--give-up-after decides in the order of the runs of one process: it does not combine with --shard, --runs or --resume"
        );
    }
    let plan = Plan {
        version: VERSION.to_string(),
        strategies: contenders.iter().map(planned).collect(),
        sets: (sets.iter().zip(&valid))
            .map(|(set, ok)| PlannedSet {
                name: set.name.clone(),
                hash: set.hash.clone(),
                valid: ok.iter().map(|&i| set.lines[i].line).collect(),
                invalid: set.lines.len() - ok.len(),
            })
            .collect(),
        solutions: args.solutions,
        max_placements: (args.max_placements > 0).then_some(args.max_placements),
        give_up_after,
    };
    // One accumulator per (strategy, set): runs are folded in as they come,
    // so memory does not grow with the number of runs.
    let mut tally = Tally::new(&plan);
    let total_units = tally.units();
    let shard_units = match args.shard {
        Some(shard) => (total_units + shard.n - shard.k) / shard.n,
        None => total_units,
    };
    let in_shard = |unit: u64| args.shard.is_none_or(|s| s.has(unit));
    let heading = Heading {
        sudoku_runs: runs_file::FORMAT,
        shard: args.shard,
        plan: plan.clone(),
    };
    let writer = match (&args.runs, &args.resume) {
        (Some(path), _) => Some((path, RunsWriter::create(path, &heading)?)),
        (None, Some(path)) => {
            let name = path.display().to_string();
            let theirs = runs_file::heading(path)?;
            if let Some(d) = plan.difference(&theirs.plan) {
                bail!("{name} holds runs of another comparison: {d}");
            }
            if theirs.shard != args.shard {
                let shard = |s: Option<Shard>| s.map_or("none".into(), |s| s.to_string());
                bail!(
                    "{name} holds shard {} of this comparison, not {}",
                    shard(theirs.shard),
                    shard(args.shard)
                );
            }
            let back = runs_file::read(path, |unit_run| {
                let unit = unit_run.unit;
                if !in_shard(unit) {
                    bail!("run of unit {unit}, which is not this shard's");
                }
                if !tally.add_read(&unit_run)? {
                    bail!("unit {unit} appears twice");
                }
                Ok(())
            })?;
            if back.truncated {
                crate::diagnostics::line(&format!(
                    "sudoku: note: {name}: its last line was cut short (the process stopped while writing it); dropped, that run is made again"
                ));
            }
            Some((path, RunsWriter::append(path, back.whole)?))
        }
        (None, None) => None,
    };
    let already = tally.done.count_ones(..) as u64;
    let to_run = shard_units - already;
    if to_run > LARGE_RUN_COUNT {
        crate::diagnostics::line(&format!(
            "sudoku: note: this comparison makes {to_run} runs; it streams them (memory stays small) but may take long: fewer --seeds or a smaller set give a first answer sooner"
        ));
    }
    let progress = progress_bar(to_run);

    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(super::jobs(args.jobs))
        .build()?;
    let mut per_puzzle = args
        .per_puzzle
        .as_deref()
        .map(PerPuzzle::create)
        .transpose()?;
    let timings = !args.table.no_timings;
    let options = RunOptions {
        record: per_puzzle.is_some(),
        timings,
        solutions: args.solutions,
        heat: args.heatmap.is_some(),
    };
    let heatmaps: Option<Vec<(Heatmap, String)>> = match &args.heatmap {
        None => None,
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create the heatmap folder {}", dir.display()))?;
            let mut titles = vec![String::new(); tally.rows.len()];
            for (c, contender) in contenders.iter().enumerate() {
                for (s, set) in sets.iter().enumerate() {
                    titles[tally.row(c, s)] = format!("{} on {}", contender.label, set.name);
                }
            }
            Some(
                (titles.into_iter())
                    .map(|title| (Heatmap::new(dir.join(heatmap_file(&title))), title))
                    .collect(),
            )
        }
    };

    // Units in batches, each row's in canonical order. Rows are
    // independent, so a row's figures do not depend on the batches. With
    // --give-up-after a batch takes a few units of every row still running,
    // so that rows are given up early; a row given up on takes no more.
    let row_units = row_ranges(&tally);
    let mut cursor: Vec<u64> = row_units.iter().map(|r| r.start).collect();
    let per_row = if give_up_after.is_some() {
        GIVE_UP_STEP
    } else {
        BATCH_RUNS
    };
    let mut stopped = vec![0u64; tally.rows.len()];
    let mut abandoned = vec![false; tally.rows.len()];
    loop {
        let mut units: Vec<(usize, u64)> = Vec::new();
        for (row, range) in row_units.iter().enumerate() {
            let mut taken = 0;
            while cursor[row] < range.end
                && taken < per_row
                && units.len() < BATCH_RUNS
                && !abandoned[row]
            {
                let unit = cursor[row];
                cursor[row] += 1;
                if in_shard(unit) && !tally.done.contains(unit as usize) {
                    let g = tally.group_of(unit);
                    units.push((g, unit - tally.groups[g].first));
                    taken += 1;
                }
            }
        }
        if units.is_empty() {
            break;
        }
        progress.set_message(running(&contenders, &tally.groups, &units));
        let results: Vec<Result<RunDone>> = pool.install(|| {
            units
                .par_iter()
                .map(|&(g, i)| {
                    let group = &tally.groups[g];
                    let (run, record, counts) = run_one(
                        group,
                        &contenders,
                        &sets,
                        &sudokus,
                        valid[group.set][i as usize],
                        options,
                    );
                    if let Some((_, w)) = &writer {
                        let labels = (
                            contenders[group.strategy].label.as_str(),
                            sets[group.set].name.as_str(),
                            group.seed,
                            plan.sets[group.set].valid[i as usize],
                        );
                        w.write(&UnitRun::new(group.first + i, labels, &run))?;
                    }
                    progress.inc(1);
                    Ok((run, record, counts))
                })
                .collect()
        });
        for (&(g, _), result) in units.iter().zip(results) {
            let (run, record, counts) = result?;
            let group = tally.groups[g];
            let row = tally.row_of(&group);
            if abandoned[row] {
                continue;
            }
            if let (Some(maps), Some((size, counts))) = (&heatmaps, counts) {
                maps[row].0.add(size, &counts);
            }
            if let (Some(w), Some(record)) = (&mut per_puzzle, record) {
                w.write(&contenders[group.strategy].label, &record)?;
            }
            tally.add(g, &run);
            if run.status == RunStatus::Stopped {
                stopped[row] += 1;
                abandoned[row] = give_up_after.is_some_and(|k| stopped[row] >= k);
            }
        }
    }
    progress.finish_and_clear();
    if let Some(w) = &mut per_puzzle {
        w.flush()?;
    }
    for (map, title) in heatmaps.iter().flatten() {
        map.write(title)?;
    }

    if let (Some(shard), Some((path, _))) = (args.shard, &writer) {
        crate::diagnostics::line(&format!(
            "sudoku: shard {shard}: {shard_units} of the comparison's {total_units} runs are in {}; `sudoku merge` the shards' files for the table",
            path.display()
        ));
        return Ok(outcome);
    }
    report::write(&plan, &tally.rows, &abandoned, &args.table.options())?;
    Ok(outcome)
}

/// Each row's units (strategy-major, as the accumulators): its groups are
/// consecutive.
fn row_ranges(tally: &Tally) -> Vec<std::ops::Range<u64>> {
    let mut ranges: Vec<Option<std::ops::Range<u64>>> = vec![None; tally.rows.len()];
    for g in &tally.groups {
        let range = ranges[tally.row_of(g)].get_or_insert(g.first..g.first);
        range.end = g.first + g.len;
    }
    ranges.into_iter().map(Option::unwrap_or_default).collect()
}

/// A strategy as the plan records it.
fn planned(c: &Contender) -> PlannedStrategy {
    let s = &c.strategy.search;
    PlannedStrategy {
        label: c.label.clone(),
        cells: s.variables.to_string(),
        values: s.values.to_string(),
        propagation: s.level.to_string(),
        config: c.strategy.name.clone(),
        seeds: c.seeds.clone(),
        max_placements: s.limits.max_placements,
        timeout_ms: s.limits.timeout.map(|t| t.as_millis() as u64),
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

/// A run, its per-puzzle record if asked for, and its choice counts if a
/// heatmap is drawn.
type RunDone = (Run, Option<SolveRecord>, Option<(GridSize, ChoiceCounts)>);

/// A heatmap's file name: the row's title with every run of other
/// characters than letters and digits made one `-`.
fn heatmap_file(title: &str) -> String {
    let mut name = String::new();
    for c in title.chars() {
        if c.is_ascii_alphanumeric() {
            name.push(c);
        } else if !name.ends_with('-') {
            name.push('-');
        }
    }
    format!("{}.svg", name.trim_matches('-'))
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
    /// Count the choices of each cell (for a heatmap).
    heat: bool,
}

/// The strategies a batch of units runs, for the progress bar.
fn running(contenders: &[Contender], groups: &[PlannedGroup], units: &[(usize, u64)]) -> String {
    let mut labels: Vec<&str> = Vec::new();
    for &(g, _) in units {
        let label = contenders[groups[g].strategy].label.as_str();
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
    group: &PlannedGroup,
    contenders: &[Contender],
    sets: &[PuzzleSet],
    sudokus: &Sudokus,
    line: usize,
    options: RunOptions,
) -> RunDone {
    let RunOptions {
        record,
        timings,
        solutions,
        heat,
    } = options;
    let contender = &contenders[group.strategy];
    let set = &sets[group.set];
    let entry = &set.lines[line];
    let puzzle = entry.puzzle.as_ref().expect("only valid puzzles run");
    let sudoku = sudokus
        .for_entry(entry.rules.as_ref(), puzzle)
        .expect("givens checked");
    let mut strategy = contender.strategy.clone();
    strategy.search.seed = group.seed;
    let mut counts = heat.then(|| ChoiceCounts::new(puzzle.size().cells()));
    let also = counts.as_mut().map(|c| c as &mut dyn Tracer);
    let report = sudoku
        .run_traced(puzzle, &strategy.search, Some(solutions), also)
        .expect("heuristics checked");
    let run = Run::of(&report);
    let line = record.then(|| {
        let origin = Origin {
            file: set.name.clone(),
            line: entry.line,
            puzzle: entry.text.clone(),
        };
        let mut r = SolveRecord::new(origin, StrategyRecord::of(&strategy)).solved(
            &report,
            sudoku,
            puzzle,
            &entry.symbols,
        );
        if !timings {
            if let Some(crate::records::Stats::Engine(stats)) = &mut r.stats {
                stats.elapsed_us = 0;
            }
        }
        r
    });
    (run, line, counts.map(|c| (puzzle.size(), c)))
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
        let groups: Vec<PlannedGroup> = (0..5)
            .map(|c| PlannedGroup {
                strategy: c,
                set: 0,
                seed: 1,
                first: 0,
                len: 1,
            })
            .collect();
        assert_eq!(
            running(&contenders, &groups, &[(1, 0), (1, 0), (2, 0)]),
            "naive, mrv"
        );
        assert_eq!(
            running(
                &contenders,
                &groups,
                &[(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)]
            ),
            "default, naive, mrv (+2 more)"
        );
    }
}
