//! One comparison, from its puzzle sets and strategies to the
//! accumulated runs: the plan, the runs in parallel batches (each row's
//! in canonical order), shards, runs files and resuming, giving up on a
//! row, the per-puzzle file and the heatmaps. The `compare` command, the
//! Python package and the web server all run their comparisons here and
//! differ only in how they show progress and the table.

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};

use anyhow::{Context, Result, bail};
use csp_core::trace::{ChoiceCounts, Tracer};
use rayon::prelude::*;
use sudoku::GridSize;

use super::per_puzzle::{PerPuzzle, RunRecord};
use super::plan::{Group as PlannedGroup, Plan, PlannedSet, PlannedStrategy, Shard};
use super::report::Tally;
use super::runs_file::{self, Heading, RunsWriter, UnitRun};
use super::sets::{Members, PuzzleSet};
use super::stats::{Accumulator, Run, RunStatus};
use super::strategies::Contender;
use crate::heatmap::Heatmap;
use crate::instances::{InstanceRecord, ReadInstance, Searched, search_instance};
use crate::records::{Found, Origin, SolveRecord, StrategyRecord, VERSION};
use crate::runner::{Invalid, Sudokus};

/// Above this many runs, a note says the comparison may take long.
const LARGE_RUN_COUNT: u64 = 10_000_000;

/// Runs are computed in batches of about this many, flattened across
/// groups, so that both cores stay busy and memory stays bounded.
const BATCH_RUNS: usize = 16_384;

/// With `--give-up-after`, the units of each row a batch takes.
const GIVE_UP_STEP: usize = 8;

/// What to compare and how: the sets (read, with their invalid lines),
/// the strategies, and the options of the `compare` command.
pub struct Comparison {
    pub sets: Vec<PuzzleSet>,
    pub contenders: Vec<Contender>,
    /// The models of the sets' puzzles (the global rules read with them).
    pub sudokus: Sudokus,
    /// Solutions searched for per puzzle.
    pub solutions: u64,
    /// Placement limit per run (0: none), as the plan records it.
    pub max_placements: u64,
    pub shard: Option<Shard>,
    /// Write every run to this runs file.
    pub runs: Option<PathBuf>,
    /// Resume the runs file this names.
    pub resume: Option<PathBuf>,
    /// Give up on a row after this many stopped runs (0 or `None`: never).
    pub give_up_after: Option<u64>,
    /// One record per run to this file.
    pub per_puzzle: Option<PathBuf>,
    /// One heatmap per row into this folder.
    pub heatmap: Option<PathBuf>,
    /// Keep elapsed times in the per-puzzle records (else 0).
    pub timings: bool,
    /// Worker threads.
    pub jobs: usize,
}

/// How a comparison shows that it goes on: the command draws a progress
/// bar; others may ignore it all.
pub trait Progress: Sync {
    /// The runs to make (those of this shard not already in a runs file),
    /// once the sets' lines are checked: `invalid` are left out.
    fn start(&self, runs: u64, invalid: &[InvalidLine]);
    /// A batch starts: the labels of the strategies it runs.
    fn batch(&self, running: &str);
    /// One run is done.
    fn run_done(&self);
}

/// One run of a comparison: which contender, its seed, the puzzle.
pub struct OneRun<'a> {
    /// The contender's index in the comparison.
    pub index: usize,
    pub contender: &'a Contender,
    pub seed: u64,
    pub sudoku: &'a sudoku::Sudoku,
    pub puzzle: &'a sudoku::Puzzle,
    /// Solutions searched for.
    pub solutions: u64,
}

/// One run of a comparison on an XCSP3 instance.
pub struct InstanceRun<'a> {
    /// The contender's index in the comparison.
    pub index: usize,
    pub contender: &'a Contender,
    pub seed: u64,
    pub instance: &'a ReadInstance,
    /// Solutions searched for.
    pub solutions: u64,
}

/// How a comparison's runs search: the engine with each contender's
/// strategy ([`EngineSearch`]), or the Python package's own (heuristics
/// written in Python).
pub trait Searcher: Sync {
    /// Searches `run`, reporting every event to `tracer` if given.
    fn search(
        &self,
        run: &OneRun<'_>,
        tracer: Option<&mut dyn Tracer>,
    ) -> Result<sudoku::SolveReport>;

