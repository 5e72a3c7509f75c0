//! A sum equal to a total whose terms fall into groups of pairwise
//! distinct values.

use super::distinct_terms::DistinctTerms;
use super::{Conflict, PropagationContext, Propagator, Rule};
use crate::VarId;
use crate::explanation::{Explaining, Literal};

/// The numbers of `vars` (value `x` is the number `x + offset`) add up to
/// `total`, and the variables of each group hold distinct values (a little
/// killer diagonal: its cells inside one box).
///
/// Every level: bounds with each group's sum between its smallest and its
/// largest distinct numbers (the union of its domains); a variable keeps
/// the values that let the total be reached when the other groups and the
/// rest of its own group take their largest or smallest sums; to a
/// fixpoint. Meant to reinforce a sum's automaton from
/// [`PropagationLevel::Gac`](super::PropagationLevel::Gac) up (see
/// [`Reinforced`](super::Reinforced)).
#[derive(Clone, Debug)]
pub struct GroupedSum {
    vars: Vec<VarId>,
    total: i64,
    groups: DistinctTerms,
}

impl GroupedSum {
    /// `vars` adding up to `total`, each group's variables (indices into
    /// `vars`) distinct; `None` when no group has two variables.
    ///
    /// # Panics
    /// If an index is not a variable's or a variable is in two groups.
    pub fn new(
        vars: Vec<VarId>,
        total: i64,
        offset: i64,
        groups: Vec<Vec<usize>>,
    ) -> Option<GroupedSum> {
        let groups = DistinctTerms::new(groups, vars.len(), offset)?;
        Some(GroupedSum {
            vars,
            total,
            groups,
        })
    }
}

impl Propagator for GroupedSum {
    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let groups = &self.groups;
        loop {
            let sums = groups.sums(ctx, &self.vars)?;
            if sums.0 > self.total || sums.1 < self.total {
                return Err(Conflict);
            }
            if !groups.narrow(ctx, &self.vars, (self.total, self.total), sums)? {
                return Ok(());
            }
        }
    }

    fn check(&self, value: &dyn Fn(VarId) -> u32) -> bool {
        let sum: i64 = (self.vars.iter()).map(|&v| value(v) as i64).sum::<i64>()
            + self.groups.offset() * self.vars.len() as i64;
        sum == self.total && self.groups.distinct(&self.vars, value)
    }

    fn name(&self) -> &'static str {
        "grouped-sum"
    }

    /// By the groups' bounds (see `DistinctTerms::explain`).
    fn explain(
        &self,
        removal: Option<(VarId, u32)>,
        ex: &Explaining<'_>,
        reason: &mut Vec<Literal>,
    ) -> bool {
        (self.groups).explain(&self.vars, (self.total, self.total), removal, ex, reason)
    }

    fn rule(&self) -> Rule {
        Rule::Sum
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::harness::{ExplanationCounts, below, check_propagator};
    use crate::testing::domains_after;
    use crate::{ModelBuilder, PropagationLevel, ValueSet};

    #[test]
    fn distinct_cells_bound_the_sum() {
        // Digits (offset 1): three cells, two of them distinct, add up to
        // 4: the pair is {1, 2}, the lone cell 1.
        let mut b = ModelBuilder::new();
        let vars = b.new_vars(3, ValueSet::range(9));
        let sum = GroupedSum::new(vars, 4, 1, vec![vec![0, 1]]).unwrap();
        b.add_propagator(sum).unwrap();
        let d = domains_after(&b.build(), PropagationLevel::None, &[]).unwrap();
        assert_eq!(d, [ValueSet(0b11), ValueSet(0b11), ValueSet(0b1)]);
        // No group of two: nothing to add to plain bounds.
        assert!(GroupedSum::new(vec![VarId(0), VarId(1)], 4, 1, vec![vec![0], vec![1]]).is_none());
    }

    #[test]
    fn grouped_sums_agree_with_brute_force() {
        let counts = check_propagator("grouped sum", 400, 71, 2..=7, |b, vars, rng| {
            let n = vars.len();
            let groups_n = 1 + below(rng, n as u32 - 1) as usize;
            let mut groups = vec![Vec::new(); groups_n];
            groups[0] = vec![0, 1];
            for t in 2..n {
                groups[below(rng, groups_n as u32) as usize].push(t);
            }
            let total = below(rng, 8 * n as u32) as i64;
            let sum = GroupedSum::new(vars.to_vec(), total, below(rng, 2) as i64, groups).unwrap();
            b.add_propagator(sum).unwrap();
        });
        assert_eq!(
            counts,
            ExplanationCounts {
                own: 9814,
                scope: 0
            }
        );
    }
}
