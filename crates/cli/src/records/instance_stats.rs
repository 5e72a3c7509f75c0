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
use super::stats::{RuleCounts, StatsRecord, rule_columns};

/// `stats` of an instance's record: a puzzle's counters, the same
/// numbers under the same keys in the same order but `cells_placed`,
/// written `variables_assigned` (the model's variables, the reader's
/// auxiliary ones included, assigned when the search ended), and
/// `rules`, left out; then `propagators`.
#[derive(Clone, Debug)]
pub struct InstanceStatsRecord {
    /// The counters, as a puzzle's record holds them.
    pub counters: StatsRecord,
    /// The propagators that ran, by rule name ([`Rule::name`]), in
    /// [`Rule::ALL`] order: every rule the model's propagators credit,
    /// and any other that ran (the search's own: naked singles, probing,
    /// nogoods).
    pub propagators: Propagators,
}

impl Serialize for InstanceStatsRecord {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{Error, SerializeMap};
        let counters = serde_json::to_value(&self.counters).map_err(S::Error::custom)?;
        let mut map = s.serialize_map(None)?;
        for key in StatsRecord::CSV_HEADER {
            map.serialize_entry(instance_key(key), &counters[key])?;
        }
        map.serialize_entry("propagators", &self.propagators)?;
        map.end()
    }
}

/// An instance's name for the puzzle record's counter `key`.
fn instance_key(key: &'static str) -> &'static str {
    match key {
        "cells_placed" => "variables_assigned",
        key => key,
    }
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
        InstanceStatsRecord {
            counters: StatsRecord::from(stats),
            propagators: Propagators::of(&stats.rules, sources),
        }
    }

    /// The counters in words, as a puzzle's record says them.
    pub fn sentence(&self) -> String {
        self.counters.sentence()
    }
}

/// The CSV columns of an instance's `stats` (but those named in
/// `leave_out`), then each rule's counters (`table_runs`,
/// `table_removals`, `table_assignments`, ...; empty where the
/// instance has no such propagator), in [`Rule::ALL`] order.
pub fn instance_stats_columns(leave_out: &[&str]) -> Vec<Column> {
    let mut columns: Vec<Column> = (StatsRecord::CSV_HEADER.into_iter())
        .map(instance_key)
        .filter(|key| !leave_out.contains(key))
        .map(|key| Column::at(key, &["stats", key]))
        .collect();
    columns.extend(rule_columns("propagators"));
    columns
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_search_keys_are_a_puzzles_with_variables_for_cells() {
        let stats = SearchStats {
            placements: 20,
            vars_placed: 5,
            nogoods: 3,
            ..SearchStats::default()
        };
        let record = InstanceStatsRecord::of(&stats, &[]);
        let text = serde_json::to_string(&record).unwrap();
        // The puzzle's keys in their order, one renamed, then propagators.
        let mut keys: Vec<&str> = StatsRecord::CSV_HEADER.map(instance_key).to_vec();
        keys.push("propagators");
        let at = |key: &str| {
            text.find(&format!("\"{key}\":"))
                .unwrap_or_else(|| panic!("{key}"))
        };
        assert!(keys.windows(2).all(|w| at(w[0]) < at(w[1])), "{text}");
        assert!(!text.contains("cells_placed") && !text.contains("\"rules\""));
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(value.as_object().unwrap().len(), keys.len());
        assert_eq!(
            (
                &value["placements"],
                &value["variables_assigned"],
                &value["nogoods"]
            ),
            (
                &serde_json::json!(20),
                &serde_json::json!(5),
                &serde_json::json!(3)
            )
        );
        assert_eq!(record.sentence(), record.counters.sentence());
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
