//! Statistics of one strategy on one set.

use csp_core::{Rule, RuleStats};
use serde::{Serialize, Serializer};

use crate::records::{RuleCounts, serialize_rules};

/// How one run ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RunStatus {
    Solved,
    Unsolvable,
    Stopped,
}

/// One run's counters (small: a comparison keeps many).
#[derive(Clone, Copy, Debug)]
pub struct Run {
    pub status: RunStatus,
    pub placements: u64,
    pub backtracks: u64,
    pub guesses: u64,
    pub iterations: u64,
    pub elapsed_us: u64,
    pub rules: RuleStats,
}

impl Run {
    pub fn moves(&self) -> u64 {
        self.placements + self.backtracks
    }
}

/// Total (per seed), mean, median, 90th percentile and maximum of a counter
/// over the runs that finished (solved or unsolvable). Percentiles are
/// nearest-rank: the value at position ceil(p * n) of the sorted runs.
#[derive(Serialize, Clone, Debug, Default, PartialEq)]
pub struct Distribution {
    pub total: f64,
    pub mean: Option<f64>,
    pub median: Option<u64>,
    pub p90: Option<u64>,
    pub max: Option<u64>,
}

fn nearest_rank(sorted: &[u64], p: f64) -> Option<u64> {
    let n = sorted.len();
    (n > 0).then(|| sorted[((p * n as f64).ceil() as usize).clamp(1, n) - 1])
}

impl Distribution {
    fn of(mut values: Vec<u64>, seeds: usize) -> Distribution {
        values.sort_unstable();
        let sum: u64 = values.iter().sum();
        let n = values.len();
        Distribution {
            total: sum as f64 / seeds as f64,
            mean: (n > 0).then(|| sum as f64 / n as f64),
            median: nearest_rank(&values, 0.5),
            p90: nearest_rank(&values, 0.9),
            max: values.last().copied(),
        }
    }
}

/// The spread of a figure across seeds: the smallest, median (nearest
/// rank) and largest of the per-seed values.
#[derive(Serialize, Clone, Copy, Debug, Default, PartialEq)]
pub struct Spread {
    pub min: Option<f64>,
    pub median: Option<f64>,
    pub max: Option<f64>,
}

impl Spread {
    fn of(mut values: Vec<f64>) -> Spread {
        values.sort_by(f64::total_cmp);
        let n = values.len();
        Spread {
            min: values.first().copied(),
            median: (n > 0).then(|| values[((0.5 * n as f64).ceil() as usize).clamp(1, n) - 1]),
            max: values.last().copied(),
        }
    }
}

/// Per rule, the mean over the finished runs of how often it ran, the
/// candidates it removed and the cells it filled. In json a map from the
/// rule's name to `{"runs", "removals", "assignments"}`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RuleMeans(pub Vec<(Rule, RuleCounts<f64>)>);

impl RuleMeans {
    fn of(finished: &[&Run]) -> RuleMeans {
        let n = finished.len().max(1) as f64;
        RuleMeans(
            Rule::ALL
                .iter()
                .map(|&rule| {
                    let sum = |f: fn(&csp_core::RuleCounter) -> u64| {
                        finished.iter().map(|r| f(&r.rules[rule])).sum::<u64>() as f64 / n
                    };
                    let means = RuleCounts {
                        runs: sum(|c| c.runs),
                        removals: sum(|c| c.removals),
                        assignments: sum(|c| c.assignments),
                    };
                    (rule, means)
                })
                .collect(),
        )
    }

    /// The means for `rule`.
    pub fn get(&self, rule: Rule) -> RuleCounts<f64> {
        self.0
            .iter()
            .find(|(r, _)| *r == rule)
            .map_or_else(RuleCounts::default, |(_, m)| *m)
    }
}

impl Serialize for RuleMeans {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize_rules(s, self.0.iter().copied())
    }
}

/// The strategy and set a row is about: everything that reproduces it.
#[derive(Serialize, Clone, Debug)]
pub struct RowHead {
    pub strategy: String,
    pub cells: String,
    pub values: String,
    pub propagation: String,
    pub config: String,
    pub seeds: Vec<u64>,
    pub max_placements: Option<u64>,
    pub timeout_ms: Option<u64>,
    pub set: String,
    pub set_hash: String,
    /// Lines of the set that are not valid puzzles (not run).
    pub invalid: usize,
}

