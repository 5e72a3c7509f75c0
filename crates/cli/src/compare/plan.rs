//! What a comparison runs, unit by unit.
//!
//! A *unit* is one run: a strategy, a set, a seed and a valid puzzle of
//! the set. Units are numbered in one canonical order (strategy, then
//! set, then seed, then puzzle) that fixes which shard runs which unit
//! ([`Shard`]) and in which order results are folded. The [`Plan`] heads
//! every runs file, so that the files of one comparison merge and those
//! of another are refused.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::stats::RowHead;

/// Everything that fixes a comparison's results (not how they are shown).
#[derive(Serialize, Deserialize, Clone, PartialEq, Debug)]
pub struct Plan {
    /// The version that ran it: files of different versions do not merge.
    pub version: String,
    pub strategies: Vec<PlannedStrategy>,
    pub sets: Vec<PlannedSet>,
    /// Solutions searched for per puzzle.
    pub solutions: u64,
    /// `--max-placements`, for the table's heading.
    pub max_placements: Option<u64>,
    /// `--give-up-after`: a strategy stops on a set after this many of its
    /// runs hit a limit.
    pub give_up_after: Option<u64>,
}

/// One strategy: its row's heading, without the set.
#[derive(Serialize, Deserialize, Clone, PartialEq, Debug)]
pub struct PlannedStrategy {
    pub label: String,
    pub cells: String,
    pub values: String,
    pub propagation: String,
    pub config: String,
    pub seeds: Vec<u64>,
    pub max_placements: Option<u64>,
    pub timeout_ms: Option<u64>,
}

/// One puzzle set: its name, content hash, and which lines are puzzles
/// that run.
#[derive(Serialize, Deserialize, Clone, PartialEq, Debug)]
pub struct PlannedSet {
    pub name: String,
    pub hash: String,
    /// Line numbers of its valid puzzles, in order: a unit's `puzzle` is an
    /// index into them.
    pub valid: Vec<u64>,
    /// Lines that are not valid puzzles (not run).
    pub invalid: usize,
    /// Whether its members are XCSP3 instances (`valid` then holds
    /// their positions, from 1), not puzzles.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub instances: bool,
}

/// Runs of one strategy with one seed on one set: consecutive units.
#[derive(Clone, Copy, Debug)]
pub struct Group {
    pub strategy: usize,
    pub set: usize,
    pub seed: u64,
    /// The number of its first unit.
    pub first: u64,
    /// Its units: the set's valid puzzles.
    pub len: u64,
}

impl Plan {
    /// The groups in canonical order.
    pub fn groups(&self) -> Vec<Group> {
        let mut groups = Vec::new();
        let mut first = 0;
        for (c, strategy) in self.strategies.iter().enumerate() {
            for (s, set) in self.sets.iter().enumerate() {
                for &seed in &strategy.seeds {
                    let len = set.valid.len() as u64;
                    groups.push(Group {
                        strategy: c,
                        set: s,
                        seed,
                        first,
                        len,
                    });
                    first += len;
                }
            }
        }
        groups
    }

    /// The heading of the row of strategy `c` on set `s`.
    pub fn head(&self, c: usize, s: usize) -> RowHead {
        let (strategy, set) = (&self.strategies[c], &self.sets[s]);
        RowHead {
            strategy: strategy.label.clone(),
            cells: strategy.cells.clone(),
            values: strategy.values.clone(),
            propagation: strategy.propagation.clone(),
            config: strategy.config.clone(),
            seeds: strategy.seeds.clone(),
            max_placements: strategy.max_placements,
            timeout_ms: strategy.timeout_ms,
            set: set.name.clone(),
            set_hash: set.hash.clone(),
            invalid: set.invalid,
        }
    }

    /// What differs between this plan and `other`, in words (`None` if
    /// nothing does).
    pub fn difference(&self, other: &Plan) -> Option<String> {
        if self.version != other.version {
            return Some(format!(
                "version {} against {}",
                self.version, other.version
            ));
        }
        if self.strategies != other.strategies {
            let labels = |p: &Plan| {
                let l: Vec<&str> = p.strategies.iter().map(|s| s.label.as_str()).collect();
                l.join(", ")
            };
            return Some(format!(
                "strategies [{}] against [{}] (or their seeds or limits)",
                labels(self),
                labels(other)
            ));
        }
        if self.sets != other.sets {
            let sets = |p: &Plan| {
                let l: Vec<String> = (p.sets.iter())
                    .map(|s| format!("{} ({})", s.name, s.hash))
                    .collect();
                l.join(", ")
            };
            return Some(format!("sets {} against {}", sets(self), sets(other)));
        }
        let settings = |p: &Plan| {
            let number = |n: Option<u64>| n.map_or("none".to_string(), |n| n.to_string());
            format!(
                "solutions {}, max placements {}, give up after {}",
                p.solutions,
                number(p.max_placements),
                number(p.give_up_after)
            )
        };
        (self != other).then(|| format!("{} against {}", settings(self), settings(other)))
    }
}

