//! A sum of pairwise distinct values (a Sudoku killer cage).

use super::matching::{self, MAX_VARS};
use super::{
    Conflict, Events, ForwardCheck, Hypothesis, PropagationContext, PropagationLevel, Propagator,
    Rule,
};
use crate::explanation::{Explaining, Literal};
use crate::{ValueSet, VarId};

/// Most value combinations examined per run; past it the run keeps to the
/// forward-checking deductions (sound, only weaker). A 9-value cage has at
/// most 126 combinations; a 16-value one 12,870.
const MAX_COMBINATIONS: usize = 1 << 16;

/// The variables take pairwise distinct values whose *numbers* add up to
/// `total`, value `x` standing for the number `x + offset` (a Sudoku digit
/// `d` is value `d - 1`: offset 1). Numbers are taken as non-negative.
///
/// - At every level (forward checking): two assigned variables with the same
///   value, or assigned numbers adding up to more than `total`, are a
///   conflict; an unassigned variable loses the assigned values and those
///   that would take the assigned sum past `total`; the last unassigned one
///   keeps only the value that completes the sum; all assigned with another
///   sum is a conflict.
/// - At [`PropagationLevel::Singles`] and above: generalized arc
///   consistency of the whole constraint. The *combinations* (sets of as
///   many distinct available values as there are unassigned variables, whose
///   numbers make up the rest of the sum) are enumerated; a value is kept
///   where some combination holding it can be matched to the variables
///   (Régin's matching on the domains cut to that combination). So a
///   2-variable cage of 9 over digits knows {1,8}, {2,7}, {3,6}, {4,5}.
#[derive(Clone, Debug)]
pub struct DistinctSum {
    vars: Vec<VarId>,
    total: i64,
    offset: i64,
}

impl DistinctSum {
    /// Distinct values over `vars` whose numbers (`value + offset`) add up
    /// to `total`.
    pub fn new(vars: Vec<VarId>, total: i64, offset: i64) -> DistinctSum {
        DistinctSum {
            vars,
            total,
            offset,
        }
    }

    /// The required total.
    pub fn total(&self) -> i64 {
        self.total
    }

    fn number(&self, value: u32) -> i64 {
        value as i64 + self.offset
    }

    /// Forward checking; returns the assigned values and their sum.
    fn forward_check(&self, ctx: &mut impl ForwardCheck) -> Result<(ValueSet, i64), Conflict> {
        let (mut used, mut sum, mut open, mut last) = (0u64, 0i64, 0usize, None);
        for &v in &self.vars {
            match ctx.value(v) {
                Some(x) => {
                    if used & (1 << x) != 0 {
                        return Err(Conflict);
                    }
                    used |= 1 << x;
                    sum += self.number(x);
                }
                None => {
                    open += 1;
                    last = Some(v);
                }
            }
        }
        let rest = self.total - sum;
        if rest < 0 || (open == 0 && rest != 0) {
            return Err(Conflict);
        }
        let used = ValueSet(used);
        let fits: ValueSet = if open == 1 {
            match u32::try_from(rest - self.offset) {
                Ok(x) if x < 64 => ValueSet::single(x),
                _ => ValueSet::EMPTY,
            }
        } else {
            (0..64u32).take_while(|&x| self.number(x) <= rest).collect()
        };
        let keep = fits.difference(used);
        if open == 1 {
            let v = last.expect("one open variable");
            return ctx.retain_values(v, keep).map(|()| (used, sum));
        }
        for &v in &self.vars {
            if !ctx.is_assigned(v) {
                ctx.retain_values(v, keep)?;
            }
        }
        Ok((used, sum))
    }

    /// The values of every combination (as many distinct values of
    /// `universe` as there are variables, adding up to the total) that
    /// holds `with`, or of every combination when `with` is `None`; `None`
    /// past [`MAX_COMBINATIONS`].
    fn reach(&self, universe: ValueSet, with: Option<u32>) -> Option<ValueSet> {
        let mut walk = Combinations::new(universe.iter().collect(), self.offset);
        let with = with.map_or(0, |v| 1u64 << v);
        let mut union = 0;
        walk.walk(0, self.vars.len(), self.total, 0, &mut |c| {
            if with == 0 || c & with != 0 {
                union |= c;
            }
        });
        (walk.examined <= MAX_COMBINATIONS).then_some(ValueSet(union))
    }

