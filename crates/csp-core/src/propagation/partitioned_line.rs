//! A line holding a permutation whose cells fall into parts, each part
//! holding a given set of values, in one of several ways.

use super::{Conflict, PropagationContext, Propagator, Rule};
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

    /// How many patterns it has.
    pub fn patterns(&self) -> usize {
        self.ends.len()
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
        let mut start = 0;
        for (p, &end) in self.ends.iter().enumerate() {
            let parts = &self.parts[start..end as usize];
            start = end as usize;
            let allowed = &self.allowed[p * n..(p + 1) * n];
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

    /// A sandwich of `total` over `n` cells (values `0..n`, numbers from
    /// 1, crusts 1 and `n`): for each two crust cells and each set of
    /// middle values with that sum and as many values as cells between.
    fn sandwich(n: usize, total: i64) -> Vec<LinePattern> {
        let (low, high) = (ValueSet::single(0), ValueSet::single(n as u32 - 1));
        let middle = ValueSet::range(n as u32 - 1).difference(low);
        let mut patterns = Vec::new();
        for i in 0..n {
            for j in i + 1..n {
                let between: u64 = ((1 << j) - 1) & !((1 << (i + 1)) - 1);
                let outside = ((1u64 << n) - 1) & !between & !(1 << i) & !(1 << j);
                for bits in 0u64..1 << (n - 2) {
                    let set = ValueSet(bits << 1);
                    let sum: i64 = set.iter().map(|x| x as i64 + 1).sum();
                    if sum != total || set.len() != between.count_ones() {
                        continue;
                    }
                    for (a, b) in [(low, high), (high, low)] {
                        patterns.push(LinePattern::new(vec![
                            (1 << i, a),
                            (1 << j, b),
                            (between, set),
                            (outside, middle.difference(set)),
                        ]));
                    }
                }
            }
        }
        patterns
    }

    fn line(n: usize, total: i64) -> Model {
        let mut b = ModelBuilder::new();
        let vars = b.new_vars(n, ValueSet::range(n as u32));
        b.add_propagator(PartitionedLine::new(vars, sandwich(n, total)))
            .unwrap();
        b.build()
    }

    fn digits(ds: &[u32]) -> ValueSet {
        ds.iter().map(|d| d - 1).collect()
    }

    #[test]
    fn a_full_sandwich_puts_the_crusts_at_the_ends() {
        // 2 + ... + 8 = 35: the crusts at both ends, every digit between.
        let d = domains_after(&line(9, 35), PropagationLevel::Gac, &[]).unwrap();
        assert_eq!(d[0], digits(&[1, 9]));
        assert_eq!(d[8], digits(&[1, 9]));
        assert_eq!(d[4], digits(&[2, 3, 4, 5, 6, 7, 8]));
        // 0: the crusts side by side; nothing else is known.
        let d = domains_after(&line(9, 0), PropagationLevel::Gac, &[]).unwrap();
        assert_eq!(d[4], ValueSet::range(9));
        // 36 is more than 2 + ... + 8.
        assert!(domains_after(&line(9, 36), PropagationLevel::Gac, &[]).is_err());
    }

    #[test]
    fn the_digits_between_are_a_set() {
        // A sum of 5 between crusts at cells 0 and 3: the two cells
        // between hold {2, 3}, the rest the other middle digits.
        let m = line(9, 5);
        let d = domains_after(&m, PropagationLevel::Gac, &fixed(&[(0, 0), (3, 8)])).unwrap();
        assert_eq!(d[1], digits(&[2, 3]));
        assert_eq!(d[2], digits(&[2, 3]));
        assert_eq!(d[5], digits(&[4, 5, 6, 7, 8]));
    }

    #[test]
    fn a_part_must_find_room_for_each_of_its_values() {
        // The crusts at cells 0 and 3 with 5 between: {2, 3}. A 2 at both
        // cells between leaves no room for the 3 (at `none` too, once the
        // part is filled; the line's all-different is the house's to
        // propagate).
        let m = line(9, 5);
        let givens = fixed(&[(0, 0), (3, 8), (1, 1), (2, 1)]);
        assert!(domains_after(&m, PropagationLevel::None, &givens).is_err());
    }

    #[test]
    fn sandwiches_agree_with_brute_force() {
        check_propagator("partitioned line", 400, 61, 3..=6, |b, vars, rng| {
            let n = vars.len();
            let total = below(rng, (n * (n + 1) / 2) as u32) as i64;
            b.add_propagator(PartitionedLine::new(vars.to_vec(), sandwich(n, total)))
                .unwrap();
        });
    }
}
