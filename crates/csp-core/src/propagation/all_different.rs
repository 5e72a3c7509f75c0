//! All-different over a group of variables.

use super::matching::{self, MAX_VARS};
use super::work_space::with_work_space;
use super::{
    Conflict, Events, Hypothesis, NotifyContext, PropagationContext, PropagationLevel, Propagator,
    Rule, Wake,
};
use crate::explanation::{Explaining, Literal};
use crate::{ValueSet, VarId};

/// State word: the values placed in the group.
const PLACED: usize = 0;
/// State word: the values placed since the last forward check.
const FRESH: usize = 1;
/// State word: non-zero once two variables hold the same value.
const CLASH: usize = 2;

/// The variables of the group take pairwise different values.
///
/// - At every level: two assigned variables with the same value conflict,
///   and the values of assigned variables are removed from the others'
///   domains (at [`PropagationLevel::None`] a wipe-out does not fail).
///   Incremental: the group keeps the values placed in it (trailed state,
///   updated as variables are assigned) and removes only those placed since
///   its last run.
/// - At [`PropagationLevel::Singles`] and above, when the group is a
///   *permutation* (as many variables as values, like a Sudoku house): a value
///   with exactly one possible variable is assigned there (hidden single),
///   and a value with no possible variable is a conflict.
/// - At [`PropagationLevel::Gac`] and above: generalized arc consistency
///   (Régin's algorithm, see `matching.rs`): every value
///   that no assignment of distinct values to the whole group uses is
///   removed, and a group that has no such assignment is a conflict. Groups
///   of more than 64 variables skip this step.
#[derive(Clone, Debug)]
pub struct AllDifferent {
    vars: Vec<VarId>,
    values: ValueSet,
}

