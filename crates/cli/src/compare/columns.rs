//! The columns of the comparison table: what they show, which way is
//! better, how they print.

use clap::ValueEnum;
use csp_core::Rule;

use super::stats::Row;

/// A column that strategies can be ranked by (`--sort`).
#[derive(ValueEnum, Clone, Copy, PartialEq, Eq, Debug)]
pub enum Column {
    /// Runs solved (more is better).
    Solved,
    /// Runs stopped by a limit.
    Stopped,
    /// Runs that proved the puzzle unsolvable.
    Unsolvable,
    /// Placements over the finished runs (per seed).
    PlacementsTotal,
    PlacementsMean,
    PlacementsMedian,
    PlacementsP90,
    PlacementsMax,
    /// Placements spent in stopped runs (per seed).
    StoppedPlacements,
    BacktracksTotal,
    BacktracksMean,
    IterationsTotal,
    IterationsMean,
    MovesTotal,
    MovesMean,
    /// Placements with an untried alternative left (per seed).
    GuessesTotal,
    GuessesMean,
    /// Share of runs solved without a placement (more is better).
    NoGuess,
    /// Mean placements per seed: the median across seeds (the table shows
    /// min/median/max).
    SeedMeans,
    /// Search time (per seed).
    Time,
    /// Runs per second of search time (more is better).
    PuzzlesPerS,
    /// Candidates removed by forward checking, per finished run.
    FcRemovals,
    /// Cells filled as naked singles, per finished run.
    NakedSingles,
    /// Cells filled as hidden singles, per finished run.
    HiddenSingles,
    /// Candidates removed by locked candidates, per finished run.
    LockedRemovals,
    /// Candidates removed by generalized arc consistency, per finished run.
    GacRemovals,
    /// Candidates removed by probing, per finished run.
    ProbingRemovals,
    /// Candidates removed by other propagators, per finished run.
    OtherRemovals,
}

/// The rule columns `--rules` adds to the tables.
pub const RULES: [Column; 7] = [
    Column::FcRemovals,
    Column::NakedSingles,
    Column::HiddenSingles,
    Column::LockedRemovals,
    Column::GacRemovals,
    Column::ProbingRemovals,
    Column::OtherRemovals,
];

/// The columns of the text and markdown tables, in order.
pub const TABLE: &[Column] = &[
    Column::Solved,
    Column::Stopped,
    Column::Unsolvable,
    Column::PlacementsTotal,
    Column::PlacementsMean,
    Column::PlacementsMedian,
    Column::PlacementsP90,
    Column::PlacementsMax,
    Column::StoppedPlacements,
    Column::BacktracksMean,
    Column::IterationsMean,
    Column::MovesMean,
    Column::GuessesMean,
    Column::NoGuess,
    Column::SeedMeans,
    Column::Time,
    Column::PuzzlesPerS,
];

