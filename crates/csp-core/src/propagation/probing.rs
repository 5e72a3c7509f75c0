//! Probing: singleton arc consistency over the `gac` level.

use super::{Agenda, Conflict, PropagationContext, Rule};
use crate::{DomainStore, Model, VarId};

/// Runs probing to a fixpoint, after the agenda reached one: for each
/// unassigned variable in index order and each value of its domain in
/// increasing order, the value is assigned tentatively and propagated (the
/// agenda's level, [`Probing`](super::PropagationLevel::Probing), propagates
/// as [`Gac`](super::PropagationLevel::Gac) does), then undone. A value
/// whose placement fails is removed, and that removal propagated at once.
/// The variables are taken round and round, until every one of them has
/// been probed since the last removal. Fails if a removal leads to a
/// conflict, or when the agenda's deadline passes (the clock is read before
/// every probe; [`Agenda::timed_out`] then tells the two apart).
///
/// A wide variable is probed at its bounds only (its values are too many
/// to try one by one): its smallest value, then its largest, each one
/// whose placement fails removed (the bound moves on) and the next bound
/// probed, until one holds at each end (shaving).
///
/// What propagation does inside a probe is undone and not counted in the
/// rule counters (`probing.runs` counts the probes); `propagations` counts
/// it.
pub(crate) fn probe(
    agenda: &mut Agenda,
    store: &mut DomainStore,
    model: &Model,
) -> Result<(), Conflict> {
    let n = model.num_vars();
    // Cyclic over the variables: stop once every variable was probed
    // after the last removal.
    let mut var_index = 0;
    let mut clean = 0;
    while clean < n {
        let var = VarId(var_index as u32);
        let removed = if store.is_wide(var) {
            shave(agenda, store, model, var)?
        } else {
            let mut removed = false;
            for value in store.domain(var) {
                if store.is_assigned(var) {
                    break;
                }
                if store.contains(var, value) {
                    removed |= try_value(agenda, store, model, var, value)?;
                }
            }
            removed
        };
        // A variable with a removal counts as probed once its remaining
        // values are probed again, on the next round.
        clean = if removed { 0 } else { clean + 1 };
        var_index = (var_index + 1) % n;
    }
    Ok(())
}

/// Probes wide variable `var` at its bounds (see [`probe`]); whether a
/// value went.
fn shave(
    agenda: &mut Agenda,
    store: &mut DomainStore,
    model: &Model,
    var: VarId,
) -> Result<bool, Conflict> {
    let mut removed = false;
    for low in [true, false] {
        while !store.is_assigned(var) {
            let end = if low {
                store.lower(var)
            } else {
                store.upper(var)
            };
            let Some(value) = end else {
                return Err(Conflict);
            };
            if !try_value(agenda, store, model, var, value)? {
                break;
            }
            removed = true;
        }
    }
    Ok(removed)
}

/// One probe: places `value` in `var` tentatively, propagates, undoes it
/// (its rule counters and trace segments with it); a value whose
/// placement fails is removed and the removal propagated. Whether it
/// was removed; fails on a conflict after the removal, or once the
/// deadline passed.
fn try_value(
    agenda: &mut Agenda,
    store: &mut DomainStore,
    model: &Model,
    var: VarId,
    value: u32,
) -> Result<bool, Conflict> {
    if agenda.out_of_time() {
        return Err(Conflict);
    }
    agenda.rules[Rule::Probing].runs += 1;
    let kept = agenda.rules;
    let logged = agenda.segments.as_ref().map_or(0, Vec::len);
    store.checkpoint();
    agenda.assign(model, store, var, value);
    let failed = agenda.run(store, model).is_err();
    store.restore();
    agenda.rules = kept;
    if let Some(segments) = &mut agenda.segments {
        segments.truncate(logged);
    }
    if agenda.timed_out {
        return Err(Conflict);
    }
    if failed {
        PropagationContext::crediting(Rule::Probing, store, agenda, model)
            .remove_value(var, value)?;
        agenda.run(store, model)?;
    }
    Ok(failed)
}

#[cfg(test)]
mod tests {
    use crate::testing::{domains_after, fixed};
    use crate::{ModelBuilder, PropagationLevel, Rule, Search, SearchConfig, ValueSet, VarId};

