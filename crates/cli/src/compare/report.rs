//! The end of a comparison: rows from the accumulated runs, ranked, in the
//! chosen format, and the cactus plot. `compare` and `merge` both end here,
//! so a merged comparison prints what one process would have.

use std::io::{self, Write};
use std::path::PathBuf;

use anyhow::{Result, bail};
use fixedbitset::FixedBitSet;

use super::columns::{self, Column};
use super::export::TableFormat;
use super::export::{Meta, exporter};
use super::plan::{Group, Plan};
use super::plot::{self, Series};
use super::runs_file::UnitRun;
use super::stats::{Accumulator, Row, Run};

/// How to show the results.
pub struct TableOptions {
    pub sort: Column,
    pub format: TableFormat,
    pub columns: Option<Vec<Column>>,
    pub rules: bool,
    pub plot: Option<PathBuf>,
    pub timings: bool,
}

/// The runs of a plan gathered so far: one accumulator per row (strategy,
/// set; strategy-major), and which units a runs file brought in.
pub struct Tally {
    pub groups: Vec<Group>,
    pub rows: Vec<Accumulator>,
    /// Units read from runs files.
    pub done: FixedBitSet,
    sets: usize,
}

impl Tally {
    /// No runs yet: every row has its seeds, so a row without runs still
    /// divides by them.
    pub fn new(plan: &Plan) -> Tally {
        let groups = plan.groups();
        let sets = plan.sets.len();
        let mut rows = vec![Accumulator::default(); plan.strategies.len() * sets];
        for group in &groups {
            rows[group.strategy * sets + group.set].begin_seed(group.seed);
        }
        let units = groups.last().map_or(0, |g| g.first + g.len);
        Tally {
            groups,
            rows,
            done: FixedBitSet::with_capacity(units as usize),
            sets,
        }
    }

    /// The plan's number of units.
    pub fn units(&self) -> u64 {
        self.done.len() as u64
    }

    /// The index of the group holding `unit`.
    pub fn group_of(&self, unit: u64) -> usize {
        self.groups.partition_point(|g| g.first + g.len <= unit)
    }

    /// The row of `group`.
    pub fn row_of(&self, group: &Group) -> usize {
        self.row(group.strategy, group.set)
    }

    /// The row of a strategy on a set (both by their index).
    pub fn row(&self, strategy: usize, set: usize) -> usize {
        strategy * self.sets + set
    }

    /// Folds in a run made now, of a unit of group `g`.
    pub fn add(&mut self, g: usize, run: &Run) {
        let group = self.groups[g];
        let row = self.row_of(&group);
        self.rows[row].add(group.seed, run);
    }

    /// Folds in a run read from a runs file and marks its unit: `false`
    /// (nothing folded) if the unit was already in. Fails on a unit the
    /// plan does not have.
    pub fn add_read(&mut self, unit_run: &UnitRun) -> Result<bool> {
        let unit = unit_run.unit;
        if unit >= self.units() {
            bail!("run of unit {unit}, which is not this comparison's");
        }
        if self.done.put(unit as usize) {
            return Ok(false);
        }
        self.add(self.group_of(unit), &unit_run.run()?);
        Ok(true)
    }
}

/// Writes the table (and the plot) of `plan`'s runs to standard output;
/// `abandoned`: which rows were given up (strategy-major, as the
/// accumulators).
pub fn write(
    plan: &Plan,
    accumulators: &[Accumulator],
    abandoned: &[bool],
    options: &TableOptions,
) -> Result<()> {
    let table = render(plan, accumulators, abandoned, options)?;
    let mut out = io::stdout().lock();
    out.write_all(table.as_bytes())?;
    out.flush()?;
    Ok(())
}

/// The table of `plan`'s runs in the options' format (and the plot, if
/// asked for, written).
pub fn render(
    plan: &Plan,
    accumulators: &[Accumulator],
    abandoned: &[bool],
    options: &TableOptions,
) -> Result<String> {
    let mut rows: Vec<Row> = Vec::new();
    let mut series: Vec<Series> = Vec::new();
    for c in 0..plan.strategies.len() {
        for (s, set) in plan.sets.iter().enumerate() {
            let i = c * plan.sets.len() + s;
            let acc = &accumulators[i];
            let mut row = acc.row(plan.head(c, s));
            row.puzzles = set.valid.len();
            row.abandoned = abandoned.get(i).copied().unwrap_or(false);
            if !row.abandoned {
                series.push(Series {
                    label: row.head.strategy.clone(),
                    set: set.name.clone(),
                    // Enough points for the plot's width, whatever the runs;
                    // an instance set's answered runs, unsatisfiable too.
                    placements: if set.instances {
                        let mut both = acc.solved_placements.clone();
                        both.merge(&acc.unsolvable_placements);
                        both.sorted_sample(5_000)
                    } else {
                        acc.solved_placements.sorted_sample(5_000)
                    },
                });
            }
            if !options.timings {
                row.time_s = None;
                row.puzzles_per_s = None;
            }
            rows.push(row);
        }
    }
    columns::sort(&mut rows, options.sort);
    let meta = Meta {
        version: crate::records::VERSION,
        sets: (plan.sets.iter())
            .map(|s| {
                let what = if s.instances { "instance" } else { "puzzle" };
                let count = crate::words::count(s.valid.len() as u64, what);
                (s.name.clone(), s.hash.clone(), count)
            })
            .collect(),
        max_placements: plan.max_placements,
        sort: options.sort,
        timings: options.timings,
        rules: options.rules,
        solutions: plan.solutions,
        columns: options.columns.clone(),
        width: table_width(),
        instances: !plan.sets.is_empty() && plan.sets.iter().all(|s| s.instances),
    };
    let table = exporter(options.format).export(&rows, &meta);
    if let Some(path) = &options.plot {
        // Each set's lines in rank order.
        let rank = |s: &Series| {
            rows.iter()
                .find(|r| r.head.set == s.set && r.head.strategy == s.label)
                .map_or(usize::MAX, |r| r.rank)
        };
        series.sort_by_key(|s| rank(s));
        let panels: Vec<(String, &str)> = (plan.sets.iter())
            .map(|s| {
                let x = if s.instances {
                    "instances answered"
                } else {
                    "puzzles solved"
                };
                (s.name.clone(), x)
            })
            .collect();
        plot::cactus(path, &panels, &series)?;
    }
    Ok(table)
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
