//! The element (indexing) constraint: `array[index] = value`, where the
//! index is itself a variable.

use super::hypothesis::ForwardCheck;
use super::{Conflict, Events, Hypothesis, PropagationContext, PropagationLevel, Propagator, Rule};
use crate::explanation::{Explaining, Literal};
use crate::{ValueSet, VarId};

/// What the indexed variable must equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Target {
    /// A fixed value.
    Value(u32),
    /// The value of another variable.
    Var(VarId),
}

/// `array[index] = target`: the variable `index` picks a position of
/// `array` (its value `i` picks `array[i]`; values past the end are not
/// allowed), and the variable at that position equals a fixed value or
/// another variable. Row, column and box indexers are this constraint with
/// a fixed value; "the digit in this cell says where a digit goes" rules
/// are too. Variables may repeat (the index may sit in the array, as an
/// indexer cell sits in the row it indexes).
///
/// - At [`PropagationLevel::None`] and
///   [`PropagationLevel::ForwardChecking`] (the filled cells): a position
///   stays open for the index while the variable there and the target are
///   unassigned or assigned alike; the target keeps the values the open
///   positions' assigned variables hold (any, while one is unassigned);
///   once one position is left, its variable keeps the target's value. No
///   position left is a conflict.
/// - At [`PropagationLevel::Singles`] and above, the same with domains for
///   the unassigned variables: domain consistency on the index and the
///   target, and on `array[i]` once `i` is the only position left (the
///   usual filtering of element; the other positions are free).
#[derive(Clone, Debug)]
pub struct Element {
    index: VarId,
    array: Box<[VarId]>,
    target: Target,
    /// The index, the array and the target variable, each once.
    scope: Vec<VarId>,
}

impl Element {
    /// `array[index] = value` for a fixed `value`.
    pub fn equal_to_value(index: VarId, array: Vec<VarId>, value: u32) -> Element {
        Element::new(index, array, Target::Value(value))
    }

    /// `array[index] = var`.
    pub fn equal_to_var(index: VarId, array: Vec<VarId>, var: VarId) -> Element {
        Element::new(index, array, Target::Var(var))
    }

    fn new(index: VarId, array: Vec<VarId>, target: Target) -> Element {
        let mut scope = vec![index];
        scope.extend(array.iter().copied());
        if let Target::Var(v) = target {
            scope.push(v);
        }
        let mut seen = std::collections::BTreeSet::new();
        scope.retain(|v| seen.insert(*v));
        Element {
            index,
            array: array.into_boxed_slice(),
            target,
            scope,
        }
    }

    /// The values `var` may take: its value once assigned, otherwise its
    /// domain, or (the filled cells only) any value.
    fn allowed(ctx: &impl ForwardCheck, var: VarId, forward: bool) -> ValueSet {
        match ctx.value(var) {
            Some(x) => ValueSet::single(x),
            None if forward => ValueSet::range(crate::MAX_VALUES),
            None => ctx.domain(var),
        }
    }

    /// The values `array[i]` and the target can share with `index = i`
    /// (empty: position `i` is out).
    fn shared(&self, ctx: &impl ForwardCheck, i: u32, forward: bool) -> ValueSet {
        let at = self.array[i as usize];
        let mut shared = Element::allowed(ctx, at, forward);
        match self.target {
            Target::Value(c) => shared = shared.intersection(ValueSet::single(c)),
            Target::Var(v) => {
                shared = shared.intersection(Element::allowed(ctx, v, forward));
                if v == self.index {
                    shared = shared.intersection(ValueSet::single(i));
                }
            }
        }
        if at == self.index {
            shared = shared.intersection(ValueSet::single(i));
        }
        shared
    }

    /// Pushes why position `i` is out: for each value both `array[i]` and
    /// the target could hold at first, its removal from one of them
    /// (from `array[i]` where it is gone there).
    /// The index at `i` itself (in the array, or the target) needs the
    /// other side to hold `i`.
    fn push_out(&self, i: u32, ex: &Explaining<'_>, reason: &mut Vec<Literal>) {
        let at = self.array[i as usize];
        match self.target {
            // Out for good when `c != i`.
            Target::Value(_) if at == self.index => {}
            Target::Value(c) => reason.push(Literal::IsNot(at, c)),
            Target::Var(v) if at == self.index && v != self.index => {
                reason.push(Literal::IsNot(v, i));
            }
            Target::Var(_) if at == self.index => {}
            Target::Var(v) if v == self.index => reason.push(Literal::IsNot(at, i)),
            Target::Var(v) => {
                for w in ex.initial(at).intersection(ex.initial(v)).iter() {
                    let from = if ex.domain(at).contains(w) { v } else { at };
                    reason.push(Literal::IsNot(from, w));
                }
            }
        }
    }