    /// x, y, z in {0,1}, pairwise different through three groups of two
    /// (an odd cycle: no solution), and nothing but probing sees it: each
    /// group alone is consistent.
    #[test]
    fn refutes_what_gac_cannot() {
        let mut b = ModelBuilder::new();
        let v = b.new_vars(3, ValueSet::range(2));
        b.all_different(&[v[0], v[1]]).unwrap();
        b.all_different(&[v[1], v[2]]).unwrap();
        b.all_different(&[v[0], v[2]]).unwrap();
        let m = b.build();
        assert!(domains_after(&m, PropagationLevel::Gac, &[]).is_ok());
        assert!(domains_after(&m, PropagationLevel::Probing, &[]).is_err());
    }

    #[test]
    fn removes_a_value_whose_placement_fails_and_keeps_the_others() {
        // a in {0,1,2}, b and c in {0,1}; a != b, a != c, b != c.
        // a = 0 leaves b, c both in {1}: fails. a = 1 likewise. a = 2 fits.
        let mut bld = ModelBuilder::new();
        let a = bld.new_var(ValueSet::range(3));
        let bc = bld.new_vars(2, ValueSet::range(2));
        bld.all_different(&[a, bc[0]]).unwrap();
        bld.all_different(&[a, bc[1]]).unwrap();
        bld.all_different(&[bc[0], bc[1]]).unwrap();
        let m = bld.build();
        let gac = domains_after(&m, PropagationLevel::Gac, &[]).unwrap();
        assert_eq!(gac[0], ValueSet::range(3));
        let probing = domains_after(&m, PropagationLevel::Probing, &[]).unwrap();
        assert_eq!(probing[0], ValueSet::single(2));
        assert_eq!(probing[1], ValueSet::range(2));
        let mut search = Search::new(
            &m,
            &SearchConfig {
                level: PropagationLevel::Probing,
                ..SearchConfig::default()
            },
        )
        .unwrap();
        search.propagate_root().unwrap();
        let rules = search.rules();
        assert_eq!(rules[Rule::Probing].removals, 2);
        // Probes: a=0, a=1 (both removed; a is then assigned 2), then
        // b=0, b=1, c=0, c=1; a is assigned, so the round is complete.
        assert_eq!(rules[Rule::Probing].runs, 2 + 4);
        assert!(search.store().is_assigned(VarId(0)));
    }

    #[test]
    fn does_nothing_when_every_value_fits() {
        let mut b = ModelBuilder::new();
        let v = b.new_vars(3, ValueSet::range(3));
        b.all_different(&v).unwrap();
        let m = b.build();
        let d = domains_after(&m, PropagationLevel::Probing, &fixed(&[])).unwrap();
        assert!(d.iter().all(|&x| x == ValueSet::range(3)));
    }

    /// A wide variable's bounds are shaved: `x > 0 or (p < q and p > q)`
    /// over x in 0..=5 (wide): bounds leave x at 0..=5; probing x = 0
    /// fails, x = 1 and x = 5 hold; p and q two probes each; then x again
    /// (its removal restarted the round), two: nine.
    #[test]
    fn a_wide_variable_is_shaved_at_its_bounds() {
        use crate::{Function, Term, WideExpression};
        let mut b = ModelBuilder::new();
        let x = b.new_wide_var(6).unwrap();
        let (p, q) = (b.new_var(ValueSet::range(2)), b.new_var(ValueSet::range(2)));
        let var = |var| Term::Var { var, offset: 0 };
        let clash = Term::Apply(
            Function::And,
            vec![
                Term::Apply(Function::Lt, vec![var(p), var(q)]),
                Term::Apply(Function::Gt, vec![var(p), var(q)]),
            ],
        );
        let root = Term::Apply(
            Function::Or,
            vec![
                Term::Apply(Function::Gt, vec![var(x), Term::Const(0)]),
                clash,
            ],
        );
        b.add_propagator(WideExpression::new(&root)).unwrap();
        let model = b.build();
        let bounds = |level| {
            let config = SearchConfig {
                level,
                ..SearchConfig::default()
            };
            let mut search = Search::new(&model, &config).unwrap();
            search.propagate_root().unwrap();
            let s = search.store();
            let probes = search.stats().rules[Rule::Probing].runs;
            ((s.lower(x).unwrap(), s.upper(x).unwrap()), probes)
        };
        assert_eq!(bounds(PropagationLevel::Gac), ((0, 5), 0));
        assert_eq!(bounds(PropagationLevel::Probing), ((1, 5), 9));
    }
}
