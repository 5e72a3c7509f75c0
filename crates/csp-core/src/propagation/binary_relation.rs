//! A binary relation between two variables, given by its supports.

use super::{Conflict, Events, Hypothesis, PropagationContext, PropagationLevel, Propagator, Rule};
use crate::explanation::{Explaining, Literal};
use crate::{ValueSet, VarId};

/// `(x, y)` takes only allowed pairs of values. The relation is a table of
/// *supports*: for each value `a` of `x`, the set of values of `y` allowed
/// with it (and the reverse table for `y`), so arc consistency is one union
/// and one intersection per value: a few word operations.
///
/// Any relation between two values fits: a difference of one, a ratio of
/// two, a sum of five or ten, "differ by at least five", inequality.
///
/// - At [`PropagationLevel::None`] and
///   [`PropagationLevel::ForwardChecking`]: once one variable is assigned,
///   the other keeps only the values allowed with it; both assigned and not
///   allowed is a conflict.
/// - At [`PropagationLevel::Singles`] and above: arc consistency, each
///   variable keeps only the values some value left in the other's domain
///   allows.
#[derive(Clone, Debug)]
pub struct BinaryRelation {
    vars: [VarId; 2],
    /// `supports[0][a]`: values of `y` allowed with `x = a`;
    /// `supports[1][b]`: values of `x` allowed with `y = b`.
    supports: [Box<[ValueSet]>; 2],
}

impl BinaryRelation {
    /// The pairs `(a, b)` with `a, b < values` for which `allowed(a, b)`.
    ///
    /// # Panics
    /// If `values` exceeds [`crate::MAX_VALUES`].
    pub fn new(
        x: VarId,
        y: VarId,
        values: u32,
        allowed: impl Fn(u32, u32) -> bool,
    ) -> BinaryRelation {
        assert!(values <= crate::MAX_VALUES, "at most 64 values");
        let forward: Box<[ValueSet]> = (0..values)
            .map(|a| (0..values).filter(|&b| allowed(a, b)).collect())
            .collect();
        let backward: Box<[ValueSet]> = (0..values)
            .map(|b| (0..values).filter(|&a| allowed(a, b)).collect())
            .collect();
        BinaryRelation {
            vars: [x, y],
            supports: [forward, backward],
        }
    }

    /// `x` and `y` take different values.
    pub fn not_equal(x: VarId, y: VarId, values: u32) -> BinaryRelation {
        BinaryRelation::new(x, y, values, |a, b| a != b)
    }

    /// Whether `(a, b)` is allowed.
    pub fn allows(&self, a: u32, b: u32) -> bool {
        self.supports[0]
            .get(a as usize)
            .is_some_and(|s| s.contains(b))
    }

    /// The values of the variable at `side` (0: `x`, 1: `y`) supported by
    /// some value of `domain` of the other one.
    fn supported(&self, side: usize, other: ValueSet) -> ValueSet {
        let table = &self.supports[1 - side];
        other
            .iter()
            .filter_map(|v| table.get(v as usize))
            .fold(ValueSet::EMPTY, |acc, &s| acc.union(s))
    }
}

