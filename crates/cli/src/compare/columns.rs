//! The columns of the comparison table: what they show, which way is
//! better, how they print.

use std::sync::LazyLock;

use clap::ValueEnum;
use csp_core::Rule;

use super::stats::Row;

/// A column that strategies can be ranked by (`--sort`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
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
    /// What one propagation rule did per finished run: cells filled for the
    /// rules that fill cells ([`Rule::assigns`]), candidates removed for the
    /// others. One column per rule of [`Rule::ALL`], the one registry.
    Rule(Rule),
}

/// The rule columns `--rules` adds to the tables, one per [`Rule::ALL`].
pub const RULES: [Column; Rule::ALL.len()] = {
    let mut out = [Column::Solved; Rule::ALL.len()];
    let mut i = 0;
    while i < out.len() {
        out[i] = Column::Rule(Rule::ALL[i]);
        i += 1;
    }
    out
};

/// Every column, the rule columns last: what `--sort` and `--columns` take.
pub const ALL: [Column; FIXED.len() + RULES.len()] = {
    let mut out = [Column::Solved; FIXED.len() + RULES.len()];
    let mut i = 0;
    while i < FIXED.len() {
        out[i] = FIXED[i];
        i += 1;
    }
    while i < out.len() {
        out[i] = RULES[i - FIXED.len()];
        i += 1;
    }
    out
};

/// The columns that are not rule columns, in `--sort` listing order.
const FIXED: [Column; 21] = [
    Column::Solved,
    Column::Stopped,
    Column::Unsolvable,
    Column::PlacementsTotal,
    Column::PlacementsMean,
    Column::PlacementsMedian,
    Column::PlacementsP90,
    Column::PlacementsMax,
    Column::StoppedPlacements,
    Column::BacktracksTotal,
    Column::BacktracksMean,
    Column::IterationsTotal,
    Column::IterationsMean,
    Column::MovesTotal,
    Column::MovesMean,
    Column::GuessesTotal,
    Column::GuessesMean,
    Column::NoGuess,
    Column::SeedMeans,
    Column::Time,
    Column::PuzzlesPerS,
];

/// The names of one rule column, made from the rule registry once.
struct RuleNames {
    /// What `--sort` and `--columns` take: the rule's name with
    /// `-removals` (`fc-removals`, `locked-removals`), or for rules that fill
    /// cells the name alone (`naked-singles`).
    key: String,
    /// The table header: `fc rm`, `locked rm`, `naked`, ...
    header: String,
    /// The help: `Cells filled by naked singles, per finished run`,
    /// `Candidates removed by ...`.
    help: String,
}

/// The names of `rule`'s column.
fn rule_names(rule: Rule) -> &'static RuleNames {
    static NAMES: LazyLock<Vec<RuleNames>> = LazyLock::new(|| {
        (Rule::ALL.iter())
            .map(|rule| {
                let (name, assigns) = (rule.name(), rule.assigns());
                RuleNames {
                    key: if assigns {
                        name.replace('_', "-")
                    } else {
                        format!("{}-removals", name.replace('_', "-"))
                    },
                    header: if assigns {
                        name.split('_').next().unwrap_or(name).to_string()
                    } else {
                        format!("{} rm", name.replace('_', " "))
                    },
                    help: format!(
                        "{} by {}, per finished run",
                        if assigns {
                            "Cells filled"
                        } else {
                            "Candidates removed"
                        },
                        rule.title()
                    ),
                }
            })
            .collect()
    });
    &NAMES[rule as usize]
}

fn rule_key(rule: Rule) -> &'static str {
    &rule_names(rule).key
}

