//! The learnt clauses, propagated by two watched literals.

use super::Failure;
use super::implication::CLAUSE;
use super::wide_watches::WideWatches;
use crate::domain_store::WideState;
use crate::explanation::Literal;
use crate::propagation::{Agenda, Conflict, PropagationContext, Rule};
use crate::{DomainStore, Model, ValueSet, VarId};

/// Learnt clauses kept whatever their LBD: those that join at most this
/// many decision levels ("glue" clauses).
const GLUE: u32 = 2;

/// One clause: where its literals are, its LBD (literal block distance:
/// how many decision levels its literals joined when it was learnt), and
/// whether it blocks a solution (kept for good: counting needs it).
#[derive(Clone, Copy, Debug)]
struct Clause {
    start: u32,
    len: u32,
    lbd: u32,
    blocking: bool,
}

/// A clause watching a literal, with another of its literals (the
/// blocker): while the blocker is true the clause is satisfied, and its
/// literals are not read (MiniSat's blockers).
#[derive(Clone, Copy, Debug)]
struct Watch {
    clause: u32,
    blocker: Literal,
}

/// Whether `literal` is false in the store's domains: `x = v` once `v` is
/// gone, `x ≠ v` once `x` holds `v` alone, `x >= v` once every value is
/// below `v`, `x <= v` once every value is above (narrow or wide; an
/// empty domain makes every literal over it false).
#[inline]
pub(crate) fn is_false(store: &DomainStore, literal: Literal) -> bool {
    match literal {
        Literal::Is(x, v) => !store.holds(x, v),
        Literal::IsNot(x, v) if !store.is_wide(x) => store.domain(x) == ValueSet::single(v),
        Literal::IsNot(x, v) => store.size(x) == 1 && store.lower(x) == Some(v),
        Literal::AtLeast(x, v) => store.upper(x).is_none_or(|hi| hi < v),
        Literal::AtMost(x, v) => store.lower(x).is_none_or(|lo| lo > v),
    }
}

/// Whether `literal` is true in the store's domains (narrow or wide).
#[inline]
pub(crate) fn is_true(store: &DomainStore, literal: Literal) -> bool {
    match literal {
        Literal::Is(x, v) if !store.is_wide(x) => store.domain(x) == ValueSet::single(v),
        Literal::Is(x, v) => store.size(x) == 1 && store.lower(x) == Some(v),
        Literal::IsNot(x, v) => !store.holds(x, v),
        Literal::AtLeast(x, v) => store.lower(x).is_some_and(|lo| lo >= v),
        Literal::AtMost(x, v) => store.upper(x).is_some_and(|hi| hi <= v),
    }
}

/// The clauses: disjunctions of literals (`x = v`, `x ≠ v`; `x >= v`,
/// `x <= v` over wide variables), each the negation of a set of literals
/// that cannot hold together. Each watches two of its literals that are
/// not false (its first two); a change on the trail that makes a watched
/// literal false moves the watch to another, or, when none is left, makes
/// the other watched literal true (unit propagation), or fails (every
/// literal false). A literal over a narrow variable is watched by its
/// value; one over a wide variable by its variable (every change of it
/// looks at its watches).
#[derive(Clone, Debug, Default)]
pub(crate) struct ClauseDatabase {
    literals: Vec<Literal>,
    clauses: Vec<Clause>,
    /// Per (variable, value), `64 x + v`: the clauses watching `x = v`
    /// (it turns false when `v` is removed).
    on_removal: Vec<Vec<Watch>>,
    /// Per (variable, value): the clauses watching `x ≠ v` (it turns
    /// false when `x` holds `v` alone).
    on_single: Vec<Vec<Watch>>,
    /// The clauses watching literals over wide variables.
    on_wide: WideWatches<Watch>,
    /// The wide variables changed in a batch, with their states before
    /// it and how many holes it pushed.
    wide_batch: Vec<(VarId, WideState, u32)>,
    /// The literals over wide variables a batch made false.
    wide_falsified: Vec<Literal>,
    /// The trail position up to which changes were looked at.
    head: usize,
    /// Per variable: the batch in which it was last seen, and its domain
    /// before that batch's changes.
    seen: Vec<(u64, u64)>,
    batch: u64,
    /// The watch lists to visit in a batch: `(list, is_single)`.
    falsified: Vec<(u32, bool)>,
    touched: Vec<VarId>,
    /// How many clauses learnt from conflicts it holds.
    learnt: usize,
    /// The root's trail length at the last reduction (none: `usize::MAX`).
    reduced_at: usize,
}

