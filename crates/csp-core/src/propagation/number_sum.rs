//! A sum equal to a number whose digits are other variables (a Sudoku
//! arrow with its circle).

use super::distinct_terms::DistinctTerms;
use super::{
    Conflict, Events, ForwardCheck, Hypothesis, LinearEquality, PropagationContext,
    PropagationLevel, Propagator, Rule,
};
use crate::explanation::{Explaining, Literal};
use crate::{ValueSet, VarId};

/// The numbers of the `terms` add up to the number whose digits, most
/// significant first, are the `digits` variables, in base `base`. Value `x`
/// stands for the number `x + offset` (Sudoku digits: offset 1), so a
/// two-cell circle showing 1 and 4 reads 14.
///
/// - At [`PropagationLevel::None`] and
///   [`PropagationLevel::ForwardChecking`]: against the assigned variables
///   only. The assigned terms must not add up to more than the largest
///   number the digits can still show (the unassigned digits read as
///   `base - 1`); a term keeps the values that keep its sum with the
///   assigned terms within that; a digit keeps the values that keep the
///   largest number at or above the assigned terms' sum; the last
///   unassigned variable keeps only the value that makes the equation hold;
///   all assigned and unequal is a conflict.
/// - At [`PropagationLevel::Singles`] and above: bounds consistency of the
///   linear equation `sum(terms) - sum(base^i * digit_i) = 0`, as
///   [`LinearEquality`] does.
/// - At [`PropagationLevel::Gac`] and above, with
///   [`distinct_groups`](Self::distinct_groups) (terms that hold pairwise
///   distinct values, as the cells of an arrow inside one house do): the
///   bounds above with each group's sum bounded by its distinct values. A
///   group of `k` terms adds up to at least the `k` smallest numbers of
///   the union of its domains and at most the `k` largest; a term keeps
///   the values that the number's bounds leave once the other groups and
///   the rest of its own group take their largest or smallest sums. So a
///   shaft of three cells in one box makes its circle at least 1 + 2 + 3.
///   Repeated to a fixpoint.
#[derive(Clone, Debug)]
pub struct NumberSum {
    digits: usize,
    base: i64,
    offset: i64,
    /// The digits' weights, most significant first.
    weights: Vec<i64>,
    /// The terms that hold pairwise distinct values, if any do.
    groups: Option<DistinctTerms>,
    /// The equation over the digits then the terms (its variables are the
    /// scope).
    linear: LinearEquality,
}

impl NumberSum {
    /// `sum(terms) = number(digits)` in base `base`, value `x` standing for
    /// `x + offset`.
    ///
    /// # Panics
    /// If `digits` is empty or `base` is below 2.
    pub fn new(digits: Vec<VarId>, terms: Vec<VarId>, base: i64, offset: i64) -> NumberSum {
        assert!(!digits.is_empty(), "a number needs at least one digit");
        assert!(base >= 2, "the base is at least 2");
        let m = digits.len();
        let weights: Vec<i64> = (0..m).map(|i| base.pow((m - 1 - i) as u32)).collect();
        let coefs: Vec<i64> = (weights.iter().map(|w| -w))
            .chain(terms.iter().map(|_| 1))
            .collect();
        let rhs = offset * (weights.iter().sum::<i64>() - terms.len() as i64);
        let vars = digits.iter().chain(&terms).copied().collect();
        NumberSum {
            digits: m,
            base,
            offset,
            weights,
            groups: None,
            linear: LinearEquality::new(vars, coefs, rhs),
        }
    }

    /// The same sum, its terms also pairwise distinct within each group
    /// (indices into the terms; a term in no group is a group of its own):
    /// read at [`PropagationLevel::Gac`] and above (see the type's docs),
    /// and by [`check`](Propagator::check).
    ///
    /// # Panics
    /// If an index is not a term's or a term is in two groups.
    pub fn distinct_groups(mut self, groups: Vec<Vec<usize>>) -> NumberSum {
        let terms = self.linear.scope().len() - self.digits;
        self.groups = DistinctTerms::new(groups, terms, self.offset);
        self
    }

    fn number(&self, value: u32) -> i64 {
        value as i64 + self.offset
    }

