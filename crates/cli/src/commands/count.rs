//! `sudoku count`.

use anyhow::{Result, bail};

use super::{Classify, Outcome, drive, origin};
use crate::answering::Runner;
use crate::cli::CountArgs;
use crate::output::Row;
use crate::records::columns::{Columns, Tabular};
use crate::records::{CountRecord, StrategyRecord};
use crate::solving::{self as crate_solving, count_job};
use crate::strategy::{self, Engine};
use crate::watch::Watch;

/// A count record, and whether several solutions count as a failure (when
/// counting to 2, i.e. checking uniqueness).
struct Counted {
    record: CountRecord,
    one_required: bool,
}

impl serde::Serialize for Counted {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.record.serialize(s)
    }
}

impl Classify for Counted {
    fn invalid(&self) -> Option<(&'static str, &str)> {
        self.record.head.invalid_error()
    }
    fn failed(&self) -> bool {
        match self.record.head.status {
            "none" | "stopped" => true,
            "multiple" => self.one_required,
            _ => false,
        }
    }
    fn failure(&self) -> String {
        match self.record.head.status {
            "multiple" => format!("not unique: {}", self.record.summary()),
            _ => self.record.summary(),
        }
    }
}

impl Tabular for Counted {
    fn columns() -> &'static Columns {
        CountRecord::columns()
    }
}

impl Row for Counted {
    fn text(&self, quiet: bool) -> String {
        let r = &self.record;
        if quiet {
            // A count that stopped at the limit (or at a placement limit)
            // is a lower bound: `>=N`.
            let bound = if r.lower_bound || !r.exact { ">=" } else { "" };
            return r
                .solutions
                .map(|n| format!("{bound}{n}"))
                .unwrap_or_default();
        }
        match &r.stats {
            Some(stats) => format!(
                "{}:{}: {} ({}){}{}",
                r.head.file,
                r.head.line,
                r.summary(),
                stats.sentence(),
                (r.head.rules_summary.as_ref()).map_or(String::new(), |s| format!("\nrules: {s}")),
                r.about.text()
            ),
            None => format!(
                "{}:{}: invalid: {}",
                r.head.file,
                r.head.line,
                r.head.error.as_deref().unwrap_or("")
            ),
        }
    }
}

pub fn count(args: &CountArgs) -> Result<Outcome> {
    let overrides = strategy::Overrides {
        engine: args.engine,
        ..args.strategy.overrides()
    };
    let mut strategy = super::answering_strategy(&overrides, &args.trace)?;
    if strategy.engine == Engine::Bitboard {
        return count_by_bitboard(args, &strategy);
    }
    if args.limit.all {
        // --all counts everything: a preset's limits do not apply (nor a
        // portfolio members'), only limits given as flags.
        let flags = &args.strategy;
        let plan = (strategy.portfolio.iter_mut()).flat_map(|p| {
            p.members
                .iter_mut()
                .chain(p.with_rules.iter_mut().flatten())
        });
        let members = plan.map(|m| &mut m.search.limits);
        for limits in std::iter::once(&mut strategy.search.limits).chain(members) {
            if flags.max_placements.is_none() {
                limits.max_placements = None;
            }
            if flags.timeout.is_none() {
                limits.timeout = None;
            }
        }
    }
    super::note_unused_seed(args.strategy.seed, &strategy);
    let runner = Runner::new(&strategy);
    let config = &strategy.search;
    let limit = args.limit.max_solutions();
    let one_required = limit == Some(2);
    let mut counts = std::collections::BTreeMap::<&'static str, u64>::new();
    let (watch, output) = Watch::open(&args.trace, &args.output)?;
    let outcome = drive(
        &args.input,
        &output,
        |job, sudokus| {
            let record = watch.searching(&origin(job), limit, |searching| {
                count_job(job, sudokus, &runner, limit, searching)
            });
            Counted {
                record,
                one_required,
            }
        },
        |record| total(&mut counts, record),
    )?;
    watch.finish(&super::short_strategy(config))?;
    Ok(outcome)
}

/// The closing line: `total: 95 puzzles (95 unique)`, counting statuses
/// as the records go by.
fn total(
    counts: &mut std::collections::BTreeMap<&'static str, u64>,
    record: Option<&Counted>,
) -> String {
    match record {
        Some(c) => {
            *counts.entry(c.record.head.status).or_default() += 1;
            String::new()
        }
        None => {
            let parts: Vec<String> = counts.iter().map(|(s, n)| format!("{n} {s}")).collect();
            super::total_head(counts.values().sum::<u64>(), &parts)
        }
    }
}

/// `count --engine bitboard`: the bitboard solver counts, up to the limit
/// (or all solutions); the engine's strategy, limit and trace flags are
/// refused, since it has none of them.
fn count_by_bitboard(args: &CountArgs, strategy: &strategy::Strategy) -> Result<Outcome> {
    refuse_engine_flags(&args.strategy, &args.trace)?;
    let limit = args.limit.max_solutions();
    let one_required = limit == Some(2);
    let record = StrategyRecord::of(strategy);
    let mut counts = std::collections::BTreeMap::<&'static str, u64>::new();
    drive(
        &args.input,
        &args.output,
        |job, sudokus| {
            let record = crate_solving::bitboard_count_job(job, sudokus, &record, limit);
            Counted {
                record,
                one_required,
            }
        },
        |record| total(&mut counts, record),
    )
}

/// `--engine bitboard` with a flag of the engine's (a strategy, a limit, a
/// trace): an error naming them, since the bitboard solver has none.
pub(super) fn refuse_engine_flags(
    strategy: &crate::cli::StrategyArgs,
    trace: &crate::cli::TraceArgs,
) -> Result<()> {
    let mut refused = strategy.given();
    if let Some(config) = &strategy.config
        && crate::strategy::is_bitboard_preset(config)?
    {
        // A preset of the bitboard solver (`fastest`) is its own choice.
        refused.retain(|flag| *flag != "--config");
    }
    if trace.trace.is_some() {
        refused.push("--trace");
    }
    if trace.heatmap.is_some() {
        refused.push("--heatmap");
    }
    if !refused.is_empty() {
        bail!(
            "the bitboard solver (--engine bitboard, --config fastest) takes no strategy, limit or trace flag ({}): those are the engine's (--engine engine)",
            refused.join(", ")
        );
    }
    Ok(())
}
