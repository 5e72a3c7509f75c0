//! Fixtures for the unit tests.

use crate::{
    Conflict, DomainStore, Model, ModelBuilder, PropagationLevel, Search, SearchConfig, ValueSet,
    VarId,
};

/// `(index, value)` pairs as givens.
pub(crate) fn fixed(pairs: &[(u32, u32)]) -> Vec<(VarId, u32)> {
    pairs.iter().map(|&(v, x)| (VarId(v), x)).collect()
}

/// The store after propagating `givens` at `level` at the root.
pub(crate) fn store_after(
    model: &Model,
    level: PropagationLevel,
    givens: &[(VarId, u32)],
) -> Result<DomainStore, Conflict> {
    let config = SearchConfig {
        level,
        ..SearchConfig::default()
    };
    let mut search = Search::new(model, &config).expect("plain heuristics");
    for &(v, x) in givens {
        search.fix(v, x)?;
    }
    search.propagate_root()?;
    Ok(search.store().clone())
}

/// The domains after propagating `givens` at `level` at the root.
pub(crate) fn domains_after(
    model: &Model,
    level: PropagationLevel,
    givens: &[(VarId, u32)],
) -> Result<Vec<ValueSet>, Conflict> {
    let store = store_after(model, level, givens)?;
    Ok(model.vars().map(|v| store.domain(v)).collect())
}

/// A 3x3 Latin square (rows and columns all-different, values 0..3, cell `i`
/// at row `i / 3`, column `i % 3`) with `x0 = 0` and `x4 = 1`, forward
/// checked. The hand-worked state every heuristic test uses:
///
/// ```text
/// cell  x0  x1   x2     x3   x4  x5     x6     x7     x8
/// dom   =0  {2}  {1,2}  {2}  =1  {0,2}  {1,2}  {0,2}  {0,1,2}
/// ```
/// Empty related cells: x1: x2 x7; x2: x1 x5 x8; x3: x5 x6; x5: x2 x3 x8;
/// x6: x3 x7 x8; x7: x1 x6 x8; x8: x2 x5 x6 x7.
pub(crate) fn latin3() -> (Model, DomainStore) {
    let mut b = ModelBuilder::new();
    let v = b.new_vars(9, ValueSet::range(3));
    for i in 0..3 {
        b.all_different(&[v[3 * i], v[3 * i + 1], v[3 * i + 2]])
            .unwrap();
        b.all_different(&[v[i], v[i + 3], v[i + 6]]).unwrap();
    }
    for (i, &x) in v.iter().enumerate() {
        b.set_position(x, (i / 3) as f64, (i % 3) as f64);
    }
    let model = b.build();
    let store = store_after(
        &model,
        PropagationLevel::ForwardChecking,
        &fixed(&[(0, 0), (4, 1)]),
    )
    .unwrap();
    (model, store)
}
