//! A line holding a permutation whose cells fall into parts, each part
//! holding a given set of values, in one of several ways.

use super::{Conflict, PropagationContext, Propagator, Rule};
use crate::explanation::{Explaining, Literal, removal_at};
use crate::{ValueSet, VarId};

/// One way to fill the line: its cells split into parts (bit `k` of a
/// mask for cell `k`), each part holding exactly the values of its set
/// (as many as it has cells). The parts cover every cell once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinePattern {
    parts: Vec<(u64, ValueSet)>,
}

impl LinePattern {
    /// The parts: (cells, values), as many values as cells.
    ///
    /// # Panics
    /// If a part's set has another size than its cells.
    pub fn new(parts: Vec<(u64, ValueSet)>) -> LinePattern {
        for &(cells, values) in &parts {
            assert_eq!(
                cells.count_ones(),
                values.len(),
                "a value for each cell of a part"
            );
        }
        LinePattern { parts }
    }
}

/// The line's `n` variables hold the values `0..n`, each once (the cells
/// of a full house), filled as one of its [`LinePattern`]s: a Sudoku
/// outside clue seen with its row's all-different (a sandwich: the
/// crusts' two cells, the cells between them holding one set of digits
/// with the clue's sum, the cells outside the other digits).
///
/// Every level: a pattern is possible when every cell can take a value
/// of its part's set and each part's values can each go to one of its
/// cells; a value is kept where some possible pattern gives it to the
/// cell. No possible pattern is a conflict. A complete assignment must be
/// a permutation of `0..n` matching a pattern.
///
/// It is meant to reinforce a line's automaton from
/// [`PropagationLevel::Gac`](super::PropagationLevel::Gac) up (see
/// [`Reinforced`](super::Reinforced)).
#[derive(Clone, Debug)]
pub struct PartitionedLine {
    vars: Vec<VarId>,
    /// Each pattern's parts, one after another: (cells, values).
    parts: Vec<(u64, ValueSet)>,
    /// Where each pattern's parts end in `parts`.
    ends: Vec<u32>,
    /// For each pattern, each cell's part's values (`n` per pattern).
    allowed: Vec<ValueSet>,
}

impl PartitionedLine {
    /// The line `vars` (a permutation of `0..vars.len()`) in one of
    /// `patterns`.
    ///
    /// # Panics
    /// With more than 64 cells, or a pattern whose parts do not cover
    /// each cell once.
    pub fn new(vars: Vec<VarId>, patterns: Vec<LinePattern>) -> PartitionedLine {
        let n = vars.len();
        assert!(n <= 64, "at most 64 cells");
        let all = if n == 64 { u64::MAX } else { (1 << n) - 1 };
        let (mut parts, mut ends, mut allowed) = (Vec::new(), Vec::new(), Vec::new());
        for pattern in patterns {
            let mut cover = 0u64;
            let mut sets = vec![ValueSet::EMPTY; n];
            for &(cells, values) in &pattern.parts {
                assert_eq!(cover & cells, 0, "a cell in two parts");
                cover |= cells;
                for (k, set) in sets.iter_mut().enumerate() {
                    if cells >> k & 1 == 1 {
                        *set = values;
                    }
                }
            }
            assert_eq!(cover, all, "the parts cover the line");
            parts.extend(pattern.parts);
            ends.push(parts.len() as u32);
            allowed.extend(sets);
        }
        PartitionedLine {
            vars,
            parts,
            ends,
            allowed,
        }
    }
}

/// Why a pattern is out: a cell (its index) holding no value of its
/// part's set, or a part (its cells) whose value none of them holds.
#[derive(Clone, Copy)]
enum RuledOut {
    Cell(usize),
    Value(u64, u32),
}

impl PartitionedLine {
    /// Pattern `p`: its parts (cells, values), and each cell's part's
    /// values.
    fn pattern(&self, p: usize) -> (&[(u64, ValueSet)], &[ValueSet]) {
        let n = self.vars.len();
        let start = if p == 0 { 0 } else { self.ends[p - 1] as usize };
        let parts = &self.parts[start..self.ends[p] as usize];
        (parts, &self.allowed[p * n..(p + 1) * n])
    }