    fn forward_check(&self, ctx: &mut impl ForwardCheck) -> Result<(), Conflict> {
        let vars = self.linear.scope();
        let (digits, terms) = vars.split_at(self.digits);
        let largest_digit = self.base - 1;
        let (mut top, mut weight, mut open) = (0i64, 1i64, 0usize);
        let mut last = None;
        // The largest number the digits can show, and each digit's weight.
        let mut weights = [0i64; 8];
        for (i, &v) in digits.iter().enumerate().rev() {
            if i < weights.len() {
                weights[i] = weight;
            }
            top += weight
                * match ctx.value(v) {
                    Some(x) => self.number(x),
                    None => {
                        open += 1;
                        last = Some(v);
                        largest_digit
                    }
                };
            weight = weight.saturating_mul(self.base);
        }
        let mut sum = 0;
        for &v in terms {
            match ctx.value(v) {
                Some(x) => sum += self.number(x),
                None => {
                    open += 1;
                    last = Some(v);
                }
            }
        }
        if sum > top {
            return Err(Conflict);
        }
        if open == 0 {
            let value = |v: VarId| ctx.value(v).unwrap_or(0);
            return if self.linear.holds(ctx) && self.groups_distinct(&value) {
                Ok(())
            } else {
                Err(Conflict)
            };
        }
        if open == 1 {
            let v = last.expect("one open variable");
            let keep = ctx.domain(v).intersection(self.linear.completing(ctx, v));
            return ctx.retain_values(v, keep);
        }
        // A term keeps the values x with sum + number(x) <= top.
        let terms_keep = ValueSet::between(0, top - sum - self.offset);
        for &v in terms {
            let d = ctx.domain(v);
            if !ctx.is_assigned(v) && !d.difference(terms_keep).is_empty() {
                ctx.retain_values(v, d.intersection(terms_keep))?;
            }
        }
        // A digit of weight w keeps the values x with
        // w * (largest_digit - number(x)) <= top - sum (at least 0 here).
        for (i, &v) in digits.iter().enumerate() {
            if !ctx.is_assigned(v) && i < weights.len() {
                let lowest = largest_digit - self.offset - (top - sum) / weights[i];
                let d = ctx.domain(v);
                let keep = d.intersection(ValueSet::between(lowest, i64::MAX));
                if keep != d {
                    ctx.retain_values(v, keep)?;
                }
            }
        }
        Ok(())
    }
}

impl NumberSum {
    /// One pass of the group bounds (see the type's docs): whether a
    /// domain changed.
    fn group_bounds(
        &self,
        groups: &DistinctTerms,
        ctx: &mut PropagationContext<'_>,
    ) -> Result<bool, Conflict> {
        let vars = self.linear.scope();
        let (digits, terms) = vars.split_at(self.digits);
        let number = |x: u32| x as i64 + self.offset;
        let (mut low, mut high) = (0i64, 0i64);
        for (&v, &w) in digits.iter().zip(&self.weights) {
            let d = ctx.domain(v);
            let (lo, hi) = (d.min().ok_or(Conflict)?, d.max().ok_or(Conflict)?);
            low += w * number(lo);
            high += w * number(hi);
        }
        let (sum_lo, sum_hi) = groups.sums(ctx, terms)?;
        if sum_lo > high || sum_hi < low {
            return Err(Conflict);
        }
        let mut changed = false;
        // A digit of weight w: w * number(x) within what the terms' sums
        // leave once the other digits take their extremes.
        for (&v, &w) in digits.iter().zip(&self.weights) {
            let d = ctx.domain(v);
            let (lo, hi) = (d.min().ok_or(Conflict)?, d.max().ok_or(Conflict)?);
            let rest_lo = low - w * number(lo);
            let rest_hi = high - w * number(hi);
            let from = ceil_div(sum_lo - rest_hi, w) - self.offset;
            let to = (sum_hi - rest_lo).div_euclid(w) - self.offset;
            let keep = d.intersection(ValueSet::between(from, to));
            if keep != d {
                ctx.retain_values(v, keep)?;
                changed = true;
            }
        }
        // A term: the number's bounds less the other groups' extremes and
        // the extremes of the rest of its group.
        changed |= groups.narrow(ctx, terms, (low, high), (sum_lo, sum_hi))?;
        Ok(changed)
    }

    /// Whether each group's terms hold distinct values.
    fn groups_distinct(&self, value: &dyn Fn(VarId) -> u32) -> bool {
        let terms = &self.linear.scope()[self.digits..];
        (self.groups.as_ref()).is_none_or(|g| g.distinct(terms, value))
    }
}

