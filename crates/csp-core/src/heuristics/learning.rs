//! What adaptive heuristics learn from: the outcome of every placement
//! ([`Placement`]), told to the links that [`learn`](super::VariableSelector::learns),
//! and the constraints that failures are charged to ([`Constraints`]).
//!
//! A *constraint* here is what the weighting heuristics (dom/wdeg, CHS)
//! put a weight on: a propagator, or one work item of a composite
//! propagator that tells its items' scopes
//! ([`Propagator::item_scope`](crate::Propagator::item_scope)): a house of
//! a grid that one propagator runs, rather than the whole grid.

use crate::heuristics::SelectionContext;
use crate::propagation::Culprit;
use crate::{Model, Rows, VarId};

/// Adaptive scores are real numbers; a selector's score is an integer.
/// They are given in billionths, rounded down (`dom/wdeg` of 3/2 scores
/// 1,500,000,000): two ratios closer than that tie, and the next link of
/// the chain decides.
pub const SCORE_SCALE: f64 = 1e9;

/// `x` in billionths, rounded down, as a score (saturating; NaN scores
/// last).
#[inline]
pub fn scaled(x: f64) -> i64 {
    if x.is_nan() {
        i64::MAX
    } else {
        (x * SCORE_SCALE).floor() as i64
    }
}

/// What one placement led to, told to learning heuristics after its
/// propagation (the domains they see are those propagation left: at a
/// fixpoint, or where it failed, before anything is undone).
#[derive(Clone, Copy, Debug)]
pub struct Placement<'a> {
    /// The variable placed.
    pub var: VarId,
    /// The value placed.
    pub value: u32,
    /// How many placements were in force before it (0 at the root).
    pub depth: usize,
    /// `None` if propagation reached a fixpoint; `Some` if it failed, with
    /// the propagator that failed (`None` inside: no propagator did, e.g.
    /// a probe or the search's own removals).
    pub conflict: Option<Option<Culprit>>,
    /// The domain size of every variable just before the placement.
    pub sizes_before: &'a [u32],
}

impl Placement<'_> {
    /// Whether propagation failed.
    pub fn failed(&self) -> bool {
        self.conflict.is_some()
    }
}

/// The constraints of a model as the weighting heuristics see them: each
/// propagator, or each work item of a composite propagator that tells its
/// items' scopes; the scope of each, and the constraints of each variable.
#[derive(Clone, Debug)]
pub struct Constraints {
    /// Per propagator: its first constraint, and whether its items are
    /// constraints of their own.
    first: Vec<(u32, bool)>,
    scopes: Rows<VarId>,
    /// Each constraint's scope as a bit set of `stride` blocks (bit `k`
    /// of block `b`: variable `64 b + k`), as the store's open set.
    masks: Vec<u64>,
    stride: usize,
    of_var: Rows<u32>,
}

impl Constraints {
    /// The constraints of `model`.
    pub fn new(model: &Model) -> Constraints {
        let mut first = Vec::with_capacity(model.propagators().len());
        let mut scopes: Vec<Vec<VarId>> = Vec::new();
        for p in model.propagators() {
            let items = p.work_items();
            let item_scopes: Option<Vec<Vec<VarId>>> = (items > 0)
                .then(|| (0..items).map(|i| p.item_scope(i)).collect())
                .flatten();
            first.push((scopes.len() as u32, item_scopes.is_some()));
            match item_scopes {
                Some(s) => scopes.extend(s),
                None => scopes.push(p.scope().to_vec()),
            }
        }
        let mut of_var: Vec<Vec<u32>> = vec![Vec::new(); model.num_vars()];
        for (c, scope) in scopes.iter().enumerate() {
            for &v in scope {
                let list = &mut of_var[v.index()];
                if list.last() != Some(&(c as u32)) {
                    list.push(c as u32);
                }
            }
        }
        let stride = model.num_vars().div_ceil(64).max(1);
        let mut masks = vec![0u64; scopes.len() * stride];
        for (c, scope) in scopes.iter().enumerate() {
            for &v in scope {
                masks[c * stride + v.index() / 64] |= 1 << (v.index() % 64);
            }
        }
        Constraints {
            first,
            scopes: Rows::from(scopes),
            masks,
            stride,
            of_var: Rows::from(of_var),
        }
    }