    /// Pushes why pattern `p` is out in the domains of `ex`, by the fewer
    /// literals of two reasons: a cell that holds no value of its part's
    /// set (its removals of them), or a value of a part that none of the
    /// part's cells holds (their removals of it). `false` if neither
    /// holds (the pattern is possible).
    fn push_ruled_out(&self, p: usize, ex: &Explaining<'_>, reason: &mut Vec<Literal>) -> bool {
        let n = self.vars.len();
        let (parts, allowed) = self.pattern(p);
        let mut best: Option<(u32, RuledOut)> = None;
        for (k, &x) in self.vars.iter().enumerate() {
            if ex.domain(x).intersection(allowed[k]).is_empty() {
                let size = ex.removed(x).intersection(allowed[k]).len();
                if best.is_none_or(|(s, _)| size < s) {
                    best = Some((size, RuledOut::Cell(k)));
                }
            }
        }
        for &(cells, values) in parts {
            let cell_vars = || {
                (0..n)
                    .filter(move |k| cells >> k & 1 == 1)
                    .map(|k| self.vars[k])
            };
            let held = cell_vars().fold(ValueSet::EMPTY, |u, x| u.union(ex.domain(x)));
            for u in values.difference(held).iter() {
                let size = cell_vars().filter(|&x| ex.removed(x).contains(u)).count() as u32;
                if best.is_none_or(|(s, _)| size < s) {
                    best = Some((size, RuledOut::Value(cells, u)));
                }
            }
        }
        match best {
            None => false,
            Some((_, RuledOut::Cell(k))) => {
                ex.push_removed(self.vars[k], allowed[k], reason);
                true
            }
            Some((_, RuledOut::Value(cells, u))) => {
                for k in (0..n).filter(|k| cells >> k & 1 == 1) {
                    ex.push_removed(self.vars[k], ValueSet::single(u), reason);
                }
                true
            }
        }
    }
}