/// `a / b` rounded up (`b > 0`).
fn ceil_div(a: i64, b: i64) -> i64 {
    -((-a).div_euclid(b))
}

impl Propagator for NumberSum {
    fn scope(&self) -> &[VarId] {
        self.linear.scope()
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        if let Some(groups) = self
            .groups
            .as_ref()
            .filter(|_| ctx.level() >= PropagationLevel::Gac)
        {
            self.linear.bounds(ctx)?;
            while self.group_bounds(groups, ctx)? {}
            Ok(())
        } else if ctx.level() >= PropagationLevel::Singles {
            self.linear.bounds(ctx)
        } else {
            self.forward_check(ctx)
        }
    }

    fn check(&self, value: &dyn Fn(VarId) -> u32) -> bool {
        self.linear.check(value) && self.groups_distinct(value)
    }

    fn forward_check_removals(&self, h: &mut Hypothesis<'_>) {
        // A conflict stops the count where forward checking would stop.
        let _ = self.forward_check(h);
    }

    /// The equation's bounds ([`LinearEquality`]'s explanation), else
    /// those of the distinct groups (at `gac`): the removals that keep the
    /// number's digits between their bounds, with those that keep the
    /// groups' distinct sums where they are.
    fn explain(
        &self,
        removal: Option<(VarId, u32)>,
        ex: &Explaining<'_>,
        reason: &mut Vec<Literal>,
    ) -> bool {
        let start = reason.len();
        if self.linear.explain(removal, ex, reason) {
            return true;
        }
        reason.truncate(start);
        let Some(groups) = &self.groups else {
            return false;
        };
        let vars = self.linear.scope();
        if removal.is_none() && ex.push_emptied(vars, reason) {
            return true;
        }
        let (digits, terms) = vars.split_at(self.digits);
        // The number's least and greatest values but for `skip`'s digit.
        let number = |x: u32| x as i64 + self.offset;
        let bounds = |skip: Option<VarId>| -> Option<(i64, i64)> {
            let (mut low, mut high) = (0, 0);
            for (&v, &w) in digits.iter().zip(&self.weights) {
                if Some(v) != skip {
                    let d = ex.domain(v);
                    low += w * number(d.min()?);
                    high += w * number(d.max()?);
                }
            }
            Some((low, high))
        };
        let explained = match removal {
            Some((var, value)) if !terms.contains(&var) => {
                // A digit of the number, past what the terms' sums allow.
                let Some(at) = digits.iter().position(|&v| v == var) else {
                    return false;
                };
                let w = self.weights[at];
                let Some((rest_lo, rest_hi)) = bounds(Some(var)) else {
                    return false;
                };
                let Some((sum_lo, sum_hi)) = groups.push_sum_bounds(terms, ex, reason) else {
                    return false;
                };
                let from = ceil_div(sum_lo - rest_hi, w) - self.offset;
                let to = (sum_hi - rest_lo).div_euclid(w) - self.offset;
                let x = i64::from(value);
                x < from || x > to
            }
            _ => {
                // A term, or a failure: the groups' reasoning within the
                // number's bounds.
                let Some(range) = bounds(None) else {
                    return false;
                };
                groups.explain(terms, range, removal, ex, reason)
            }
        };
        if !explained {
            reason.truncate(start);
            return false;
        }
        // The other digits' bounds.
        let digit = removal.map(|(var, _)| var).filter(|v| !terms.contains(v));
        for &v in digits.iter().filter(|&&v| Some(v) != digit) {
            let d = ex.domain(v);
            if let (Some(lo), Some(hi)) = (d.min(), d.max()) {
                ex.push_removed(v, ValueSet::between(0, i64::from(lo) - 1), reason);
                ex.push_removed(v, ValueSet::between(i64::from(hi) + 1, 63), reason);
            }
        }
        true
    }