    /// Searches the XCSP3 instance of `run` (by default with the
    /// engine and the contender's config). The error says why the
    /// contender cannot search it.
    fn search_instance(&self, run: &InstanceRun<'_>) -> Result<Searched> {
        let config = csp_core::SearchConfig {
            seed: run.seed,
            ..run.contender.strategy.search.clone()
        };
        search_instance(run.instance, &config, Some(run.solutions), None, None)
            .map_err(|e| anyhow::anyhow!("strategy {}: {e}", run.contender.label))
    }

    /// The strategy of contender `index` as records (and the plan) name
    /// it: its chains as written.
    fn record(&self, _index: usize, contender: &Contender) -> StrategyRecord {
        StrategyRecord::of(&contender.strategy)
    }

    /// Whether contenders `a` and `b` (index, contender) make the same
    /// runs, counter for counter, with the same seed on the same puzzle:
    /// then a comparison searches once and gives both the run. The
    /// default says no.
    fn same_runs(&self, _a: (usize, &Contender), _b: (usize, &Contender)) -> bool {
        false
    }
}

/// The engine, with each contender's strategy: what the command runs.
pub struct EngineSearch;

impl Searcher for EngineSearch {
    fn search(
        &self,
        run: &OneRun<'_>,
        tracer: Option<&mut dyn Tracer>,
    ) -> Result<sudoku::SolveReport> {
        let config = csp_core::SearchConfig {
            seed: run.seed,
            ..run.contender.strategy.search.clone()
        };
        Ok(run
            .sudoku
            .run_traced(run.puzzle, &config, Some(run.solutions), tracer)?)
    }

    /// [`same_search`] of their configs.
    fn same_runs(&self, (_, a): (usize, &Contender), (_, b): (usize, &Contender)) -> bool {
        same_search(&a.strategy.search, &b.strategy.search)
    }
}

/// Whether two configs make the same runs: equal but for value chains
/// defined alike (`7` is `6`, `8` is `5`:
/// [`csp_core::heuristics::ValueChain::canonical`]), and without a time
/// limit (a run stopped by the clock is not repeatable).
pub fn same_search(a: &csp_core::SearchConfig, b: &csp_core::SearchConfig) -> bool {
    let canonical = |c: &csp_core::SearchConfig| csp_core::SearchConfig {
        values: c.values.canonical(),
        ..c.clone()
    };
    a.limits.timeout.is_none() && canonical(a) == canonical(b)
}

/// No progress shown.
pub struct Silent;

impl Progress for Silent {
    fn start(&self, _: u64, _: &[InvalidLine]) {}
    fn batch(&self, _: &str) {}
    fn run_done(&self) {}
}

/// A line of a set that cannot be compared on: where, the kind of error,
/// the message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InvalidLine {
    /// `SET:LINE`.
    pub place: String,
    pub kind: &'static str,
    pub message: String,
}

/// A comparison run: its plan, its rows' accumulated runs
/// (strategy-major) and which were given up on, the lines left out, and
/// for a shard what its runs file holds.
pub struct Compared {
    pub plan: Plan,
    pub rows: Vec<Accumulator>,
    pub abandoned: Vec<bool>,
    pub invalid: Vec<InvalidLine>,
    /// With a shard: the runs it made of the comparison's, and its file.
    pub shard: Option<ShardDone>,
    /// Whether `interrupt` stopped it before every run was made.
    pub interrupted: bool,
}

/// What a shard did.
pub struct ShardDone {
    pub shard: Shard,
    pub runs: u64,
    pub total: u64,
    pub file: PathBuf,
}

/// Runs `comparison` with the engine, showing `progress`; stops between
/// runs once `interrupt` is raised (the rows then hold the runs made).
pub fn run(
    comparison: Comparison,
    progress: &dyn Progress,
    interrupt: Option<&AtomicBool>,
) -> Result<Compared> {
    run_with(comparison, progress, interrupt, &EngineSearch)
}

