//! First-UIP conflict analysis over the trail.

use super::ClauseDatabase;
use super::implication::{Cause, Levels, cause_at};
use crate::explanation::{Explaining, Literal, scope_reason};
use crate::propagation::Segment;
use crate::{DomainStore, Model, ValueSet, VarId};

/// Where a failure came from.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Failure {
    /// A propagator's run failed (its index).
    Propagator(usize),
    /// Every literal of a clause is false.
    Clause(u32),
    /// A clause emptied the domain of a variable.
    Emptied(VarId),
    /// Nothing that explains itself (a chosen variable without values, a
    /// rejected solution): the decisions explain it.
    Decisions,
    /// The literals of the last analysis, none of the level it ran at
    /// ([`Learnt::lower`]): at the level jumped back to, they fail.
    Lower,
}

/// A clause learnt from a conflict: its literals are in
/// [`ConflictAnalysis::learnt`], the asserting one first and the one of
/// the highest level after it second.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Learnt {
    /// The level to jump back to: the highest of the literals but the
    /// first (0 when there is none).
    pub(crate) backjump: usize,
    /// How many decision levels its literals join.
    pub(crate) lbd: u32,
    /// No literal of the current level was left (a decision that was
    /// forced, or an explanation of older literals only): the literals
    /// in [`ConflictAnalysis::learnt`] fail together at `backjump`, where
    /// the analysis starts again ([`Failure::Lower`]); nothing is learnt.
    pub(crate) lower: bool,
}

/// The analysis of a conflict at the current decision level: starting from
/// the literals that explain the failure, it replaces the newest literal
/// of the current level by its explanation until one literal of that
/// level is left (the first unique implication point); the learnt clause
/// is the negation of that literal and of the older levels' literals met
/// (those of level 0 hold for good and are left out). `x = v` in an
/// explanation is kept as it is when it held before the current level,
/// and replaced by its variable's removals otherwise (a decision's
/// `x = v` is the level's last literal). A removal that emptied a domain
/// is always replaced (it is the conflict, not a point to learn from);
/// when no literal of the current level is left (a forced decision, an
/// explanation by older literals only), the analysis says so
/// ([`Learnt::lower`]) and starts again at the level where they fail.
///
/// Allocated once per search; an analysis allocates nothing past its
/// buffers' growth.
#[derive(Clone, Debug, Default)]
pub(crate) struct ConflictAnalysis {
    /// Domains at the trail position being explained (rolled back entry
    /// by entry).
    scratch: Vec<ValueSet>,
    /// Per variable: its domains and the literals met (one entry, read
    /// together by every literal met).
    marks: Vec<Marks>,
    /// The trail length where level 1 starts as of the last analysis (it
    /// only grows): the root domains in `marks` are those there.
    root_len: usize,
    /// Per variable: the values `v` of the learnt clause's `x = v`.
    group: Vec<u64>,
    /// The decision level of each literal of `learnt`.
    learnt_levels: Vec<usize>,
    pending: usize,
    older: usize,
    reason: Vec<Literal>,
    /// The variables whose marks are set.
    touched: Vec<VarId>,
    /// The learnt clause of the last analysis.
    pub(crate) learnt: Vec<Literal>,
}

/// One variable's domains at the root and at the current level's start,
/// and the values of the literals over it met by an analysis.
#[derive(Clone, Copy, Debug, Default)]
struct Marks {
    root: ValueSet,
    start: ValueSet,
    /// Current-level literals `x ≠ v` still to resolve, and `x = v`.
    pending_not: u64,
    pending_is: u64,
    /// The older levels' literals.
    older_not: u64,
    older_is: u64,
}

impl Marks {
    fn is_clear(&self) -> bool {
        (self.pending_not | self.pending_is | self.older_not | self.older_is) == 0
    }

    fn clear(&mut self) {
        (self.pending_not, self.pending_is) = (0, 0);
        (self.older_not, self.older_is) = (0, 0);
    }
}

impl ConflictAnalysis {
    /// Buffers for a model of `n` variables.
    pub(crate) fn new(n: usize) -> ConflictAnalysis {
        ConflictAnalysis {
            scratch: vec![ValueSet::EMPTY; n],
            marks: vec![Marks::default(); n],
            root_len: usize::MAX,
            group: vec![0; n],
            ..ConflictAnalysis::default()
        }
    }

    /// The variables of the literals met in the last analysis (what
    /// activity-based branching bumps).
    pub(crate) fn met(&self) -> &[VarId] {
        &self.touched
    }

