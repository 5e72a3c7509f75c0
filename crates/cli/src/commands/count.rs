//! `sudoku count`.

use anyhow::Result;

use super::{Classify, Outcome, drive, invalid_of, on_puzzle, origin};
use crate::cli::CountArgs;
use crate::output::Row;
use crate::records::{CountRecord, StrategyRecord};
use crate::strategy;
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
        invalid_of(
            self.record.status,
            self.record.error_kind,
            self.record.error.as_deref(),
        )
    }
    fn failed(&self) -> bool {
        match self.record.status {
            "none" | "stopped" => true,
            "multiple" => self.one_required,
            _ => false,
        }
    }
}

impl Row for Counted {
    fn csv_header() -> Vec<&'static str> {
        CountRecord::csv_header()
    }
    fn csv_fields(&self) -> Vec<String> {
        self.record.csv_fields()
    }
    fn text(&self, quiet: bool) -> String {
        let r = &self.record;
        if quiet {
            // A stopped count is a lower bound: `>=N`.
            let bound = if r.lower_bound { ">=" } else { "" };
            return r
                .solutions
                .map(|n| format!("{bound}{n}"))
                .unwrap_or_default();
        }
        match &r.stats {
            Some(stats) => format!(
                "{}:{}: {} ({}){}{}",
                r.file,
                r.line,
                r.summary(),
                stats.sentence(),
                (r.rules_summary.as_ref()).map_or(String::new(), |s| format!("\nrules: {s}")),
                r.about.text()
            ),
            None => format!(
                "{}:{}: invalid: {}",
                r.file,
                r.line,
                r.error.as_deref().unwrap_or("")
            ),
        }
    }
}

pub fn count(args: &CountArgs) -> Result<Outcome> {
    let mut strategy = strategy::resolve(&args.strategy.overrides())?;
    if args.all {
        // --all counts everything: a preset's limits do not apply, only
        // limits given as flags.
        let limits = &mut strategy.search.limits;
        if args.strategy.max_placements.is_none() {
            limits.max_placements = None;
        }
        if args.strategy.timeout.is_none() {
            limits.timeout = None;
        }
    }
    super::note_unused_seed(args.strategy.seed, &strategy);
    let record = StrategyRecord::of(&strategy);
    let config = &strategy.search;
    let limit = (!args.all).then_some(args.limit);
    let one_required = limit == Some(2);
    let mut counts = std::collections::BTreeMap::<&'static str, u64>::new();
    let (watch, output) = Watch::open(&args.trace, &args.output)?;
    let outcome = drive(
        &args.input,
        &output,
        |job, sudokus| {
            let base = CountRecord::new(origin(job), record.clone(), limit);
            let result = on_puzzle(job, sudokus, |sudoku, puzzle| {
                let report = watch.run(&origin(job), sudoku, puzzle, config, limit)?;
                Ok(base.clone().counted(&report, sudoku))
            });
            let record = result.unwrap_or_else(|e| CountRecord {
                error: Some(e.message),
                error_kind: Some(e.kind),
                ..base
            });
            Counted {
                record,
                one_required,
            }
        },
        |record| match record {
            Some(c) => {
                *counts.entry(c.record.status).or_default() += 1;
                String::new()
            }
            None => {
                let parts: Vec<String> = counts.iter().map(|(s, n)| format!("{n} {s}")).collect();
                format!(
                    "total: {} puzzles ({})",
                    counts.values().sum::<u64>(),
                    parts.join(", ")
                )
            }
        },
    )?;
    watch.finish(&super::short_strategy(config))?;
    Ok(outcome)
}
