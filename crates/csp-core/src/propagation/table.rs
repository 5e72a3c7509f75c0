//! A table (extensional) constraint: the variables take one of a list of
//! allowed tuples, kept as bitsets of tuples per value (as compact-table
//! does, without its trailed reset: the valid tuples are recomputed per run).

use std::cell::RefCell;

use super::work_space::with_work_space;
use super::{Conflict, Events, ForwardCheck, Hypothesis, PropagationContext, PropagationLevel};
use super::{Propagator, Rule};
use crate::explanation::{Explaining, Literal, removal_at};
use crate::{ValueSet, VarId};

/// The most tuples a table may list.
pub const MAX_TUPLES: usize = 1 << 16;

/// A table that cannot be made: a tuple of the wrong length or value, or
/// too many tuples.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum BadTable {
    /// A tuple whose length is not the scope's.
    #[error("tuple {index} has {len} values, the scope {arity} variables")]
    Length {
        /// Which tuple, from 0.
        index: usize,
        /// Its length.
        len: usize,
        /// The scope's size.
        arity: usize,
    },
    /// A value past [`crate::MAX_VALUES`].
    #[error("tuple {index} holds value {value}, past the largest value 63")]
    Value {
        /// Which tuple, from 0.
        index: usize,
        /// The value.
        value: u32,
    },
    /// More than [`MAX_TUPLES`] tuples.
    #[error("{0} tuples, more than the {MAX_TUPLES} a table may list")]
    TooMany(usize),
}

/// `vars` take the values of one of the allowed tuples.
///
/// - At [`PropagationLevel::None`] and
///   [`PropagationLevel::ForwardChecking`]: against the assigned variables
///   only. An unassigned variable keeps the values of the tuples that agree
///   with every assigned value; no such tuple is a conflict.
/// - At [`PropagationLevel::Singles`] and above: generalized arc
///   consistency, each value kept lies in a tuple whose values are all in
///   the current domains.
#[derive(Clone, Debug)]
pub struct Table {
    vars: Vec<VarId>,
    /// Words per tuple bitset.
    words: usize,
    /// `supports[i][v]`: the tuples with value `v` at position `i`, a
    /// bitset of `words` words at `supports[i][v * words..]`.
    supports: Vec<Vec<u64>>,
    /// The values each position takes in some tuple.
    alphabet: Vec<ValueSet>,
    /// The tuples, for `check`.
    tuples: Vec<Vec<u32>>,
}

/// Work space of a run, kept per thread so that propagation allocates
/// nothing once it has grown to the largest table.
#[derive(Default)]
struct Scratch {
    valid: Vec<u64>,
    allowed: Vec<ValueSet>,
}

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

impl Table {
    /// The constraint that `vars` take one of `tuples`.
    ///
    /// # Errors
    /// A tuple of the wrong length, a value past 63, or more than
    /// [`MAX_TUPLES`] tuples.
    pub fn new(vars: Vec<VarId>, tuples: Vec<Vec<u32>>) -> Result<Table, BadTable> {
        if tuples.len() > MAX_TUPLES {
            return Err(BadTable::TooMany(tuples.len()));
        }
        let arity = vars.len();
        for (index, t) in tuples.iter().enumerate() {
            if t.len() != arity {
                return Err(BadTable::Length {
                    index,
                    len: t.len(),
                    arity,
                });
            }
            if let Some(&value) = t.iter().find(|&&v| v >= crate::MAX_VALUES) {
                return Err(BadTable::Value { index, value });
            }
        }
        let words = tuples.len().div_ceil(64).max(1);
        let mut supports = vec![vec![0u64; words * crate::MAX_VALUES as usize]; arity];
        let mut alphabet = vec![ValueSet::EMPTY; arity];
        for (k, t) in tuples.iter().enumerate() {
            for (i, &v) in t.iter().enumerate() {
                supports[i][v as usize * words + k / 64] |= 1 << (k % 64);
                alphabet[i] = alphabet[i].union(ValueSet::single(v));
            }
        }
        Ok(Table {
            vars,
            words,
            supports,
            alphabet,
            tuples,
        })
    }

    fn support(&self, i: usize, v: u32) -> &[u64] {
        let at = v as usize * self.words;
        &self.supports[i][at..at + self.words]
    }

    /// Whether `valid` (the tuples whose values all lie in `allowed`) has
    /// a tuple with value `v` at position `i`.
    fn supports_value(&self, valid: &[u64], i: usize, v: u32) -> bool {
        self.support(i, v)
            .iter()
            .zip(valid)
            .any(|(a, b)| a & b != 0)
    }