impl ValueEnum for Column {
    fn value_variants<'a>() -> &'a [Self] {
        &ALL
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        use Column::*;
        let name = match self {
            Solved => "solved",
            Stopped => "stopped",
            Unsolvable => "unsolvable",
            PlacementsTotal => "placements-total",
            PlacementsMean => "placements-mean",
            PlacementsMedian => "placements-median",
            PlacementsP90 => "placements-p90",
            PlacementsMax => "placements-max",
            StoppedPlacements => "stopped-placements",
            BacktracksTotal => "backtracks-total",
            BacktracksMean => "backtracks-mean",
            IterationsTotal => "iterations-total",
            IterationsMean => "iterations-mean",
            MovesTotal => "moves-total",
            MovesMean => "moves-mean",
            GuessesTotal => "guesses-total",
            GuessesMean => "guesses-mean",
            NoGuess => "no-guess",
            SeedMeans => "seed-means",
            Time => "time",
            PuzzlesPerS => "puzzles-per-s",
            Rule(rule) => rule_key(*rule),
        };
        let value = clap::builder::PossibleValue::new(name);
        Some(match self.help() {
            Some(help) => value.help(help),
            None => value,
        })
    }
}

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
            Rule(rule) => &rule_names(rule).header,
        }
    }

    /// What the column shows, for `--help`.
    fn help(self) -> Option<&'static str> {
        use Column::*;
        Some(match self {
            Solved => "Runs solved (more is better)",
            Stopped => "Runs stopped by a limit",
            Unsolvable => "Runs that proved the puzzle unsolvable",
            PlacementsTotal => "Placements over the finished runs (per seed)",
            StoppedPlacements => "Placements spent in stopped runs (per seed)",
            GuessesTotal => "Placements with an untried alternative left (per seed)",
            NoGuess => "Share of runs solved without a placement (more is better)",
            SeedMeans => {
                "Mean placements per seed: the median across seeds (the table shows min/median/max)"
            }
            Time => "Search time (per seed)",
            PuzzlesPerS => "Runs per second of search time (more is better)",
            Rule(rule) => &rule_names(rule).help,
            _ => return None,
        })
    }

    /// Whether a larger value is better.
    pub fn higher_is_better(self) -> bool {
        matches!(self, Column::Solved | Column::NoGuess | Column::PuzzlesPerS)
    }

    /// Whether one end of the column is better than the other. The rule
    /// columns have none: removing more candidates is neither better nor
    /// worse in itself, so no value of theirs is marked best.
    pub fn has_direction(self) -> bool {
        !matches!(self, Column::Rule(_))
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
            Rule(rule) => {
                let counts = r.rules.get(rule);
                Some(if rule.assigns() {
                    counts.assignments
                } else {
                    counts.removals
                })
            }
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
            | Rule(_) => format!("{v:.1}"),
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
            .then(a.abandoned.cmp(&b.abandoned))
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
    if !column.has_direction() || row.abandoned {
        return false;
    }
    // Rows given up on (--give-up-after) are not in the running.
    let peers: Vec<&Row> = (rows.iter())
        .filter(|r| r.head.set == row.head.set && !r.abandoned)
        .collect();
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_has_a_column_and_the_old_names_stay() {
        for rule in Rule::ALL {
            let key = rule_key(rule);
            assert_eq!(Column::from_str(key, false), Ok(Column::Rule(rule)));
        }
        let names: Vec<&str> = RULES.iter().map(|c| rule_key_of(*c)).collect();
        assert_eq!(
            names[..7],
            [
                "fc-removals",
                "naked-singles",
                "hidden-singles",
                "locked-removals",
                "gac-removals",
                "probing-removals",
                "other-removals"
            ]
        );
        let headers: Vec<&str> = RULES.iter().map(|c| c.header()).collect();
        assert_eq!(
            headers,
            [
                "fc rm",
                "naked",
                "hidden",
                "locked rm",
                "gac rm",
                "probing rm",
                "other rm",
                "sum rm",
                "order rm",
                "number sum rm",
                "relation rm",
                "regular rm",
                "table rm",
                "element rm",
                "nogood rm",
                "human rm",
                "linked rm"
            ]
        );
    }

    fn rule_key_of(c: Column) -> &'static str {
        match c {
            Column::Rule(r) => rule_key(r),
            _ => unreachable!("rule columns only"),
        }
    }
}