    /// Analyses a failure at the current level (at least 1).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn analyse(
        &mut self,
        failure: Failure,
        store: &DomainStore,
        model: &Model,
        segments: &[Segment],
        levels: &Levels,
        clauses: &ClauseDatabase,
    ) -> Learnt {
        let n = model.num_vars();
        let initial = model.initial_domains();
        for v in 0..n {
            self.scratch[v] = store.domain(VarId(v as u32));
        }
        let current = levels.current();
        let from = levels.start(current);
        for (m, &d) in self.marks.iter_mut().zip(&self.scratch) {
            m.start = d;
        }
        for k in (from..store.trail_len()).rev() {
            let (x, old, _) = store.trail_entry(k);
            self.marks[x.index()].start = ValueSet(old);
        }
        let root_len = levels.start(1);
        if root_len != self.root_len {
            for m in &mut self.marks {
                m.root = m.start;
            }
            for k in (root_len..from).rev() {
                let (x, old, _) = store.trail_entry(k);
                self.marks[x.index()].root = ValueSet(old);
            }
            self.root_len = root_len;
        }
        for &x in &self.touched {
            self.marks[x.index()].clear();
        }
        self.touched.clear();
        (self.pending, self.older) = (0, 0);

        self.reason.clear();
        match failure {
            Failure::Propagator(p) => {
                let propagator = &model.propagators()[p];
                let ex = Explaining::new(&self.scratch, initial);
                if !propagator.explain(None, &ex, &mut self.reason) {
                    self.reason.clear();
                    scope_reason(propagator.scope(), &ex, &mut self.reason);
                }
            }
            Failure::Clause(c) => clauses.conflict(c, &mut self.reason),
            Failure::Emptied(x) => {
                let ex = Explaining::new(&self.scratch, initial);
                ex.push_removed(x, initial[x.index()], &mut self.reason);
            }
            Failure::Decisions => (self.reason).extend(
                levels
                    .decisions_to(current)
                    .iter()
                    .map(|&(x, v)| Literal::Is(x, v)),
            ),
            Failure::Lower => (self.reason).extend(self.learnt.iter().map(|l| l.negated())),
        }
        self.add_reason();

        // The newest current-level literal, replaced by its explanation,
        // until one is left.
        let (dx, dv) = levels.decision(current);
        let mut k = store.trail_len();
        let uip = 'walk: loop {
            if self.pending == 0 {
                break None;
            }
            k -= 1;
            let (x, old, _) = store.trail_entry(k);
            let i = x.index();
            let after = self.scratch[i].0;
            let removed = old & !after;
            if k == from {
                // The decision: its removals are explained by it, and it
                // is the level's first literal.
                let hits = self.marks[i].pending_not & removed;
                if hits != 0 {
                    self.marks[i].pending_not &= !hits;
                    self.pending -= hits.count_ones() as usize;
                    self.add(Literal::Is(dx, dv));
                }
                debug_assert!(self.pending <= 1);
                break (self.pending == 1).then_some(Literal::Is(dx, dv));
            }
            if after.count_ones() == 1 && old != after && self.marks[i].pending_is & after != 0 {
                let v = after.trailing_zeros();
                if self.pending == 1 {
                    break Some(Literal::Is(x, v));
                }
                self.marks[i].pending_is = 0;
                self.pending -= 1;
                for w in initial[i].iter().filter(|&w| w != v) {
                    self.add(Literal::IsNot(x, w));
                }
            }
            let mut hits = self.marks[i].pending_not & removed;
            if hits != 0 {
                self.scratch[i] = ValueSet(old);
                let cause = cause_at(segments, k, model.propagators().len());
                while hits != 0 {
                    let w = hits.trailing_zeros();
                    hits &= hits - 1;
                    // A removal that emptied the domain is no point to
                    // stop at: `x != w` where `x = w` held is the conflict
                    // itself, and its clause would hold at the jump.
                    if self.pending == 1 && after != 0 {
                        break 'walk Some(Literal::IsNot(x, w));
                    }
                    self.marks[i].pending_not &= !(1 << w);
                    self.pending -= 1;
                    self.explain_removal(cause, x, w, current, model, levels, clauses);
                    self.add_reason();
                }
            }
            self.scratch[i] = ValueSet(old);
        };

        // The scratch domains back to the level's start.
        for (d, m) in self.scratch.iter_mut().zip(&self.marks) {
            *d = m.start;
        }
        k = from;

        // The older literals' levels, newest first: walking on down the
        // trail, where each became true.
        self.learnt.clear();
        self.learnt_levels.clear();
        self.learnt.extend(uip.map(|l| l.negated()));
        self.learnt_levels.extend(uip.map(|_| current));
        let mut level = current - 1;
        while self.older > 0 && level >= 1 {
            let level_start = levels.start(level);
            while k > level_start && self.older > 0 {
                k -= 1;
                let (x, old, _) = store.trail_entry(k);
                let i = x.index();
                let after = self.scratch[i].0;
                let removed = old & !after;
                let found = |literal: Literal, this: &mut Self| {
                    this.learnt.push(literal.negated());
                    this.learnt_levels.push(level);
                    this.older -= 1;
                };
                if after.count_ones() == 1 && old != after && self.marks[i].older_is & after != 0 {
                    self.marks[i].older_is = 0;
                    found(Literal::Is(x, after.trailing_zeros()), self);
                }
                let mut hits = self.marks[i].older_not & removed;
                self.marks[i].older_not &= !hits;
                while hits != 0 {
                    let w = hits.trailing_zeros();
                    hits &= hits - 1;
                    found(Literal::IsNot(x, w), self);
                }
                self.scratch[i] = ValueSet(old);
            }
            level -= 1;
        }
        self.compress();
        // The levels go down past the first literal: the jump is to the
        // second's, and equal levels sit together.
        let first_older = usize::from(uip.is_some());
        let backjump = self.learnt_levels.get(first_older).copied().unwrap_or(0);
        let mut lbd = 0;
        let mut last = usize::MAX;
        for &l in &self.learnt_levels {
            if l != last {
                lbd += 1;
                last = l;
            }
        }
        Learnt {
            backjump,
            lbd,
            lower: uip.is_none(),
        }
    }

    /// Writes each variable's `x = w` literals of the learnt clause that
    /// leave out just one value `v` of its root domain as one `x != v`
    /// (the same clause where the root holds: `x` in the root domain but
    /// `v`), at the place (and level) of the first of them. Levels stay
    /// in decreasing order past the first literal.
    fn compress(&mut self) {
        let mut any = false;
        for &l in &self.learnt {
            if let Literal::Is(x, w) = l {
                let g = &mut self.group[x.index()];
                any |= *g != 0;
                *g |= 1 << w;
            }
        }
        if any {
            let mut kept = 0;
            for k in 0..self.learnt.len() {
                let mut literal = self.learnt[k];
                if let Literal::Is(x, _) = literal {
                    let i = x.index();
                    let group = self.group[i];
                    if group == u64::MAX {
                        // Written already, at its first place.
                        continue;
                    }
                    let rest = self.marks[i].root.0 & !group;
                    if group.count_ones() >= 2 && rest.count_ones() == 1 {
                        literal = Literal::IsNot(x, rest.trailing_zeros());
                        self.group[i] = u64::MAX;
                    }
                }
                self.learnt[kept] = literal;
                self.learnt_levels[kept] = self.learnt_levels[k];
                kept += 1;
            }
            self.learnt.truncate(kept);
            self.learnt_levels.truncate(kept);
        }
        for &l in &self.learnt {
            self.group[l.var().index()] = 0;
        }
    }

    /// Pushes onto `reason` why `value` left `var` at a change made by
    /// `cause` at level `level` (the scratch domains are those just
    /// before that change).
    #[allow(clippy::too_many_arguments)]
    fn explain_removal(
        &mut self,
        cause: Cause,
        var: VarId,
        value: u32,
        level: usize,
        model: &Model,
        levels: &Levels,
        clauses: &ClauseDatabase,
    ) {
        self.reason.clear();
        match cause {
            Cause::Decision => {
                let (x, v) = levels.decision(level);
                self.reason.push(Literal::Is(x, v));
            }
            Cause::Propagator(p) => {
                let propagator = &model.propagators()[p];
                let ex = Explaining::new(&self.scratch, model.initial_domains());
                if !propagator.explain(Some((var, value)), &ex, &mut self.reason) {
                    self.reason.clear();
                    scope_reason(propagator.scope(), &ex, &mut self.reason);
                }
            }
            Cause::Clause(c) => clauses.reason(c, var, &mut self.reason),
            Cause::Unknown => (self.reason).extend(
                levels
                    .decisions_to(level)
                    .iter()
                    .map(|&(x, v)| Literal::Is(x, v)),
            ),
        }
    }

    fn add_reason(&mut self) {
        for k in 0..self.reason.len() {
            let literal = self.reason[k];
            self.add(literal);
        }
    }

    /// Marks a literal that holds now: to resolve if the current level
    /// made it true, else to keep in the learnt clause.
    fn add(&mut self, literal: Literal) {
        let m = &mut self.marks[literal.var().index()];
        let first = m.is_clear();
        let new = match literal {
            // What holds at the root stays out of every clause (and the
            // walk down the older levels need not look for it).
            Literal::IsNot(_, w) => {
                if !m.root.contains(w) {
                    return;
                }
                let bit = 1u64 << w;
                if m.start.contains(w) {
                    let new = m.pending_not & bit == 0;
                    m.pending_not |= bit;
                    self.pending += usize::from(new);
                    new
                } else {
                    let new = m.older_not & bit == 0;
                    m.older_not |= bit;
                    self.older += usize::from(new);
                    new
                }
            }
            Literal::Is(_, v) => {
                if m.root == ValueSet::single(v) {
                    return;
                }
                let bit = 1u64 << v;
                if m.start != ValueSet::single(v) {
                    let new = m.pending_is & bit == 0;
                    m.pending_is |= bit;
                    self.pending += usize::from(new);
                    new
                } else {
                    let new = m.older_is & bit == 0;
                    m.older_is |= bit;
                    self.older += usize::from(new);
                    new
                }
            }
        };
        if new && first {
            self.touched.push(literal.var());
        }
    }
}
