//! First-UIP conflict analysis over the trail.

use super::ClauseDatabase;
use super::implication::{Cause, Levels, cause_at};
use super::wide_marks::{self, NO_HI, NO_LO, WideMarks};
use crate::domain_store::WideState;
use crate::explanation::{Explaining, Literal, scope_reason};
use crate::propagation::Segment;
use crate::{DomainStore, Model, ValueSet, VarId};

/// `wide_at[i]` of a narrow variable.
const NARROW: u32 = u32::MAX;

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
/// A wide variable's literals are bounds and holes ([`wide_marks`]): a
/// change on its trail makes true the bounds it passed and the hole it
/// pushed; the change's explanation is its cause's (a propagator over a
/// wide variable explains by its scope's states) with the old bound and
/// the holes the new bound passed. A change that makes both bounds true
/// (other than `x = v`) is no point to stop at.
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
    /// Per variable: the index of its [`WideMarks`] in `wide`, or
    /// [`NARROW`] (empty when no variable is wide).
    wide_at: Vec<u32>,
    wide: Vec<WideMarks>,
    /// Per propagator: whether its scope has a wide variable (it then
    /// explains by its scope's states; empty when no variable is wide).
    reads_wide: Vec<bool>,
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
    /// Buffers for `model`.
    pub(crate) fn new(model: &Model) -> ConflictAnalysis {
        let n = model.num_vars();
        let mut wide_at = Vec::new();
        let mut reads_wide = Vec::new();
        if !model.wide_vars().is_empty() {
            wide_at = vec![NARROW; n];
            for (k, &(x, _)) in model.wide_vars().iter().enumerate() {
                wide_at[x.index()] = k as u32;
            }
            reads_wide = (model.propagators().iter())
                .map(|p| p.scope().iter().any(|&x| wide_at[x.index()] != NARROW))
                .collect();
        }
        ConflictAnalysis {
            scratch: vec![ValueSet::EMPTY; n],
            marks: vec![Marks::default(); n],
            root_len: usize::MAX,
            group: vec![0; n],
            wide: vec![WideMarks::default(); model.wide_vars().len()],
            wide_at,
            reads_wide,
            ..ConflictAnalysis::default()
        }
    }

    /// The index of `var`'s [`WideMarks`] if it is wide.
    #[inline]
    fn wide_of(&self, var: VarId) -> Option<usize> {
        match self.wide_at.get(var.index()) {
            Some(&w) if w != NARROW => Some(w as usize),
            _ => None,
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
        for (&(x, _), w) in model.wide_vars().iter().zip(&mut self.wide) {
            w.now = store.wide_state(x);
            w.start = w.now;
        }
        let current = levels.current();
        let from = levels.start(current);
        for (m, &d) in self.marks.iter_mut().zip(&self.scratch) {
            m.start = d;
        }
        for k in (from..store.trail_len()).rev() {
            if let Some(change) = store.wide_trail_entry(k) {
                let w = &mut self.wide[self.wide_at[change.var.index()] as usize];
                w.start = before(change.before, change.hole, w.start);
                continue;
            }
            let (x, old, _) = store.trail_entry(k);
            self.marks[x.index()].start = ValueSet(old);
        }
        let root_len = levels.start(1);
        if root_len != self.root_len {
            for m in &mut self.marks {
                m.root = m.start;
            }
            for w in &mut self.wide {
                w.root = w.start;
            }
            for k in (root_len..from).rev() {
                if let Some(change) = store.wide_trail_entry(k) {
                    let w = &mut self.wide[self.wide_at[change.var.index()] as usize];
                    w.root = before(change.before, change.hole, w.root);
                    continue;
                }
                let (x, old, _) = store.trail_entry(k);
                self.marks[x.index()].root = ValueSet(old);
            }
            self.root_len = root_len;
        }
        for &x in &self.touched {
            self.marks[x.index()].clear();
            if let Some(w) = self.wide_of(x) {
                self.wide[w].clear();
            }
        }
        self.touched.clear();
        (self.pending, self.older) = (0, 0);

        self.reason.clear();
        match failure {
            Failure::Propagator(p) => self.propagator_reason(p, None, model, store),
            Failure::Clause(c) => clauses.conflict(c, &mut self.reason),
            Failure::Emptied(x) => self.push_states(&[x], initial, store),
            Failure::Decisions => (self.reason).extend(levels.decisions_to(current)),
            Failure::Lower => (self.reason).extend(self.learnt.iter().map(|l| l.negated())),
        }
        self.add_reason(store);

        // The newest current-level literal, replaced by its explanation,
        // until one is left.
        let decision = levels.decision(current);
        let mut k = store.trail_len();
        let uip = 'walk: loop {
            if self.pending == 0 {
                break None;
            }
            k -= 1;
            if let Some(change) = store.wide_trail_entry(k) {
                if k == from {
                    // The decision: what is still pending, it made true
                    // (over its variable), with the old bound and the
                    // holes its new bound passed.
                    self.decided_wide(change, store);
                    break Some(decision);
                }
                if let Some(uip) =
                    self.walk_wide(change, k, model, store, segments, levels, clauses)
                {
                    break Some(uip);
                }
                continue;
            }
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
                    self.add(decision, store);
                }
                debug_assert!(self.pending <= 1);
                break (self.pending == 1).then_some(decision);
            }
            if after.count_ones() == 1 && old != after && self.marks[i].pending_is & after != 0 {
                let v = after.trailing_zeros();
                if self.pending == 1 {
                    break Some(Literal::Is(x, v));
                }
                self.marks[i].pending_is = 0;
                self.pending -= 1;
                for w in initial[i].iter().filter(|&w| w != v) {
                    self.add(Literal::IsNot(x, w), store);
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
                    let change = Change::Removal(w);
                    self.explain_change(cause, x, change, current, model, store, levels, clauses);
                    self.add_reason(store);
                }
            }
            self.scratch[i] = ValueSet(old);
        };

        // The scratch domains back to the level's start.
        for (d, m) in self.scratch.iter_mut().zip(&self.marks) {
            *d = m.start;
        }
        for w in &mut self.wide {
            w.now = w.start;
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
                if let Some(change) = store.wide_trail_entry(k) {
                    self.older_wide(change, level, store);
                    continue;
                }
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
            if let Literal::Is(x, w) = l
                && self.wide_of(x).is_none()
            {
                let g = &mut self.group[x.index()];
                any |= *g != 0;
                *g |= 1 << w;
            }
        }
        if any {
            let mut kept = 0;
            for k in 0..self.learnt.len() {
                let mut literal = self.learnt[k];
                if let Literal::Is(x, _) = literal
                    && self.wide_of(x).is_none()
                {
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

    /// The walk's step at trail entry `k`, a change of a wide variable
    /// (not the level's decision): the literals over it pending that the
    /// change made true are the first unique implication point if they
    /// are all that is pending (and one literal), else replaced by its
    /// explanation. Rolls the variable's state back past the change.
    #[allow(clippy::too_many_arguments)]
    fn walk_wide(
        &mut self,
        change: crate::domain_store::WideChange,
        k: usize,
        model: &Model,
        store: &DomainStore,
        segments: &[Segment],
        levels: &Levels,
        clauses: &ClauseDatabase,
    ) -> Option<Literal> {
        let x = change.var;
        let stack = store.wide_holes(x);
        let w = self.wide_at[x.index()] as usize;
        let m = &mut self.wide[w];
        let after = m.now;
        let before = before(change.before, change.hole, after);
        let lo_hit = m.pending_lo != NO_LO && before.lo < m.pending_lo;
        let hi_hit = m.pending_hi != NO_HI && before.hi > m.pending_hi;
        let hole = change.hole.then(|| stack[after.holes as usize - 1]);
        let hole_hit = hole.and_then(|h| m.pending_holes.iter().position(|&p| p == h));
        let hits = usize::from(lo_hit) + usize::from(hi_hit) + usize::from(hole_hit.is_some());
        if hits == 0 {
            m.now = before;
            return None;
        }
        // An emptied domain is the conflict, no point to stop at.
        if hits == self.pending && after.size > 0 {
            let single = match (lo_hit, hi_hit, hole_hit) {
                (true, false, None) => Some(Literal::AtLeast(x, m.pending_lo)),
                (false, true, None) => Some(Literal::AtMost(x, m.pending_hi)),
                (false, false, Some(_)) => hole.map(|h| Literal::IsNot(x, h)),
                (true, true, None) if m.pending_lo == m.pending_hi => {
                    Some(Literal::Is(x, m.pending_lo))
                }
                _ => None,
            };
            if single.is_some() {
                return single;
            }
        }
        let (lo, hi) = (m.pending_lo, m.pending_hi);
        if lo_hit {
            m.pending_lo = NO_LO;
        }
        if hi_hit {
            m.pending_hi = NO_HI;
        }
        if let Some(j) = hole_hit {
            m.pending_holes.swap_remove(j);
        }
        self.pending -= hits;
        m.now = before;
        let cause = cause_at(segments, k, model.propagators().len());
        let change = Change::Wide(before);
        self.explain_change(
            cause,
            x,
            change,
            levels.current(),
            model,
            store,
            levels,
            clauses,
        );
        if lo_hit {
            wide_marks::push_own(x, before, stack, Literal::AtLeast(x, lo), &mut self.reason);
        }
        if hi_hit {
            wide_marks::push_own(x, before, stack, Literal::AtMost(x, hi), &mut self.reason);
        }
        self.add_reason(store);
        None
    }

    /// The walk's last step, at the decision of the level, a change of
    /// wide variable `x`: every literal still pending is over `x` and made
    /// true by it; beside the decision, what its old state adds
    /// ([`wide_marks::push_own`]: `x <= 5` decided over a hole at 5 made
    /// `x <= 4` true) is added (it holds at the level's start: older
    /// literals).
    fn decided_wide(&mut self, change: crate::domain_store::WideChange, store: &DomainStore) {
        let x = change.var;
        let stack = store.wide_holes(x);
        let m = &mut self.wide[self.wide_at[x.index()] as usize];
        let before = before(change.before, change.hole, m.now);
        self.reason.clear();
        if m.pending_lo != NO_LO {
            let bound = Literal::AtLeast(x, m.pending_lo);
            wide_marks::push_own(x, before, stack, bound, &mut self.reason);
        }
        if m.pending_hi != NO_HI {
            let bound = Literal::AtMost(x, m.pending_hi);
            wide_marks::push_own(x, before, stack, bound, &mut self.reason);
        }
        (m.pending_lo, m.pending_hi) = (NO_LO, NO_HI);
        m.pending_holes.clear();
        m.now = before;
        self.pending = 0;
        self.add_reason(store);
        debug_assert_eq!(self.pending, 0, "the decision's old state is older");
    }

    /// The walk down the older levels at a change of a wide variable: the
    /// older literals over it that the change made true are found there
    /// (at `level`). Rolls its state back past the change.
    fn older_wide(
        &mut self,
        change: crate::domain_store::WideChange,
        level: usize,
        store: &DomainStore,
    ) {
        let x = change.var;
        let m = &mut self.wide[self.wide_at[x.index()] as usize];
        let after = m.now;
        let before = before(change.before, change.hole, after);
        let mut found = |literal: Literal| {
            self.learnt.push(literal.negated());
            self.learnt_levels.push(level);
            self.older -= 1;
        };
        if m.older_lo != NO_LO && before.lo < m.older_lo {
            found(Literal::AtLeast(x, m.older_lo));
            m.older_lo = NO_LO;
        }
        if m.older_hi != NO_HI && before.hi > m.older_hi {
            found(Literal::AtMost(x, m.older_hi));
            m.older_hi = NO_HI;
        }
        if change.hole {
            let h = store.wide_holes(x)[after.holes as usize - 1];
            if let Some(j) = m.older_holes.iter().position(|&p| p == h) {
                m.older_holes.swap_remove(j);
                found(Literal::IsNot(x, h));
            }
        }
        m.now = before;
    }

    /// Pushes onto `reason` why propagator `p` made its change (a
    /// `removal`) or failed (`None`), against the scratch domains: its
    /// own explanation, or its scope's removals; a propagator over a wide
    /// variable explains by its scope's states.
    fn propagator_reason(
        &mut self,
        p: usize,
        removal: Option<(VarId, u32)>,
        model: &Model,
        store: &DomainStore,
    ) {
        let propagator = &model.propagators()[p];
        if self.reads_wide.get(p).copied().unwrap_or(false) {
            return self.push_states(propagator.scope(), model.initial_domains(), store);
        }
        let ex = Explaining::new(&self.scratch, model.initial_domains());
        if !propagator.explain(removal, &ex, &mut self.reason) {
            self.reason.clear();
            scope_reason(propagator.scope(), &ex, &mut self.reason);
        }
    }

    /// Pushes onto `reason` the states of `vars` against the scratch
    /// domains: a wide variable's bounds and holes, a narrow one's
    /// removals ([`scope_reason`] over narrow and wide variables).
    fn push_states(&mut self, vars: &[VarId], initial: &[ValueSet], store: &DomainStore) {
        let ex = Explaining::new(&self.scratch, initial);
        for &x in vars {
            match self.wide_of(x) {
                Some(w) => {
                    let now = self.wide[w].now;
                    wide_marks::push_state(x, now, store.wide_holes(x), &mut self.reason);
                }
                None => ex.push_removed(x, ex.removed(x), &mut self.reason),
            }
        }
    }

    /// Pushes onto `reason` why `change` (a value removed, or a wide
    /// variable's change from its state before) happened to `var`, made
    /// by `cause` at level `level` (the scratch domains are those just
    /// before that change).
    #[allow(clippy::too_many_arguments)]
    fn explain_change(
        &mut self,
        cause: Cause,
        var: VarId,
        change: Change,
        level: usize,
        model: &Model,
        store: &DomainStore,
        levels: &Levels,
        clauses: &ClauseDatabase,
    ) {
        self.reason.clear();
        match (cause, change) {
            (Cause::Decision, _) => self.reason.push(levels.decision(level)),
            (Cause::Propagator(p), Change::Removal(value)) => {
                self.propagator_reason(p, Some((var, value)), model, store);
            }
            (Cause::Propagator(p), Change::Wide(_)) => {
                self.propagator_reason(p, None, model, store);
            }
            (Cause::Clause(c), Change::Removal(_)) => clauses.reason(c, var, &mut self.reason),
            (Cause::Clause(c), Change::Wide(before)) => {
                let stack = store.wide_holes(var);
                let false_before = |l: Literal| wide_marks::is_false_at(before, stack, l);
                clauses.reason_on_wide(c, var, false_before, &mut self.reason);
            }
            (Cause::Unknown, _) => self.reason.extend(levels.decisions_to(level)),
        }
    }

    fn add_reason(&mut self, store: &DomainStore) {
        for k in 0..self.reason.len() {
            let literal = self.reason[k];
            self.add(literal, store);
        }
    }

    /// [`add`](Self::add) for a literal over wide variable `x` (its
    /// [`WideMarks`] `w`): `x = v` as its two bounds, `x != v` outside
    /// the bounds as the bound that excludes it.
    fn add_wide(&mut self, literal: Literal, w: usize, store: &DomainStore) {
        let x = literal.var();
        let m = &self.wide[w];
        let (now, start, root) = (m.now, m.start, m.root);
        let first = m.is_clear();
        let literal = match literal {
            Literal::Is(_, v) => {
                if v > 0 {
                    self.add_wide(Literal::AtLeast(x, v), w, store);
                }
                return self.add_wide(Literal::AtMost(x, v), w, store);
            }
            Literal::IsNot(_, v) if v < now.lo => Literal::AtLeast(x, v + 1),
            Literal::IsNot(_, v) if v > now.hi => Literal::AtMost(x, v - 1),
            other => other,
        };
        let m = &mut self.wide[w];
        let new = match literal {
            Literal::AtLeast(_, v) if v <= root.lo => return,
            Literal::AtLeast(_, v) if start.lo >= v => {
                let new = m.older_lo == NO_LO;
                m.older_lo = m.older_lo.max(v);
                self.older += usize::from(new);
                new
            }
            Literal::AtLeast(_, v) => {
                let new = m.pending_lo == NO_LO;
                m.pending_lo = m.pending_lo.max(v);
                self.pending += usize::from(new);
                new
            }
            Literal::AtMost(_, v) if v >= root.hi => return,
            Literal::AtMost(_, v) if start.hi <= v => {
                let new = m.older_hi == NO_HI;
                m.older_hi = m.older_hi.min(v);
                self.older += usize::from(new);
                new
            }
            Literal::AtMost(_, v) => {
                let new = m.pending_hi == NO_HI;
                m.pending_hi = m.pending_hi.min(v);
                self.pending += usize::from(new);
                new
            }
            Literal::IsNot(_, v) => {
                let stack = store.wide_holes(x);
                if wide_marks::excludes(root, stack, v) {
                    return;
                }
                let (list, count) = if wide_marks::excludes(start, stack, v) {
                    (&mut m.older_holes, &mut self.older)
                } else {
                    (&mut m.pending_holes, &mut self.pending)
                };
                let new = !list.contains(&v);
                if new {
                    list.push(v);
                    *count += 1;
                }
                new
            }
            Literal::Is(..) => unreachable!("written as its bounds"),
        };
        if new && first {
            self.touched.push(x);
        }
    }

    /// Marks a literal that holds now: to resolve if the current level
    /// made it true, else to keep in the learnt clause.
    fn add(&mut self, literal: Literal, store: &DomainStore) {
        if let Some(w) = self.wide_of(literal.var()) {
            return self.add_wide(literal, w, store);
        }
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
            // A narrow variable's bound is its values out of range.
            Literal::AtLeast(x, v) | Literal::AtMost(x, v) => {
                let out = match literal {
                    Literal::AtLeast(..) => ValueSet::between(0, i64::from(v) - 1),
                    _ => ValueSet::between(i64::from(v) + 1, 63),
                };
                for w in m.root.intersection(out).iter() {
                    self.add(Literal::IsNot(x, w), store);
                }
                return;
            }
        };
        if new && first {
            self.touched.push(literal.var());
        }
    }
}

/// A change the analysis asks the reason of.
#[derive(Clone, Copy, Debug)]
enum Change {
    /// A narrow variable lost the value.
    Removal(u32),
    /// A wide variable changed from this state.
    Wide(WideState),
}

/// A wide variable's state before a change (its state `before`, read off
/// the trail, less the hole count), given its state `after` the change.
#[inline]
fn before(before: WideState, hole: bool, after: WideState) -> WideState {
    WideState {
        holes: after.holes - u32::from(hole),
        ..before
    }
}