/// `--shard K/N`: the units whose number is `K-1` modulo `N`, so each
/// shard gets an even share of every strategy and set.
#[derive(Serialize, Deserialize, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(try_from = "String", into = "String")]
pub struct Shard {
    /// From 1.
    pub k: u64,
    pub n: u64,
}

impl Shard {
    /// Whether unit `unit` is this shard's.
    pub fn has(&self, unit: u64) -> bool {
        unit % self.n == self.k - 1
    }
}

impl FromStr for Shard {
    type Err = String;

    fn from_str(s: &str) -> Result<Shard, String> {
        let bad = || format!("bad shard {s:?}: expected K/N with 1 <= K <= N, e.g. 2/8");
        let (k, n) = s.split_once('/').ok_or_else(bad)?;
        let (k, n): (u64, u64) = (
            k.trim().parse().map_err(|_| bad())?,
            n.trim().parse().map_err(|_| bad())?,
        );
        if k == 0 || k > n {
            return Err(bad());
        }
        Ok(Shard { k, n })
    }
}

impl TryFrom<String> for Shard {
    type Error = String;
    fn try_from(s: String) -> Result<Shard, String> {
        s.parse()
    }
}

impl From<Shard> for String {
    fn from(s: Shard) -> String {
        s.to_string()
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.k, self.n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan() -> Plan {
        let strategy = |label: &str, seeds: Vec<u64>| PlannedStrategy {
            label: label.into(),
            cells: "E".into(),
            values: "0".into(),
            propagation: "fc".into(),
            config: "matrix".into(),
            seeds,
            max_placements: Some(10),
            timeout_ms: None,
        };
        let set = |name: &str, valid: Vec<u64>| PlannedSet {
            instances: false,
            name: name.into(),
            hash: "00".into(),
            valid,
            invalid: 0,
        };
        Plan {
            version: "0".into(),
            strategies: vec![strategy("a", vec![1]), strategy("b", vec![1, 2])],
            sets: vec![set("x", vec![1, 2, 3]), set("y", vec![1, 3])],
            solutions: 1,
            max_placements: Some(10),
            give_up_after: None,
        }
    }

    #[test]
    fn units_are_numbered_strategy_set_seed_puzzle() {
        let groups = plan().groups();
        let firsts: Vec<(usize, usize, u64, u64)> = (groups.iter())
            .map(|g| (g.strategy, g.set, g.seed, g.first))
            .collect();
        assert_eq!(
            firsts,
            [
                (0, 0, 1, 0),
                (0, 1, 1, 3),
                (1, 0, 1, 5),
                (1, 0, 2, 8),
                (1, 1, 1, 11),
                (1, 1, 2, 13)
            ]
        );
    }

    #[test]
    fn shards_split_the_units_evenly_and_read_back() {
        let shards: Vec<Shard> = ["1/3", "2/3", "3/3"].map(|s| s.parse().unwrap()).into();
        for unit in 0..30 {
            assert_eq!(shards.iter().filter(|s| s.has(unit)).count(), 1);
        }
        assert_eq!(shards[1].to_string(), "2/3");
        for bad in ["0/3", "4/3", "3", "a/b", "1/0"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }

    #[test]
    fn differences_are_told() {
        let a = plan();
        assert_eq!(a.difference(&a.clone()), None);
        let mut b = a.clone();
        b.version = "1".into();
        assert_eq!(a.difference(&b).unwrap(), "version 0 against 1");
        let mut b = a.clone();
        b.sets[1].hash = "ff".into();
        assert_eq!(
            a.difference(&b).unwrap(),
            "sets x (00), y (00) against x (00), y (ff)"
        );
        let mut b = a.clone();
        b.solutions = 2;
        assert_eq!(
            a.difference(&b).unwrap(),
            "solutions 1, max placements 10, give up after none against solutions 2, max placements 10, give up after none"
        );
    }
}