thread_local! {
    /// Work space of [`AllDifferent::explain_by_hall_set`]: the union of
    /// the domains of each subset of the group.
    static UNIONS: std::cell::RefCell<Vec<ValueSet>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl AllDifferent {
    /// All-different over `vars`, whose domains are subsets of `values`.
    pub fn new(vars: Vec<VarId>, values: ValueSet) -> AllDifferent {
        AllDifferent { vars, values }
    }

    /// The most variables (besides the one a removal is about) among
    /// which [`AllDifferent::explain_by_hall_set`] looks for a Hall set,
    /// by trying every subset.
    const HALL_SEARCH_VARS: usize = 12;

    /// Explains a removal of `w` from `x` (`None`: a failure) by the
    /// smallest set of other variables whose domains, before it, hold
    /// `w` (for a failure: any values) and as few values as they are
    /// variables (fewer, for a failure): those values are theirs. Pushes
    /// their removals outside those values. `false` if there is none, or
    /// the group is too large to look.
    fn explain_by_hall_set(
        &self,
        removal: Option<(VarId, u32)>,
        ex: &Explaining<'_>,
        reason: &mut Vec<Literal>,
    ) -> bool {
        // Placed variables first left out (a Hall set of the others
        // holding `w` is one without them, as soon as their digits are
        // gone from the others): 2^k subsets fall fast with k.
        removal.is_some() && self.hall_set_among(removal, ex, reason, true)
            || self.hall_set_among(removal, ex, reason, false)
    }

    /// [`explain_by_hall_set`](Self::explain_by_hall_set) among the other
    /// variables, those with one value left out if `unplaced`.
    fn hall_set_among(
        &self,
        removal: Option<(VarId, u32)>,
        ex: &Explaining<'_>,
        reason: &mut Vec<Literal>,
        unplaced: bool,
    ) -> bool {
        let mut others = [VarId(0); Self::HALL_SEARCH_VARS];
        let mut k = 0;
        for &y in &self.vars {
            if removal.is_none_or(|(x, _)| y != x) && !(unplaced && ex.domain(y).len() == 1) {
                if k == Self::HALL_SEARCH_VARS {
                    return false;
                }
                others[k] = y;
                k += 1;
            }
        }
        let others = &others[..k];
        with_work_space(&UNIONS, |unions| {
            // The union of the domains of each subset, from that of the
            // subset without its first variable.
            unions.clear();
            unions.push(ValueSet::EMPTY);
            let mut best: Option<(u32, u32, ValueSet)> = None;
            for mask in 1u32..1 << k {
                let first = mask.trailing_zeros() as usize;
                let union = unions[(mask & (mask - 1)) as usize].union(ex.domain(others[first]));
                unions.push(union);
                let size = mask.count_ones();
                if best.is_some_and(|(s, _, _)| s <= size) {
                    continue;
                }
                let hall = match removal {
                    Some((_, w)) => union.contains(w) && union.len() <= size,
                    None => union.len() < size,
                };
                if hall {
                    best = Some((size, mask, union));
                }
            }
            let Some((_, mask, union)) = best else {
                return false;
            };
            for (i, &y) in others.iter().enumerate() {
                if mask >> i & 1 == 1 {
                    ex.push_removed(y, ex.removed(y).difference(union), reason);
                }
            }
            true
        })
    }

    /// Whether every value must be used (as many variables as values).
    pub fn is_permutation(&self) -> bool {
        self.vars.len() == self.values.len() as usize
    }

    /// The hidden singles of a permutation group over `values` whose
    /// variables have `domains`: the values with exactly one possible
    /// variable, not yet `placed`. A value with no possible variable is a
    /// conflict. (Shared with propagators that stand for many groups.)
    pub fn hidden_values(
        domains: impl Iterator<Item = ValueSet>,
        values: ValueSet,
        placed: ValueSet,
    ) -> Result<ValueSet, Conflict> {
        let (mut once, mut twice) = (0u64, 0u64);
        for d in domains {
            twice |= once & d.0;
            once |= d.0;
        }
        if once & values.0 != values.0 {
            return Err(Conflict);
        }
        Ok(ValueSet(once & !twice & !placed.0))
    }

    /// Whether `values` are pairwise different (a complete assignment of a
    /// group satisfies it).
    pub fn distinct(values: impl Iterator<Item = u32>) -> bool {
        let mut seen = 0u64;
        values.into_iter().all(|x| {
            let bit = 1u64 << x;
            let fresh = seen & bit == 0;
            seen |= bit;
            fresh
        })
    }

    /// Removes the values placed since the last run from the unassigned
    /// variables; returns every value placed in the group.
    fn forward_check(&self, ctx: &mut PropagationContext<'_>) -> Result<ValueSet, Conflict> {
        if ctx.state(CLASH) != 0 {
            return Err(Conflict);
        }
        let fresh = ValueSet(ctx.state(FRESH));
        if !fresh.is_empty() {
            ctx.set_state(FRESH, 0);
            for &v in &self.vars {
                if !ctx.is_assigned(v) {
                    ctx.remove_values(v, fresh)?;
                }
            }
        }
        Ok(ValueSet(ctx.state(PLACED)))
    }

    /// Assigns hidden singles; returns whether it assigned any.
    fn hidden_singles(
        &self,
        ctx: &mut PropagationContext<'_>,
        assigned: ValueSet,
    ) -> Result<bool, Conflict> {
        let domains = self.vars.iter().map(|&v| ctx.domain(v));
        let hidden = Self::hidden_values(domains, self.values, assigned)?.0;
        if hidden == 0 {
            return Ok(false);
        }
        let mut placed = false;
        for &v in &self.vars {
            if ctx.is_assigned(v) {
                continue;
            }
            if let Some(x) = ctx.domain(v).intersection(ValueSet(hidden)).min() {
                ctx.assign(v, x)?;
                placed = true;
            }
        }
        Ok(placed)
    }

    /// Removes the values no matching supports (Régin), looking only at
    /// the part of the group where some may go ([`matching::open_part`]).
    fn arc_consistency(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let n = self.vars.len();
        if n > MAX_VARS {
            return Ok(());
        }
        let mut domains = [0u64; MAX_VARS];
        for (d, &v) in domains.iter_mut().zip(&self.vars) {
            *d = ctx.domain(v).0;
        }
        let mut kept = [0u8; MAX_VARS];
        let Some(m) = matching::open_part(&domains[..n], &mut kept) else {
            return Ok(());
        };
        let mut part = [0u64; MAX_VARS];
        for (d, &i) in part.iter_mut().zip(&kept[..m]) {
            *d = domains[i as usize];
        }
        let mut supported = [0u64; MAX_VARS];
        let filtered = matching::supported_values_explained(
            &part[..m],
            &mut supported[..m],
            |subsets, supported| {
                for (j, (&i, &keep)) in kept.iter().zip(supported).enumerate() {
                    if keep == part[j] {
                        continue;
                    }
                    let var = self.vars[i as usize];
                    let gone = ctx.domain(var).difference(ValueSet(keep));
                    for v in gone.iter() {
                        ctx.record_subset(subsets.size(j, v), 1);
                    }
                    ctx.remove_values(var, gone)?;
                }
                Ok(())
            },
        );
        filtered.unwrap_or(Err(Conflict))
    }
}

impl Propagator for AllDifferent {
    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn propagate(&self, ctx: &mut PropagationContext<'_>) -> Result<(), Conflict> {
        let level = ctx.level();
        loop {
            let assigned = self.forward_check(ctx)?;
            if level < PropagationLevel::Singles || !self.is_permutation() {
                break;
            }
            ctx.begin(Rule::HiddenSingles);
            let placed = self.hidden_singles(ctx, assigned)?;
            ctx.credit(Rule::ForwardChecking);
            if !placed {
                break;
            }
        }
        if level >= PropagationLevel::Gac {
            ctx.begin(Rule::Gac);
            self.arc_consistency(ctx)?;
        }
        Ok(())
    }

    fn forward_check_removals(&self, h: &mut Hypothesis<'_>) {
        let (var, value) = h.placement();
        for &v in &self.vars {
            if v != var {
                h.remove(v, ValueSet::single(value));
            }
        }
    }

    fn check(&self, value: &dyn Fn(VarId) -> u32) -> bool {
        Self::distinct(self.vars.iter().map(|&v| value(v)))
    }

    /// A value taken by another variable (`y = v`); in a permutation
    /// group, a value no other variable can take any more (`y ≠ v` for
    /// all the others); a Hall set that takes the value (variables, not
    /// the one it left, that can only take as many values as they are,
    /// the value among them: their removals); a failure: an emptied
    /// domain's removals, two variables with one value, or variables that
    /// can only take fewer values than they are.
    fn explain(
        &self,
        removal: Option<(VarId, u32)>,
        ex: &Explaining<'_>,
        reason: &mut Vec<Literal>,
    ) -> bool {
        let Some((x, w)) = removal else {
            if ex.push_emptied(&self.vars, reason) {
                return true;
            }
            let mut seen: Vec<(u32, VarId)> = Vec::new();
            for &y in &self.vars {
                if let Some(v) = ex.domain(y).min().filter(|_| ex.domain(y).len() == 1) {
                    if let Some(&(_, z)) = seen.iter().find(|&&(u, _)| u == v) {
                        reason.extend([Literal::Is(z, v), Literal::Is(y, v)]);
                        return true;
                    }
                    seen.push((v, y));
                }
            }
            // Pigeonhole: more variables than the values they can take.
            return self.explain_by_hall_set(None, ex, reason);
        };
        let taken = ValueSet::single(w);
        if let Some(&y) = (self.vars.iter()).find(|&&y| y != x && ex.domain(y) == taken) {
            reason.push(Literal::Is(y, w));
            return true;
        }
        if self.is_permutation() {
            let elsewhere = (self.vars.iter())
                .filter(|&&y| y != x)
                .fold(ValueSet::EMPTY, |acc, &y| acc.union(ex.domain(y)));
            let only_here = ex.domain(x).difference(elsewhere).difference(taken);
            if let Some(v) = only_here.min() {
                for &y in self.vars.iter().filter(|&&y| y != x) {
                    ex.push_removed(y, ValueSet::single(v), reason);
                }
                return true;
            }
        }
        self.explain_by_hall_set(Some((x, w)), ex, reason)
    }

    fn name(&self) -> &'static str {
        "all-different"
    }

    fn events(&self, level: PropagationLevel) -> Events {
        if (level >= PropagationLevel::Singles && self.is_permutation())
            || level >= PropagationLevel::Gac
        {
            Events::ANY
        } else {
            Events::ASSIGNED
        }
    }

    fn state_words(&self) -> usize {
        3
    }

    fn notifies(&self, _level: PropagationLevel) -> Events {
        Events::ASSIGNED
    }

    fn initialise(&self, ctx: &mut NotifyContext<'_>) {
        for (local, &v) in self.vars.iter().enumerate() {
            if ctx.value(v).is_some() {
                self.notify(ctx, local, Events::ASSIGNED);
            }
        }
    }

    fn notify(&self, ctx: &mut NotifyContext<'_>, local: usize, events: Events) -> Wake {
        if events.contains(Events::ASSIGNED) {
            let value = ctx.value(self.vars[local]).expect("assigned");
            let bit = 1u64 << value;
            let placed = ctx.state(PLACED);
            if placed & bit != 0 {
                ctx.set_state(CLASH, 1);
            }
            ctx.set_state(PLACED, placed | bit);
            let fresh = ctx.state(FRESH);
            ctx.set_state(FRESH, fresh | bit);
        }
        Wake::Run
    }

    fn is_forward_checking_group(&self) -> bool {
        // Below singles a run is `forward_check`; its state words serve
        // its runs alone (a placement takes a value its domain holds, so
        // no clash is left for them to find).
        true
    }

    fn rule(&self) -> Rule {
        Rule::ForwardChecking
    }
}

