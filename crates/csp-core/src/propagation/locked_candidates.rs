//! Locked candidates over two overlapping all-different groups.

use super::{Conflict, PropagationContext, PropagationLevel, Propagator, Rule};
use crate::explanation::{Explaining, Literal};
use crate::{ValueSet, VarId};

/// Two all-different groups `A` and `B` that share variables. If `A` is a
/// permutation (it must use each of its values) and every variable of `A`
/// that can still take value `x` lies in the shared part, then `x` is used
/// in the shared part, so the variables of `B` outside it cannot take `x`
/// (and the same with `A` and `B` swapped).
///
/// In Sudoku, with `A` a box and `B` a row this is *pointing*; with `A` a
/// row and `B` a box, *claiming* (box-line reduction). It takes part from
/// [`PropagationLevel::Locked`] on, and does not make the variables of its
/// scope neighbours for the heuristics (the two all-different constraints
/// already relate what is related).
#[derive(Clone, Debug)]
pub struct LockedCandidates {
    /// `A` only, then the shared part, then `B` only.
    scope: Vec<VarId>,
    shared_start: usize,
    b_start: usize,
    /// The values `A` must use (empty if `A` is not a permutation).
    a_values: ValueSet,
    /// The values `B` must use (empty if `B` is not a permutation).
    b_values: ValueSet,
}

impl LockedCandidates {
    /// Locked candidates between the groups `a` (over `a_values`) and `b`
    /// (over `b_values`). A group that is not a permutation (as many
    /// variables as values) has no values it must use, so nothing is
    /// deduced from it. Returns `None` if the groups share fewer than two
    /// variables or one lies inside the other (nothing to deduce then).
    pub fn new(
        a: &[VarId],
        a_values: ValueSet,
        b: &[VarId],
        b_values: ValueSet,
    ) -> Option<LockedCandidates> {
        let shared: Vec<VarId> = a.iter().copied().filter(|v| b.contains(v)).collect();
        if shared.len() < 2 || shared.len() == a.len() || shared.len() == b.len() {
            return None;
        }
        let mut scope: Vec<VarId> = a.iter().copied().filter(|v| !b.contains(v)).collect();
        let shared_start = scope.len();
        scope.extend(&shared);
        let b_start = scope.len();
        scope.extend(b.iter().copied().filter(|v| !a.contains(v)));
        let must_use = |vars: &[VarId], values: ValueSet| {
            if vars.len() == values.len() as usize {
                values
            } else {
                ValueSet::EMPTY
            }
        };
        Some(LockedCandidates {
            scope,
            shared_start,
            b_start,
            a_values: must_use(a, a_values),
            b_values: must_use(b, b_values),
        })
    }

    /// The variables of `A` only, the shared ones, and those of `B` only,
    /// each in the order of the group they come from.
    pub fn parts(&self) -> (&[VarId], &[VarId], &[VarId]) {
        (
            &self.scope[..self.shared_start],
            &self.scope[self.shared_start..self.b_start],
            &self.scope[self.b_start..],
        )
    }

    /// The values `A` must use, then those `B` must use (empty for a group
    /// that is not a permutation).
    pub fn must_use(&self) -> (ValueSet, ValueSet) {
        (self.a_values, self.b_values)
    }

    /// What the rule deduces for groups that must use `must_use` (`A`'s
    /// values, `B`'s values) when the candidates of `A` only, of the shared
    /// part and of `B` only are `in_a`, `in_shared`, `in_b`: the values to
    /// remove from `B` only (pointing) and from `A` only (claiming). A
    /// value a group must use and cannot place is a conflict. (Shared with
    /// propagators that stand for many pairs.)
    pub fn deduce(
        (a_values, b_values): (ValueSet, ValueSet),
        in_a: ValueSet,
        in_shared: ValueSet,
        in_b: ValueSet,
    ) -> Result<(ValueSet, ValueSet), Conflict> {
        if !a_values.difference(in_a.union(in_shared)).is_empty()
            || !b_values.difference(in_b.union(in_shared)).is_empty()
        {
            return Err(Conflict);
        }
        // Values A must place in the shared part, and B likewise.
        let locked_by_a = a_values.difference(in_a);
        let locked_by_b = b_values.difference(in_b);
        Ok((
            locked_by_a.intersection(in_b),
            locked_by_b.intersection(in_a),
        ))
    }

    fn union(&self, ctx: &PropagationContext<'_>, vars: &[VarId]) -> ValueSet {
        vars.iter()
            .fold(ValueSet::EMPTY, |acc, &v| acc.union(ctx.domain(v)))
    }

