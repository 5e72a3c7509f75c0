//! Adaptive heuristics and restarts change the path, never the answer:
//! on small random models every strategy, with and without restarts, at
//! every level, counts exactly the solutions plain search counts, and
//! finds a solution exactly when there is one.

use crate::common;

use common::{count, model};
use csp_core::{PropagationLevel, Restarts, Search, SearchConfig, Termination, VarId};
use proptest::prelude::*;

const CHAINS: &[&str] = &["WA", "XEA", "QEA", "VEA", "PA", "ZEA", "ZWA", "ZXA"];
const VALUES: &[&str] = &["0", "b0", "1"];
const RESTARTS: &[&str] = &["none", "luby:1", "luby:3", "geometric:2:1.5"];

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn adaptive_strategies_count_what_plain_search_counts(
        n in 3usize..=4,
        givens in proptest::collection::vec((0usize..25, 0u32..5), 0..6),
        extras in proptest::collection::vec((0usize..25, 0usize..25, 0u32..9), 0..3),
        chain in proptest::sample::select(CHAINS),
        values in proptest::sample::select(VALUES),
        restarts in proptest::sample::select(RESTARTS),
        level in proptest::sample::select(&PropagationLevel::ALL[..]),
    ) {
        let (model, givens) = model(n, &givens, &extras);
        let plain = SearchConfig { level: PropagationLevel::ForwardChecking, ..SearchConfig::default() };
        let (all, t, _) = count(&model, &givens, &plain, None);
        prop_assert_eq!(t, Termination::Exhausted);
        let config = SearchConfig {
            variables: chain.parse().unwrap(),
            values: values.parse().unwrap(),
            level,
            restarts: restarts.parse().unwrap(),
            ..SearchConfig::default()
        };
        let (adaptive_all, t, _) = count(&model, &givens, &config, None);
        prop_assert_eq!(t, Termination::Exhausted);
        prop_assert_eq!(adaptive_all, all, "{} {} {} {}", chain, values, restarts, level);
        // Counting to 2 and solving agree too; a solution found is one.
        let (two, _, first) = count(&model, &givens, &config, Some(2));
        prop_assert_eq!(two, all.min(2));
        if let Some(solution) = first {
            let check = |v: VarId| solution[v.index()];
            prop_assert!(model.propagators().iter().all(|p| p.check(&check)));
            for &(v, x) in &givens {
                prop_assert_eq!(solution[v.index()], x);
            }
        }
    }
}

/// A 4x4 Latin square, all 576 solutions, restarting after every failure:
/// the nogoods keep each solution from being counted twice.
#[test]
fn restarting_after_every_failure_counts_each_solution_once() {
    let (model, givens) = model(4, &[], &[]);
    for restarts in ["luby:1", "geometric:1:1.1"] {
        for chain in ["EA", "WA", "ZWA", "QEA"] {
            let config = SearchConfig {
                variables: chain.parse().unwrap(),
                restarts: restarts.parse::<Restarts>().unwrap(),
                level: PropagationLevel::ForwardChecking,
                ..SearchConfig::default()
            };
            let mut search = Search::new(&model, &config).unwrap();
            for &(v, x) in &givens {
                search.fix(v, x).unwrap();
            }
            let r = search.run(None);
            assert_eq!(r.stats.solutions, 576, "{chain} {restarts}");
            assert_eq!(r.termination, Termination::Exhausted);
        }
    }
}

/// The guide's table of adaptive heuristics is the registry's words: each
/// row is `| symbol | description | long name |` as the registry has them.
#[test]
fn the_guide_describes_each_adaptive_heuristic_in_the_registrys_words() {
    use csp_core::{ValueHeuristic, VariableHeuristic};
    let readme = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../docs/guide/heuristics.md"
    ))
    .unwrap();
    let cells = (VariableHeuristic::ALL.iter())
        .filter(|h| h.is_adaptive())
        .map(|h| (h.symbol(), h.description(), h.name()));
    let values = (ValueHeuristic::ALL.iter())
        .filter(|h| h.is_adaptive())
        .map(|h| (h.symbol(), h.description(), h.name()));
    let rows: Vec<String> = cells
        .chain(values)
        .map(|(symbol, description, name)| format!("| {symbol} | {description} | {name} |"))
        .collect();
    assert_eq!(rows.len(), 8);
    for row in rows {
        assert!(
            readme.contains(&row),
            "docs/guide/heuristics.md lacks the row\n{row}"
        );
    }
}