#[cfg(test)]
mod tests {
    use super::AllDifferent;
    use crate::harness::{ExplanationCounts, check_propagator};
    use crate::testing::{domains_after, fixed};
    use crate::{ModelBuilder, PropagationLevel, ValueSet, VarId};

    #[test]
    fn explanations_of_permutation_groups_are_true() {
        // As many variables as values: assigned values, hidden singles,
        // clashes and the matching's removals (Hall sets) all explained.
        // Nine variables over 0..9, as a Sudoku house (random domains).
        let counts = check_propagator("permutation", 300, 12, 9..=9, |b, vars, _| {
            b.add_propagator(AllDifferent::new(vars.to_vec(), ValueSet::range(9)))
                .unwrap();
        });
        assert_eq!(
            counts,
            ExplanationCounts {
                own: 9518,
                scope: 0
            }
        );
    }

    /// Four variables with values 0..4 under one all-different.
    fn group() -> crate::Model {
        let mut b = ModelBuilder::new();
        let vars = b.new_vars(4, ValueSet::range(4));
        b.all_different(&vars).unwrap();
        b.build()
    }

    #[test]
    fn removes_assigned_values_at_every_level() {
        for level in PropagationLevel::ALL {
            let d = domains_after(&group(), level, &fixed(&[(0, 2)])).unwrap();
            assert_eq!(d[0], ValueSet::single(2));
            assert_eq!(d[1], ValueSet(0b1011), "{level}");
        }
    }