    /// Pushes why the positions of `positions` (but `but`) are closed to
    /// the index: removed from it, or out ([`push_out`](Self::push_out)).
    fn push_closed(&self, but: Option<u32>, ex: &Explaining<'_>, reason: &mut Vec<Literal>) {
        let positions = ValueSet::range(self.array.len() as u32);
        for j in ex.initial(self.index).intersection(positions).iter() {
            if Some(j) == but {
                continue;
            }
            if ex.domain(self.index).contains(j) {
                self.push_out(j, ex, reason);
            } else {
                reason.push(Literal::IsNot(self.index, j));
            }
        }
    }

    fn apply(&self, ctx: &mut impl ForwardCheck, forward: bool) -> Result<(), Conflict> {
        let positions = ValueSet::range(self.array.len() as u32);
        let open = Element::allowed(ctx, self.index, forward).intersection(positions);
        let mut kept = ValueSet::EMPTY;
        let mut reached = ValueSet::EMPTY;
        // The last open position and what it shares: the only one when
        // one position is left.
        let mut last = (0, ValueSet::EMPTY);
        for i in open.iter() {
            let shared = self.shared(ctx, i, forward);
            if !shared.is_empty() {
                kept = kept.union(ValueSet::single(i));
                reached = reached.union(shared);
                last = (i, shared);
            }
        }
        if kept.is_empty() {
            return Err(Conflict);
        }
        if !ctx.is_assigned(self.index) {
            ctx.retain_values(self.index, kept)?;
        }
        if let Target::Var(v) = self.target
            && !ctx.is_assigned(v)
        {
            ctx.retain_values(v, reached)?;
        }
        if kept.len() == 1 {
            // Narrowing the index and the target above cannot change what
            // this position shares (the target kept all of it).
            let (i, shared) = last;
            let at = self.array[i as usize];
            if !ctx.is_assigned(at) {
                ctx.retain_values(at, shared)?;
            }
        }
        Ok(())
    }
}

impl Propagator for Element {
    fn scope(&self) -> &[VarId] {
        &self.scope
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let forward = ctx.level() < PropagationLevel::Singles;
        self.apply(ctx, forward)
    }

    fn check(&self, value: &dyn Fn(VarId) -> u32) -> bool {
        let target = match self.target {
            Target::Value(c) => c,
            Target::Var(v) => value(v),
        };
        (self.array.get(value(self.index) as usize)).is_some_and(|&at| value(at) == target)
    }

    fn forward_check_removals(&self, h: &mut Hypothesis<'_>) {
        let _ = self.apply(h, true);
    }

    /// A position closed to the index: the removals that keep
    /// `array[i]` and the target apart. A value gone from the target:
    /// every position closed or its variable without the value. A value
    /// gone from the one position left: the others closed, and the
    /// target without it (the index as target holds the position). A
    /// failure: every position closed.
    fn explain(
        &self,
        removal: Option<(VarId, u32)>,
        ex: &Explaining<'_>,
        reason: &mut Vec<Literal>,
    ) -> bool {
        if removal.is_none() && ex.push_emptied(&self.scope, reason) {
            return true;
        }
        match removal {
            None => self.push_closed(None, ex, reason),
            // Past the end, no position: nothing to explain.
            Some((var, i)) if var == self.index => {
                if (i as usize) < self.array.len() {
                    self.push_out(i, ex, reason);
                }
            }
            Some((var, w)) if self.target == Target::Var(var) => {
                let positions = ValueSet::range(self.array.len() as u32);
                for j in ex.initial(self.index).intersection(positions).iter() {
                    let at = self.array[j as usize];
                    if ex.domain(self.index).contains(j) {
                        // The index there reaches only `j` (not `w`).
                        if at != self.index {
                            reason.push(Literal::IsNot(at, w));
                        }
                    } else {
                        reason.push(Literal::IsNot(self.index, j));
                    }
                }
            }
            Some((var, w)) => {
                // The one position left holds `var`.
                let open = ex
                    .domain(self.index)
                    .intersection(ValueSet::range(self.array.len() as u32));
                let Some(i) = open.iter().find(|&i| self.array[i as usize] == var) else {
                    return false;
                };
                self.push_closed(Some(i), ex, reason);
                if let Target::Var(v) = self.target
                    && v != self.index
                {
                    reason.push(Literal::IsNot(v, w));
                }
            }
        }
        true
    }

