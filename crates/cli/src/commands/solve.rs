//! `sudoku solve`.

use std::time::Instant;

use anyhow::Result;
use csp_core::SearchStats;

use super::{Classify, Outcome, drive, origin};
use crate::answering::Runner;
use crate::cli::{Format, SolveArgs};
use crate::output::Row;
use crate::output::text::side_by_side;
use crate::records::{SolveRecord, Stats, StatsRecord, StrategyRecord};
use crate::solving::{SolveChecks, solve_job};
use crate::strategy::{self, Engine};
use crate::watch::Watch;

impl Classify for SolveRecord {
    fn invalid(&self) -> Option<(&'static str, &str)> {
        self.head.invalid_error()
    }
    fn failed(&self) -> bool {
        SolveRecord::failed(self)
    }
    fn failure(&self) -> String {
        match (self.head.status, &self.head.error) {
            ("multiple", _) => "multiple solutions (not unique)".to_string(),
            (status, Some(e)) => format!("{status} ({e})"),
            (status, None) => status.to_string(),
        }
    }
}

impl Row for SolveRecord {
    fn text(&self, quiet: bool) -> String {
        if quiet {
            return self.solution.clone().unwrap_or_default();
        }
        let head = format!("{}:{}: ", self.head.file, self.head.line);
        let status = match (self.head.status, self.unique) {
            ("solved", Some(true)) => "solved (unique)",
            ("multiple", _) => "multiple solutions (not unique)",
            (s, _) => s,
        };
        let mut text = match (&self.stats, &self.head.error) {
            (Some(stats), None) if self.head.status == "multiple" => {
                format!("{head}{status} after {}", stats.sentence())
            }
            (Some(stats), None) => format!("{head}{status} with {}", stats.sentence()),
            (Some(stats), Some(e)) => format!("{head}{status} ({e}) after {}", stats.sentence()),
            (None, e) => format!("{head}{status}: {}", e.as_deref().unwrap_or("")),
        };
        if let Some(level) = self.level_needed {
            text.push_str(&format!("; level needed: {level}"));
        }
        if let Some(rules) = &self.head.rules_summary {
            text.push_str(&format!("\nrules: {rules}"));
        }
        text.push_str(&self.about.text());
        if let Some((before, after)) = &self.boards {
            text.push('\n');
            text.push_str(&side_by_side(before, after.as_deref().unwrap_or("")));
        }
        text
    }
}

/// Whether the "level needed" rating is computed: only where it is printed
/// (not with --no-level-needed, nor in --quiet text, which prints the
/// solution alone).
fn wants_rating(args: &SolveArgs) -> bool {
    let quiet_text = args.output.quiet && args.output.format == Format::Text;
    !(args.no_level_needed || quiet_text)
}

pub fn solve(args: &SolveArgs) -> Result<Outcome> {
    let overrides = strategy::Overrides {
        engine: args.engine,
        ..args.strategy.overrides()
    };
    // Where only the answer matters (--unique), the portfolio by default.
    let strategy = match args.unique {
        true => super::answering_strategy(&overrides, &args.trace)?,
        false => strategy::resolve(&overrides)?,
    };
    if strategy.engine == Engine::Bitboard {
        return solve_by_bitboard(args, &strategy);
    }
    super::note_unused_seed(args.strategy.seed, &strategy);
    let runner = Runner::new(&strategy);
    let config = &strategy.search;
    let rate = wants_rating(args);
    let started = Instant::now();
    let mut tally = Tally::default();
    let (watch, output) = Watch::open(&args.trace, &args.output)?;
    let outcome = drive(
        &args.input,
        &output,
        |job, sudokus| {
            let checks = SolveChecks {
                rate,
                unique: args.unique,
            };
            watch.searching(&origin(job), Some(1), |searching| {
                solve_job(job, sudokus, &runner, checks, searching)
            })
        },
        |record| match record {
            Some(r) => {
                tally.add(r);
                String::new()
            }
            None => tally.summary(started.elapsed().as_secs_f64()),
        },
    )?;
    watch.finish(&super::short_strategy(config))?;
    Ok(outcome)
}

/// `solve --engine bitboard`: the bitboard solver counts each puzzle to
/// 1 (to 2 with `--unique`); no level needed (it has no levels).
fn solve_by_bitboard(args: &SolveArgs, strategy: &strategy::Strategy) -> Result<Outcome> {
    super::count::refuse_engine_flags(&args.strategy, &args.trace)?;
    let record = StrategyRecord::of(strategy);
    let started = Instant::now();
    let mut tally = Tally::default();
    drive(
        &args.input,
        &args.output,
        |job, sudokus| crate::solving::bitboard_solve_job(job, sudokus, &record, args.unique),
        |record| match record {
            Some(r) => {
                tally.add(r);
                String::new()
            }
            None => tally.summary(started.elapsed().as_secs_f64()),
        },
    )
}

#[derive(Default)]
struct Tally {
    puzzles: u64,
    by_status: std::collections::BTreeMap<&'static str, u64>,
    stats: SearchStats,
    /// The bitboard solver's placements and guesses (`--engine
    /// bitboard`), if it solved.
    bitboard: Option<(u64, u64)>,
}

impl Tally {
    fn add(&mut self, r: &SolveRecord) {
        self.puzzles += 1;
        *self.by_status.entry(r.head.status).or_default() += 1;
        if let Some(Stats::Bitboard(b)) = &r.stats {
            let (placements, guesses) = self.bitboard.get_or_insert((0, 0));
            *placements += b.placements;
            *guesses += b.guesses;
        }
        if let Some(s) = r.engine_stats() {
            self.stats.placements += s.placements;
            self.stats.backtracks += s.backtracks;
            self.stats.iterations += s.iterations;
            self.stats.backtrack_iterations += s.backtrack_iterations;
            self.stats.failures += s.failures;
        }
    }

    fn summary(&self, seconds: f64) -> String {
        use sudoku_cli::words::count;
        let statuses: Vec<String> = ["solved", "multiple", "unsolvable", "stopped", "invalid"]
            .iter()
            .filter_map(|s| self.by_status.get(s).map(|n| format!("{n} {s}")))
            .collect();
        let head = super::total_head(self.puzzles, &statuses);
        if let Some((placements, guesses)) = self.bitboard {
            return format!(
                "{head}; bitboard: {}, {}; {seconds:.3} s",
                count(placements, "placement"),
                count(guesses, "guess"),
            );
        }
        let counts = StatsRecord::from(&self.stats).search_counts();
        format!("{head}; {counts}; {seconds:.3} s")
    }
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;
    use crate::cli::{Cli, Command};

    fn rated(args: &[&str]) -> bool {
        let cli = Cli::parse_from([&["sudoku", "solve"][..], args].concat());
        match cli.command {
            Command::Solve(a) => wants_rating(&a),
            _ => unreachable!(),
        }
    }

    #[test]
    fn the_rating_is_computed_only_where_it_is_printed() {
        assert!(rated(&[]));
        assert!(rated(&["--format", "json"]));
        assert!(rated(&["--quiet", "--format", "csv"]));
        assert!(!rated(&["--quiet"]));
        assert!(!rated(&["--no-level-needed", "--format", "json"]));
    }
}