impl ClauseDatabase {
    /// No clauses, over the variables of `model`.
    pub(crate) fn new(model: &Model) -> ClauseDatabase {
        let n = model.num_vars();
        ClauseDatabase {
            on_removal: vec![Vec::new(); n * 64],
            on_single: vec![Vec::new(); n * 64],
            on_wide: WideWatches::new(n, model.wide_vars().iter().map(|&(x, _)| x)),
            seen: vec![(0, 0); n],
            reduced_at: usize::MAX,
            ..ClauseDatabase::default()
        }
    }

    /// How many clauses learnt from conflicts it holds (not blocking
    /// ones).
    pub(crate) fn learnt(&self) -> usize {
        self.learnt
    }

    /// The literals of clause `c`.
    pub(crate) fn clause(&self, c: u32) -> &[Literal] {
        let Clause { start, len, .. } = self.clauses[c as usize];
        &self.literals[start as usize..(start + len) as usize]
    }

    fn watch_list(&mut self, literal: Literal) -> &mut Vec<Watch> {
        if self.on_wide.is_wide(literal.var()) {
            return self.on_wide.list(literal);
        }
        match literal {
            Literal::Is(x, v) => &mut self.on_removal[x.index() * 64 + v as usize],
            Literal::IsNot(x, v) => &mut self.on_single[x.index() * 64 + v as usize],
            // A narrow variable's bound is no literal of a clause
            // (conflict analysis writes it as values).
            Literal::AtLeast(..) | Literal::AtMost(..) => {
                unreachable!("a bound literal over a narrow variable")
            }
        }
    }

    /// Watches `watched` (with `blocker`) for clause `c`.
    fn watch(&mut self, c: u32, watched: Literal, blocker: Literal) {
        self.watch_list(watched).push(Watch { clause: c, blocker });
    }

    /// Adds a clause whose first literal is to be made true now and whose
    /// second is the false one of the highest level (it is watched with
    /// the first); returns its index.
    pub(crate) fn add(&mut self, literals: &[Literal], lbd: u32, blocking: bool) -> u32 {
        let c = self.clauses.len() as u32;
        assert!(c < CLAUSE - 2, "too many clauses");
        self.learnt += usize::from(!blocking);
        self.clauses.push(Clause {
            start: self.literals.len() as u32,
            len: literals.len() as u32,
            lbd,
            blocking,
        });
        self.literals.extend_from_slice(literals);
        // A clause of one literal is made true for good at the root: it
        // needs no watch.
        if let [first, second, ..] = *literals {
            self.watch(c, first, second);
            self.watch(c, second, first);
        }
        c
    }

    /// Makes the first literal of clause `c` true (it is unit: every
    /// other is false), crediting `c`. Fails if that empties a domain.
    pub(crate) fn assert_first(
        &mut self,
        c: u32,
        agenda: &mut Agenda,
        store: &mut DomainStore,
        model: &Model,
    ) -> Result<(), Conflict> {
        let literal = self.literals[self.clauses[c as usize].start as usize];
        make_true(literal, c, agenda, store, model)
    }

    /// After a backjump: the trail is `len` long.
    pub(crate) fn backjumped(&mut self, len: usize) {
        self.head = self.head.min(len);
    }

    /// From now on, only changes past the trail's current end are looked
    /// at (after a restart's fixpoint: every clause is propagated).
    pub(crate) fn caught_up(&mut self, store: &DomainStore) {
        self.head = store.trail_len();
    }