/// One row of the comparison: a strategy on a set, over all its seeds.
#[derive(Serialize, Clone, Debug)]
pub struct Row {
    /// Place in the ranking within its set (1 is best), per the sort column.
    pub rank: usize,
    #[serde(flatten)]
    pub head: RowHead,
    /// Valid puzzles in the set.
    pub puzzles: usize,
    /// puzzles x seeds.
    pub runs: usize,
    pub solved: usize,
    pub stopped: usize,
    pub unsolvable: usize,
    /// Runs solved, stopped, unsolvable per seed (the counts over the
    /// seeds): what compares across strategies run with different numbers
    /// of seeds.
    pub solved_per_seed: f64,
    pub stopped_per_seed: f64,
    pub unsolvable_per_seed: f64,
    /// The mean placements of each seed's finished runs, across the seeds.
    pub seed_placements_mean: Spread,
    pub placements: Distribution,
    pub backtracks: Distribution,
    pub iterations: Distribution,
    pub moves: Distribution,
    /// Placements with an untried alternative left (see `SearchStats`).
    pub guesses: Distribution,
    /// Placements spent in stopped runs (per seed): not in `placements`.
    pub stopped_placements: f64,
    /// The largest total of placements of one seed (stopped runs included).
    pub worst_seed_placements: u64,
    /// Share of runs solved without a single placement.
    pub no_guess_share: f64,
    /// Search time per seed, seconds (sum of the runs' own times); null
    /// with `--no-timings`.
    pub time_s: Option<f64>,
    /// Runs per second of search time; null with `--no-timings`.
    pub puzzles_per_s: Option<f64>,
    pub version: &'static str,
    /// What each propagation rule did, per finished run.
    pub rules: RuleMeans,
}

