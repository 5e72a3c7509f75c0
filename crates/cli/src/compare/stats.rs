//! Statistics of one strategy on one set.

use csp_core::{Rule, RuleStats};
use serde::{Serialize, Serializer};

use crate::records::{RuleCounts, serialize_rules};

/// How one run ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
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
    /// The run of a search's report. A run stopped while checking for a
    /// further solution is stopped too: its counters are not the ones the
    /// run was asked for.
    pub fn of(report: &sudoku::SolveReport) -> Run {
        let status = match (report.stop_reason(), report.status()) {
            (Some(_), _) | (None, sudoku::SolveStatus::Stopped) => RunStatus::Stopped,
            (None, sudoku::SolveStatus::Solved) => RunStatus::Solved,
            (None, sudoku::SolveStatus::Unsolvable) => RunStatus::Unsolvable,
        };
        Run::counted(status, &report.stats)
    }

    /// A run that ended as `status`, with the counters of `s`.
    fn counted(status: RunStatus, s: &csp_core::SearchStats) -> Run {
        Run {
            status,
            placements: s.placements,
            backtracks: s.backtracks,
            guesses: s.guesses,
            iterations: s.iterations,
            elapsed_us: s.elapsed.as_micros() as u64,
            rules: s.rules,
        }
    }

    /// The run of a search of an XCSP3 instance (solved: a solution
    /// found, or optimizing the optimum proved; stopped: a limit came
    /// first).
    pub fn of_searched(searched: &crate::instances::Searched) -> Run {
        let (result, s) = (&searched.result, &searched.result.stats);
        let optimal = searched.optimized.as_ref().map(|o| o.optimal);
        let status = match result.termination {
            csp_core::Termination::Stopped(_) => RunStatus::Stopped,
            _ if optimal == Some(false) && s.solutions > 0 => RunStatus::Stopped,
            _ if s.solutions > 0 => RunStatus::Solved,
            _ => RunStatus::Unsolvable,
        };
        Run::counted(status, s)
    }

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

/// The nearest rank of percentile `p` among `n > 0` sorted values:
/// `ceil(p * n)`, from 1.
fn rank(p: f64, n: usize) -> usize {
    ((p * n as f64).ceil() as usize).clamp(1, n)
}

/// Nearest-rank percentile of sorted values (what [`Histogram`] computes
/// without keeping the values).
#[cfg(test)]
fn nearest_rank(sorted: &[u64], p: f64) -> Option<u64> {
    let n = sorted.len();
    (n > 0).then(|| sorted[rank(p, n) - 1])
}

/// How often each value occurred: exact percentiles in memory that grows
/// with the distinct values, not with the number of runs.
#[derive(Clone, Debug, Default)]
pub struct Histogram {
    counts: std::collections::BTreeMap<u64, u64>,
    n: u64,
    sum: u64,
}

impl Histogram {
    pub fn add(&mut self, value: u64) {
        *self.counts.entry(value).or_default() += 1;
        self.n += 1;
        self.sum += value;
    }

    /// Adds every value of `other`.
    pub fn merge(&mut self, other: &Histogram) {
        for (&value, &count) in &other.counts {
            *self.counts.entry(value).or_default() += count;
        }
        self.n += other.n;
        self.sum += other.sum;
    }

    /// The value at nearest rank `ceil(p * n)`.
    fn percentile(&self, p: f64) -> Option<u64> {
        if self.n == 0 {
            return None;
        }
        let rank = rank(p, self.n as usize) as u64;
        let mut seen = 0;
        for (&value, &count) in &self.counts {
            seen += count;
            if seen >= rank {
                return Some(value);
            }
        }
        None
    }

    /// The values in increasing order (each as often as it occurred), at
    /// most about `limit` of them: evenly spaced ranks when there are more.
    pub fn sorted_sample(&self, limit: u64) -> Vec<u64> {
        let step = self.n.div_ceil(limit.max(1)).max(1);
        let mut out = Vec::with_capacity((self.n / step) as usize + 1);
        let mut rank = 0u64;
        for (&value, &count) in &self.counts {
            for _ in 0..count {
                if rank % step == 0 {
                    out.push(value);
                }
                rank += 1;
            }
        }
        out
    }
}

