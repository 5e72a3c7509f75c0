//! The search counters of an XCSP3 instance's record (`stats` of `csp
//! solve`, `csp count` and the instance rows of `csp compare`): the
//! counters of a puzzle's record in the words of a constraint problem.
//! A puzzle's `cells_placed` is `variables_assigned` here, and its
//! `rules` (named after Sudoku's house rules) is `propagators`: each rule
//! the instance's propagators credit their work to, with the names of
//! the instance's constraints posted as such propagators.

use csp_core::{Rule, RuleStats, SearchStats};
use serde::Serialize;

use super::columns::Column;
use super::stats::{RuleCounts, StatsRecord};

/// `stats` of an instance's record.
#[derive(Serialize, Clone, Debug)]
pub struct InstanceStatsRecord {
    pub placements: u64,
    pub backtracks: u64,
    pub moves: u64,
    pub iterations: u64,
    pub backtrack_iterations: u64,
    pub failures: u64,
    pub propagations: u64,
    pub max_depth: u64,
    /// Decimal, exact (it overflows 64 bits).
    pub search_space: String,
    pub elapsed_us: u64,
    pub solutions: u64,
    /// Variables of the model (the instance's and the auxiliary ones the
    /// reader adds) assigned when the search ended.
    pub variables_assigned: u64,
    pub guesses: u64,
    pub restarts: u64,
    pub nogoods: u64,
    /// The propagators that ran, by rule name ([`Rule::name`]), in
    /// [`Rule::ALL`] order: every rule the model's propagators credit,
    /// and any other that ran (the search's own: naked singles, probing,
    /// nogoods).
    pub propagators: Propagators,
}

/// `stats.propagators`: `{"table": {"constraints": ["extension"], "runs":
/// .., "removals": .., "assignments": ..}, ...}`, in [`Rule::ALL`] order.
#[derive(Clone, Debug, Default)]
pub struct Propagators(pub Vec<(Rule, Vec<&'static str>, RuleCounts<u64>)>);

/// One rule's entry of [`Propagators`].
#[derive(Serialize)]
struct PropagatorCounts<'a> {
    /// The instance's constraints posted as its propagators (empty for
    /// the search's own rules).
    constraints: &'a [&'static str],
    #[serde(flatten)]
    counts: RuleCounts<u64>,
}

impl Serialize for Propagators {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.0.iter().map(|(rule, constraints, counts)| {
            let entry = PropagatorCounts {
                constraints,
                counts: *counts,
            };
            (rule.name(), entry)
        }))
    }
}

impl Propagators {
    /// The entries of the rules of `sources` (the rules the model's
    /// propagators credit, with their constraints) and of every other
    /// rule that ran in `rules`.
    pub fn of(rules: &RuleStats, sources: &[(Rule, Vec<&'static str>)]) -> Propagators {
        let entries = (rules.iter())
            .filter_map(|(rule, counter)| {
                let constraints = (sources.iter())
                    .find(|(r, _)| *r == rule)
                    .map(|(_, names)| names.clone());
                if constraints.is_none() && counter.runs == 0 {
                    return None;
                }
                Some((
                    rule,
                    constraints.unwrap_or_default(),
                    RuleCounts::of(counter),
                ))
            })
            .collect();
        Propagators(entries)
    }
}

impl InstanceStatsRecord {
    /// The counters of `stats`, the propagators credited as `sources`
    /// says ([`xcsp3::Compiled::rule_sources`]).
    pub fn of(stats: &SearchStats, sources: &[(Rule, Vec<&'static str>)]) -> InstanceStatsRecord {
        let s = StatsRecord::from(stats);
        InstanceStatsRecord {
            placements: s.placements,
            backtracks: s.backtracks,
            moves: s.moves,
            iterations: s.iterations,
            backtrack_iterations: s.backtrack_iterations,
            failures: s.failures,
            propagations: s.propagations,
            max_depth: s.max_depth,
            search_space: s.search_space,
            elapsed_us: s.elapsed_us,
            solutions: s.solutions,
            variables_assigned: s.cells_placed,
            guesses: s.guesses,
            restarts: s.restarts,
            nogoods: s.nogoods,
            propagators: Propagators::of(&stats.rules, sources),
        }
    }

    /// The counters in words, as a puzzle's record says them
    /// ([`StatsRecord::sentence`]).
    pub fn sentence(&self) -> String {
        use crate::words::count;
        let restarts = match (self.restarts, self.nogoods) {
            (0, 0) => String::new(),
            (n, nogoods) => format!(", {}, {}", count(n, "restart"), count(nogoods, "nogood")),
        };
        format!(
            "{}: {}, {}, {}, {}, {}{restarts}, {}, max depth {}, search space {}, {:.3} ms",
            count(self.moves, "move"),
            count(self.placements, "placement"),
            count(self.backtracks, "backtrack"),
            count(self.iterations, "iteration"),
            count(self.backtrack_iterations, "backtrack iteration"),
            count(self.failures, "failure"),
            count(self.propagations, "propagation"),
            self.max_depth,
            self.search_space,
            self.elapsed_us as f64 / 1000.0
        )
    }

    /// The CSV keys, in order: a puzzle's [`StatsRecord::CSV_HEADER`]
    /// with `variables_assigned` for `cells_placed`.
    pub const CSV_HEADER: [&'static str; 15] = [
        "placements",
        "backtracks",
        "moves",
        "iterations",
        "backtrack_iterations",
        "failures",
        "propagations",
        "max_depth",
        "search_space",
        "elapsed_us",
        "solutions",
        "variables_assigned",
        "guesses",
        "restarts",
        "nogoods",
    ];
}

/// The CSV columns of an instance's `stats` (but those named in
/// `leave_out`), then each rule's counters (`table_runs`,
/// `table_removals`, `table_assignments`, ...; empty where the
/// instance has no such propagator), in [`Rule::ALL`] order.
pub fn instance_stats_columns(leave_out: &[&str]) -> Vec<Column> {
    let mut columns: Vec<Column> = (InstanceStatsRecord::CSV_HEADER.iter())
        .filter(|key| !leave_out.contains(key))
        .map(|key| Column::at(key, &["stats", key]))
        .collect();
    for rule in Rule::ALL {
        for field in ["runs", "removals", "assignments"] {
            let header = format!("{}_{field}", rule.name());
            columns.push(Column::at(
                &header,
                &["stats", "propagators", rule.name(), field],
            ));
        }
    }
    columns
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_search_keys_are_a_puzzles_with_variables_for_cells() {
        let puzzle: Vec<&str> = StatsRecord::CSV_HEADER.to_vec();
        let instance: Vec<&str> = (InstanceStatsRecord::CSV_HEADER.iter())
            .map(|&k| {
                if k == "variables_assigned" {
                    "cells_placed"
                } else {
                    k
                }
            })
            .collect();
        assert_eq!(instance, puzzle);
    }

    #[test]
    fn rules_without_propagators_or_runs_are_left_out() {
        let rules = RuleStats::default();
        let sources = vec![(Rule::Table, vec!["extension", "intension"])];
        let p = Propagators::of(&rules, &sources);
        assert_eq!(
            serde_json::to_string(&p).unwrap(),
            r#"{"table":{"constraints":["extension","intension"],"runs":0,"removals":0,"assignments":0}}"#
        );
    }
}