    /// Keeps the values of each position that some tuple uses whose values
    /// all lie in `allowed` (assigned values, and the domains from
    /// `singles` up or any value below it); a conflict when no tuple does.
    fn apply(&self, ctx: &mut impl ForwardCheck, forward: bool) -> Result<(), Conflict> {
        with_work_space(&SCRATCH, |s| {
            s.allowed.clear();
            for (i, &v) in self.vars.iter().enumerate() {
                let allowed = match ctx.value(v) {
                    Some(x) => ValueSet::single(x),
                    None if forward => self.alphabet[i],
                    None => ctx.domain(v),
                };
                s.allowed.push(allowed.intersection(self.alphabet[i]));
            }
            s.valid.clear();
            s.valid.resize(self.words, u64::MAX);
            for (i, allowed) in s.allowed.iter().enumerate() {
                for (w, slot) in s.valid.iter_mut().enumerate() {
                    let union = (allowed.iter()).fold(0, |acc, v| {
                        acc | self.supports[i][v as usize * self.words + w]
                    });
                    *slot &= union;
                }
            }
            if s.valid.iter().all(|&w| w == 0) {
                return Err(Conflict);
            }
            for (i, &v) in self.vars.iter().enumerate() {
                if ctx.is_assigned(v) {
                    continue;
                }
                let d = ctx.domain(v);
                let keep: ValueSet = (d.intersection(s.allowed[i]).iter())
                    .filter(|&x| self.supports_value(&s.valid, i, x))
                    .collect();
                if keep != d {
                    ctx.retain_values(v, keep)?;
                }
            }
            Ok(())
        })
    }
}

impl Propagator for Table {
    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let forward = ctx.level() < PropagationLevel::Singles;
        self.apply(ctx, forward)
    }

    fn check(&self, value: &dyn Fn(VarId) -> u32) -> bool {
        let word: Vec<u32> = self.vars.iter().map(|&v| value(v)).collect();
        self.tuples.contains(&word)
    }

    /// Every tuple that could have supported the value (every tuple, for
    /// a failure) is gone: for each, one of its values removed from its
    /// variable (the first such, by position). Not for a scope that lists
    /// a variable twice.
    fn explain(
        &self,
        removal: Option<(VarId, u32)>,
        ex: &Explaining<'_>,
        reason: &mut Vec<Literal>,
    ) -> bool {
        let Some(at) = removal_at(&self.vars, removal) else {
            return false;
        };
        let at = at.map(|(i, _)| i);
        let mut gone: Vec<Literal> = Vec::new();
        for t in &self.tuples {
            if let (Some(i), Some((_, value))) = (at, removal)
                && t[i] != value
            {
                continue;
            }
            let out = (self.vars.iter().zip(t).enumerate())
                .find(|&(j, (&v, &x))| Some(j) != at && !ex.domain(v).contains(x));
            match out {
                Some((_, (&v, &x))) if ex.initial(v).contains(x) => gone.push(Literal::IsNot(v, x)),
                // Out of the initial domain: the model excludes it.
                Some(_) => {}
                None => return false,
            }
        }
        gone.sort_unstable();
        gone.dedup();
        reason.extend(gone);
        true
    }

    fn forward_check_removals(&self, h: &mut Hypothesis<'_>) {
        let _ = self.apply(h, true);
    }

    fn name(&self) -> &'static str {
        "table"
    }

    fn events(&self, level: PropagationLevel) -> Events {
        Events::forward_checking_then(level, Events::ANY)
    }

    fn rule(&self) -> Rule {
        Rule::Table
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
    fn supports_per_level() {
        // (x, y, z) in {(0, 1, 2), (1, 1, 0), (2, 0, 0)}.
        let mut b = ModelBuilder::new();
        let v = b.new_vars(3, ValueSet::range(3));
        let t = Table::new(v, vec![vec![0, 1, 2], vec![1, 1, 0], vec![2, 0, 0]]).unwrap();
        b.add_propagator(t).unwrap();
        let m = b.build();
        // Nothing assigned: each position keeps the values some tuple has.
        let d = domains_after(&m, PropagationLevel::ForwardChecking, &[]).unwrap();
        assert_eq!(d, vec![set(&[0, 1, 2]), set(&[0, 1]), set(&[0, 2])]);
        // y = 1: x in {0, 1}, z in {2, 0}.
        let d = domains_after(&m, PropagationLevel::ForwardChecking, &fixed(&[(1, 1)])).unwrap();
        assert_eq!((d[0], d[2]), (set(&[0, 1]), set(&[0, 2])));
        // z = 0 and y = 0 at singles: x = 2 only.
        let d = domains_after(&m, PropagationLevel::Singles, &fixed(&[(2, 0), (1, 0)])).unwrap();
        assert_eq!(d[0], set(&[2]));
        assert!(domains_after(&m, PropagationLevel::None, &fixed(&[(0, 0), (1, 0)])).is_err());
    }

    #[test]
    fn bad_tables_are_errors() {
        let v = vec![VarId(0), VarId(1)];
        assert_eq!(
            Table::new(v.clone(), vec![vec![0]])
                .unwrap_err()
                .to_string(),
            "tuple 0 has 1 values, the scope 2 variables"
        );
        assert!(matches!(
            Table::new(v, vec![vec![0, 64]]),
            Err(BadTable::Value { .. })
        ));
    }

    #[test]
    fn harness_random_tables() {
        // Every removal and failure explained by the table itself.
        let counts = check_propagator("table", 300, 41, 2..=5, |b, vars, rng| {
            let count = 1 + below(rng, 90) as usize;
            let tuples: Vec<Vec<u32>> = (0..count)
                .map(|_| vars.iter().map(|_| below(rng, 9)).collect())
                .collect();
            b.add_propagator(Table::new(vars.to_vec(), tuples).unwrap())
                .unwrap();
        });
        assert_eq!(
            counts,
            ExplanationCounts {
                own: 9563,
                scope: 0
            }
        );
    }
}