impl Propagator for PartitionedLine {
    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let n = self.vars.len();
        let mut domains = [ValueSet::EMPTY; 64];
        for (d, &v) in domains.iter_mut().zip(&self.vars) {
            *d = ctx.domain(v);
        }
        let mut keep = [ValueSet::EMPTY; 64];
        for p in 0..self.ends.len() {
            let (parts, allowed) = self.pattern(p);
            let fits = (0..n).all(|k| !domains[k].intersection(allowed[k]).is_empty());
            let filled = parts.iter().all(|&(cells, values)| {
                let mut union = ValueSet::EMPTY;
                let mut rest = cells;
                while rest != 0 {
                    union = union.union(domains[rest.trailing_zeros() as usize]);
                    rest &= rest - 1;
                }
                values.difference(union).is_empty()
            });
            if fits && filled {
                for k in 0..n {
                    keep[k] = keep[k].union(domains[k].intersection(allowed[k]));
                }
            }
        }
        for (k, &v) in self.vars.iter().enumerate() {
            let kept = domains[k].intersection(keep[k]);
            if kept.is_empty() {
                return Err(Conflict);
            }
            if kept != domains[k] {
                ctx.retain_values(v, kept)?;
            }
        }
        Ok(())
    }

    fn check(&self, value: &dyn Fn(VarId) -> u32) -> bool {
        let n = self.vars.len();
        let values: Vec<u32> = self.vars.iter().map(|&v| value(v)).collect();
        let seen = (values.iter()).fold(ValueSet::EMPTY, |s, &x| s.union(ValueSet::single(x)));
        seen == ValueSet::range(n as u32)
            && (self.allowed.chunks(n.max(1)))
                .any(|sets| values.iter().zip(sets).all(|(&x, s)| s.contains(x)))
    }

    /// Every pattern that gives the removed value to its cell (for a
    /// failure: every pattern) is ruled out: by a cell that holds no
    /// value of its part's set, or by a value of a part that none of its
    /// cells holds.
    fn explain(
        &self,
        removal: Option<(VarId, u32)>,
        ex: &Explaining<'_>,
        reason: &mut Vec<Literal>,
    ) -> bool {
        let Some(at) = removal_at(&self.vars, removal) else {
            return false;
        };
        for p in 0..self.ends.len() {
            let gives = at.is_none_or(|(k, w)| self.pattern(p).1[k].contains(w));
            if gives && !self.push_ruled_out(p, ex, reason) {
                return false;
            }
        }
        true
    }

    fn name(&self) -> &'static str {
        "partitioned-line"
    }

    fn rule(&self) -> Rule {
        Rule::Other
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::{below, check_propagator};
    use crate::testing::{domains_after, fixed};
    use crate::{Model, ModelBuilder, PropagationLevel};

    fn set(values: &[u32]) -> ValueSet {
        values.iter().copied().collect()
    }

    /// Four cells holding 0..4: either {0, 1} in cells 0-1 and {2, 3} in
    /// cells 2-3, or 3 in cell 0, {0, 2} in cells 1-2 and 1 in cell 3.
    fn two_ways() -> Model {
        let mut b = ModelBuilder::new();
        let vars = b.new_vars(4, ValueSet::range(4));
        let patterns = vec![
            LinePattern::new(vec![(0b0011, set(&[0, 1])), (0b1100, set(&[2, 3]))]),
            LinePattern::new(vec![
                (0b0001, set(&[3])),
                (0b0110, set(&[0, 2])),
                (0b1000, set(&[1])),
            ]),
        ];
        b.add_propagator(PartitionedLine::new(vars, patterns))
            .unwrap();
        b.build()
    }

    #[test]
    fn a_cell_keeps_what_some_fitting_way_gives_it() {
        let d = domains_after(&two_ways(), PropagationLevel::Gac, &[]).unwrap();
        assert_eq!(
            d,
            [
                set(&[0, 1, 3]),
                set(&[0, 1, 2]),
                set(&[0, 2, 3]),
                set(&[1, 2, 3])
            ]
        );
        // A 3 at cell 0 leaves the second way alone.
        let d = domains_after(&two_ways(), PropagationLevel::Gac, &fixed(&[(0, 3)])).unwrap();
        assert_eq!(&d[1..], [set(&[0, 2]), set(&[0, 2]), set(&[1])]);
    }

    #[test]
    fn a_part_must_find_room_for_each_of_its_values() {
        // The first way with a 0 at cells 0 and 1 (no room for the 1),
        // the second ruled out by cell 0: no way left, at `none` too once
        // the line is filled.
        let givens = fixed(&[(0, 0), (1, 0), (2, 2), (3, 3)]);
        assert!(domains_after(&two_ways(), PropagationLevel::None, &givens).is_err());
        let givens = fixed(&[(0, 0), (1, 1), (2, 2), (3, 3)]);
        assert!(domains_after(&two_ways(), PropagationLevel::None, &givens).is_ok());
    }

    /// One to three ways to fill `n` cells: each from a random
    /// permutation, its cells split at random into up to three parts.
    fn random_patterns(n: usize, rng: &mut rand_chacha::ChaCha8Rng) -> Vec<LinePattern> {
        (0..1 + below(rng, 3))
            .map(|_| {
                let mut values: Vec<u32> = (0..n as u32).collect();
                for i in (1..n).rev() {
                    values.swap(i, below(rng, i as u32 + 1) as usize);
                }
                let mut parts = [(0u64, ValueSet::EMPTY); 3];
                for (k, &x) in values.iter().enumerate() {
                    let part = &mut parts[below(rng, 3) as usize];
                    part.0 |= 1 << k;
                    part.1 = part.1.union(ValueSet::single(x));
                }
                LinePattern::new(parts.into_iter().filter(|p| p.0 != 0).collect())
            })
            .collect()
    }

    #[test]
    fn partitioned_lines_agree_with_brute_force() {
        let counts = check_propagator("partitioned line", 400, 61, 2..=6, |b, vars, rng| {
            let patterns = random_patterns(vars.len(), rng);
            b.add_propagator(PartitionedLine::new(vars.to_vec(), patterns))
                .unwrap();
        });
        // Every removal and failure explained (each checked true).
        assert_eq!((counts.own, counts.scope), (10_506, 0));
    }
}
