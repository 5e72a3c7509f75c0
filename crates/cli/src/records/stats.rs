//! The search counters of a record (`stats`): the engine's, or the
//! bitboard solver's under the same keys.
#![allow(missing_docs)]

use csp_core::{Rule, RuleCounter, RuleStats, SearchStats};
use serde::{Serialize, Serializer};

use super::columns::Column;

/// The search counters (`stats` in json).
#[derive(Serialize, Clone, Debug)]
pub struct StatsRecord {
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
    pub cells_placed: u64,
    /// Placements with an untried alternative left (the rest were forced).
    pub guesses: u64,
    /// Per propagation rule: runs, removals, assignments.
    pub rules: RulesRecord,
    /// Restarts from the root (0 without `--restarts`).
    pub restarts: u64,
    /// Nogoods recorded at the restarts.
    pub nogoods: u64,
}

/// `stats.rules` in json: `{"fc": {"runs": .., "removals": .., "assignments":
/// ..}, "naked_singles": {..}, ...}`, every rule, in level order.
#[derive(Clone, Copy, Debug, Default)]
pub struct RulesRecord(pub RuleStats);

impl Serialize for RulesRecord {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize_rules(s, self.0.iter().map(|(rule, c)| (rule, RuleCounts::of(c))))
    }
}

/// One rule's counters, or their means over runs: an object
/// `{"runs", "removals", "assignments"}` in json, three columns in csv.
#[derive(Serialize, Clone, Copy, PartialEq, Debug, Default)]
pub struct RuleCounts<T> {
    pub runs: T,
    pub removals: T,
    pub assignments: T,
}

impl RuleCounts<u64> {
    pub fn of(c: RuleCounter) -> RuleCounts<u64> {
        RuleCounts {
            runs: c.runs,
            removals: c.removals,
            assignments: c.assignments,
        }
    }
}

impl<T: Copy> RuleCounts<T> {
    /// The counts in csv column order: runs, removals, assignments.
    pub fn fields(self) -> [T; 3] {
        [self.runs, self.removals, self.assignments]
    }
}

/// Per-rule counts as a json map from the rule's name, in the given order.
pub fn serialize_rules<S: Serializer, T: Serialize>(
    s: S,
    rules: impl IntoIterator<Item = (Rule, RuleCounts<T>)>,
) -> Result<S::Ok, S::Error> {
    s.collect_map(rules.into_iter().map(|(rule, c)| (rule.name(), c)))
}

impl From<&SearchStats> for StatsRecord {
    fn from(s: &SearchStats) -> StatsRecord {
        StatsRecord {
            placements: s.placements,
            backtracks: s.backtracks,
            moves: s.moves(),
            iterations: s.iterations,
            backtrack_iterations: s.backtrack_iterations,
            failures: s.failures,
            propagations: s.propagations,
            max_depth: s.max_depth,
            search_space: s.search_space.to_string(),
            elapsed_us: s.elapsed.as_micros() as u64,
            solutions: s.solutions,
            cells_placed: s.vars_placed,
            guesses: s.guesses,
            rules: RulesRecord(s.rules),
            restarts: s.restarts,
            nogoods: s.nogoods,
        }
    }
}

/// The counters of a count, by the solver that counted: the engine's, or
/// the bitboard solver's (the same json keys, `null` where it has no such
/// counter).
#[derive(Serialize, Clone, Debug)]
#[serde(untagged)]
pub enum Stats {
    Engine(Box<StatsRecord>),
    Bitboard(BitboardStatsRecord),
}

impl Stats {
    /// The counters in words, for the text format.
    pub fn sentence(&self) -> String {
        match self {
            Stats::Engine(s) => s.sentence(),
            Stats::Bitboard(b) => format!(
                "bitboard: {}, {}, {:.3} ms",
                crate::words::count(b.placements, "placement"),
                crate::words::count(b.guesses, "guess"),
                b.elapsed_us as f64 / 1000.0
            ),
        }
    }
}

/// The counters of the bitboard solver: `placements` and `guesses` as the
/// engine counts them, `solutions`, `elapsed_us`; every other key of
/// [`StatsRecord`] is `null` (it has no iterations, propagations or rule
/// runs to count).
#[derive(Clone, Debug)]
pub struct BitboardStatsRecord {
    pub placements: u64,
    pub guesses: u64,
    pub solutions: u64,
    pub elapsed_us: u64,
}

