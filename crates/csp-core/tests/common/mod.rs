//! Small random models shared by the search tests.
#![allow(dead_code)]

use csp_core::{
    BinaryRelation, LinearEquality, Model, ModelBuilder, Search, SearchConfig, SearchResult,
    Termination, ValueSet, VarId,
};

/// An `n`x`n` Latin square with the givens `givens` (cell, value) and, for
/// a variant, a few random extra constraints: a sum of two cells, and a
/// "differ by at least 2" relation between two others.
pub fn model(
    n: usize,
    givens: &[(usize, u32)],
    extras: &[(usize, usize, u32)],
) -> (Model, Vec<(VarId, u32)>) {
    let mut b = ModelBuilder::new();
    let v = b.new_vars(n * n, ValueSet::range(n as u32));
    for i in 0..n {
        b.all_different(&v[i * n..i * n + n]).unwrap();
        let column: Vec<VarId> = (0..n).map(|r| v[r * n + i]).collect();
        b.all_different(&column).unwrap();
    }
    for (k, &(a, c, x)) in extras.iter().enumerate() {
        let (a, c) = (v[a % (n * n)], v[c % (n * n)]);
        if a == c {
            continue;
        }
        if k % 2 == 0 {
            b.add_propagator(LinearEquality::new(
                vec![a, c],
                vec![1, 1],
                i64::from(x % (2 * n as u32 - 1)),
            ))
            .unwrap();
        } else {
            let far = |p: u32, q: u32| p.abs_diff(q) >= 2;
            b.add_propagator(BinaryRelation::new(a, c, n as u32, far))
                .unwrap();
        }
    }
    let model = b.build();
    let givens = givens
        .iter()
        .map(|&(c, x)| (v[c % (n * n)], x % n as u32))
        .collect();
    (model, givens)
}

pub fn count(
    model: &Model,
    givens: &[(VarId, u32)],
    config: &SearchConfig,
    limit: Option<u64>,
) -> (u64, Termination, Option<Vec<u32>>) {
    let mut search = Search::new(model, config).unwrap();
    for &(v, x) in givens {
        if search.fix(v, x).is_err() {
            return (0, Termination::Exhausted, None);
        }
    }
    let r = search.run(limit);
    (r.stats.solutions, r.termination, r.first_solution)
}

/// The whole result of a search of `model` with `givens`, or `None` when
/// the givens clash.
pub fn run(
    model: &Model,
    givens: &[(VarId, u32)],
    config: &SearchConfig,
    limit: Option<u64>,
) -> Option<SearchResult> {
    let mut search = Search::new(model, config).unwrap();
    for &(v, x) in givens {
        search.fix(v, x).ok()?;
    }
    Some(search.run(limit))
}