    /// Keeps the values some matched combination uses.
    fn combinations(
        &self,
        ctx: &mut PropagationContext<'_>,
        used: ValueSet,
        sum: i64,
    ) -> Result<(), Conflict> {
        let open: Vec<VarId> = (self.vars.iter().copied())
            .filter(|&v| !ctx.is_assigned(v))
            .collect();
        let k = open.len();
        if k == 0 || k > MAX_VARS {
            return Ok(());
        }
        let mut domains = [0u64; MAX_VARS];
        let mut available = 0u64;
        for (d, &v) in domains.iter_mut().zip(&open) {
            *d = ctx.domain(v).0;
            available |= *d;
        }
        let available: Vec<u32> = ValueSet(available).difference(used).iter().collect();
        let mut search = Combinations::new(available, self.offset);
        let mut supported = [0u64; MAX_VARS];
        let mut visit = |c| support(&domains[..k], &mut supported, c);
        search.walk(0, k, self.total - sum, 0, &mut visit);
        if search.examined > MAX_COMBINATIONS {
            return Ok(());
        }
        if supported[..k].iter().all(|&s| s == 0) {
            return Err(Conflict);
        }
        for (i, &v) in open.iter().enumerate() {
            ctx.retain_values(v, ValueSet(supported[i]))?;
        }
        Ok(())
    }
}

/// The combinations of some values: as many distinct values as asked
/// whose numbers add up to a sum, met depth first over the values in
/// increasing order.
struct Combinations {
    values: Vec<u32>,
    numbers: Vec<i64>,
    /// The combinations met; past [`MAX_COMBINATIONS`] the walk stops.
    examined: usize,
}

impl Combinations {
    /// Over `values`, value `x` standing for the number `x + offset`.
    fn new(values: Vec<u32>, offset: i64) -> Combinations {
        Combinations {
            numbers: values.iter().map(|&x| x as i64 + offset).collect(),
            values,
            examined: 0,
        }
    }

    /// Chooses `left` more values from `values[from..]` adding up to
    /// `rest`; `chosen` holds the values taken so far; each combination
    /// goes to `visit`.
    fn walk(
        &mut self,
        from: usize,
        left: usize,
        rest: i64,
        chosen: u64,
        visit: &mut impl FnMut(u64),
    ) {
        if self.examined > MAX_COMBINATIONS {
            return;
        }
        if left == 0 {
            if rest == 0 {
                self.examined += 1;
                visit(chosen);
            }
            return;
        }
        let n = self.values.len();
        if n - from < left {
            return;
        }
        // Bounds: the smallest and largest sums of `left` values from here.
        let smallest: i64 = self.numbers[from..from + left].iter().sum();
        let largest: i64 = self.numbers[n - left..].iter().sum();
        if rest < smallest || rest > largest {
            return;
        }
        for i in from..n {
            if self.numbers[i] > rest {
                break;
            }
            let bit = 1u64 << self.values[i];
            self.walk(i + 1, left - 1, rest - self.numbers[i], chosen | bit, visit);
        }
    }
}

/// Adds to `supported` the values that a matching of the variables (of
/// `domains`) onto `combination` uses.
fn support(domains: &[u64], supported: &mut [u64; MAX_VARS], combination: u64) {
    let k = domains.len();
    let mut cut = [0u64; MAX_VARS];
    for (c, &d) in cut.iter_mut().zip(domains) {
        *c = d & combination;
        if *c == 0 {
            return;
        }
    }
    let mut matched = [0u64; MAX_VARS];
    if matching::supported_values(&cut[..k], &mut matched[..k]) {
        for (s, m) in supported.iter_mut().zip(&matched[..k]) {
            *s |= m;
        }
    }
}

