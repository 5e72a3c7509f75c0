//! A table over narrow and wide variables: the tuples the scope may take
//! (supports) or may not (conflicts), `None` in a tuple standing for any
//! value.

use std::cell::RefCell;

use super::{Conflict, Events, PropagationContext, PropagationLevel, Propagator, Rule};
use crate::{ValueSet, VarId};

/// A column's value in a stored tuple that stands for any value (no
/// wide variable's index reaches it: `u32::MAX` says "unassigned").
const ANY: u32 = u32::MAX;

/// The widest span between a wide variable's bounds in which supports
/// make holes (each value between them tested); past it, bounds only.
pub const MAX_HOLE_SPAN: u32 = 256;

/// The tuples still valid in a run, kept per thread so that propagation
/// allocates nothing once grown to the largest table.
#[derive(Default)]
struct Scratch {
    valid: Vec<u32>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::default();
}

/// `vars` take the values (domain indices) of one of the tuples
/// (supports), or of none of them (conflicts), over variables of either
/// kind ([`Propagator::takes_wide`]).
///
/// From [`PropagationLevel::Singles`] up: supports by simple tabular
/// reduction (the tuples whose values are all in the domains are valid;
/// none fails; a narrow variable keeps the values of valid tuples, a
/// wide one the bounds of their values, and the values between them as
/// well when its bounds are at most [`MAX_HOLE_SPAN`] apart), repeated
/// while a domain shrinks: generalized arc consistency on narrow
/// variables and on wide ones within the span. Conflicts: a tuple whose
/// values are those of every assigned variable but one removes its value
/// from that one; all assigned fails. Below singles, it fails once every
/// variable is assigned and the assignment is not allowed.
#[derive(Clone, Debug)]
pub struct WideTable {
    vars: Vec<VarId>,
    /// Tuple `k`'s value at column `i`: `tuples[k * arity + i]`, [`ANY`]
    /// for any value.
    tuples: Vec<u32>,
    supports: bool,
}

impl WideTable {
    /// The constraint that `vars` (distinct) take one of `tuples`
    /// (`supports`) or none of them; a tuple's `None` stands for any
    /// value. Tuples whose length is not the scope's are left out.
    pub fn new(vars: Vec<VarId>, tuples: &[Vec<Option<u32>>], supports: bool) -> Self {
        let arity = vars.len();
        let tuples = (tuples.iter())
            .filter(|t| t.len() == arity)
            .flat_map(|t| t.iter().map(|x| x.unwrap_or(ANY)))
            .collect();
        WideTable {
            vars,
            tuples,
            supports,
        }
    }

    /// The tuples, a slice each.
    fn rows(&self) -> impl Iterator<Item = &[u32]> {
        self.tuples.chunks_exact(self.vars.len().max(1))
    }

    /// Whether tuple `t` is the values `value` gives.
    fn matches(&self, t: &[u32], value: &dyn Fn(VarId) -> u32) -> bool {
        (self.vars.iter().zip(t)).all(|(&x, &v)| v == ANY || value(x) == v)
    }

    /// The sum of the domains' sizes, to see them shrink.
    fn sizes(&self, ctx: &PropagationContext<'_>) -> u64 {
        self.vars.iter().map(|&x| u64::from(ctx.size(x))).sum()
    }

