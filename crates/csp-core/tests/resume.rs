//! A search stopped by its placement limit goes on where it stopped: run
//! on in slices of placements, it ends with the counters, answer and
//! first solution of one run, with any chain, restarts, level and
//! learning.

use crate::common;

use common::model;
use csp_core::{PropagationLevel, Search, SearchConfig, SearchResult, StopReason, Termination};
use proptest::prelude::*;

const CHAINS: &[&str] = &["EA", "SEA", "WA", "A", "QEA", "ZSA"];
const RESTARTS: &[&str] = &["none", "luby:1", "geometric:2:1.5"];
const LEVELS: &[PropagationLevel] = &[
    PropagationLevel::ForwardChecking,
    PropagationLevel::Singles,
    PropagationLevel::Gac,
];

/// The result with the time left out.
fn timeless(mut r: SearchResult) -> SearchResult {
    r.stats.elapsed = std::time::Duration::ZERO;
    r
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn going_on_in_slices_is_one_run(
        n in 3usize..=4,
        givens in proptest::collection::vec((0usize..25, 0u32..5), 0..3),
        extras in proptest::collection::vec((0usize..25, 0usize..25, 0u32..9), 0..4),
        chain in proptest::sample::select(CHAINS),
        restarts in proptest::sample::select(RESTARTS),
        level in proptest::sample::select(LEVELS),
        learning in any::<bool>(),
        slice in 1u64..5,
        limit in proptest::sample::select(&[Some(1u64), Some(2), None][..]),
    ) {
        let (model, givens) = model(n, &givens, &extras);
        let config = SearchConfig {
            variables: chain.parse().unwrap(),
            restarts: restarts.parse().unwrap(),
            level,
            learning,
            ..SearchConfig::default()
        };
        let start = || {
            let mut search = Search::new(&model, &config).unwrap();
            for &(v, x) in &givens {
                search.fix(v, x).ok()?;
            }
            Some(search)
        };
        let Some(alone) = start() else { return Ok(()) };
        let alone = timeless(alone.run(limit));
        let mut search = start().unwrap();
        let mut placements = 0;
        let (sliced, slices) = loop {
            placements += slice;
            search.set_max_placements(Some(placements));
            let r = search.run_on(limit);
            if r.termination != Termination::Stopped(StopReason::PlacementLimit) {
                break (timeless(r), placements / slice);
            }
            prop_assert_eq!(r.stats.placements, placements);
        };
        prop_assert_eq!(&sliced, &alone, "{} slices", slices);
        // Once ended, it answers the same again.
        prop_assert_eq!(timeless(search.run_on(limit)), sliced);
    }
}

/// The same over wide variables, learning, each way of branching on them
/// (a split decision held back by the limit is made on resuming).
#[test]
fn a_learning_search_over_wide_variables_goes_on_in_slices() {
    use csp_core::{LinearRelation, ModelBuilder, WideChoice, WideLinear};
    let mut b = ModelBuilder::new();
    let v: Vec<_> = (0..3).map(|_| b.new_wide_var(200).unwrap()).collect();
    // v0 + v1 + v2 = 250, v0 - v1 != 7, v2 <= v0 + 30.
    let rows = [
        (vec![1, 1, 1], LinearRelation::Equal, 250, v.clone()),
        (vec![1, -1], LinearRelation::NotEqual, 7, v[..2].to_vec()),
        (vec![1, -1], LinearRelation::AtMost, 30, vec![v[2], v[0]]),
    ];
    for (coefs, relation, rhs, vars) in rows {
        b.add_propagator(WideLinear::new(vars, coefs, relation, rhs))
            .unwrap();
    }
    let model = b.build();
    for choice in WideChoice::ALL {
        let config = SearchConfig {
            learning: true,
            level: PropagationLevel::ForwardChecking,
            wide_choice: Some(choice),
            ..SearchConfig::default()
        };
        let limit = Some(40);
        let alone = timeless(Search::new(&model, &config).unwrap().run(limit));
        assert_eq!(alone.stats.solutions, 40, "{choice:?}");
        let mut search = Search::new(&model, &config).unwrap();
        let (mut placements, mut stops) = (0, 0);
        let sliced = loop {
            placements += 3;
            search.set_max_placements(Some(placements));
            let r = search.run_on(limit);
            if r.termination != Termination::Stopped(StopReason::PlacementLimit) {
                break timeless(r);
            }
            assert_eq!(r.stats.placements, placements, "{choice:?}");
            stops += 1;
        };
        assert!(stops > 1, "{choice:?}: stopped on the way");
        assert_eq!(sliced, alone, "{choice:?}");
    }
}
