//! CSV: a header, then one row per strategy and set, every figure flattened.

use super::{Exporter, Meta};
use crate::compare::stats::{Distribution, Row};

pub struct CsvExporter;

const METRICS: [&str; 5] = ["placements", "backtracks", "iterations", "moves", "guesses"];
const STATS: [&str; 5] = ["total", "mean", "median", "p90", "max"];

fn distribution(d: &Distribution) -> [String; 5] {
    let opt = |v: Option<u64>| v.map(|n| n.to_string()).unwrap_or_default();
    [
        d.total.to_string(),
        d.mean.map(|m| format!("{m:.3}")).unwrap_or_default(),
        opt(d.median),
        opt(d.p90),
        opt(d.max),
    ]
}

/// Seeds as `--seeds` takes them, runs of consecutive seeds as ranges:
/// `1..20000`, `1..4,7`.
pub fn seed_ranges(seeds: &[u64]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < seeds.len() {
        let mut j = i;
        while j + 1 < seeds.len() && seeds[j + 1] == seeds[j] + 1 {
            j += 1;
        }
        parts.push(match j - i {
            0 => seeds[i].to_string(),
            1 => format!("{},{}", seeds[i], seeds[j]),
            _ => format!("{}..{}", seeds[i], seeds[j]),
        });
        i = j + 1;
    }
    parts.join(",")
}

impl Exporter for CsvExporter {
    fn export(&self, rows: &[Row], _meta: &Meta) -> String {
        let mut header: Vec<String> = [
            "rank",
            "strategy",
            "cells",
            "values",
            "propagation",
            "config",
            "seeds",
            "max_placements",
            "timeout_ms",
            "set",
            "set_hash",
            "puzzles",
            "invalid",
            "runs",
            "solved",
            "stopped",
            "unsolvable",
        ]
        .map(String::from)
        .to_vec();
        for m in METRICS {
            header.extend(STATS.map(|s| format!("{m}_{s}")));
        }
        header.extend(
            [
                "stopped_placements",
                "worst_seed_placements",
                "no_guess_share",
                "time_s",
                "puzzles_per_s",
                "version",
            ]
            .map(String::from),
        );
        for rule in csp_core::Rule::ALL {
            header.extend(
                ["runs", "removals", "assignments"].map(|c| format!("{}_{c}_mean", rule.name())),
            );
        }
        header.extend(
            [
                "solved_per_seed",
                "stopped_per_seed",
                "unsolvable_per_seed",
                "seed_placements_mean_min",
                "seed_placements_mean_median",
                "seed_placements_mean_max",
                "abandoned",
            ]
            .map(String::from),
        );
        let mut w = csv::Writer::from_writer(Vec::new());
        w.write_record(&header).expect("in memory");
        let opt = |v: Option<u64>| v.map(|n| n.to_string()).unwrap_or_default();
        for r in rows {
            let mut f = vec![
                r.rank.to_string(),
                r.head.strategy.clone(),
                r.head.cells.clone(),
                r.head.values.clone(),
                r.head.propagation.clone(),
                r.head.config.clone(),
                seed_ranges(&r.head.seeds),
                opt(r.head.max_placements),
                opt(r.head.timeout_ms),
                r.head.set.clone(),
                r.head.set_hash.clone(),
                r.puzzles.to_string(),
                r.head.invalid.to_string(),
                r.runs.to_string(),
                r.solved.to_string(),
                r.stopped.to_string(),
                r.unsolvable.to_string(),
            ];
            for d in [
                &r.placements,
                &r.backtracks,
                &r.iterations,
                &r.moves,
                &r.guesses,
            ] {
                f.extend(distribution(d));
            }
            f.extend([
                r.stopped_placements.to_string(),
                r.worst_seed_placements.to_string(),
                format!("{:.6}", r.no_guess_share),
                r.time_s.map(|t| format!("{t:.6}")).unwrap_or_default(),
                r.puzzles_per_s
                    .map(|p| format!("{p:.1}"))
                    .unwrap_or_default(),
                r.version.to_string(),
            ]);
            for (_, means) in &r.rules.0 {
                f.extend(means.fields().map(|m| format!("{m:.3}")));
            }
            let spread = r.seed_placements_mean;
            let float = |x: Option<f64>| x.map(|x| format!("{x:.3}")).unwrap_or_default();
            f.extend([
                r.solved_per_seed.to_string(),
                r.stopped_per_seed.to_string(),
                r.unsolvable_per_seed.to_string(),
                float(spread.min),
                float(spread.median),
                float(spread.max),
                r.abandoned.to_string(),
            ]);
            w.write_record(&f).expect("in memory");
        }
        String::from_utf8(w.into_inner().expect("in memory")).expect("utf-8 fields")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_as_ranges() {
        assert_eq!(seed_ranges(&[1]), "1");
        assert_eq!(seed_ranges(&(1..=20_000).collect::<Vec<_>>()), "1..20000");
        assert_eq!(seed_ranges(&[1, 2, 3, 4, 7, 9, 10]), "1..4,7,9,10");
        assert_eq!(
            crate::compare::strategies::parse_seeds(&seed_ranges(&[1, 2, 3, 4, 7, 9, 10])).unwrap(),
            vec![1, 2, 3, 4, 7, 9, 10]
        );
    }
}