/// Summarizes the runs of each seed (each the same puzzles, in order).
pub fn summarize(head: RowHead, by_seed: &[Vec<Run>]) -> Row {
    let seeds = by_seed.len().max(1);
    let runs: Vec<&Run> = by_seed.iter().flatten().collect();
    let finished: Vec<&Run> = runs
        .iter()
        .copied()
        .filter(|r| r.status != RunStatus::Stopped)
        .collect();
    let count = |s: RunStatus| runs.iter().filter(|r| r.status == s).count();
    let dist =
        |f: fn(&Run) -> u64| Distribution::of(finished.iter().map(|r| f(r)).collect(), seeds);
    let stopped_placements: u64 = runs
        .iter()
        .filter(|r| r.status == RunStatus::Stopped)
        .map(|r| r.placements)
        .sum();
    let worst_seed_placements = by_seed
        .iter()
        .map(|runs| runs.iter().map(|r| r.placements).sum::<u64>())
        .max()
        .unwrap_or(0);
    let elapsed_us: u64 = runs.iter().map(|r| r.elapsed_us).sum();
    let no_guess = runs
        .iter()
        .filter(|r| r.status == RunStatus::Solved && r.placements == 0)
        .count();
    let share = |n: usize| {
        if runs.is_empty() {
            0.0
        } else {
            n as f64 / runs.len() as f64
        }
    };
    let per_seed = |n: usize| n as f64 / seeds as f64;
    let seed_means: Vec<f64> = by_seed
        .iter()
        .filter_map(|runs| {
            let done: Vec<u64> = runs
                .iter()
                .filter(|r| r.status != RunStatus::Stopped)
                .map(|r| r.placements)
                .collect();
            (!done.is_empty()).then(|| done.iter().sum::<u64>() as f64 / done.len() as f64)
        })
        .collect();
    Row {
        rank: 0,
        head,
        puzzles: by_seed.first().map_or(0, Vec::len),
        runs: runs.len(),
        solved: count(RunStatus::Solved),
        stopped: count(RunStatus::Stopped),
        unsolvable: count(RunStatus::Unsolvable),
        solved_per_seed: per_seed(count(RunStatus::Solved)),
        stopped_per_seed: per_seed(count(RunStatus::Stopped)),
        unsolvable_per_seed: per_seed(count(RunStatus::Unsolvable)),
        seed_placements_mean: Spread::of(seed_means),
        placements: dist(|r| r.placements),
        backtracks: dist(|r| r.backtracks),
        iterations: dist(|r| r.iterations),
        moves: dist(Run::moves),
        guesses: dist(|r| r.guesses),
        stopped_placements: stopped_placements as f64 / seeds as f64,
        worst_seed_placements,
        no_guess_share: share(no_guess),
        time_s: Some(elapsed_us as f64 / 1e6 / seeds as f64),
        puzzles_per_s: (elapsed_us > 0).then(|| runs.len() as f64 / (elapsed_us as f64 / 1e6)),
        version: crate::records::VERSION,
        rules: RuleMeans::of(&finished),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(status: RunStatus, placements: u64) -> Run {
        Run {
            status,
            placements,
            backtracks: placements / 2,
            guesses: placements / 2,
            iterations: placements + 1,
            elapsed_us: 10,
            rules: {
                let mut rules = RuleStats::default();
                rules[Rule::Gac].removals = placements;
                rules
            },
        }
    }

    fn head() -> RowHead {
        RowHead {
            strategy: "EA/0/fc".into(),
            cells: "EA".into(),
            values: "0".into(),
            propagation: "fc".into(),
            config: "matrix".into(),
            seeds: vec![1, 2],
            max_placements: Some(100),
            timeout_ms: None,
            set: "s".into(),
            set_hash: "h".into(),
            invalid: 0,
        }
    }

    #[test]
    fn hand_computed_row() {
        use RunStatus::*;
        let seed1 = vec![
            run(Solved, 0),
            run(Solved, 10),
            run(Stopped, 100),
            run(Solved, 4),
        ];
        let seed2 = vec![
            run(Solved, 2),
            run(Unsolvable, 6),
            run(Solved, 8),
            run(Solved, 20),
        ];
        let row = summarize(head(), &[seed1, seed2]);
        assert_eq!((row.puzzles, row.runs), (4, 8));
        assert_eq!((row.solved, row.stopped, row.unsolvable), (6, 1, 1));
        // Finished placements: 0 2 4 6 8 10 20 (sum 50, 2 seeds).
        assert_eq!(
            row.placements,
            Distribution {
                total: 25.0,
                mean: Some(50.0 / 7.0),
                median: Some(6),
                p90: Some(20),
                max: Some(20),
            }
        );
        assert_eq!(row.stopped_placements, 50.0);
        assert_eq!(row.worst_seed_placements, 114);
        assert_eq!(row.no_guess_share, 1.0 / 8.0);
        assert_eq!(row.moves.max, Some(30));
        // Guesses: half the placements, 0 1 2 3 4 5 10 (sum 25).
        assert_eq!((row.guesses.total, row.guesses.max), (12.5, Some(10)));
        assert_eq!(row.puzzles_per_s, Some(8.0 / 80e-6));
        assert_eq!(row.rules.get(Rule::Gac).fields(), [0.0, 50.0 / 7.0, 0.0]);
        // Per seed: 3 and 3 solved, 1 and 0 stopped; seed 1 finished
        // 0 10 4 (mean 14/3), seed 2 finished 2 6 8 20 (mean 9).
        assert_eq!(
            (
                row.solved_per_seed,
                row.stopped_per_seed,
                row.unsolvable_per_seed
            ),
            (3.0, 0.5, 0.5)
        );
        assert_eq!(
            row.seed_placements_mean,
            Spread {
                min: Some(14.0 / 3.0),
                median: Some(14.0 / 3.0),
                max: Some(9.0)
            }
        );
    }

    #[test]
    fn percentiles_are_nearest_rank() {
        let v: Vec<u64> = (1..=10).collect();
        assert_eq!(nearest_rank(&v, 0.5), Some(5));
        assert_eq!(nearest_rank(&v, 0.9), Some(9));
        assert_eq!(nearest_rank(&[7], 0.9), Some(7));
        assert_eq!(nearest_rank(&[], 0.5), None);
    }
}