impl Propagator for DistinctSum {
    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let (used, sum) = self.forward_check(ctx)?;
        if ctx.level() >= PropagationLevel::Singles {
            self.combinations(ctx, used, sum)?;
        }
        Ok(())
    }

    fn forward_check_removals(&self, h: &mut Hypothesis<'_>) {
        // A conflict stops the count where forward checking would stop.
        let _ = self.forward_check(h);
    }

    fn check(&self, value: &dyn Fn(VarId) -> u32) -> bool {
        let mut seen = 0u64;
        let mut sum = 0;
        for &v in &self.vars {
            let x = value(v);
            if x >= 64 || seen & (1 << x) != 0 {
                return false;
            }
            seen |= 1 << x;
            sum += self.number(x);
        }
        sum == self.total
    }

    /// The removals, in every variable, of the values that some
    /// combination holding the removed value (for a failure, any
    /// combination) uses: with the others back, no combination would
    /// match either, as each keeps to its own values.
    fn explain(
        &self,
        removal: Option<(VarId, u32)>,
        ex: &Explaining<'_>,
        reason: &mut Vec<Literal>,
    ) -> bool {
        if removal.is_none() && ex.push_emptied(&self.vars, reason) {
            return true;
        }
        let universe = (self.vars.iter()).fold(ValueSet::EMPTY, |u, &v| u.union(ex.initial(v)));
        let Some(reach) = self.reach(universe, removal.map(|(_, value)| value)) else {
            return false;
        };
        // The variable that lost the value holds it in every solution
        // ruled out: its own removals take no part.
        let lost = removal.map(|(var, _)| var);
        for &v in self.vars.iter().filter(|&&v| Some(v) != lost) {
            ex.push_removed(v, reach, reason);
        }
        true
    }

    fn name(&self) -> &'static str {
        "distinct-sum"
    }

    fn events(&self, level: PropagationLevel) -> Events {
        Events::forward_checking_then(level, Events::ANY)
    }

    fn rule(&self) -> Rule {
        Rule::Sum
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{domains_after, fixed};
    use crate::{Model, ModelBuilder};

    /// A cage of `n` digit cells (values 0..9 for digits 1..9) adding to
    /// `total`.
    fn cage(n: usize, total: i64) -> Model {
        let mut b = ModelBuilder::new();
        let v = b.new_vars(n, ValueSet::range(9));
        b.add_propagator(DistinctSum::new(v, total, 1)).unwrap();
        b.build()
    }

    fn digits(ds: &[u32]) -> ValueSet {
        ds.iter().map(|d| d - 1).collect()
    }

    #[test]
    fn nine_in_two_cells_knows_its_pairs() {
        let d = domains_after(&cage(2, 9), PropagationLevel::Singles, &[]).unwrap();
        assert_eq!(d[0], digits(&[1, 2, 3, 4, 5, 6, 7, 8]));
        // 17 in two: {8, 9} only; 6 in three: {1, 2, 3} only.
        let d = domains_after(&cage(2, 17), PropagationLevel::Singles, &[]).unwrap();
        assert_eq!(d[1], digits(&[8, 9]));
        let d = domains_after(&cage(3, 6), PropagationLevel::Singles, &[]).unwrap();
        assert_eq!(d[2], digits(&[1, 2, 3]));
        // 10 in two cells with one cell at 5 impossible: {1,9} {2,8} {3,7} {4,6}.
        let d = domains_after(&cage(2, 10), PropagationLevel::Singles, &[]).unwrap();
        assert_eq!(d[0], digits(&[1, 2, 3, 4, 6, 7, 8, 9]));
    }

    #[test]
    fn forward_checking_uses_the_assigned_cells_only() {
        // 10 in three with a 6 given: the rest must not pass 4 in total, and
        // the 6 is gone; the two open cells know no more than that.
        let m = cage(3, 10);
        let d = domains_after(&m, PropagationLevel::ForwardChecking, &fixed(&[(0, 5)])).unwrap();
        assert_eq!(d[1], digits(&[1, 2, 3, 4]));
        // The last open cell completes the sum.
        let d = domains_after(
            &m,
            PropagationLevel::ForwardChecking,
            &fixed(&[(0, 5), (1, 0)]),
        )
        .unwrap();
        assert_eq!(d[2], digits(&[3]));
        // Nothing assigned: fc leaves 17-in-two alone.
        let d = domains_after(&cage(2, 17), PropagationLevel::ForwardChecking, &[]).unwrap();
        assert_eq!(d[0], ValueSet::range(9));
    }

    #[test]
    fn impossible_cages_conflict() {
        assert!(domains_after(&cage(2, 18), PropagationLevel::Singles, &[]).is_err());
        assert!(domains_after(&cage(2, 2), PropagationLevel::Singles, &[]).is_err());
        // A repeat, and a sum passed, at every level.
        let m = cage(3, 20);
        assert!(domains_after(&m, PropagationLevel::None, &fixed(&[(0, 4), (1, 4)])).is_err());
        let m = cage(3, 5);
        assert!(domains_after(&m, PropagationLevel::None, &fixed(&[(0, 4), (1, 1)])).is_err());
    }

    #[test]
    fn combinations_respect_the_domains() {
        // 15 in two cells, one of them only 7 or 8 (as if a row held the
        // rest): the pairs {6,9}, {7,8} cut to {7,8}.
        let mut b = ModelBuilder::new();
        let v = b.new_vars(2, ValueSet::range(9));
        let w = b.new_var(digits(&[9]));
        b.add_propagator(DistinctSum::new(v.clone(), 15, 1))
            .unwrap();
        b.all_different(&[v[0], w]).unwrap();
        b.all_different(&[v[1], w]).unwrap();
        let m = b.build();
        let d = domains_after(&m, PropagationLevel::Singles, &[]).unwrap();
        assert_eq!(d[0], digits(&[7, 8]));
        assert_eq!(d[1], digits(&[7, 8]));
    }

    #[test]
    fn explanations_hold_and_agree_with_brute_force() {
        use crate::harness::{ExplanationCounts, below, check_propagator};
        let counts = check_propagator("distinct sum", 400, 83, 2..=6, |b, vars, rng| {
            let n = vars.len() as u32;
            let total = below(rng, 8 * n) as i64;
            let sum = DistinctSum::new(vars.to_vec(), total, below(rng, 2) as i64);
            b.add_propagator(sum).unwrap();
        });
        assert_eq!(
            counts,
            ExplanationCounts {
                own: 14814,
                scope: 0
            }
        );
    }
}