impl Propagator for BinaryRelation {
    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let [x, y] = self.vars;
        if ctx.level() < PropagationLevel::Singles {
            return match (ctx.value(x), ctx.value(y)) {
                (Some(a), Some(b)) if !self.allows(a, b) => Err(Conflict),
                (Some(_), Some(_)) | (None, None) => Ok(()),
                (Some(a), None) => ctx.retain_values(y, self.supported(1, ValueSet::single(a))),
                (None, Some(b)) => ctx.retain_values(x, self.supported(0, ValueSet::single(b))),
            };
        }
        // One pass each way is a fixpoint: after y is cut to what x
        // supports, every value of x left still has a support in y unless x
        // lost values first, which the second pass handles.
        ctx.retain_values(y, self.supported(1, ctx.domain(x)))?;
        ctx.retain_values(x, self.supported(0, ctx.domain(y)))?;
        if ctx.domain(x).is_empty() || ctx.domain(y).is_empty() {
            return Err(Conflict);
        }
        Ok(())
    }

    fn check(&self, value: &dyn Fn(VarId) -> u32) -> bool {
        self.allows(value(self.vars[0]), value(self.vars[1]))
    }

    /// A value of one variable whose supports have all left the other's
    /// domain: those removals (`x ≠ a` for each support `a`). A failure:
    /// an emptied domain's removals, or the two values (both assigned).
    fn explain(
        &self,
        removal: Option<(VarId, u32)>,
        ex: &Explaining<'_>,
        reason: &mut Vec<Literal>,
    ) -> bool {
        let [x, y] = self.vars;
        let Some((var, value)) = removal else {
            if ex.push_emptied(&self.vars, reason) {
                return true;
            }
            let (dx, dy) = (ex.domain(x), ex.domain(y));
            return match (dx.len(), dy.len()) {
                (1, 1) if !self.allows(dx.min().unwrap_or(0), dy.min().unwrap_or(0)) => {
                    reason.extend([
                        Literal::Is(x, dx.min().unwrap_or(0)),
                        Literal::Is(y, dy.min().unwrap_or(0)),
                    ]);
                    true
                }
                _ => false,
            };
        };
        if x == y {
            return false;
        }
        let side = usize::from(var == y);
        let other = self.vars[1 - side];
        let supports = self.supports[side]
            .get(value as usize)
            .copied()
            .unwrap_or(ValueSet::EMPTY);
        if !supports.intersection(ex.domain(other)).is_empty() {
            return false;
        }
        ex.push_removed(other, supports, reason);
        true
    }

    fn forward_check_removals(&self, h: &mut Hypothesis<'_>) {
        let (var, value) = h.placement();
        let side = usize::from(var == self.vars[1]);
        let other = self.vars[1 - side];
        let allowed = self.supported(1 - side, ValueSet::single(value));
        h.remove(other, ValueSet(!allowed.0));
    }

    fn name(&self) -> &'static str {
        "binary-relation"
    }

    fn binary_supports(&self) -> Option<([VarId; 2], [&[ValueSet]; 2])> {
        Some((self.vars, [&self.supports[0], &self.supports[1]]))
    }

    fn events(&self, level: PropagationLevel) -> Events {
        Events::forward_checking_then(level, Events::ANY)
    }

    fn rule(&self) -> Rule {
        Rule::Relation
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{domains_after, fixed};
    use crate::{Model, ModelBuilder};

    /// |x0 - x1| = 1 over 0..9.
    fn consecutive() -> Model {
        let mut b = ModelBuilder::new();
        let v = b.new_vars(2, ValueSet::range(9));
        b.add_propagator(BinaryRelation::new(v[0], v[1], 9, |a, b| {
            a.abs_diff(b) == 1
        }))
        .unwrap();
        b.build()
    }

    #[test]
    fn forward_checking_keeps_the_supports_of_the_assigned_value() {
        let m = consecutive();
        let d = domains_after(&m, PropagationLevel::ForwardChecking, &fixed(&[(0, 4)])).unwrap();
        assert_eq!(d[1], ValueSet::single(3).union(ValueSet::single(5)));
        let d = domains_after(&m, PropagationLevel::ForwardChecking, &[]).unwrap();
        assert_eq!(d[1], ValueSet::range(9), "nothing assigned: nothing to do");
    }

    #[test]
    fn arc_consistency_from_singles() {
        // x0 in {0}: x1 must be 1. Ratio 1:2 on 0..9 (values as digits - 1):
        // digit 9 (value 8) has no partner.
        let mut b = ModelBuilder::new();
        let v = b.new_vars(2, ValueSet::range(9));
        b.add_propagator(BinaryRelation::new(v[0], v[1], 9, |a, b| {
            let (a, b) = (a + 1, b + 1);
            a == 2 * b || b == 2 * a
        }))
        .unwrap();
        let m = b.build();
        let d = domains_after(&m, PropagationLevel::Singles, &[]).unwrap();
        // Digits with a double or half: 1 2 3 4 6 8 -> values 0 1 2 3 5 7.
        let expected: ValueSet = [0, 1, 2, 3, 5, 7].into_iter().collect();
        assert_eq!(d, vec![expected, expected]);
        assert_eq!(
            domains_after(&m, PropagationLevel::ForwardChecking, &[]).unwrap()[0],
            ValueSet::range(9)
        );
    }

    #[test]
    fn forbidden_pair_conflicts() {
        let m = consecutive();
        assert!(domains_after(&m, PropagationLevel::None, &fixed(&[(0, 4), (1, 4)])).is_err());
        assert!(domains_after(&m, PropagationLevel::Singles, &fixed(&[(0, 4), (1, 7)])).is_err());
    }
}