    /// How many constraints there are.
    pub fn len(&self) -> usize {
        self.scopes.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The constraint a failure of `culprit` is charged to.
    pub fn of_culprit(&self, culprit: Culprit) -> u32 {
        let (first, by_item) = self.first[culprit.propagator as usize];
        match culprit.item {
            Some(item) if by_item => first + item,
            _ => first,
        }
    }

    /// The variables of constraint `c`.
    pub fn scope(&self, c: u32) -> &[VarId] {
        self.scopes.row(c as usize)
    }

    /// The constraints `var` is in.
    pub fn of_var(&self, var: VarId) -> &[u32] {
        self.of_var.row(var.index())
    }

    /// Whether constraint `c` has an unassigned variable other than `var`
    /// (`is_open` tells which are): whether it still constrains `var`.
    #[inline]
    pub fn constrains(&self, c: u32, var: VarId, is_open: impl Fn(VarId) -> bool) -> bool {
        self.scope(c).iter().any(|&v| v != var && is_open(v))
    }

    /// [`constrains`](Self::constrains) in the state `ctx` shows, read
    /// off the store's set of open variables a block of 64 at a time.
    #[inline]
    pub fn constrains_now(&self, c: u32, var: VarId, ctx: &SelectionContext<'_>) -> bool {
        let open = ctx.store().open_blocks();
        if open.len() != self.stride {
            return self.constrains(c, var, |v| !ctx.is_assigned(v));
        }
        let mask = &self.masks[c as usize * self.stride..][..self.stride];
        let (own_block, own_bit) = (var.index() / 64, 1u64 << (var.index() % 64));
        (mask.iter().zip(open).enumerate()).any(|(b, (&m, &o))| {
            let others = if b == own_block { m & !own_bit } else { m };
            others & o != 0
        })
    }
}

/// [`Constraints::constrains_now`] for every pair of one state at once:
/// each constraint's unassigned variables, counted in
/// [`count`](Self::count) (a selector's
/// [`prepare`](super::VariableSelector::prepare)) and read per variable.
#[derive(Clone, Debug)]
pub struct OpenCounts {
    open: Vec<u32>,
}

impl OpenCounts {
    /// Room for the counts of `constraints` (allocated once: a search
    /// counts at every node).
    pub fn new(constraints: &Constraints) -> OpenCounts {
        OpenCounts {
            open: vec![0; constraints.len()],
        }
    }

    /// Counts the unassigned variables of each of `constraints` in the
    /// state of `ctx`.
    pub fn count(&mut self, constraints: &Constraints, ctx: &SelectionContext<'_>) {
        let blocks = ctx.store().open_blocks();
        let stride = constraints.stride;
        for (c, n) in self.open.iter_mut().enumerate() {
            *n = if blocks.len() == stride {
                let mask = &constraints.masks[c * stride..][..stride];
                (mask.iter().zip(blocks))
                    .map(|(&m, &o)| (m & o).count_ones())
                    .sum()
            } else {
                let scope = constraints.scope(c as u32);
                scope.iter().filter(|&&v| !ctx.is_assigned(v)).count() as u32
            };
        }
    }

    /// Whether constraint `c` has an unassigned variable besides `var`
    /// (which is in its scope) in the state counted last.
    #[inline]
    pub fn constrains(&self, c: u32, var: VarId, ctx: &SelectionContext<'_>) -> bool {
        self.open[c as usize] > u32::from(!ctx.is_assigned(var))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::latin3;

    #[test]
    fn constrains_now_reads_the_open_set_as_the_scan_does() {
        let (model, mut store) = latin3();
        let c = Constraints::new(&model);
        let mut checked = 0;
        loop {
            let ctx = SelectionContext::new(&model, &store);
            let mut counts = OpenCounts::new(&c);
            counts.count(&c, &ctx);
            for k in 0..c.len() as u32 {
                for &v in c.scope(k) {
                    let scanned = c.constrains(k, v, |u| !ctx.is_assigned(u));
                    assert_eq!(c.constrains_now(k, v, &ctx), scanned, "{k} {v:?}");
                    assert_eq!(counts.constrains(k, v, &ctx), scanned, "{k} {v:?}");
                    checked += usize::from(scanned);
                }
            }
            let Some(var) = ctx.first_open() else { break };
            let value = store.domain(var).min().unwrap_or(0);
            store.assign(var, value);
        }
        // (constraint, variable) pairs still constraining, over every state.
        assert_eq!(checked, 80);
    }

    #[test]
    fn each_all_different_is_a_constraint_of_its_variables() {
        let (model, _) = latin3();
        let c = Constraints::new(&model);
        assert_eq!(c.len(), model.propagators().len());
        for (p, prop) in model.propagators().iter().enumerate() {
            let k = c.of_culprit(Culprit {
                propagator: p as u32,
                item: Some(3),
            });
            assert_eq!(c.scope(k), prop.scope());
            for &v in prop.scope() {
                assert!(c.of_var(v).contains(&k));
            }
        }
    }
}
