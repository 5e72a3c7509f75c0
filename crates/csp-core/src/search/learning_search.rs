//! The loop of a learning search ([`crate::learning`]): decide,
//! propagate, and at a failure learn a clause and jump back.

use super::wide_choice::WideDecision;
use super::{Paused, Search, StopReason, Termination};
use crate::VarId;
use crate::explanation::Literal;
use crate::heuristics::{Placement, SelectionContext};
use crate::learning::{DECISION, Failure, KEEP_GROWTH, Learner};
use crate::propagation::Rule;
use crate::trace::{Event, FailCause};

impl Search<'_> {
    fn learner(&mut self) -> &mut Learner {
        self.learner.as_mut().expect("a learning search")
    }

    /// Runs the propagators, then the clauses, until neither changes a
    /// domain.
    fn learning_fixpoint(&mut self) -> Result<(), Failure> {
        let learner = self.learner.as_mut().expect("a learning search");
        if let Some(c) = learner.asserting.take() {
            let clauses = &mut learner.clauses;
            if (clauses.assert_first(c, &mut self.agenda, &mut self.store, self.model)).is_err() {
                return Err(Failure::Emptied(clauses.clause(c)[0].var()));
            }
        }
        loop {
            if self.agenda.run(&mut self.store, self.model).is_err() {
                let propagators = self.model.propagators().len();
                return Err(match self.agenda.culprit() {
                    Some(c) if (c.propagator as usize) < propagators => {
                        Failure::Propagator(c.propagator as usize)
                    }
                    _ => Failure::Decisions,
                });
            }
            let learner = self.learner.as_mut().expect("a learning search");
            match (learner.clauses).propagate(&mut self.agenda, &mut self.store, self.model) {
                Ok(true) => {}
                Ok(false) => return Ok(()),
                Err(failure) => return Err(failure),
            }
        }
    }

    /// [`learning_fixpoint`](Self::learning_fixpoint), told to a tracer.
    fn learning_fixpoint_told<const TRACE: bool>(&mut self) -> Result<(), Failure> {
        if TRACE {
            self.telling(Self::learning_fixpoint)
        } else {
            self.learning_fixpoint()
        }
    }

    /// Undoes every level above `level`, counting each placement undone as
    /// a backtrack and telling a tracer, unless `restart` (a restart's
    /// undone placements are not backtracks).
    fn jump_back<const TRACE: bool>(&mut self, level: usize, restart: bool) {
        let current = self.learner().levels.current();
        for depth in (level + 1..=current).rev() {
            self.store.restore();
            if TRACE && !restart {
                let decision = self.learner().levels.decision(depth);
                let (var, value) = (decision.var(), decision.value());
                self.emit(&Event::Backtrack { depth, var, value });
            }
        }
        let len = self.store.trail_len();
        let learner = self.learner.as_mut().expect("a learning search");
        learner.levels.truncate(level);
        learner.clauses.backjumped(len);
        if let Some(segments) = &mut self.agenda.segments {
            let keep = segments.partition_point(|s| s.trail_at < len);
            segments.truncate(keep);
        }
        if !restart {
            let undone = (current - level) as u64;
            self.stats.backtracks += undone;
            self.stats.backtrack_iterations += undone;
        }
    }

    /// Debug builds: the learnt clause is false at the conflict
    /// (`jumped: None`; a variable emptied there counts as false), and
    /// after the jump back to `jumped` asserting: its first literal
    /// undecided, every other one false.
    #[cfg(debug_assertions)]
    fn check_learnt(&self, jumped: Option<usize>) {
        use crate::learning::clause_database::{is_false, is_true};
        let learner = self.learner.as_ref().expect("a learning search");
        let literals = &learner.analysis.learnt;
        let store = &self.store;
        let fine = match jumped {
            None => (literals.iter()).all(|&l| is_false(store, l) || store.size(l.var()) == 0),
            Some(_) => {
                !is_false(store, literals[0])
                    && !is_true(store, literals[0])
                    && literals[1..].iter().all(|&l| is_false(store, l))
            }
        };
        assert!(
            fine,
            "learnt clause {literals:?} is not asserting (jump to {jumped:?})"
        );
    }

    /// Adds the clause the analysis holds in `learnt` (its first literal
    /// unit at the level jumped back to), makes
    /// that literal true and propagates; a failure of that propagation
    /// is returned (a stop by the clock is not one).
    fn add_and_assert<const TRACE: bool>(
        &mut self,
        lbd: u32,
        blocking: bool,
    ) -> Result<(), Failure> {
        let learner = self.learner.as_mut().expect("a learning search");
        let c = (learner.clauses).add(&learner.analysis.learnt, lbd, blocking);
        learner.asserting = Some(c);
        match self.learning_fixpoint_told::<TRACE>() {
            Err(_) if self.agenda.timed_out => Ok(()),
            result => result,
        }
    }

    /// Learns from `failure` and jumps back, until propagation holds
    /// (`Ok`) or the failure is at the root (`Err`: no solution is left).
    fn learn_from<const TRACE: bool>(&mut self, mut failure: Failure) -> Result<(), ()> {
        loop {
            if failure != Failure::Lower {
                self.stats.failures += 1;
                if TRACE {
                    self.emit_fail(fail_cause(failure, self.model));
                }
            }
            if self.learner().levels.current() == 0 {
                return Err(());
            }
            let learner = self.learner.as_mut().expect("a learning search");
            let segments = self.agenda.segments.as_deref().unwrap_or(&[]);
            let learnt = (learner.analysis).analyse(
                failure,
                &self.store,
                self.model,
                segments,
                &learner.levels,
                &learner.clauses,
            );
            if learnt.lower {
                // Nothing of this level took part: the same literals fail
                // where the newest of them was set (at the root, for good).
                self.jump_back::<TRACE>(learnt.backjump, false);
                failure = Failure::Lower;
                continue;
            }
            self.stats.nogoods += 1;
            if TRACE {
                let learner = self.learner.as_ref().expect("a learning search");
                if let Some(t) = &mut self.tracing {
                    t.tracer.event(&Event::Learn {
                        literals: &learner.analysis.learnt,
                        depth: learnt.backjump,
                        lbd: learnt.lbd,
                    });
                }
            }
            if self.learning {
                let met = &self.learner.as_ref().expect("learning").analysis;
                self.variables.conflict_analysed(met.met());
            }
            #[cfg(debug_assertions)]
            self.check_learnt(None);
            self.jump_back::<TRACE>(learnt.backjump, false);
            #[cfg(debug_assertions)]
            self.check_learnt(Some(learnt.backjump));
            match self.add_and_assert::<TRACE>(learnt.lbd, false) {
                Ok(()) => return Ok(()),
                Err(f) => failure = f,
            }
        }
    }

    /// Excludes the solution just found by a clause over its guesses and
    /// jumps back below the last one; `Err` if it had none (no other
    /// solution).
    fn block_solution<const TRACE: bool>(&mut self) -> Result<(), ()> {
        let learner = self.learner.as_mut().expect("a learning search");
        let current = learner.levels.current();
        let mut literals = std::mem::take(&mut learner.analysis.learnt);
        literals.clear();
        let mut last_guess = 0;
        for level in (1..=current).rev() {
            let decision = learner.levels.decision(level);
            if self.store.trail_size(learner.levels.start(level)) > 1 {
                literals.push(decision.negated());
                if last_guess == 0 {
                    last_guess = level;
                }
            }
        }
        if last_guess == 0 {
            learner.analysis.learnt = literals;
            return Err(());
        }
        let lbd = literals.len() as u32;
        // One guess: the clause holds from the root on (no watch keeps a
        // clause of one literal; the levels below it were forced).
        let target = if literals.len() == 1 {
            0
        } else {
            last_guess - 1
        };
        self.learner().analysis.learnt = literals;
        self.jump_back::<TRACE>(target, false);
        match self.add_and_assert::<TRACE>(lbd, true) {
            Ok(()) => Ok(()),
            Err(f) => self.learn_from::<TRACE>(f),
        }
    }

    /// Back to the root, keeping the clauses; propagates there and
    /// reduces the clauses. `Err` if the root fails.
    fn learning_restart<const TRACE: bool>(&mut self) -> Result<(), ()> {
        self.jump_back::<TRACE>(0, true);
        self.stats.restarts += 1;
        let failures = self.stats.failures - self.failures_at_restart;
        self.failures_at_restart = self.stats.failures;
        self.restart_at = self.restarts.cutoff(self.stats.restarts);
        self.variables.restarted();
        self.values.restarted();
        if TRACE {
            self.emit(&Event::Restart {
                number: self.stats.restarts,
                nogoods: 0,
                failures,
            });
        }
        if self.learning_fixpoint_told::<TRACE>().is_err() {
            return Err(());
        }
        let learner = self.learner.as_mut().expect("a learning search");
        let past_bound = learner.clauses.learnt() > learner.keep;
        learner.clauses.reduce(&self.store, learner.keep);
        if past_bound {
            learner.keep += KEEP_GROWTH;
        }
        Ok(())
    }

    /// The search loop of [`SearchConfig::learning`](super::SearchConfig::learning).
    pub(super) fn learning_search(
        &mut self,
        max_solutions: Option<u64>,
        first_solution: &mut Option<Vec<u32>>,
    ) -> Termination {
        if self.tracing.is_some() {
            self.learning_loop::<true>(max_solutions, first_solution)
        } else {
            self.learning_loop::<false>(max_solutions, first_solution)
        }
    }

    fn learning_loop<const TRACE: bool>(
        &mut self,
        max_solutions: Option<u64>,
        first_solution: &mut Option<Vec<u32>>,
    ) -> Termination {
        // The root's fixpoint left the clauses nothing to look at (a
        // search going on past its placement limit is at a fixpoint too).
        let learner = self.learner.as_mut().expect("a learning search");
        learner.clauses.caught_up(&self.store);
        let mut steps: u64 = 0;
        loop {
            steps += 1;
            if self.out_of_time_at(steps) {
                return Termination::Stopped(StopReason::Timeout);
            }
            if self.interrupted() {
                return Termination::Stopped(StopReason::Interrupted);
            }
            if self.agenda.timed_out {
                return Termination::Stopped(StopReason::Timeout);
            }
            if let Some(Paused::Decide(decision)) = self.paused.take() {
                // The decision the placement limit held back.
                let outcome = match self.decide::<TRACE>(decision.var(), decision) {
                    Ok(()) => Ok(()),
                    Err(f) => self.learn_from::<TRACE>(f),
                };
                match self.after_step::<TRACE>(outcome) {
                    Some(end) => return end,
                    None => continue,
                }
            }
            self.stats.iterations += 1;
            let depth = self.learner().levels.current();
            let chosen = self.choose::<TRACE>(depth);
            let outcome = match chosen {
                None if self.model.check(&self.store) => {
                    #[cfg(debug_assertions)]
                    {
                        let clauses = &self.learner.as_ref().expect("learning").clauses;
                        if let Some(c) = clauses.violated(&self.store) {
                            let literals = clauses.clause(c);
                            panic!("clause {c} is false at a solution: {literals:?}");
                        }
                    }
                    if self.solution_found::<TRACE>(max_solutions, first_solution) {
                        return Termination::SolutionLimit;
                    }
                    self.block_solution::<TRACE>()
                }
                None => self.learn_from::<TRACE>(Failure::Decisions),
                // A variable of no value: as a narrow one's (no value
                // to order), the decisions fail.
                Some(var) if self.store.is_wide(var) && self.store.size(var) == 0 => {
                    self.learn_from::<TRACE>(Failure::Decisions)
                }
                Some(var) if self.store.is_wide(var) => {
                    let decision = self.wide_decision(var);
                    if (self.limits.max_placements).is_some_and(|m| self.stats.placements >= m) {
                        self.paused = Some(Paused::Decide(decision));
                        return Termination::Stopped(StopReason::PlacementLimit);
                    }
                    match self.decide::<TRACE>(var, decision) {
                        Ok(()) => Ok(()),
                        Err(f) => self.learn_from::<TRACE>(f),
                    }
                }
                Some(var) => {
                    let start = self.value_buffer.len();
                    self.order_values::<TRACE>(depth, var);
                    let value = self.value_buffer.get(start).copied();
                    self.value_buffer.truncate(start);
                    match value {
                        None => self.learn_from::<TRACE>(Failure::Decisions),
                        Some(value) => {
                            if (self.limits.max_placements)
                                .is_some_and(|m| self.stats.placements >= m)
                            {
                                self.paused = Some(Paused::Decide(Literal::Is(var, value)));
                                return Termination::Stopped(StopReason::PlacementLimit);
                            }
                            match self.decide::<TRACE>(var, Literal::Is(var, value)) {
                                Ok(()) => Ok(()),
                                Err(f) => self.learn_from::<TRACE>(f),
                            }
                        }
                    }
                }
            };
            if let Some(end) = self.after_step::<TRACE>(outcome) {
                return end;
            }
        }
    }

    /// After a step of the loop: its end, if the step ended the search
    /// (the clock, or no solution left); else a restart if one is due by
    /// the policy, or to reduce the clauses once they pass the bound
    /// (reduced at the root).
    fn after_step<const TRACE: bool>(&mut self, outcome: Result<(), ()>) -> Option<Termination> {
        if self.agenda.timed_out {
            return Some(Termination::Stopped(StopReason::Timeout));
        }
        if outcome.is_err() {
            return Some(Termination::Exhausted);
        }
        let learner = self.learner.as_ref().expect("a learning search");
        let due = self
            .restart_at
            .is_some_and(|cutoff| self.stats.failures - self.failures_at_restart >= cutoff)
            || learner.clauses.learnt() > learner.keep;
        if due && self.learner().levels.current() > 0 && self.learning_restart::<TRACE>().is_err() {
            return Some(Termination::Exhausted);
        }
        None
    }

    /// The decision on wide variable `var`: `x = v`, or `x <= v` where
    /// the wide choice splits (a variable of one value gets it).
    fn wide_decision(&self, var: VarId) -> Literal {
        if self.store.size(var) <= 1 {
            return Literal::Is(var, self.store.lower(var).unwrap_or(0));
        }
        let WideDecision { value, split } = self.wide_choice.decide(&self.store, var);
        if split {
            Literal::AtMost(var, value)
        } else {
            Literal::Is(var, value)
        }
    }

    /// Makes `decision` (over `var`: `var = v`, or `var <= v` on a wide
    /// variable) a new level's and propagates.
    fn decide<const TRACE: bool>(&mut self, var: VarId, decision: Literal) -> Result<(), Failure> {
        let value = decision.value();
        self.stats.placements += 1;
        let guess = self.store.size(var) > 1;
        if guess {
            self.stats.guesses += 1;
        }
        self.placed.insert(var.index());
        if self.learning {
            for (size, v) in self.sizes.iter_mut().zip(self.model.vars()) {
                *size = self.store.size(v);
            }
            self.agenda.forget_failure();
        }
        self.store.checkpoint();
        let at = self.store.trail_len();
        self.learner().levels.push(at, decision);
        let depth = self.learner().levels.current();
        self.stats.max_depth = self.stats.max_depth.max(depth as u64);
        if TRACE {
            self.emit(&Event::Place {
                depth,
                var,
                value,
                guess,
            });
        }
        self.agenda.segment_as(at, Rule::Other, DECISION);
        match decision {
            Literal::AtMost(..) => {
                let bounds = (self.store.lower(var), self.store.upper(var));
                self.store.lower_upper(var, value);
                (self.agenda).wide_changed(self.model, &mut self.store, var, bounds);
            }
            _ => (self.agenda).assign(self.model, &mut self.store, var, value),
        }
        let result = self.learning_fixpoint_told::<TRACE>();
        if self.learning && !self.agenda.timed_out {
            let conflict = match result {
                Ok(()) => None,
                Err(Failure::Propagator(_)) => Some(self.agenda.culprit()),
                Err(_) => Some(None),
            };
            let placement = Placement {
                var,
                value,
                depth: depth - 1,
                conflict,
                sizes_before: &self.sizes,
            };
            let ctx = SelectionContext::new(self.model, &self.store).at_depth(depth);
            self.variables.placed(&ctx, &placement);
            self.values.placed(&ctx, &placement);
        }
        result
    }
}

/// What a tracer is told of a failure.
fn fail_cause(failure: Failure, model: &crate::Model) -> FailCause {
    match failure {
        Failure::Propagator(p) => FailCause::Propagator {
            rule: model.propagators()[p].rule(),
            name: model.propagators()[p].name(),
            propagator: Some(p as u32),
        },
        Failure::Clause(_) | Failure::Emptied(_) => FailCause::Propagator {
            rule: Rule::Nogood,
            name: "learnt clause",
            propagator: None,
        },
        Failure::Decisions | Failure::Lower => FailCause::Check,
    }
}