    /// Propagates the clauses over the changes since the last call, until
    /// none is left; whether it changed a domain. Fails on a clause all of
    /// whose literals are false, or on a domain emptied by a clause (the
    /// queues are then emptied).
    pub(crate) fn propagate(
        &mut self,
        agenda: &mut Agenda,
        store: &mut DomainStore,
        model: &Model,
    ) -> Result<bool, Failure> {
        let mut changed = false;
        while self.head < store.trail_len() {
            let end = store.trail_len();
            self.batch += 1;
            self.touched.clear();
            self.wide_batch.clear();
            for k in self.head..end {
                if let Some(change) = store.wide_trail_entry(k) {
                    let seen = &mut self.seen[change.var.index()];
                    if seen.0 != self.batch {
                        *seen = (self.batch, self.wide_batch.len() as u64);
                        self.wide_batch.push((change.var, change.before, 0));
                    }
                    self.wide_batch[seen.1 as usize].2 += u32::from(change.hole);
                    continue;
                }
                let (x, old, _) = store.trail_entry(k);
                let seen = &mut self.seen[x.index()];
                if seen.0 != self.batch {
                    *seen = (self.batch, old);
                    self.touched.push(x);
                }
            }
            self.head = end;
            self.falsified.clear();
            for &x in &self.touched {
                let before = self.seen[x.index()].1;
                let now = store.domain(x).0;
                let mut gone = before & !now;
                while gone != 0 {
                    let v = gone.trailing_zeros();
                    gone &= gone - 1;
                    self.falsified.push(((x.index() * 64) as u32 + v, false));
                }
                if now.count_ones() == 1 && before != now {
                    let v = now.trailing_zeros();
                    self.falsified.push(((x.index() * 64) as u32 + v, true));
                }
            }
            for i in 0..self.falsified.len() {
                let (list, single) = self.falsified[i];
                let (x, v) = (VarId(list / 64), list % 64);
                let literal = if single {
                    Literal::IsNot(x, v)
                } else {
                    Literal::Is(x, v)
                };
                if let Err(c) = self.visit(literal, agenda, store, model, &mut changed) {
                    agenda.clear();
                    return Err(c);
                }
            }
            self.wide_falsified.clear();
            for &(x, before, pushed) in &self.wide_batch {
                let now = store.wide_state(x);
                let holes = store.wide_holes(x);
                let old = WideState {
                    holes: now.holes - pushed,
                    ..before
                };
                let pushed = &holes[old.holes as usize..now.holes as usize];
                (self.on_wide).falsified(x, old, now, pushed, &mut self.wide_falsified);
            }
            for i in 0..self.wide_falsified.len() {
                let literal = self.wide_falsified[i];
                if let Err(c) = self.visit(literal, agenda, store, model, &mut changed) {
                    agenda.clear();
                    return Err(c);
                }
            }
        }
        Ok(changed)
    }

    /// Visits the clauses watching `falsified`, which just turned false.
    fn visit(
        &mut self,
        falsified: Literal,
        agenda: &mut Agenda,
        store: &mut DomainStore,
        model: &Model,
        changed: &mut bool,
    ) -> Result<(), Failure> {
        let mut watchers = std::mem::take(self.watch_list(falsified));
        let mut kept = 0;
        let mut result = Ok(());
        let mut i = 0;
        while i < watchers.len() {
            let watch = watchers[i];
            i += 1;
            if is_true(store, watch.blocker) {
                watchers[kept] = watch;
                kept += 1;
                continue;
            }
            let c = watch.clause;
            let Clause { start, len, .. } = self.clauses[c as usize];
            let (start, len) = (start as usize, len as usize);
            let lits = &mut self.literals[start..start + len];
            if lits[0] == falsified {
                lits.swap(0, 1);
            }
            if lits[1] != falsified {
                // A stale watch (the clause moved it): drop it.
                continue;
            }
            let first = lits[0];
            let kept_watch = Watch {
                clause: c,
                blocker: first,
            };
            if !is_false(store, falsified) || is_true(store, first) {
                watchers[kept] = kept_watch;
                kept += 1;
                continue;
            }
            if let Some(k) = (2..len).find(|&k| !is_false(store, lits[k])) {
                lits.swap(1, k);
                let moved = lits[1];
                self.watch(c, moved, first);
                continue;
            }
            watchers[kept] = kept_watch;
            kept += 1;
            if is_false(store, first) {
                result = Err(Failure::Clause(c));
                break;
            }
            *changed = true;
            if make_true(first, c, agenda, store, model).is_err() {
                result = Err(Failure::Emptied(first.var()));
                break;
            }
        }
        while i < watchers.len() {
            watchers[kept] = watchers[i];
            kept += 1;
            i += 1;
        }
        watchers.truncate(kept);
        // No watch was added to this list meanwhile: a clause moves its
        // watch to a literal that is not false.
        *self.watch_list(falsified) = watchers;
        result
    }