    #[test]
    fn equal_assigned_values_conflict() {
        let r = domains_after(&group(), PropagationLevel::None, &fixed(&[(0, 1), (3, 1)]));
        assert!(r.is_err());
    }

    #[test]
    fn wipe_out_fails_only_from_forward_checking_on() {
        // x0=0, x1=1, x2=2 leave x3 with {3}; an extra group {x3, x4} with x4=3
        // wipes x3 out.
        let mut b = ModelBuilder::new();
        let vars = b.new_vars(5, ValueSet::range(4));
        b.all_different(&vars[..4]).unwrap();
        b.all_different(&[vars[3], vars[4]]).unwrap();
        let m = b.build();
        let givens = fixed(&[(0, 0), (1, 1), (2, 2), (4, 3)]);
        let d = domains_after(&m, PropagationLevel::None, &givens).unwrap();
        assert_eq!(d[3], ValueSet::EMPTY);
        assert!(domains_after(&m, PropagationLevel::ForwardChecking, &givens).is_err());
    }

    #[test]
    fn hidden_single_only_at_singles_level() {
        // Values 0..4; x1, x2, x3 lose value 3 through a second group with x4 = 3,
        // so value 3 has one place left in the first group: x0.
        let mut b = ModelBuilder::new();
        let v = b.new_vars(5, ValueSet::range(4));
        b.all_different(&v[..4]).unwrap();
        for &i in &v[1..4] {
            b.all_different(&[i, v[4]]).unwrap();
        }
        let m = b.build();
        let givens = fixed(&[(4, 3)]);
        let fc = domains_after(&m, PropagationLevel::ForwardChecking, &givens).unwrap();
        assert_eq!(fc[0], ValueSet::range(4));
        let singles = domains_after(&m, PropagationLevel::Singles, &givens).unwrap();
        assert_eq!(singles[0], ValueSet::single(3));
        assert_eq!(singles[1], ValueSet(0b0111));
    }