    fn name(&self) -> &'static str {
        "element"
    }

    fn events(&self, level: PropagationLevel) -> Events {
        Events::forward_checking_then(level, Events::ANY)
    }

    fn rule(&self) -> Rule {
        Rule::Element
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::{ExplanationCounts, below, check_propagator};
    use crate::testing::{domains_after, fixed};
    use crate::{ModelBuilder, ValueSet};

    fn set(values: &[u32]) -> ValueSet {
        values.iter().copied().collect()
    }

    #[test]
    fn filtering_per_level() {
        // v0 indexes (v1, v2, v3); the one it picks equals v4.
        let mut b = ModelBuilder::new();
        let v = b.new_vars(5, ValueSet::range(4));
        b.add_propagator(Element::equal_to_var(v[0], vec![v[1], v[2], v[3]], v[4]))
            .unwrap();
        let m = b.build();
        // Nothing assigned: the index loses the position past the end.
        let d = domains_after(&m, PropagationLevel::ForwardChecking, &[]).unwrap();
        assert_eq!(d[0], set(&[0, 1, 2]));
        // v1 = 2, v2 = 3, v4 = 3 (filled cells): position 0 is out.
        let filled = fixed(&[(1, 2), (2, 3), (4, 3)]);
        let d = domains_after(&m, PropagationLevel::ForwardChecking, &filled).unwrap();
        assert_eq!(d[0], set(&[1, 2]));
        // v3 = 0 too: only position 1 is left.
        let filled = fixed(&[(1, 2), (2, 3), (3, 0), (4, 3)]);
        let d = domains_after(&m, PropagationLevel::ForwardChecking, &filled).unwrap();
        assert_eq!(d[0], set(&[1]));
        // Index 2 and v3 = 1: the target is 1.
        let d = domains_after(&m, PropagationLevel::None, &fixed(&[(0, 2), (3, 1)])).unwrap();
        assert_eq!(d[4], set(&[1]));
        // Index 2, v3 = 1, target 0: a conflict at every level.
        let wrong = fixed(&[(0, 2), (3, 1), (4, 0)]);
        assert!(domains_after(&m, PropagationLevel::None, &wrong).is_err());
        // At singles: v1 in {0}, v2 in {1}, v3 in {2} leave the target
        // {0, 1, 2} (position 3 does not exist), and target 1 picks v2.
        let d = domains_after(
            &m,
            PropagationLevel::Singles,
            &fixed(&[(1, 0), (2, 1), (3, 2)]),
        )
        .unwrap();
        assert_eq!(d[4], set(&[0, 1, 2]));
        let d = domains_after(&m, PropagationLevel::Singles, &fixed(&[(1, 0), (4, 1)])).unwrap();
        assert_eq!(d[0], set(&[1, 2]));
    }

    #[test]
    fn an_index_inside_its_own_array() {
        // (v0, v1, v2)[v0] = 1: v0 = 1 picks itself and holds 1; v0 = 0
        // needs v0 = 1 too, so it is out; v0 = 2 needs v2 = 1.
        let mut b = ModelBuilder::new();
        let v = b.new_vars(3, ValueSet::range(3));
        b.add_propagator(Element::equal_to_value(v[0], v.clone(), 1))
            .unwrap();
        let m = b.build();
        let d = domains_after(&m, PropagationLevel::Singles, &[]).unwrap();
        assert_eq!(d[0], set(&[1, 2]));
        let d = domains_after(&m, PropagationLevel::Singles, &fixed(&[(2, 0)])).unwrap();
        assert_eq!(d[0], set(&[1]));
    }

    #[test]
    fn harness_random_elements() {
        let counts = check_propagator("element", 400, 43, 3..=7, |b, vars, rng| {
            let index = vars[below(rng, vars.len() as u32) as usize];
            let length = 1 + below(rng, 5) as usize;
            let array: Vec<VarId> = (0..length)
                .map(|_| vars[below(rng, vars.len() as u32) as usize])
                .collect();
            let element = if below(rng, 2) == 0 {
                Element::equal_to_value(index, array, below(rng, 9))
            } else {
                Element::equal_to_var(index, array, vars[below(rng, vars.len() as u32) as usize])
            };
            b.add_propagator(element).unwrap();
        });
        // The 94 left: a removal from a variable of no open position
        // (at forward checking, before the index narrowed).
        assert_eq!(
            counts,
            ExplanationCounts {
                own: 10592,
                scope: 94
            }
        );
    }
}