impl Distribution {
    fn of(h: &Histogram, seeds: usize) -> Distribution {
        Distribution {
            total: h.sum as f64 / seeds as f64,
            mean: (h.n > 0).then(|| h.sum as f64 / h.n as f64),
            median: h.percentile(0.5),
            p90: h.percentile(0.9),
            max: h.counts.keys().next_back().copied(),
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
            median: (n > 0).then(|| values[rank(0.5, n) - 1]),
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
    fn of(sums: &RuleStats, finished: u64) -> RuleMeans {
        let n = finished.max(1) as f64;
        RuleMeans(
            sums.iter()
                .map(|(rule, c)| {
                    let means = RuleCounts {
                        runs: c.runs as f64 / n,
                        removals: c.removals as f64 / n,
                        assignments: c.assignments as f64 / n,
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
    /// Whether the strategy was given up on this set (`--give-up-after`):
    /// its figures cover only the runs made before. Ranked after the
    /// others and left out of the plot; in json only when true.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub abandoned: bool,
}

/// Summarizes the runs of each seed (each the same puzzles, in order).
#[cfg(test)]
pub fn summarize(head: RowHead, by_seed: &[Vec<Run>]) -> Row {
    let mut acc = Accumulator::default();
    for (seed, runs) in by_seed.iter().enumerate() {
        acc.begin_seed(seed as u64);
        for run in runs {
            acc.add(seed as u64, run);
        }
    }
    acc.row(head)
}

/// What one seed's runs add up to so far.
#[derive(Clone, Copy, Debug, Default)]
struct SeedTally {
    runs: usize,
    placements: u64,
    finished: u64,
    finished_placements: u64,
}

/// A row's figures, gathered one run at a time, in any order (each run
/// with its seed): memory grows with the distinct values and the seeds,
/// not with the runs, and the row does not depend on the order.
#[derive(Clone, Debug, Default)]
pub struct Accumulator {
    runs: usize,
    solved: usize,
    stopped: usize,
    unsolvable: usize,
    placements: Histogram,
    backtracks: Histogram,
    iterations: Histogram,
    moves: Histogram,
    guesses: Histogram,
    /// Placements of the solved runs (for the cactus plot).
    pub solved_placements: Histogram,
    /// Placements of the unsolvable runs (with the solved: the answered
    /// ones, for an instance set's cactus plot).
    pub unsolvable_placements: Histogram,
    stopped_placements: u64,
    elapsed_us: u64,
    no_guess: usize,
    rules: RuleStats,
    seeds: std::collections::BTreeMap<u64, SeedTally>,
}

impl Accumulator {
    /// Counts `seed` among the row's seeds, even if none of its runs come
    /// (a set without valid puzzles).
    pub fn begin_seed(&mut self, seed: u64) {
        self.seeds.entry(seed).or_default();
    }

    /// One run, made with `seed`.
    pub fn add(&mut self, seed: u64, r: &Run) {
        self.runs += 1;
        let tally = self.seeds.entry(seed).or_default();
        tally.runs += 1;
        tally.placements += r.placements;
        self.elapsed_us += r.elapsed_us;
        match r.status {
            RunStatus::Stopped => {
                self.stopped += 1;
                self.stopped_placements += r.placements;
                return;
            }
            RunStatus::Solved => {
                self.solved += 1;
                self.solved_placements.add(r.placements);
                if r.placements == 0 {
                    self.no_guess += 1;
                }
            }
            RunStatus::Unsolvable => {
                self.unsolvable += 1;
                self.unsolvable_placements.add(r.placements);
            }
        }
        self.placements.add(r.placements);
        self.backtracks.add(r.backtracks);
        self.iterations.add(r.iterations);
        self.moves.add(r.moves());
        self.guesses.add(r.guesses);
        self.rules += &r.rules;
        tally.finished += 1;
        tally.finished_placements += r.placements;
    }

    /// The row.
    pub fn row(&self, head: RowHead) -> Row {
        let seeds = self.seeds.len().max(1);
        let tallies = self.seeds.values();
        let seed_means: Vec<f64> = (tallies.clone())
            .filter(|t| t.finished > 0)
            .map(|t| t.finished_placements as f64 / t.finished as f64)
            .collect();
        let worst_seed_placements = tallies.clone().map(|t| t.placements).max().unwrap_or(0);
        // All seeds run the same puzzles: the most runs of one seed.
        let puzzles = tallies.map(|t| t.runs).max().unwrap_or(0);
        let per_seed = |n: usize| n as f64 / seeds as f64;
        let share = |n: usize| {
            if self.runs == 0 {
                0.0
            } else {
                n as f64 / self.runs as f64
            }
        };
        Row {
            rank: 0,
            head,
            puzzles,
            runs: self.runs,
            solved: self.solved,
            stopped: self.stopped,
            unsolvable: self.unsolvable,
            solved_per_seed: per_seed(self.solved),
            stopped_per_seed: per_seed(self.stopped),
            unsolvable_per_seed: per_seed(self.unsolvable),
            seed_placements_mean: Spread::of(seed_means),
            placements: Distribution::of(&self.placements, seeds),
            backtracks: Distribution::of(&self.backtracks, seeds),
            iterations: Distribution::of(&self.iterations, seeds),
            moves: Distribution::of(&self.moves, seeds),
            guesses: Distribution::of(&self.guesses, seeds),
            stopped_placements: self.stopped_placements as f64 / seeds as f64,
            worst_seed_placements,
            no_guess_share: share(self.no_guess),
            time_s: Some(self.elapsed_us as f64 / 1e6 / seeds as f64),
            puzzles_per_s: (self.elapsed_us > 0)
                .then(|| self.runs as f64 / (self.elapsed_us as f64 / 1e6)),
            version: crate::records::VERSION,
            rules: RuleMeans::of(&self.rules, self.placements.n),
            abandoned: false,
        }
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
    fn an_accumulator_keeps_distinct_values_not_runs() {
        // 200,000 runs over 1,000 seeds: the row keeps 200 distinct values
        // per counter and one mean per seed.
        let mut acc = Accumulator::default();
        for seed in 0..1000u64 {
            for p in 0..200u64 {
                acc.add(seed, &run(RunStatus::Solved, (p + seed) % 200));
            }
        }
        assert_eq!(acc.placements.counts.len(), 200);
        assert_eq!(acc.seeds.len(), 1000);
        let row = acc.row(head());
        assert_eq!(
            (row.runs, row.puzzles, row.solved_per_seed),
            (200_000, 200, 200.0)
        );
        assert_eq!(row.placements.median, Some(99));
        assert_eq!(row.placements.total, 19_900.0);
    }

    #[test]
    fn the_order_of_runs_does_not_matter() {
        let runs: Vec<(u64, Run)> = (0..300u64)
            .map(|i| {
                let status = [RunStatus::Solved, RunStatus::Stopped, RunStatus::Unsolvable]
                    [(i % 7 % 3) as usize];
                (i % 3, run(status, i * 37 % 101))
            })
            .collect();
        let mut forward = Accumulator::default();
        let mut backward = Accumulator::default();
        for (seed, r) in &runs {
            forward.add(*seed, r);
        }
        for (seed, r) in runs.iter().rev() {
            backward.add(*seed, r);
        }
        let json = |acc: &Accumulator| serde_json::to_string(&acc.row(head())).unwrap();
        assert_eq!(json(&forward), json(&backward));
    }

    #[test]
    fn histogram_percentiles_match_sorted_values() {
        let values = [5u64, 1, 9, 9, 3, 7, 7, 7, 2, 10, 4];
        let mut h = Histogram::default();
        values.iter().for_each(|&v| h.add(v));
        let mut sorted = values.to_vec();
        sorted.sort_unstable();
        for p in [0.1, 0.5, 0.9, 1.0] {
            assert_eq!(h.percentile(p), nearest_rank(&sorted, p), "{p}");
        }
        assert_eq!(h.sorted_sample(100), sorted);
        assert_eq!(h.sorted_sample(4), vec![1, 4, 7, 9]);
        // Merged: the values of both, in order.
        let mut more = Histogram::default();
        [0, 4, 12].iter().for_each(|&v| more.add(v));
        more.merge(&h);
        let mut all = [sorted.clone(), vec![0, 4, 12]].concat();
        all.sort_unstable();
        assert_eq!(more.sorted_sample(100), all);
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