impl BitboardStatsRecord {
    /// The value of a [`StatsRecord`] key, if this solver has it.
    fn field(&self, key: &str) -> Option<u64> {
        match key {
            "placements" => Some(self.placements),
            "guesses" => Some(self.guesses),
            "solutions" => Some(self.solutions),
            "elapsed_us" => Some(self.elapsed_us),
            _ => None,
        }
    }
}

impl Serialize for BitboardStatsRecord {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        // StatsRecord's keys in its order: `rules` after `guesses`.
        let mut map = s.serialize_map(None)?;
        for key in StatsRecord::CSV_HEADER {
            map.serialize_entry(key, &self.field(key))?;
            if key == "guesses" {
                map.serialize_entry("rules", &None::<()>)?;
            }
        }
        map.end()
    }
}

impl StatsRecord {
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
        "cells_placed",
        "guesses",
        "restarts",
        "nogoods",
    ];

    /// The search's moves and what they are made of: `1004 moves: 531
    /// placements, 473 backtracks, 472 iterations, 473 backtrack
    /// iterations, 60 failures`.
    pub fn search_counts(&self) -> String {
        use crate::words::count;
        format!(
            "{}: {}, {}, {}, {}, {}",
            count(self.moves, "move"),
            count(self.placements, "placement"),
            count(self.backtracks, "backtrack"),
            count(self.iterations, "iteration"),
            count(self.backtrack_iterations, "backtrack iteration"),
            count(self.failures, "failure"),
        )
    }

    /// `solved with 1004 moves: 531 placements, 473 backtracks, ...`
    /// (`..., 3 restarts, 41 nogoods, ...` after the failures when the
    /// search restarted or learnt clauses).
    pub fn sentence(&self) -> String {
        // Restarts record nogoods; clause learning learns one per failure.
        let restarts = match (self.restarts, self.nogoods) {
            (0, 0) => String::new(),
            (n, nogoods) => format!(
                ", {}, {}",
                crate::words::count(n, "restart"),
                crate::words::count(nogoods, "nogood")
            ),
        };
        format!(
            "{}{restarts}, {}, max depth {}, search space {}, {:.3} ms",
            self.search_counts(),
            crate::words::count(self.propagations, "propagation"),
            self.max_depth,
            self.search_space,
            self.elapsed_us as f64 / 1000.0
        )
    }
}

/// The CSV columns of each rule's counters (`fc_runs`, `fc_removals`,
/// `fc_assignments`, ...), in [`Rule::ALL`] order, read from the map
/// `stats.<map>` (a puzzle's `rules`, an instance's `propagators`).
pub(super) fn rule_columns(map: &str) -> impl Iterator<Item = Column> + '_ {
    Rule::ALL.into_iter().flat_map(move |rule| {
        ["runs", "removals", "assignments"].map(|field| {
            let header = format!("{}_{field}", rule.name());
            Column::at(&header, &["stats", map, rule.name(), field])
        })
    })
}

/// The CSV columns of `stats` (but those named in `leave_out`), then
/// those of its rule counters, in [`Rule::ALL`] order.
pub fn stats_columns(leave_out: &[&str]) -> Vec<Column> {
    let mut columns: Vec<Column> = (StatsRecord::CSV_HEADER.iter())
        .filter(|key| !leave_out.contains(key))
        .map(|key| Column::at(key, &["stats", key]))
        .collect();
    columns.extend(rule_columns("rules"));
    columns
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_columns_keep_their_names_and_new_rules_append() {
        let columns = stats_columns(&StatsRecord::CSV_HEADER);
        let header: Vec<&str> = columns.iter().map(|c| c.header.as_str()).collect();
        // The columns of 0.1 (a contract for scripts), in their order.
        let mut expected: Vec<String> = [
            "fc",
            "naked_singles",
            "hidden_singles",
            "locked",
            "gac",
            "probing",
            "other",
        ]
        .iter()
        .flat_map(|r| ["runs", "removals", "assignments"].map(|c| format!("{r}_{c}")))
        .collect();
        assert_eq!(header[..21], expected);
        expected.extend(["sum_runs", "sum_removals", "sum_assignments"].map(String::from));
        assert_eq!(header[..24], expected);
        assert_eq!(header.len(), 3 * Rule::ALL.len());
    }
}