    /// A clause all of whose literals are false, if one is (the search
    /// checks, in debug builds, that none is at a solution).
    #[cfg(debug_assertions)]
    pub(crate) fn violated(&self, store: &DomainStore) -> Option<u32> {
        (0..self.clauses.len() as u32).find(|&c| self.clause(c).iter().all(|&l| is_false(store, l)))
    }

    /// Why clause `c` removed `value` from `var`: the negations of its
    /// literals over other variables (all false then), pushed onto
    /// `reason`. Those over `var` itself are left out: the clause allows
    /// `var` only the values its own literals leave, `value` is not one
    /// of them, and the literal it made true is among them (a clause
    /// `x = 1 or x = 6 or y = 3` that made `x = 6` removes 2 because
    /// `y != 3`; `x != 6` is not true there).
    pub(crate) fn reason(&self, c: u32, var: VarId, reason: &mut Vec<Literal>) {
        for &l in self.clause(c) {
            if l.var() != var {
                reason.push(l.negated());
            }
        }
    }

    /// Why clause `c` changed wide variable `var`: the negations of its
    /// other literals, those over `var` included (they were false before
    /// the change, `false_before` says; the literal it made true was
    /// not). A clause `x >= 7 or x <= 3 or y = 1` that raised `x` to 7
    /// did so because `y != 1` and `x >= 4`.
    pub(crate) fn reason_on_wide(
        &self,
        c: u32,
        var: VarId,
        false_before: impl Fn(Literal) -> bool,
        reason: &mut Vec<Literal>,
    ) {
        for &l in self.clause(c) {
            if l.var() != var || false_before(l) {
                reason.push(l.negated());
            }
        }
    }

    /// Why clause `c` failed: the negations of all its literals.
    pub(crate) fn conflict(&self, c: u32, reason: &mut Vec<Literal>) {
        reason.extend(self.clause(c).iter().map(|l| l.negated()));
    }

    /// At the root, after its fixpoint: drops the clauses satisfied there
    /// and the literals false there, then, past `keep` learnt clauses,
    /// the half of the learnt ones (not glue, not blocking) with the
    /// largest LBD (the newest first among equals); rebuilds the watches,
    /// and looks at changes past the trail's end only.
    pub(crate) fn reduce(&mut self, store: &DomainStore, keep: usize) {
        if self.learnt() <= keep && store.trail_len() == self.reduced_at {
            // The root is as it was: no clause is true there or has a
            // false literal there (those learnt since leave root facts
            // out), and none has to go.
            self.head = store.trail_len();
            return;
        }
        self.reduced_at = store.trail_len();
        let mut dropped = vec![false; self.clauses.len()];
        if self.learnt() > keep {
            let mut by_lbd: Vec<u32> = (0..self.clauses.len() as u32)
                .filter(|&c| {
                    let cl = self.clauses[c as usize];
                    !cl.blocking && cl.lbd > GLUE
                })
                .collect();
            // Largest LBD first, the newest first among equals.
            by_lbd.sort_by_key(|&c| {
                (
                    std::cmp::Reverse(self.clauses[c as usize].lbd),
                    std::cmp::Reverse(c),
                )
            });
            for &c in by_lbd.iter().take(by_lbd.len() / 2) {
                dropped[c as usize] = true;
            }
        }
        let (old_literals, old_clauses) = (
            std::mem::take(&mut self.literals),
            std::mem::take(&mut self.clauses),
        );
        self.learnt = 0;
        for list in self.on_removal.iter_mut().chain(self.on_single.iter_mut()) {
            list.clear();
        }
        self.on_wide.clear();
        let mut kept: Vec<Literal> = Vec::new();
        for (cl, _) in (old_clauses.iter().zip(dropped)).filter(|&(_, d)| !d) {
            let lits = &old_literals[cl.start as usize..(cl.start + cl.len) as usize];
            if lits.iter().any(|&l| is_true(store, l)) {
                continue;
            }
            kept.clear();
            kept.extend(lits.iter().copied().filter(|&l| !is_false(store, l)));
            if kept.len() < 2 {
                // Not after a root fixpoint (a unit clause is propagated
                // there): kept whole, its literals that are not false first.
                kept.extend(lits.iter().copied().filter(|&l| is_false(store, l)));
            }
            self.add(&kept, cl.lbd.min(kept.len() as u32), cl.blocking);
        }
        self.head = store.trail_len();
    }
}