    /// Removes `values` from the unassigned variables of `vars`; an
    /// assigned one holding such a value is a conflict.
    fn remove_from(
        ctx: &mut PropagationContext<'_>,
        vars: &[VarId],
        values: ValueSet,
    ) -> Result<(), Conflict> {
        for &v in vars {
            match ctx.value(v) {
                Some(x) if values.contains(x) => return Err(Conflict),
                Some(_) => {}
                None => ctx.remove_values(v, values)?,
            }
        }
        Ok(())
    }
}

impl Propagator for LockedCandidates {
    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let a_only = &self.scope[..self.shared_start];
        let shared = &self.scope[self.shared_start..self.b_start];
        let b_only = &self.scope[self.b_start..];
        loop {
            let (pointing, claiming) = Self::deduce(
                (self.a_values, self.b_values),
                self.union(ctx, a_only),
                self.union(ctx, shared),
                self.union(ctx, b_only),
            )?;
            if pointing.is_empty() && claiming.is_empty() {
                return Ok(());
            }
            Self::remove_from(ctx, b_only, pointing)?;
            Self::remove_from(ctx, a_only, claiming)?;
        }
    }

    fn check(&self, _value: &dyn Fn(VarId) -> u32) -> bool {
        // Implied by the two all-different constraints.
        true
    }

    fn name(&self) -> &'static str {
        "locked-candidates"
    }

    fn min_level(&self) -> PropagationLevel {
        PropagationLevel::Locked
    }

    fn relates_scope(&self) -> bool {
        false
    }

    fn rule(&self) -> Rule {
        Rule::LockedCandidates
    }

    /// A value pointed (or claimed) out of `B` only: its removals from `A`
    /// only, which lock it in the shared part. A failure: a value a group
    /// must use without a place left, or an assigned variable holding a
    /// locked value (with the removals that lock it), or an emptied
    /// domain.
    fn explain(
        &self,
        removal: Option<(VarId, u32)>,
        ex: &Explaining<'_>,
        reason: &mut Vec<Literal>,
    ) -> bool {
        let (a_only, shared, b_only) = self.parts();
        let union = |vars: &[VarId]| {
            vars.iter()
                .fold(ValueSet::EMPTY, |acc, &v| acc.union(ex.domain(v)))
        };
        // The values a group locks in the shared part, with the variables
        // whose removals lock them.
        let locks = [
            (self.a_values.difference(union(a_only)), a_only, b_only),
            (self.b_values.difference(union(b_only)), b_only, a_only),
        ];
        let push_all = |vars: &[VarId], value: u32, reason: &mut Vec<Literal>| {
            for &y in vars {
                ex.push_removed(y, ValueSet::single(value), reason);
            }
        };
        match removal {
            Some((var, value)) => {
                for (locked, lockers, others) in locks {
                    if locked.contains(value) && others.contains(&var) {
                        push_all(lockers, value, reason);
                        return true;
                    }
                }
                false
            }
            None => {
                if ex.push_emptied(&self.scope, reason) {
                    return true;
                }
                for (values, group) in [
                    (self.a_values, [a_only, shared]),
                    (self.b_values, [b_only, shared]),
                ] {
                    let placed = union(group[0]).union(union(group[1]));
                    if let Some(value) = values.difference(placed).min() {
                        push_all(group[0], value, reason);
                        push_all(group[1], value, reason);
                        return true;
                    }
                }
                for (locked, lockers, others) in locks {
                    for &y in others {
                        let held = ex.domain(y);
                        if held.len() == 1 && locked.contains(held.min().expect("one value")) {
                            let value = held.min().expect("one value");
                            reason.push(Literal::Is(y, value));
                            push_all(lockers, value, reason);
                            return true;
                        }
                    }
                }
                false
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::harness::{ExplanationCounts, below, check_propagator};
    use crate::testing::{domains_after, fixed};
    use crate::{Model, ModelBuilder, PropagationLevel, Rule, ValueSet, VarId};

    /// A 4x4 Sudoku (2x2 boxes): cell (r, c) is variable 4r + c, values 0..4.
    fn sudoku4() -> Model {
        let mut b = ModelBuilder::new();
        let cells = b.new_vars(16, ValueSet::range(4));
        let at = |r: usize, c: usize| cells[4 * r + c];
        for i in 0..4 {
            b.all_different(&(0..4).map(|c| at(i, c)).collect::<Vec<_>>())
                .unwrap();
            b.all_different(&(0..4).map(|r| at(r, i)).collect::<Vec<_>>())
                .unwrap();
            let (br, bc) = (2 * (i / 2), 2 * (i % 2));
            b.all_different(&[
                at(br, bc),
                at(br, bc + 1),
                at(br + 1, bc),
                at(br + 1, bc + 1),
            ])
            .unwrap();
        }
        b.build()
    }

    #[test]
    fn build_adds_one_propagator_per_box_line_pair() {
        let m = sudoku4();
        let locked = m
            .propagators()
            .iter()
            .filter(|p| p.name() == "locked-candidates")
            .count();
        // 4 boxes x (2 rows + 2 columns); rows and columns share one cell.
        assert_eq!(locked, 16);
        // Heuristics see the same neighbours as without them: 7 per cell.
        assert_eq!(m.neighbours(VarId(0)).len(), 7);
    }

    #[test]
    fn pointing_removes_from_the_rest_of_the_row() {
        // Givens 1 at (1,0) and 2 at (1,1): box 0 must put 0 and 3 in its
        // row 0, so (0,2) and (0,3) lose them; singles sees nothing there.
        let m = sudoku4();
        let givens = fixed(&[(4, 1), (5, 2)]);
        let singles = domains_after(&m, PropagationLevel::Singles, &givens).unwrap();
        assert_eq!(singles[2], ValueSet::range(4));
        let locked = domains_after(&m, PropagationLevel::Locked, &givens).unwrap();
        assert_eq!(locked[2], ValueSet(0b0110));
        assert_eq!(locked[3], ValueSet(0b0110));
        assert_eq!(locked[0], ValueSet(0b1001));
    }

    #[test]
    fn does_not_fire_when_the_value_has_places_outside_the_overlap() {
        // Nothing given: every value has places everywhere.
        let m = sudoku4();
        let d = domains_after(&m, PropagationLevel::Locked, &fixed(&[])).unwrap();
        assert!(d.iter().all(|&x| x == ValueSet::range(4)));
        // One given at (0,0): box 0 still has value 1 in both rows.
        let d = domains_after(&m, PropagationLevel::Locked, &fixed(&[(0, 0)])).unwrap();
        let s = domains_after(&m, PropagationLevel::Singles, &fixed(&[(0, 0)])).unwrap();
        assert_eq!(d, s);
    }

    #[test]
    fn a_value_confined_to_the_overlap_leaves_the_other_group() {
        // Groups A = {x0, x1, y} and B = {x0, x1, x2} over values 0..3;
        // y != 2 (through {y, z} with z = 2) makes A put 2 in {x0, x1}, so
        // x2 loses 2.
        let mut b = ModelBuilder::new();
        let bx = b.new_vars(3, ValueSet::range(3));
        let y = b.new_var(ValueSet::range(3));
        let other = b.new_var(ValueSet::range(3));
        b.all_different(&[bx[0], bx[1], y]).unwrap();
        b.all_different(&[bx[0], bx[1], bx[2]]).unwrap();
        b.all_different(&[y, other]).unwrap();
        let m = b.build();
        let givens = fixed(&[(4, 2)]);
        let singles = domains_after(&m, PropagationLevel::Singles, &givens).unwrap();
        assert!(singles[2].contains(2));
        let locked = domains_after(&m, PropagationLevel::Locked, &givens).unwrap();
        assert!(!locked[2].contains(2), "{locked:?}");
    }

    #[test]
    fn counts_its_removals() {
        let m = sudoku4();
        let mut search = crate::Search::new(
            &m,
            &crate::SearchConfig {
                level: PropagationLevel::Locked,
                ..Default::default()
            },
        )
        .unwrap();
        search.fix(VarId(4), 1).unwrap();
        search.fix(VarId(5), 2).unwrap();
        search.propagate_root().unwrap();
        let rules = search.rules();
        // 0 and 3 from (0,2) and (0,3).
        assert_eq!(rules[Rule::LockedCandidates].removals, 4);
        assert_eq!(rules[Rule::Gac].runs, 0);
    }

    /// Two all-different groups of `m` variables over `0..m` sharing two
    /// or three: locked candidates and the groups, every explanation
    /// checked.
    #[test]
    fn harness_overlapping_groups() {
        let counts = check_propagator("locked candidates", 300, 81, 5..=7, |b, vars, rng| {
            let n = vars.len();
            let shared = 2 + below(rng, 2) as usize;
            let m = (n + shared) / 2;
            let (a, c) = (&vars[..m], &vars[n - m..]);
            // Every variable below m (a table of one column): each group
            // is a permutation of 0..m.
            for &v in vars {
                let below_m = (0..m as u32).map(|x| vec![x]).collect();
                b.add_propagator(crate::Table::new(vec![v], below_m).unwrap())
                    .unwrap();
            }
            b.all_different(a).unwrap();
            b.all_different(c).unwrap();
            let values = ValueSet::range(m as u32);
            if let Some(p) = super::LockedCandidates::new(a, values, c, values) {
                b.add_propagator(p).unwrap();
            }
        });
        assert_eq!(
            counts,
            ExplanationCounts {
                own: 17016,
                scope: 0
            }
        );
    }
}