impl Column {
    /// The table header.
    pub fn header(self) -> &'static str {
        use Column::*;
        match self {
            Solved => "solved",
            Stopped => "stopped",
            Unsolvable => "unsolvable",
            PlacementsTotal => "placements",
            PlacementsMean => "mean",
            PlacementsMedian => "median",
            PlacementsP90 => "p90",
            PlacementsMax => "max",
            StoppedPlacements => "stopped pl.",
            BacktracksTotal => "backtracks",
            BacktracksMean => "backtracks mean",
            IterationsTotal => "iterations",
            IterationsMean => "iterations mean",
            MovesTotal => "moves",
            MovesMean => "moves mean",
            GuessesTotal => "guesses",
            GuessesMean => "guesses mean",
            NoGuess => "no guess",
            SeedMeans => "seed means min/med/max",
            Time => "time s",
            PuzzlesPerS => "puzzles/s",
            FcRemovals => "fc rm",
            NakedSingles => "naked",
            HiddenSingles => "hidden",
            LockedRemovals => "locked rm",
            GacRemovals => "gac rm",
            ProbingRemovals => "probing rm",
            OtherRemovals => "other rm",
        }
    }

    /// Whether a larger value is better.
    pub fn higher_is_better(self) -> bool {
        matches!(self, Column::Solved | Column::NoGuess | Column::PuzzlesPerS)
    }

    /// Whether one end of the column is better than the other. The rule
    /// columns have none: removing more candidates is neither better nor
    /// worse in itself, so no value of theirs is marked best.
    pub fn has_direction(self) -> bool {
        !RULES.contains(&self)
    }

    /// Whether the column depends on timing (left out with `--no-timings`).
    pub fn is_timing(self) -> bool {
        matches!(self, Column::Time | Column::PuzzlesPerS)
    }

    /// The value in a row (`None`: nothing to show).
    pub fn value(self, r: &Row) -> Option<f64> {
        use Column::*;
        let u = |v: Option<u64>| v.map(|n| n as f64);
        match self {
            Solved => Some(r.solved_per_seed),
            Stopped => Some(r.stopped_per_seed),
            Unsolvable => Some(r.unsolvable_per_seed),
            PlacementsTotal => Some(r.placements.total),
            PlacementsMean => r.placements.mean,
            PlacementsMedian => u(r.placements.median),
            PlacementsP90 => u(r.placements.p90),
            PlacementsMax => u(r.placements.max),
            StoppedPlacements => Some(r.stopped_placements),
            BacktracksTotal => Some(r.backtracks.total),
            BacktracksMean => r.backtracks.mean,
            IterationsTotal => Some(r.iterations.total),
            IterationsMean => r.iterations.mean,
            MovesTotal => Some(r.moves.total),
            MovesMean => r.moves.mean,
            GuessesTotal => Some(r.guesses.total),
            GuessesMean => r.guesses.mean,
            NoGuess => Some(r.no_guess_share),
            SeedMeans => r.seed_placements_mean.median,
            Time => r.time_s,
            PuzzlesPerS => r.puzzles_per_s,
            FcRemovals => Some(r.rules.get(Rule::ForwardChecking).removals),
            NakedSingles => Some(r.rules.get(Rule::NakedSingles).assignments),
            HiddenSingles => Some(r.rules.get(Rule::HiddenSingles).assignments),
            LockedRemovals => Some(r.rules.get(Rule::LockedCandidates).removals),
            GacRemovals => Some(r.rules.get(Rule::Gac).removals),
            ProbingRemovals => Some(r.rules.get(Rule::Probing).removals),
            OtherRemovals => Some(r.rules.get(Rule::Other).removals),
        }
    }

    /// The value as printed.
    pub fn format(self, r: &Row) -> String {
        use Column::*;
        let Some(v) = self.value(r) else {
            return "-".into();
        };
        match self {
            PlacementsMean | BacktracksMean | IterationsMean | MovesMean | GuessesMean
            | FcRemovals | NakedSingles | HiddenSingles | LockedRemovals | GacRemovals
            | ProbingRemovals | OtherRemovals => format!("{v:.1}"),
            NoGuess => format!("{:.1}%", v * 100.0),
            SeedMeans => {
                let s = r.seed_placements_mean;
                let f = |x: Option<f64>| x.map_or("-".to_string(), |x| format!("{x:.1}"));
                format!("{}/{}/{}", f(s.min), f(s.median), f(s.max))
            }
            Time => format!("{v:.3}"),
            PuzzlesPerS => format!("{v:.0}"),
            _ if v.fract() == 0.0 => format!("{v:.0}"),
            _ => format!("{v:.1}"),
        }
    }
}

/// Orders rows set by set (in the order the sets were given), and within a
/// set: fewer stopped runs first, then by `column` (best first); ties keep
/// the order the strategies were given in. Ranks count from 1 in each set.
pub fn sort(rows: &mut [Row], column: Column) {
    let mut sets: Vec<String> = Vec::new();
    for r in rows.iter() {
        if !sets.contains(&r.head.set) {
            sets.push(r.head.set.clone());
        }
    }
    let set_index = |r: &Row| {
        sets.iter()
            .position(|s| *s == r.head.set)
            .unwrap_or(usize::MAX)
    };
    let key = |r: &Row| {
        column
            .value(r)
            .map(|v| if column.higher_is_better() { -v } else { v })
    };
    rows.sort_by(|a, b| {
        let by_value = match (key(a), key(b)) {
            (Some(x), Some(y)) => x.total_cmp(&y),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => std::cmp::Ordering::Equal,
        };
        set_index(a)
            .cmp(&set_index(b))
            .then(a.stopped_per_seed.total_cmp(&b.stopped_per_seed))
            .then(by_value)
    });
    let mut rank = 0;
    for i in 0..rows.len() {
        rank = if i > 0 && rows[i].head.set == rows[i - 1].head.set {
            rank + 1
        } else {
            1
        };
        rows[i].rank = rank;
    }
}

/// Whether `row` holds the best value of `column` among the rows of its set
/// that stopped the fewest runs (a strategy that finished fewer runs has
/// smaller totals for the wrong reason), never when all of them are equal.
pub fn is_best(rows: &[Row], row: &Row, column: Column) -> bool {
    if !column.has_direction() {
        return false;
    }
    let peers: Vec<&Row> = rows.iter().filter(|r| r.head.set == row.head.set).collect();
    // Stopped runs per seed: strategies with different seed counts compare.
    let fewest_stopped = peers
        .iter()
        .map(|r| r.stopped_per_seed)
        .fold(f64::INFINITY, f64::min);
    let counts_runs = matches!(
        column,
        Column::Solved | Column::Stopped | Column::Unsolvable
    );
    if row.stopped_per_seed > fewest_stopped && !counts_runs {
        return false;
    }
    let Some(v) = column.value(row) else {
        return false;
    };
    let values: Vec<f64> = peers
        .iter()
        .filter(|r| counts_runs || r.stopped_per_seed == fewest_stopped)
        .filter_map(|r| column.value(r))
        .collect();
    let best = if column.higher_is_better() {
        values.iter().copied().fold(f64::NEG_INFINITY, f64::max)
    } else {
        values.iter().copied().fold(f64::INFINITY, f64::min)
    };
    v == best && values.iter().any(|&x| x != best)
}