    #[test]
    fn value_without_place_conflicts_at_singles() {
        // Three groups {x_i, x4} with x4 = 3 and a fixed x0 = 0 ... value 3
        // has no place among x0..x3 when x0 is assigned 0.
        let mut b = ModelBuilder::new();
        let v = b.new_vars(5, ValueSet::range(4));
        b.all_different(&v[..4]).unwrap();
        for &i in &v[1..4] {
            b.all_different(&[i, v[4]]).unwrap();
        }
        let m = b.build();
        let givens = fixed(&[(4, 3), (0, 0)]);
        assert!(domains_after(&m, PropagationLevel::ForwardChecking, &givens).is_ok());
        assert!(domains_after(&m, PropagationLevel::Singles, &givens).is_err());
    }

    #[test]
    fn not_a_permutation_has_no_hidden_singles() {
        // Three variables over four values: no value has to be used.
        let mut b = ModelBuilder::new();
        let v = b.new_vars(3, ValueSet::range(4));
        b.all_different(&v).unwrap();
        let m = b.build();
        let d = domains_after(&m, PropagationLevel::Singles, &fixed(&[(0, 0)])).unwrap();
        assert_eq!(d[1], ValueSet(0b1110));
    }

    /// One group over the given initial domains.
    fn group_of(domains: &[u64]) -> crate::Model {
        let mut b = ModelBuilder::new();
        let vars: Vec<VarId> = domains.iter().map(|&d| b.new_var(ValueSet(d))).collect();
        b.all_different(&vars).unwrap();
        b.build()
    }

    #[test]
    fn gac_removes_a_naked_pair_only_at_gac() {
        let m = group_of(&[0b0011, 0b0011, 0b1111, 0b1111]);
        let singles = domains_after(&m, PropagationLevel::Locked, &[]).unwrap();
        assert_eq!(singles[2], ValueSet(0b1111));
        let gac = domains_after(&m, PropagationLevel::Gac, &[]).unwrap();
        assert_eq!(gac, [0b0011, 0b0011, 0b1100, 0b1100].map(ValueSet));
    }

    #[test]
    fn gac_keeps_values_that_some_assignment_uses() {
        let m = group_of(&[0b0111, 0b0111, 0b1110, 0b1111]);
        let gac = domains_after(&m, PropagationLevel::Gac, &[]).unwrap();
        assert_eq!(gac, [0b0111, 0b0111, 0b1110, 0b1111].map(ValueSet));
    }

    #[test]
    fn gac_finds_a_pigeonhole_that_singles_miss() {
        // Three variables share {0, 1}; values 2, 3, 4 have two places each
        // (no hidden single), but only two variables to go to.
        let m = group_of(&[0b00011, 0b00011, 0b00011, 0b11111, 0b11111]);
        assert!(domains_after(&m, PropagationLevel::Locked, &[]).is_ok());
        assert!(domains_after(&m, PropagationLevel::Gac, &[]).is_err());
    }

    #[test]
    fn check_accepts_distinct_values_only() {
        let m = group();
        let p = &m.propagators()[0];
        assert!(p.check(&|v: VarId| v.0));
        assert!(!p.check(&|v: VarId| v.0 % 2));
    }
}