/// [`run`], each run searched by `searcher`; the first error of a run
/// ends the comparison with it.
pub fn run_with(
    comparison: Comparison,
    progress: &dyn Progress,
    interrupt: Option<&AtomicBool>,
    searcher: &dyn Searcher,
) -> Result<Compared> {
    let Comparison {
        sets,
        contenders,
        mut sudokus,
        solutions,
        max_placements,
        shard,
        runs,
        resume,
        give_up_after,
        per_puzzle,
        heatmap,
        timings,
        jobs,
    } = comparison;
    let instances = sets
        .iter()
        .any(|s| matches!(s.members, Members::Instances(_)));
    if instances
        && sets
            .iter()
            .any(|s| matches!(s.members, Members::Puzzles(_)))
    {
        bail!("a comparison runs over puzzle sets or over XCSP3 instance sets, not both");
    }
    // Lines that do not parse, or whose givens clash, are reported in line
    // order and left out of every run.
    let mut invalid = Vec::new();
    let mut valid: Vec<Vec<usize>> = Vec::with_capacity(sets.len());
    for set in &sets {
        let mut ok = Vec::with_capacity(set.len());
        match &set.members {
            Members::Puzzles(lines) => {
                for (i, line) in lines.iter().enumerate() {
                    let checked = line.puzzle.as_ref().map_err(Invalid::from).and_then(|p| {
                        sudokus.prepare(line.rules.as_ref(), p);
                        sudokus
                            .for_entry(line.rules.as_ref(), p)
                            .map(|_| ())
                            .map_err(Invalid::from)
                    });
                    match checked {
                        Ok(()) => ok.push(i),
                        Err(e) => invalid.push(InvalidLine {
                            place: format!("{}:{}", set.name, line.line),
                            kind: e.kind,
                            message: e.message,
                        }),
                    }
                }
            }
            Members::Instances(list) => {
                for (i, instance) in list.iter().enumerate() {
                    match &instance.read {
                        Ok(_) => ok.push(i),
                        Err(e) => invalid.push(InvalidLine {
                            place: instance.file.display().to_string(),
                            kind: e.kind,
                            message: e.message.clone(),
                        }),
                    }
                }
            }
        }
        valid.push(ok);
    }
    if instances {
        check_instances(&sets, &valid, &contenders, heatmap.is_some())?;
    }

    if shard.is_some() && runs.is_none() && resume.is_none() {
        bail!(
            "--shard writes its runs to a file for `sudoku merge`: give --runs FILE (or --resume FILE)"
        );
    }
    let give_up_after = give_up_after.filter(|&k| k > 0);
    if give_up_after.is_some() && (shard.is_some() || runs.is_some() || resume.is_some()) {
        bail!(
            "--give-up-after decides in the order of the runs of one process: it does not combine with --shard, --runs or --resume"
        );
    }
    let plan = Plan {
        version: VERSION.to_string(),
        strategies: (contenders.iter().enumerate())
            .map(|(i, c)| planned(c, &searcher.record(i, c)))
            .collect(),
        sets: (sets.iter().zip(&valid))
            .map(|(set, ok)| PlannedSet {
                name: set.name.clone(),
                hash: set.hash.clone(),
                valid: ok.iter().map(|&i| set.line(i)).collect(),
                invalid: set.len() - ok.len(),
                instances: matches!(set.members, Members::Instances(_)),
            })
            .collect(),
        solutions,
        max_placements: (max_placements > 0).then_some(max_placements),
        give_up_after,
    };
    // One accumulator per (strategy, set): runs are folded in as they come,
    // so memory does not grow with the number of runs.
    let mut tally = Tally::new(&plan);
    let total_units = tally.units();
    let shard_units = match shard {
        Some(shard) => (total_units + shard.n - shard.k) / shard.n,
        None => total_units,
    };
    let in_shard = |unit: u64| shard.is_none_or(|s| s.has(unit));
    let heading = Heading {
        sudoku_runs: runs_file::FORMAT,
        shard,
        plan: plan.clone(),
    };
    let writer = match (&runs, &resume) {
        (Some(path), _) => Some((path, RunsWriter::create(path, &heading)?)),
        (None, Some(path)) => {
            let name = path.display().to_string();
            let theirs = runs_file::heading(path)?;
            if let Some(d) = plan.difference(&theirs.plan) {
                bail!("{name} holds runs of another comparison: {d}");
            }
            if theirs.shard != shard {
                let named = |s: Option<Shard>| s.map_or("none".into(), |s| s.to_string());
                bail!(
                    "{name} holds shard {} of this comparison, not {}",
                    named(theirs.shard),
                    named(shard)
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
    progress.start(to_run, &invalid);

    let pool = rayon::ThreadPoolBuilder::new().num_threads(jobs).build()?;
    let mut per_puzzle = (per_puzzle.as_deref())
        .map(|path| PerPuzzle::create(path, instances))
        .transpose()?;
    let options = RunOptions {
        record: per_puzzle.is_some(),
        timings,
        solutions,
        heat: heatmap.is_some(),
    };
    let heatmaps: Option<Vec<(Heatmap, String)>> = match &heatmap {
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
    let interrupted = || interrupt.is_some_and(|f| f.load(Ordering::Relaxed));
    let mut copies = if options.record || options.heat {
        Copies::none(tally.groups.len())
    } else {
        Copies::find(&tally.groups, contenders.len(), |a, b| {
            searcher.same_runs((a, &contenders[a]), (b, &contenders[b]))
        })
    };
    loop {
        if interrupted() {
            break;
        }
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
        progress.batch(&running(&contenders, &tally.groups, &units));
        // Units whose group copies another's runs, when that run is made
        // in this batch or kept from an earlier one, are not searched.
        let searched_here: HashSet<(usize, u64)> = units
            .iter()
            .filter(|&&(g, _)| copies.of[g].is_none())
            .copied()
            .collect();
        let is_copy: Vec<bool> = (units.iter())
            .map(|&(g, i)| {
                copies.of[g].is_some_and(|o| searched_here.contains(&(o, i)) || copies.has(o, i))
            })
            .collect();
        let to_search: Vec<(usize, u64)> = (units.iter().zip(&is_copy))
            .filter(|(_, copy)| !**copy)
            .map(|(u, _)| *u)
            .collect();
        let write = |g: usize, i: u64, run: &Run| -> Result<()> {
            if let Some((_, w)) = &writer {
                let group = &tally.groups[g];
                let labels = (
                    contenders[group.strategy].label.as_str(),
                    sets[group.set].name.as_str(),
                    group.seed,
                    plan.sets[group.set].valid[i as usize],
                );
                w.write(&UnitRun::new(group.first + i, labels, run))?;
            }
            Ok(())
        };
        let searched: Vec<Result<Option<RunDone>>> = pool.install(|| {
            to_search
                .par_iter()
                .map(|&(g, i)| {
                    if interrupted() {
                        return Ok(None);
                    }
                    let group = &tally.groups[g];
                    let (run, record, counts) = run_one(
                        group,
                        &contenders,
                        &sets,
                        &sudokus,
                        valid[group.set][i as usize],
                        options,
                        searcher,
                    )?;
                    write(g, i, &run)?;
                    progress.run_done();
                    Ok(Some((run, record, counts)))
                })
                .collect()
        });
        for (&(g, i), result) in to_search.iter().zip(&searched) {
            if let Ok(Some((run, _, _))) = result {
                copies.keep(g, i, run);
            }
        }
        let mut searched = searched.into_iter();
        let mut results: Vec<Result<Option<RunDone>>> = Vec::with_capacity(units.len());
        for (&(g, i), &copy) in units.iter().zip(&is_copy) {
            if !copy {
                results.push(searched.next().expect("a result per unit searched"));
                continue;
            }
            let original = copies.of[g].expect("a copy has an original");
            // None: the original's run stopped by an interrupt or failed
            // (its error comes first, in unit order).
            results.push(match copies.take(original, i) {
                Some(run) => {
                    write(g, i, &run)?;
                    progress.run_done();
                    Ok(Some((run, None, None)))
                }
                None => Ok(None),
            });
        }
        for (&(g, _), result) in units.iter().zip(results) {
            let Some((run, record, counts)) = result? else {
                continue;
            };
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
    if let Some(w) = &mut per_puzzle {
        w.flush()?;
    }
    for (map, title) in heatmaps.iter().flatten() {
        map.write(title)?;
    }
    let shard = match (shard, &writer) {
        (Some(shard), Some((path, _))) => Some(ShardDone {
            shard,
            runs: shard_units,
            total: total_units,
            file: path.to_path_buf(),
        }),
        _ => None,
    };
    Ok(Compared {
        plan,
        rows: tally.rows,
        abandoned,
        invalid,
        shard,
        interrupted: interrupted(),
    })
}

/// The groups that make the same runs as an earlier group (same set, same
/// seed, [`Searcher::same_runs`]): a comparison searches the earlier
/// group's units and gives each copy the run, elapsed time included.
/// Runs wait here for their copies, at most [`KEPT_RUNS`] at a time
/// (past that, a copy is searched again: the same run).
struct Copies {
    /// Per group, the group whose runs it copies.
    of: Vec<Option<usize>>,
    /// Per group, how many groups copy it.
    copied_by: Vec<u32>,
    /// Runs of copied groups by (group, unit in the group), each with the
    /// copies still to take it.
    kept: HashMap<(usize, u64), (Run, u32)>,
}

/// The most runs [`Copies`] keeps waiting for their copies.
const KEPT_RUNS: usize = 1 << 20;

impl Copies {
    fn none(groups: usize) -> Copies {
        Copies {
            of: vec![None; groups],
            copied_by: vec![0; groups],
            kept: HashMap::new(),
        }
    }

    /// Each group's original: the first earlier group of its set and seed
    /// whose strategy, another one, makes the same runs
    /// (`same(strategy, strategy)`, of the `strategies`). The strategies
    /// are sorted into classes of the same runs once, so the groups (one
    /// per strategy, set and seed) are matched by a lookup each.
    fn find(
        groups: &[PlannedGroup],
        strategies: usize,
        same: impl Fn(usize, usize) -> bool,
    ) -> Copies {
        let mut class: Vec<usize> = Vec::with_capacity(strategies);
        for s in 0..strategies {
            let first = (0..s).find(|&t| class[t] == t && same(t, s));
            class.push(first.unwrap_or(s));
        }
        let mut copies = Copies::none(groups.len());
        let mut firsts: HashMap<(usize, u64, usize), usize> = HashMap::new();
        for (g, group) in groups.iter().enumerate() {
            let key = (group.set, group.seed, class[group.strategy]);
            let o = *firsts.entry(key).or_insert(g);
            // A strategy's own seed listed twice is no copy of itself.
            if groups[o].strategy != group.strategy {
                copies.of[g] = Some(o);
                copies.copied_by[o] += 1;
            }
        }
        copies
    }

    /// Whether the run of unit `i` of group `g` waits for its copies.
    fn has(&self, g: usize, i: u64) -> bool {
        self.kept.contains_key(&(g, i))
    }

    /// Keeps the run of unit `i` of group `g` for its copies, if it has
    /// any and there is room.
    fn keep(&mut self, g: usize, i: u64, run: &Run) {
        if self.copied_by[g] > 0 && self.kept.len() < KEPT_RUNS {
            self.kept.insert((g, i), (*run, self.copied_by[g]));
        }
    }

    /// The run of unit `i` of group `g` for one of its copies (forgotten
    /// once every copy took it).
    fn take(&mut self, g: usize, i: u64) -> Option<Run> {
        let (run, left) = self.kept.get_mut(&(g, i))?;
        *left -= 1;
        let run = *run;
        if *left == 0 {
            self.kept.remove(&(g, i));
        }
        Some(run)
    }
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
fn planned(c: &Contender, record: &StrategyRecord) -> PlannedStrategy {
    PlannedStrategy {
        label: c.label.clone(),
        cells: record.cells.clone(),
        values: record.values.clone(),
        propagation: record.propagation.clone(),
        config: record.config.clone(),
        seeds: c.seeds.clone(),
        max_placements: record.max_placements,
        timeout_ms: record.timeout_ms,
    }
}

/// A run, its per-puzzle record if asked for, and its choice counts if a
/// heatmap is drawn.
type RunDone = (Run, Option<RunRecord>, Option<(GridSize, ChoiceCounts)>);

/// Before any run of a comparison over instance sets: the heatmap is
/// refused (it draws grids), and every
/// contender is tried on every instance read, so that a heuristic that
/// needs a grid is refused by name at once, not after hours of runs.
fn check_instances(
    sets: &[PuzzleSet],
    valid: &[Vec<usize>],
    contenders: &[Contender],
    heatmap: bool,
) -> Result<()> {
    let instances: Vec<&ReadInstance> = (sets.iter().zip(valid))
        .filter_map(|(set, ok)| match &set.members {
            Members::Instances(list) => {
                Some(ok.iter().filter_map(|&i| list[i].read.as_deref().ok()))
            }
            Members::Puzzles(_) => None,
        })
        .flatten()
        .collect();
    if heatmap {
        bail!("--heatmap draws the cells of Sudoku grids: XCSP3 instances have none");
    }
    for contender in contenders {
        for instance in &instances {
            csp_core::Search::new(&instance.compiled.model, &contender.strategy.search)
                .map_err(|e| anyhow::anyhow!("strategy {}: {e}", contender.label))?;
        }
    }
    Ok(())
}

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
#[allow(clippy::too_many_arguments)]
fn run_one(
    group: &PlannedGroup,
    contenders: &[Contender],
    sets: &[PuzzleSet],
    sudokus: &Sudokus,
    line: usize,
    options: RunOptions,
    searcher: &dyn Searcher,
) -> Result<RunDone> {
    let RunOptions {
        record,
        timings,
        solutions,
        heat,
    } = options;
    let contender = &contenders[group.strategy];
    let set = &sets[group.set];
    let entry = match &set.members {
        Members::Puzzles(lines) => &lines[line],
        Members::Instances(list) => {
            let instance = &list[line];
            let read = instance.read.as_deref().expect("only instances read run");
            let one = InstanceRun {
                index: group.strategy,
                contender,
                seed: group.seed,
                instance: read,
                solutions,
            };
            let result = searcher.search_instance(&one)?;
            let run = Run::of_searched(&result);
            let line = record.then(|| {
                let strategy = StrategyRecord {
                    seed: group.seed,
                    ..searcher.record(group.strategy, contender)
                };
                let mut r = InstanceRecord::new(
                    instance.file.display().to_string(),
                    strategy,
                    Some(solutions),
                );
                r.read(read);
                r.searched(read, &result);
                if let (false, Some(stats)) = (timings, &mut r.stats) {
                    stats.counters.elapsed_us = 0;
                }
                RunRecord::Instance(Box::new(r))
            });
            return Ok((run, line, None));
        }
    };
    let puzzle = entry.puzzle.as_ref().expect("only valid puzzles run");
    let sudoku = sudokus
        .for_entry(entry.rules.as_ref(), puzzle)
        .expect("givens checked");
    let mut counts = heat.then(|| ChoiceCounts::new(puzzle.size().cells()));
    let also = counts.as_mut().map(|c| c as &mut dyn Tracer);
    let one = OneRun {
        index: group.strategy,
        contender,
        seed: group.seed,
        sudoku,
        puzzle,
        solutions,
    };
    let report = searcher.search(&one, also)?;
    let run = Run::of(&report);
    let line = record.then(|| {
        let origin = Origin {
            file: set.name.clone(),
            line: entry.line,
            puzzle: entry.text.clone(),
        };
        let strategy = StrategyRecord {
            seed: group.seed,
            ..searcher.record(group.strategy, contender)
        };
        let mut r = SolveRecord::new(origin, strategy).solved(
            Found::by_engine(&report),
            sudoku,
            puzzle,
            &entry.symbols,
        );
        if !timings {
            if let Some(crate::records::Stats::Engine(stats)) = &mut r.stats {
                stats.elapsed_us = 0;
            }
        }
        RunRecord::Puzzle(Box::new(r))
    });
    Ok((run, line, counts.map(|c| (puzzle.size(), c))))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::strategy::built_in;

    #[test]
    fn a_group_copies_the_first_earlier_group_of_its_set_and_seed_alike() {
        // Strategies 0 and 2 search alike, 1 and 3 too; set 1 and seed 2
        // are groups of their own, and strategy 0's seed 1 listed again
        // copies nothing.
        let group = |strategy, set, seed| PlannedGroup {
            strategy,
            set,
            seed,
            first: 0,
            len: 2,
        };
        let groups = [
            group(0, 0, 1),
            group(1, 0, 1),
            group(2, 0, 1),
            group(3, 0, 1),
            group(2, 1, 1),
            group(2, 0, 2),
            group(0, 0, 1),
        ];
        let mut copies = Copies::find(&groups, 4, |a, b| a % 2 == b % 2);
        assert_eq!(copies.of, [None, None, Some(0), Some(1), None, None, None]);
        assert_eq!(copies.copied_by, [1, 1, 0, 0, 0, 0, 0]);
        let run = Run {
            status: RunStatus::Solved,
            placements: 1,
            backtracks: 0,
            guesses: 0,
            iterations: 1,
            elapsed_us: 0,
            rules: Default::default(),
        };
        copies.keep(0, 1, &run);
        copies.keep(2, 1, &run);
        assert!(copies.has(0, 1) && !copies.has(2, 1) && !copies.has(0, 0));
        // Taken by its one copy, then forgotten.
        assert!(copies.take(0, 1).is_some());
        assert!(!copies.has(0, 1) && copies.take(0, 1).is_none());
    }

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