/// Makes `literal` true, crediting clause `c` (rule `nogood`).
fn make_true(
    literal: Literal,
    c: u32,
    agenda: &mut Agenda,
    store: &mut DomainStore,
    model: &Model,
) -> Result<(), Conflict> {
    agenda.rules[Rule::Nogood].runs += 1;
    let mut ctx = PropagationContext::crediting(Rule::Nogood, store, agenda, model);
    ctx.mark_cause(CLAUSE | c);
    match literal {
        Literal::Is(x, v) => ctx.assign(x, v),
        Literal::IsNot(x, v) => ctx.remove_value(x, v),
        Literal::AtLeast(x, v) => ctx.raise_lower(x, v),
        Literal::AtMost(x, v) => ctx.lower_upper(x, v),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_removal_is_explained_by_the_literals_over_other_variables() {
        let (x, y) = (VarId(0), VarId(1));
        let mut b = crate::ModelBuilder::new();
        b.new_vars(2, ValueSet::range(9));
        let mut clauses = ClauseDatabase::new(&b.build());
        // x = 6 or x = 1 or y = 3: with x != 1 and y != 3 it makes x = 6,
        // removing 2 (among others) because y != 3 alone; x != 6 is not
        // true there, x != 1 is not needed.
        let c = clauses.add(
            &[Literal::Is(x, 6), Literal::Is(x, 1), Literal::Is(y, 3)],
            2,
            false,
        );
        let mut reason = Vec::new();
        clauses.reason(c, x, &mut reason);
        assert_eq!(reason, [Literal::IsNot(y, 3)]);
        reason.clear();
        clauses.reason(c, y, &mut reason);
        assert_eq!(reason, [Literal::IsNot(x, 6), Literal::IsNot(x, 1)]);
    }

    #[test]
    fn a_bound_is_explained_by_the_other_literals_over_its_variable_too() {
        let mut b = crate::ModelBuilder::new();
        let x = b.new_wide_var(100).expect("a count");
        let y = b.new_var(ValueSet::range(9));
        let mut clauses = ClauseDatabase::new(&b.build());
        // x >= 7 or x <= 3 or y = 1: with y != 1 and x in 4..=50 it
        // raises x to 7 because y != 1 and x >= 4 (x <= 3 is false).
        let c = clauses.add(
            &[
                Literal::AtLeast(x, 7),
                Literal::AtMost(x, 3),
                Literal::Is(y, 1),
            ],
            2,
            false,
        );
        let false_before = |l: Literal| match l {
            Literal::AtMost(_, v) => v < 4,
            Literal::AtLeast(_, v) => v > 50,
            _ => false,
        };
        let mut reason = Vec::new();
        clauses.reason_on_wide(c, x, false_before, &mut reason);
        assert_eq!(reason, [Literal::AtLeast(x, 4), Literal::IsNot(y, 1)]);
    }

    #[test]
    fn bound_literals_are_watched_by_their_wide_variable() {
        let mut b = crate::ModelBuilder::new();
        let x = b.new_wide_var(100).expect("a count");
        let y = b.new_wide_var(100).expect("a count");
        let model = b.build();
        let mut store = DomainStore::with_wide(model.initial_domains(), model.wide_vars(), 0);
        let mut agenda = Agenda::new(&model, crate::PropagationLevel::ForwardChecking);
        let mut clauses = ClauseDatabase::new(&model);
        // x <= 10 or y >= 20.
        let c = clauses.add(&[Literal::AtMost(x, 10), Literal::AtLeast(y, 20)], 2, false);
        clauses.caught_up(&store);
        store.raise_lower(x, 5);
        assert_eq!(
            clauses.propagate(&mut agenda, &mut store, &model),
            Ok(false)
        );
        store.raise_lower(x, 11);
        assert_eq!(clauses.propagate(&mut agenda, &mut store, &model), Ok(true));
        assert_eq!(store.lower(y), Some(20));
        store.lower_upper(y, 19);
        assert_eq!(
            clauses.propagate(&mut agenda, &mut store, &model),
            Err(Failure::Clause(c))
        );
    }
}
