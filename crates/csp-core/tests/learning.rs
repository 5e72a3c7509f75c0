//! Clause learning changes the path, never the answer: on small random
//! models a learning search counts exactly the solutions plain search
//! counts, with any chain, restarts and level it runs at; and on a model
//! built for it, learning prunes what plain search explores.

use crate::common;

use common::{count, model, run};
use csp_core::{
    BinaryRelation, HeuristicError, LinearInequality, ModelBuilder, PropagationLevel, Search,
    SearchConfig, Termination, ValueSet, VarId,
};
use proptest::prelude::*;

const CHAINS: &[&str] = &["EA", "SEA", "WA", "A", "QEA", "ZSA"];
const VALUES: &[&str] = &["0", "1", "5"];
const RESTARTS: &[&str] = &["none", "luby:1", "luby:4", "geometric:2:1.5"];
const LEVELS: &[PropagationLevel] = &[
    PropagationLevel::ForwardChecking,
    PropagationLevel::Singles,
    PropagationLevel::Locked,
    PropagationLevel::Gac,
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn learning_counts_what_plain_search_counts(
        n in 3usize..=4,
        givens in proptest::collection::vec((0usize..25, 0u32..5), 0..8),
        extras in proptest::collection::vec((0usize..25, 0usize..25, 0u32..9), 0..4),
        chain in proptest::sample::select(CHAINS),
        values in proptest::sample::select(VALUES),
        restarts in proptest::sample::select(RESTARTS),
        level in proptest::sample::select(LEVELS),
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
            learning: true,
            ..SearchConfig::default()
        };
        let (learnt_all, t, _) = count(&model, &givens, &config, None);
        prop_assert_eq!(t, Termination::Exhausted);
        prop_assert_eq!(learnt_all, all, "{} {} {} {}", chain, values, restarts, level);
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

/// Every solution is seen once, with restarts after every conflict: the
/// clauses that block the solutions found keep them from coming back.
#[test]
fn every_solution_is_found_once() {
    let (model, _) = model(4, &[], &[]);
    for restarts in ["none", "luby:1"] {
        for chain in ["EA", "SEA"] {
            let config = SearchConfig {
                variables: chain.parse().unwrap(),
                restarts: restarts.parse().unwrap(),
                level: PropagationLevel::Singles,
                learning: true,
                ..SearchConfig::default()
            };
            let mut seen = std::collections::HashSet::new();
            let mut search = Search::new(&model, &config).unwrap();
            search.set_on_solution(Box::new(|store: &csp_core::DomainStore| {
                let values: Vec<u32> = (0..16).map(|i| store.value(VarId(i)).unwrap()).collect();
                assert!(seen.insert(values), "a solution seen twice");
            }));
            let r = search.run(None);
            assert_eq!(
                (r.stats.solutions, r.termination),
                (576, Termination::Exhausted)
            );
            assert_eq!(seen.len(), 576, "{chain} {restarts}");
        }
    }
}

/// A pigeonhole hidden behind a choice plain search keeps remaking: x0 in
/// 0..8 is free, then five variables y1..y5 over 0..3 must differ
/// pairwise (they cannot: four values). Input order branches on x0 first:
/// plain search (forward checking) proves the pigeonhole again under
/// each of x0's 8 values; a learning search learns, from the first
/// proof, clauses that do not mention x0, and proves it once.
#[test]
fn learning_prunes_the_subtrees_plain_search_explores_again() {
    let mut b = ModelBuilder::new();
    let x = b.new_var(ValueSet::range(8));
    let y = b.new_vars(5, ValueSet::range(4));
    for i in 0..5 {
        for j in i + 1..5 {
            b.add_propagator(BinaryRelation::new(y[i], y[j], 4, |a, c| a != c))
                .unwrap();
        }
    }
    // x0 is linked to y1 loosely (x0 + y1 <= 10 always holds): it is in
    // the model, and never the cause of a failure.
    b.add_propagator(LinearInequality::new(vec![x, y[0]], vec![1, 1], 10))
        .unwrap();
    let model = b.build();
    let search = |learning: bool| {
        let config = SearchConfig {
            variables: "A".parse().unwrap(),
            level: PropagationLevel::ForwardChecking,
            learning,
            ..SearchConfig::default()
        };
        run(&model, &[], &config, None).unwrap()
    };
    let (plain, learnt) = (search(false), search(true));
    assert_eq!((plain.stats.solutions, learnt.stats.solutions), (0, 0));
    assert_eq!(plain.termination, Termination::Exhausted);
    assert_eq!(learnt.termination, Termination::Exhausted);
    let counts =
        |r: &csp_core::SearchResult| (r.stats.placements, r.stats.failures, r.stats.nogoods);
    assert_eq!(counts(&plain), (520, 192, 0));
    // The pigeonhole is proved once, in clauses without x0: 29 failures
    // where plain search meets 24 under each of x0's 8 values.
    assert_eq!(counts(&learnt), (56, 29, 28));
}

#[test]
fn learning_refuses_the_levels_it_cannot_explain() {
    let (model, _) = model(3, &[], &[]);
    for level in [PropagationLevel::None, PropagationLevel::Probing] {
        let config = SearchConfig {
            level,
            learning: true,
            ..SearchConfig::default()
        };
        let error = Search::new(&model, &config).unwrap_err();
        assert_eq!(error, HeuristicError::LearningLevel(level));
        assert!(
            error
                .to_string()
                .starts_with("clause learning needs propagation fc")
        );
    }
}