    fn name(&self) -> &'static str {
        "number-sum"
    }

    fn events(&self, level: PropagationLevel) -> Events {
        if level >= PropagationLevel::Gac && self.groups.is_some() {
            // A group's sums read every value of its union.
            Events::ANY
        } else {
            Events::forward_checking_then(level, Events::ASSIGNED | Events::BOUNDS)
        }
    }

    fn rule(&self) -> Rule {
        Rule::NumberSum
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{domains_after, fixed};
    use crate::{Model, ModelBuilder};

    fn digits(ds: &[u32]) -> ValueSet {
        ds.iter().map(|d| d - 1).collect()
    }

    /// A circle of `circle` digit cells and an arrow of `arrow` cells
    /// (values 0..9 for digits 1..9): circle cells first.
    fn arrow(circle: usize, arrow: usize) -> Model {
        let mut b = ModelBuilder::new();
        let c = b.new_vars(circle, ValueSet::range(9));
        let a = b.new_vars(arrow, ValueSet::range(9));
        b.add_propagator(NumberSum::new(c, a, 10, 1)).unwrap();
        b.build()
    }

    #[test]
    fn one_digit_circle() {
        let m = arrow(1, 2);
        // Bounds: the circle is at least 1 + 1 = 2, each arrow cell at most
        // 9 - 1 = 8.
        let d = domains_after(&m, PropagationLevel::Singles, &[]).unwrap();
        assert_eq!(d[0], digits(&[2, 3, 4, 5, 6, 7, 8, 9]));
        assert_eq!(d[1], digits(&[1, 2, 3, 4, 5, 6, 7, 8]));
        // fc: a 6 on the arrow; the other arrow cell at most 3, the circle
        // at least 6 (nothing assigned alone says it must pass 6).
        let d = domains_after(&m, PropagationLevel::ForwardChecking, &fixed(&[(1, 5)])).unwrap();
        assert_eq!(d[2], digits(&[1, 2, 3]));
        assert_eq!(d[0], digits(&[6, 7, 8, 9]));
        // The last open cell completes the equation.
        let d = domains_after(
            &m,
            PropagationLevel::ForwardChecking,
            &fixed(&[(1, 5), (0, 7)]),
        )
        .unwrap();
        assert_eq!(d[2], digits(&[2]));
    }

    #[test]
    fn two_digit_circle_reads_tens_then_units() {
        // Three arrow cells reach at most 27: the tens digit is 1 or 2.
        let m = arrow(2, 3);
        let d = domains_after(&m, PropagationLevel::Singles, &[]).unwrap();
        assert_eq!(d[0], digits(&[1, 2]));
        // 2x with x = 8 or 9 would need more than 27 - no: 28 > 27.
        assert_eq!(d[1], digits(&[1, 2, 3, 4, 5, 6, 7, 8, 9]));
        let d = domains_after(&m, PropagationLevel::Singles, &fixed(&[(0, 1)])).unwrap();
        assert_eq!(d[1], digits(&[1, 2, 3, 4, 5, 6, 7]));
        // A full assignment: 14 = 9 + 4 + 1.
        let givens = fixed(&[(0, 0), (1, 3), (2, 8), (3, 3), (4, 0)]);
        assert!(domains_after(&m, PropagationLevel::None, &givens).is_ok());
        let wrong = fixed(&[(0, 0), (1, 3), (2, 8), (3, 3), (4, 1)]);
        assert!(domains_after(&m, PropagationLevel::None, &wrong).is_err());
    }

    #[test]
    fn forward_checking_bounds_a_two_digit_circle_by_the_filled_cells() {
        // Units 5, two arrow cells 9 and 8, one open: the number is at
        // least 17 + 1, so the tens digit is at least 2 (15 is too small);
        // the open arrow cell may still take any digit (95 - 17 leaves
        // room).
        let m = arrow(2, 3);
        let givens = fixed(&[(1, 4), (2, 8), (3, 7)]);
        let d = domains_after(&m, PropagationLevel::ForwardChecking, &givens).unwrap();
        assert_eq!(d[0], digits(&[2, 3, 4, 5, 6, 7, 8, 9]));
        assert_eq!(d[4], ValueSet::range(9));
        // Tens 1 as well: 15 - 17 leaves nothing for the open cell.
        let givens = fixed(&[(0, 0), (1, 4), (2, 8), (3, 7)]);
        assert!(domains_after(&m, PropagationLevel::ForwardChecking, &givens).is_err());
        // Tens 2: the open cell completes 25 with 8.
        let givens = fixed(&[(0, 1), (1, 4), (2, 8), (3, 7)]);
        let d = domains_after(&m, PropagationLevel::ForwardChecking, &givens).unwrap();
        assert_eq!(d[4], digits(&[8]));
    }

    #[test]
    fn terms_past_the_largest_number_conflict() {
        // A one-digit circle at 3 with arrow cells 2 and 2.
        let m = arrow(1, 2);
        let givens = fixed(&[(0, 2), (1, 1), (2, 1)]);
        assert!(domains_after(&m, PropagationLevel::ForwardChecking, &givens).is_err());
    }

    /// An arrow of one circle cell and `shaft` cells, the shaft one group.
    fn distinct_arrow(shaft: usize) -> Model {
        let mut b = ModelBuilder::new();
        let c = b.new_vars(1, ValueSet::range(9));
        let a = b.new_vars(shaft, ValueSet::range(9));
        let sum = NumberSum::new(c, a, 10, 1).distinct_groups(vec![(0..shaft).collect()]);
        b.add_propagator(sum).unwrap();
        b.build()
    }

    #[test]
    fn a_distinct_shaft_bounds_its_circle_at_gac_only() {
        let m = distinct_arrow(3);
        // 1 + 2 + 3 at least: the circle 6 to 9; a shaft cell at most
        // 9 - 1 - 2.
        let d = domains_after(&m, PropagationLevel::Gac, &[]).unwrap();
        assert_eq!(d[0], digits(&[6, 7, 8, 9]));
        assert_eq!(d[1], digits(&[1, 2, 3, 4, 5, 6]));
        // Below gac the groups are not read: 1 + 1 + 1.
        let d = domains_after(&m, PropagationLevel::Locked, &[]).unwrap();
        assert_eq!(d[0], digits(&[3, 4, 5, 6, 7, 8, 9]));
        assert_eq!(d[1], digits(&[1, 2, 3, 4, 5, 6, 7]));
        // The circle at 7 and a 4 on the shaft: the other two add up to 3,
        // so they are 1 and 2 (bounds: 1 + 1 would not be distinct).
        let d = domains_after(&m, PropagationLevel::Gac, &fixed(&[(0, 6), (1, 3)])).unwrap();
        assert_eq!(d[2], digits(&[1, 2]));
        assert_eq!(d[3], digits(&[1, 2]));
        // Four distinct cells cannot make 9 (1 + 2 + 3 + 4 = 10).
        assert!(
            domains_after(&distinct_arrow(4), PropagationLevel::Gac, &fixed(&[(0, 8)])).is_err()
        );
    }

    #[test]
    fn the_groups_are_part_of_the_check() {
        let m = distinct_arrow(2);
        assert!(
            domains_after(
                &m,
                PropagationLevel::None,
                &fixed(&[(0, 5), (1, 2), (2, 2)])
            )
            .is_err()
        );
        assert!(
            domains_after(
                &m,
                PropagationLevel::None,
                &fixed(&[(0, 5), (1, 1), (2, 3)])
            )
            .is_ok()
        );
    }

    #[test]
    fn group_bounds_agree_with_brute_force() {
        use crate::AllDifferent;
        use crate::harness::{ExplanationCounts, below, check_propagator};
        // The removals and failures explained by the sum itself (the
        // equation's bounds, or the groups'), checked true; the 80 left
        // are forward checking's, at `none` and `fc`.
        let counts = check_propagator(
            "number sum with distinct groups",
            400,
            51,
            3..=7,
            |b, vars, rng| {
                // One or two circle digits, the rest terms in random groups.
                let circle = 1 + below(rng, 2) as usize;
                let (digits, terms) = vars.split_at(circle);
                let groups_n = 1 + below(rng, terms.len() as u32) as usize;
                let mut groups = vec![Vec::new(); groups_n];
                for t in 0..terms.len() {
                    groups[below(rng, groups_n as u32) as usize].push(t);
                }
                for g in &groups {
                    if g.len() > 1 {
                        let members = g.iter().map(|&t| terms[t]).collect();
                        b.add_propagator(AllDifferent::new(members, ValueSet::range(9)))
                            .unwrap();
                    }
                }
                let sum = NumberSum::new(digits.to_vec(), terms.to_vec(), 10, below(rng, 2) as i64)
                    .distinct_groups(groups);
                b.add_propagator(sum).unwrap();
            },
        );
        assert_eq!(
            counts,
            ExplanationCounts {
                own: 13444,
                scope: 80
            }
        );
    }
}