    /// One pass of simple tabular reduction over the supports.
    fn reduce(
        &self,
        ctx: &mut PropagationContext<'_>,
        valid: &mut Vec<u32>,
    ) -> Result<(), Conflict> {
        let arity = self.vars.len();
        valid.clear();
        for (k, t) in self.rows().enumerate() {
            if (self.vars.iter().zip(t)).all(|(&x, &v)| v == ANY || ctx.holds(x, v)) {
                valid.push(k as u32);
            }
        }
        if valid.is_empty() {
            return Err(Conflict);
        }
        let at = |k: u32, i: usize| self.tuples[k as usize * arity + i];
        for (i, &x) in self.vars.iter().enumerate() {
            if valid.iter().any(|&k| at(k, i) == ANY) {
                continue;
            }
            if !ctx.is_wide(x) {
                let kept: ValueSet = valid.iter().map(|&k| at(k, i)).collect();
                ctx.retain_values(x, kept)?;
                continue;
            }
            let lo = valid.iter().map(|&k| at(k, i)).min().expect("valid tuples");
            let hi = valid.iter().map(|&k| at(k, i)).max().expect("valid tuples");
            ctx.raise_lower(x, lo)?;
            ctx.lower_upper(x, hi)?;
            if hi - lo < MAX_HOLE_SPAN {
                let mut seen = [0u64; (MAX_HOLE_SPAN / 64) as usize];
                for &k in valid.iter() {
                    let d = at(k, i) - lo;
                    seen[(d / 64) as usize] |= 1 << (d % 64);
                }
                for v in lo..=hi {
                    let d = v - lo;
                    if seen[(d / 64) as usize] & (1 << (d % 64)) == 0 && ctx.holds(x, v) {
                        ctx.remove_value(x, v)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// One pass over the conflicts: the last value of a tuple otherwise
    /// assigned goes.
    fn forbid(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        'tuples: for t in self.rows() {
            let mut open = None;
            for (i, (&x, &v)) in self.vars.iter().zip(t).enumerate() {
                match ctx.value(x) {
                    Some(a) if v == ANY || a == v => {}
                    Some(_) => continue 'tuples,
                    None if v != ANY && !ctx.holds(x, v) => continue 'tuples,
                    None if open.is_some() => continue 'tuples,
                    None => open = Some(i),
                }
            }
            match open {
                None => return Err(Conflict),
                Some(i) if t[i] == ANY => return Err(Conflict),
                Some(i) => ctx.remove_value(self.vars[i], t[i])?,
            }
        }
        Ok(())
    }
}

impl Propagator for WideTable {
    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn name(&self) -> &'static str {
        "wide-table"
    }

    fn rule(&self) -> Rule {
        Rule::Other
    }

    fn takes_wide(&self) -> bool {
        true
    }

    fn events(&self, level: PropagationLevel) -> Events {
        if self.supports {
            Events::forward_checking_then(level, Events::ANY)
        } else {
            Events::ASSIGNED
        }
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        if ctx.level() < PropagationLevel::Singles {
            if self.vars.iter().any(|&x| !ctx.is_assigned(x)) {
                return Ok(());
            }
            let value = |x: VarId| ctx.value(x).unwrap_or(ANY);
            let found = self.rows().any(|t| self.matches(t, &value));
            return if found == self.supports || !ctx.level().fails_on_wipeout() {
                Ok(())
            } else {
                Err(Conflict)
            };
        }
        loop {
            let before = self.sizes(ctx);
            if self.supports {
                SCRATCH.with_borrow_mut(|s| self.reduce(ctx, &mut s.valid))?;
            } else {
                self.forbid(ctx)?;
            }
            if self.sizes(ctx) == before {
                return Ok(());
            }
        }
    }

    fn check(&self, value: &dyn Fn(VarId) -> u32) -> bool {
        self.rows().any(|t| self.matches(t, value)) == self.supports
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ModelBuilder, Search, SearchConfig};

    /// The values left to each variable after root propagation at
    /// singles (`None`: it fails).
    fn root(
        counts: &[u64],
        tuples: &[Vec<Option<u32>>],
        supports: bool,
    ) -> Option<Vec<(u32, u32, u32)>> {
        let mut b = ModelBuilder::new();
        let vars: Vec<VarId> = (counts.iter())
            .map(|&k| b.new_wide_var(k).unwrap())
            .collect();
        b.add_propagator(WideTable::new(vars.clone(), tuples, supports))
            .unwrap();
        let model = b.build();
        let config = SearchConfig {
            level: PropagationLevel::Singles,
            ..SearchConfig::default()
        };
        let mut search = Search::new(&model, &config).unwrap();
        search.propagate_root().ok()?;
        let s = search.store();
        Some(
            (vars.iter())
                .map(|&v| (s.lower(v).unwrap(), s.upper(v).unwrap(), s.size(v)))
                .collect(),
        )
    }

    #[test]
    fn supports_keep_the_values_of_valid_tuples() {
        // (0, 10), (5, 300), (1_000_000, 20) over x in 0..=999 and y in
        // 0..=1_000: the third is not valid; x keeps 0 and 5 (a span of 6:
        // holes), y 10..=300 (a span past 256: bounds only).
        let t = |a, b| vec![Some(a), Some(b)];
        let left = root(
            &[1_000, 1_001],
            &[t(0, 10), t(5, 300), t(1_000_000, 20)],
            true,
        );
        assert_eq!(left, Some(vec![(0, 5, 2), (10, 300, 291)]));
    }

    #[test]
    fn a_star_supports_every_value() {
        let left = root(&[10, 1_000], &[vec![Some(3), None]], true);
        assert_eq!(left, Some(vec![(3, 3, 1), (0, 999, 1_000)]));
        assert_eq!(root(&[10], &[vec![Some(10)]], true), None, "no valid tuple");
    }

    #[test]
    fn conflicts_remove_the_last_value() {
        // x in 0..=2 less (0), (1) and (2): nothing left; less (0) and
        // (2): 1.
        let one = |a| vec![Some(a)];
        assert_eq!(root(&[3], &[one(0), one(1), one(2)], false), None);
        assert_eq!(root(&[3], &[one(0), one(2)], false), Some(vec![(1, 1, 1)]));
        // A star over an open column forbids every value.
        assert_eq!(root(&[1, 5], &[vec![Some(0), None]], false), None);
    }
}
